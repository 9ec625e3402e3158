// The players' proposals on the GM page (issue 26): the queue in words with the rules' preview,
// one tap to accept, an edit of its numbers before accepting, a decline with a reason for the
// player alone; and each player character's link, to hand to its player.
import { html, useEffect, useState } from "./lib.js";
import { api, clearError, fail, kept, live, page, record, update, write } from "./store.js";
import { Act, ErrorNote } from "./ui.js";

const NUMBERS = ["natural", "total", "modifier", "amount", "dc"];  // what the GM may change in place
const STALE = {
  gone: "has left the fight", down: "is down", turn_passed: "the turn has passed",
  target_gone: "the target has left", target_down: "the target is down",
  line_undone: "a line it points at was undone", initiative_recorded: "initiative was recorded since",
};

// The latest fact of `type` in force in the log (undone and amended lines honoured), or null.
function inForce(type) {
  let found = null;
  for (const line of page.log) {
    const fact = line.amended_by ? page.log.find((l) => l.position === line.amended_by)?.fact?.replacement : line.fact;
    if (!line.revoked && fact?.type === type) found = fact;
  }
  return found;
}

// The GM's standing ruling in force (StandingRulingSet): the service accepts a player's
// initiative and own saves unasked while it is on, this page open or not.
const acceptsRoutine = () => Boolean(inForce("StandingRulingSet")?.accept_routine);

