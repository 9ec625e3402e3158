// The GM page: encounters, the table with its forms, the log with undo/redo/amend, replay,
// and the analytics charts. Plain ES modules; the HTTP API is the only back end.
import { describe, follow, h, renderTable } from "./table.js";
import { barChart, lineChart } from "./charts.js";
import { differences } from "./changes.js";
import { chosenOptions, givenStats, optionInput, pairs, statInput } from "./schema.js";

const $ = (selector) => document.querySelector(selector);
const page = { id: null, token: null, state: null, log: [], replayAt: null, rulesets: {}, source: null, player: null };

// --- the HTTP API -------------------------------------------------------------------------------

async function api(method, path, body, token = page.token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
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

function remember(id, gm, player, about = {}) {
  const kept = JSON.parse(localStorage.getItem("combatlog.tokens") || "{}");
  kept[id] = { ...kept[id], ...about, gm, player: player || kept[id]?.player };
  localStorage.setItem("combatlog.tokens", JSON.stringify(kept));
}

function tokensOf(id) {
  return JSON.parse(localStorage.getItem("combatlog.tokens") || "{}")[id] || {};
}

// The encounters this browser holds tokens for; every stored one when it holds the analytics
// token (the list needs it, so players never learn the names of fights the GM prepared).
async function listEncounters() {
  const known = JSON.parse(localStorage.getItem("combatlog.tokens") || "{}");
  const byId = Object.fromEntries(Object.entries(known).map(([id, k]) =>
    [id, { id, name: k.name || id.slice(0, 8), ruleset: k.ruleset || "?", version: k.version ?? "?" }]));
  const operator = localStorage.getItem("combatlog.operator");
  if (operator) {
    try {
      for (const e of await api("GET", "/encounters", undefined, operator)) byId[e.id] = e;
    } catch (error) {
      say(`the list of every encounter: ${error.message}`, "error");
    }
  }
  const list = Object.values(byId).sort((a, b) => a.name.localeCompare(b.name));
  const select = $("#encounter");
  select.replaceChildren(h("option", { value: "" }, "— choose an encounter —"),
    ...list.map((e) => h("option", { value: e.id, selected: e.id === page.id }, `${e.name} (${e.ruleset}, ${e.version} lines)`)));
}

// The chosen ruleset's house-rule options, each at its default (the defaults are not sent).
function showOptions(ruleset) {
  const properties = page.rulesets[ruleset]?.options?.properties || {};
  $("#option-fields").replaceChildren(
    ...Object.entries(properties).map(([name, schema]) => optionInput(name, schema)).filter(Boolean));
}

async function createEncounter(event) {
  event.preventDefault();
  const form = event.target;
  const options = chosenOptions($("#option-fields"));
  try {
    const body = { name: form.name.value, ruleset: form.ruleset.value, options };
    const opened = await api("POST", "/encounters", body, localStorage.getItem("combatlog.operator"));  // the operator token creates
    remember(opened.id, opened.gm_token, opened.player_token);
    $("#create").open = false;
    location.hash = `e=${opened.id}&token=${opened.gm_token}`;
  } catch (error) {
    say(error.message, "error");
  }
}

async function open(id, token) {
  if (page.source) page.source.close();
  leaveReplay();
  Object.assign(page, { id, token: token || tokensOf(id).gm || null, state: null, log: [] });
  $("#changes").replaceChildren();
  $("#workspace").hidden = true;  // shown once this encounter's table is drawn
  if (!id) return;
  if (!page.token) {
    const given = prompt("GM token for this encounter?");
    if (!given) return;
    page.token = given.trim();
  }
  remember(id, page.token);
  await refresh();
  const created = page.log[0]?.fact || {};
  remember(id, page.token, undefined, { name: created.name, ruleset: page.state.ruleset, version: page.state.version });
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
  const id = page.id;
  if (!id) return;
  const [state, log] = await Promise.all([
    api("GET", `/encounters/${id}/state`), api("GET", `/encounters/${id}/log`)]);
  // Two refreshes can cross (a form's answer and the stream's): keep the newer table.
  if (id !== page.id || state.version < (page.state?.version ?? 0)) return;
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
    document.forms.join.defenses.placeholder = `defenses: ${DEFENSES[state.ruleset] || "ac=15"}`;
  }
}

// CONTRACT §1 "Combatant stats, by ruleset": the defenses each system names.
const DEFENSES = {
  dnd35: "ac=15 touch=12 flat_footed=13", d20modern: "defense=15 touch=12 flat_footed=13",
  true20: "defense=14", starfinder: "eac=15 kac=17", orcus: "ac=17 fortitude=14 reflex=15 will=13",
};

function number(value) {
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? { amount: Number(text) } : { roll: text };
}

