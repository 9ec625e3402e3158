// An effect on many targets as one action (a fireball, a breath weapon, a mass cure, a bless, a
// fear aura's save): the targets picked (or every foe in view); damage or healing rolled once for
// all, a condition, or a saving throw alone. Each target's own roll decides what reaches it, as
// the ruleset says (GET /rulesets `area`): its save (3.5, d20 Modern, Starfinder, True20), or in
// Orcus the user's attack roll against it (004 L940). The rules' outcome of each roll is read back
// (POST …/preview); a spared target takes what the ruleset leaves of the damage (POST
// /rulesets/{r}/area-damage: half rounded down, or none), or no condition. All recorded in one
// write, so one Undo takes the whole effect back.
import { html, useEffect, useState } from "./lib.js";
import { clearError, page, recordLinked, update } from "./store.js";
import { Act, Dialog, ErrorNote, amountOrRoll, int } from "./ui.js";
import { preview } from "./preview.js";
import { area, conditions, defenseTitle, defenses, saves, spare, words } from "./rules.js";
import { labeller } from "./words.js";
import { duration } from "./drawer.js";

const GONE = ["dead", "left"];
const signed = (n) => `${n < 0 ? "" : "+"}${n}`;
const EFFECTS = [["damage", "damage"], ["healing", "healing"], ["condition", "a condition"], ["save", "a saving throw alone"]];
const SPARINGS = { half: "half damage", none: "no damage" };
// What a combatant lost between two tables: hit points, temporary ones and Stamina (null where the
// system tracks none of them: True20's Toughness track).
const POOLS = ["hp", "temp_hp", "stamina"];
function lost(before, after) {
  const pools = (c) => POOLS.filter((k) => typeof c?.vitals?.[k] === "number");
  if (!after || !pools(before).length) return null;
  const sum = (c) => pools(before).reduce((total, k) => total + (c.vitals[k] ?? 0), 0);
  return sum(before) - sum(after);
}

