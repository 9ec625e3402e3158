// The turn bar: the round and whose turn it is, and what moves the fight on — start, next turn,
// delay, ready, end — with initiative for every NPC in one step, undo and redo.
import { html, useState } from "./lib.js";
import { correct, joinedAs, live, page, record, update } from "./store.js";
import { Act, ErrorNote } from "./ui.js";
import { shown } from "./cards.js";
import { labeller } from "./words.js";
import { StoredAttacks } from "./quick_attack.js";
import { SheetButton } from "./initiative.js";
import { Proposes } from "./proposals.js";

// One roll per group (its members share it) for each combatant chosen, by the service's dice.
function initiativeFor(state, chosen) {
  const groups = new Set();
  const facts = [];
  for (const [id, c] of Object.entries(state.combatants)) {
    if (!chosen(id, c) || (c.statuses || []).includes("left")) continue;
    if (c.group && groups.has(c.group)) continue;
    if (c.group) groups.add(c.group);
    const modifier = joinedAs(id)?.stats?.initiative_modifier || 0;
    facts.push({ type: "InitiativeRolled", combatant: id, roll: `1d20${modifier < 0 ? "" : "+"}${modifier}` });
  }
  return facts;
}

function Initiative({ state }) {
  const unrolled = (id, c) => c.initiative === null || c.initiative === undefined;
  const npcs = (id, c) => c.kind === "npc" && unrolled(id, c);
  const rollFor = (which) => {
    const facts = initiativeFor(state, which);
    if (facts.length) record("initiative", facts);
  };
  const waiting = Object.entries(state.combatants).filter(([id, c]) => unrolled(id, c)).length;
  if (!waiting || state.phase === "ended") return null;
  return html`<span class="group-of">
    <${SheetButton} state=${state} />
    <${Act} where="initiative" cls="roll-npcs" onClick=${() => rollFor(npcs)}>Roll initiative: NPCs<//>
    <${Act} where="initiative" cls="roll-all" onClick=${() => rollFor(unrolled)}>… everyone without (${waiting})<//></span>`;
}

export function undo() { return correct("undo", "undo", {}); }
export function redo() { return correct("redo", "redo", {}); }
export function nextTurn() {
  const turn = page.state?.turn;
  if (turn) record("next", { type: "TurnEnded", combatant: turn });
}

function Moves({ state }) {
  const [trigger, setTrigger] = useState("");
  const [ending, setEnding] = useState(false);  // End combat asks first
  const [more, setMore] = useState(false);  // on a phone: Delay, Ready and End combat behind More…
  const turn = state.turn;
  if (state.phase === "setup" || state.phase === "surprise" && !turn) {
    return html`<${Act} where="start" cls="primary start" disabled=${!state.order.length && !Object.keys(state.combatants).length}
      onClick=${() => record("start", { type: "CombatStarted" })}>Start combat<//>
      ${state.phase === "setup" ? html`<${Act} where="surprise" cls="surprise" onClick=${() => update({ dialog: { kind: "surprise" } })}>Surprise round…<//>` : null}`;
  }
  if (state.phase === "ended") {  // after the fight the rules still count rests
    return html`<${Act} where="rest" cls="short-rest" onClick=${() => record("rest", { type: "RestTaken", kind: "short" })}>Short rest<//>
      <${Act} where="rest" cls="long-rest" onClick=${() => record("rest", { type: "RestTaken", kind: "long" })}>Long rest<//>`;
  }
  const ready = () => record("ready", { type: "ActionReadied", combatant: turn, ...(trigger.trim() ? { trigger: trigger.trim() } : {}) }).then((ok) => ok && setTrigger(""));
  return html`
    <${Act} where="next" cls="primary next" disabled=${!turn} title="n" onClick=${nextTurn}>Next turn <kbd>n</kbd><//>
    <${Act} where="attack-now" cls="attack-now" disabled=${!turn} onClick=${() => update({ dialog: { kind: "attack", target: null } })}>Attack…<//>
    <button type="button" class="area-open" onClick=${() => update({ dialog: { kind: "area" } })}>Area…</button>
    <button type="button" class="more-moves" title="Delay, Ready, End combat" aria-expanded=${more || ending} onClick=${() => setMore(!more)}>${more || ending ? "Less" : "More…"}</button>
    <span class=${`rare-moves${more || ending ? " open" : ""}`}>
    <${Act} where="delay" cls="delay" disabled=${!turn} onClick=${() => record("delay", { type: "Delayed", combatant: turn })}>Delay<//>
    <span class="group-of"><input class="trigger" aria-label="the readied action's trigger" placeholder="trigger" size="10"
      value=${trigger} onInput=${(e) => setTrigger(e.target.value)} />
    <${Act} where="ready" cls="ready" disabled=${!turn} onClick=${ready}>Ready<//></span>
    ${ending ? html`<span class="group-of ask" role="alertdialog" aria-label="end the fight?">End the fight?
      <${Act} where="end" cls="danger end-confirm" onClick=${() => record("end", { type: "CombatEnded" }).then(() => setEnding(false))}>End it<//>
      <button type="button" class="keep-fighting" onClick=${() => setEnding(false)}>Keep fighting</button></span>`
    : html`<${Act} where="end" cls="end" onClick=${() => setEnding(true)}>End combat<//>`}</span>`;
}