const FORMS = {
  join(form) {
    const stats = givenStats(form);
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

// The combatant whose turn it is readies an action, against the trigger typed beside the button.
function ready() {
  if (!page.state?.turn) return;
  const trigger = $("#ready-trigger").value.trim();
  act({ type: "ActionReadied", combatant: page.state.turn, ...(trigger ? { trigger } : {}) });
  $("#ready-trigger").value = "";
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
  dialog.querySelector("h3").textContent = `Amend line ${line.position}: ${describe(shown, names())}`;
  const text = dialog.querySelector("textarea");
  text.value = JSON.stringify(shown, null, 2);
  text.readOnly = false;
  dialog.dataset.position = line.position;
  dialog.querySelector(".summary").replaceChildren();
  dialog.querySelector("button[value=amend]").hidden = false;
  dialog.querySelector(".cancel").textContent = "Cancel";
  dialog.showModal();
}

// Amend, then show what differs downstream in the dialog itself (where the GM is looking) and
// above the table (where it stays after the dialog is closed).
async function amend(event) {
  event.preventDefault();
  const dialog = $("#amend");
  const box = dialog.querySelector(".summary");
  const position = Number(dialog.dataset.position);
  let replacement;
  try {
    replacement = JSON.parse(dialog.querySelector("textarea").value);
  } catch {
    return box.replaceChildren(h("p", { class: "error" }, "The replacement is not JSON."));
  }
  let before;
  try {
    before = await api("GET", `/encounters/${page.id}/state`);
    await api("POST", `/encounters/${page.id}/amend`, { position, replacement });
    await refresh();
  } catch (error) {
    return box.replaceChildren(h("p", { class: "error" }, error.message));
  }
  const changes = differences(before, page.state);
  box.replaceChildren(summary(position, changes));
  $("#changes").replaceChildren(summary(position, changes),
    h("button", { class: "dismiss", title: "dismiss", onclick: () => $("#changes").replaceChildren() }, "×"));
  dialog.querySelector("textarea").readOnly = true;
  dialog.querySelector("button[value=amend]").hidden = true;
  dialog.querySelector(".cancel").textContent = "Close";
}

function summary(position, changes) {
  return h("div", { class: "changed" },
    h("strong", {}, `Amended line ${position}. `),
    changes.length
      ? ["What differs downstream now:", h("ul", {}, changes.map((c) => h("li", {}, c)))]
      : "Nothing on the table differs.");
}

// --- replay: the table after any line ------------------------------------------------------------

// Each request for a past table gets a ticket; an answer is drawn only if no later request's
// answer was drawn first, so slow answers never put an older table over a newer one.
let asked = 0;
let shown = 0;
let playing = null;  // the Play timer

async function replayTo(position) {
  const last = page.state.version;
  const at = Math.max(1, Math.min(Number(position), last));
  if (at >= last) return live();
  page.replayAt = at;
  $("#replay").value = at;
  document.body.classList.add("replaying");
  const ticket = ++asked;
  const state = await api("GET", `/encounters/${page.id}/state?at=${at}`);
  if (ticket <= shown) return;
  shown = ticket;
  $("#replay-at").textContent = `replaying: the table after line ${at} of ${last}`;
  showTable(state);
}

function replay(position) {
  replayTo(position).catch((error) => say(error.message, "error"));
}

function step(by) {
  stopPlaying();
  replay((page.replayAt ?? page.state.version) + by);
}

function leaveReplay() {
  stopPlaying();
  shown = ++asked;  // answers still on their way are dropped
  page.replayAt = null;
  $("#replay-at").textContent = "live";
  document.body.classList.remove("replaying");
}

function live() {
  leaveReplay();
  if (!page.state) return;
  $("#replay").value = page.state.version;
  showTable(page.state);
}

// Play from the position shown (from line 1 when live), a line per tick, until the end; the
// button pauses while playing, and a change of speed takes effect at once.
function play() {
  if (playing) return stopPlaying();
  if (!page.state || page.state.version <= 1) return;
  $("#play").textContent = "Pause";
  startTimer();
  if (page.replayAt === null) replay(1);
}

function startTimer() {
  clearInterval(playing);
  playing = setInterval(() => replay((page.replayAt ?? page.state.version) + 1), 1000 / Number($("#speed").value));
}

function stopPlaying() {
  clearInterval(playing);
  playing = null;
  $("#play").textContent = "Play";
}

// --- analytics ----------------------------------------------------------------------------------

async function showStats() {
  const report = await api("GET", `/encounters/${page.id}/stats`);
  const rounds = {};
  for (const row of report.damage_by_round) rounds[row.round] = (rounds[row.round] || 0) + row.total;
  const known = names();
  say("");
  $("#stats").replaceChildren(
    h("h3", {}, "Damage per round"),
    barChart(Object.entries(rounds).map(([r, total]) => [`round ${r}`, total])),
    h("h3", {}, "Damage per combatant"),
    barChart(report.combatants.map((c) => [labels(report.combatants)(c), c.damage_dealt.total])),
    h("h3", {}, "HP over time"),
    lineChart(Object.fromEntries(Object.entries(report.hp_over_time).map(([id, points]) => [known[id] || id, points.map((p) => [p.position, p.hp])]))),
    report.most_dangerous_foe ? h("p", {}, `Most dangerous foe: ${report.most_dangerous_foe.name} (${report.most_dangerous_foe.damage_dealt} damage)`) : "");
}

// Chart labels: a combatant's name, with its id where two share the name (enforcer-1, -2).
function labels(combatants) {
  const seen = {};
  for (const c of combatants) seen[c.name] = (seen[c.name] || 0) + 1;
  return (c) => (seen[c.name] > 1 ? `${c.name} (${c.combatant})` : c.name);
}

function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// Figures across every stored fight (GET /stats): the operator's analytics token, which the
// address `combatlog serve` prints carries.
async function showAllStats() {
  const operator = localStorage.getItem("combatlog.operator");
  if (!operator) throw new Error("figures across fights need the analytics token (open the address combatlog serve prints)");
  const ruleset = $("#all-stats-ruleset").value;
  const report = await api("GET", `/stats${ruleset ? `?ruleset=${ruleset}` : ""}`, undefined, operator);
  const dealt = report.combatants.filter((c) => c.damage_dealt.total > 0)
    .sort((a, b) => b.damage_dealt.total - a.damage_dealt.total).slice(0, 12);
  const rates = report.combatants.filter((c) => c.attacks > 0)
    .sort((a, b) => b.hit_rate - a.hit_rate).slice(0, 12);
  const rounds = report.encounters.reduce((sum, e) => sum + (e.rounds || 0), 0);
  const foe = report.most_dangerous_foe;
  const label = labels(report.combatants);
  say("");
  $("#stats").replaceChildren(
    h("p", { class: "summary" }, `${count(report.encounters.length, "fight")}, ${count(rounds, "round")}` + (foe ? `; most dangerous foe: ${foe.name} (${foe.damage_dealt} damage)` : "")),
    h("h3", {}, "Damage dealt, every fight"),
    barChart(dealt.map((c) => [label(c), c.damage_dealt.total])),
    h("h3", {}, "Hit rate (%)"),
    barChart(rates.map((c) => [label(c), Math.round(100 * c.hit_rate)])));
}

// --- wiring -------------------------------------------------------------------------------------

async function start() {
  wire();  // before the first await: nothing on the page is clickable without its handler
  page.rulesets = await api("GET", "/rulesets");
  $("#new-encounter").ruleset.replaceChildren(...Object.keys(page.rulesets).map((r) => h("option", { value: r }, r)));
  showOptions($("#new-encounter").ruleset.value);
  window.addEventListener("hashchange", () => route().catch((error) => say(error.message, "error")));
  await listEncounters();
  await route();
}

function wire() {
  $("#new-encounter").addEventListener("submit", createEncounter);
  $("#new-encounter").ruleset.addEventListener("change", (e) => showOptions(e.target.value));
  $("#encounter").addEventListener("change", (e) => { location.hash = e.target.value ? `e=${e.target.value}` : ""; });
  for (const [name, build] of Object.entries(FORMS)) {
    document.forms[name].addEventListener("submit", (event) => { event.preventDefault(); act(build(event.target)); });
  }
  $("#start").onclick = () => act({ type: "CombatStarted" });
  $("#next").onclick = nextTurn;
  $("#delay").onclick = () => page.state?.turn && act({ type: "Delayed", combatant: page.state.turn });
  $("#ready").onclick = ready;
  $("#undo").onclick = undo;
  $("#redo").onclick = redo;
  $("#amend form").addEventListener("submit", amend);
  $("#amend .cancel").onclick = () => $("#amend").close();
  $("#replay").addEventListener("input", (e) => { stopPlaying(); replay(e.target.value); });
  $("#step-back").onclick = () => step(-1);
  $("#step-forward").onclick = () => step(+1);
  $("#play").onclick = play;
  $("#speed").addEventListener("change", () => { if (playing) startTimer(); });
  $("#live").onclick = live;
  $("#show-stats").onclick = () => showStats().catch((error) => say(error.message, "error"));
  $("#show-all-stats").onclick = () => showAllStats().catch((error) => say(error.message, "error"));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select, dialog") || !page.id) return;
    if (event.key === "n") nextTurn();
    if (event.key === "u") undo();
    if (event.key === "r") redo();
  });
}

async function route() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("operator")) localStorage.setItem("combatlog.operator", params.get("operator"));
  if (params.get("token") && params.get("e")) remember(params.get("e"), params.get("token"));
  await open(params.get("e"), params.get("token"));
}

start().catch((error) => say(error.message, "error"));
