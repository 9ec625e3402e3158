// The table in words: combatants' labels (duplicates told apart) and each log line as the table
// would say it, with the dice and what the rules made of them.
import { defenseTitle, words } from "./rules.js";

// A combatant's label: its name, with its id where another combatant shares the name.
export function labeller(combatants = {}) {
  const count = {};
  for (const c of Object.values(combatants)) count[c.name] = (count[c.name] || 0) + 1;
  return (id) => {
    const c = combatants[id];
    if (!c) return id;
    return count[c.name] > 1 ? `${c.name} (${id})` : c.name;
  };
}

const OUTCOME = { hit: "hits", miss: "misses", critical: "critically hits" };

function attackWords(fact, derived, n, damage) {
  const outcome = fact.outcome || derived?.outcome;
  const verb = OUTCOME[outcome] || "attacks";
  const against = derived?.defense_value != null ? ` vs ${defenseTitle(derived.defense || fact.defense)} ${derived.defense_value}` : "";
  const total = derived?.total_used ?? fact.total;
  const threat = derived?.threat ? ", a threat" : "";
  const confirm = fact.confirm_natural !== undefined ? `, confirm d20 ${fact.confirm_natural}` : "";
  const hurt = damage ? ` for ${damage.amount}${damage.damage_type ? ` ${damage.damage_type}` : ""}` : "";
  return `${n(fact.attacker)} ${verb} ${n(fact.target)} (d20 ${fact.natural}: ${total}${against}${threat}${confirm})${hurt}`;
}

function damageWords(fact, derived, n) {
  const kind = `${fact.nonlethal ? " nonlethal" : ""}${fact.damage_type ? ` ${fact.damage_type}` : ""}`;
  const partly = derived?.applied && derived.amount_applied != null && derived.amount_applied !== fact.amount;
  const applied = derived && derived.applied === false ? " — not applied" : partly ? ` (${derived.amount_applied} got through)` : "";
  const save = fact.save ? ` (Toughness save d20 ${fact.save.natural}: ${fact.save.total})` : "";
  const miss = fact.on_miss ? " on a miss" : "";
  return `${n(fact.target)} takes ${fact.amount}${kind} damage${diceWords(fact)}${miss}${fact.attack ? ` (line ${fact.attack})` : ""}${save}${applied}`;
}

// The dice behind an amount the service rolled: " (2d8+3: rolled 7, 8)".
export function diceWords(fact) {
  const r = fact.rolled;
  if (!r) return "";
  return ` (${r.notation}${r.dice?.length ? `: rolled ${r.dice.join(", ")}` : ""})`;
}

// Saves are d20s; a check may be another die (3.5's d% to stabilize), so it says "rolls".
function rollWords(fact, derived, n, what, die) {
  const outcome = fact.outcome || derived?.outcome;
  const dc = fact.dc !== undefined ? ` vs DC ${fact.dc}` : "";
  const total = fact.total !== undefined && fact.total !== fact.natural ? ` → ${fact.total}` : "";
  return `${n(fact.combatant)} ${what}: ${die} ${fact.natural}${total}${dc}${outcome ? ` — ${words(outcome)}` : ""}`;
}

function duration(d) {
  if (!d) return "";
  if (d.rounds) return ` for ${d.rounds} round${d.rounds === 1 ? "" : "s"}`;
  if (d.save_ends) return " (save ends)";
  if (d.until) return ` until the ${words(d.until).replace(/^(start|end) of turn$/, "$1")} of ${d.of}'s ${d.next === false ? "" : "next "}turn`;
  return "";
}

