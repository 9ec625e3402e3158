"""Every link between the README and the pages of docs/ leads somewhere: to a file of the repo,
and, with a `#fragment` into a Markdown page, to a heading of that page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")  # [text](target), images included
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def anchors(markdown: str) -> set[str]:
    """The fragments GitHub gives a page's headings: lower case, punctuation dropped, spaces as
    hyphens, a repeated heading numbered on (`-1`, `-2`)."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", FENCE.sub("", markdown), re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        numbered, n = slug, 0
        while numbered in found:
            n += 1
            numbered = f"{slug}-{n}"
        found.add(numbered)
    return found


def dead_links(page: Path, root: Path = ROOT) -> list[str]:
    """The links of `page` that lead nowhere, as `page: target` (the page named from `root`)."""
    dead = []
    for target in LINK.findall(FENCE.sub("", page.read_text())):
        if re.match(r"^[a-z]+:", target):
            continue  # https:, mailto: … are not ours to check
        path, _, fragment = target.partition("#")
        into = (page.parent / path).resolve() if path else page
        if not into.exists() or (
            fragment and into.suffix == ".md" and fragment not in anchors(into.read_text())
        ):
            dead.append(f"{page.relative_to(root)}: {target}")
    return dead


def test_every_link_of_the_readme_and_the_docs_leads_somewhere() -> None:
    assert [dead for page in PAGES for dead in dead_links(page)] == []


def test_a_link_to_a_missing_page_or_heading_is_dead(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(
        "# Who may do what\n## Bounds (§1): `budgets`\n## Bounds (§1): `budgets`\n"
    )
    page = tmp_path / "b.md"
    page.write_text(
        "[ok](a.md#who-may-do-what) [ok](a.md#bounds-1-budgets-1) [ok](#here)\n# Here\n"
        "[gone](c.md) [gone](a.md#nowhere) [web](https://example.org/x.md#y)\n"
        "```\n[in code](d.md)\n```\n"
    )
    assert anchors((tmp_path / "a.md").read_text()) == {
        "who-may-do-what",
        "bounds-1-budgets",
        "bounds-1-budgets-1",
    }
    assert dead_links(page, tmp_path) == ["b.md: c.md", "b.md: a.md#nowhere"]
