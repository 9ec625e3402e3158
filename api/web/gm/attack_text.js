// A stat block's attacks typed as a stat block prints them, one per ";" — "Longsword +6/+1 1d8+3
// 19-20/x2 slashing; Shortbow +4 1d6 x3 piercing 60 ft." — read into `stats.attacks` entries,
// and written back the same way to edit them. The ruleset checks what is read (a 422 names the
// field); this only splits the words.
const DICE = /^[+-]?(?:\d*d\d+|\d+)(?:[+-](?:\d*d\d+|\d+))*$/i;
const DEFENSES = new Set(["ac", "touch", "flat-footed", "flat_footed", "defense", "eac", "kac", "melee", "ranged"]);
const VS = new Set(["ac", "fortitude", "reflex", "will"]);

export function attacksFrom(text, ruleset) {
  return String(text ?? "").split(";").map((part) => part.trim()).filter(Boolean)
    .map((part) => attackFrom(part, ruleset));
}

function attackFrom(part, ruleset) {
  const words = part.split(/\s+/);
  const attack = {};
  const name = [];
  let k = 0;
  for (; k < words.length && !/^[+-]\d/.test(words[k]); k += 1) name.push(words[k]);
  attack.name = name.join(" ") || part;
  const rest = [];
  for (; k < words.length; k += 1) {
    const w = words[k];
    const lower = w.toLowerCase();
    if (attack.bonus === undefined && /^[+-]\d+(?:\/[+-]\d+)*$/.test(w)) {
      const bonuses = w.split("/").map(Number);
      attack.bonus = bonuses.length > 1 ? bonuses : bonuses[0];
    } else if (attack.damage === undefined && DICE.test(w) && /d/i.test(w)) {
      attack.damage = w;
    } else if (/^\d+-20(?:\/[x×]\d+)?$/i.test(w)) {
      attack.threat = Number(w.split("-")[0]);
      const times = w.match(/[x×](\d+)$/i);
      if (times) attack.multiplier = Number(times[1]);
    } else if (/^\/?[x×]\d+$/i.test(w)) {
      attack.multiplier = Number(w.match(/\d+/)[0]);
    } else if (lower === "vs" && VS.has(String(words[k + 1]).toLowerCase())) {
      attack.vs = words[k + 1].toLowerCase();
      k += 1;
    } else if (ruleset !== "orcus" && DEFENSES.has(lower)) {
      attack.defense = lower.replace("-", "_");
    } else if (attack.damage === undefined && /^[+-]?\d+$/.test(w)) {
      attack.damage = ruleset === "true20" ? Number(w) : w;  // True20: the damage bonus
    } else if (/^\d+$/.test(w) && /^(?:ft|ft\.|feet|m)$/i.test(String(words[k + 1]))) {
      attack.range = `${w} ${words[k + 1]}`;
      k += 1;
    } else {
      rest.push(w);
    }
  }
  if (rest.length) attack.damage_type = rest.join(" ");
  return attack;
}

const signed = (n) => `${n < 0 ? "" : "+"}${n}`;

export function attacksText(attacks) {
  return (attacks || []).map((a) => [
    a.name,
    Array.isArray(a.bonus) ? a.bonus.map(signed).join("/") : a.bonus !== undefined ? signed(a.bonus) : null,
    a.vs ? `vs ${a.vs}` : null,
    a.damage !== undefined && a.damage !== null ? String(a.damage) : null,
    a.threat && a.threat < 20 ? `${a.threat}-20${a.multiplier ? `/x${a.multiplier}` : ""}` : a.multiplier ? `x${a.multiplier}` : null,
    a.defense ? a.defense.replace("_", "-") : null,
    a.damage_type, a.range,
  ].filter((x) => x !== null && x !== undefined && x !== "").join(" ")).join("; ");
}