// The turn timer the players' phones show (TurnTimerSet; 0 or none: off).
function TimerSetting() {
  const now = inForce("TurnTimerSet")?.seconds || 0;
  const [seconds, setSeconds] = useState(String(now || 60));
  const set = (value) => record("timer", { type: "TurnTimerSet", seconds: value });
  return html`<div class="turn-timer-setting group-of">
    <label>Turn timer on players' phones (s) <input name="timer-seconds" type="number" min="1" max="3600" size="4"
      value=${seconds} onInput=${(e) => setSeconds(e.target.value)} /></label>
    <${Act} where="timer" cls="set-timer" onClick=${() => set(Math.min(3600, Math.max(1, Number(seconds) || 60)))}>${now ? `Set (now ${now} s)` : "Switch on"}<//>
    ${now ? html`<${Act} where="timer" cls="timer-off" onClick=${() => set(0)}>Off<//>` : null}
    <${ErrorNote} where="timer" /></div>`;
}

// The queue, read again whenever the log moves (the GM's stream carries each new proposal), kept
// in the page's state so the cards and the turn bar show it too.
function useQueue() {
  const version = page.state?.version;
  useEffect(() => {
    let current = true;
    api("GET", `/encounters/${page.id}/proposals`)
      .then((found) => {
        if (!current) return;
        update({ proposals: found });
      })
      .catch((error) => fail("proposals", error.message));
    return () => { current = false; };
  }, [page.id, version]);
  return page.proposals;
}

function Editor({ proposal, onDone }) {
  const [facts, setFacts] = useState(proposal.facts.map((f) => ({ ...f })));
  const change = (n, key) => (e) => setFacts(facts.map((f, i) => (i === n ? { ...f, [key]: Number(e.target.value) } : f)));
  const where = `proposal-${proposal.line}`;
  const accept = async () => {
    if (await write(where, `/encounters/${page.id}/proposals/${proposal.line}/accept`, { facts })) onDone();
  };
  return html`<div class="proposal-edit">
    ${facts.map((f, n) => html`<fieldset><legend>${f.type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}</legend>
      ${NUMBERS.filter((k) => typeof f[k] === "number").map((k) => html`<label>${k}
        <input type="number" name=${`${n}.${k}`} value=${f[k]} onInput=${change(n, k)} /></label>`)}</fieldset>`)}
    <${Act} where=${where} cls="primary accept-edited" onClick=${accept}>Accept as edited<//>
    <button type="button" onClick=${onDone}>Cancel</button></div>`;
}

function Declining({ proposal, onDone }) {
  const [reason, setReason] = useState("");
  const where = `proposal-${proposal.line}`;
  const decline = async () => {
    const body = reason.trim() ? { reason: reason.trim() } : {};
    if (await write(where, `/encounters/${page.id}/proposals/${proposal.line}/decline`, body)) onDone();
  };
  return html`<div class="proposal-decline">
    <label>why (the player alone sees it)<input name="reason" maxlength="200" value=${reason} onInput=${(e) => setReason(e.target.value)} /></label>
    <${Act} where=${where} cls="danger confirm-decline" onClick=${decline}>Decline<//>
    <button type="button" onClick=${onDone}>Cancel</button></div>`;
}

function Proposal({ proposal }) {
  const [mode, setMode] = useState(null);
  const where = `proposal-${proposal.line}`;
  const accept = () => write(where, `/encounters/${page.id}/proposals/${proposal.line}/accept`, {});
  const stale = proposal.stale.map((s) => STALE[s] || s).join(", ");
  return html`<li class=${`proposal ${proposal.state}`} data-line=${proposal.line}>
    <p class="words">${proposal.words}</p>
    ${proposal.note ? html`<p class="hint">“${proposal.note}”</p>` : null}
    ${stale ? html`<p class="hint stale">Stale: ${stale}</p>` : null}
    ${mode === "edit" ? html`<${Editor} proposal=${proposal} onDone=${() => setMode(null)} />`
      : mode === "decline" ? html`<${Declining} proposal=${proposal} onDone=${() => setMode(null)} />`
      : html`<div class="proposal-actions">
          <${Act} where=${where} cls="primary accept" onClick=${accept}>Accept<//>
          <button type="button" class="edit" onClick=${() => setMode("edit")}>Edit</button>
          <button type="button" class="danger decline" onClick=${() => setMode("decline")}>Decline</button></div>`}
    <${ErrorNote} where=${where} /></li>`;
}

// A character's waiting proposals, on its card and in the turn bar when it acts: its words
// ("proposes: attack Goblin 2 …") and Accept; the queue above keeps Edit and Decline.
export function Proposes({ id }) {
  const mine = live() ? page.proposals.filter((p) => p.combatant === id) : [];
  if (!mine.length) return null;
  return html`<ul class="proposes" aria-label="proposes">${mine.map((p) => {
    const where = `proposal-${p.line}`;
    const accept = () => write(where, `/encounters/${page.id}/proposals/${p.line}/accept`, {});
    return html`<li class=${p.state} data-line=${p.line}>
      <span class="what">proposes${p.stale.length ? " (stale)" : ""}: ${p.words.replace(/^.*? proposes: /, "")}</span>
      <${Act} where=${where} cls="accept" onClick=${accept}>Accept<//></li>`;
  })}</ul>`;
}

export function Proposals() {
  const queue = useQueue();
  if (!queue.length) return html`<${ErrorNote} where="proposals" />`;
  return html`<section class="proposals" aria-label="players' proposals">
    <h2>Players propose <span class="count">${queue.length}</span></h2>
    <ol>${queue.map((p) => html`<${Proposal} key=${p.line} proposal=${p} />`)}</ol>
    <${ErrorNote} where="proposals" /></section>`;
}

// The table's one player link: a player opening it picks a character nobody holds, the GM approves.
function SharedLink() {
  const [token, setToken] = useState(kept()[page.id]?.player || null);
  useEffect(() => {
    api("GET", `/encounters/${page.id}/player-link`).then((found) => setToken(found.token)).catch((error) => fail("links", error.message));
  }, [page.id]);
  if (!token) return null;
  const address = `${location.origin}/play/${page.id}#token=${token}`;
  return html`<p class="hint shared-link">Or one link for the whole table: each player picks their character there, and you approve it.
    <input readonly aria-label="the table's player link" value=${address} onFocus=${(e) => e.target.select()} /></p>`;
}

