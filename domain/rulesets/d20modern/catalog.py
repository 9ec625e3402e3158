"""d20 Modern labels for the GM page: its Defense names, states, saves, stats and options."""

from __future__ import annotations

from domain.rulesets.area import AreaRule
from domain.rulesets.dnd35.catalog import HEALING, HIT_POINT_CHOICES, HIT_POINT_OPTIONS, SAVES
from domain.rulesets.terms import Catalog, Named

# 003 names no conditions list (digest §6): the states it names, with the effects it states.
CONDITIONS = (
    Named("flat_footed", "Flat-footed", "Cannot react: no Dex bonus or dodge bonuses (L98, L124)."),
    Named("running", "Running all out", "Affects Defense; by how much is a gap (L141)."),
    Named("paralyzed", "Paralyzed", "Named only: paralysis is resisted by Fortitude (L159)."),
)
DEFENSES = (
    Named("defense", "Defense"), Named("touch", "Touch Defense"),
    Named("flat_footed", "Flat-footed Defense"),
)  # fmt: skip  # 003 (Defense) L90-130
STATS = (
    Named("max_hp", "Hit points"),
    Named("initiative_modifier", "Initiative modifier"),
    Named("constitution", "Constitution score (massive damage threshold)"),
    Named("defenses", "Defense"),
    Named("defense_parts", "Defense parts"),
    Named("attacks", "Attacks"),
)
OPTIONS = {
    **HIT_POINT_OPTIONS,
    "flat_footed_until": Named("flat_footed_until", "Flat-footed lasts until", "M1."),
    "touch_includes_natural_armor": Named(
        "touch_includes_natural_armor", "Touch Defense keeps natural armor", "M3."),
    "flat_footed_keeps_dex_penalty": Named(
        "flat_footed_keeps_dex_penalty", "Flat-footed keeps a Dex penalty", "M4."),
    "massive_damage_result": Named("massive_damage_result", "A failed massive damage save", "G3."),
}  # fmt: skip
CHOICES = {
    **HIT_POINT_CHOICES,
    "massive_damage_result": {"dying": "Drops to −1 HP, dying", "dead": "Kills, as in 3.5"},
}

AREA = AreaRule(
    "save",
    ("half", "none"),
    "Each target saves; a Reflex save often takes only half damage (003 L161), or none as the "
    "effect says. The excerpt prints no rounding rule (digest G5): half is rounded down, as "
    "d20 rules round (002 L243, 004 L104).",
)

CATALOG = Catalog(
    title="d20 Modern",
    description="Hit points with Defense instead of armor class; massive damage at the Con score.",
    conditions=CONDITIONS,
    defenses=DEFENSES,
    saves=SAVES,
    stats=STATS,
    healing=HEALING,
    options=OPTIONS,
    choices=CHOICES,
    area=AREA,
)
