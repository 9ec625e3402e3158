// An attack in one tap from a stat block's stored attacks: the target (the attacker's last one),
// the d20 rolled or typed ("17" is the die, "total 23" the total), the ruleset's outcome and
// confirmation shown before anything is recorded, and the damage the ruleset deals for that hit
// (POST /rulesets/{ruleset}/damage: a confirmed critical's as the rules multiply it), recorded
// with its attack as one action. A full attack rolls each iterative bonus in the same dialog.
import { html, useEffect, useState } from "./lib.js";
import { call } from "./api.js";
import { joinedAs, live, page, recordLinked, update } from "./store.js";
import { Act, Dialog, ErrorNote, amountOrRoll, int } from "./ui.js";
import { previewLine } from "./preview.js";
import { defenseTitle, spare } from "./rules.js";
import { labeller } from "./words.js";

const signed = (n) => `${n < 0 ? "" : "+"}${n}`;
const GONE = ["dead", "left"];

// The stored attacks of a combatant as it joined (its CombatantJoined in force).
export const storedAttacks = (id) => joinedAs(id)?.stats?.attacks || [];
const bonusesOf = (attack) => (Array.isArray(attack.bonus) ? attack.bonus : [attack.bonus]);

// "17" → the die (total = die + bonus); "total 23", "t23" or "=23" → the total as the player said
// it (the die read back from it). Null while nothing usable is typed.
export function readRoll(text, bonus) {
  const value = String(text ?? "").trim().toLowerCase();
  const total = value.match(/^(?:total|t|=)\s*(-?\d+)$/);
  if (total) {
    const sum = Number(total[1]);
    return { natural: Math.max(1, Math.min(20, sum - bonus)), total: sum };
  }
  if (!/^\d+$/.test(value)) return null;
  const natural = Number(value);
  return natural >= 1 && natural <= 20 ? { natural, total: natural + bonus } : null;
}

// The attacker's last target while it can still be hit, else the first foe of another side in
// initiative order still standing.
function targetFor(attacker, state) {
  const last = page.lastTargets?.[attacker];
  const standing = (id) => state.combatants[id] && !(state.combatants[id].statuses || []).some((s) => GONE.includes(s));
  if (last && standing(last)) return last;
  const side = state.combatants[attacker]?.side;
  const ids = state.order.concat(Object.keys(state.combatants).filter((id) => !state.order.includes(id)));
  return ids.find((id) => id !== attacker && standing(id) && state.combatants[id].side !== side)
    || ids.find((id) => id !== attacker) || "";
}

function attackFact(attacker, target, attack, roll, confirm) {
  const fact = { type: "AttackMade", attacker, target, natural: roll.natural, total: roll.total, weapon: attack.name };
  const defense = attack.defense || attack.vs;
  if (defense) fact.defense = defense;
  if (attack.threat) fact.threat = attack.threat;
  if (attack.multiplier) fact.multiplier = attack.multiplier;
  if (confirm) Object.assign(fact, { confirm_natural: confirm.natural, confirm_total: confirm.total });
  return fact;
}

// An Orcus power whose Miss: line is half damage (004 L981): its damage, halved, on a miss.
export const halfOnMiss = (attack) => !!attack.damage && /half damage/i.test(attack.miss || "");

// The damage lines of one hit: the ruleset's rolls, or the amount the GM typed.
function damageFacts(attacker, target, attack, rolls, typed, at, extra) {
  const base = { type: "DamageDealt", target, attack: at, source: attacker, ...(attack.nonlethal ? { nonlethal: true } : {}), ...extra };
  const given = amountOrRoll(typed);
  if (given) return [{ ...base, ...given, ...(rolls[0]?.damage_type ? { damage_type: rolls[0].damage_type } : {}) }];
  return rolls.map((r) => ({ ...base, ...amountOrRoll(r.roll), ...(r.damage_type ? { damage_type: r.damage_type } : {}) }));
}

const said = { hit: "hits", miss: "misses", critical: "critically hits" };

