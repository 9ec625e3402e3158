// The cards are the controls: one per combatant, in initiative order, with its vitals, statuses,
// conditions, the prompts the rules raise for it, and everything the GM records about it.
import { html, useState } from "./lib.js";
import { live, page, record, update } from "./store.js";
import { Act, ErrorNote } from "./ui.js";
import { Vitals } from "./vitals.js";
import { Drawer } from "./drawer.js";
import { labeller } from "./words.js";
import { words } from "./rules.js";
import { StoredAttacks } from "./quick_attack.js";
import { useTurnInView } from "./in_view.js";
import { Proposes } from "./proposals.js";

// The table on show: the past while replaying, else the live one.
export const shown = () => (live() ? page.state : page.replay.state || page.state);

function left(condition, n) {
  if (condition.remaining_rounds !== undefined) return `${condition.remaining_rounds} rd`;
  if (condition.until) return `until ${condition.until.until.replace(/_/g, " ")} of ${n(condition.until.of)}`;
  if (condition.save_ends) return "save ends";
  return "";
}

function Condition({ id, x, n }) {
  const where = `${id}:remove:${x.name}`;
  const remove = () => record(where, { type: "ConditionRemoved", target: id, condition: x.name });
  return html`<span class="condition" title=${x.source ? `from ${n(x.source)}` : undefined}>${words(x.name)}
    ${left(x, n) ? html`<small> ${left(x, n)}</small>` : null}
    <${Act} where=${where} cls="chip-x" title=${`end ${words(x.name)}`} onClick=${remove}>×<//></span>`;
}

// A choice the rules settle in full is recorded at once; a roll opens its dialog.
function Prompts({ id, state }) {
  const mine = (state.prompts || []).filter((p) => p.combatant === id);
  if (!mine.length) return null;
  const answer = (p) => (p.roll || p.fields?.length
    ? update({ dialog: { kind: "prompt", prompt: p } }) : record(`prompt:${p.id}`, p.fact));
  return html`<div class="prompts" role="group" aria-label="the rules ask">${mine.map((p) => html`
    <${Act} where=${`prompt:${p.id}`} cls="prompt" onClick=${() => answer(p)}>${p.title}<//>
    <${ErrorNote} where=${`prompt:${p.id}`} />`)}</div>`;
}

function Card({ id, c, state, n, open, onToggle }) {
  const current = state.turn === id;
  const classes = ["combatant", c.side, current && "current", open && "open"].filter(Boolean).join(" ");
  const statuses = (c.statuses || []).filter((s) => s !== "healthy");
  return html`<li class=${classes} data-id=${id} aria-current=${current ? "true" : undefined}>
    <div class="who">
      <span class="marker" aria-hidden="true">${current ? "▶" : ""}</span>
      <button type="button" class="name" title=${`${c.name} (${id}) — ${open ? "close" : "open"} its controls`}
        aria-expanded=${open ? "true" : "false"} onClick=${onToggle}>${n(id)}</button>
      ${c.hidden ? html`<span class="tag">hidden</span>` : null}
      ${c.group ? html`<span class="tag">${c.group}</span>` : null}
      <span class="init" title="initiative">${c.initiative ?? "–"}</span>
    </div>
    <${Vitals} c=${c} />
    ${statuses.length || (c.conditions || []).length ? html`<div class="chips">
      ${statuses.map((s) => html`<span class=${`status ${s}`}>${words(s)}</span>`)}
      ${(c.conditions || []).map((x) => html`<${Condition} id=${id} x=${x} n=${n} />`)}</div>` : null}
    <${Prompts} id=${id} state=${state} />
    <${Proposes} id=${id} />
    <${StoredAttacks} id=${id} state=${state} />
    <div class="quick">
      <button type="button" class="attack-it" disabled=${!live() || state.phase === "ended"}
        onClick=${() => update({ dialog: { kind: "attack", target: id } })}>Attack</button>
      <button type="button" class="roll-for" disabled=${!live()}
        onClick=${() => update({ dialog: { kind: "roll", combatant: id } })}>Save / check</button>
      <button type="button" class="more" aria-expanded=${open ? "true" : "false"} onClick=${onToggle}>${open ? "Close" : "More…"}</button>
    </div>
    ${open ? html`<${Drawer} id=${id} c=${c} state=${state} n=${n} />` : null}
    <${ErrorNote} where=${`card:${id}`} />
  </li>`;
}

export function Cards() {
  const state = shown();
  const [open, setOpen] = useState(null);
  useTurnInView(state?.turn, state?.round, live());
  if (!state) return null;
  const n = labeller(state.combatants);
  const ids = state.order.concat(Object.keys(state.combatants).filter((id) => !state.order.includes(id)));
  if (!ids.length) return html`<p class="empty">No one has joined yet: add creatures or the party below.</p>`;
  return html`<ol class="order">${ids.filter((id) => state.combatants[id]).map((id) => html`
    <${Card} key=${id} id=${id} c=${state.combatants[id]} state=${state} n=${n}
      open=${open === id} onToggle=${() => setOpen(open === id ? null : id)} />`)}</ol>`;
}
