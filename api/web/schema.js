// Form inputs built from the rulesets' JSON Schema (GET /rulesets): a ruleset's house-rule
// options when an encounter is created, and a combatant's stats in "Add combatant".
import { h } from "./table.js";

// The JSON type of a property: its `type`, or the first non-null type of its `anyOf`.
export function kindOf(schema) {
  const types = [schema.type, ...(schema.anyOf || []).map((x) => x.type)].filter((t) => t && t !== "null");
  if (types[0]) return types[0];
  if (schema.enum) return typeof schema.enum[0] === "number" ? "integer" : "string";
  return null;
}

const labelOf = (name, schema) => schema.title || name.replace(/_/g, " ");
const isNumber = (kind) => kind === "integer" || kind === "number";

// --- options: every input starts at the schema's default, and only changed values are sent ------

// One input for a house-rule option: enum → select, boolean → checkbox, number → number input.
export function optionInput(name, schema) {
  const kind = kindOf(schema);
  const data = { option: name, kind, default: JSON.stringify(schema.default ?? null) };
  const attrs = { dataset: data, name: `option-${name}` };
  let input;
  if (schema.enum) {
    input = h("select", attrs, schema.enum.map((value) =>
      h("option", { value: String(value), selected: value === schema.default },
        value === schema.default ? `${value} (default)` : String(value))));
  } else if (kind === "boolean") {
    input = h("input", { ...attrs, type: "checkbox", checked: schema.default === true });
  } else if (isNumber(kind)) {
    input = h("input", { ...attrs, type: "number", value: schema.default ?? "", min: schema.minimum, max: schema.maximum,
                         step: kind === "integer" ? 1 : "any", size: 5 });
  } else if (kind === "string") {
    input = h("input", { ...attrs, value: schema.default ?? "", size: 10 });
  } else {
    return null;  // nothing this page knows how to ask for
  }
  return h("label", { class: `option ${kind}`, title: schema.description || "" }, labelOf(name, schema), input);
}

function optionValue(input) {
  if (input.type === "checkbox") return input.checked;
  if (input.value === "") return null;
  return isNumber(input.dataset.kind) ? Number(input.value) : input.value;
}

// The options that differ from their defaults: {name: value}.
export function chosenOptions(container) {
  const chosen = {};
  for (const input of container.querySelectorAll("[data-option]")) {
    const value = optionValue(input);
    if (value !== null && JSON.stringify(value) !== input.dataset.default) chosen[input.dataset.option] = value;
  }
  return chosen;
}

// --- stats: every input starts blank, and blank means "not given" --------------------------------

// One input for a stat: a number, a yes/no, one of a list, a word, or "k=v" pairs.
export function statInput(name, schema) {
  const kind = kindOf(schema);
  const label = name.replace(/_/g, " ");
  const attrs = { class: "stat", dataset: { stat: name, kind }, title: schema.description };
  if (schema.enum) {
    return h("label", {}, label, h("select", attrs, h("option", { value: "" }, "—"),
      schema.enum.map((value) => h("option", { value: String(value) }, String(value)))));
  }
  if (isNumber(kind)) return h("label", {}, label, h("input", { ...attrs, type: "number" }));
  if (kind === "boolean") {
    return h("label", {}, label, h("select", attrs,
      h("option", { value: "" }, "—"), h("option", { value: "true" }, "yes"), h("option", { value: "false" }, "no")));
  }
  if (kind === "string") return h("label", {}, label, h("input", { ...attrs, size: 8 }));
  if (kind === "object") return h("label", {}, label, h("input", { ...attrs, placeholder: "fire=5", size: 10 }));
  return null;
}

// "fire=5 cold=2" (or comma separated) as {fire: 5, cold: 2}.
export function pairs(text) {
  return Object.fromEntries(text.split(/[\s,]+/).filter(Boolean).map((p) => p.split("=")).map(([k, v]) => [k, Number(v)]));
}

function statValue(input) {
  const text = input.value.trim();
  if (text === "") return undefined;
  switch (input.dataset.kind) {
    case "integer": case "number": return Number(text);
    case "boolean": return text === "true";
    case "object": return pairs(text);
    default: return text;
  }
}

// The stats given in a form: {name: value}, blanks left out.
export function givenStats(container) {
  const stats = {};
  for (const input of container.querySelectorAll(".stat")) {
    const value = statValue(input);
    if (value !== undefined) stats[input.dataset.stat] = value;
  }
  return stats;
}
