"""d20 Modern (seed 003): the 3.5 hit point track with its own defenses and options."""
