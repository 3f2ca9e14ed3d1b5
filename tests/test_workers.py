"""How make test's two workers share the suite (the scheduler in the project's conftest.py)."""

from __future__ import annotations

import importlib.util
import pathlib
from types import ModuleType

from hypothesis import given
from hypothesis import strategies as st

ROOT = pathlib.Path(__file__).resolve().parents[1]


def scheduling() -> ModuleType:
    """The top conftest.py, loaded under a name of its own (the browser tests' is conftest)."""
    spec = importlib.util.spec_from_file_location("scheduling", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCHEDULING = scheduling()


def test_a_notebooks_cells_and_the_static_site_s_chapters_are_grouped_any_other_test_alone() -> (
    None
):
    group_of = SCHEDULING.group_of
    cells = [f"notebooks/05-play-a-game.ipynb::Cell {n}" for n in range(3)]
    assert {group_of(c) for c in cells} == {"notebooks/05-play-a-game.ipynb"}
    chapter = (
        "tests/browser/test_static_site.py::test_static_chapter_renders_works_and_stays_offline"
    )
    assert {group_of(f"{chapter}[{page}]") for page in ("x", "y")} == {chapter}
    others = [
        "tests/browser/test_static_site.py::test_static_links_and_stars_work_without_a_server",
        "tests/test_cards.py::test_parse",
        "tests/browser/test_axe.py::test_voila_page[x]",
        "tests/browser/test_axe.py::test_static_page_has_no_wcag_violations[00-welcome.ipynb]",
        "tests/browser/test_axe.py::test_static_page_has_no_wcag_violations[01-the-table.ipynb]",
        "tests/browser/test_static_speed.py::test_text_first_over_a_slow_connection",
    ]
    assert [group_of(t) for t in others] == others


STATIC_GROUPS = st.sampled_from(
    [
        "tests/browser/test_static_site.py::test_static_chapter_renders_works_and_stays_offline",
        "tests/browser/test_axe.py::test_static_page[a]",
        "tests/browser/test_static_speed.py::test_x",
    ]
)
OTHER_GROUPS = st.sampled_from(
    [
        "notebooks/00-welcome.ipynb",
        "tests/browser/test_axe.py::test_voila_page[a]",
        "tests/test_lock.py::test_the_static_build_lock",  # "static", but no browser
        "tests/test_cards.py::test_parse",
    ]
)


@given(
    st.lists(STATIC_GROUPS | OTHER_GROUPS, min_size=1, max_size=8),
    st.booleans(),
)
def test_a_free_worker_gets_the_static_sites_tests_only_once_it_is_built(
    groups: list[str], built: bool
) -> None:
    static = [g for g in groups if g.startswith("tests/browser/") and "static" in g]
    others = [g for g in groups if g not in static]
    preferred, rest = (static, others) if built else (others, static)
    assert SCHEDULING.next_group(groups, built) == (preferred or rest)[0]
