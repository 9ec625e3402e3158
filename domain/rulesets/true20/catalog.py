"""True20 labels for the GM page and the checks its damage track calls for, as prompts."""

from __future__ import annotations

from domain.rulesets.area import AreaRule
from domain.rulesets.terms import (
    COMMON_CHOICES,
    COMMON_OPTIONS,
    Catalog,
    Named,
    Prompt,
    Resource,
    roll_prompt,
    title_of,
)
from domain.rulesets.true20.care import DYING_DIFFICULTY, RECOVERY_DIFFICULTY
from domain.rulesets.true20.defense import MODIFIERS
from domain.rulesets.true20.options import Ctx
from domain.rulesets.true20.track import Track

DESCRIBED = {  # conditions the seed names that the picker lacked, with what the text gives them
    "grappled": "No dodge bonus against those it is not grappling (001 L371).",
    "grappling": "No dodge bonus against those it is not grappling (001 L197).",
    "aiming": "No dodge bonus while aiming (001 L164).",
    "moving all out": "No dodge bonus while moving all out (001 table L312).",
    "ability damaged": "Lost ability points return 1 a day; below −5 the ability is debilitated "
    "(001 L355, L361), which the GM applies.",
    "incorporeal": "Immune to attacks from corporeal sources, which the GM rules (001 L373).",
}
NAMED = ("blinded", "dazed", "deafened", "debilitated", "dying", "entangled", "exhausted",
         "fascinated", "fatigued", "flat footed", "frightened", "helpless", "nauseated",
         "panicked", "paralyzed", "shaken", "sickened", "stunned", "unconscious", "winded",
         "total defense", "total cover", "invisible", "concealed", "extra effort",
         "strenuous", *MODIFIERS, *DESCRIBED)  # fmt: skip  # 001 L354-389, Combat Modifiers


def named(condition: str) -> Named:
    """A condition as the picker offers it: its name, its label and what the text gives it."""
    return Named(condition.replace(" ", "_"), title_of(condition), DESCRIBED.get(condition, ""))


DEFENSES = (Named("defense", "Defense"), Named("melee", "Defense (melee)"),
            Named("ranged", "Defense (ranged)"))  # fmt: skip  # 001 L98, table L304-316
STATS = (
    Named("initiative_modifier", "Initiative modifier"), Named("dexterity", "Dexterity"),
    Named("constitution", "Constitution"), Named("toughness", "Toughness save bonus"),
    Named("defenses", "Defense"), Named("dodge", "Dodge bonus"), Named("parry", "Parry bonus"),
    Named("attacks", "Attacks"),
)  # fmt: skip
CONVICTION = Resource(
    "conviction", "Conviction", {"type": "ConvictionSpent"}, ("fatigue", "recovery", "erase")
)  # 001 L56, L347-348
OPTIONS = {
    **COMMON_OPTIONS,
    **{name: Named(name, title) for name, title in {
        "flat_footed_loses_parry": "Flat-footed loses the parry bonus",
        "round_start_hooks": "Dying checks and extra-effort fatigue come",
        "hurt_on_every_failure": "Every failed Toughness save adds a tally",
        "stacking_marks": "Dazed and wounded stack as marks",
        "collateral_escalates": "Collateral marks escalate",
        "staggered_any_damage_ko": "Any damage knocks a staggered hero out",
        "shaken_affects_toughness": "Shaken applies to Toughness saves",
        "hurt_penalty": "Each hurt is −1 on",
        "impossible_save_nat20": "A natural 20 on a hopeless save",
        "lost_action": "The lost action and the stun last",
        "disabled_dying_timing": "A disabled hero's strenuous action",
        "dying_procedure": "Dying is checked by",
        "helpless_defense": "Against a helpless defender",
        "become_fatigued": "A fatigue result brings",
        "extra_effort_fatigue": "Extra effort from normal leaves the hero",
        "fading": "Each minute fades",
        "conviction_recovery": "Conviction on a recovery check",
        "entangled_loses_dodge": "Entangled loses the dodge bonus",
    }.items()},
}  # fmt: skip
CHOICES = {
    **COMMON_CHOICES,
    "round_start_hooks": {"top_of_round": "At the top of the round", "own_turn": "On its turn"},
    "hurt_penalty": {"all_saves": "All Toughness saves", "lethal_only": "Saves against lethal"},
    "lost_action": {"one_round": "One round from the result", "next_turn": "Its next turn"},
    "disabled_dying_timing": {"next_round": "Dying next round", "immediate": "Dying at once"},
    "dying_procedure": {"per_round_con": "A Constitution check each round",
                        "hourly_fort": "A Fortitude save each hour"},
    "helpless_defense": {"digest": "The GM rules hit or miss", "glossary": "Defense 5"},
    "become_fatigued": {"at_least": "At least that level", "one_level": "One more level"},
    "extra_effort_fatigue": {"winded": "Winded", "fatigued": "Fatigued"},
    "fading": {"each": "One bruise and the dazed box", "one_in_total": "One of them"},
    "conviction_recovery": {"automatic": "Ensures success", "roll_of_10": "Counts as a 10"},
}  # fmt: skip
AREA = AreaRule(
    "save",
    ("none",),
    "Each target saves to avoid the harm (001 L409: a Reflex save to avoid catching fire; "
    "L134: Reflex dodges explosions); the excerpt prints no save for half. A target hit "
    "makes its Toughness save against the damage (L322).",
)

CATALOG = Catalog(
    title="True20",
    description="The Toughness damage track: no hit points, a save against each hit.",
    conditions=tuple(named(n) for n in dict.fromkeys(NAMED)),
    defenses=DEFENSES,
    saves=("toughness", "fortitude", "reflex", "will"),
    resources=(CONVICTION,),
    stats=STATS,
    stat_defenses=("defense",),  # melee and ranged read the one Defense (001 L98)
    options=OPTIONS,
    choices=CHOICES,
    area=AREA,
)


def prompts(body: Track, ctx: Ctx, combatant: str, name: str) -> tuple[Prompt, ...]:
    """001 "Dying" L343: a Constitution check (Difficulty 10) each round (A17: or a Fortitude
    save); L347: Conviction spent on recovery calls for the recovery check now; a hit recorded
    without its Toughness save (L327) is amended with one."""
    if body.dead:
        return ()
    con = ctx.stats.constitution
    dice = "1d20" if con is None else f"1d20{con:+d}"
    found = [] if body.unsaved is None else [unsaved(body.unsaved, ctx, combatant, name)]
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


def unsaved(line: int, ctx: Ctx, combatant: str, name: str) -> Prompt:
    """The damage at `line` needs its Toughness save: the GM amends that line, adding `save`."""
    bonus = ctx.stats.toughness or 0
    fact = {"type": "EventAmended", "target": line}
    title = f"{name} took damage with no Toughness save (line {line}): roll it"
    fields = ("replacement.save.natural", "replacement.save.total", "replacement.save.bonus")
    return Prompt(f"{combatant}:toughness_save", combatant, "toughness_save", title, fact,
                  f"1d20{bonus:+d}", fields)  # fmt: skip
