// The page's state and every write: one object the components read, redrawn on each change.
// A write names its control (`where`): the control is busy until the answer, its error shows
// beside it, and nothing writes while the table shows the past.
import { call, newKey } from "./api.js";

export const page = {
  id: null, token: null, operator: localStorage.getItem("combatlog.operator"), campaign: null, session: null,
  rulesets: {}, state: null, log: [], encounters: [], proposals: [],
  replay: { at: null, timeline: "then", state: null, playing: false, speed: 2 },
  busy: new Set(), errors: {}, lastFields: {}, dialog: null, changes: null, stats: null, source: null, connection: null,
};

let redraw = () => {};
let scheduled = false;
export function onChange(draw) { redraw = draw; }
export function update(patch = {}) {
  Object.assign(page, patch);
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => { scheduled = false; redraw(); });
}

export const api = (method, path, body, token = page.token) => call(method, path, { body, token });

export function fail(where, message) {
  update({ errors: { ...page.errors, [where]: message } });
}

// One call the page makes for `where` at a time (a second tap while it runs does nothing): its
// earlier error cleared as it starts, a failure said beside it, the busy mark taken off after.
export async function busy(where, work) {
  if (page.busy.has(where)) return null;
  page.busy.add(where);
  update({ errors: { ...page.errors, [where]: undefined } });
  try {
    return await work();
  } catch (error) {
    fail(where, error.message);
    return null;
  } finally {
    page.busy.delete(where);
    update();
  }
}

// An error goes once its field is fixed (typed into), not only on the next success.
export function clearError(where) {
  if (!page.errors[where]) return;
  const { [where]: _gone, ...rest } = page.errors;
  update({ errors: rest });
}

// A refused write whose answer named a field (`facts[0].name`, `facts.0.name`, `name`): its error
// moves from the control to beside that field (`where:field`).
export function toField(where, field) {
  const named = (page.lastFields[where] || []).some((f) => String(f).split(/[.[\]]+/).filter(Boolean).pop() === field);
  if (!named || !page.errors[where]) return false;
  const message = page.errors[where].replace(`${field}: `, "")
    .replace(/String should have at most (\d+) characters?/, `The ${field} may have at most $1 characters.`);
  clearError(where);
  fail(`${where}:${field}`, message);
  return true;
}

export const live = () => page.replay.at === null;

// One user action: refused while replaying, ignored while the same control's answer is on its
// way (a double click), recorded once under its own Idempotency-Key; errors clear on success.
export async function write(where, path, body) {
  if (!live()) {
    fail(where, "The table shows the past: return to live before recording.");
    return null;
  }
  if (page.busy.has(where)) return null;
  page.busy.add(where);
  update();
  try {
    const answer = await call("POST", path, { body, token: page.token, key: newKey() });
    update({ errors: {} });
    await refresh();
    return answer;
  } catch (error) {
    page.lastStatus = error.status;
    page.lastFields = { ...page.lastFields, [where]: error.fields || [] };  // what the 422 named
    fail(where, error.message);
    return null;
  } finally {
    page.busy.delete(where);
    update();
  }
}

export const record = (where, facts, expected) => write(where, `/encounters/${page.id}/facts`,
  { facts: Array.isArray(facts) ? facts : [facts], ...(expected ? { expected_version: expected } : {}) });

export const correct = (where, kind, body) => write(where, `/encounters/${page.id}/${kind}`, body);

// Facts that cite one another's positions (damage → its attack) are built from the version they
// will follow and sent with it as expected_version; a lost race is built again once. `build` may
// answer a promise (dice it has the service roll first).
export async function recordLinked(where, build) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const version = page.state.version;
    const answer = await record(where, await build(version), version);
    if (answer || page.lastStatus !== 409) return answer;
    await refresh();
  }
  return null;
}

export async function refresh() {
  const id = page.id;
  // A fight being opened has no token yet (it is asked for, or read with the operator token):
  // a refresh due from the fight before (its stream's) waits for the one `open` makes.
  if (!id || !page.token) return;
  const [state, log] = await Promise.all([api("GET", `/encounters/${id}/state`), api("GET", `/encounters/${id}/log`)]);
  // Two refreshes can cross (an answer and the stream's): keep the newer table.
  if (id !== page.id || state.version < (page.state?.version ?? 0)) return;
  update({ state, log });
}

let pending = null;
export function refreshSoon() {
  clearTimeout(pending);
  pending = setTimeout(() => refresh().catch((error) => fail("page", error.message)), 30);
}

// --- tokens kept in this browser ------------------------------------------------------------------

export function kept() {
  return JSON.parse(localStorage.getItem("combatlog.tokens") || "{}");
}

export function remember(id, gm, player, about = {}) {
  const all = kept();
  all[id] = { ...all[id], ...about, gm: gm || all[id]?.gm, player: player || all[id]?.player };
  localStorage.setItem("combatlog.tokens", JSON.stringify(all));
}

// The table's key (the address's `key=`, or `operator=` as before tables: the operator token is
// the default table's key): the page's fights, campaigns, library and figures are that table's.
export function keepOperator(token) {
  if (!token) return;
  localStorage.setItem("combatlog.operator", token);
  update({ operator: token });
}

// The stats a combatant joined with: its CombatantJoined in force (amended if so), from the log.
export function joinedAs(id) {
  let found = null;
  for (const line of page.log) {
    const fact = line.amended_by ? page.log.find((l) => l.position === line.amended_by)?.fact?.replacement : line.fact;
    if (!line.revoked && fact?.type === "CombatantJoined" && fact.combatant === id) found = fact;
  }
  return found;
}
