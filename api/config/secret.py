"""The service's secret (every token is an HMAC under it), and the check at start that it is the
one the stored encounters' tokens were issued under."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from api.config.settings import Settings


class SecretRecords(Protocol):
    """Where the store keeps the fingerprint of the secret its tokens were issued under."""

    def secret_fingerprint(self) -> str | None: ...

    def remember_secret(self, fingerprint: str) -> None: ...

    def holds_encounters(self) -> bool: ...


SECRET_FILE = "combatlog.secret"
SECRET_VARIABLE = "COMBATLOG_SECRET"
ACCEPT_VARIABLE = "COMBATLOG_ACCEPT_NEW_SECRET"


class SecretChanged(RuntimeError):
    """The store's encounters were issued tokens under another secret than the one in use."""


def load_secret(folder: Path, given: bytes | None = None) -> bytes:
    """`given` (COMBATLOG_SECRET), else the secret file in `folder` (made on first start, 0600)."""
    secret, new = secret_in(folder, given)
    if new:
        write_secret(folder, secret)
    return secret


def secret_in(folder: Path, given: bytes | None) -> tuple[bytes, bool]:
    """`given` (COMBATLOG_SECRET), else the secret file in `folder`, else a new one (not yet
    written): the secret and whether it is new."""
    if given:
        return given, False
    path = folder / SECRET_FILE
    if path.exists():
        return path.read_text().strip().encode(), False
    return secrets.token_urlsafe(32).encode(), True


def write_secret(folder: Path, secret: bytes) -> None:
    """The secret file, readable by its owner only."""
    path = folder / SECRET_FILE
    path.write_text(secret.decode())
    path.chmod(0o600)


def fingerprint(secret: bytes) -> str:
    """Tells secrets apart without revealing them (kept in the store)."""
    return hmac.new(secret, b"combatlog secret fingerprint", hashlib.sha256).hexdigest()[:32]


def secret_at_start(folder: Path, settings: Settings, store: SecretRecords) -> bytes:
    """The secret to serve under. SecretChanged, and nothing written, when the store holds
    encounters whose tokens another secret issued, unless the settings' `accept_new_secret`
    (--accept-new-secret, COMBATLOG_ACCEPT_NEW_SECRET=1) says to adopt this one; the store then
    remembers it."""
    given = settings.secret_bytes()
    secret, new = secret_in(folder, given)
    kept = store.secret_fingerprint()
    changed = kept not in (None, fingerprint(secret))
    if changed and not settings.accept_new_secret and store.holds_encounters():
        raise SecretChanged(changed_message(folder, new, given is not None))
    if new:
        write_secret(folder, secret)
    if kept != fingerprint(secret):
        store.remember_secret(fingerprint(secret))
    return secret


def changed_message(folder: Path, new: bool, from_variable: bool) -> str:
    """What happened to the secret and what to do about it."""
    path = folder / SECRET_FILE
    if from_variable:
        where = f"{SECRET_VARIABLE} is set to a secret"
    elif new:
        where = f"there is no {path} (deleted?) and {SECRET_VARIABLE} is not set, so a new secret"
    else:
        where = f"{path} holds a secret"
    return (
        f"{where} other than the one this store's encounters were issued their tokens under: "
        "every GM, player and operator token handed out before would be refused. Put the old "
        f"secret back (restore {path}, or set {SECRET_VARIABLE} to it) and start again; or, to "
        "adopt a new secret, start with `combatlog serve --accept-new-secret` (or "
        f"{ACCEPT_VARIABLE}=1) and then re-issue each encounter's tokens with "
        "`combatlog tokens ENCOUNTER_ID` (`combatlog list` gives the ids)."
    )
