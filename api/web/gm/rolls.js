// Saves and checks the way attacks are recorded (the d20 or the service's roll, the outcome
// shown first), and the prompts: what the rules ask for, answered with a roll or a choice.
import { html, useEffect, useState } from "./lib.js";
import { correct, page, record, update } from "./store.js";
import { asWritten, inForce } from "./log.js";
import { Act, Dialog, ErrorNote, int } from "./ui.js";
import { previewLine } from "./preview.js";
import { saves, words } from "./rules.js";
import { describe, labeller } from "./words.js";

const signed = (n) => `${n < 0 ? "" : "+"}${n}`;

function rollFact(f) {
  const base = f.kind === "save"
    ? { type: "SavingThrowRolled", combatant: f.combatant, save: f.which }
    : { type: "CheckRolled", combatant: f.combatant, check: f.which };
  const fact = { ...base, natural: int(f.natural), total: int(f.natural) + (int(f.bonus) || 0) };
  if (int(f.dc) !== null) fact.dc = int(f.dc);
  return fact;
}

export function RollDialog({ combatant }) {
  const state = page.state;
  const n = labeller(state.combatants);
  const [f, setF] = useState({ combatant, kind: "save", which: saves()[0], natural: "", bonus: "0", dc: "" });
  const [derived, setDerived] = useState(null);
  const set = (key) => (e) => setF({ ...f, [key]: e.target.value });
  const ready = int(f.natural) !== null && f.which.trim();
  useEffect(() => {
    if (!ready) return setDerived(null);
    let current = true;
    previewLine([rollFact(f)]).then((answer) => current && setDerived(answer));
    return () => { current = false; };
  }, [f.combatant, f.kind, f.which, f.natural, f.bonus, f.dc]);
  const roll = async () => {
    const { natural, total, ...fact } = rollFact({ ...f, natural: "1" });
    const answer = await previewLine([{ ...fact, roll: `1d20${signed(int(f.bonus) || 0)}` }]);
    if (answer?.fact?.natural) setF({ ...f, natural: String(answer.fact.natural) });
  };
  const go = async () => ready && (await record("roll", rollFact(f))) && update({ dialog: null });
  const outcome = derived?.derived?.outcome;
  return html`<${Dialog} title="Save or check" cls="rolls">
    <div class="grid">
      <label>who <select name="combatant" value=${f.combatant} onChange=${set("combatant")}>
        ${Object.keys(state.combatants).map((x) => html`<option value=${x}>${n(x)}</option>`)}</select></label>
      <label>kind <select name="kind" value=${f.kind} onChange=${(e) => setF({ ...f, kind: e.target.value, which: e.target.value === "save" ? saves()[0] : "" })}>
        <option value="save">saving throw</option><option value="check">check</option></select></label>
      ${f.kind === "save"
        ? html`<label>save <select name="save" value=${f.which} onChange=${set("which")}>${saves().map((s) => html`<option value=${s}>${words(s)}</option>`)}</select></label>`
        : html`<label>check <input name="check" placeholder="constitution" value=${f.which} onInput=${set("which")} /></label>`}
      <label>d20 <input name="natural" type="number" min="1" max="20" value=${f.natural} onInput=${set("natural")} /></label>
      <label>bonus <input name="bonus" type="number" value=${f.bonus} onInput=${set("bonus")} /></label>
      <label>DC <input name="dc" type="number" value=${f.dc} onInput=${set("dc")} /></label>
      <button type="button" class="roll" onClick=${roll}>Roll d20${signed(int(f.bonus) || 0)}</button>
    </div>
    ${outcome ? html`<p class=${`outcome ${outcome}`} role="status">${words(outcome)}</p>` : null}
    <div class="buttons"><${Act} where="roll" cls="primary record-roll" disabled=${!ready} onClick=${go}>Record<//></div>
    <${ErrorNote} where="roll" />
  <//>`;
}

// A prompt's fields: paths into its fact ("natural", "replacement.save.natural"), or
// {name, title, kind, options}.
const fieldOf = (x) => (typeof x === "string" ? { name: x } : x);
const ROLLS_ITSELF = new Set(["SavingThrowRolled", "CheckRolled", "AttackMade", "InitiativeRolled"]);

