// Rendering shared by the GM page and the player page: the table state (CONTRACT §2) as HTML.

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function bar(label, value, most, kind) {
  const share = most > 0 ? Math.max(0, Math.min(1, value / most)) : 0;
  return h("div", { class: `bar ${kind}`, title: `${label} ${value}/${most}` },
    h("span", { class: "fill", style: `width:${(100 * share).toFixed(1)}%` }),
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
  if ("stamina" in v) parts.push(bar("SP", v.stamina, v.max_stamina, "stamina"));
  if ("hp" in v && "max_hp" in v) parts.push(bar("HP", v.hp, v.max_hp, v.hp <= 0 ? "hp down" : "hp"));
  if ("resolve" in v) parts.push(bar("RP", v.resolve, v.max_resolve, "resolve"));
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

function left(condition) {
  if (condition.remaining_rounds !== undefined) return `${condition.remaining_rounds} rd`;
  if (condition.until) return `until ${condition.until.until.replace(/_/g, " ")} of ${condition.until.of}`;
  if (condition.save_ends) return "save ends";
  return "";
}

export function renderTable(state, { onPick } = {}) {
  const rows = state.order.concat(Object.keys(state.combatants).filter((id) => !state.order.includes(id)));
  const list = h("ol", { class: "order" });
  for (const id of rows) {
    const c = state.combatants[id];
    if (!c) continue;
    const current = state.turn === id;
    list.append(h("li", { class: `combatant ${c.side}${current ? " current" : ""}`, dataset: { id },
                          onclick: onPick ? () => onPick(id) : undefined },
      h("div", { class: "who" },
        h("span", { class: "marker" }, current ? "▶" : ""),
        h("span", { class: "name" }, c.name),
        h("span", { class: "init" }, c.initiative ?? "–"),
        c.hidden ? h("span", { class: "tag" }, "hidden") : null),
      vitals(c),
      h("div", { class: "statuses" }, (c.statuses || []).map((s) => h("span", { class: `status ${s}` }, s))),
      h("div", { class: "conditions" }, (c.conditions || []).map((x) =>
        h("span", { class: "condition" }, x.name, left(x) ? h("small", {}, ` ${left(x)}`) : null)))));
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

// One log line in table language.
export function describe(fact, names = {}) {
  if (!fact) return "(hidden)";
  const n = (id) => names[id] || id;
  switch (fact.type) {
    case "EncounterCreated": return `Encounter “${fact.name}” (${fact.ruleset}) opened`;
    case "CombatantJoined": return `${fact.name} joins (${fact.side})`;
    case "CombatantLeft": return `${n(fact.combatant)} leaves`;
    case "InitiativeRolled": return `${n(fact.combatant)} rolls initiative ${fact.natural + (fact.modifier || 0)} (d20 ${fact.natural})`;
    case "InitiativeTieBroken": return `Tie settled: ${fact.order.map(n).join(" before ")}`;
    case "SurpriseDetermined": return `Surprise: aware ${fact.aware.map(n).join(", ") || "nobody"}`;
    case "CombatStarted": return "Combat starts";
    case "CombatEnded": return "Combat ends";
    case "TurnEnded": return `${n(fact.combatant)} ends the turn`;
    case "Delayed": return `${n(fact.combatant)} delays`;
    case "DelayEnded": return `${n(fact.combatant)} steps in`;
    case "ActionReadied": return `${n(fact.combatant)} readies${fact.trigger ? ` (${fact.trigger})` : ""}`;
    case "ReadiedActionTaken": return `${n(fact.combatant)} takes the readied action`;
    case "AttackMade": return `${n(fact.attacker)} attacks ${n(fact.target)}: ${fact.total} (d20 ${fact.natural})${fact.outcome ? ` — ${fact.outcome}` : ""}`;
    case "DamageDealt": return `${n(fact.target)} takes ${fact.amount}${fact.nonlethal ? " nonlethal" : ""}${fact.damage_type ? ` ${fact.damage_type}` : ""} damage`;
    case "HealingApplied": return `${n(fact.target)} heals ${fact.amount}`;
    case "TemporaryHitPointsGained": return `${n(fact.target)} gains ${fact.amount} temporary HP`;
    case "TemporaryHitPointsLost": return `${n(fact.target)} loses temporary HP`;
    case "ConditionApplied": return `${n(fact.target)} is ${fact.condition}${fact.duration?.rounds ? ` for ${fact.duration.rounds} rounds` : ""}`;
    case "ConditionRemoved": return `${n(fact.target)} is no longer ${fact.condition}`;
    case "SavingThrowRolled": return `${n(fact.combatant)} saves (${fact.save}): ${fact.total}${fact.dc ? ` vs DC ${fact.dc}` : ""}`;
    case "CheckRolled": return `${n(fact.combatant)} checks ${fact.check}: ${fact.total}`;
    case "EventRevoked": return `Undo line ${fact.target}`;
    case "EventRestored": return `Redo line ${fact.target}`;
    case "EventAmended": return `Amend line ${fact.target}: ${describe(fact.replacement, names)}`;
    case "NoteAdded": return `Note: ${fact.text}`;
    case "ResolveSpent": return `${n(fact.combatant)} spends ${fact.amount} RP${fact.purpose ? ` (${fact.purpose.replace(/_/g, " ")})` : ""}`;
    case "ConvictionSpent": return `${n(fact.combatant)} spends Conviction${fact.purpose ? ` (${fact.purpose})` : ""}`;
    case "RestTaken": return `${fact.combatants ? fact.combatants.map(n).join(", ") : "Everyone"} takes a ${fact.kind} rest`;
    default: return fact.type;
  }
}

// The live stream of an encounter (EventSource cannot send headers: the token goes in the query).
export function follow(encounterId, token, onLine) {
  const source = new EventSource(`/encounters/${encounterId}/stream?token=${encodeURIComponent(token)}`);
  source.addEventListener("line", (event) => onLine(JSON.parse(event.data), Number(event.lastEventId)));
  return source;
}