function Outcome({ answer, n, attacker, target }) {
  if (!answer) return html`<p class="outcome" role="status">Type the d20 (or “total 23”), or roll it.</p>`;
  if (answer.pending) return html`<p class="outcome" role="status">Asking the rules…</p>`;
  if (answer.error) return html`<p class="outcome error" role="alert">${answer.error}</p>`;
  const d = answer.derived || {};
  const against = d.defense_value != null ? ` (${d.total_used ?? answer.fact.total} vs ${defenseTitle(d.defense)} ${d.defense_value})` : "";
  const confirm = { awaited: " — a threat: roll to confirm", failed: " — the critical is not confirmed" }[d.confirmation] || "";
  return html`<p class=${`outcome ${d.outcome || ""}`} role="status" data-outcome=${d.outcome} data-confirmation=${d.confirmation}>
    ${n(attacker)} ${said[d.outcome] || "attacks"} ${n(target)}${against}${confirm}</p>`;
}

// One attack roll of the dialog (one per iterative bonus on a full attack): its d20, its
// confirmation when the rules ask for one, its outcome and its damage.
function useSwing(attacker, target, attack, bonus) {
  const [d20, setD20] = useState("");
  const [confirmText, setConfirm] = useState("");
  const [typed, setTyped] = useState("");
  const [answer, setAnswer] = useState(null);
  const [rolled, setRolled] = useState({ for: undefined, rolls: [] });  // the rolls, and for which outcome
  const roll = readRoll(d20, bonus);
  const confirm = readRoll(confirmText, bonus);
  const fact = roll && target ? attackFact(attacker, target, attack, roll, confirm) : null;
  const key = JSON.stringify(fact);
  useEffect(() => {
    if (!fact) return setAnswer(null);
    let current = true;
    setAnswer({ pending: true });
    previewLine([fact]).then((got) => current && setAnswer(got || { fact, derived: null }));
    return () => { current = false; };
  }, [key]);
  const outcome = answer?.derived?.outcome ?? null;
  const onMiss = outcome === "miss" && halfOnMiss(attack);
  useEffect(() => {
    if (!fact || answer?.pending || (outcome === "miss" && !onMiss)) return undefined;
    let current = true;
    call("POST", `/rulesets/${page.state.ruleset}/damage`, { body: { attack, critical: outcome === "critical" } })
      .then((got) => current && setRolled({ for: outcome, rolls: got.rolls }))
      .catch(() => current && setRolled({ for: outcome, rolls: [] }));
    return () => { current = false; };
  }, [outcome, !!fact, !!answer?.pending]);
  const rolls = rolled.for === outcome ? rolled.rolls : [];
  // Ready to record once the rules have answered and the damage for that outcome is known (or typed).
  const ready = !!fact && !answer?.pending && ((outcome === "miss" && !onMiss) || rolled.for === outcome || amountOrRoll(typed) !== null);
  // The service's dice: the die read back from a previewed roll (nothing is stored).
  const rollDie = async (set) => {
    const got = await previewLine([{ type: "AttackMade", attacker, target, roll: `1d20${signed(bonus)}` }]);
    if (got?.fact?.natural) set(String(got.fact.natural));
  };
  return {
    bonus, d20, setD20, confirmText, setConfirm, typed, setTyped, answer, rolls, fact, outcome, ready,
    awaited: answer?.derived?.confirmation === "awaited" && !confirm,
    roll: () => rollDie(setD20), rollConfirm: () => rollDie(setConfirm),
    onMiss,
    facts: async (at, extra = {}) => {
      if (!fact) return [];
      if (outcome === "miss" && !onMiss) return [fact];
      const dealt = damageFacts(attacker, target, attack, rolls, typed, at + 1, extra);
      if (!onMiss) return [fact, ...dealt];
      return [fact, ...(await Promise.all(dealt.map(halved)))];
    },
  };
}

// Half of a damage line (as the ruleset rounds it), its dice rolled first by the service (a dry run).
async function halved(dealt) {
  let amount = dealt.amount;
  if (amount === undefined) amount = (await previewLine([{ ...dealt, attack: undefined }]))?.fact?.amount ?? 0;
  const { roll, ...rest } = dealt;
  return { ...rest, amount: await spare(amount), on_miss: true };
}

