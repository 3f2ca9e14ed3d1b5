"""axe-core on a page as it is now, and its findings as lines a person reads: shared by the
accessibility tests of every page (test_axe.py) and of the static site's pictures of widgets
(test_static_speed.py)."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

#: WCAG 2.0, 2.1 and 2.2, levels A and AA (WCAG 2.2 adds no level A rule to axe).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
AXE = Axe()


def audit(page: Page) -> list[dict[str, Any]]:
    """What axe-core finds wrong on the page as it is now: its violations."""
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    violations: list[dict[str, Any]] = AXE.run(page, options=options).response["violations"]
    return violations


def report(violations: list[dict[str, Any]], shown: int = 4) -> str:
    """Each violation as one line: rule, impact, how many elements, and the first few of them."""
    lines = []
    for v in violations:
        targets = [" ".join(node["target"]) for node in v["nodes"]]
        more = f" and {len(targets) - shown} more" if len(targets) > shown else ""
        lines.append(
            f"{v['id']} ({v['impact']}, {len(targets)} elements: {v['help']}): "
            + "; ".join(targets[:shown])
            + more
        )
    return "\n".join(lines)
