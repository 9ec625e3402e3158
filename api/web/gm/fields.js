// Form fields built from the rulesets' JSON Schema (GET /rulesets): house-rule options (each at
// its default, only changes sent) and a creature's stats (blank means not given).
import { html } from "./lib.js";
import { enumLabel, statDefenses, statTitle, words } from "./rules.js";
import { attacksFrom, attacksText } from "./attack_text.js";

// The JSON type of a property: its `type`, or the first non-null type of its `anyOf`.
export function kindOf(schema) {
  const types = [schema.type, ...(schema.anyOf || []).map((x) => x.type)].filter((t) => t && t !== "null");
  if (types[0]) return types[0];
  if (schema.enum) return typeof schema.enum[0] === "number" ? "integer" : "string";
  return null;
}
const isNumber = (kind) => kind === "integer" || kind === "number";
const enumOf = (schema) => schema.enum || (schema.anyOf || []).find((x) => x.enum)?.enum;

function OptionInput({ name, schema, value, onChange }) {
  const kind = kindOf(schema);
  const choices = enumOf(schema);
  const attrs = { name: `option-${name}`, "data-option": name };
  if (choices) {
    return html`<select ...${attrs} value=${String(value)} onChange=${(e) => onChange(typeof choices[0] === "number" ? Number(e.target.value) : e.target.value)}>
      ${choices.map((c) => html`<option value=${String(c)}>${enumLabel(schema, c)}${c === schema.default ? " (default)" : ""}</option>`)}</select>`;
  }
  if (kind === "boolean") return html`<input ...${attrs} type="checkbox" checked=${value === true} onChange=${(e) => onChange(e.target.checked)} />`;
  if (isNumber(kind)) {
    return html`<input ...${attrs} type="number" value=${value ?? ""} min=${schema.minimum} max=${schema.maximum}
      onInput=${(e) => onChange(e.target.value === "" ? null : Number(e.target.value))} />`;
  }
  return html`<input ...${attrs} value=${value ?? ""} onInput=${(e) => onChange(e.target.value)} />`;
}

// Every option of a ruleset; `chosen` holds only the values changed from their defaults.
export function OptionFields({ schema, chosen, onChange }) {
  const properties = schema?.properties || {};
  const change = (name, def) => (value) => {
    const next = { ...chosen };
    if (value === null || JSON.stringify(value) === JSON.stringify(def)) delete next[name];
    else next[name] = value;
    onChange(next);
  };
  return html`<div class="option-fields">${Object.entries(properties).map(([name, s]) => html`
    <label class="option" title=${s.description || undefined}>
      <span class="option-title">${s.title && s.title !== words(name).replace(/\b\w/g, (m) => m.toUpperCase()) ? s.title : words(name)}</span>
      <${OptionInput} name=${name} schema=${s} value=${name in chosen ? chosen[name] : s.default} onChange=${change(name, s.default)} />
      ${s.description ? html`<small class="hint">${s.description}</small>` : null}</label>`)}</div>`;
}

// Stat inputs for a creature: numbers, yes/no, choices, words, "fire=5" pairs; defenses apart.
export function StatFields({ schema, ruleset, values, onChange }) {
  const properties = Object.entries(schema?.properties || {})
    .filter(([name, s]) => name !== "defenses" && (kindOf(s) || enumOf(s)) && !s.$ref);
  const set = (name) => (e) => onChange({ ...values, [name]: e.target.value });
  const defense = (name) => (e) => onChange({ ...values, defenses: { ...(values.defenses || {}), [name]: e.target.value } });
  const required = new Set(schema?.required || []);
  return html`<div class="stat-fields">
    ${properties.map(([name, s]) => {
      const kind = kindOf(s);
      const choices = enumOf(s);
      const label = `${statTitle(name, s)}${required.has(name) ? " *" : ""}`;
      if (choices || kind === "boolean") {
        const options = choices || [true, false];
        return html`<label>${label}<select data-stat=${name} value=${values[name] ?? ""} onChange=${set(name)}>
          <option value="">—</option>${options.map((c) => html`<option value=${String(c)}>${c === true ? "yes" : c === false ? "no" : words(c)}</option>`)}</select></label>`;
      }
      if (name === "attacks") {  // a stat block's attacks, typed as it prints them
        return html`<label class="attacks-field">${label} <small>(; between attacks)</small><input data-stat=${name} type="text"
          placeholder=${ruleset === "orcus" ? "Flame Strike +6 vs reflex 2d6+4 fire" : "Longsword +6/+1 1d8+3 19-20/x2 slashing"}
          value=${values[name] ?? ""} onInput=${set(name)} /></label>`;
      }
      const placeholder = kind === "object" ? "fire=5" : s.default ?? "";
      return html`<label>${label}<input data-stat=${name} type=${isNumber(kind) ? "number" : "text"} required=${required.has(name)}
        placeholder=${placeholder === null ? "" : String(placeholder)} value=${values[name] ?? ""} onInput=${set(name)} /></label>`;
    })}
    ${statDefenses(ruleset).map((d) => html`<label>${d.title}<input data-defense=${d.name} type="number"
      value=${values.defenses?.[d.name] ?? ""} onInput=${defense(d.name)} /></label>`)}
  </div>`;
}

// "fire=5 cold=2" as {fire: 5, cold: 2}.
const pairs = (text) => Object.fromEntries(String(text).split(/[\s,]+/).filter(Boolean)
  .map((p) => p.split("=")).map(([k, v]) => [k, Number(v)]));

// The stats typed in, as the ruleset reads them (blanks left out). Attacks left as they were
// loaded keep every field (extra damage, a power's hit and miss lines) that the words do not show.
export function statsFrom(schema, values, ruleset) {
  const stats = {};
  for (const [name, s] of Object.entries(schema?.properties || {})) {
    if (name === "defenses") continue;
    const text = String(values[name] ?? "").trim();
    if (text === "") continue;
    const kind = kindOf(s);
    if (name === "attacks") stats.attacks = text === attacksText(values.attacksLoaded) ? values.attacksLoaded : attacksFrom(text, ruleset);
    else if (isNumber(kind) && !enumOf(s)) stats[name] = Number(text);
    else if (kind === "boolean") stats[name] = text === "true";
    else if (kind === "object") stats[name] = pairs(text);
    else stats[name] = enumOf(s) && typeof enumOf(s)[0] === "number" ? Number(text) : text;
  }
  const given = Object.entries(values.defenses || {}).filter(([, v]) => String(v).trim() !== "");
  if (given.length) stats.defenses = Object.fromEntries(given.map(([k, v]) => [k, Number(v)]));
  return stats;
}

// The other way round, to edit a saved creature: stats as the fields show them.
export function valuesFrom(stats = {}) {
  const values = {};
  for (const [k, v] of Object.entries(stats)) {
    if (k === "defenses") values.defenses = { ...v };
    else if (k === "attacks") Object.assign(values, { attacks: attacksText(v), attacksLoaded: v });
    else if (v && typeof v === "object") values[k] = Object.entries(v).map(([a, b]) => `${a}=${b}`).join(" ");
    else values[k] = String(v);
  }
  return values;
}
