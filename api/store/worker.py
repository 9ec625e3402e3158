"""The store as a worker process opens it: once per process and URL, without the secret (a
worker keeps no stored tables, as the command line's import does not)."""

from __future__ import annotations

from api.store.encounters import EncounterStore

_stores: dict[tuple[str, str | None], EncounterStore] = {}  # in a worker process


def worker_store(url: str, name: str | None) -> EncounterStore:
    """The store at `url` (its tables named `name`), opened once in this process."""
    store = _stores.get((url, name))
    if store is None:
        store = _stores[(url, name)] = EncounterStore(url, name=name)
    return store
