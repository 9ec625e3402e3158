// The attack flow: attacker → target → the roll → the ruleset's outcome, shown before it is
// recorded (against the defense that system names) → damage linked to the attack, in one batch.
import { html, useEffect, useState } from "./lib.js";
import { joinedAs, page, recordLinked, update } from "./store.js";
import { Act, Dialog, ErrorNote, amountOrRoll, int } from "./ui.js";
import { previewLine } from "./preview.js";
import { defenseTitle, defenses, spare } from "./rules.js";
import { labeller } from "./words.js";
import { WeaponPicker, withWeapon } from "./weapons.js";

const signed = (n) => `${n < 0 ? "" : "+"}${n}`;

function attackFact(f) {
  const fact = { type: "AttackMade", attacker: f.attacker, target: f.target, natural: int(f.natural), total: int(f.natural) + (int(f.bonus) || 0) };
  if (f.defense) fact.defense = f.defense;
  if (f.outcome) fact.outcome = f.outcome;
  if (int(f.confirm) !== null) Object.assign(fact, { confirm_natural: int(f.confirm), confirm_total: int(f.confirm) + (int(f.bonus) || 0) });
  return withWeapon(fact, f);
}

async function damageFact(f, attackAt, outcome) {
  let given = amountOrRoll(f.amount);
  if (!given) return null;
  const onMiss = f.missHalf && outcome === "miss";
  if (outcome === "miss" && !onMiss) return null;
  if (onMiss) {  // the power's Miss: half damage, its dice rolled first (a dry run), halved by the rules
    const amount = given.amount ?? (await previewLine([{ type: "DamageDealt", target: f.target, ...given }]))?.fact?.amount ?? 0;
    given = { amount: await spare(amount) };
  }
  const fact = { type: "DamageDealt", target: f.target, attack: attackAt, source: f.attacker, ...given };
  if (onMiss) fact.on_miss = true;
  if (f.type.trim()) fact.damage_type = f.type.trim();
  if (f.nonlethal) fact.nonlethal = true;
  const tags = f.overcomes.split(",").map((t) => t.trim()).filter(Boolean);
  if (tags.length) fact.overcomes = tags;  // Starfinder: what gets past the target's DR
  if (int(f.save) !== null) fact.save = { natural: int(f.save), total: int(f.save) + (int(f.toughness) || 0) };
  return fact;
}

function Outcome({ derived, waiting, n, f }) {
  if (waiting) return html`<p class="outcome" role="status">Enter the d20 or roll it.</p>`;
  if (derived?.pending && !derived.derived) return html`<p class="outcome" role="status">Asking the rules…</p>`;
  if (!derived) return html`<p class="outcome" role="status">The outcome shows once it is recorded.</p>`;
  if (derived.error) return html`<p class="outcome error" role="alert">${derived.error}</p>`;
  const d = derived.derived || {};
  const against = d.defense_value != null ? ` (${d.total_used ?? derived.fact.total} vs ${defenseTitle(d.defense)} ${d.defense_value})` : "";
  const said = { hit: "hits", miss: "misses", critical: "critically hits" }[d.outcome] || "attacks";
  return html`<p class=${`outcome ${d.outcome || ""}`} role="status" data-outcome=${d.outcome}>
    ${n(f.attacker)} ${said} ${n(f.target)}${against}${d.threat && d.outcome !== "critical" ? " — a threat: roll to confirm" : ""}</p>`;
}

