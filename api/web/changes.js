// What differs between two tables (CONTRACT §2 states), in words: the summary shown after an
// amendment. Pure functions, no page state, so the browser tests can call them directly.
import { spelt as words } from "./table_words.js";

const said = (value) => (value === undefined || value === null || value === "" ? "—" : String(value));

// A combatant's name, with its id where another combatant of that table shares the name.
function nameOf(state, id) {
  const name = state.combatants[id]?.name;
  if (name === undefined) return id;
  const twins = Object.values(state.combatants).filter((c) => c.name === name).length;
  return twins > 1 ? `${name} (${id})` : name;
}

// The table as a whole: phase, round, whose turn, the initiative order.
function tableChanges(before, after) {
  const found = [];
  if (before.phase !== after.phase) found.push(`phase: ${said(before.phase)} → ${said(after.phase)}`);
  if (before.round !== after.round) found.push(`round: ${said(before.round)} → ${said(after.round)}`);
  if (before.turn !== after.turn) {
    const turn = (state) => (state.turn ? nameOf(state, state.turn) : "nobody");
    found.push(`turn: ${turn(before)} → ${turn(after)}`);
  }
  const order = (state) => (state.order || []).map((id) => nameOf(state, id)).join(", ");
  if (order(before) !== order(after)) found.push(`order: ${order(before) || "none"} → ${order(after) || "none"}`);
  return found;
}

// One combatant present in both tables: vitals, initiative, statuses, conditions.
function combatantChanges(was, now) {
  const parts = [];
  const vitals = new Set([...Object.keys(was.vitals || {}), ...Object.keys(now.vitals || {})]);
  for (const key of vitals) {
    const [a, b] = [was.vitals?.[key], now.vitals?.[key]];
    if (a !== b) parts.push(`${words(key)} ${said(a)} → ${said(b)}`);
  }
  if (was.initiative !== now.initiative) parts.push(`initiative ${said(was.initiative)} → ${said(now.initiative)}`);
  const statuses = (c) => (c.statuses || []).map(words).join(", ");
  if (statuses(was) !== statuses(now)) parts.push(`${statuses(was) || "—"} → ${statuses(now) || "—"}`);
  const conditions = (c) => (c.conditions || [])
    .map((x) => (x.remaining_rounds === undefined ? words(x.name) : `${words(x.name)} ${x.remaining_rounds} rd`)).join(", ");
  if (conditions(was) !== conditions(now)) parts.push(`conditions ${conditions(was) || "none"} → ${conditions(now) || "none"}`);
  return parts;
}

// Every difference, table-wide first, then each combatant that joined, left or changed.
export function differences(before, after) {
  const found = tableChanges(before, after);
  for (const [id, was] of Object.entries(before.combatants)) {
    if (!(id in after.combatants)) found.push(`${nameOf(before, id)} is no longer in the fight`);
  }
  for (const [id, now] of Object.entries(after.combatants)) {
    const was = before.combatants[id];
    if (!was) {
      found.push(`${nameOf(after, id)} joins`);
      continue;
    }
    const parts = combatantChanges(was, now);
    if (parts.length) found.push(`${nameOf(after, id)}: ${parts.join("; ")}`);
  }
  return found;
}