function put(fact, path, value) {
  const [head, ...rest] = path.split(".");
  if (!rest.length) return { ...fact, [head]: value };
  return { ...fact, [head]: put(fact[head] || {}, rest.join("."), value) };
}

// The fact the GM completed: each field at its path, a total left blank made from the die and
// the bonus, and an amendment's replacement starting from the line as it stands.
function completed(prompt, values) {
  let fact = { ...prompt.fact };
  if (fact.type === "EventAmended") {
    const line = page.log.find((l) => l.position === fact.target);
    fact = { ...fact, replacement: asWritten(line && inForce(line)) };
  }
  const fields = (prompt.fields || []).map(fieldOf);
  for (const field of fields) {
    const raw = values[field.name];
    if (raw === undefined || raw === "") continue;
    fact = put(fact, field.name, field.options || field.kind === "text" ? raw : Number(raw));
  }
  for (const field of fields.filter((x) => x.name.endsWith("natural"))) {
    const stem = field.name.slice(0, -"natural".length);
    const total = fields.find((x) => x.name === `${stem}total`);
    if (total && (values[total.name] ?? "") === "" && values[field.name] !== undefined && values[field.name] !== "") {
      fact = put(fact, total.name, Number(values[field.name]) + (Number(values[`${stem}bonus`]) || 0));
    }
  }
  return fact;
}

export function PromptDialog({ prompt }) {
  const n = labeller(page.state.combatants);
  const fields = (prompt.fields || []).map(fieldOf);
  const bonus = fields.find((x) => x.name.endsWith("bonus"));
  const suggested = Number(/[+-]\d+$/.exec(prompt.roll || "")?.[0] || 0);
  const [values, setValues] = useState(bonus ? { [bonus.name]: String(suggested) } : {});
  const done = async (fact) => {
    const answer = fact.type === "EventAmended"
      ? await correct("prompt", "amend", { position: fact.target, replacement: fact.replacement })
      : await record("prompt", fact);
    if (answer) update({ dialog: null });
  };
  // Dice the fact cannot take itself (a save inside a damage line): rolled by a preview, shown.
  const rollInto = async () => {
    const answer = await previewLine([{ type: "CheckRolled", combatant: prompt.combatant, check: "dice", roll: prompt.roll }]);
    if (!answer?.fact) return;
    const found = { ...values };
    for (const x of fields) {
      if (x.name.endsWith("natural")) found[x.name] = String(answer.fact.natural);
      if (x.name.endsWith("total")) found[x.name] = String(answer.fact.total);
      if (x.name.endsWith("bonus")) found[x.name] = String(answer.fact.total - answer.fact.natural);
    }
    setValues(found);
  };
  const roll = () => (ROLLS_ITSELF.has(prompt.fact.type) ? done({ ...prompt.fact, roll: prompt.roll }) : rollInto());
  const words_ = (name) => words(name.replace(/^replacement\./, "").replace(/\./g, " "));
  return html`<${Dialog} title=${prompt.title} cls="prompt-dialog">
    ${prompt.fact.type === "EventAmended" ? html`<p>Amends line ${prompt.fact.target}.</p>`
      : html`<p>${describe({ ...prompt.fact, natural: prompt.fact.natural ?? "?", total: prompt.fact.total ?? "?" }, n)}</p>`}
    ${prompt.roll ? html`<div class="buttons"><${Act} where="prompt" cls="primary roll-it" onClick=${roll}>Roll ${prompt.roll}<//></div>` : null}
    ${fields.length ? html`<p class="hint">${prompt.roll ? "or enter the dice rolled at the table:" : ""}</p><div class="grid">
      ${fields.map((x) => html`<label>${x.title || words_(x.name)} ${x.options
        ? html`<select name=${x.name} value=${values[x.name] ?? ""} onChange=${(e) => setValues({ ...values, [x.name]: e.target.value })}>
            <option value="">—</option>${x.options.map((o) => html`<option value=${o}>${words(o)}</option>`)}</select>`
        : html`<input name=${x.name} type=${x.kind === "text" ? "text" : "number"} value=${values[x.name] ?? ""}
            onInput=${(e) => setValues({ ...values, [x.name]: e.target.value })} />`}</label>`)}</div>` : null}
    <div class="buttons"><${Act} where="prompt" cls="record-prompt" onClick=${() => done(completed(prompt, values))}>Record<//></div>
    <${ErrorNote} where="prompt" />
  <//>`;
}
