"""`combatlog recap SESSION`: a session's recap as Markdown for the group's chat (or JSON)."""

from __future__ import annotations

from typing import Annotated

import typer

from api.cli import DEFAULT_TABLE, DbOption, TableOption, runtime
from api.cli.terminal import fail, plain, print_json


def recap(
    session: Annotated[str, typer.Argument(help="The session's id (e.g. 2026-11-20).")],
    campaign: Annotated[
        str | None, typer.Option(help="The campaign (needed when several hold the session).")
    ] = None,
    player: Annotated[
        bool, typer.Option("--player", help="The players' recap: what the player view shows.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON instead of Markdown.")] = False,
    table: TableOption = DEFAULT_TABLE,
    db: DbOption = None,
) -> None:
    """Print a session's recap: each fight's drops, rescues, kills, biggest hit, natural 20s
    and 1s, corrected rulings and who was left standing, as Markdown to paste into a chat."""
    from api.campaigns.recaps import holding, session_recap
    from projections.recap import recap_json
    from projections.recap_markdown import recap_markdown

    with runtime(db) as built:
        analytics = built.analytics
        campaign = campaign or the_campaign(holding(analytics, table, session), session)
        found = session_recap(analytics, built.encounters, table, campaign, session, player)
    if found is None:
        raise fail(f"campaign {plain(campaign)} has no session {plain(session)}", 1)
    if as_json:
        print_json(recap_json(found))
    else:
        typer.echo("\n".join(plain(line) for line in recap_markdown(found).splitlines()))


def the_campaign(holding: list[str], session: str) -> str:
    """The one campaign holding the session; exit 1 if none does, 2 if several do."""
    if not holding:
        raise fail(f"no campaign has a session {plain(session)}", 1)
    if len(holding) > 1:
        several = ", ".join(holding)
        raise fail(f"session {plain(session)} is in several campaigns ({several}): "
                   "choose one with --campaign", 2)  # fmt: skip
    return holding[0]
