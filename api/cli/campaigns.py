"""`combatlog campaign save`, `campaigns`, `sessions`, `file` and `replay-session`: campaigns
and their sessions on the command line, as the service keeps them (api/campaigns/registry.py,
api/campaigns/sessions.py, api/campaigns/session_replay.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from api.cli import DEFAULT_TABLE, DbOption, EncounterId, TableOption, encounter_id, runtime
from api.cli.branches import found
from api.cli.stats import caught_up
from api.cli.terminal import fail, plain, print_json
from domain.integrity import LogError

campaign_app = typer.Typer(help="The campaign registry.", no_args_is_help=True)
CampaignId = Annotated[str, typer.Argument(help="The campaign's id (`crypt`).")]
SessionId = Annotated[str, typer.Argument(help="The session's id (`combatlog sessions`).")]


@campaign_app.command("save")
def save(
    campaign: CampaignId,
    name: Annotated[str, typer.Option(help="The campaign's name.")],
    ruleset: Annotated[str, typer.Option(help="Its rules system (dnd35, orcus …).")],
    party: Annotated[
        str, typer.Option(help="Library creature ids of that system, comma-separated.")
    ] = "",
    table: TableOption = DEFAULT_TABLE,
    db: DbOption = None,
) -> None:
    """Set up a campaign of a table (or change it): its name, rules system and party roster."""
    from pydantic import ValidationError

    from api.campaigns.registry import CampaignRecord
    from domain.integrity import first_error

    members = [m.strip() for m in party.split(",") if m.strip()]
    try:
        given = {"id": campaign, "name": name, "ruleset": ruleset, "party": members}
        record = CampaignRecord.model_validate(given)
    except ValidationError as exc:
        raise fail("--{}: {}".format(*first_error(exc)), 2) from None
    with runtime(db) as built:
        saved = {c.id for c in built.library.creatures(table, record.ruleset)}
        unknown = [m for m in record.party if m not in saved]
        if unknown:
            raise fail(f"--party: no {record.ruleset} creature {unknown[0]} in the library", 2)
        built.campaigns.save(table, record)
    typer.echo(f"{record.id}  {plain(record.name)}  {record.ruleset}  {len(record.party)} in party")


def campaigns(table: TableOption = DEFAULT_TABLE, db: DbOption = None) -> None:
    """List a table's campaigns: those set up and those an encounter is filed under."""
    from api.campaigns.sessions import campaigns as seen
    from api.campaigns.sessions import listed

    with caught_up(db) as built:
        found = listed(seen(built.analytics, table), built.campaigns.campaigns(table))
    for c in found:
        played = c["last_played"] or "never"
        typer.echo(
            f"{c['id']}  {plain(str(c['name']))}  {c['ruleset'] or '-'}  {c['sessions']} "
            f"sessions, {c['encounters']} fights, last played {played}"
        )


def sessions(
    campaign: CampaignId,
    branches: Annotated[bool, typer.Option(help="List what-if branches too.")] = False,
    table: TableOption = DEFAULT_TABLE,
    db: DbOption = None,
) -> None:
    """A campaign's sessions in date order, each with its fights in the order fought."""
    from api.campaigns.sessions import sessions as filed

    with caught_up(db) as built:
        found = filed(built.analytics, table, campaign, branches)
    if not found:
        raise fail(f"no session of {campaign} holds an encounter", 1)
    for s in found:
        typer.echo(f"{s.date.isoformat()}  {s.id}  {plain(s.title or '')}".rstrip())
        for f in s.fights:
            branch = f"  (a branch of {f.branch_of})" if f.branch_of else ""
            typer.echo(f"  {f.id}  {plain(f.name)}  {f.rounds} rounds{branch}")


