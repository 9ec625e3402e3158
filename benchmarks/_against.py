"""`--against REV`: a benchmark run beside the same benchmark of another revision (a previous
main's), in the same run, each figure beside the other's.

The revision's files are exported (`git archive`) into a folder of the system's temp directory,
kept for the next run. This tree's script and that copy then run as child processes in turns
(theirs first, `--turns` times each), with the same arguments and this interpreter; each child
finds its own tree's code first (`PYTHONPATH`), as do the processes it starts (servers, workers,
`combatlog`). Each child's report is printed as it ran; then every figure line (`  label  value
unit …`) of this tree's report beside the same line of the other's: the medians over the turns
and their ratio. Figures whose label differs between the two (a figure new in this tree) are
shown alone.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIGURE = re.compile(r"^  +(?P<label>\S.*?)\s+(?P<value>-?[\d,]+\.\d)\s(?P<unit>\S+)")


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--against", metavar="REV",
                        help="the same benchmark of git revision REV (e.g. main) in this run, "
                             "in turns, each figure beside this tree's")  # fmt: skip
    parser.add_argument("--turns", type=int, default=1, help="with --against: runs of each")


def run_against(script: str, rev: str, turns: int) -> None:
    """Run `script` (this tree's, by its __file__) and REV's copy of it in turns, then print
    each figure beside the other's."""
    tree = exported(rev)
    ours = Path(script).resolve()
    theirs = tree / ours.relative_to(ROOT)
    argv = _without(sys.argv[1:], {"--against": 1, "--turns": 1})
    found: dict[str, list[dict[tuple[str, int], tuple[float, str]]]] = {rev: [], "this tree": []}
    for turn in range(1, turns + 1):
        for label, path, root in ((rev, theirs, tree), ("this tree", ours, ROOT)):
            print(f"=== {label} ({root}), turn {turn} of {turns} ===", flush=True)
            out = _run(path, root, argv)
            found[label].append(figures(out))
    print(f"=== each figure: this tree | {rev} (medians of {turns} turn(s) each; ratio) ===")
    for key, (_, unit) in found["this tree"][0].items():
        now = statistics.median(f[key][0] for f in found["this tree"] if key in f)
        then = [f[key][0] for f in found[rev] if key in f]
        label = key[0] if key[1] == 1 else f"{key[0]} (#{key[1]})"
        if not then:
            print(f"  {label:<58} {now:>12,.1f} {unit:<9} | (not in {rev})")
            continue
        before = statistics.median(then)
        ratio = f"x{now / before:.2f}" if before else "-"
        print(f"  {label:<58} {now:>12,.1f} {unit:<9} | {before:>12,.1f}  {ratio}")


def exported(rev: str) -> Path:
    """REV's files in a folder of their own (made once per commit)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                            check=True, capture_output=True, text=True).stdout.strip()  # fmt: skip
    tree = Path(tempfile.gettempdir()) / f"combatlog-against-{commit[:12]}"
    if not tree.is_dir():  # made whole or not at all: a partial export is never reused
        partial = Path(tempfile.mkdtemp(prefix=f"{tree.name}-", dir=tree.parent))
        archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", commit],
                                   stdout=subprocess.PIPE)  # fmt: skip
        subprocess.run(["tar", "-x", "-C", str(partial)], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise SystemExit(f"git archive {rev} failed")
        partial.rename(tree)
    return tree


def figures(report: str) -> dict[tuple[str, int], tuple[float, str]]:
    """Each figure line's (label, its nth time) -> (value, unit)."""
    seen: Counter[str] = Counter()
    found = {}
    for text in report.splitlines():
        match = FIGURE.match(text)
        if match is None:
            continue
        label = match["label"]
        seen[label] += 1
        found[(label, seen[label])] = (float(match["value"].replace(",", "")), match["unit"])
    return found


def _run(path: Path, root: Path, argv: list[str]) -> str:
    paths = [str(root), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    child = subprocess.Popen([sys.executable, str(path), *argv], cwd=root, env=env,
                             stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert child.stdout is not None
    lines = []
    for text in child.stdout:
        print(text, end="", flush=True)
        lines.append(text)
    if child.wait() != 0:
        raise SystemExit(f"{path} exited with {child.returncode}")
    return "".join(lines)


def _without(argv: list[str], options: dict[str, int]) -> list[str]:
    """`argv` without the given options (and their values, as `--opt v` or `--opt=v`)."""
    kept, skip = [], 0
    for arg in argv:
        if skip:
            skip -= 1
        elif arg.split("=", 1)[0] in options:
            skip = 0 if "=" in arg else options[arg]
        else:
            kept.append(arg)
    return kept
