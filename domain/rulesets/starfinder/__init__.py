"""Starfinder (seed 002, shared/rules/starfinder.md): temporary HP → Stamina → Hit Points → Resolve.

How the log records what the text needs (CONTRACT §1; no new event type):
- Damage: DamageDealt `amount` as announced (criticals already rolled twice). The target's
  stats `dr` {amount, overcome_by} and `resist` {type: n} take their share first, per attack
  (L1183-1207, resist.py): DR from bludgeoning, piercing and slashing damage unless
  the fact's `overcomes` tags overcome it, resistance from its energy `damage_type`; a mixed
  attack is one DamageDealt per type citing the same `attack`. The rest comes off temporary HP,
  then SP, then HP (L567, L672); HP stop at 0 and the overflow past 0 is massive damage when
  ≥ max HP (L581). `nonlethal` leaves the creature at exactly 0 HP and stable (L682).
- Dying (L587-595): RP lost at the end of its own turns (not the turn it dropped on), on the
  first HP damage each round and on a later single source of more than half max HP; death when
  an RP is due and none is left; the 0-RP grace lasts to the end of its turn in the next round.
- ResolveSpent: `purpose` `stabilize` (¼ max RP, 1-3, on its own turn), `stay_in_the_fight`
  (1 RP → 1 HP, at 0 HP and stable, not in the round it stabilized), `stamina` (1 RP and ten
  minutes' rest → all SP); another purpose is a plain spend (a spell's cost). Without a purpose:
  stabilize when dying, stay in the fight when stable. A spend the rules cannot take is not
  applied and the warnings say why.
- HealingApplied restores HP only and stabilizes (L613, L662); kind `stamina` restores SP.
  CheckRolled `medicine` (or `first_aid`) for a dying `target`: DC 15 stabilizes (L609); for a
  stable one it is the medic's hourly check. CheckRolled `constitution` is the hourly
  long-term-stability check (L629-635). RestTaken `long`: all SP, 1 HP per `level` (L650-656).
- Monsters (L601-603): an NPC, or a creature with no RP, dies at 0 HP unless the last damage
  was nonlethal; stats `dying_rules` true gives it the dying rules (the GM's per-creature choice).
- Ties: the higher initiative modifier, then the GM's InitiativeTieBroken (the roll-off, L25).
- Attacks: `defense` `eac` or `kac` (`maneuver`: KAC + 8); a natural 20 is a critical only if
  the total reaches that AC (L343-347); flat-footed (−2) and the cover and defense conditions.

Policies (digest §14): P1-P5, P16, P17 are options (options.py); P9 is CommonOptions'
`duration_key` and P10 (the surprise round is round 0) is how projections/clock.py counts.
P6, P7, P8, P12, P14, P15 are the order rules of CONTRACT §2, shared by every ruleset (delayers
placed after the turn that ended, readiers before the combatant they interrupt, the count moving
only when a readied action is taken, newcomers acting this round if their slot is ahead), and
match the digest's defaults; P13 (a roll-off ties again) is the GM's InitiativeTieBroken.

Gaps (digest §0), and what this ruleset does about them:
- No Conditions chapter: the conditions the text names are in conditions.py with
  the few mechanics it gives; any other name is tracked and timed with no mechanics.
- No critical hit effects: a critical is reported; its effect is the GM's ConditionApplied.
- No Resolve Points section: max RP is the `max_resolve` stat, and no rest restores RP.
- No vehicles or starships: not modelled.
Not tracked (no fact carries them): ability damage and drain (P11), negative levels, incorporeal
halving, prone's melee/ranged AC split, reactions and attacks of opportunity.
"""
