"""Every page in Hungarian (notebooks/hu/): each English page has its twin, every English
message a twin uses has a Hungarian translation, their pages link to pages that exist, and they
build the same widgets as the English pages.

The catalog is given a fallback that records every message it does not hold; the Hungarian
notebooks' cells are run and every widget on them is worked (exercises answered wrong and
right to the end of each stage, every worked example and case, each view of the table, legal
play with dealt hands, reveal mode; the stepper through a whole game and a loaded record, the
score calculator with numbers the rules refuse, a deal played with hints and its review, every
ending played wrong, right and by its best line, every position of every idea with each legal
card and its answer, every experiment of the lab, the class quiz to its result and through a
second try, a projector and a fresh start, the class deal with no classroom server, and bad
links everywhere; chapters 09 and 10 and the teacher's desk by tests/hu_*_work.py): nothing
may reach the fallback.
"""

from __future__ import annotations

import gettext
import json
import pathlib
import re
from collections.abc import Iterator
from typing import Any

import hu_auction_work
import hu_cousins_work
import hu_desk_work
import pytest

from calypso import i18n
from calypso.classroom.board import BOARD_ENV
from calypso.lessons.chapters import CHAPTERS
from calypso.partnership.game import SEATS

ROOT = pathlib.Path(__file__).resolve().parents[1]
HU = ROOT / "notebooks" / "hu"


