"""True20 labels for the GM page and the checks its damage track calls for, as prompts."""

from __future__ import annotations

from domain.rulesets.base import Ctx
from domain.rulesets.dnd35_catalog import COMMON_CHOICES, COMMON_OPTIONS
from domain.rulesets.terms import Catalog, Named, Prompt, Resource, roll_prompt
from domain.rulesets.true20_care import DYING_DIFFICULTY, RECOVERY_DIFFICULTY
from domain.rulesets.true20_defense import MODIFIERS
from domain.rulesets.true20_track import Track

NAMED = ("blinded", "dazed", "deafened", "debilitated", "dying", "entangled", "exhausted",
         "fascinated", "fatigued", "flat footed", "frightened", "helpless", "nauseated",
         "panicked", "paralyzed", "shaken", "sickened", "stunned", "unconscious", "winded",
         "total defense", "total cover", "invisible", "concealed", "extra effort",
         "strenuous", *MODIFIERS)  # fmt: skip  # 001 "Conditions" L354-389, Combat Modifiers
DEFENSES = (Named("defense", "Defense"), Named("melee", "Defense (melee)"),
            Named("ranged", "Defense (ranged)"))  # fmt: skip  # 001 L98, table L304-316
STATS = (
    Named("initiative_modifier", "Initiative modifier"), Named("dexterity", "Dexterity"),
    Named("constitution", "Constitution"), Named("toughness", "Toughness save bonus"),
    Named("defenses", "Defense"), Named("dodge", "Dodge bonus"), Named("parry", "Parry bonus"),
)  # fmt: skip
CONVICTION = Resource(
    "conviction", "Conviction", {"type": "ConvictionSpent"}, ("fatigue", "recovery", "erase")
)  # 001 L56, L347-348
CATALOG = Catalog(
    title="True20",
    description="The Toughness damage track: no hit points, a save against each hit.",
    conditions=tuple(Named(n.replace(" ", "_"), n.capitalize()) for n in dict.fromkeys(NAMED)),
    defenses=DEFENSES,
    saves=("toughness", "fortitude", "reflex", "will"),
    resources=(CONVICTION,),
    stats=STATS,
    options=COMMON_OPTIONS,
    choices=COMMON_CHOICES,
)


def prompts(body: Track, ctx: Ctx, combatant: str, name: str) -> tuple[Prompt, ...]:
    """001 "Dying" L343: a Constitution check (Difficulty 10) each round (A17: or a Fortitude
    save); L347: Conviction spent on recovery calls for the recovery check now."""
    if body.dead:
        return ()
    con = ctx.stats.constitution
    dice = "1d20" if con is None else f"1d20{con:+d}"
    found = []
    if body.dying_due and ctx.options.dying_procedure == "hourly_fort":
        save = {"type": "SavingThrowRolled", "combatant": combatant, "save": "fortitude",
                "against": "dying", "dc": DYING_DIFFICULTY + body.dying_saves}  # fmt: skip
        found.append(roll_prompt(combatant, "dying", f"{name} is dying: Fortitude save", save,
                                 "1d20"))  # fmt: skip
    elif body.dying_due:
        check = {"type": "CheckRolled", "combatant": combatant, "check": "constitution",
                 "against": "dying"}  # fmt: skip
        title = f"{name} is dying: Constitution check (Difficulty {DYING_DIFFICULTY})"
        found.append(roll_prompt(combatant, "dying", title, check, dice))
    if body.conviction:
        check = {"type": "CheckRolled", "combatant": combatant, "check": "recovery"}
        title = f"{name}: recovery check (Difficulty {RECOVERY_DIFFICULTY}), Conviction spent"
        found.append(roll_prompt(combatant, "recovery", title, check, dice))
    return tuple(found)
