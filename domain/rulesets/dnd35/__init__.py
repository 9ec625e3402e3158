"""D&D 3.5 (seed 000): the ruleset (`ruleset.py`) and its labels for the page (`catalog.py`)."""
