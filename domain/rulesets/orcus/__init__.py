"""Orcus Rulebook v1.1 (seed 004, shared/rules/orcus.md): staggered value, negative HP, death saves.

How the log records what the text needs: CONTRACT §1's events and fields, plus one optional field
added for Orcus (DamageDealt `on_miss`, default false) and the shared TemporaryHitPointsLost; no
new event types.
- Persistent damage: ConditionApplied with `value` (the amount per tick) and `damage_type`,
  usually `{"save_ends": true}`; it ticks at the start of each of the target's turns (L1073,
  L998-999), each instance separately with resistance applied to each (A11), and ends on a
  SavingThrowRolled `against` its name or position at the end of the target's turn (L1122).
  Other value-carrying effects: `regeneration` (heals `value`), `resist …` and `vulnerable …`
  (e.g. Reactive Resistance: `resist` with value 5, damage_type fire); petrified resists all 20.
- Saves: every recorded `total` (save-ends and death saves alike) is the d20 plus every bonus
  the table added (L1127 "If specified, add other bonuses"), an elite's +2 and a boss's +5
  (L1595, L1602) included: `save_succeeds` sees only the roll and the options, not who rolled,
  so it cannot add a bonus by rank; `Stats.save_bonus` gives the number for tools.
- Death saves: SavingThrowRolled save `death`, due at the start of the turn (A1, option: the
  end) after regeneration and persistent damage (A13). First Aid: CheckRolled `heal` (or
  `first_aid`) by an ally with `target`, DC 15.
- Knocking out (L1470-1471): the blow's DamageDealt has `nonlethal: true`. Damage citing an
  attack that missed is that power's Miss: damage and applies (L979-982; the table marks it
  `on_miss`, which a log may also say itself), as does `source: "miss"` without `attack`; a
  mook ignores either (L1589). Coup de Grace (L1344-1346): `source: "coup de grace"`. Falling
  or other non-attack damage that an incorporeal creature takes in full: `source` `falling`,
  `hazard` or `persistent`.
- Attacks: the recorded `total` is the d20 plus the attacker's own modifiers. What the target's
  conditions give is derived: its defense modifiers and, option `combat_advantage` (default
  derived), +2 when they grant combat advantage (L1164; surprised, L1548); the attacker's own
  condition penalties (prone, rattled, restrained −2) come off it (option `attack_penalties`).
- Recoveries: HealingApplied kind `recovery` / `rally` / `second wind` spends one (A17).
  Temporary HP never add (L1476): the higher pool stays (option: the newest gain replaces it).
- Rank from `role` ("mook"/"minion", "standard", "elite …", "boss"/"solo"): a mook has 1 HP and
  dies at 0; monsters (kind npc) die at 0 HP unless `death_saves: true`. Elite ×2 and boss ×4 HP
  only with option `rank_hp: multiply` (default: max_hp as the stat block gives it).
- Ties: the higher initiative modifier, then the GM's coin flip as InitiativeTieBroken (L1071).

Gaps, and what this ruleset does about them:
- Natural 20/1 on saves (A3) is the default; `natural_saves: total_only` counts only the total,
  for save-ends and death saves alike. Aftereffects and First Failed Save are new
  ConditionApplied facts.
- Where the turn order departs from the shared one (procedure.traits): a delay is taken
  within its round or wasted (L1376-1381, A7 b), and ends the delayer's beneficial effects that
  end with its turn (L1380); a delay declared as the turn starts takes the start back, so
  start-of-turn processing comes with the delayed turn (A7 a); the surprised take their
  surprise-round turn with no actions (L1067, A2: option `surprised_first_turn`); a new mark
  supersedes the old and marks end when the marker falls (L1515-1516); a weakened attacker's
  damage is halved (L1559, option `weakened_damage`). A marked attacker takes −2 attacking
  anyone but its marker (L1514), judged one AttackMade at a time: a burst's facts against other
  targets count as not including the marker (option `attack_penalties: in_total` keeps the
  announced totals). Ready details (A8) and joining mid-fight (A9) follow the shared rules.
- Prone after waking (L1462) and the target's position-dependent modifiers (prone vs ranged,
  cover) are not derived: the ruleset sees no positions and no action types. Action points
  (A15, A21; elites 1, bosses 2: `Stats.action_points`), refresh rolls, maintained powers and
  stances have no facts in the log; actions.py lists the actions with their types.
"""
