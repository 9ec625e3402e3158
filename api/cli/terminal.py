"""What the command line prints: text from a log made safe for a terminal (no control characters,
whose escape sequences could rewrite the screen; no Rich markup taken from it), and its errors."""

from __future__ import annotations

import sys
import unicodedata
from typing import Any

import orjson
import typer

# Bidirectional overrides and isolates reorder what follows them on screen ("Trojan Source").
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def plain(text: str) -> str:
    """`text` without control characters (C0, DEL, C1) and bidirectional controls; a line break or
    tab becomes a space, so one name stays on one line."""
    kept = []
    for char in text:
        if char in "\t\n\r\v\f\u2028\u2029":
            kept.append(" ")
        elif unicodedata.category(char) != "Cc" and char not in BIDI_CONTROLS:
            kept.append(char)
    return "".join(kept)


def cell(value: Any) -> Any:
    """A CSV cell with no control characters (it may be read on a terminal)."""
    return plain(value) if isinstance(value, str) else value


def shown(text: object) -> str:
    """`text` for a Rich table or line: plain, with its square brackets taken literally."""
    from rich.markup import escape  # rich is imported when used: `replay --json` needs none

    return escape(plain(str(text)))


def console() -> Any:
    """A Rich console for tables on stdout: the terminal's width, or 132 columns when piped (a
    recap or a trend pasted elsewhere keeps whole titles, not Rich's 80)."""
    from rich.console import Console

    return Console(width=None if sys.stdout.isatty() else 132)


def print_json(value: Any) -> None:
    """`value` as indented JSON on stdout."""
    sys.stdout.write(orjson.dumps(value, option=orjson.OPT_INDENT_2).decode() + "\n")


def fail(message: str, code: int) -> typer.Exit:
    """Say what went wrong on stderr, unwrapped and unstyled, and leave with `code`."""
    typer.echo(f"combatlog: {message}", err=True)
    return typer.Exit(code)
