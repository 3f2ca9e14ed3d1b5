"""How make test's two workers share the suite (the scheduler in the project's conftest.py)."""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType

ROOT = pathlib.Path(__file__).resolve().parents[1]


def scheduling() -> ModuleType:
    """The top conftest.py, loaded under a name of its own (the browser tests' is conftest)."""
    spec = importlib.util.spec_from_file_location("scheduling", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_notebooks_cells_the_static_sites_tests_and_any_other_test_are_grouped() -> None:
    group_of = scheduling().group_of
    cells = [f"notebooks/05-play-a-game.ipynb::Cell {n}" for n in range(3)]
    assert {group_of(c) for c in cells} == {"notebooks/05-play-a-game.ipynb"}
    static = [
        "tests/browser/test_axe.py::test_static_page_has_no_wcag_violations[00-welcome.ipynb]",
        "tests/browser/test_static_site.py::test_static_links_and_stars_work_without_a_server",
    ]
    assert {group_of(t) for t in static} == {"static"}
    others = ["tests/test_cards.py::test_parse", "tests/browser/test_axe.py::test_voila_page[x]"]
    assert [group_of(t) for t in others] == others
