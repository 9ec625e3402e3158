"""d20 Modern flat-footed (seed 003 L3-4, L98) and initiative ties, which only the GM settles."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders import (
    amended,
    attack,
    condition,
    created,
    fact,
    joined,
    log,
    rolled,
    started,
    state,
    turn_ended,
)

M = "d20modern"
AGENT, THUG, CLERK = "reyes", "thug", "clerk"
STATS = {"constitution": 12, "defenses": {"defense": 15, "flat_footed": 12}}


def surprise_fight(*lines: dict[str, Any], **options: Any) -> dict[str, Any]:
    """Agent (15) and thug (10) aware, the clerk (5) not: a surprise round, then `lines`."""
    return state(
        log(
            created(M, **options),
            *(joined(c, stats=STATS) for c in (AGENT, THUG, CLERK)),
            fact("SurpriseDetermined", aware=[AGENT, THUG]),
            rolled(AGENT, 15),
            rolled(THUG, 10),
            rolled(CLERK, 5),
            started(),
            *lines,
        )
    )


SURPRISE_ROUND_OVER = [turn_ended(AGENT), turn_ended(THUG)]  # round 1, the agent's turn

# (lines after CombatStarted, house rules, who is flat-footed then)
FLAT_FOOTED = [
    pytest.param([], {}, [THUG, CLERK],
                 id="003 L3: everyone starts flat-footed; L4: the agent's surprise turn is acting"),
    pytest.param([turn_ended(AGENT)], {}, [CLERK],
                 id="003 L3: once the thug acts in the surprise round it is no longer flat-footed"),
    pytest.param(SURPRISE_ROUND_OVER, {}, [CLERK],
                 id="003 L3-4: in round 1 the thug, who acted in the surprise round, is not"),
    pytest.param(SURPRISE_ROUND_OVER, {"flat_footed_until": "first_regular_turn"},
                 [THUG, CLERK], id="3.5's reading as an option: flat-footed until the first "
                 "regular turn"),
    pytest.param([*SURPRISE_ROUND_OVER, turn_ended(AGENT)], {}, [CLERK],
                 id="003 L4: the unaware clerk stays flat-footed until its first turn"),
    pytest.param([*SURPRISE_ROUND_OVER, turn_ended(AGENT), turn_ended(THUG)], {}, [],
                 id="digest M1 default: taking the turn ends flat-footedness"),
    pytest.param([*SURPRISE_ROUND_OVER, attack(CLERK, THUG, 4, 6)], {}, [],
                 id="digest G4: an attack out of turn is acting"),
    pytest.param([*SURPRISE_ROUND_OVER, condition(THUG, "flat_footed")], {}, [THUG, CLERK],
                 id="003 L98, digest M1: the GM rules the thug flat-footed (it cannot react)"),
    pytest.param([*SURPRISE_ROUND_OVER, condition(THUG, "flat-footed"),
                  fact("ConditionRemoved", target=THUG, condition="flat-footed")], {}, [CLERK],
                 id="003 L98: the GM's ruling ends when the condition is removed"),
    pytest.param([*SURPRISE_ROUND_OVER, fact("CombatEnded")], {}, [],
                 id="no one is flat-footed once the combat is over"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "options", "flat_footed"), FLAT_FOOTED)
def test_flat_footed_lasts_until_the_combatant_acts(
    lines: list[dict[str, Any]], options: dict[str, Any], flat_footed: list[str]
) -> None:
    table = surprise_fight(*lines, **options)

    found = [c for c, shown in table["combatants"].items() if "flat_footed" in shown["statuses"]]
    assert found == flat_footed


# --- initiative ties -----------------------------------------------------------------------------


Lines = tuple[dict[str, Any], ...]


def rolls(*results: tuple[str, int, int], before: Lines = (), then: Lines = ()) -> Any:
    """Three combatants (joined in this order) roll natural + modifier (lines 5-7), `before`,
    combat starts, `then`."""
    lines = [created(M)]
    lines += [joined(c, stats={**STATS, "initiative_modifier": mod}) for c, _, mod in results]
    lines += [rolled(c, natural, mod) for c, natural, mod in results]
    return log(*lines, *before, started(), *then)


TIED = (("voss", 10, 4), ("enforcer", 13, 1), ("okafor", 6, 1))  # 14, 14, 7
SETTLED = fact("InitiativeTieBroken", order=["enforcer", "voss"])

# (the log, the pending ties, the order)
TIES = [
    pytest.param(rolls(*TIED), [["voss", "enforcer"]], ["voss", "enforcer", "okafor"],
                 id="003 L4-7: no tie rule, so equal results wait for the GM whatever the "
                 "modifiers"),
    pytest.param(rolls(*TIED, before=(SETTLED,)), [], ["enforcer", "voss", "okafor"],
                 id="003 L4-7: the GM's InitiativeTieBroken settles the tie"),
    pytest.param(rolls(*TIED, before=(SETTLED,), then=(fact("EventRevoked", target=8),)),
                 [["voss", "enforcer"]], ["voss", "enforcer", "okafor"],
                 id="CONTRACT §1 EventRevoked: an undone ruling leaves the tie pending again"),
    pytest.param(rolls(("voss", 10, 4), ("enforcer", 13, 1), ("okafor", 13, 1)),
                 [["voss", "enforcer", "okafor"]], ["voss", "enforcer", "okafor"],
                 id="003 L4-7: three equal results are one pending tie"),
    pytest.param(rolls(("voss", 11, 4), ("enforcer", 13, 1), ("okafor", 6, 1)), [],
                 ["voss", "enforcer", "okafor"],
                 id="003 L4: different results go highest to lowest"),
    pytest.param(rolls(("voss", 11, 4), ("enforcer", 13, 1), ("okafor", 6, 1),
                       then=(amended(5, rolled("voss", 10, 4)),)),
                 [["voss", "enforcer"]], ["voss", "enforcer", "okafor"],
                 id="CONTRACT §1 EventAmended: a roll amended to an equal result is a tie"),
]  # fmt: skip


@pytest.mark.parametrize(("events", "ties", "order"), TIES)
def test_a_tie_is_pending_until_the_gm_settles_it(
    events: Any, ties: list[list[str]], order: list[str]
) -> None:
    table = state(events)

    assert (table["initiative_ties"], table["order"]) == (ties, order)
    assert any("tie to settle" in w for w in table["warnings"]) == bool(ties)


def test_dnd35_settles_the_same_tie_by_the_modifier_but_d20_modern_does_not() -> None:
    lines = [created("dnd35"), joined("voss"), joined("enforcer"), rolled("voss", 10, 4),
             rolled("enforcer", 13, 1), started()]  # fmt: skip

    assert state(log(*lines))["initiative_ties"] == []
    assert state(log(created(M), *lines[1:]))["initiative_ties"] == [["voss", "enforcer"]]


def test_a_ruling_made_after_a_tied_combatant_acted_reorders_from_the_next_round() -> None:
    first_turn = [turn_ended("voss"), SETTLED]
    during = state(rolls(*TIED, then=(*first_turn,)))
    next_round = state(rolls(*TIED, then=(*first_turn, turn_ended("enforcer"),
                                         turn_ended("okafor"))))  # fmt: skip

    assert (during["turn"], during["order"]) == ("enforcer", ["voss", "enforcer", "okafor"])
    assert (next_round["round"], next_round["turn"]) == (2, "enforcer")
    assert next_round["order"] == ["enforcer", "voss", "okafor"]
