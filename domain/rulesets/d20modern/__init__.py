"""d20 Modern SRD (seed 003): Defense, flat-footed until the combatant acts, ties the GM settles.

The 3.5 pieces are reused where seed 003 says the same as seed 000: the attack roll (L15-17:
natural 1 misses, natural 20 hits, else total ≥ Defense), critical confirmation (L83), saving
throws (L147: natural 1 fails, natural 20 succeeds) and the hit point crossing points (L136:
0 disabled, -1 dying, -10 dead). Where the text differs:
- Defense, not AC (L90-92): stats give defenses {defense, touch, flat_footed}, or the parts of
  Defense (`defense_parts`), from which the ruleset works out what is not given: the class bonus
  stays while flat-footed (L102), the Dex bonus and dodge bonuses do not (L98, L124), a touch
  attack ignores the equipment bonus (L110, L130).
- Flat-footed ends once the combatant acts (L3), and a surprise-round action is acting (L4): an
  aware combatant who acted in the surprise round is not flat-footed in round 1 before its turn.
  `flat_footed_until` defaults to `first_action` (3.5's default is its first regular turn).
- No tie rule is printed (L4-7): `tie_breaker` is None, so equal results stay listed in
  `initiative_ties` until the GM's InitiativeTieBroken settles them.

Gaps in the excerpt (digest §9), and what this ruleset does about them:
- G3, massive damage: the excerpt has none. Product decision (the issue, CONTRACT §1): the
  threshold is the Constitution score, as in the MSRD chapter the digest points to (§11), with
  its DC 15 Fortitude save. A failed save drops HP to -1, dying (that chapter, per public
  copies; not verified against a seed), or kills as in 3.5 (option). A combatant with no
  Constitution score given has no threshold.
- G3, the rest (disabled, dying, stable, nonlethal, temporary HP, healing): the 3.5 track keeps
  the books of what the GM records, and its options A7-A10 apply; these are product decisions,
  not d20 Modern text. No stabilization roll is asked of the dying: the excerpt calls for none.
- G1: the initiative formula is the log's natural + modifier as rolled.
- G2: durations follow the product's shared rule (projections/clock.py, `duration_key`).
- G4: delay, ready, attacks of opportunity and newcomers follow CONTRACT §2; an attack out of
  turn is acting, so it ends flat-footedness.
- G5, G6: damage is announced as a total (multipliers, rounding), and Run is a condition with
  no mechanics (its effect on Defense is not given).
- M1 (a turn with no action): the default, taking the turn ends flat-footedness, is built in.
  The log records no moves, so an idle turn cannot be told from a busy one; a GM who rules a
  combatant still flat-footed applies the condition `flat_footed` (L98: it cannot react to a
  blow), which makes it flat-footed while in force.
- M2 (range penalty at one increment): attack totals are recorded as announced and carry no
  range, so there is nothing for an option to change.
- M3, M4: options, applied where Defense is worked out from `defense_parts`.
"""
