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
from typing import Any

import pytest
from nbconvert.filters.markdown_mistune import markdown2html_mistune

from calypso.lessons.chapters import CHAPTERS, chapter_of_file
from calypso.lessons.exercises import stages_of
from calypso.widgets.progress import chapters, stage_heading

NOTEBOOKS = sorted((pathlib.Path(__file__).parents[1] / "notebooks").glob("*.ipynb"))
EXPECTED = [chapter.file for chapter in CHAPTERS] + ["teachers-desk.ipynb"]
"""The chapters in the order of the list of chapters, and the teacher's desk, no chapter."""
TRANSLATED = sorted((pathlib.Path(__file__).parents[1] / "notebooks").glob("*/*.ipynb"))
"""The chapters in other languages (notebooks/hu/): stored and linked by the same rules."""
PAGES = NOTEBOOKS + TRANSLATED
LANGUAGE_TAG = "calypso-language"
"""The tag of a translated page's first cell, which only sets the page's language."""


def page_id(path: pathlib.Path) -> str:
    return path.stem if path.parent.name == "notebooks" else f"{path.parent.name}/{path.stem}"


def cells(path: pathlib.Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(path.read_text())["cells"]
    return found


def test_the_chapters_are_all_there_in_order() -> None:
    assert [p.name for p in NOTEBOOKS] == EXPECTED


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_a_chapter_is_stored_clean_and_thin(path: pathlib.Path) -> None:
    code = [c for c in cells(path) if c["cell_type"] == "code"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    for cell in code:
        source = "".join(cell["source"])
        assert len(source.splitlines()) <= 6, source
        assert not re.search(r"^\s*(def|class|for|while|if) ", source, re.M), source
        imports = re.findall(r"^from (\S+) import", source, re.M)
        allowed = {"calypso"} if LANGUAGE_TAG in cell["metadata"].get("tags", []) else set()
        assert set(imports) <= {"calypso.widgets", *allowed}, imports
    shown = [c for c in cells(path) if LANGUAGE_TAG not in c["metadata"].get("tags", [])]
    assert shown[0]["cell_type"] == "markdown"
    assert (path in TRANSLATED) == (shown != cells(path)), "a translated page sets its language"
    assert shown == cells(path)[len(cells(path)) - len(shown) :], "first, before anything shows"


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_a_chapter_runs_only_what_its_page_shows(path: pathlib.Path) -> None:
    for cell in cells(path):
        assert "check" not in cell.get("metadata", {}).get("tags", []), cell.get("id")
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            assert not re.search(r"\bassert\b", source), source


@pytest.mark.parametrize("path", NOTEBOOKS[1:], ids=lambda p: p.stem)
def test_every_chapter_links_back_and_the_contents_links_every_chapter(path: pathlib.Path) -> None:
    text = "".join("".join(c["source"]) for c in cells(path))
    assert "00-welcome.ipynb#Contents" in text
    welcome = "".join("".join(c["source"]) for c in cells(NOTEBOOKS[0]))
    assert f"({path.name})" in welcome


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_every_code_cell_shows_something(path: pathlib.Path) -> None:
    # The site's template counts a code cell with no output as a page that lost its widgets
    # to a busy server (site/voila/templates/calypso/static/calypso-check.js).
    for cell in cells(path):
        if cell["cell_type"] == "code":
            last = ast.parse("".join(cell["source"])).body[-1]
            assert isinstance(last, ast.Expr), "".join(cell["source"])


# -- practice in small steps, and the map's names (issue 17, items 2 and 3) ------------------

SECTION_OF = {
    "table-partners": "Seats and partners",
    "table-trumps": "A trump suit for each player",
    "table-follow": "How a trick goes",
    "who-wins-plain": "Following and ruffing",
    "who-wins-own": "The five cases",
    "calypsos-where": "Where the cards of a won trick go",
    "calypsos-complete": "Completing a calypso",
    "scoring-worth": "What everything is worth",
    "auction-bids": "Bids and their order",
    "auction-contracts": "Scoring a contract",
    "cousins-bridge": "Call Bridge",
    "cousins-collett": "Collett Whist",
}
"""The section each practice stage practises: the stage comes right after it."""

CHAPTER_PAGES = [p for p in NOTEBOOKS if (c := chapter_of_file(p.name)) and c.on_path]


def slug_of(path: pathlib.Path) -> str:
    """The slug of the chapter whose page is ``path``."""
    chapter = chapter_of_file(path.name)
    assert chapter is not None, path
    return chapter.slug


def headings_and_stages(path: pathlib.Path) -> list[tuple[str, str]]:
    """The page in order: ("h1"/"h2", text) for each heading, ("stage", id) for each stage."""
    found = []
    for cell in cells(path):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            found += [("h" + str(len(h)), t) for h, t in re.findall(r"^(#+) (.+)$", source, re.M)]
        else:
            stage = r'(?:ExerciseSet|EndingSet)\("([^"]+)"\)'
            found += [("stage", s) for s in re.findall(stage, source)]
    return found


@pytest.mark.parametrize("path", CHAPTER_PAGES, ids=lambda p: p.stem)
def test_each_stage_comes_right_after_the_section_it_practises(path: pathlib.Path) -> None:
    chapter = slug_of(path)
    page = headings_and_stages(path)
    stages = [s for kind, s in page if kind == "stage"]
    assert stages == [stage.id for stage in stages_of(chapter)]
    for stage in stages_of(chapter):
        at = page.index(("stage", stage.id))
        heading = page[at - 1]
        assert heading == ("h2", stage_heading(stage)), heading
        if stage.practice:
            assert page[at - 2] == ("h2", SECTION_OF[stage.id])
    if stages:  # the closing stage ends the chapter: no section after it
        assert all(kind != "h2" for kind, _ in page[page.index(("stage", chapter)) :])


@pytest.mark.parametrize("path", CHAPTER_PAGES, ids=lambda p: p.stem)
def test_the_bar_sits_at_the_top_of_every_chapter(path: pathlib.Path) -> None:
    first, second = cells(path)[:2]
    back = r"# \d+\. .+\n\n\[← (.+)\]\((.+)\) · \[Contents\]\(.+\)\n"
    found = re.fullmatch(back, "".join(first["source"]))
    assert found
    before = CHAPTERS[[c.file for c in CHAPTERS].index(path.name) - 1]
    assert (found[1], found[2]) == (before.title, before.file), "back to the chapter before"
    slug = slug_of(path)
    assert "".join(second["source"]).endswith(f'Progress.bar("{slug}")')


def test_the_contents_the_map_and_the_chapters_use_the_same_names() -> None:
    welcome = "".join("".join(c["source"]) for c in cells(NOTEBOOKS[0]))
    path = [c for c in CHAPTERS if c.on_path]
    for chapter, shown in zip(path, chapters(), strict=True):
        heading = "".join(cells(NOTEBOOKS[0].parent / chapter.file)[0]["source"])
        assert heading.startswith(f"# {chapter.number}. {chapter.title}\n")
        assert f"{chapter.number}. [{chapter.title}]({chapter.file})" in welcome
        assert shown["title"] == f"{chapter.number}. {chapter.title}" == chapter.heading
        assert shown["id"] == chapter.slug
    assert [p.name for p in CHAPTER_PAGES] == [chapter.file for chapter in path]
    assert f"0. **{CHAPTERS[0].title}** (this page)" in welcome
    assert welcome.index("## Contents") < welcome.index("Progress.map()")


@pytest.mark.parametrize("path", CHAPTER_PAGES, ids=lambda p: p.stem)
def test_every_map_link_names_a_heading_of_its_page_as_the_site_draws_it(
    path: pathlib.Path,
) -> None:
    ids = heading_ids(path)
    entry = next(c for c in chapters() if c["href"] == path.name)
    for stage in entry["stages"]:
        page, _, anchor = stage["href"].partition("#")
        assert page == path.name and anchor in ids, stage
        assert "=" not in anchor and "&" not in anchor, "a page address's state keys use those"


def test_every_hungarian_map_link_lands_on_a_heading_of_the_hungarian_page() -> None:
    """From a Hungarian page the map sends each stage to its heading on the chapter's
    Hungarian twin, as the site draws that heading's id."""
    from calypso.i18n import language

    with language("hu"):
        entries = chapters()
    for entry in entries:
        path = NOTEBOOKS[0].parent / "hu" / entry["href"]
        ids = heading_ids(path)
        for stage in entry["stages"]:
            page, _, anchor = stage["href"].partition("#")
            assert page == entry["href"] and anchor in ids, stage


def heading_ids(path: pathlib.Path) -> set[str]:
    """The ids the site gives a chapter's headings (nbconvert's, under Voila and Voici)."""
    markdown = [c for c in cells(path) if c["cell_type"] == "markdown"]
    html = markdown2html_mistune("\n\n".join("".join(c["source"]) for c in markdown))
    return set(re.findall(r'<h\d id="([^"]+)"', html))


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_every_link_to_a_heading_names_one_that_is_there(path: pathlib.Path) -> None:
    text = "".join("".join(c["source"]) for c in cells(path))
    for page, anchor in re.findall(r"\]\(([\w-]+\.ipynb)#([^)=]+)\)", text):
        assert anchor in heading_ids(path.parent / page), (page, anchor)
