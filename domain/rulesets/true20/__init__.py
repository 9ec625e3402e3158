"""True20 (seed 001): the ruleset, its Toughness damage track, conditions, care and options."""
