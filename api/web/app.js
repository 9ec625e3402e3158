// The GM page: encounters, the table with its forms, the log with undo/redo/amend, replay,
// and the analytics charts. Plain ES modules; the HTTP API is the only back end.
import { describe, follow, h, renderTable } from "./table.js";
import { barChart, lineChart } from "./charts.js";

const $ = (selector) => document.querySelector(selector);
const page = { id: null, token: null, state: null, log: [], replayAt: null, rulesets: {}, source: null, player: null };

// --- the HTTP API -------------------------------------------------------------------------------

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (page.token) headers.Authorization = `Bearer ${page.token}`;
  const reply = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = reply.headers.get("content-type")?.includes("json") ? await reply.json() : await reply.text();
  if (!reply.ok) {
    const why = data.errors?.length ? data.errors.map((e) => `${e.field}: ${e.reason}`).join("; ") : data.detail;
    throw new Error(`${data.title || reply.status} — ${why}`);
  }
  return data;
}

function say(message, kind = "info") {
  const box = $("#message");
  box.textContent = message;
  box.className = kind;
}

async function act(facts) {
  try {
    await api("POST", `/encounters/${page.id}/facts`, { facts: Array.isArray(facts) ? facts : [facts] });
    await refresh();
  } catch (error) {
    say(error.message, "error");
  }
}

// --- encounters ---------------------------------------------------------------------------------

function remember(id, gm, player) {
  const kept = JSON.parse(localStorage.getItem("combatlog.tokens") || "{}");
  kept[id] = { gm, player: player || kept[id]?.player };
  localStorage.setItem("combatlog.tokens", JSON.stringify(kept));
}

function tokensOf(id) {
  return JSON.parse(localStorage.getItem("combatlog.tokens") || "{}")[id] || {};
}

async function listEncounters() {
  const list = await api("GET", "/encounters");
  const select = $("#encounter");
  select.replaceChildren(h("option", { value: "" }, "— choose an encounter —"),
    ...list.map((e) => h("option", { value: e.id, selected: e.id === page.id }, `${e.name} (${e.ruleset}, ${e.version} lines)`)));
}

async function createEncounter(event) {
  event.preventDefault();
  const form = event.target;
  let options = {};
  try {
    options = JSON.parse(form.options.value || "{}");
  } catch {
    return say("options: not JSON", "error");
  }
  try {
    const opened = await api("POST", "/encounters", { name: form.name.value, ruleset: form.ruleset.value, options });
    remember(opened.id, opened.gm_token, opened.player_token);
    location.hash = `e=${opened.id}&token=${opened.gm_token}`;
  } catch (error) {
    say(error.message, "error");
  }
}

async function open(id, token) {
  if (page.source) page.source.close();
  Object.assign(page, { id, token: token || tokensOf(id).gm || null, replayAt: null });
  $("#workspace").hidden = true;  // shown once this encounter's table is drawn
  if (!id) return;
  if (!page.token) {
    const given = prompt("GM token for this encounter?");
    if (!given) return;
    page.token = given.trim();
  }
  remember(id, page.token);
  await refresh();
  $("#workspace").hidden = false;
  const player = tokensOf(id).player;
  $("#player-link").replaceChildren(player ? h("a", { href: `/play/${id}#token=${player}`, target: "_blank" }, "player view ↗") : "");
  page.source = follow(id, page.token, () => { if (page.replayAt === null) refreshSoon(); });
  await listEncounters();
}

let pending = null;
function refreshSoon() {
  clearTimeout(pending);
  pending = setTimeout(() => refresh().catch((error) => say(error.message, "error")), 30);
}

async function refresh() {
  if (!page.id) return;
  const [state, log] = await Promise.all([
    api("GET", `/encounters/${page.id}/state`), api("GET", `/encounters/${page.id}/log`)]);
  page.state = state;
  page.log = log;
  if (page.replayAt === null) showTable(state);
  showLog();
  fillForms(state);
  const slider = $("#replay");
  slider.max = state.version;
  if (page.replayAt === null) slider.value = state.version;
}

// --- the table and its forms --------------------------------------------------------------------

function showTable(state) {
  $("#table").replaceChildren(renderTable(state, { onPick: (id) => pick(id) }));
}

