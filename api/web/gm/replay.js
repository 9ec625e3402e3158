// Replay: the table after any line, in two timelines — as it stood then, or as corrected (every
// later correction applied) — with steps, Play at a speed, and Live. Nothing writes meanwhile.
import { html } from "./lib.js";
import { api, page, update } from "./store.js";
import { BranchButton } from "./branch.js";
import { connectionWords } from "../connection.js";

// Each request for a past table gets a ticket; an answer is drawn only if no later request's
// answer was drawn first, so a slow answer never puts an older table over a newer one.
let asked = 0;
let drawn = 0;
let timer = null;

export async function replayTo(position, timeline = page.replay.timeline) {
  const last = page.state.version;
  const at = Math.max(1, Math.min(Number(position), last));
  if (at >= last && timeline === "then") return goLive();
  update({ replay: { ...page.replay, at, timeline } });
  const ticket = ++asked;
  const query = `at=${at}${timeline === "corrected" ? "&timeline=corrected" : ""}`;
  const state = await api("GET", `/encounters/${page.id}/state?${query}`);
  if (ticket <= drawn || page.replay.at === null) return;
  drawn = ticket;
  update({ replay: { ...page.replay, state } });
}

const replay = (position, timeline) => replayTo(position, timeline).catch((error) => update({ errors: { ...page.errors, replay: error.message } }));

function stop() {
  clearInterval(timer);
  timer = null;
  if (page.replay.playing) update({ replay: { ...page.replay, playing: false } });
}

export function goLive() {
  stop();
  drawn = ++asked;  // answers still on their way are dropped
  update({ replay: { ...page.replay, at: null, state: null, playing: false } });
}

function step(by) {
  stop();
  replay((page.replay.at ?? page.state.version) + by);
}

function tick() {
  const next = (page.replay.at ?? page.state.version) + 1;
  if (next > page.state.version) return goLive();
  replay(next);
}

function startTimer(speed) {
  clearInterval(timer);
  timer = setInterval(tick, 1000 / speed);
}

// Play from the line shown (from line 1 when live), a line per tick, to the end; Pause stops.
function play() {
  if (timer) return stop();
  if (page.state.version <= 1) return;
  update({ replay: { ...page.replay, playing: true } });
  startTimer(page.replay.speed);
  if (page.replay.at === null) replay(1);
}

function speed(e) {
  update({ replay: { ...page.replay, speed: Number(e.target.value) } });
  if (timer) startTimer(Number(e.target.value));
}

function timeline(e) {
  const chosen = e.target.value;
  update({ replay: { ...page.replay, timeline: chosen } });
  if (page.replay.at !== null) replay(page.replay.at, chosen);
}

// The present: live while the stream is open, else the last line received, and since when.
const present = () => (!page.connection || page.connection.state === "live" ? "live"
  : `the latest line received (${connectionWords(page.connection)})`);

export function ReplayBar() {
  const state = page.state;
  if (!state) return null;
  const { at, playing, timeline: which } = page.replay;
  const last = state.version;
  const where = at === null ? "live" : `line ${at} of ${last}`;
  return html`<section class=${`replay${at === null ? "" : " on"}`} aria-label="replay">
    <div class="slider-row">
      <button type="button" id="step-back" aria-label="one line back" onClick=${() => step(-1)}>◀</button>
      <input id="replay" type="range" min="1" max=${last} value=${at ?? last} aria-label="replay position"
        onInput=${(e) => { stop(); replay(e.target.value); }} />
      <button type="button" id="step-forward" aria-label="one line forward" onClick=${() => step(+1)}>▶</button>
      <span id="replay-at" class="at" aria-live="polite">${at === null ? present() : `replaying: the table after line ${at} of ${last}`}</span>
    </div>
    <div class="replay-controls">
      <fieldset class="timeline"><legend class="sr-only">timeline</legend>
        <label><input type="radio" name="timeline" value="then" checked=${which === "then"} onChange=${timeline} /> as it stood then</label>
        <label><input type="radio" name="timeline" value="corrected" checked=${which === "corrected"} onChange=${timeline} /> as corrected</label></fieldset>
      <select id="speed" aria-label="speed" value=${String(page.replay.speed)} onChange=${speed}>
        <option value="1">1 line/s</option><option value="2">2 lines/s</option><option value="5">5 lines/s</option></select>
      <button type="button" id="play" onClick=${play}>${playing ? "Pause" : "Play"}</button>
      <button type="button" id="live" class=${at === null ? "" : "primary"} onClick=${goLive}>Live</button>
    </div>
    ${at !== null ? html`<p class="replay-note" role="status">Showing the past (${where}${which === "corrected" ? ", as corrected" : ", as it stood then"}): recording is off until you return to Live.</p>` : null}
    ${at !== null ? html`<div class="replay-branch"><${BranchButton} at=${at} timeline=${which} cls="branch-replay" label="Try it the other way from here">Try it the other way from here<//></div>` : null}
    ${page.errors.replay ? html`<p class="error" role="alert">${page.errors.replay}</p>` : null}
  </section>`;
}
