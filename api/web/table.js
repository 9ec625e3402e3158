// The player page's table (CONTRACT §2 state as HTML), and the live stream both pages follow.
import { followStream } from "./connection.js";
import { words } from "./table_words.js";

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") Object.assign(node.style, value);  // CSSOM: a strict CSP refuses style attributes
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// How much is left, for the bar's colour: full, hurt (≤ ½), low (≤ ¼), down (≤ 0).
function shade(value, most) {
  const share = most > 0 ? value / most : 1;
  return share <= 0 ? "down" : share <= 0.25 ? "low" : share <= 0.5 ? "hurt" : "full";
}

function bar(label, value, most, kind) {
  const share = most > 0 ? Math.max(0, Math.min(1, value / most)) : 0;
  return h("div", { class: `bar ${kind} ${shade(value, most)}`, title: `${label} ${value}/${most}` },
    h("span", { class: "fill", style: { width: `${(100 * share).toFixed(1)}%` } }),
    h("span", { class: "text" }, `${label} ${value}/${most}`));
}

const TRACK = ["bruised", "hurt"];
const BOXES = ["dazed", "staggered", "unconscious", "wounded", "disabled", "dying", "dead"];

// Vitals as the system shows them: HP bar; Stamina/HP/Resolve; True20's damage track boxes;
// for players' view of foes, the single word the server sends.
export function vitals(combatant) {
  const v = combatant.vitals || {};
  if ("descriptor" in v) return h("div", { class: "descriptor" }, v.descriptor);
  const parts = [];
  if (v.max_stamina > 0) parts.push(bar("SP", v.stamina, v.max_stamina, "stamina"));
  if ("hp" in v && "max_hp" in v) parts.push(bar("HP", v.hp, v.max_hp, "hp"));
  if (v.max_resolve > 0) parts.push(bar("RP", v.resolve, v.max_resolve, "resolve"));
  if (TRACK.some((k) => k in v)) {
    const checked = new Set(combatant.statuses || []);
    parts.push(h("div", { class: "track" },
      TRACK.map((k) => h("span", { class: "tally" }, `${k} ${v[k]}`)),
      BOXES.map((k) => h("span", { class: `box${checked.has(k) ? " checked" : ""}`, title: k }, k)),
      h("span", { class: "tally" }, `save −${v.lethal_save_penalty ?? 0}`)));
  }
  const extra = Object.entries(v).filter(([k, value]) =>
    !["hp", "max_hp", "stamina", "max_stamina", "resolve", "max_resolve", ...TRACK,
      "lethal_save_penalty", "nonlethal_save_penalty"].includes(k) && value);
  if (extra.length) parts.push(h("div", { class: "extra" }, extra.map(([k, x]) => `${k.replace(/_/g, " ")} ${x}`).join(", ")));
  return h("div", { class: "vitals" }, parts);
}

// Table words ("flat-footed", not "flat_footed": table_words.js); a foe's state said once (its
// descriptor's word is not repeated as a status), and "healthy" not said at all, as on the GM's cards.
function shownStatuses(c) {
  const said = c.vitals?.descriptor;
  return (c.statuses || []).filter((s) => s !== "healthy" && words(s) !== said);
}

function left(condition) {
  if (condition.remaining_rounds !== undefined) return `${condition.remaining_rounds} rd`;
  if (condition.until) return `until ${condition.until.until.replace(/_/g, " ")} of ${condition.until.of}`;
  if (condition.save_ends) return "save ends";
  return "";
}

export function renderTable(state) {
  const rows = state.order.concat(Object.keys(state.combatants).filter((id) => !state.order.includes(id)));
  const twins = {};  // two of one name are told apart by their ids
  for (const c of Object.values(state.combatants)) twins[c.name] = (twins[c.name] || 0) + 1;
  const list = h("ol", { class: "order" });
  for (const id of rows) {
    const c = state.combatants[id];
    if (!c) continue;
    const current = state.turn === id;
    list.append(h("li", { class: `combatant ${c.side}${current ? " current" : ""}`, dataset: { id } },
      h("div", { class: "who" },
        h("span", { class: "marker" }, current ? "▶" : ""),
        h("span", { class: "name", title: c.name }, twins[c.name] > 1 ? `${c.name} (${id})` : c.name),
        h("span", { class: "init" }, c.initiative ?? "–"),
        c.hidden ? h("span", { class: "tag" }, "hidden") : null),
      vitals(c),
      h("div", { class: "statuses" }, shownStatuses(c).map((s) => h("span", { class: `status ${s}` }, words(s)))),
      h("div", { class: "conditions" }, (c.conditions || []).map((x) =>
        h("span", { class: "condition" }, words(x.name), left(x) ? h("small", {}, ` ${left(x)}`) : null)))));
  }
  return h("section", { class: "table" },
    h("div", { class: "round" },
      h("strong", {}, state.phase === "setup" ? "Setup" : state.phase === "ended" ? "Ended" : `Round ${state.round}`),
      state.turn ? ` — ${state.combatants[state.turn]?.name ?? state.turn}'s turn` : "",
      h("span", { class: "version" }, ` line ${state.version}`)),
    (state.initiative_ties || []).length ? h("div", { class: "ties" }, `tie pending: ${state.initiative_ties.map((t) => t.join(" = ")).join("; ")}`) : null,
    list,
    (state.warnings || []).length ? h("ul", { class: "warnings" }, state.warnings.slice(-5).map((w) => h("li", {}, w))) : null);
}

// The live stream of an encounter, and the state of the connection to it (connection.js).
export function follow(encounterId, token, onLine, { onStatus, onBack } = {}) {
  return followStream(`/encounters/${encounterId}/stream?token=${encodeURIComponent(token)}`, { onLine, onStatus, onBack });
}
