// The log beside the table, in table words with the dice: undo or restore any line, and amend a
// ruling with the same fields that recorded it; the summary says what differs downstream.
import { html } from "./lib.js";
import { correct, page, update } from "./store.js";
import { Act, ErrorNote } from "./ui.js";
import { describe, labeller } from "./words.js";
import { BranchButton } from "./branch.js";

const CORRECTIONS = new Set(["EventRevoked", "EventRestored", "EventAmended"]);

// The fact in force at a line: its latest amendment's replacement, else the line as written.
export function inForce(line) {
  return line.amended_by ? page.log.find((l) => l.position === line.amended_by)?.fact?.replacement || line.fact : line.fact;
}

// A line's fact as the GM wrote it, without what the service stamped on it (who, when, under
// which request, in which action): what an amendment starts from, since the service refuses
// those from a client.
export function asWritten(fact) {
  const { at, by, key, fingerprint, action, ...written } = fact || {};
  return written;
}

// A player's proposal and the GM's rulings on it are never amended (the log refuses it): undone.
const PROPOSALS = new Set(["ActionProposed", "ProposalAccepted", "ProposalDeclined"]);

function Line({ line, n, damageOf }) {
  const fact = inForce(line);
  const amended = line.amended_by ? fact : null;
  const correction = CORRECTIONS.has(line.fact?.type);
  const where = `line:${line.position}`;
  const classes = [line.revoked && "revoked", line.amended_by && "amended"].filter(Boolean).join(" ");
  return html`<li class=${classes || undefined} data-position=${line.position}>
    <span class="pos">${line.position}</span>
    <span class="text">${describe(fact, n, line.derived, damageOf[line.position])}
      ${amended ? html`<small> (amended at line ${line.amended_by}; was: ${describe(line.fact, n)})</small>` : null}</span>
    ${line.position > 1 ? html`<span class="buttons">
      ${correction ? null : line.revoked
        ? html`<${Act} where=${where} cls="restore" onClick=${() => correct(where, "redo", { position: line.position })}>restore<//>`
        : html`<${Act} where=${where} cls="undo-line" onClick=${() => correct(where, "undo", { position: line.position })}>undo<//>`}
      ${line.revoked || correction || PROPOSALS.has(line.fact?.type) ? null : html`<button type="button" class="amend" disabled=${page.replay.at !== null}
        onClick=${() => update({ dialog: { kind: "amend", line } })}>amend</button>`}
      <${BranchButton} at=${line.position} /></span>` : null}
    <${ErrorNote} where=${where} />
  </li>`;
}

export function Log() {
  const n = labeller(page.state?.combatants);
  const damageOf = {};  // an attack's position → the damage recorded with it, for "… for 7 slashing"
  for (const line of page.log) {
    const fact = inForce(line);
    if (fact?.type === "DamageDealt" && fact.attack && !line.revoked && !fact.on_miss) damageOf[fact.attack] = fact;
  }
  return html`<ol class="log" aria-label="the log, newest first">${page.log.slice().reverse().map((line) => html`
    <${Line} key=${line.position} line=${line} n=${n} damageOf=${damageOf} />`)}</ol>`;
}

export function Changes() {
  if (!page.changes) return null;
  return html`<div id="changes" role="status"><${Summary} ...${page.changes} />
    <button type="button" class="dismiss" aria-label="dismiss the summary" onClick=${() => update({ changes: null })}>×</button></div>`;
}

export function Summary({ position, changes }) {
  return html`<div class="changed"><strong>Amended line ${position}. </strong>
    ${changes.length ? html`What differs downstream now:<ul>${changes.map((c) => html`<li>${c}</li>`)}</ul>` : "Nothing on the table differs."}</div>`;
}