export function AttackDialog({ target }) {
  const state = page.state;
  const n = labeller(state.combatants);
  const ids = Object.keys(state.combatants);
  const ruleset = state.ruleset;
  const [f, setF] = useState({
    attacker: state.turn && state.turn !== target ? state.turn : ids.find((x) => x !== target) || "",
    target, defense: defenses(ruleset)[0]?.name || "", natural: "", bonus: "0", outcome: "", confirm: "",
    amount: "", type: "", nonlethal: false, overcomes: "", missHalf: false, save: "", toughness: String(joinedAs(target)?.stats?.toughness ?? 0),
  });
  const [derived, setDerived] = useState(null);
  const set = (key) => (e) => setF({ ...f, [key]: e.target.type === "checkbox" ? e.target.checked : e.target.value });
  const ready = int(f.natural) !== null && f.attacker && f.target;
  useEffect(() => {
    if (!ready) return setDerived(null);
    let current = true;
    setDerived((was) => ({ ...(was || {}), pending: true }));
    previewLine([attackFact(f)]).then((answer) => current && setDerived(answer));  // null: no preview
    return () => { current = false; };
  }, [f.attacker, f.target, f.defense, f.natural, f.bonus, f.outcome, f.confirm]);
  const roll = async (key, fact) => {
    const answer = await previewLine([fact]);
    if (answer?.fact?.natural) setF({ ...f, [key]: String(answer.fact.natural) });
  };
  const rollAttack = () => roll("natural", { type: "AttackMade", attacker: f.attacker, target: f.target, roll: `1d20${signed(int(f.bonus) || 0)}` });
  const rollSave = () => roll("save", { type: "SavingThrowRolled", combatant: f.target, save: "toughness", roll: `1d20${signed(int(f.toughness) || 0)}` });
  const outcome = f.outcome || derived?.derived?.outcome;
  const go = async () => {
    if (!ready) return;
    const done = await recordLinked("attack", async (version) => [attackFact(f), await damageFact(f, version + 1, outcome)].filter(Boolean));
    if (done) update({ dialog: null });
  };
  const who = (key) => html`<select name=${key} value=${f[key]} onChange=${set(key)}>
    ${ids.map((x) => html`<option value=${x}>${n(x)}</option>`)}</select>`;
  return html`<${Dialog} title="Attack" cls="attack">
    <div class="grid">
      <label>attacker ${who("attacker")}</label>
      <${WeaponPicker} attacker=${f.attacker} value=${f.weapon} onPick=${(w) => setF({ ...f, ...w })} />
      <label>target ${who("target")}</label>
      <label>against <select name="defense" value=${f.defense} onChange=${set("defense")}>
        ${defenses(ruleset).map((d) => html`<option value=${d.name}>${d.title}</option>`)}</select></label>
      <label>d20 <input name="natural" type="number" min="1" max="20" value=${f.natural} onInput=${set("natural")} /></label>
      <label>bonus <input name="bonus" type="number" value=${f.bonus} onInput=${set("bonus")} /></label>
      <button type="button" class="roll" onClick=${rollAttack}>Roll d20${signed(int(f.bonus) || 0)}</button>
    </div>
    <${Outcome} derived=${derived} waiting=${!ready} n=${n} f=${f} />
    <div class="grid">
      ${derived?.derived?.threat ? html`<label>confirm d20 <input name="confirm" type="number" min="1" max="20" value=${f.confirm} onInput=${set("confirm")} /></label>` : null}
      <label>ruling <select name="outcome" value=${f.outcome} onChange=${set("outcome")}>
        <option value="">as the rules say</option><option value="hit">hit</option><option value="miss">miss</option><option value="critical">critical</option></select></label>
    </div>
    <fieldset class="grid"><legend>Damage</legend>
      <label>amount <input name="amount" placeholder="7 or 1d8+3" value=${f.amount} onInput=${set("amount")} /></label>
      <label>type <input name="damage_type" placeholder="slashing" value=${f.type} onInput=${set("type")} /></label>
      <label class="check"><input type="checkbox" name="nonlethal" checked=${f.nonlethal} onChange=${set("nonlethal")} /> nonlethal</label>
      ${ruleset === "starfinder" ? html`<label>overcomes DR <input name="overcomes" placeholder="magic, cold iron" value=${f.overcomes} onInput=${set("overcomes")} /></label>` : null}
      ${ruleset === "orcus" ? html`<label class="check"><input type="checkbox" name="miss_half" checked=${f.missHalf} onChange=${set("missHalf")} /> Miss: half damage</label>` : null}
      ${ruleset === "true20" ? html`
        <label>Toughness d20 <input name="save" type="number" min="1" max="20" value=${f.save} onInput=${set("save")} /></label>
        <label>Toughness bonus <input name="toughness" type="number" value=${f.toughness} onInput=${set("toughness")} /></label>
        <button type="button" class="roll" onClick=${rollSave}>Roll the save</button>` : null}
    </fieldset>
    <div class="buttons"><${Act} where="attack" cls="primary record-attack" disabled=${!ready} onClick=${go}>
      ${amountOrRoll(f.amount) && outcome !== "miss" ? "Record attack and damage" : "Record attack"}<//></div>
    <${ErrorNote} where="attack" />
  <//>`;
}
