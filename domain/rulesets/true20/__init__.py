"""True20 (seed 001, shared/rules/true20.md): the Toughness damage track, with no hit points.

How the log records what the text needs (CONTRACT §1 plus one new fact, ConvictionSpent):
- A hit: DamageDealt with `amount` = the damage bonus (critical increase included, +3 unless the
  weapon says otherwise) and `save` = {natural, total, bonus?}. The save is recomputed as
  natural + bonus (`save.bonus`, else the stats' `toughness`) − the track's penalty now, so
  undoing or amending an earlier hit changes every later save (CONTRACT §1, L326-328); only
  when neither bonus is known is the recorded `total` taken as announced. No `save`: no mark,
  and a warning.
- Dying (the box, or a condition: `dying`, debilitated Constitution): CheckRolled `constitution`
  (against `dying`) at the top of each round (A6, A17), its total recomputed as natural + Con −
  shaken 2 − sickened 2 when the stats give Constitution; option hourly_fort: SavingThrowRolled
  `fortitude` against `dying`, as recorded. Stabilizing: CheckRolled `heal` by another with
  `target` (Difficulty 15), or HealingApplied (the Cure power); a dying condition stays in force.
- Recovery: CheckRolled `recovery` with `against` the box (or `fatigue`); without `against`, the
  first checked of unconscious, staggered, dazed, wounded, disabled, else fatigue. Time passing
  out of the rounds: RestTaken `minute`, `hour`, `day` or `long` (ten hours: all fatigue goes);
  inside the fight, every 10 rounds are a minute (bruises and dazed fade).
- Fatigue: ConditionApplied `winded`, `fatigued`, `exhausted` (or `fatigue`: one more level) is
  a fatigue result; `extra effort` on a hero costs a level at the top of the next round;
  ConvictionSpent purpose `fatigue` then shakes it off, `recovery` ensures the next recovery
  check (A25), `erase` erases all bruised, dazed and hurt (L348: after a conflict; not checked).
- A disabled character's standard or strenuous action (A16: unconscious as it resolves, dying
  at the top of the next round): an AttackMade by it, at that line (the projection hands the
  attacker its own attack); or a condition naming the action (`strenuous`, `standard action`,
  `charging`, `moving all out`, `total defense`, `concentrating`), resolved as its turn ends.
- Refocus (L210-211): InitiativeRolled with natural 20 and the usual modifier, entered during
  the refocusing turn; a new result for someone already in the order takes its place from the
  next round on (projections/table.py), so it acts at 20 + modifier from then (A32).
- Ties: higher Dexterity, then the GM's InitiativeTieBroken holding the roll-off (L138, A3).
  A4 (a group's tie uses the Dexterity of the creature whose roll it shares): a CONTRACT group
  is identical creatures, so each member's own Dexterity is that one. `tie_breaker` sees one
  member's stats, not whose roll its group shares, so a mixed group is not held together.
- Delay (L182-186): a delayer still waiting at the top of a round let the count pass its limit,
  −10 − initiative bonus (deafened: 4 lower), and forfeited the round (delay.py): a warning
  until it steps in. Several delayers (L185): the order of their DelayEnded facts is the GM's.
  Ready (L207-209): the projection keeps the count it was taken on (with `before`, just before
  that combatant; without, the count of the turn in progress, ties by L138: `places_by_count`),
  and drops an unused one. Joining (L141): a newcomer whose count comes up between the turn
  just ended and the one just begun acts now (`places_by_count`).
- Conditions (L354-389): what is derived and what stays table-side is in conditions.py.
  The body keeps what the conditions imply (`Track.seen`), refreshed whenever the rules see
  this combatant (a fact aimed at it, its turn's start and end, each round's top); `vitals`
  reads the conditions in force from its Ctx, so the shown save penalty is the one a hit now
  would apply, also right after a ConditionApplied/Removed or an expiry.

Gaps (digest §0.3), and what this ruleset does about them:
- G1 (combat sequence list), G3 (awareness examples), G6 (surprise-attack situations): the
  order rules of CONTRACT §2 and SurpriseDetermined stand in for them.
- G2 (extra effort benefits): only the fatigue cost is tracked. G4 (grapple effects): grappled
  and pinned are conditions with their Defense effects only. G5 (minions): no minion rule is
  invented; a minion is an ordinary combatant. G7 (Conviction pool): spends are recorded, the
  pool is not counted. G8 (Cover, Startle, Slam), G9 (feats), G10 (skills, powers), G11 (weapon
  and armor numbers), G12 (darkness): not tracked; the GM's numbers arrive in the facts.
Not tracked: movement, loads, all-out endurance (A20), coup de grace (A26), objects (A27, A28,
A30), dazzled (A31, the attacker's), panicked (A33), the free-action cap (A34), recovery
schedules (A24: each check names its condition; the tracker does not time them), effective
Str/Dex (A19).
"""
