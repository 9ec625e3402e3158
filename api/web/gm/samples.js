// A sample fight per ruleset, to try the page: a small party against a few foes, set up.
const join = (combatant, name, side, stats) => ({ type: "CombatantJoined", combatant, name, side, stats });
const three = (id, name, stats) => [1, 2, 3].map((k) => join(`${id}-${k}`, `${name} ${k}`, "foes", stats));

export const SAMPLES = {
  dnd35: [
    join("tordek", "Tordek", "party", { max_hp: 31, initiative_modifier: 1, constitution: 16, defenses: { ac: 18, touch: 10, flat_footed: 18 } }),
    join("mialee", "Mialee", "party", { max_hp: 14, initiative_modifier: 3, constitution: 12, defenses: { ac: 13, touch: 13, flat_footed: 10 } }),
    ...three("goblin", "Goblin", { max_hp: 5, initiative_modifier: 1, defenses: { ac: 15, touch: 12, flat_footed: 14 } }),
  ],
  d20modern: [
    join("agent", "Agent Cole", "party", { max_hp: 22, initiative_modifier: 2, constitution: 14, defenses: { defense: 16, touch: 14, flat_footed: 14 } }),
    ...three("thug", "Thug", { max_hp: 10, initiative_modifier: 0, defenses: { defense: 12, touch: 11, flat_footed: 11 } }),
  ],
  true20: [
    join("finn", "Finn", "party", { initiative_modifier: 2, dexterity: 2, constitution: 1, toughness: 2, defenses: { defense: 15 } }),
    ...three("bandit", "Bandit", { initiative_modifier: 1, dexterity: 1, constitution: 1, toughness: 1, defenses: { defense: 13 } }),
  ],
  starfinder: [
    join("navasi", "Navasi", "party", { max_hp: 22, max_stamina: 15, max_resolve: 5, initiative_modifier: 2, dexterity: 2, defenses: { eac: 15, kac: 17 } }),
    ...three("space-goblin", "Space goblin", { max_hp: 8, initiative_modifier: 1, defenses: { eac: 11, kac: 13 } }),
  ],
  orcus: [
    join("kira", "Kira", "party", { max_hp: 30, initiative_modifier: 2, level: 1, defenses: { ac: 17, fortitude: 15, reflex: 13, will: 12 } }),
    ...three("kobold", "Kobold", { max_hp: 1, initiative_modifier: 3, level: 1, role: "mook", defenses: { ac: 15, fortitude: 12, reflex: 14, will: 11 } }),
  ],
};
