"""Orcus (seed 004): the ruleset, its track, conditions, turn procedure, actions and options."""
