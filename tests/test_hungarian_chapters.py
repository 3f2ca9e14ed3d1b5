"""Chapters 00, 01 and 02 in Hungarian (notebooks/hu/): every English message they use has a
Hungarian translation, their pages link to the chapters that exist, and they build the same
widgets as the English pages.

The catalog is given a fallback that records every message it does not hold; the Hungarian
notebooks' cells are run and every widget on them is worked (exercises answered wrong and
right to the end of each stage, every worked example and case, each view of the table, legal
play with dealt hands, reveal mode): nothing may reach the fallback.
"""

from __future__ import annotations

import gettext
import json
import pathlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from calypso import i18n
from calypso.chapters import CHAPTERS
from calypso.game import SEATS

ROOT = pathlib.Path(__file__).resolve().parents[1]
HU = ROOT / "notebooks" / "hu"


class Missing(gettext.NullTranslations):
    """The catalog's last resort: notes each message the catalog did not have."""

    def __init__(self) -> None:
        super().__init__()
        self.missed: set[str] = set()

    def gettext(self, message: str) -> str:
        self.missed.add(message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.missed.add(singular)
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        self.missed.add(f"{context}|{message}")
        return message


@pytest.fixture
def hungarian() -> Iterator[Missing]:
    missing = Missing()
    with i18n.language("hu"):
        i18n._translations().add_fallback(missing)
        yield missing


def _cells(name: str) -> list[str]:
    notebook = json.loads((HU / name).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def _run(name: str) -> dict[str, Any]:
    """Run a notebook's code cells; what each cell's last line shows is kept as ``_shown``."""
    space: dict[str, Any] = {"_shown": []}
    for source in _cells(name):
        *body, last = source.strip().splitlines()
        exec("\n".join(body), space)
        space["_shown"].append(eval(last, space) if not last.startswith(("from", "i18n")) else None)
    return space


def _work_exercises(widgets: list[Any]) -> None:
    from calypso.widgets.exercise import ExerciseSet

    for stage in (w for w in widgets if isinstance(w, ExerciseSet)):
        for index in range(len(stage.stage)):
            stage.go(index)
            wrong = [c.key for c in stage.exercise.choices if c.key != stage.exercise.answer]
            stage.choose(wrong[0])
            stage.choose(stage.exercise.answer)
        assert stage.finished and stage.table.ending["title"].startswith("A szakasz kész")


@pytest.mark.parametrize(
    "name", ["00-welcome.ipynb", "01-the-table.ipynb", "02-who-wins-the-trick.ipynb"]
)
def test_every_message_of_a_hungarian_chapter_is_translated(hungarian: Missing, name: str) -> None:
    from calypso.examples import WORKED_EXAMPLES
    from calypso.tricks import CALYPSO_RULES
    from calypso.widgets.table import HandDealer, TableView
    from calypso.widgets.trick import EdgeCaseExplorer, TrickBuilder

    space = _run(name)
    widgets = [w for w in space["_shown"] if w is not None]
    assert widgets
    _work_exercises(widgets)
    for widget in widgets:
        if isinstance(widget, HandDealer):
            widget.next()
            widget.link.opened = "nonsense"
        if isinstance(widget, TableView):
            for seat in SEATS:
                widget.view.value = seat
            widget.trump_picker.pickers["N"].value = "C"
            widget.link.opened = "X.HDSC"
        if isinstance(widget, TrickBuilder):
            for example in WORKED_EXAMPLES:
                widget.load(example.key)
            for variant in ("ruff-wins", "own-trump", "ranked"):
                widget.variant.value = variant
            widget.reveal.value = True
            widget.presenter.value = True
            widget.reveal.value = False
            widget.undo()
            widget.check_legal.value = True
            widget.type_text("AS")
            widget.picker.receive({"type": "pick", "card": "2C"})
            widget.type_text("9X")
            if widget.link is not None:
                widget.link.opened = "nonsense"
        if isinstance(widget, EdgeCaseExplorer):
            for rule in CALYPSO_RULES:
                widget.rule.value = rule
                widget.draw(rule)
            widget.link.opened = "C9.9-1"
    assert hungarian.missed == set()


def test_the_hungarian_pages_are_the_chapters_the_words_layer_names() -> None:
    pages = {p.name for p in HU.glob("*.ipynb")}
    named = {c.file for c in CHAPTERS if c.slug in i18n.PAGES["hu"]}
    assert pages == named
    for name in pages:
        english = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
        hungarian = json.loads((HU / name).read_text(encoding="utf-8"))
        assert hungarian["metadata"]["calypso"] == {"language": "hu"}
        assert _cells(name)[0] == 'from calypso import i18n\n\ni18n.use("hu")'
        calls = re.compile(r"\b[A-Z]\w+(?:\.\w+)?\([^)]*\)")
        english_calls = [
            calls.findall("".join(c["source"]))
            for c in english["cells"]
            if c["cell_type"] == "code"
        ]
        assert [calls.findall(s) for s in _cells(name)[1:]] == english_calls, name


def test_every_link_of_a_hungarian_page_opens_a_page_that_exists() -> None:
    for page in HU.glob("*.ipynb"):
        notebook = json.loads(page.read_text(encoding="utf-8"))
        text = "".join("".join(c["source"]) for c in notebook["cells"])
        for target in re.findall(r"\]\(([^)#]+\.ipynb)", text):
            assert (HU / target).resolve().exists(), (page.name, target)


def test_the_map_links_hungarian_pages_and_the_english_pages_of_the_rest() -> None:
    from calypso.widgets.progress import chapters

    with i18n.language("hu"):
        shown = chapters()
    for chapter in shown:
        href = chapter["href"].split("#")[0]
        assert (HU / href).resolve().exists(), href
        assert href.startswith("../") == (chapter["id"] not in i18n.PAGES["hu"])
    assert shown[1]["title"] == "2. Ki viszi az ütést?"
    assert shown[1]["stages"][0]["heading"] == "Gyakorlás: Hívás nem a hívó saját színében"
    headings = "".join(
        "".join(c["source"])
        for c in json.loads((HU / "02-who-wins-the-trick.ipynb").read_text())["cells"]
    )
    for stage in shown[1]["stages"]:
        assert f"## {stage['heading']}\n" in headings


def test_the_quiz_levels_the_map_names_are_the_quizs_own() -> None:
    from calypso.quiz import LEVELS
    from calypso.widgets.progress import QUIZ_LEVELS

    assert tuple(name for name, _rules in LEVELS.values()) == QUIZ_LEVELS


def test_the_page_template_knows_the_chapters_with_a_hungarian_page() -> None:
    template = (ROOT / "site/voila/templates/calypso/index.html.j2").read_text(encoding="utf-8")
    listed = re.search(r"set TRANSLATED = \[([^\]]*)\]", template)
    assert listed is not None
    pages = {p.stem for p in HU.glob("*.ipynb")}
    assert set(re.findall(r'"([^"]+)"', listed.group(1))) == pages
    for page in HU.glob("*.ipynb"):  # its language cell shows nothing: the page check skips it
        first = json.loads(page.read_text(encoding="utf-8"))["cells"][0]
        assert first["metadata"]["tags"] == ["calypso-language"]
