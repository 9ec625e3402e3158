"""Facts as a client sends them: dice rolled, numbers the store can keep, a log to import."""

from __future__ import annotations

from typing import Any, cast, get_args
from uuid import UUID

from api.compute import offload
from api.compute.dice import Budget, DiceError, OverBudget, resolve_roll
from api.http.problems import HttpProblem
from api.http.schemas import encounters as schemas
from api.service.commits import Committers
from domain.commands import Import
from domain.events import ENVELOPE, EVENT_TYPES, EncounterCreated, Event, Fact, TableFact
from domain.integrity import LogError
from domain.jsonl import parse_event, read_jsonl
from domain.tables import seated

IMPORT_LINES = 5_000  # lines one import may hold: a 5-hour session at a fact every 4 s
ROLLED_FIELDS = ("natural", "total", "modifier", "amount")  # what a `roll` fills in
TABLE_FACTS = frozenset(  # the wire names a replacement may have: TableFact's members
    member.model_fields["type"].default for member in get_args(get_args(TableFact)[0])
)


def client_facts(raws: list[dict[str, Any]], bounded: bool = False) -> list[Fact]:
    """The facts of one append, their dice rolled within one request's budget (api.compute.dice);
    run off the event loop, since rolling and validating take CPU. `bounded`: the write lane
    read the body and found every integer within 64 bits and no nesting too deep."""
    budget = Budget()
    return [
        client_fact(raw, n, f"facts[{n - 1}]", budget, bounded) for n, raw in enumerate(raws, 1)
    ]


def client_replacement(raw: dict[str, Any], position: int) -> Fact:
    """An amendment's replacement: a table fact (not a correction, not EncounterCreated)."""
    kind = raw.get("type")
    if isinstance(kind, str) and kind in EVENT_TYPES and kind not in TABLE_FACTS:
        reason = f"{kind} cannot replace a line: a replacement is a fact from the table"
        raise HttpProblem(422, "Invalid fact", reason, "replacement.type")
    return client_fact(raw, position, "replacement")


def client_fact(
    raw: dict[str, Any],
    position: int,
    field: str,
    budget: Budget | None = None,
    bounded: bool = False,
) -> Fact:
    """The fact a client sent, its dice rolled; 422 naming the field at fault (`roll` when the
    dice rolled give a number out of bounds). `bounded`: as the write lane found the body (see
    client_facts), so neither its integers nor its depth are walked again; the dice's are."""
    service_fields_unset(raw, field)
    if not bounded:
        fits_64_bits(raw, field)
    try:
        resolved = resolve_roll(raw, budget)
    except OverBudget as exc:
        raise HttpProblem(422, "Too many dice", str(exc), f"{field}.roll") from None
    except DiceError as exc:
        raise HttpProblem(422, "Bad dice notation", str(exc), f"{field}.roll") from None
    if resolved is not raw:
        fits_64_bits(resolved, field, blame=f"{field}.roll")  # a total past 64 bits
    try:
        return parse_event(resolved, position, nested=not bounded)
    except LogError as exc:
        rolled_into = resolved is not raw and exc.field in ROLLED_FIELDS
        where = f"{field}.{'roll' if rolled_into else exc.field}" if exc.field else field
        raise HttpProblem(422, "Invalid fact", exc.reason, where) from None


def fits_64_bits(value: Any, field: str, blame: str | None = None) -> None:
    """422 naming the field (or `blame`) unless every integer fits the 64 bits the store keeps."""
    if (at := schemas.beyond_64_bits(value, field)) is not None:
        low, high = schemas.INT64[0], schemas.INT64[-1]
        reason = f"the number does not fit in 64 bits: it must lie between {low} and {high}"
        raise HttpProblem(422, "Number out of range", reason, blame or at)


def service_fields_unset(raw: dict[str, Any], field: str) -> None:
    """422 for an envelope field in a client's fact: when it was recorded, by whom and under which
    Idempotency-Key are the service's to record (an imported log keeps its own)."""
    for name in sorted(ENVELOPE & raw.keys()):
        reason = f"`{name}` is recorded by the service, not sent with a fact"
        raise HttpProblem(422, "Invalid fact", reason, f"{field}.{name}")


def imported_log(data: bytes) -> list[Event]:
    """A log sent to import, parsed and checked whole (off the event loop: it takes CPU), within
    IMPORT_LINES; 413 past the budget, 422 naming the first bad line's field."""
    if (lines := data.count(b"\n") + (not data.endswith(b"\n"))) > IMPORT_LINES:
        detail = f"an import holds at most {IMPORT_LINES} lines; this one has {lines}"
        raise HttpProblem(413, "Import too long", detail, "body")
    try:
        facts = read_jsonl(data)
    except LogError as exc:
        where = f"line {exc.position}"
        field = f"{where}.{exc.field}" if exc.field else where
        raise HttpProblem(422, "Invalid log", f"{where}: {exc.reason}", field, exc.reason) from None
    for number, fact in enumerate(facts, 1):
        fits_64_bits(fact.to_json_dict(), f"line {number}")
    return facts


async def imported(commits: Committers, data: bytes, table: str) -> tuple[UUID, int]:
    """A log sent to import, stored as a new encounter of `table` (whatever table its line 1
    named): (its id, its lines). The parsing runs off the loop (in a worker process, by
    default), then the log is one write of the group commit, in its lane for new encounters."""
    facts = await offload.off_loop(imported_log, data)
    facts[0] = seated(cast(EncounterCreated, facts[0]), table)
    return await commits.new(Import(tuple(facts))), len(facts)