// One fact in table words; `n` labels combatants, `derived` is what the rules made of it.
export function describe(fact, n = (id) => id, derived = null, damage = null) {
  if (!fact) return "(withdrawn)";
  switch (fact.type) {
    case "EncounterCreated": return `Encounter “${fact.name}” opened`;
    case "CombatantJoined": return `${fact.name} joins (${fact.side}${fact.hidden ? ", hidden" : ""})`;
    case "CombatantLeft": return `${n(fact.combatant)} leaves${fact.reason ? ` (${fact.reason})` : ""}`;
    case "CombatantRevealed": return `${n(fact.combatant)} is revealed to the players`;
    case "InitiativeRolled": return `${n(fact.combatant)} rolls initiative: d20 ${fact.natural} → ${fact.natural + (fact.modifier || 0)}`;
    case "InitiativeTieBroken": return `Tie settled: ${fact.order.map(n).join(" before ")}`;
    case "SurpriseDetermined": return `Surprise: aware ${fact.aware.map(n).join(", ") || "nobody"}`;
    case "CombatStarted": return "Combat starts";
    case "CombatEnded": return "Combat ends";
    case "TurnEnded": return `${n(fact.combatant)} ends the turn`;
    case "Delayed": return `${n(fact.combatant)} delays`;
    case "DelayEnded": return `${n(fact.combatant)} steps in`;
    case "ActionReadied": return `${n(fact.combatant)} readies an action${fact.trigger ? ` (${fact.trigger})` : ""}`;
    case "ReadiedActionTaken": return `${n(fact.combatant)} takes the readied action`;
    case "AttackMade": return attackWords(fact, derived, n, damage);
    case "DamageDealt": return damageWords(fact, derived, n);
    case "HealingApplied": return `${n(fact.target)} heals ${fact.amount}${diceWords(fact)}${fact.kind ? ` (${fact.kind})` : ""}`;
    case "TemporaryHitPointsGained": return `${n(fact.target)} gains ${fact.amount} temporary HP`;
    case "TemporaryHitPointsLost": return `${n(fact.target)} loses temporary HP`;
    case "ConditionApplied": return fact.value
      ? `${n(fact.target)} takes ${words(fact.condition)}: ${fact.value}${fact.damage_type ? ` ${fact.damage_type}` : ""} each turn${duration(fact.duration)}`
      : `${n(fact.target)} is ${words(fact.condition)}${duration(fact.duration)}`;
    case "ConditionRemoved": return `${n(fact.target)} is no longer ${words(fact.condition)}`;
    case "SavingThrowRolled": return rollWords(fact, derived, n, `${words(fact.save)} save`, "d20");
    case "CheckRolled": return rollWords(fact, derived, n, `${words(fact.check)} check`, "rolls");
    case "EventRevoked": return `Undo line ${fact.target}${fact.reason ? ` (${fact.reason})` : ""}`;
    case "EventRestored": return `Redo line ${fact.target}`;
    case "EventAmended": return `Amend line ${fact.target}: ${describe(fact.replacement, n)}`;
    case "NoteAdded": return `Note: ${fact.text}`;
    case "EncounterFiled": return fact.campaign ? `Filed under ${fact.campaign}${fact.session ? `, session ${[fact.session.date, fact.session.title].filter(Boolean).join(" — ")}` : ""}` : "Taken out of its campaign";
    case "ResolveSpent": return `${n(fact.combatant)} spends ${fact.amount} Resolve${fact.purpose ? ` (${words(fact.purpose)})` : ""}`;
    case "ActionPointSpent": return `${n(fact.combatant)} spends an action point`;
    case "ConvictionSpent": return `${n(fact.combatant)} spends Conviction${fact.purpose ? ` (${words(fact.purpose)})` : ""}`;
    case "ActionProposed": return `${n(fact.combatant)} proposes: ${fact.facts.map((f) => describe(f, n)).join("; ")}`;
    case "ProposalAccepted": return `Accepted the proposal at line ${fact.proposal}${fact.edited ? ", as edited" : ""}${fact.standing ? " (the GM's standing ruling)" : ""}`;
    case "TurnTimerSet": return fact.seconds ? `Turn timer: ${fact.seconds} s on the players' phones` : "Turn timer off";
    case "StandingRulingSet": return fact.accept_routine ? "Standing ruling: players' initiative and their own saves accepted without asking" : "Standing ruling: every proposal waits for the GM";
    case "ProposalDeclined": return `Declined the proposal at line ${fact.proposal}${fact.reason ? ` (${fact.reason})` : ""}`;
    case "RestTaken": return `${fact.combatants ? fact.combatants.map(n).join(", ") : "Everyone"} takes a ${fact.kind} rest`;
    default: return fact.type;
  }
}

// A name as an id: "Goblin Archer" → "goblin-archer".
export function slug(name) {
  // at most 56 characters, so a numbered id ("…-12") stays within the 64 an id may hold
  return String(name).toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").slice(0, 56).replace(/^-+|-+$/g, "") || "creature";
}
