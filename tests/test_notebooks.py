"""The chapters as files: thin, clean, and wired together.

Notebooks are stored without outputs, so nbval (run with --nbval-lax) has nothing volatile to
compare and no sanitize file is needed; it runs every chapter to show it runs without error.
A chapter holds only what its page shows: tests/test_chapters.py builds each chapter's widgets
and drives them. Rules live in the engine, so a chapter's code cells only import widgets and
compose them.
"""

import ast
import json
import pathlib
import re

import pytest

NOTEBOOKS = sorted((pathlib.Path(__file__).parents[1] / "notebooks").glob("*.ipynb"))
EXPECTED = [
    "00-welcome",
    "01-the-table",
    "02-who-wins-the-trick",
    "03-building-calypsos",
    "04-scoring",
    "05-play-a-game",
    "06-class-quiz",
    "07-auction-calypso",
    "08-cousins",
    "teachers-desk",
]


def cells(path: pathlib.Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def test_the_chapters_are_all_there_in_order():
    assert [p.stem for p in NOTEBOOKS] == EXPECTED


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_chapter_is_stored_clean_and_thin(path):
    code = [c for c in cells(path) if c["cell_type"] == "code"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    for cell in code:
        source = "".join(cell["source"])
        assert len(source.splitlines()) <= 6, source
        assert not re.search(r"^\s*(def|class|for|while|if) ", source, re.M), source
        imports = re.findall(r"^from (\S+) import", source, re.M)
        assert set(imports) <= {"calypso.widgets"}, imports
    assert cells(path)[0]["cell_type"] == "markdown"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_chapter_runs_only_what_its_page_shows(path):
    for cell in cells(path):
        assert "check" not in cell.get("metadata", {}).get("tags", []), cell.get("id")
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            assert not re.search(r"\bassert\b", source), source


@pytest.mark.parametrize("path", NOTEBOOKS[1:], ids=lambda p: p.stem)
def test_every_chapter_links_back_and_the_contents_links_every_chapter(path):
    text = "".join("".join(c["source"]) for c in cells(path))
    assert "00-welcome.ipynb#Contents" in text
    welcome = "".join("".join(c["source"]) for c in cells(NOTEBOOKS[0]))
    assert f"({path.name})" in welcome


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_code_cell_shows_something(path):
    # The site's template counts a code cell with no output as a page that lost its widgets
    # to a busy server (site/voila/templates/calypso/static/calypso-check.js).
    for cell in cells(path):
        if cell["cell_type"] == "code":
            last = ast.parse("".join(cell["source"])).body[-1]
            assert isinstance(last, ast.Expr), "".join(cell["source"])
