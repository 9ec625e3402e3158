"""D&D 3.5 SRD (seed 000): hit points, disabled/dying/dead, nonlethal, temp HP, massive damage.

Gaps in the excerpt, and what this ruleset does about them:
- Special Initiative Actions (delay, ready) are missing; the order rules of CONTRACT §2 apply.
- No conditions chapter: named conditions other than those derived here are tracked and timed
  with no mechanics (helpless, prone, blinded … have no stated effects in the excerpt).
- Attacks of opportunity are not facts of the log, so A3 (when the AoO count resets) has no
  option here.
- The strenuous-action 1 HP cost of a disabled character is recorded by the GM as DamageDealt,
  since the log does not record action types; Con 0 (ability damage) has no fact in the log.
- Whether temporary HP from two sources stack is not said; they add up.
"""
