// An area effect on many targets as one action (a fireball, a breath weapon): the targets picked
// (or every foe in view), the damage rolled once, each target's save typed or rolled, the rules'
// outcome of each save read back (POST …/preview), half (or none) on a success, all recorded in
// one write: the saves and the damage lines, so one Undo takes the whole effect back.
import { html, useState } from "./lib.js";
import { page, record, update } from "./store.js";
import { Act, Dialog, ErrorNote, amountOrRoll, int } from "./ui.js";
import { preview } from "./preview.js";
import { saves, words } from "./rules.js";
import { labeller } from "./words.js";

const GONE = ["dead", "left"];
const signed = (n) => `${n < 0 ? "" : "+"}${n}`;

export function AreaDialog() {
  const state = page.state;
  const n = labeller(state.combatants);
  const acting = state.combatants[state.turn];
  const ids = state.order.concat(Object.keys(state.combatants).filter((id) => !state.order.includes(id)))
    .filter((id) => state.combatants[id] && !(state.combatants[id].statuses || []).some((s) => GONE.includes(s)));
  const foes = ids.filter((id) => acting ? state.combatants[id].side !== acting.side : state.combatants[id].side === "foes");
  const [chosen, setChosen] = useState(new Set(foes));
  const [f, setF] = useState({ amount: "", type: "", save: "", dc: "", success: "half" });
  const [rolls, setRolls] = useState({});  // id → {natural, bonus}
  const set = (key) => (e) => setF({ ...f, [key]: e.target.value });
  const roll = (id, key, value) => setRolls({ ...rolls, [id]: { ...(rolls[id] || { natural: "", bonus: "0" }), [key]: value } });
  const targets = ids.filter((id) => chosen.has(id));
  const saving = f.save && int(f.dc) !== null;
  const saveOf = (id) => {
    const r = rolls[id];
    if (!saving || !r || int(r.natural) === null) return null;
    return { type: "SavingThrowRolled", combatant: id, save: f.save, natural: int(r.natural), total: int(r.natural) + (int(r.bonus) || 0), dc: int(f.dc) };
  };
  const rollSaves = async () => {  // the service's dice, each with the target's bonus (a dry run)
    const asked = targets.map((id) => ({ type: "SavingThrowRolled", combatant: id, save: f.save, dc: int(f.dc) ?? undefined,
      roll: `1d20${signed(int(rolls[id]?.bonus) || 0)}` }));
    const answer = await preview(asked);
    if (!answer?.lines) return;
    const next = { ...rolls };
    answer.lines.forEach((line, k) => { next[targets[k]] = { bonus: rolls[targets[k]]?.bonus ?? "0", natural: String(line.fact.natural) }; });
    setRolls(next);
  };
  const go = async (e) => {
    e?.preventDefault();
    const given = amountOrRoll(f.amount);
    if (!targets.length) return update({ errors: { ...page.errors, area: "Pick at least one target." } });
    if (!given) return update({ errors: { ...page.errors, area: "Type the damage: a number, or dice such as 8d6." } });
    // the damage rolled once for every target (a dry run), and each save's outcome as the rules read it
    let amount = given.amount;
    if (amount === undefined) amount = (await preview([{ type: "DamageDealt", target: targets[0], roll: given.roll }]))?.lines?.[0]?.fact?.amount ?? 0;
    const savesMade = targets.map(saveOf);
    const read = savesMade.some(Boolean) ? await preview(savesMade.filter(Boolean)) : null;
    const outcomes = {};
    let k = 0;
    savesMade.forEach((s, i) => { if (s) outcomes[targets[i]] = read?.lines?.[k++]?.derived?.outcome; });
    const facts = [];
    for (const id of targets) {
      const save = saveOf(id);
      if (save) facts.push(save);
      const saved = outcomes[id] === "success";
      const dealt = saved ? (f.success === "half" ? Math.floor(amount / 2) : 0) : amount;
      if (saved && dealt === 0) continue;
      facts.push({ type: "DamageDealt", target: id, amount: dealt, ...(f.type.trim() ? { damage_type: f.type.trim() } : {}),
        ...(state.turn ? { source: state.turn } : {}) });
    }
    if (await record("area", facts)) update({ dialog: null });
  };
  const toggle = (id) => { const next = new Set(chosen); if (next.has(id)) next.delete(id); else next.add(id); setChosen(next); };
  return html`<${Dialog} title="Area effect" cls="area">
    <form class="area-form" onSubmit=${go}>
      <div class="buttons"><button type="button" class="all-foes" onClick=${() => setChosen(new Set(foes))}>All foes in view</button>
        <button type="button" class="no-one" onClick=${() => setChosen(new Set())}>No one</button></div>
      <div class="grid">
        <label>damage <input name="amount" placeholder="28 or 8d6" value=${f.amount} onInput=${set("amount")} /></label>
        <label>type <input name="damage_type" placeholder="fire" value=${f.type} onInput=${set("type")} /></label>
        <label>save <select name="save" value=${f.save} onChange=${set("save")}><option value="">none</option>
          ${saves().map((s) => html`<option value=${s}>${words(s)}</option>`)}</select></label>
        ${f.save ? html`<label>DC <input name="dc" type="number" value=${f.dc} onInput=${set("dc")} /></label>
          <label>on a success <select name="success" value=${f.success} onChange=${set("success")}>
            <option value="half">half damage</option><option value="none">no damage</option></select></label>` : null}
      </div>
      ${saving ? html`<p class="hint">Each target's save: the d20 as it fell, and its bonus (or Roll the saves).</p>` : null}
      <ol class="sheet area-targets">${ids.map((id) => html`<li data-id=${id} class=${state.combatants[id].side}>
        <label class="check"><input type="checkbox" name=${`target-${id}`} checked=${chosen.has(id)} onChange=${() => toggle(id)} /> ${n(id)}</label>
        ${saving && chosen.has(id) ? html`<span class="group-of">
          <input name=${`save-${id}`} aria-label=${`${n(id)}'s save d20`} placeholder="d20" size="3" inputmode="numeric"
            value=${rolls[id]?.natural ?? ""} onInput=${(e) => roll(id, "natural", e.target.value)} />
          <input name=${`bonus-${id}`} aria-label=${`${n(id)}'s save bonus`} placeholder="+0" size="3" inputmode="numeric"
            value=${rolls[id]?.bonus ?? "0"} onInput=${(e) => roll(id, "bonus", e.target.value)} /></span>` : null}</li>`)}</ol>
      ${saving ? html`<button type="button" class="roll roll-saves" onClick=${rollSaves}>Roll the saves</button>` : null}
      <div class="buttons"><${Act} where="area" type="submit" cls="primary record-area">Record on ${targets.length} target${targets.length === 1 ? "" : "s"}<//></div>
      <${ErrorNote} where="area" />
    </form>
  <//>`;
}
