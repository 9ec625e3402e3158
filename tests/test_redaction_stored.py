"""A history rebuilt from stored tables keeps the player view's secrets: the joins and reveals
before the stored table are found by their stored topics, without folding those lines again."""

from __future__ import annotations

from api.service.encounters import rebuilt
from domain.events import EVENT_ADAPTER, Fact
from projections.history import History
from tests.redaction_helpers import AMBUSH
from tests.store_helpers import OpenStore, new_log

EVERY = 4
LOG = [
    {"type": "EncounterCreated", "name": "Ambush at the mill", "ruleset": "dnd35"},
    *AMBUSH,  # the sniper joins hidden at line 4
    {"type": "DamageDealt", "target": "valeros", "amount": 3, "source": "sniper"},
    {"type": "CombatantJoined", "combatant": "wolf", "name": "Wolf", "side": "foes",
     "hidden": True, "stats": {"max_hp": 13}},
    {"type": "CombatantRevealed", "combatant": "sniper"},
    {"type": "EventAmended", "target": 3, "replacement": {**AMBUSH[1], "hidden": True}},
    {"type": "DamageDealt", "target": "wolf", "amount": 2},
    {"type": "EventRevoked", "target": 6},
]  # fmt: skip


def test_a_rebuild_from_stored_tables_hides_and_reveals_whom_the_whole_log_does(
    open_store: OpenStore,
) -> None:
    events: list[Fact] = [EVENT_ADAPTER.validate_python(line) for line in LOG]
    store = open_store()
    encounter = new_log(store, events)
    rebuilt(store, encounter, every=EVERY)  # folds every line and stores its tables
    history = rebuilt(open_store(), encounter, every=EVERY)  # starts from the table at line 8
    whole = History(events)
    assert history.cast() == whole.cast()
    assert history.cast().hidden(len(events)) == {"goblin", "wolf"}
    assert history.cast().shown_from["sniper"] == 7
    assert history.withdrawn() == whole.withdrawn() == {3, 6}
