"""The `combatlog` app when it is the whole process (the console script calls it): what it may
skip that a command run in-process (a test's CliRunner) may not."""

from __future__ import annotations

import os
import sys
from typing import Any

import typer
from typer.main import get_command_name
from typer.models import CommandInfo

_whole_process = False  # the console script called the app: it is this process


class Combatlog(typer.Typer):
    """The command line. Called, it is the whole process (`whole_process`): it builds only the
    command asked for, and a one-shot command may end without freeing what it made (`leave`).
    Run in-process, it is not called, builds every command and frees everything as before."""

    whole_process = False

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        global _whole_process
        self.whole_process = _whole_process = True
        self._only(sys.argv[1:2])
        return super().__call__(*args, **kwargs)

    def _only(self, asked: list[str]) -> None:
        """Keep only the command asked for, when it is one of this app's own: typer builds every
        command's options from its signature before it runs one (20 commands: ~12-19 ms CPU of
        each start). A callback with no options keeps the app a group of that one command, as
        it was; anything else (no command, a group, help, a typo) gets the whole app."""
        named = [c for c in self.registered_commands if _name(c) in asked]
        if named:
            self.registered_commands, self.registered_groups = named, []
            self.callback()(_no_options)


def _name(command: CommandInfo) -> str | None:
    """The name typer gives a command: its own, else its function's."""
    if command.name is not None:
        return command.name
    return get_command_name(command.callback.__name__) if command.callback else None


def _no_options() -> None:
    """A group of one command's own callback: no options, nothing to do before the command."""


def leave() -> None:
    """End the process now if the app is the whole process (the output flushed first): freeing a
    100k-line log and its table and tearing the interpreter down cost ~80-100 ms CPU (~10% of
    `replay`), and nothing a one-shot command made needs closing. In-process: nothing happens."""
    if _whole_process:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
