"""The one list of chapters (calypso.lessons.chapters): each chapter known by a slug that stays.

A chapter's number and file may change when a chapter is inserted; its slug, its stages' ids
and the keys its learners' stars are kept under may not. These tests hold the list to the
notebooks on disk and everything keyed by chapter to the slugs.
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from calypso.lessons.chapters import CHAPTERS, chapter_of_file, find_chapter
from calypso.lessons.exercises import FORMER_IDS, STAGES, make_stage, stages_of
from calypso.widgets.progress import Progress, chapters

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"


def test_every_chapter_is_a_notebook_numbered_in_order_with_a_short_slug_of_its_own() -> None:
    assert [c.number for c in CHAPTERS] == list(range(len(CHAPTERS)))
    assert len({c.slug for c in CHAPTERS}) == len(CHAPTERS)
    for chapter in CHAPTERS:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", chapter.slug) and len(chapter.slug) <= 12
        assert chapter.file.startswith(f"{chapter.number:02d}-")
        assert (NOTEBOOKS / chapter.file).is_file()
        assert find_chapter(chapter.slug) is chapter
        assert chapter_of_file(chapter.file) is chapter
        assert chapter_of_file(chapter.page + ".html") is chapter


def test_the_welcome_page_starts_the_path_and_the_desk_is_no_chapter() -> None:
    assert [c.slug for c in CHAPTERS if not c.on_path] == ["welcome"]
    assert chapter_of_file("teachers-desk.ipynb") is None
    assert {p.name for p in NOTEBOOKS.glob("*.ipynb")} - {c.file for c in CHAPTERS} == {
        "teachers-desk.ipynb"
    }


@pytest.mark.parametrize("bad", ["", "02", "Who-wins", "02-who-wins-the-trick", "desk"])
def test_an_unknown_slug_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="bad chapter"):
        find_chapter(bad)


def test_stages_are_keyed_by_their_chapters_slug() -> None:
    for stage in STAGES.values():
        chapter = find_chapter(stage.chapter)
        assert chapter.on_path
        assert stage.id == chapter.slug or stage.id.startswith(chapter.slug + "-")
        assert stage.practice == (stage.id != chapter.slug)
        if stage.draw:
            assert {e.chapter for e in make_stage(stage.id, 1, count=2)} == {chapter.slug}
    assert stages_of("quiz") == [] and stages_of("welcome") == []


def test_the_map_and_every_bar_read_the_one_list() -> None:
    on_path = [c for c in CHAPTERS if c.on_path]
    assert [(c["id"], c["title"]) for c in chapters()] == [(c.slug, c.heading) for c in on_path]
    for chapter in on_path:
        assert Progress.bar(chapter.slug).here == chapter.slug


NUMBERED_THEN = {
    1: "table",
    2: "who-wins",
    3: "calypsos",
    4: "scoring",
    5: "play",
    6: "quiz",
    7: "auction",
    8: "cousins",
}
"""Each chapter with stages by the number it had while stages were known by numbers ("07-bids"),
before Endings came in as chapter 6 and moved the later chapters on by one."""


def test_every_former_id_belongs_to_a_stage_of_the_chapter_that_had_its_number() -> None:
    for was, now in FORMER_IDS.items():
        number, _, word = was.partition("-")
        stage = STAGES[now]
        assert NUMBERED_THEN[int(number)] == stage.chapter
        assert stage.id == stage.chapter + (f"-{word}" if word else "")


PAGES = [NOTEBOOKS / c.file for c in CHAPTERS if c.on_path] + [
    page
    for page in sorted(NOTEBOOKS.glob("*/*.ipynb"))
    if (chapter := chapter_of_file(page.name)) is not None and chapter.on_path
]
"""Every chapter's page on the path, in English and in every language it is translated into."""


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_a_chapter_page_names_its_chapter_and_stages_by_slug(page: pathlib.Path) -> None:
    chapter = chapter_of_file(page.name)
    assert chapter is not None and chapter.on_path, page
    cells = json.loads(page.read_text())["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert re.findall(r'Progress\.bar\("([^"]+)"\)', code) == [chapter.slug]
    named = re.findall(r'(?:ExerciseSet|EndingSet)\("([^"]+)"', code)
    assert named == [stage.id for stage in stages_of(chapter.slug)]
