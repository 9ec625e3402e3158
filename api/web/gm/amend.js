// Amend a ruling with the same fields that recorded it (no JSON to type), then show in the
// dialog, and above the table until dismissed, what differs downstream.
import { html, useState } from "./lib.js";
import { api, correct, page, record, update } from "./store.js";
import { Dialog, ErrorNote, Act } from "./ui.js";
import { differences } from "../changes.js";
import { defenses, words } from "./rules.js";
import { describe, labeller } from "./words.js";
import { Summary, asWritten, inForce } from "./log.js";

const C = "combatant", N = "number", T = "text", B = "yes/no";
const OUTCOMES = ["", "hit", "miss", "critical"];
const FIELDS = {
  AttackMade: [["attacker", C], ["target", C], ["natural", N], ["total", N], ["defense", "defense"], ["outcome", OUTCOMES], ["confirm_natural", N], ["confirm_total", N]],
  DamageDealt: [["target", C], ["amount", N], ["damage_type", T], ["nonlethal", B], ["attack", N]],
  HealingApplied: [["target", C], ["amount", N], ["kind", T]],
  TemporaryHitPointsGained: [["target", C], ["amount", N]],
  ConditionApplied: [["target", C], ["condition", T], ["duration.rounds", N]],
  ConditionRemoved: [["target", C], ["condition", T]],
  SavingThrowRolled: [["combatant", C], ["save", T], ["natural", N], ["total", N], ["dc", N], ["outcome", ["", "success", "failure"]]],
  CheckRolled: [["combatant", C], ["check", T], ["natural", N], ["total", N], ["dc", N], ["outcome", ["", "success", "failure"]]],
  InitiativeRolled: [["combatant", C], ["natural", N], ["modifier", N]],
  CombatantJoined: [["name", T], ["side", T], ["hidden", B]],
  ActionReadied: [["combatant", C], ["trigger", T]],
  ReadiedActionTaken: [["combatant", C], ["before", C]],
  ResolveSpent: [["combatant", C], ["amount", N], ["purpose", T]],
  ConvictionSpent: [["combatant", C], ["purpose", T]],
  NoteAdded: [["text", T]],
};
const TURNS = ["TurnEnded", "Delayed", "DelayEnded", "CombatantLeft", "CombatantRevealed"];

const get = (fact, path) => path.split(".").reduce((v, k) => v?.[k], fact);
function put(fact, path, value) {
  const [head, tail] = path.split(".");
  if (head === "amount" && fact.rolled) return put((({ rolled: _, ...rest }) => rest)(fact), path, value);  // its dice no longer hold
  if (!tail) return value === undefined ? (({ [head]: _, ...rest }) => rest)(fact) : { ...fact, [head]: value };
  return { ...fact, [head]: { ...(fact[head] || {}), [tail]: value } };
}

function Field({ path, kind, value, onChange, n }) {
  const label = path === "attack" ? "attack (its line)" : words(path.replace(".", " "));
  const set = (raw) => onChange(raw === "" ? undefined : kind === N ? Number(raw) : raw);
  if (kind === C) {
    return html`<label>${label}<select name=${path} value=${value ?? ""} onChange=${(e) => set(e.target.value)}>
      ${Object.keys(page.state.combatants).map((id) => html`<option value=${id}>${n(id)}</option>`)}</select></label>`;
  }
  if (kind === B) return html`<label class="check"><input type="checkbox" name=${path} checked=${!!value} onChange=${(e) => onChange(e.target.checked || undefined)} /> ${label}</label>`;
  const choices = kind === "defense" ? ["", ...defenses().map((d) => d.name)] : Array.isArray(kind) ? kind : null;
  if (choices) {
    return html`<label>${label}<select name=${path} value=${value ?? ""} onChange=${(e) => set(e.target.value)}>
      ${choices.map((c) => html`<option value=${c}>${c ? words(c) : "as the rules say"}</option>`)}</select></label>`;
  }
  return html`<label>${label}<input name=${path} type=${kind === N ? "number" : "text"} value=${value ?? ""} onInput=${(e) => set(e.target.value)} /></label>`;
}

// The damage in force that cites an attack line (recorded with it, in its action), if any.
function damageOf(position) {
  return page.log.find((l) => !l.revoked && inForce(l)?.type === "DamageDealt" && inForce(l).attack === position) || null;
}

export function AmendDialog({ line }) {
  const written = asWritten(inForce(line));
  const n = labeller(page.state.combatants);
  const [fact, setFact] = useState(written);
  // Amending an attack offers its damage with it: both amended in one write, so one action.
  const damageLine = written.type === "AttackMade" ? damageOf(line.position) : null;
  const [damage, setDamage] = useState(damageLine ? asWritten(inForce(damageLine)) : null);
  const [reason, setReason] = useState("");
  const [done, setDone] = useState(null);
  const toughness = fact.type === "DamageDealt" && page.state.ruleset === "true20" ? [["save.natural", N], ["save.total", N]] : [];
  const fields = [...(FIELDS[fact.type] || (TURNS.includes(fact.type) ? [["combatant", C]] : [])), ...toughness];
  const amend = async (e) => {
    e.preventDefault();
    const before = await api("GET", `/encounters/${page.id}/state`);
    const why = reason.trim() ? { reason: reason.trim() } : {};
    const withDamage = damageLine && JSON.stringify(damage) !== JSON.stringify(asWritten(inForce(damageLine)));
    const sent = withDamage
      ? record("amend", [{ type: "EventAmended", target: line.position, replacement: fact, ...why },
        { type: "EventAmended", target: damageLine.position, replacement: damage, ...why }])
      : correct("amend", "amend", { position: line.position, replacement: fact, ...why });
    if (!(await sent)) return;
    const summary = { position: line.position, changes: differences(before, page.state) };
    setDone(summary);
    update({ changes: summary });
  };
  return html`<${Dialog} title=${`Amend line ${line.position}: ${describe(written, n)}`} cls="amend">
    <form class="amend-form" onSubmit=${amend}>
      <div class="grid">${fields.map(([path, kind]) => html`<${Field} path=${path} kind=${kind} value=${get(fact, path)} n=${n}
        onChange=${(value) => setFact(put(fact, path, value))} />`)}
        <label>why (optional)<input name="reason" value=${reason} onInput=${(e) => setReason(e.target.value)} /></label></div>
      ${damageLine && damage ? html`<fieldset class="grid amend-damage"><legend>Its damage (line ${damageLine.position}), amended with it</legend>
        <label>amount<input name="damage_amount" type="number" min="0" value=${damage.amount ?? ""}
          onInput=${(e) => setDamage({ ...damage, amount: e.target.value === "" ? 0 : Number(e.target.value) })} /></label>
        <label>damage type<input name="damage_damage_type" value=${damage.damage_type ?? ""}
          onInput=${(e) => setDamage(put(damage, "damage_type", e.target.value.trim() || undefined))} /></label></fieldset>` : null}
      ${done ? html`<div class="summary" role="status"><${Summary} ...${done} /></div>` : html`<p class="hint">Becomes: ${describe(fact, n)}</p>`}
      <div class="buttons">${done
        ? html`<button type="button" class="primary close-amend" onClick=${() => update({ dialog: null })}>Close</button>`
        : html`<${Act} where="amend" type="submit" cls="primary do-amend">Amend<//>`}</div>
      <${ErrorNote} where="amend" />
    </form>
  <//>`;
}
