"""The page's stylesheet is whole: every block it opens is closed, in order (a merge that drops a
closing brace puts every later rule inside a phone-only @media block, unseen on a laptop)."""

from __future__ import annotations

import re
from pathlib import Path

STYLE = Path(__file__).resolve().parents[1] / "api" / "web" / "style.css"


def test_every_block_of_the_stylesheet_is_closed_before_the_next_section() -> None:
    depth = 0
    for number, line in enumerate(STYLE.read_text().splitlines(), 1):
        text = re.sub(r"/\*.*?\*/", "", line)
        if line.startswith("/*"):
            assert depth == 0, f"line {number}: a section begins inside an open block"
        depth += text.count("{") - text.count("}")
        assert depth >= 0, f"line {number}: a block closed that was never opened"
    assert depth == 0, "the stylesheet ends inside an open block"
