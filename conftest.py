"""How ``make test`` shares the suite between its two workers (``pytest -n 2``, pytest-xdist):
the tests of one group run on one worker, in order; every other test goes to whichever worker
is free.

- a notebook's cells (nbval): one kernel runs them top to bottom;
- tests/browser/test_static_site.py's chapters: they share one browser context (a student's
  cache) and write their timings to one file. The module's other tests go to any worker, so
  that the two share the static site's tests once it is built.

The static site is built once for both workers (tests/browser/static_build.py), in the
background from the moment a test on it is collected: three to five minutes from a fresh clone.
While it builds, a free worker gets the tests that do not need it; once it is built, the tests
on it first (every one has "static" in its name; collection checks it), the longest of the
suite, so that the short ones fill the end of the run on both workers.

Each worker starts its own Voila site, Chromium and static file server when a test first needs
them. (xdist's own ``--dist loadgroup`` marks do not group anything under pytest 9.2, whose node
ids no longer come from the attribute xdist rewrites; hence this scheduler.)
"""

from __future__ import annotations

import pathlib
import sys
import uuid
from collections.abc import Sequence
from typing import Any

import pytest

STATIC = "static"
"""What the name of every test on the static site holds."""
BROWSER = "tests/browser/"
ONE_GROUP = (f"{BROWSER}test_static_site.py::test_static_chapter_renders_works_and_stays_offline",)
"""Tests whose every parameter runs together, on one worker."""


def group_of(nodeid: str) -> str:
    """The group a test runs in: its notebook's, its test's (ONE_GROUP), or its own.

    >>> group_of("notebooks/05-play-a-game.ipynb::Cell 3")
    'notebooks/05-play-a-game.ipynb'
    >>> static = "tests/browser/test_static_site.py::test_static_"
    >>> group_of(static + "chapter_renders_works_and_stays_offline[04-scoring.ipynb]")
    'tests/browser/test_static_site.py::test_static_chapter_renders_works_and_stays_offline'
    >>> group_of(static + "links_and_stars_work_without_a_server")
    'tests/browser/test_static_site.py::test_static_links_and_stars_work_without_a_server'
    >>> group_of("tests/browser/test_axe.py::test_static_page_has_no_wcag_violations[00-welcome]")
    'tests/browser/test_axe.py::test_static_page_has_no_wcag_violations[00-welcome]'
    >>> group_of("tests/test_cards.py::test_parse")
    'tests/test_cards.py::test_parse'
    """
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    test = nodeid.split("[", 1)[0]
    return test if test in ONE_GROUP else nodeid


def on_the_static_site(group: str) -> bool:
    """Whether a group's tests may need the static site (a browser test named "static").

    >>> on_the_static_site("tests/browser/test_static_site.py")
    True
    >>> on_the_static_site("tests/test_lock.py::test_the_static_build_lock_pins_its_versions")
    False
    """
    return group.startswith(BROWSER) and STATIC in group


def next_group(groups: Sequence[str], built: bool) -> str:
    """The group a free worker gets (``groups``: those still to run, in xdist's order, the
    largest first): while the static site builds, the first that does not need it; once it is
    built, the first that may. Neither kind waits for the other when it is all that is left.

    >>> groups = ["notebooks/a.ipynb", "tests/browser/test_static_site.py", "tests/t.py::x"]
    >>> next_group(groups, built=False), next_group(groups, built=True)
    ('notebooks/a.ipynb', 'tests/browser/test_static_site.py')
    >>> next_group(groups[1:2], built=False)
    'tests/browser/test_static_site.py'
    """
    static = [g for g in groups if on_the_static_site(g)]
    others = [g for g in groups if not on_the_static_site(g)]
    return ((static or others) if built else (others or static))[0]


def pytest_configure(config: pytest.Config) -> None:
    """The controller of a run on workers names the run itself (xdist gives the workers its
    name), so that its scheduler can tell this run's static build from an earlier one's."""
    if not hasattr(config, "workerinput") and getattr(config.option, "testrunuid", "") is None:
        config.option.testrunuid = uuid.uuid4().hex


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "static_site" in getattr(item, "fixturenames", ()) and STATIC not in item.nodeid:
            raise pytest.UsageError(f"{item.nodeid} uses the static site: name it *static*")


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    browser = str(pathlib.Path(__file__).resolve().parent / BROWSER)
    if browser not in sys.path:
        sys.path.insert(0, browser)  # as the browser tests' conftest.py puts it on a worker's
    from static_build import SharedBuild

    build = SharedBuild(config.option.testrunuid)

    class Groups(LoadScopeScheduling):  # type: ignore[misc]  # xdist has no types
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            """xdist's, on the group next_group picks rather than the first in line."""
            group = next_group(list(self.workqueue), build.finished())
            self.workqueue.move_to_end(group, last=False)
            super()._assign_work_unit(node)

    return Groups(config, log)
