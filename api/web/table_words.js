// Names from the service (`flat_footed`, `off_kilter`, `ac`) in table words, as the seeds print
// them: "flat-footed", "off-kilter", "AC". One module both pages read, so they say it the same way
// (domain/rulesets/terms.py title_of says it for the rulesets' own labels).
const ABBREVIATIONS = { ac: "AC", eac: "EAC", kac: "KAC", hp: "HP", dr: "DR" };
const HYPHENATED = { "flat footed": "flat-footed", "off kilter": "off-kilter", "off target": "off-target", "non lethal": "non-lethal" };

// Underscores as spaces, hyphenated as the seeds print the words (the amendment summary's words,
// which projections/compare.py writes the same way).
export function spelt(name) {
  let said = String(name).replace(/_/g, " ");
  for (const [plain, printed] of Object.entries(HYPHENATED)) said = said.replaceAll(plain, printed);
  return said;
}

export const words = (name) => ABBREVIATIONS[String(name)] || spelt(name);