export function AreaDialog() {
  const state = page.state;
  const n = labeller(state.combatants);
  const acting = state.combatants[state.turn];
  const ids = state.order.concat(Object.keys(state.combatants).filter((id) => !state.order.includes(id)))
    .filter((id) => state.combatants[id] && !(state.combatants[id].statuses || []).some((s) => GONE.includes(s)));
  const foes = ids.filter((id) => acting ? state.combatants[id].side !== acting.side : state.combatants[id].side === "foes");
  const friends = ids.filter((id) => !foes.includes(id));
  const named = conditions();
  const rule = area();
  const [effect, setEffect] = useState("damage");
  const [chosen, setChosen] = useState(new Set(foes));
  const [f, setF] = useState({ amount: "", type: "", save: "", dc: "", success: rule.spared[0] || "none",
    condition: named[0]?.name || "", custom: "", lasts: "none", rounds: "1", value: "", valueType: "",
    user: state.turn || "", bonus: "", defense: defenses()[0]?.name || "" });
  const [rolls, setRolls] = useState({});  // id → {natural, bonus}
  const set = (key) => (e) => { setF({ ...f, [key]: e.target.value }); clearError("area"); };
  const roll = (id, key, value) => setRolls({ ...rolls, [id]: { ...(rolls[id] || { natural: "", bonus: "0" }), [key]: value } });
  const targets = ids.filter((id) => chosen.has(id));
  // Orcus: an attack roll against each target (004 L940) decides a damage or condition area; with
  // no attack bonus typed, the effect needs none (a power's Effect: line) and reaches them all.
  const byAttack = rule.by === "attack" && (effect === "damage" || effect === "condition");
  const attacking = byAttack && int(f.bonus) !== null;
  const saveable = effect !== "healing" && !byAttack;
  const saving = saveable && f.save && int(f.dc) !== null;
  const rolling = saving || (attacking && !!f.user);
  const condition = (f.condition === "" || !named.length ? f.custom : f.condition).trim();
  const valued = named.find((x) => x.name === f.condition)?.valued;  // Orcus persistent damage
  const pick = (e) => {  // healing starts on the acting side; the rest on its foes
    setEffect(e.target.value);
    setChosen(new Set(e.target.value === "healing" ? friends : foes));
    clearError("area");
  };
  const rollOf = (id) => {  // the target's save, or the user's attack roll against it
    const r = rolls[id];
    if (!rolling || !r || int(r.natural) === null) return null;
    if (attacking) {
      return { type: "AttackMade", attacker: f.user, target: id, natural: int(r.natural), total: int(r.natural) + int(f.bonus),
        ...(f.defense ? { defense: f.defense } : {}) };
    }
    return { type: "SavingThrowRolled", combatant: id, save: f.save, natural: int(r.natural), total: int(r.natural) + (int(r.bonus) || 0), dc: int(f.dc) };
  };
  const rollAll = async () => {  // the service's dice, each with the target's save bonus (a dry run)
    const asked = targets.map((id) => (attacking
      ? { type: "AttackMade", attacker: f.user, target: id, roll: `1d20${signed(int(f.bonus) || 0)}`, ...(f.defense ? { defense: f.defense } : {}) }
      : { type: "SavingThrowRolled", combatant: id, save: f.save, dc: int(f.dc) ?? undefined, roll: `1d20${signed(int(rolls[id]?.bonus) || 0)}` }));
    const answer = await preview(asked);
    if (!answer?.lines) return;
    const next = { ...rolls };
    answer.lines.forEach((line, k) => { next[targets[k]] = { bonus: rolls[targets[k]]?.bonus ?? "0", natural: String(line.fact.natural) }; });
    setRolls(next);
  };
  // A target the effect spares: its save made, or (Orcus) the attack roll against it missed.
  const spares = (outcome) => outcome === (attacking ? "miss" : "success");
  // Each target's outcome, from a preview of the rolls `made` (one a target, null for none).
  const outcomesOf = (made, answer) => {
    const found = {};
    let k = 0;
    made.forEach((r, i) => { if (r) found[targets[i]] = answer?.lines?.[k++]?.derived?.outcome; });
    return found;
  };
  // The effect's lines as recorded from line `version` on, in initiative order: each target's roll,
  // then what reaches it — `rolled` the amount rolled once for all, `part` a spared target's.
  const factsOf = (version, outcomes, rolled, part) => {
    const source = state.turn ? { source: state.turn } : {};
    const by = attacking ? { source: f.user } : source;
    const lasting = effect === "condition" ? duration(f.lasts, f.rounds, state) : null;
    const facts = [];
    for (const id of targets) {
      const own = rollOf(id);
      const at = version + facts.length + 1;  // the attack's own line, which its damage names
      if (own) facts.push(own);
      const spared = spares(outcomes[id]);
      const link = attacking && own ? { attack: at } : {};
      const dice = rolled?.rolled ? { rolled: rolled.rolled } : {};  // the dice shown with a whole amount
      if (effect === "healing") facts.push({ type: "HealingApplied", target: id, amount: rolled.amount, ...dice, ...source });
      if (effect === "condition" && !spared) {
        facts.push({ type: "ConditionApplied", target: id, condition, ...(by.source && by.source !== id ? by : {}),
          ...(valued ? { value: int(f.value), ...(f.valueType.trim() ? { damage_type: f.valueType.trim() } : {}) } : {}),
          ...(lasting ? { duration: lasting } : {}) });
      }
      if (effect !== "damage") continue;
      const dealt = spared ? part : rolled.amount;
      if (spared && dealt === 0) continue;
      facts.push({ type: "DamageDealt", target: id, amount: dealt, ...(dealt === rolled.amount ? dice : {}), ...link,
        ...(attacking && spared ? { on_miss: true } : {}),
        ...(f.type.trim() ? { damage_type: f.type.trim() } : {}), ...by });
    }
    return facts;
  };
  // Each target's outcome as the rules read its roll, shown before Record (a dry run): "saves: 3",
  // "misses: 0" (a mook) — and what each will lose, from a dry run of the whole effect.
  const [read, setRead] = useState({});  // id → {outcome, takes}
  const asked = JSON.stringify([targets.map(rollOf), f.amount, f.success, effect]);
  useEffect(() => {
    const made = targets.map(rollOf);
    if (!made.some(Boolean)) { setRead({}); return undefined; }
    let current = true;
    const timer = setTimeout(async () => {
      const answer = await preview(made.filter(Boolean));
      if (!current || !answer?.lines) return;
      const outcomes = outcomesOf(made, answer);
      const found = Object.fromEntries(Object.entries(outcomes).map(([id, outcome]) => [id, { outcome }]));
      const given = amountOrRoll(f.amount);
      if (effect === "damage" && given?.amount !== undefined) {  // the rules applied: DR, resistances, mooks
        const part = Object.values(outcomes).some(spares) ? await spare(given.amount, f.success) : null;
        const after = (await preview(factsOf(state.version, outcomes, given, part)))?.state?.combatants || {};
        for (const [id, x] of Object.entries(found)) x.takes = lost(state.combatants[id], after[id]);
      }
      if (current) setRead(found);
    }, 150);
    return () => { current = false; clearTimeout(timer); };
  }, [asked]);
  const said = (id) => {
    const x = read[id];
    if (!x?.outcome) return null;
    const word = { success: "saves", failure: "fails", hit: "hit", miss: "misses", critical: "critical" }[x.outcome] || x.outcome;
    return html`<span class=${`area-outcome ${x.outcome}`}>${word}${x.takes !== undefined && x.takes !== null ? `: ${x.takes}` : ""}</span>`;
  };
  const wrong = (text) => { update({ errors: { ...page.errors, area: text } }); return null; };
  const amountOf = async (given, type) => {  // rolled once for every target (a dry run)
    if (given.amount !== undefined) return { amount: given.amount };
    const line = (await preview([{ type, target: targets[0], roll: given.roll }]))?.lines?.[0]?.fact;
    return line ? { amount: line.amount, ...(line.rolled ? { rolled: line.rolled } : {}) } : null;
  };
  const go = async (e) => {
    e?.preventDefault();
    if (!targets.length) return wrong("Pick at least one target.");
    const given = amountOrRoll(f.amount);
    if ((effect === "damage" || effect === "healing") && !given) return wrong(`Type the ${effect}: a number, or dice such as 8d6.`);
    if (effect === "condition" && !condition) return wrong("Choose a condition, or type the effect.");
    if (effect === "condition" && f.lasts === "rounds" && int(f.rounds) === null) return wrong("Type how many rounds it lasts.");
    if (effect === "condition" && valued && !(int(f.value) > 0)) return wrong("Type the damage it deals each turn.");
    if (effect === "save" && !saving) return wrong("Choose the save and type its DC.");
    if (attacking && !f.user) return wrong("Choose who makes the attack.");
    if ((effect === "save" || attacking) && targets.some((id) => !rollOf(id))) {
      return wrong(attacking ? "Type the d20 against each target, or Roll the attacks." : "Type each target's save, or Roll the saves.");
    }
    let rolled = null;
    if (given) { rolled = await amountOf(given, effect === "healing" ? "HealingApplied" : "DamageDealt"); if (!rolled) return; }
    const made = targets.map(rollOf);
    const read = made.some(Boolean) ? await preview(made.filter(Boolean)) : null;
    if (read?.error) return wrong(read.error);
    const outcomes = outcomesOf(made, read);
    const part = effect === "damage" && Object.values(outcomes).some(spares) ? await spare(rolled.amount, f.success) : null;
    const build = (version) => factsOf(version, outcomes, rolled, part);
    if (!build(0).length) return wrong(attacking ? "Every attack missed: nothing to record." : "Every target saved: nothing to record.");
    if (await recordLinked("area", build)) update({ dialog: null });
  };
  const toggle = (id) => { const next = new Set(chosen); if (next.has(id)) next.delete(id); else next.add(id); setChosen(next); };
  const amountBox = effect === "damage" || effect === "healing";
  const sparing = effect === "damage" && (attacking || f.save);
  return html`<${Dialog} title="Area effect" cls="area">
    <form class="area-form" onSubmit=${go}>
      <label>effect <select name="effect" value=${effect} onChange=${pick}>
        ${EFFECTS.map(([value, title]) => html`<option value=${value}>${title}</option>`)}</select></label>
      <div class="buttons"><button type="button" class="all-foes" onClick=${() => setChosen(new Set(foes))}>All foes in view</button>
        <button type="button" class="all-friends" onClick=${() => setChosen(new Set(friends))}>All allies</button>
        <button type="button" class="no-one" onClick=${() => setChosen(new Set())}>No one</button></div>
      <div class="grid">
        ${amountBox ? html`<label>${effect} <input name="amount" placeholder=${effect === "damage" ? "28 or 8d6" : "9 or 1d8+5"}
          value=${f.amount} onInput=${set("amount")} /></label>` : null}
        ${effect === "damage" ? html`<label>type <input name="damage_type" placeholder="fire" value=${f.type} onInput=${set("type")} /></label>` : null}
        ${effect === "condition" && named.length ? html`<label>condition <select name="condition" value=${f.condition} onChange=${set("condition")}>
          ${named.map((x) => html`<option value=${x.name}>${x.title || words(x.name)}</option>`)}
          <option value="">other…</option></select></label>` : null}
        ${effect === "condition" && (f.condition === "" || !named.length) ? html`<label>effect <input name="custom" placeholder="bless"
          value=${f.custom} onInput=${set("custom")} /></label>` : null}
        ${effect === "condition" && valued ? html`<label>damage each turn <input name="value" type="number" min="1"
          value=${f.value} onInput=${set("value")} /></label>
          <label>its type <input name="condition_damage_type" placeholder="fire" value=${f.valueType} onInput=${set("valueType")} /></label>` : null}
        ${effect === "condition" ? html`<label>lasts <select name="duration" value=${f.lasts} onChange=${set("lasts")}>
          <option value="none">until removed</option><option value="rounds">rounds</option>
          ${state.turn ? html`<option value="end_of_turn">to the end of ${n(state.turn)}'s next turn</option>` : null}
          <option value="save_ends">save ends</option></select></label>` : null}
        ${effect === "condition" && f.lasts === "rounds" ? html`<label>rounds <input name="rounds" type="number" min="1"
          value=${f.rounds} onInput=${set("rounds")} /></label>` : null}
        ${saveable ? html`<label>save <select name="save" value=${f.save} onChange=${set("save")}><option value="">none</option>
          ${saves().map((s) => html`<option value=${s}>${words(s)}</option>`)}</select></label>` : null}
        ${saveable && f.save ? html`<label>DC <input name="dc" type="number" value=${f.dc} onInput=${set("dc")} /></label>` : null}
        ${byAttack ? html`<label>attacker <select name="user" value=${f.user} onChange=${set("user")}>
          <option value="">choose…</option>${ids.map((id) => html`<option value=${id}>${n(id)}</option>`)}</select></label>
          <label>attack bonus <input name="attack_bonus" placeholder="+6" size="4" inputmode="numeric" value=${f.bonus} onInput=${set("bonus")} /></label>
          <label>vs <select name="defense" value=${f.defense} onChange=${set("defense")}>
            ${defenses().map((d) => html`<option value=${d.name}>${defenseTitle(d.name)}</option>`)}</select></label>` : null}
        ${sparing ? html`<label>${attacking ? "on a miss" : "on a success"} <select name="success" value=${f.success} onChange=${set("success")}>
            ${rule.spared.map((x) => html`<option value=${x}>${SPARINGS[x] || words(x)}</option>`)}</select></label>` : null}
      </div>
      ${sparing && rule.rule ? html`<p class="hint area-rule">${rule.rule}</p>` : null}
      ${saving ? html`<p class="hint">Each target's save: the d20 as it fell, and its bonus (or Roll the saves).${
        effect === "condition" ? " A target that saves is not affected." : ""}</p>` : null}
      ${attacking && rolling ? html`<p class="hint">The d20 against each target (or Roll the attacks).${
        effect === "condition" ? " A target the attack misses is not affected." : ""}</p>` : null}
      ${byAttack && !attacking ? html`<p class="hint">Type the attack bonus for an attack roll against each target; without
        one the effect reaches every target (a power's Effect: line).</p>` : null}
      <ol class="sheet area-targets">${ids.map((id) => html`<li data-id=${id} class=${state.combatants[id].side}>
        <label class="check"><input type="checkbox" name=${`target-${id}`} checked=${chosen.has(id)} onChange=${() => toggle(id)} /> ${n(id)}</label>
        ${saving && chosen.has(id) ? html`<span class="group-of">
          <input name=${`save-${id}`} aria-label=${`${n(id)}'s save d20`} placeholder="d20" size="3" inputmode="numeric"
            value=${rolls[id]?.natural ?? ""} onInput=${(e) => roll(id, "natural", e.target.value)} />
          <input name=${`bonus-${id}`} aria-label=${`${n(id)}'s save bonus`} placeholder="+0" size="3" inputmode="numeric"
            value=${rolls[id]?.bonus ?? "0"} onInput=${(e) => roll(id, "bonus", e.target.value)} /></span>` : null}
        ${attacking && rolling && chosen.has(id) ? html`<span class="group-of">
          <input name=${`attack-${id}`} aria-label=${`the d20 against ${n(id)}`} placeholder="d20" size="3" inputmode="numeric"
            value=${rolls[id]?.natural ?? ""} onInput=${(e) => roll(id, "natural", e.target.value)} /></span>` : null}
        ${chosen.has(id) ? said(id) : null}</li>`)}</ol>
      ${saving ? html`<button type="button" class="roll roll-saves" onClick=${rollAll}>Roll the saves</button>` : null}
      ${attacking && rolling ? html`<button type="button" class="roll roll-attacks" onClick=${rollAll}>Roll the attacks</button>` : null}
      <div class="buttons"><${Act} where="area" type="submit" cls="primary record-area">Record on ${targets.length} target${targets.length === 1 ? "" : "s"}<//></div>
      <${ErrorNote} where="area" />
    </form>
  <//>`;
}