class Missing(gettext.NullTranslations):
    """The catalog's last resort: notes each message the catalog did not have."""

    def __init__(self) -> None:
        super().__init__()
        self.missed: set[str] = set()
        self.asked: dict[str, str] = {}

    def gettext(self, message: str) -> str:
        self.missed.add(message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.missed.add(singular)
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        self.missed.add(f"{context}|{message}")
        return message


class Watched(gettext.NullTranslations):
    """The Hungarian catalog, noting every message a page asks of it and what it answered."""

    def __init__(self, catalog: gettext.NullTranslations, asked: dict[str, str]) -> None:
        super().__init__()
        self.catalog, self.asked = catalog, asked

    def gettext(self, message: str) -> str:
        self.asked[message] = self.catalog.gettext(message)
        return self.asked[message]

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked[singular] = self.catalog.ngettext(singular, plural, 1)
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self.asked[f"{context}|{message}"] = self.catalog.pgettext(context, message)
        return self.asked[f"{context}|{message}"]


@pytest.fixture
def hungarian(monkeypatch: pytest.MonkeyPatch) -> Iterator[Missing]:
    """The page language Hungarian, with :class:`Missing` as the last resort of every catalog
    made while the test runs (a look at an English page's headings makes a fresh one), each
    catalog :class:`Watched`, and no classroom server: ``missing.asked`` holds what was asked
    and answered."""
    missing = Missing()
    made = i18n._catalog

    def catalog(lang: str) -> gettext.NullTranslations:
        found = made(lang)
        if lang != "hu":
            return found
        found.add_fallback(missing)
        return Watched(found, missing.asked)

    monkeypatch.setattr(i18n, "_catalog", catalog)
    monkeypatch.delenv(BOARD_ENV, raising=False)
    with i18n.language("hu"):
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


def _uploaded(content: bytes) -> dict[str, object]:
    """A file as the upload button hands it to Python."""
    import datetime as dt

    when = dt.datetime.now(tz=dt.UTC)
    return {
        "name": "g.json",
        "type": "",
        "size": len(content),
        "content": content,
        "last_modified": when,
    }


def _work_stepper(stepper: Any) -> None:
    from calypso import simulate

    for number in range(1, stepper.slider.max + 1):
        stepper.slider.value = number
    shown = re.sub(r"<[^>]*>", " ", stepper.view.value)
    assert not re.search(r"\b[JQA]\b", shown), shown  # the runs' ranks as the faces: B D K Á
    stepper.slider.value = 1
    stepper.jump_to_completion()
    stepper.felt.receive({"type": "next"})
    stepper.seed.value = 4
    stepper.link.opened = "nonsense"
    record = simulate("calypso", seed=9, bots="random")
    stepper.upload.value = (_uploaded(record.to_json().encode()),)
    stepper.upload.value = (_uploaded(b"{"),)


def _work_calculator(calculator: Any) -> None:
    for box, number in zip(calculator.boxes, (1, 5, 2, 12, 40), strict=True):
        box.value = number
    for box, wrong, right in (
        (calculator.completed["N"], 5, 1),  # a player completes 0 to 4 calypsos
        (calculator.in_progress["S"], 13, 3),  # a calypso in progress has 0 to 12 cards
        (calculator.in_progress["S"], -1, 3),
        (calculator.pile, 300, 20),  # the pack is 208 cards (C2)
    ):
        box.value = wrong
        assert "calypso-bad" in box._dom_classes
        box.value = right
    calculator.link.opened = "nonsense"


def _work_report(report: Any) -> None:
    report.seed.value = 5
    report.link.opened = "nonsense"


def _work_play(table: Any) -> None:
    from calypso.partnership.game import TRICKS_PER_DEAL

    for players in ("random", "expert", "greedy"):
        table.opponents.value = table.partner.value = players
    table.guard(table.show_review)()  # before a deal is over: said in words
    table.hint.click()
    table.play(table.game.legal_plays()[-1])
    table.undo.click()
    while not table.game.deal_scores:  # the first deal, with a hint in its last tricks
        if not table.seating.yours():
            table.next_trick()
            continue
        if TRICKS_PER_DEAL - len(table.game.tricks[-1]) == 4:
            table.hint.click()
        table.play(table.game.legal_plays()[-1])
    table.review.click()
    assert table.review_box.value
    table.link.opened = "nonsense"
    table.link.opened = "1.S.AS"
    table.seat.value = "all four"
    table.upload.value = (_uploaded(b"{"),)


def _work_endings(stage: Any) -> None:
    stage.step.click()  # no best line shown yet
    best = stage.problem.line[0]
    stage.play(next(c for c in stage.attempt.game().legal_plays() if c != best))
    while not stage.attempt.over:  # a line that falls short
        stage.play(stage.attempt.game().legal_plays()[0])
    stage.retry.click()
    stage.best.click()
    stage.guard(stage.play)(best)  # refused while the best line is shown
    while not stage.attempt.over:
        stage.step.click()
    for index in range(stage.size):
        stage.go(index)
        while not stage.attempt.over:
            stage.play(stage.problem.line[len(stage.attempt.played)])
    assert stage.finished
    stage.guard(stage.go)(stage.size)
    stage.link.opened = "nonsense"


def _work_idea(idea: Any) -> None:
    for index in range(len(idea.idea.spots)):
        idea.go(index)
        for card in idea.position.game().legal_plays():
            idea.play(card)
        idea.answer.click()
    idea.another.click()
    idea.link.opened = "nonsense"
    idea.link.opened = "0.XX"


def _work_lab(lab: Any) -> None:
    from calypso.lessons.lab import EXPERIMENTS

    for key in EXPERIMENTS:
        lab.experiment.value = key
        lab.step()  # a duplicate pair of the expert's games takes seconds: one chunk each
        lab.halt()
    lab.run_all()
    lab.link.opened = "nonsense"


def _work_quiz(quiz: Any) -> None:
    """The class quiz: a seat picked before a name, a name typed and the quiz started, every
    puzzle answered (wrong, then right, by turns) to the result, the misses tried again, the
    projector's box ticked and unticked, the next level, and *Start again* asked, refused, then
    accepted."""
    quiz.answers[0].click()
    quiz.name.value = "Kiss Anna"
    quiz.start.click()
    with pytest.raises(ValueError):
        quiz.advance()
    for number in range(len(quiz.puzzles)):
        winner = quiz.puzzle.answer
        wrong = next(seat for seat in SEATS if seat != winner)
        quiz.answers[SEATS.index(winner if number % 2 else wrong)].click()
        with pytest.raises(ValueError):
            quiz.answer(winner)
        quiz.advance()
    assert quiz.over and quiz.kept is not None
    quiz.restart.click()
    assert quiz.confirm.layout.display is None
    quiz.no.click()
    assert quiz.over and quiz.confirm.layout.display == "none"
    quiz.again.click()
    while not quiz.over:
        quiz.answers[SEATS.index(quiz.puzzle.answer)].click()
        quiz.advance()
    quiz.big.value = True
    quiz.answers[1].click()
    quiz.big.value = False
    quiz.harder.click()
    quiz.restart.click()
    quiz.yes.click()
    assert not quiz.done
    quiz.link.opened = "nonsense"


def _work_class_deal(seat: Any) -> None:
    """The class deal's seat with no classroom server: it says so, and stays off."""
    assert seat.state == "off"
    seat.send_answer()
    assert seat.state == "off"


def _work_later_chapters(widgets: list[Any]) -> None:
    """Chapters 03-10's and the desk's widgets, each worked through its states."""
    from calypso.widgets.building import BuildingStepper
    from calypso.widgets.classdeal import ClassDealSeat
    from calypso.widgets.endings import EndingSet
    from calypso.widgets.ideas import Idea
    from calypso.widgets.lab import Lab
    from calypso.widgets.play import PlayTable
    from calypso.widgets.quiz import Quiz
    from calypso.widgets.scoring import GameReport, ScoreCalculator

    workers: dict[type, Any] = {
        BuildingStepper: _work_stepper,
        ScoreCalculator: _work_calculator,
        GameReport: _work_report,
        PlayTable: _work_play,
        EndingSet: _work_endings,
        Idea: _work_idea,
        Lab: _work_lab,
        Quiz: _work_quiz,
        ClassDealSeat: _work_class_deal,
        **hu_auction_work.WORKERS,
        **hu_cousins_work.WORKERS,
        **hu_desk_work.WORKERS,
    }
    for widget in widgets:
        work = workers.get(type(widget))
        if work is not None:
            work(widget)


@pytest.mark.parametrize("name", sorted(p.name for p in HU.glob("*.ipynb")))
def test_every_message_of_a_hungarian_chapter_is_translated(hungarian: Missing, name: str) -> None:
    from calypso.engine.tricks import CALYPSO_RULES
    from calypso.lessons.examples import WORKED_EXAMPLES
    from calypso.widgets.edgecases import EdgeCaseExplorer
    from calypso.widgets.table import HandDealer, TableView
    from calypso.widgets.trick import TrickBuilder

    space = _run(name)
    widgets = [w for w in space["_shown"] if w is not None]
    assert widgets
    _work_exercises(widgets)
    _work_later_chapters(widgets)
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
    assert [m for m, said in hungarian.asked.items() if said == m and _english(m)] == []


#: What a message may keep in Hungarian as it is in English: the games' own names.
SAME = {"Calypso", "misère", "Call", "Bridge", "Collett", "Whist"}


def _english(message: str) -> bool:
    """Whether ``message`` has English words in it, outside its placeholders and tags."""
    words = re.findall(r"[^\W\d_]{2,}", re.sub(r"\{[^}]*\}|<[^>]*>", " ", message))
    return any(word not in SAME and word.isascii() for word in words)


def test_every_page_has_its_hungarian_twin_with_the_same_widgets() -> None:
    pages = {p.name for p in HU.glob("*.ipynb")}
    assert pages == {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert {c.file for c in CHAPTERS} < pages
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


def test_the_map_links_the_hungarian_pages_at_their_headings() -> None:
    from calypso.widgets.progress import chapters

    with i18n.language("hu"):
        shown = chapters()
    for chapter in shown:
        href = chapter["href"].split("#")[0]
        assert (HU / href).exists(), href
    assert shown[1]["title"] == "2. Ki viszi az ütést?"
    assert shown[1]["stages"][0]["heading"] == "Gyakorlás: Hívás nem a hívó saját aduszínében"
    for chapter in shown:  # each stage's link lands on its heading in the Hungarian page
        page = HU / chapter["href"].split("#")[0]
        cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
        headings = "".join("".join(c["source"]) for c in cells)
        assert f"# {chapter['title']}\n" in headings
        for stage in chapter["stages"]:
            assert f"## {stage['heading']}\n" in headings, (page.name, stage["heading"])


def test_the_quiz_levels_the_map_names_are_the_quizs_own() -> None:
    from calypso.lessons.quiz import LEVELS
    from calypso.widgets.progress import QUIZ_LEVELS

    assert tuple(name for name, _rules in LEVELS.values()) == QUIZ_LEVELS


def test_every_hungarian_page_chooses_its_language_in_a_cell_that_shows_nothing() -> None:
    for page in HU.glob("*.ipynb"):  # its language cell shows nothing: the page check skips it
        first = json.loads(page.read_text(encoding="utf-8"))["cells"][0]
        assert first["metadata"]["tags"] == ["calypso-language"]
