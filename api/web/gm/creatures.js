// A stat block two ways: added to the fight as numbered CombatantJoined facts, or saved to the
// library under its name's id. Setup and the library both use these; neither imports the other.
import { operatorCall } from "./api.js";
import { fail, page, update } from "./store.js";
import { slug } from "./words.js";

// Ids never used in this log, so a creature added later never clashes with one that left.
function freeIds(base, count) {
  const used = new Set(page.log.map((l) => l.fact?.combatant).filter(Boolean));
  const ids = [];
  if (count === 1 && !used.has(base)) return [[base, 0]];
  for (let k = 1; ids.length < count; k += 1) if (!used.has(`${base}-${k}`)) ids.push([`${base}-${k}`, k]);
  return ids;
}

// N copies of a stat block as CombatantJoined facts: "Goblin 1", "Goblin 2" … (one alone keeps its name).
export function joining(creature, count, { hidden = false, group = false } = {}) {
  const base = slug(creature.name);
  return freeIds(base, count).map(([id, k]) => ({
    type: "CombatantJoined", combatant: id, name: k && count > 1 ? `${creature.name} ${k}` : creature.name,
    side: creature.side, kind: creature.kind || (creature.side === "party" ? "pc" : "npc"), stats: creature.stats,
    ...(hidden ? { hidden: true } : {}), ...(group && count > 1 ? { group: base } : {}),
  }));
}

// Save a stat block under its name's id (the same name replaces it).
export async function saveCreature(where, ruleset, creature) {
  try {
    const { name, side, kind, stats, party } = creature;
    const body = { name, side, ...(kind ? { kind } : {}), stats, party: !!party };
    const saved = await operatorCall(page.operator, "PUT", `/library/${ruleset}/${slug(name)}`, body, { keyed: true });
    update({ librarySaved: Date.now() });
    return saved;
  } catch (error) {
    page.lastFields = { ...page.lastFields, [where]: error.fields || [] };
    fail(where, `the library: ${error.message}`);
    return null;
  }
}
