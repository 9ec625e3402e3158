"""The service's configuration: every COMBATLOG_* variable, read here once and passed down."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from api.compute.offload import Offload
from api.store.config import DEFAULT_URL

Synchronous = Literal["full", "normal"]
COMMIT_DELAY = 0  # µs


class Settings(BaseSettings):
    """What `combatlog serve`, the other commands and the app factory run with
    (docs/configuration.md); built once per process entry point, then handed on."""

    model_config = SettingsConfigDict(env_prefix="COMBATLOG_", frozen=True, extra="ignore")

    database_url: str = Field(DEFAULT_URL, min_length=1)
    store_name: str | None = None
    secret: SecretStr | None = None
    accept_new_secret: bool = False
    offload: Offload = "process"
    analytics_every: float = 0.5
    analytics_process: bool = False
    # SQLite's disk sync: `full` (its default) syncs the log at every commit; `normal` only at
    # checkpoints, so a power failure may lose the last commits (never corrupt the file)
    sqlite_synchronous: Synchronous = "full"
    # microseconds the committer may wait for more writes in a busy moment (as PostgreSQL's
    # commit_delay; api/service/commits.py); 0: none. A lone write never waits on it
    commit_delay: int = Field(COMMIT_DELAY, ge=0, le=1000)

    @field_validator("store_name", "secret", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: Any) -> Any:
        return value or None  # `COMBATLOG_SECRET=` is no secret, as it always was

    @field_validator("offload", mode="before")
    @classmethod
    def _unknown_offload_is_process(cls, value: Any) -> Any:
        return value if value in ("process", "thread", "inline") else "process"

    @field_validator("accept_new_secret", mode="before")
    @classmethod
    def _only_one_accepts(cls, value: Any) -> Any:
        return value is True or value == "1"  # COMBATLOG_ACCEPT_NEW_SECRET=1, as documented

    def secret_bytes(self) -> bytes | None:
        """COMBATLOG_SECRET as the bytes tokens are made with, when set."""
        return None if self.secret is None else self.secret.get_secret_value().encode()


class BadSetting(ValueError):
    """A setting the service cannot run with, named as the user spells it (its variable)."""


def load_settings(**given: Any) -> Settings:
    """The environment's settings, with what the command line gave (None or "": not given)
    over it; BadSetting naming the first variable at fault and why."""
    try:
        return Settings(**{name: value for name, value in given.items() if value not in (None, "")})
    except ValidationError as exc:
        error = exc.errors()[0]
        name = "COMBATLOG_" + "_".join(str(part) for part in error["loc"]).upper()
        raise BadSetting(f"{name}: {error['msg']} (given {error['input']!r})") from None