def file(
    encounter: EncounterId,
    campaign: Annotated[str, typer.Option(help="The campaign it is fought in.")],
    session: Annotated[str | None, typer.Option(help="The session's id (default: --date).")] = None,
    day: Annotated[
        str | None, typer.Option("--date", help="The day the table met (YYYY-MM-DD).")
    ] = None,
    title: Annotated[str | None, typer.Option(help="The session's title.")] = None,
    db: DbOption = None,
) -> None:
    """File a stored encounter under a campaign (and a session of it): an EncounterFiled fact
    at the end of its log, which an undo takes back."""
    from api.service.encounters import Append
    from domain.commands import AppendFacts

    fact = filing(campaign, session, day, title)
    with runtime(db) as built:
        found(built.encounters, encounter_id(encounter))
        append = Append(encounter_id(encounter), AppendFacts((fact,)), by="gm")
        try:
            done = built.commits.written(append)
        except LogError as exc:
            raise fail(f"--{exc.field or 'campaign'}: {exc.reason}", 2) from None
    typer.echo(f"filed at line {done.version}")


def filing(campaign: str, session: str | None, day: str | None, title: str | None) -> Any:
    """The EncounterFiled fact, or a failure naming the option at fault."""
    from pydantic import ValidationError

    from domain.events import EVENT_ADAPTER
    from domain.integrity import first_error

    if (session or title) and not day:
        raise fail("--date: a session needs the day the table met", 2)
    given: dict[str, Any] = {"type": "EncounterFiled", "campaign": campaign}
    if day:
        given["session"] = {"id": session or day, "date": day, "title": title}
    try:
        return EVENT_ADAPTER.validate_python(given)
    except ValidationError as exc:
        where, reason = first_error(exc)
        option = {"session.id": "session", "session.date": "date", "session.title": "title"}
        raise fail(f"--{option.get(where, 'campaign')}: {reason}", 2) from None


def session_replayer(print_table: Callable[[dict[str, Any], str], None]) -> Callable[..., None]:
    """`combatlog replay-session`, printing each table as `combatlog replay` does."""

    def replay_session(
        campaign: CampaignId,
        session: SessionId,
        at: Annotated[
            int | None, typer.Option("--at", help="The table after session line N.")
        ] = None,
        corrected: Annotated[
            bool, typer.Option(help="As corrected (the second timeline).")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print the states as JSON.")] = False,
        table: TableOption = DEFAULT_TABLE,
        db: DbOption = None,
    ) -> None:
        """Replay a whole session: each fight's table at its end, in the order fought; with
        --at, the table at that line of the session (its fights' lines counted on across them)."""
        states = session_states(table, campaign, session, at, corrected, db)
        if as_json:
            shown = [{"encounter": s.id, "name": s.name, "first": s.first, "last": s.last,
                      "state": state} for s, state in states]  # fmt: skip
            print_json(shown)
            return
        for span, state in states:
            typer.echo(f"session lines {span.first}–{span.last}")
            print_table(state, span.name)

    return replay_session


def session_states(
    table: str, campaign: str, session: str, at: int | None, corrected: bool, db: str | None
) -> list[tuple[Any, dict[str, Any]]]:
    """Each fight of the session with its table at its end, or the one fight holding session
    line `at` with its table there."""
    from api.campaigns.session_replay import fight_at, spans, table_at
    from projections.history import Timeline

    timeline: Timeline = "corrected" if corrected else "then"
    with caught_up(db) as built:
        filed = sessions_of(built.analytics, table, campaign, session)
        encounters = built.encounters
        session_spans = spans(encounters, filed)
        lines = session_spans[-1].last
        if at is not None and not 1 <= at <= lines:
            raise fail(f"--at must be between 1 and {lines} (the session has {lines} lines)", 2)
        chosen = session_spans if at is None else [fight_at(session_spans, at)]
        line = {s.id: None if at is None else at - s.first + 1 for s in chosen}
        return [(s, table_at(encounters, s, line[s.id], timeline)) for s in chosen]


def sessions_of(analytics: Any, table: str, campaign: str, session: str) -> list[Any]:
    """The session's fights in order, or a failure saying there is no such session."""
    from api.campaigns.sessions import sessions as filed

    found = filed(analytics, table, campaign, session=session)
    if not found:
        raise fail(f"no session {session} of {campaign} holds an encounter", 1)
    return found[0].fights


__all__ = ["campaign_app", "campaigns", "file", "session_replayer", "sessions"]
