"""Starfinder (seed 002): the ruleset, Stamina/HP/Resolve track, resistances, care, options."""
