"""What the code quotes of docs/design.md is written there.

Docstrings and tests cite the design, its section and then its words in quotes: a quote the
design no longer says is a promise nobody keeps. Each quote right after a citation must stand
in the design, white space aside; three dots mark words left out.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESIGN = ROOT / "docs" / "design.md"
# A citation, up to 80 characters of section name or words, then the first quoted text.
QUOTED = re.compile(r'docs/design\.md[^"\n]{0,80}?"([^"]+)"')


def _plain(text: str) -> str:
    return " ".join(text.replace("#", " ").split())


def _quotes() -> list[tuple[str, str]]:
    found = []
    for folder in ("engine", "tables", "homegame"):
        for path in (ROOT / folder).rglob("*.py"):
            if path == Path(__file__).resolve():
                continue
            for match in QUOTED.finditer(path.read_text()):
                found.append((str(path.relative_to(ROOT)), _plain(match.group(1))))
    return found


def test_the_code_cites_the_design_in_many_places() -> None:
    assert len(_quotes()) > 20


def test_every_quote_of_the_design_is_written_there() -> None:
    design = _plain(DESIGN.read_text())
    missing = [
        (path, quote)
        for path, quote in _quotes()
        if not all(part.strip(" .") in design for part in re.split(r"\.\.\.|…", quote) if part.strip(" ."))
    ]
    assert missing == []
