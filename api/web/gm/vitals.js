// A combatant's vitals as its system keeps them: HP bars coloured by how much is left,
// Starfinder's Stamina / HP / Resolve (only the pools it has), True20's tallies and boxes.
import { html } from "./lib.js";

// How much is left, as a word for the bar's colour: full, hurt (≤ ½), low (≤ ¼), down (≤ 0).
export function shade(value, most) {
  if (!(most > 0)) return "full";
  const share = value / most;
  if (share <= 0) return "down";
  if (share <= 0.25) return "low";
  if (share <= 0.5) return "hurt";
  return "full";
}

function Bar({ label, value, most, kind }) {
  const share = most > 0 ? Math.max(0, Math.min(1, value / most)) : 0;
  return html`<div class=${`bar ${kind} ${shade(value, most)}`} title=${`${label} ${value} of ${most}`}>
    <span class="fill" style=${{ width: `${(100 * share).toFixed(1)}%` }}></span>
    <span class="text">${label} ${value}/${most}</span></div>`;
}

const TRACK = ["bruised", "hurt"];
const BOXES = ["dazed", "staggered", "unconscious", "wounded", "disabled", "dying", "dead"];
const SHOWN = new Set(["hp", "max_hp", "stamina", "max_stamina", "resolve", "max_resolve", ...TRACK,
  "lethal_save_penalty", "nonlethal_save_penalty", "temp_hp", "nonlethal"]);

function Extras({ v }) {
  const parts = [];
  if (v.temp_hp) parts.push(html`<span class="temp-hp">+${v.temp_hp} temp</span>`);
  if (v.nonlethal) parts.push(html`<span class="nonlethal">${v.nonlethal} nonlethal</span>`);
  for (const [k, x] of Object.entries(v)) {
    if (!SHOWN.has(k) && x) parts.push(html`<span>${k.replace(/_/g, " ")} ${x}</span>`);
  }
  return parts.length ? html`<div class="extra">${parts}</div>` : null;
}

export function Vitals({ c }) {
  const v = c.vitals || {};
  if ("descriptor" in v) return html`<div class="descriptor">${v.descriptor}</div>`;
  const checked = new Set(c.statuses || []);
  return html`<div class="vitals">
    ${v.max_stamina > 0 ? html`<${Bar} label="SP" value=${v.stamina} most=${v.max_stamina} kind="stamina" />` : null}
    ${"hp" in v && "max_hp" in v ? html`<${Bar} label="HP" value=${v.hp} most=${v.max_hp} kind="hp" />` : null}
    ${v.max_resolve > 0 ? html`<${Bar} label="RP" value=${v.resolve} most=${v.max_resolve} kind="resolve" />` : null}
    ${TRACK.some((k) => k in v) ? html`<div class="track">
      ${TRACK.map((k) => html`<span class="tally">${k} ${v[k]}</span>`)}
      ${BOXES.map((k) => html`<span class=${`box${checked.has(k) ? " checked" : ""}`} title=${k}>${k}</span>`)}
      <span class="tally">save −${v.lethal_save_penalty ?? 0}</span></div>` : null}
    <${Extras} v=${v} />
  </div>`;
}
