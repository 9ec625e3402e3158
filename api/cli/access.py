"""`combatlog tokens`: an encounter's GM and player tokens and each player character's link,
re-issued from the secret here, and their rotation."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from api.cli import DbOption, EncounterId, configured, encounter_id, runtime
from api.cli.terminal import fail, plain


class Rotated(StrEnum):
    player = "player"
    gm = "gm"


def tokens(
    encounter: EncounterId,
    db: DbOption = None,
    rotate: Annotated[
        Rotated | None,
        typer.Option(help="Replace this token first: the old one is refused from then on."),
    ] = None,
) -> None:
    """Print an encounter's GM and player tokens and each player character's link token (under
    the secret in combatlog.secret here or $COMBATLOG_SECRET), after rotating one when asked."""
    from api.config.secret import fingerprint
    from api.service.errors import UnknownEncounter
    from projections.proposals import players_in_fight

    chosen = encounter_id(encounter)
    given = configured(db).secret_bytes()
    secret = service_secret(given)
    with runtime(db, secret) as built:
        kept = built.store.secret_fingerprint()
        if kept not in (None, fingerprint(secret)):
            raise fail(other_secret(given), 1)
        try:
            name = built.encounters.facts(chosen, upto=1)[0].name  # type: ignore[attr-defined]
        except UnknownEncounter:
            raise fail(f"no encounter {encounter} in the store", 1) from None
        if rotate is not None:
            current = built.tokens.rotate(chosen, rotate.value)
        else:
            current = built.tokens.issued(chosen)
        members = built.encounters.read(
            chosen, lambda h: [m for m in h.table().members.values() if m.id in players_in_fight(h)]
        )
        links = [(m.name, built.tokens.character(chosen, m.id)) for m in members]
    typer.echo(f"encounter {plain(name)!r}: {chosen}")
    typer.echo(f"  GM token:     {current['gm_token']}")
    typer.echo(f"  player token: {current['player_token']}")
    for character, token in links:  # each player character's own link (issue 26)
        typer.echo(f"  {plain(character)}'s link: {token}  (/play/{chosen}#token={token})")


def service_secret(given: bytes | None) -> bytes:
    """The secret `combatlog serve` here uses (`given`: COMBATLOG_SECRET); never a new one."""
    from api.config.secret import SECRET_FILE, SECRET_VARIABLE, secret_in  # here: `replay`
    # needs no hashing (~6 ms of its start)

    secret, new = secret_in(Path.cwd(), given)
    if new:
        raise fail(
            f"no secret here: neither {Path.cwd() / SECRET_FILE} nor {SECRET_VARIABLE}; run this "
            "in the folder `combatlog serve` runs in, with its environment",
            1,
        )
    return secret


def other_secret(given: bytes | None) -> str:
    from api.config.secret import SECRET_FILE, SECRET_VARIABLE

    where = SECRET_VARIABLE if given else str(Path.cwd() / SECRET_FILE)
    return (
        f"the secret in {where} is not the one this store's tokens are issued under: tokens "
        "made from it would be refused. Use the service's secret, or adopt this one first "
        "with `combatlog serve --accept-new-secret`."
    )
