// A whole session replayed: one slider across its fights in the order fought (their lines counted
// on from one fight into the next), steps, Play, the two timelines, and the table of the fight at
// that line, drawn read-only as the player page draws it. Reads with the operator token.
import { html, useEffect, useRef, useState } from "./lib.js";
import { call } from "./api.js";
import { page } from "./store.js";
import { renderTable } from "../table.js";

const SPEED = 2;  // lines a second while playing

// "Fight 2 of 3: Ogre — line 14 of 40": where session line `at` falls.
export function whereIs(at, spans, lines) {
  const k = spans.findIndex((s) => s.first <= at && at <= s.last);
  if (k < 0) return { label: `line ${at} of ${lines}`, fight: null };
  const fight = spans[k];
  return { fight, own: at - fight.first + 1, label: `Fight ${k + 1} of ${spans.length}: ${fight.name} — line ${at} of ${lines}` };
}

// The table as renderTable draws it, kept in a node of its own (Preact leaves it alone).
function TableAt({ state }) {
  const ref = useRef(null);
  useEffect(() => { if (ref.current && state) ref.current.replaceChildren(renderTable(state)); }, [state]);
  return html`<div class="session-table" ref=${ref} aria-label="the table at this line"></div>`;
}

function useSessionReplay(campaign, session) {
  const [shown, setShown] = useState(null);  // the latest answer drawn
  const [at, setAt] = useState(null);        // the line asked for (the slider follows it at once)
  const [timeline, setTimeline] = useState("then");
  const [error, setError] = useState(null);
  const tickets = useRef({ asked: 0, drawn: 0 });
  const latest = useRef(null);  // the line last asked for: a step counts from it, not from the last drawn
  const base = `/campaigns/${encodeURIComponent(campaign)}/sessions/${encodeURIComponent(session)}/replay`;
  // Each request gets a ticket; an answer is drawn only if no later one was drawn first.
  const go = async (line, which = timeline) => {
    const ticket = ++tickets.current.asked;
    if (line !== undefined) { setAt(line); latest.current = line; }
    const query = [line !== undefined ? `at=${line}` : null, which === "corrected" ? "timeline=corrected" : null].filter(Boolean).join("&");
    try {
      const answer = await call("GET", `${base}${query ? `?${query}` : ""}`, { token: page.operator });
      if (ticket <= tickets.current.drawn) return;
      tickets.current.drawn = ticket;
      setShown(answer);
      if (ticket === tickets.current.asked) { setAt(answer.at); latest.current = answer.at; }
      setError(null);
    } catch (e) {
      if (ticket > tickets.current.drawn) setError(e.message);
    }
  };
  useEffect(() => { setShown(null); setAt(null); go(undefined); }, [campaign, session]);
  return { shown, at, latest, timeline, setTimeline, error, go };
}

function Playing({ at, lines, go }) {
  const [playing, setPlaying] = useState(false);
  const now = useRef(at);
  now.current = at;
  useEffect(() => {
    if (!playing) return undefined;
    const timer = setInterval(() => {
      if (now.current >= lines) return setPlaying(false);
      go(now.current + 1);
    }, 1000 / SPEED);
    return () => clearInterval(timer);
  }, [playing, lines]);
  const toggle = () => {
    if (!playing && at >= lines) go(1);  // from the start once at the end
    setPlaying(!playing);
  };
  return html`<button type="button" class="session-play" onClick=${toggle}>${playing ? "Pause" : "Play"}</button>`;
}

export function SessionReplay({ campaign, session }) {
  const id = session?.id ?? session;
  const { shown, at, latest, timeline, setTimeline, error, go } = useSessionReplay(campaign, id);
  if (!page.operator) return null;
  if (!shown) return html`<section class="session-replay" aria-label="session replay"><h3>Replay the session</h3>
    ${error ? html`<p class="error" role="alert">${error}</p>` : html`<p role="status">loading…</p>`}</section>`;
  const { lines, encounters: spans } = shown;
  const where = whereIs(at, spans, lines);
  const to = (line) => go(Math.max(1, Math.min(lines, line)));
  const step = (by) => to((latest.current ?? at) + by);  // quick taps each count, however slow the answers
  const choose = (e) => { setTimeline(e.target.value); go(at, e.target.value); };
  return html`<section class="session-replay" aria-label="session replay"><h3>Replay the session</h3>
    <ol class="session-fights">${spans.map((s, k) => html`<li class=${where.fight?.id === s.id ? "current" : ""}>
      <button type="button" onClick=${() => to(s.first)} aria-label=${`go to the start of fight ${k + 1}, ${s.name}`}>${k + 1}. ${s.name}</button>
      <small>lines ${s.first}–${s.last}</small></li>`)}</ol>
    <div class="slider-row">
      <button type="button" class="session-back" aria-label="one line back" onClick=${() => step(-1)}>◀</button>
      <input class="session-slider" type="range" min="1" max=${lines} value=${at} aria-label="session replay position"
        onInput=${(e) => to(Number(e.target.value))} />
      <button type="button" class="session-forward" aria-label="one line forward" onClick=${() => step(1)}>▶</button>
    </div>
    <p class="session-at" aria-live="polite">${where.label}${where.fight ? html` <small>(the fight's line ${where.own})</small>` : null}</p>
    <div class="replay-controls">
      <fieldset class="timeline"><legend class="sr-only">timeline</legend>
        <label><input type="radio" name="session-timeline" value="then" checked=${timeline === "then"} onChange=${choose} /> as it stood then</label>
        <label><input type="radio" name="session-timeline" value="corrected" checked=${timeline === "corrected"} onChange=${choose} /> as corrected</label></fieldset>
      <${Playing} at=${at} lines=${lines} go=${to} />
      ${where.fight ? html`<a class="open-fight" href=${`#e=${where.fight.id}`}>Open this fight</a>` : null}
    </div>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    <${TableAt} state=${shown.state} />
  </section>`;
}
