// What the page asks of a ruleset (GET /rulesets): titles, defenses, saves, named conditions and
// resources, with the contract's names as the fallback where the schema does not give them.
import { page } from "./store.js";

// CONTRACT §1 "Combatant stats, by ruleset": the defenses each system names, default first.
const DEFENSES = {
  dnd35: ["ac", "touch", "flat_footed"], d20modern: ["defense", "touch", "flat_footed"],
  true20: ["defense"], starfinder: ["eac", "kac"], orcus: ["ac", "fortitude", "reflex", "will"],
};
const SAVES = {
  true20: ["toughness", "fortitude", "reflex", "will"], orcus: ["death", "save"],
};
const RESOURCES = {
  starfinder: [{ name: "resolve", title: "Resolve", fact: "ResolveSpent", purposes: ["stabilize", "stay_in_the_fight", "stamina"] }],
  true20: [{ name: "conviction", title: "Conviction", fact: "ConvictionSpent", purposes: ["fatigue", "recovery", "erase"] }],
};
const ABBREVIATIONS = { ac: "AC", eac: "EAC", kac: "KAC", hp: "HP" };

export const words = (name) => ABBREVIATIONS[name] || String(name).replace(/_/g, " ");
const titled = (name) => { const w = words(name); return w === w.toLowerCase() ? w[0].toUpperCase() + w.slice(1) : w; };

export const rulesOf = (ruleset = page.state?.ruleset) => page.rulesets[ruleset] || {};
const TITLES = { dnd35: "D&D 3.5", d20modern: "d20 Modern", true20: "True20", starfinder: "Starfinder", orcus: "Orcus" };
export const rulesetTitle = (ruleset) => rulesOf(ruleset).title || TITLES[ruleset] || ruleset || "";

export function defenses(ruleset = page.state?.ruleset) {
  const given = rulesOf(ruleset).defenses;
  if (given?.length) return given.map((d) => ({ name: d.name, title: d.title || words(d.name) }));
  return (DEFENSES[ruleset] || ["ac"]).map((name) => ({ name, title: titled(name) }));
}

// The defenses a creature's stats give (CONTRACT §1's table), titled as the ruleset titles them;
// an attack may name more (True20's melee and ranged both read the one Defense).
export function statDefenses(ruleset = page.state?.ruleset) {
  const titles = Object.fromEntries(defenses(ruleset).map((d) => [d.name, d.title]));
  return (DEFENSES[ruleset] || defenses(ruleset).map((d) => d.name)).map((name) => ({ name, title: titles[name] || titled(name) }));
}

export const defenseTitle = (name) => defenses().find((d) => d.name === name)?.title || words(name);

export function saves(ruleset = page.state?.ruleset) {
  return rulesOf(ruleset).saves || SAVES[ruleset] || ["fortitude", "reflex", "will"];
}

export function conditions(ruleset = page.state?.ruleset) {
  return rulesOf(ruleset).conditions || [];
}

export function resources(ruleset = page.state?.ruleset) {
  return rulesOf(ruleset).resources || RESOURCES[ruleset] || [];
}

// A stat's label: the schema's own title (backend gives table words), else the name in words.
export const statTitle = (name, schema) => schema?.title || titled(name);

export const enumLabel = (schema, value) => schema?.["x-enum-labels"]?.[value] ?? words(value);