function Ties({ state, n }) {
  const ties = state.initiative_ties || [];
  if (!ties.length) return null;
  return html`<div class="ties">${ties.map((tie) => html`<p>Tied: ${tie.map(n).join(" = ")}.
    <${Act} where="tie" cls="settle" onClick=${() => record("tie", { type: "InitiativeTieBroken", order: tie })}>Settle as listed<//>
    <${Act} where="tie" cls="settle-reverse" onClick=${() => record("tie", { type: "InitiativeTieBroken", order: [...tie].reverse() })}>the other way<//></p>`)}
    <${ErrorNote} where="tie" /></div>`;
}

export function TurnBar() {
  const state = shown();
  if (!state) return null;
  const n = labeller(state.combatants);
  const heading = state.phase === "setup" ? "Setup" : state.phase === "ended" ? "Combat over"
    : state.phase === "surprise" ? "Surprise round" : `Round ${state.round}`;
  const prompted = new Set((state.prompts || []).map((p) => p.warning).filter(Boolean));
  const warnings = (state.warnings || []).filter((w) => !prompted.has(w)).slice(-4);
  return html`<section class="turn-bar" aria-label="turns">
    <div class="round-row">
      <div class="round"><strong>${heading}</strong>${state.turn ? html` — <span class="whose">${n(state.turn)}</span>’s turn` : ""}
        <span class="version">line ${state.version}</span></div>
      <span class="group-of history">
        <${Act} where="undo" cls="undo" title="undo the latest line (u)" onClick=${undo}>Undo <kbd>u</kbd><//>
        <${Act} where="redo" cls="redo" title="redo (r)" onClick=${redo}>Redo <kbd>r</kbd><//></span>
    </div>
    ${state.turn && state.phase !== "ended" ? html`<${StoredAttacks} id=${state.turn} state=${state} cls="acting" />` : null}
    ${state.turn && state.phase !== "ended" ? html`<${Proposes} id=${state.turn} />` : null}
    <div class="moves">
      <${Moves} state=${state} />
      <${Initiative} state=${state} />
    </div>
    ${["start", "surprise", "next", "delay", "ready", "end", "rest", "initiative", "undo", "redo", "attack-now"].map((w) => html`<${ErrorNote} where=${w} />`)}
    <${Ties} state=${state} n=${n} />
    ${live() && warnings.length ? html`<ul class="warnings">${warnings.map((w) => html`<li>${w}</li>`)}</ul>` : null}
  </section>`;
}