function pick(id) {
  for (const select of document.querySelectorAll("select.target")) select.value = id;
  const who = page.state?.combatants[id];
  const statuses = new Set(who?.statuses || []);
  $("#picked").replaceChildren(who ? h("span", {}, `${who.name}: `,
    statuses.has("delaying") ? h("button", { id: "step-in", onclick: () => act({ type: "DelayEnded", combatant: id }) }, "step in now") : null,
    statuses.has("readied") ? h("button", { id: "readied-now", onclick: () => act({ type: "ReadiedActionTaken", combatant: id, before: page.state.turn }) }, "take the readied action now") : null,
    !statuses.has("delaying") && !statuses.has("readied") ? h("small", {}, "picked for the forms") : null) : "");
}

function fillForms(state) {
  const ids = Object.keys(state.combatants);
  for (const select of document.querySelectorAll("select.target, select.combatant")) {
    const was = select.value;
    select.replaceChildren(...ids.map((id) => h("option", { value: id }, state.combatants[id].name)));
    if (ids.includes(was)) select.value = was;
  }
  const fields = page.rulesets[state.ruleset]?.stats?.properties || {};
  const box = $("#stat-fields");
  if (box.dataset.ruleset !== state.ruleset) {
    box.dataset.ruleset = state.ruleset;
    box.replaceChildren(...Object.entries(fields).filter(([name]) => name !== "defenses")
      .map(([name, schema]) => statInput(name, schema)).filter(Boolean));
  }
}

// One input for a stat, by its JSON Schema type: a number, a yes/no, a word, or "k=v" pairs.
function kindOf(schema) {
  const types = [schema.type, ...(schema.anyOf || []).map((x) => x.type)].filter((t) => t && t !== "null");
  return types[0] || (schema.enum ? "string" : null);
}

function statInput(name, schema) {
  const kind = kindOf(schema);
  const label = name.replace(/_/g, " ");
  const data = { stat: name, kind };
  if (kind === "integer") return h("label", {}, label, h("input", { type: "number", class: "stat", dataset: data }));
  if (kind === "boolean") return h("label", {}, label, h("select", { class: "stat", dataset: data },
    h("option", { value: "" }, "—"), h("option", { value: "true" }, "yes"), h("option", { value: "false" }, "no")));
  if (kind === "string") return h("label", {}, label, h("input", { class: "stat", dataset: data, size: 8 }));
  if (kind === "object") return h("label", {}, label, h("input", { class: "stat", dataset: data, placeholder: "fire=5", size: 10 }));
  return null;
}

function statValue(input) {
  const text = input.value.trim();
  if (text === "") return undefined;
  switch (input.dataset.kind) {
    case "integer": return Number(text);
    case "boolean": return text === "true";
    case "object": return pairs(text);
    default: return text;
  }
}

function pairs(text) {
  return Object.fromEntries(text.split(/[\s,]+/).filter(Boolean).map((p) => p.split("=")).map(([k, v]) => [k, Number(v)]));
}

function number(value) {
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? { amount: Number(text) } : { roll: text };
}

const FORMS = {
  join(form) {
    const stats = {};
    for (const input of form.querySelectorAll(".stat")) {
      const value = statValue(input);
      if (value !== undefined) stats[input.dataset.stat] = value;
    }
    const defenses = pairs(form.defenses.value);
    if (Object.keys(defenses).length) stats.defenses = defenses;
    return { type: "CombatantJoined", combatant: form.combatant.value.trim(), name: form.name.value.trim() || form.combatant.value.trim(),
             side: form.side.value, kind: form.kind.value, hidden: form.hidden.checked, stats };
  },
  initiative: (form) => ({ type: "InitiativeRolled", combatant: form.combatant.value, roll: form.roll.value.trim() }),
  damage(form) {
    const fact = { type: "DamageDealt", target: form.target.value, ...number(form.amount.value) };
    if (form.nonlethal.checked) fact.nonlethal = true;
    if (form.damage_type.value.trim()) fact.damage_type = form.damage_type.value.trim();
    return fact;
  },
  healing: (form) => ({ type: "HealingApplied", target: form.target.value, ...number(form.amount.value) }),
  condition(form) {
    const fact = { type: "ConditionApplied", target: form.target.value, condition: form.condition.value.trim() };
    if (form.rounds.value) fact.duration = { rounds: Number(form.rounds.value) };
    return fact;
  },
};

