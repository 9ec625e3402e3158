// What the page asks of a ruleset (GET /rulesets, domain/rulesets/catalog.py): titles, defenses,
// saves, named conditions, resources and kinds of healing; the page keeps no list of its own.
import { call } from "./api.js";
import { page } from "./store.js";

import { words } from "../table_words.js";

export { words };
const titled = (name) => { const w = words(name); return w === w.toLowerCase() ? w[0].toUpperCase() + w.slice(1) : w; };

export const rulesOf = (ruleset = page.state?.ruleset) => page.rulesets[ruleset] || {};
export const rulesetTitle = (ruleset) => rulesOf(ruleset).title || ruleset || "";

export function defenses(ruleset = page.state?.ruleset) {
  return (rulesOf(ruleset).defenses || []).map((d) => ({ name: d.name, title: d.title || words(d.name) }));
}

// The defenses a creature's stats give, titled as the ruleset titles them; an attack may name
// more (True20's melee and ranged both read the one Defense).
export function statDefenses(ruleset = page.state?.ruleset) {
  const titles = Object.fromEntries(defenses(ruleset).map((d) => [d.name, d.title]));
  return (rulesOf(ruleset).stat_defenses || []).map((name) => ({ name, title: titles[name] || titled(name) }));
}

export const defenseTitle = (name) => defenses().find((d) => d.name === name)?.title || words(name);

export function saves(ruleset = page.state?.ruleset) {
  return rulesOf(ruleset).saves || [];
}

export function conditions(ruleset = page.state?.ruleset) {
  return rulesOf(ruleset).conditions || [];
}

export function resources(ruleset = page.state?.ruleset) {
  return rulesOf(ruleset).resources || [];
}

// HealingApplied.kind values the rules tell apart (absent: the usual kind).
export function healing(ruleset = page.state?.ruleset) {
  return rulesOf(ruleset).healing || [];
}

// A stat's label: the schema's own title (backend gives table words), else the name in words.
export const statTitle = (name, schema) => schema?.title || titled(name);

export const enumLabel = (schema, value) => schema?.["x-enum-labels"]?.[value] ?? words(value);

// How an area's damage spares a target (GET /rulesets: `area`): by its save, or (Orcus) by the
// user's attack roll missing it; the sparings its seed names, the usual first; the rule in words.
export const area = (ruleset = page.state?.ruleset) => rulesOf(ruleset).area || { by: "save", spared: ["half", "none"], rule: "" };

// What a spared target (a save made, an Orcus power's miss) takes of `amount`, as the ruleset
// rounds it (POST /rulesets/{ruleset}/area-damage): the page never halves a number itself.
export async function spare(amount, how = "half", ruleset = page.state?.ruleset) {
  if (how === "none") return 0;
  return (await call("POST", `/rulesets/${ruleset}/area-damage`, { body: { amount, spared: how } })).amount;
}
