"""A log read from a file or a pipe line by line (CONTRACT §3): a line too long or a log too long
fails naming the line, read no further than that line, and prints no state."""

from __future__ import annotations

import io
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli.main import app
from domain import jsonl as jsonl_module
from domain.integrity import LogError
from domain.jsonl import MAX_LINE_BYTES, read_jsonl, read_log
from tests.builders import fact, jsonl, one

FIXTURES = sorted((Path(__file__).resolve().parents[1] / "replay_fixtures").glob("*/*.jsonl"))
COMBATLOG = Path(sys.executable).with_name("combatlog")
runner = CliRunner()


def note(text: str) -> dict[str, str]:
    return fact("NoteAdded", text=text)


class NulBytes:
    """A stream of NUL bytes that never ends, as /dev/zero, counting what was read of it."""

    def __init__(self) -> None:
        self.read = 0

    def readline(self, size: int = -1, /) -> bytes:
        assert size > 0, "an unbounded line of an endless stream is never read whole"
        self.read += size
        return b"\0" * size


def test_an_endless_stream_of_nul_bytes_fails_at_line_1_having_read_one_line_s_worth() -> None:
    stream = NulBytes()
    with pytest.raises(LogError) as raised:
        read_log(stream)
    assert (str(raised.value), stream.read) == (
        f"line 1: longer than {MAX_LINE_BYTES} bytes",
        MAX_LINE_BYTES + 1,
    )


def test_a_line_of_2_mb_is_refused_naming_its_line_and_prints_no_state(tmp_path: Path) -> None:
    path = tmp_path / "long-line.jsonl"
    path.write_bytes(jsonl(*one()) + b"\0" * 2_000_000 + b"\n")
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert (result.exit_code, result.stdout, result.stderr) == (
        1, "", f"combatlog: {path}: line 3: longer than {MAX_LINE_BYTES} bytes\n",
    )  # fmt: skip


def test_a_line_of_exactly_the_most_bytes_is_read_and_one_byte_more_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    longest = note("x" * 200)  # longer than the lines before it
    most = len(jsonl(longest)) - 1  # its bytes, without its break
    monkeypatch.setattr(jsonl_module, "MAX_LINE_BYTES", most)
    assert read_log(io.BytesIO(jsonl(*one(), longest))) == read_jsonl(jsonl(*one(), longest))
    with pytest.raises(LogError, match=f"^line 3: longer than {most} bytes$"):
        read_log(io.BytesIO(jsonl(*one(), note("x" * 201))))


def test_a_log_longer_than_the_most_lines_is_refused_naming_the_first_line_past_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jsonl_module, "MAX_LINES", 3)
    path = tmp_path / "long.jsonl"
    path.write_bytes(jsonl(*one(), note("three")))
    assert runner.invoke(app, ["replay", str(path), "--json"]).exit_code == 0
    path.write_bytes(jsonl(*one(), note("three"), note("four")))
    for command in (["replay", str(path), "--json"], ["import", str(path), "--db", "memory:"]):
        result = runner.invoke(app, command)
        assert (result.exit_code, result.stdout, result.stderr) == (
            1, "", f"combatlog: {path}: line 4: the log is longer than 3 lines\n",
        )  # fmt: skip


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_fixture_read_from_a_stream_is_the_log_read_whole(path: Path) -> None:
    data = path.read_bytes()
    assert read_log(io.BytesIO(data)) == read_jsonl(data)


@pytest.mark.parametrize("tail", [b"", b"   ", b"\n"], ids=["no break", "blanks", "empty line"])
def test_a_log_s_end_reads_from_a_stream_as_it_reads_whole(tail: bytes) -> None:
    data = jsonl(*one()).rstrip(b"\n") + tail
    try:
        expected: object = read_jsonl(data)
    except LogError as exc:
        expected = str(exc)
    try:
        got: object = read_log(io.BytesIO(data))
    except LogError as exc:
        got = str(exc)
    assert got == expected


def _a_gigabyte_of_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_replaying_dev_zero_says_its_first_line_is_too_long_in_one_line() -> None:
    done = subprocess.run(
        [COMBATLOG, "replay", "/dev/zero"], capture_output=True, check=False, timeout=60,
        preexec_fn=_a_gigabyte_of_memory,  # the whole file read would fail, not fill the machine
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (
        1, b"", f"combatlog: /dev/zero: line 1: longer than {MAX_LINE_BYTES} bytes\n".encode(),
    )  # fmt: skip
