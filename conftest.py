"""How ``make test`` shares the suite between its two workers (pytest-xdist, ``--dist
loadgroup``): the tests in one group run on one worker, in order; the rest go to whichever
worker is free.

- a notebook's cells (nbval): one kernel runs them top to bottom;
- the tests on the static site: one worker builds it (three minutes from a fresh clone) while
  the other goes on with the rest, and serves it to them all.

Each worker starts its own Voila site and Chromium when a test first needs them.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(f"notebook {item.path.name}"))
        elif "static_site" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("static site"))