function Swing({ s, n, attacker, target, label, first }) {
  const damage = s.rolls.map((r) => `${r.roll}${r.damage_type ? ` ${r.damage_type}` : ""}`).join(" + ");
  return html`<fieldset class="swing" data-bonus=${s.bonus}><legend>${label}</legend>
    <div class="grid">
      <label>d20 (or “total 23”) <input name="d20" inputmode="text" autocomplete="off" autofocus=${first}
        placeholder="17 or total 23" value=${s.d20} onInput=${(e) => s.setD20(e.target.value)} /></label>
      <button type="button" class="roll roll-d20" onClick=${s.roll}>Roll d20${signed(s.bonus)}</button>
    </div>
    <${Outcome} answer=${s.answer} n=${n} attacker=${attacker} target=${target} />
    ${s.answer?.derived?.confirmation === "awaited" || s.confirmText ? html`<div class="grid">
      <label>confirm d20 <input name="confirm" inputmode="text" autocomplete="off" placeholder="15 or total 21"
        value=${s.confirmText} onInput=${(e) => s.setConfirm(e.target.value)} /></label>
      <button type="button" class="roll roll-confirm" onClick=${s.rollConfirm}>Roll to confirm</button></div>` : null}
    ${s.fact && (s.outcome !== "miss" || s.onMiss) ? html`<div class="grid damage-row">
      <p class="damage-dice" data-dice=${damage}>${amountOrRoll(s.typed) ? `Damage ${s.typed.trim()}, as typed`
        : damage ? `Damage ${damage}${s.outcome === "critical" ? " (critical)" : ""}${s.onMiss ? ", halved: Miss: half damage" : ""}, rolled when recorded` : ""}</p>
      <label>or the damage rolled <input name="damage" inputmode="numeric" autocomplete="off" placeholder="7"
        value=${s.typed} onInput=${(e) => s.setTyped(e.target.value)} /></label></div>` : null}
  </fieldset>`;
}

let sending = false;

async function factsAt(swings, version, extra) {
  const facts = [];
  for (const s of swings) facts.push(...(await s.facts(version + facts.length, extra)));
  return facts;
}

// What the damage lines carry besides their amount, as the ruleset reads it: Starfinder's
// `overcomes` (what gets past the target's DR) and True20's Toughness save against it.
function DamageExtras({ ruleset, x, setX, target }) {
  const set = (key) => (e) => setX({ ...x, [key]: e.target.value });
  if (ruleset === "starfinder") {
    return html`<div class="grid damage-extras"><label>overcomes DR <input name="overcomes" placeholder="magic, cold iron"
      value=${x.overcomes} onInput=${set("overcomes")} /></label></div>`;
  }
  if (ruleset !== "true20") return null;
  return html`<div class="grid damage-extras">
    <label>Toughness d20 <input name="save" type="number" min="1" max="20" inputmode="numeric" value=${x.save} onInput=${set("save")} /></label>
    <label>Toughness bonus <input name="toughness" type="number" inputmode="numeric"
      value=${x.toughness ?? String(joinedAs(target)?.stats?.toughness ?? 0)} onInput=${set("toughness")} /></label></div>`;
}

function extrasOf(ruleset, x, target) {
  const tags = String(x.overcomes || "").split(",").map((t) => t.trim()).filter(Boolean);
  if (ruleset === "starfinder" && tags.length) return { overcomes: tags };
  if (ruleset !== "true20" || int(x.save) === null) return {};
  const bonus = int(x.toughness ?? String(joinedAs(target)?.stats?.toughness ?? 0)) || 0;
  return { save: { natural: int(x.save), total: int(x.save) + bonus } };
}