function nextTurn() {
  if (page.state?.turn) act({ type: "TurnEnded", combatant: page.state.turn });
}

async function undo() {
  try {
    await api("POST", `/encounters/${page.id}/undo`, {});
    await refresh();
  } catch (error) { say(error.message, "error"); }
}

async function redo() {
  try {
    await api("POST", `/encounters/${page.id}/redo`, {});
    await refresh();
  } catch (error) { say(error.message, "error"); }
}

// --- the log: undo any line, amend a ruling and see what changed downstream ----------------------

function names() {
  return Object.fromEntries(Object.entries(page.state?.combatants || {}).map(([id, c]) => [id, c.name]));
}

function showLog() {
  const known = names();
  const list = h("ol", { class: "log" });
  for (const line of page.log.slice().reverse()) {
    const correction = ["EventRevoked", "EventRestored", "EventAmended"].includes(line.fact?.type);
    const classes = [line.revoked && "revoked", line.amended_by && "amended"].filter(Boolean).join(" ");
    const amendment = line.amended_by && page.log.find((l) => l.position === line.amended_by)?.fact?.replacement;
    list.append(h("li", { class: classes || undefined, dataset: { position: line.position } },
      h("span", { class: "pos" }, line.position),
      h("span", { class: "text" }, describe(amendment || line.fact, known),
        amendment ? h("small", {}, ` (amended at line ${line.amended_by}; was: ${describe(line.fact, known)})`) : null),
      line.position > 1 && !correction ? h("span", { class: "buttons" },
        line.revoked
          ? h("button", { class: "restore", onclick: () => correct("redo", { position: line.position }) }, "restore")
          : h("button", { class: "undo-line", onclick: () => correct("undo", { position: line.position }) }, "undo"),
        line.revoked ? null : h("button", { class: "amend", onclick: () => startAmend(line) }, "amend")) : null));
  }
  $("#log").replaceChildren(list);
}

async function correct(kind, body) {
  try {
    await api("POST", `/encounters/${page.id}/${kind}`, body);
    await refresh();
  } catch (error) { say(error.message, "error"); }
}

function startAmend(line) {
  const dialog = $("#amend");
  const { at, by, key, ...fact } = line.fact;
  const shown = page.log.find((l) => l.position === line.amended_by)?.fact?.replacement || fact;
  dialog.querySelector("textarea").value = JSON.stringify(shown, null, 2);
  dialog.dataset.position = line.position;
  dialog.querySelector(".summary").replaceChildren();
  dialog.showModal();
}

async function amend(event) {
  event.preventDefault();
  const dialog = $("#amend");
  let replacement;
  try {
    replacement = JSON.parse(dialog.querySelector("textarea").value);
  } catch {
    return say("the replacement is not JSON", "error");
  }
  const before = page.state;
  try {
    await api("POST", `/encounters/${page.id}/amend`, { position: Number(dialog.dataset.position), replacement });
  } catch (error) {
    return say(error.message, "error");
  }
  await refresh();
  const changes = differences(before, page.state);
  const summary = $("#changes");
  summary.replaceChildren(h("strong", {}, `Amended line ${dialog.dataset.position}: `),
    changes.length ? h("ul", {}, changes.map((c) => h("li", {}, c))) : "no combatant's state differs now");
  dialog.close();
}

// Which combatants' state differs between two tables, in words.
export function differences(before, after) {
  const found = [];
  for (const [id, now] of Object.entries(after.combatants)) {
    const was = before.combatants[id];
    if (!was) { found.push(`${now.name} joined`); continue; }
    const parts = [];
    for (const [key, value] of Object.entries(now.vitals)) {
      if (was.vitals[key] !== value) parts.push(`${key.replace(/_/g, " ")} ${was.vitals[key]} → ${value}`);
    }
    const statuses = (c) => (c.statuses || []).join(", ");
    if (statuses(was) !== statuses(now)) parts.push(`${statuses(was) || "—"} → ${statuses(now) || "—"}`);
    const conditions = (c) => (c.conditions || []).map((x) => x.name).join(", ");
    if (conditions(was) !== conditions(now)) parts.push(`conditions ${conditions(was) || "none"} → ${conditions(now) || "none"}`);
    if (parts.length) found.push(`${now.name}: ${parts.join("; ")}`);
  }
  return found;
}

