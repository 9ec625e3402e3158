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

// The lines written in one GM action (an attack with its damage, an initiative sheet), by the
// position of its first line; an action of one line is no group.
function actionsOf(log) {
  const groups = {};
  for (const line of log) {
    if (line.fact?.action && !CORRECTIONS.has(line.fact.type)) (groups[line.fact.action] ||= []).push(line);
  }
  return Object.fromEntries(Object.entries(groups).filter(([, lines]) => lines.length > 1));
}

// Above the newest line of an action: the action as one entry, undone or restored whole.
function ActionHead({ first, lines }) {
  const where = `action:${first}`;
  const inForce = lines.filter((l) => !l.revoked).length;
  return html`<div class="action-head" data-action=${first}>
    <span>one action: lines ${first}–${lines[lines.length - 1].position}</span>
    ${inForce ? html`<${Act} where=${where} cls="undo-action" onClick=${() => correct(where, "undo", { action: first })}>undo all ${inForce}<//>`
      : html`<${Act} where=${where} cls="restore-action" onClick=${() => correct(where, "redo", { action: first })}>restore all ${lines.length}<//>`}
    <${ErrorNote} where=${where} /></div>`;
}

function Line({ line, n, damageOf, group }) {
  const fact = inForce(line);
  const amended = line.amended_by ? fact : null;
  const correction = CORRECTIONS.has(line.fact?.type);
  const where = `line:${line.position}`;
  const classes = [line.revoked && "revoked", line.amended_by && "amended"].filter(Boolean).join(" ");
  const newest = group && group[group.length - 1] === line;
  return html`<li class=${classes || undefined} data-position=${line.position} data-action=${group ? line.fact.action : undefined}>
    ${newest ? html`<${ActionHead} first=${line.fact.action} lines=${group} />` : null}
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
  const actions = actionsOf(page.log);
  return html`<ol class="log" aria-label="the log, newest first">${page.log.slice().reverse().map((line) => html`
    <${Line} key=${line.position} line=${line} n=${n} damageOf=${damageOf} group=${actions[line.fact?.action]} />`)}</ol>`;
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
