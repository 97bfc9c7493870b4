"""axe-core in the browser tests: the accessibility rules of WCAG 2.1 A and AA and axe's best
practices, run on a page as it stands.

axe-core comes from the `axe-playwright-python` package (requirements-dev.txt), which bundles
axe.min.js and injects it with Playwright: nothing is fetched, and nothing of it is ever served
to players or hosts.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

from tables.tests.browser import save_screenshot

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
# Rules axe keeps off by default that matter here: a button whose visible words are not in its
# spoken name cannot be pressed by voice ("4♣" named "Four-colour deck").
EXTRA_RULES = {"label-content-name-mismatch": {"enabled": True}}
# Failing: anything serious or critical, and these milder ones that this project fixed and
# keeps fixed (a page without a main heading, two navigation landmarks with no names).
FAILING_IMPACTS = {"serious", "critical"}
ALSO_FAILING = {"page-has-heading-one", "landmark-unique", "label-content-name-mismatch"}

_axe = Axe()


def violations(page: Any, *, within: str | None = None) -> list[dict[str, Any]]:
    """Every violation axe finds on `page` (or inside the `within` selector)."""
    options = {"runOnly": {"type": "tag", "values": TAGS}, "rules": EXTRA_RULES}
    results = _axe.run(page, context=within, options=options)
    return list(results.response["violations"])


def describe(found: list[dict[str, Any]]) -> str:
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:5]:
            lines.append(f"    {' '.join(str(t) for t in node['target'])}: {node['html'][:160]}")
    return "\n".join(lines)


def failing(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in found if v["impact"] in FAILING_IMPACTS or v["id"] in ALSO_FAILING]


# axe only asks for a review when aria-describedby names no element; a help text that is never
# read is a failure here.
BROKEN_REFERENCES = """() => {
    const names = ['aria-describedby', 'aria-labelledby', 'aria-controls'];
    return [...document.querySelectorAll(names.map(n => `[${n}]`).join(','))].flatMap(e => names
        .flatMap(a => (e.getAttribute(a) || '').split(/\\s+/).filter(Boolean)
            .filter(id => !document.getElementById(id))
            .map(id => `${e.outerHTML.slice(0, 120)} ${a}=${id}`)));
}"""


def problems(page: Any, where: str, *, within: str | None = None) -> list[str]:
    """What fails on the page as it stands, as one entry per page ([] when nothing does)."""
    bad = failing(violations(page, within=within))
    text = describe(bad)
    broken = page.evaluate(BROKEN_REFERENCES)
    if broken:
        text += "\nreferences to no element:\n    " + "\n    ".join(broken)
    return [f"{where}:\n{text}"] if bad or broken else []


def assert_accessible(page: Any, where: str, *, within: str | None = None) -> None:
    """No serious or critical violation (nor one of ALSO_FAILING) on the page as it stands."""
    found = problems(page, where, within=within)
    assert not found, found[0]


def contrast_shortfalls(page: Any, *, within: str | None = None) -> list[str]:
    """Text below WCAG AA contrast (1.4.3), with the ratio axe measured and the one it expected.

    axe fails only what it is sure is text: a single character (a card's rank) it reports as
    "incomplete", for a person to review, even with its ratio measured short. A card's rank is
    text, so here a measured shortfall fails whether axe was sure or not."""
    options = {
        "runOnly": {"type": "rule", "values": ["color-contrast"]},
        "resultTypes": ["violations", "incomplete"],
    }
    results = _axe.run(page, context=within, options=options).response
    short = []
    for kind in ("violations", "incomplete"):
        for rule in results[kind]:
            for node in rule["nodes"]:
                for check in node["any"]:
                    data = check.get("data") or {}
                    ratio, expected = data.get("contrastRatio"), data.get("expectedContrastRatio")
                    if not ratio or not expected or ratio >= float(expected.split(":")[0]):
                        continue
                    where = " ".join(str(t) for t in node["target"])
                    short.append(
                        f"{where}: {ratio}:1 < {expected} ({data.get('fgColor')} on {data.get('bgColor')}, "
                        f"{data.get('fontSize')} {data.get('fontWeight')})"
                    )
    return short


class AxeChecks:
    """axe on each page or state as a test reaches it, with a screenshot of what was checked
    (a11y-<name>.png); `assert_clean()` fails once at the end, naming every one that failed, so
    one run shows them all."""

    def __init__(self, *, full_page: bool = True) -> None:
        self.found: list[str] = []
        self.full_page = full_page

    def check(self, page: Any, name: str) -> None:
        page.wait_for_load_state("load")
        self.found += problems(page, name)
        # An image the browser cannot draw shows its alt text instead: axe does not see that.
        broken = page.evaluate(
            "[...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src)"
        )
        self.found += [f"{name}: the image {src} does not draw" for src in broken]
        save_screenshot(page, f"a11y-{name}", full_page=self.full_page)

    def assert_clean(self) -> None:
        assert not self.found, "\n".join(self.found)
