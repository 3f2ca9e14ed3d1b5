"""How ``make test`` shares the suite between its two workers (``pytest -n 2``, pytest-xdist):
the tests of one group run on one worker, in order; every other test goes to whichever worker
is free.

- a notebook's cells (nbval): one kernel runs them top to bottom;
- the tests on the static site (every one has "static" in its name; collection checks it): one
  worker builds the site (three minutes from a fresh clone) while the other goes on with the
  rest, then serves it to them all.

Each worker starts its own Voila site and Chromium when a test first needs them. (xdist's own
``--dist loadgroup`` marks do not group anything under pytest 9.2, whose node ids no longer
come from the attribute xdist rewrites; hence this scheduler.)
"""

from __future__ import annotations

from typing import Any

import pytest

STATIC = "static"
"""What the name of every test on the static site holds."""


def group_of(nodeid: str) -> str:
    """The group a test runs in: its notebook's, the static site's, or its own.

    >>> group_of("notebooks/05-play-a-game.ipynb::Cell 3")
    'notebooks/05-play-a-game.ipynb'
    >>> group_of("tests/browser/test_axe.py::test_static_page_has_no_wcag_violations[00-welcome]")
    'static'
    >>> group_of("tests/test_cards.py::test_parse")
    'tests/test_cards.py::test_parse'
    """
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    return STATIC if STATIC in nodeid else nodeid


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "static_site" in getattr(item, "fixturenames", ()) and STATIC not in item.nodeid:
            raise pytest.UsageError(f"{item.nodeid} uses the static site: name it *static*")


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    class Groups(LoadScopeScheduling):  # type: ignore[misc]  # xdist has no types
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

    return Groups(config, log)
