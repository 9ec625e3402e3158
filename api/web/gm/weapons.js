// The attacks an attacker's stat block carries (stats.attacks: typed in, or imported from
// another tool), offered in the attack dialog: picking one fills its bonus, damage, type and
// defense, and the attack line names it with its threat range and multiplier.
import { html } from "./lib.js";
import { joinedAs } from "./store.js";

const bonusOf = (a) => (Array.isArray(a.bonus) ? a.bonus[0] : a.bonus);
const said = (a) => `${a.name} ${[].concat(a.bonus).map((b) => (b < 0 ? b : `+${b}`)).join("/")}${a.damage ? ` (${a.damage})` : ""}`;

// The dialog's fields an attack fills.
export function picked(attack) {
  if (!attack) return { weapon: "", threat: null, multiplier: null };
  return {
    weapon: attack.name, bonus: String(bonusOf(attack)), amount: attack.damage || "", type: attack.damage_type || "",
    threat: attack.threat ?? null, multiplier: attack.multiplier ?? null,
    ...(attack.defense || attack.vs ? { defense: attack.defense || attack.vs } : {}),  // Orcus: a power's `vs`
  };
}

// The attack line with the weapon it was made with (CONTRACT extension: AttackMade.weapon,
// threat, multiplier).
export function withWeapon(fact, f) {
  const carried = (joinedAs(f.attacker)?.stats?.attacks || []).some((a) => a.name === f.weapon);
  if (!f.weapon || !carried) return fact;  // picked for another attacker: not this one's
  return { ...fact, weapon: f.weapon, ...(f.threat ? { threat: f.threat } : {}), ...(f.multiplier ? { multiplier: f.multiplier } : {}) };
}

export function WeaponPicker({ attacker, value, onPick }) {
  const attacks = joinedAs(attacker)?.stats?.attacks || [];
  if (!attacks.length) return null;
  const choose = (e) => onPick(picked(attacks.find((a) => a.name === e.target.value)));
  return html`<label>with <select name="weapon" value=${value || ""} onChange=${choose}>
    <option value="">(type the bonus)</option>
    ${attacks.map((a) => html`<option value=${a.name}>${said(a)}</option>`)}</select></label>`;
}
