"""A SQLite recorder that turns each row's originator id into a UUID once per id, not per row."""

from __future__ import annotations

from functools import lru_cache
from uuid import UUID

from eventsourcing.sqlite import SQLiteApplicationRecorder


@lru_cache(maxsize=4096)
def uuid_of(text: str) -> UUID:
    return UUID(text)


class SQLiteFactRecorder(SQLiteApplicationRecorder):
    """The library's recorder; reading a 100k-line log no longer builds 100k equal UUIDs."""

    def convert_originator_id(self, originator_id: str) -> UUID | str:
        if self.datastore.originator_id_type == "uuid":
            return uuid_of(originator_id)
        return originator_id
