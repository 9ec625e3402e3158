"""The composition root: settings → store → the service (encounters, group commit, tokens, the
tables and their keys, who opens what), analytics, the creature library and the campaign
registry, built once for the app and for a command alike; `serving` adds what only the serving
process runs (the live hub, the relay of other workers' lines, the analytics keeper, the worker
processes)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property, partial
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import TracebackType
from typing import Self

from api.analytics.ingest import process as keeping
from api.analytics.ingest.keeper import Keeper
from api.analytics.ingest.model import Analytics
from api.campaigns.registry import CampaignRegistry
from api.compute import offload
from api.config.secret import secret_at_start
from api.config.settings import Settings
from api.library import CreatureLibrary
from api.service.claims import Claims
from api.service.commits import Committers
from api.service.doors import Doors
from api.service.encounters import Encounters
from api.service.hub import Hub
from api.service.relay import Relay
from api.service.tables import Tables
from api.service.tokens import Tokens, operator_token
from api.store import EncounterStore
from domain.jsonl import EDGE_VALIDATORS


def open_store(settings: Settings, secret: bytes | None = None) -> EncounterStore:
    """The store the settings name (`secret`, the service's, signs its stored tables)."""
    return EncounterStore(
        settings.database_url,
        name=settings.store_name,
        secret=secret,
        synchronous=settings.sqlite_synchronous,
    )


def checked_secret(settings: Settings, folder: Path) -> bytes:
    """The secret to serve under, checked against the one the store's tokens were issued under
    (SecretChanged, and nothing written, when they differ and none is accepted)."""
    with open_store(settings) as store:
        return secret_at_start(folder, settings, store)


class Runtime:
    """What a process of the service runs on: its settings and secret, the store, and the
    service over it. Analytics, the library and the campaign registry (each a table or a few
    in the store's database) are made when first asked for, so a command that needs none
    creates none; the app asks for them all at its start."""

    def __init__(self, settings: Settings, secret: bytes | None = None) -> None:
        self.settings, self.secret = settings, secret
        self.store = open_store(settings, secret)
        self.encounters = Encounters(self.store)
        self.commits = Committers(self.encounters, delay=settings.commit_delay / 1e6)

    @cached_property
    def tokens(self) -> Tokens:
        """The tokens, issued and checked under the secret (a runtime built without one has
        none to issue)."""
        if self.secret is None:
            raise RuntimeError("this runtime was built without the service's secret")
        return Tokens(self.secret, self.store.access)

    @cached_property
    def claims(self) -> Claims:
        """Players' claims of characters through the shared player link (issue 26)."""
        return Claims(self.tokens)

    @cached_property
    def tables(self) -> Tables:
        """The tables (game groups) and their keys; the default one made on the store's first
        opening, keyed by the operator token (none is, without the secret)."""
        operator = None if self.secret is None else operator_token(self.secret)
        return Tables(self.encounters, operator)

    @cached_property
    def doors(self) -> Doors:
        """Who opens what: encounters' tokens and tables' keys."""
        return Doors(self.tokens, self.tables, self.encounters)

    def remove_table(self, table_id: str) -> bool:
        """Forget a table, its key, its library and its campaigns (TableInUse while it holds
        encounters); whether there was one."""
        also = (self.library.forget_table, self.campaigns.forget_table)
        return self.tables.remove(table_id, also)

    @cached_property
    def analytics(self) -> Analytics:
        """The analytics read model over the store."""
        return Analytics(self.store)

    @cached_property
    def library(self) -> CreatureLibrary:
        """The creature library and party roster."""
        return CreatureLibrary(self.store)

    @cached_property
    def campaigns(self) -> CampaignRegistry:
        """The campaign registry."""
        return CampaignRegistry(self.store)

    def made(self) -> Self:
        """Every part made now (the app's start), none on a request."""
        made = (self.tokens, self.claims, self.tables, self.doors)
        _ = (*made, self.analytics, self.library, self.campaigns)
        EDGE_VALIDATORS.every()  # the facts' validators, built when first used (domain/events.py)
        return self

    def close(self) -> None:
        """Commit what is pending, then release the store."""
        self.commits.stop()
        self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class Serving:
    """What the serving process runs besides its runtime: the live hub (told of this worker's
    commits and, by the relay, of other workers'), the analytics keeper (a thread, or a process
    of its own), and the worker processes for dice and imports."""

    def __init__(self, runtime: Runtime, loop: asyncio.AbstractEventLoop) -> None:
        settings = runtime.settings
        offload.use(settings.offload)
        offload.warm()  # dice and imports run in worker processes: start them now
        self.hub = Hub(loop)
        runtime.encounters.listeners.append(self.hub.appended)
        hub = self.hub
        self.relay = Relay(runtime.store, lambda encounter_id, v: hub.appended(encounter_id, v, []))
        self.relay.start()
        every = settings.analytics_every  # 0: only when a report is asked for (it catches up)
        self.keeper = Keeper(runtime.analytics, every=every)
        self.child: BaseProcess | None = None
        if every > 0 and keeping.wanted(settings.analytics_process, settings.database_url):
            self.child = keeping.start(partial(open_store, settings), every)
        elif every > 0:
            self.keeper.start()

    def stop(self) -> None:
        """End the relay, the keeper and its process."""
        self.relay.stop()
        self.keeper.stop()
        self.relay.join(timeout=1)
        if self.keeper.is_alive():
            self.keeper.join(timeout=5)
        if self.child is not None:
            keeping.stop(self.child)


@contextmanager
def serving(settings: Settings, folder: Path) -> Iterator[tuple[Runtime, Serving]]:
    """The serving process's runtime and what runs beside it, on the running event loop, from
    the app's start to its end. SecretChanged (the start fails, saying why) if the store's
    tokens need another secret."""
    secret = checked_secret(settings, folder)
    runtime = Runtime(settings, secret)
    runtime.made()
    started = Serving(runtime, asyncio.get_running_loop())
    try:
        yield runtime, started
    finally:
        runtime.commits.stop()
        started.stop()
        runtime.store.close()