// Each player character's link (GET …/characters): a player opens it on their phone.
export function PlayerLinks() {
  const [links, setLinks] = useState(null);
  const [copied, setCopied] = useState(null);
  const players = Object.values(page.state?.combatants || {}).filter((c) => c.kind === "pc").length;
  useEffect(() => {
    api("GET", `/encounters/${page.id}/characters`).then(setLinks).catch((error) => fail("links", error.message));
  }, [page.id, players]);
  const address = (link) => `${location.origin}/play/${page.id}#token=${link.token}`;
  const copy = async (link, event) => {
    const field = event.target.closest("li").querySelector("input");
    field.select();
    try {
      await navigator.clipboard.writeText(address(link));
    } catch {
      document.execCommand("copy");  // a page on the LAN is no secure context: no clipboard API
    }
    setCopied(link.combatant);
  };
  const toggle = (e) => record("standing", { type: "StandingRulingSet", accept_routine: e.target.checked });
  if (!links) return html`<${ErrorNote} where="links" />`;
  if (!links.length) return html`<p class="hint">No player character in this fight yet (a creature of kind PC).</p>`;
  const busy = page.busy.has("standing");  // shows the choice being recorded, not the old one
  return html`<label class="check auto-accept"><input type="checkbox" checked=${busy !== acceptsRoutine()}
    disabled=${!live() || busy} onChange=${toggle} />
    Accept players' initiative and their own saves without asking (a standing ruling, in the log)</label>
    <${ErrorNote} where="standing" />
    <${TimerSetting} />
    <${SharedLink} />
    <ul class="player-links">${links.map((link) => html`<li data-combatant=${link.combatant}>
    <strong>${link.name}</strong>
    <input readonly aria-label=${`${link.name}'s link`} value=${address(link)} onFocus=${(e) => e.target.select()} />
    <button type="button" class="copy" onClick=${(e) => copy(link, e)}>${copied === link.combatant ? "Copied" : "Copy link"}</button>
  </li>`)}</ul><${ErrorNote} where="links" />`;
}

// Players claiming characters through the shared player link (issue 26): each claim waiting, one tap
// to approve (the requester's phone then holds that character's link) or decline; each character
// held by claim, with Release (its link replaced: that phone loses it, the character is offered
// again). Claims are no lines of the log, so the queue is read every few seconds.
const CLAIMS_EVERY = 2500;  // ms between reads of the claims while the page is open

function useClaims() {
  const [claims, setClaims] = useState([]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    api("GET", `/encounters/${page.id}/claims`)
      .then((found) => { if (current) setClaims(found); })
      .catch((error) => fail("claims", error.message));
    const next = setTimeout(() => setTick((n) => n + 1), CLAIMS_EVERY);
    return () => { current = false; clearTimeout(next); };
  }, [page.id, page.state?.version, tick]);
  return [claims, () => setTick((n) => n + 1)];
}

async function decide(where, path, again) {
  if (page.busy.has(where)) return;
  page.busy.add(where);
  update();
  try {
    await api("POST", path);
    clearError(where);
  } catch (error) {
    fail(where, error.message);
  } finally {
    page.busy.delete(where);
    update();
    again();
  }
}

function Claim({ claim, again }) {
  const where = `claim-${claim.claim}`;
  const base = `/encounters/${page.id}`;
  const busy = page.busy.has(where);
  if (claim.state === "approved") {
    return html`<li class="claim approved" data-claim=${claim.claim}>
      <p class="words"><strong>${claim.player}</strong> plays ${claim.name}</p>
      <button type="button" class="release" disabled=${busy} title="Replace the character's link: this player's phone loses it"
        onClick=${() => decide(where, `${base}/characters/${encodeURIComponent(claim.combatant)}/token`, again)}>Release</button>
      <${ErrorNote} where=${where} /></li>`;
  }
  return html`<li class="claim pending" data-claim=${claim.claim}>
    <p class="words"><strong>${claim.player}</strong> asks to play ${claim.name}</p>
    <div class="proposal-actions">
      <button type="button" class="primary approve" disabled=${busy} onClick=${() => decide(where, `${base}/claims/${claim.claim}/approve`, again)}>Approve</button>
      <button type="button" class="danger decline" disabled=${busy} onClick=${() => decide(where, `${base}/claims/${claim.claim}/decline`, again)}>Decline</button></div>
    <${ErrorNote} where=${where} /></li>`;
}

export function Claims() {
  const [claims, again] = useClaims();
  if (!claims.length) return html`<${ErrorNote} where="claims" />`;
  const waiting = claims.filter((c) => c.state === "pending").length;
  return html`<section class="claims" aria-label="players' claims">
    <h2>Players claim characters ${waiting ? html`<span class="count">${waiting}</span>` : null}</h2>
    <ol>${claims.map((c) => html`<${Claim} key=${c.claim} claim=${c} again=${again} />`)}</ol>
    <${ErrorNote} where="claims" /></section>`;
}