function StoredAttackDialog({ attacker, index }) {
  const state = page.state;
  const n = labeller(state.combatants);
  const attack = storedAttacks(attacker)[index];
  const bonuses = attack ? bonusesOf(attack) : [0];
  const [target, setTarget] = useState(() => targetFor(attacker, state));
  const [full, setFull] = useState(false);
  const [nudged, setNudged] = useState(false);  // a threat's confirmation asked for once
  const [x, setX] = useState({ overcomes: "", save: "", toughness: null });  // null: the target's own
  // hooks in a fixed number: one swing per iterative bonus, shown on a full attack
  const swings = bonuses.map((bonus) => useSwing(attacker, target, attack || {}, bonus));
  if (!attack) return html`<${Dialog} title="Attack"><p class="error">This attack is no longer in the stat block.</p><//>`;
  const shown = full ? swings : swings.slice(0, 1);
  const ready = shown.some((s) => s.fact) && shown.every((s) => !s.fact || s.ready);
  const go = async (e) => {
    e?.preventDefault();
    const waiting = shown.find((s) => s.awaited && !s.confirmText);
    if (waiting && !nudged) {  // a threat: the confirmation roll first (a second Record skips it)
      setNudged(true);
      document.querySelector("dialog.stored-attack input[name=confirm]")?.focus();
      return;
    }
    if (!ready || sending) return;
    sending = true;  // the dice of a Miss: half damage are rolled before the write: one write still
    page.lastTargets = { ...page.lastTargets, [attacker]: target };
    const extra = extrasOf(state.ruleset, x, target);
    const done = await recordLinked("stored-attack", (version) => factsAt(shown, version, extra)).finally(() => { sending = false; });
    if (done) update({ dialog: null });
  };
  const ids = Object.keys(state.combatants).filter((id) => id !== attacker);
  const title = `${n(attacker)}: ${attack.name} ${bonuses.map(signed).join("/")}`;
  return html`<${Dialog} title=${title} cls="stored-attack">
    <form class="stored-attack-form" onSubmit=${go}>
      <div class="grid">
        <label>target <select name="target" value=${target} onChange=${(e) => setTarget(e.target.value)}>
          ${ids.map((x) => html`<option value=${x}>${n(x)}</option>`)}</select></label>
        ${bonuses.length > 1 ? html`<label class="check"><input type="checkbox" name="full" checked=${full}
          onChange=${(e) => setFull(e.target.checked)} /> full attack (${bonuses.map(signed).join("/")})</label>` : null}
      </div>
      ${shown.map((s, k) => html`<${Swing} key=${k} s=${s} n=${n} attacker=${attacker} target=${target} first=${k === 0}
        label=${shown.length > 1 ? `attack ${k + 1} (${signed(s.bonus)})` : `${attack.name} ${signed(s.bonus)}`} />`)}
      ${shown.some((s) => s.fact && (s.outcome !== "miss" || s.onMiss))
        ? html`<${DamageExtras} ruleset=${state.ruleset} x=${x} setX=${setX} target=${target} />` : null}
      <div class="buttons"><${Act} where="stored-attack" type="submit" cls="primary record-stored" disabled=${!ready}>Record<//></div>
      <${ErrorNote} where="stored-attack" />
    </form>
  <//>`;
}

export function StoredAttackDialogFor({ attacker, index }) {
  // keyed on the attack, so a second attack starts from an empty dialog
  return html`<${StoredAttackDialog} key=${`${attacker}:${index}`} attacker=${attacker} index=${index} />`;
}

// A combatant's stored attacks as buttons (on its card; the acting one's in the turn bar too).
// None for a combatant that cannot attack: dead, dying, unconscious or helpless as the rules derive.
const DOWN = ["dead", "dying", "unconscious", "helpless"];
export function StoredAttacks({ id, state, cls = "" }) {
  const attacks = storedAttacks(id);
  if (!attacks.length || (state.combatants[id]?.statuses || []).some((s) => DOWN.includes(s))) return null;
  const off = !live() || state.phase === "ended";
  return html`<div class=${`stored-attacks ${cls}`} role="group" aria-label=${`attacks of ${state.combatants[id]?.name || id}`}>
    ${attacks.map((a, k) => html`<button type="button" class="stored" data-attack=${k} disabled=${off}
      onClick=${() => update({ dialog: { kind: "stored-attack", attacker: id, index: k } })}>
      ${a.name} ${bonusesOf(a).map(signed).join("/")}</button>`)}</div>`;
}
