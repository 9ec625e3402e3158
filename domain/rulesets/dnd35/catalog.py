"""D&D 3.5 labels for the GM page: conditions, defenses, saves, stats and house-rule options."""

from __future__ import annotations

from domain.rulesets.area import AreaRule
from domain.rulesets.terms import COMMON_CHOICES, COMMON_OPTIONS, Catalog, Named

# 000 has no conditions chapter (digest §6): these are the states it names, with its effects.
CONDITIONS = (
    Named("flat_footed", "Flat-footed", "No Dex or dodge bonus to AC, no AoOs (L216-223)."),
    Named("total_defense", "Total defense", "+4 dodge bonus to AC for 1 round (L880-885)."),
    Named("fighting_defensively", "Fighting defensively", "−4 attacks, +2 AC (L710-713)."),
    Named("prone", "Prone", "Standing up is a move action that provokes (L941-943)."),
    Named("running", "Running", "Loses the Dex bonus to AC (L1046-1060)."),
    Named("blinded", "Blinded", "Cannot withdraw (L1028-1031)."),
    Named("deafened", "Deafened", "20% chance to spoil verbal spells (L750-755)."),
    Named("helpless", "Helpless", "No effects stated in the excerpt (L1304)."),
    # the other states 000 names (digest §6), tracked and timed with the effects it states
    Named(
        "unconscious",
        "Unconscious",
        "Helpless (L1302-1305); from damage it is derived, this is for other causes.",
    ),
    Named("exhausted", "Exhausted", "Named as a source of nonlethal damage (L1279-1281)."),
    Named("grappling", "Grappling", "Cannot cast spells with a somatic component (L756-758)."),
    Named("gagged", "Gagged", "Cannot cast spells with a verbal component (L750-753)."),
    Named(
        "invisible",
        "Invisible",
        "Still gets attacks of opportunity against the withdrawing (L1028-1030).",
    ),
    Named(
        "holding_the_charge",
        "Holding the charge",
        "A touch spell held: touching anything discharges it (L819-833).",
    ),
    Named(
        "casting",
        "Casting a spell",
        "A spell of 1 round or longer: threatens no squares, must keep concentrating (L985-1005).",
    ),
    Named("engaged", "Engaged in melee", "Ranged attacks into the melee take −4 (L696-709)."),
    Named("unarmed", "Unarmed", "Threatens no squares, no attacks of opportunity (L261-263)."),
    Named("frightened", "Frightened (mount)", "Controlling it is a move action (L476-478)."),
)
DEFENSES = (
    Named("ac", "AC"), Named("touch", "Touch AC"), Named("flat_footed", "Flat-footed AC"),
)  # fmt: skip  # 000 "ARMOR CLASS" L111-150
SAVES = ("fortitude", "reflex", "will")  # 000 "SAVING THROWS" L174-201
HEALING = (
    Named("natural", "Natural (leaves nonlethal damage)"), Named("nonlethal", "Nonlethal only"),
)  # fmt: skip  # 000 HEALING L1235-1260, NONLETHAL; read by hitpoints.heal
STATS = (
    Named("max_hp", "Hit points"),
    Named("initiative_modifier", "Initiative modifier"),
    Named("constitution", "Constitution score"),
    Named("defenses", "Armor class"),
    Named("attacks", "Attacks"),
)
HIT_POINT_OPTIONS = {
    **COMMON_OPTIONS,
    "massive_damage_counts_nonlethal": Named(
        "massive_damage_counts_nonlethal", "Nonlethal counts toward massive damage", "A7."),
    "massive_damage_before_temp_hp": Named(
        "massive_damage_before_temp_hp", "Massive damage counted before temporary HP", "A7."),
    "nonlethal_at_zero": Named("nonlethal_at_zero", "Nonlethal states at 0 HP", "A8."),
    "nonlethal_includes_temp_hp": Named(
        "nonlethal_includes_temp_hp", "Nonlethal compared with HP including temporary HP", "A9."),
    "temp_hp_model": Named("temp_hp_model", "Temporary hit points", "A10."),
    "monster_death": Named("monster_death", "Monsters (NPCs) die", "House rule."),
}  # fmt: skip
HIT_POINT_CHOICES = {
    **COMMON_CHOICES,
    "nonlethal_at_zero": {"only_when_nonlethal": "Only when it has nonlethal damage",
                          "literal": "As written (also with no nonlethal damage)"},
    "temp_hp_model": {"pool": "A separate pool, lost first",
                      "noted_total": "Noted total (HP fall back when they go)"},
    "monster_death": {"as_characters": "As characters do (disabled, dying, dead at −10)",
                      "at_zero": "At 0 HP (mooks)"},
}  # fmt: skip

AREA = AreaRule(
    "save",
    ("half", "none"),
    "Each target saves (000 L188-191: Reflex saves dodge area attacks); a success takes half "
    "the damage or none, as the effect says. The excerpt prints no rounding rule: half is "
    "rounded down, as d20 rules round (002 L243, 004 L104).",
)

CATALOG = Catalog(
    title="D&D 3.5 (SRD)",
    description="Hit points with disabled, dying and dead; nonlethal damage; massive damage.",
    conditions=CONDITIONS,
    defenses=DEFENSES,
    saves=SAVES,
    stats=STATS,
    healing=HEALING,
    options=HIT_POINT_OPTIONS,
    choices=HIT_POINT_CHOICES,
    area=AREA,
)