// --- replay -------------------------------------------------------------------------------------

let playing = null;

async function replayTo(position) {
  page.replayAt = Number(position);
  if (page.replayAt >= page.state.version) return live();
  $("#replay-at").textContent = `replaying: the table after line ${page.replayAt} of ${page.state.version}`;
  document.body.classList.add("replaying");
  showTable(await api("GET", `/encounters/${page.id}/state?at=${page.replayAt}`));
}

function live() {
  clearInterval(playing);
  playing = null;
  page.replayAt = null;
  $("#replay-at").textContent = "live";
  document.body.classList.remove("replaying");
  $("#replay").value = page.state.version;
  showTable(page.state);
}

function play() {
  clearInterval(playing);
  const slider = $("#replay");
  if (Number(slider.value) >= page.state.version) slider.value = 1;
  playing = setInterval(() => {
    const next = Number(slider.value) + 1;
    if (next > page.state.version) return live();
    slider.value = next;
    replayTo(next);
  }, 1000 / Number($("#speed").value));
}

// --- analytics ----------------------------------------------------------------------------------

async function showStats() {
  const report = await api("GET", `/encounters/${page.id}/stats`);
  const rounds = {};
  for (const row of report.damage_by_round) rounds[row.round] = (rounds[row.round] || 0) + row.total;
  const known = names();
  $("#stats").replaceChildren(
    h("h3", {}, "Damage per round"),
    barChart(Object.entries(rounds).map(([r, total]) => [`round ${r}`, total])),
    h("h3", {}, "Damage per combatant"),
    barChart(report.combatants.map((c) => [c.name, c.damage_dealt.total])),
    h("h3", {}, "HP over time"),
    lineChart(Object.fromEntries(Object.entries(report.hp_over_time).map(([id, points]) => [known[id] || id, points.map((p) => [p.position, p.hp])]))),
    report.most_dangerous_foe ? h("p", {}, `Most dangerous foe: ${report.most_dangerous_foe.name} (${report.most_dangerous_foe.damage_dealt} damage)`) : null);
}

// --- wiring -------------------------------------------------------------------------------------

async function start() {
  wire();  // before the first await: nothing on the page is clickable without its handler
  page.rulesets = await api("GET", "/rulesets");
  $("#new-encounter").ruleset.replaceChildren(...Object.keys(page.rulesets).map((r) => h("option", { value: r }, r)));
  window.addEventListener("hashchange", () => route().catch((error) => say(error.message, "error")));
  await listEncounters();
  await route();
}

function wire() {
  $("#new-encounter").addEventListener("submit", createEncounter);
  $("#new-encounter").ruleset.addEventListener("change", (e) => {
    const options = page.rulesets[e.target.value].options.properties;
    $("#option-names").textContent = `options: ${Object.keys(options).join(", ")}`;
  });
  $("#encounter").addEventListener("change", (e) => { location.hash = e.target.value ? `e=${e.target.value}` : ""; });
  for (const [name, build] of Object.entries(FORMS)) {
    document.forms[name].addEventListener("submit", (event) => { event.preventDefault(); act(build(event.target)); });
  }
  $("#start").onclick = () => act({ type: "CombatStarted" });
  $("#next").onclick = nextTurn;
  $("#delay").onclick = () => page.state?.turn && act({ type: "Delayed", combatant: page.state.turn });
  $("#ready").onclick = () => page.state?.turn && act({ type: "ActionReadied", combatant: page.state.turn });
  $("#undo").onclick = undo;
  $("#redo").onclick = redo;
  $("#amend form").addEventListener("submit", amend);
  $("#amend .cancel").onclick = () => $("#amend").close();
  $("#replay").addEventListener("input", (e) => replayTo(e.target.value));
  $("#play").onclick = play;
  $("#live").onclick = live;
  $("#show-stats").onclick = () => showStats().catch((error) => say(error.message, "error"));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select, dialog") || !page.id) return;
    if (event.key === "n") nextTurn();
    if (event.key === "u") undo();
    if (event.key === "r") redo();
  });
}

async function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("token") && params.get("e")) remember(params.get("e"), params.get("token"));
  await open(params.get("e"), params.get("token"));
}

start().catch((error) => say(error.message, "error"));
