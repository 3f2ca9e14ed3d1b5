"""How tests/test_hungarian_chapters.py works the widgets of the Hungarian teacher's desk through
their states: one function per widget class, in :data:`WORKERS`.

Each also reads what the widget shows (its HTML, labels, table words, the printed sheets and the
CSV files it offers) and fails on English words there, so that a word written into the code
instead of going through the catalog is caught too. The live board and the class deal are
worked a second time under a classroom server of their own (a board in a temporary folder):
students arriving, answering right and wrong, earning stars, a class deal answered, shown and
stepped through, and the board's refusals of bad input.
"""

from __future__ import annotations

import base64
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import unescape
from typing import Any
from unittest import mock

import ipywidgets as w

from calypso import simulate
from calypso.classroom.board import BOARD_ENV, ROOM_ENV, Board, BoardError
from calypso.classroom.boardinput import MESSAGES
from calypso.classroom.results import QuizResult
from calypso.lessons.exercises import STAGES
from calypso.lessons.quiz import LEVELS, VERSIONS, make_quiz

CODE = "ROOM7"

#: English words a Hungarian desk must not show (the browser test's list, and the desk's own).
ENGLISH = re.compile(
    r"\b(the|and|of|with|to|are|wins?|trick|tricks|partner|hearts|spades|clubs|diamonds|"
    r"queen|jack|king|ace|seat|card|cards|hand|Next|Previous|Reveal|Copy|link|stars?|your|you|"
    r"Rules|not|yet|played|ruff\w*|lead|leads|led|class|board|deal|answers?|students?|puzzles?|"
    r"level|version|teacher|score|name|missed|right|wrong|quiz|download|worksheet|handout|"
    r"game|position|ending|record|cost|points?|about|line|best|after|show|start|key|page)\b"
)


def english(text: str) -> list[str]:
    """The English words in ``text`` (HTML: its tags, code, links and file names left out)."""
    for stage in STAGES:  # a stage's id, which a refusal of a bad one lists
        text = text.replace(stage, " ")
    text = re.sub(r"<(code|style|script)>.*?</\1>|<[^>]*>", " ", text, flags=re.S)
    text = re.sub(r"\{[^}]*\}", " ", text)  # a template's placeholders
    text = re.sub(r"\S+\.(ipynb|html|csv|sqlite)\S*|https?://\S+|C\d\.(\d+|ruff-wins)", " ", text)
    return ENGLISH.findall(unescape(text))


#: Synced traits that hold no words (values typed in, addresses, codes, looks).
NO_WORDS = {"icon", "layout", "style", "tabbable", "kind", "key", "page", "opened", "placeholder"}


#: What a card table's seats and cards hold for its script, not for a person to read.
CODES = {"role", "place", "text", "seat", "colour", "rank", "symbol"}


def _texts(widget: Any) -> Iterator[str]:
    """Every text ``widget`` and the widgets inside it show (values typed in left out)."""
    typed = (w.Text, w.Textarea, w.Password, w.IntText, w.BoundedIntText, w.FileUpload)
    for name in widget.keys:
        if (name.startswith("_") and name != "_options_labels") or name in NO_WORDS:
            continue
        value = getattr(widget, name)
        if name == "value" and isinstance(widget, typed):
            continue
        yield from _values(value)


def _values(value: Any) -> Iterator[str]:
    if isinstance(value, w.Widget):
        yield from _texts(value)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _values(item)
    elif isinstance(value, dict):
        for name, item in value.items():
            if name not in CODES:
                yield from _values(item)


def _downloads(html: str) -> Iterator[str]:
    """The files the download links in ``html`` hold, as text."""
    for data in re.findall(r"base64,([A-Za-z0-9+/=]+)", html):
        yield base64.b64decode(data).decode("utf-8-sig")


def no_english(text: str) -> None:
    """Fail on any English word in ``text``."""
    found = english(text)
    assert not found, (found, text[:400])


def check_hungarian(widget: Any) -> None:
    """Fail on any English word ``widget`` shows, or its download links hold."""
    for text in _texts(widget):
        no_english(text)
        for page in _downloads(text):
            no_english(page)
        for name in re.findall(r'download="([^"]+)"', text):  # the file's name, as saved
            no_english(name.rsplit(".", 1)[0].replace("-", " "))


@contextmanager
def classroom() -> Iterator[Board]:
    """A classroom server's board in a temporary folder, for the widgets made inside."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "class-board.sqlite")
        with mock.patch.dict(os.environ, {BOARD_ENV: path}):
            yield Board(path)


def refusals(board: Board) -> None:
    """Every refusal of the board, provoked by a page's bad input, in the page's language."""
    tries: list[Callable[[], object]] = [
        lambda: board.record("room 7!", "Ann", 1, "A", 1, "N"),
        lambda: board.record(CODE, "?!", 1, "A", 1, "N"),
        lambda: board.record(CODE, "Ann", 7, "A", 1, "N"),
        lambda: board.record(CODE, "Ann", 1, "Q", 1, "N"),
        lambda: board.record(CODE, "Ann", 1, "A", 11, "N"),
        lambda: board.record(CODE, "Ann", 1, "A", 1, "X"),
        lambda: board.record(CODE, "Ann", 1, "A", 1, "N", rule="w0"),  # type: ignore[arg-type]
        lambda: board.record_stars(CODE, "Ann", "XYZ", 1, 3),
        lambda: board.record_stars(CODE, "Ann", "table", 99, 3),
        lambda: board.record_stars(CODE, "Ann", "table", 1, 4),
        lambda: board.view(CODE, "wrong key"),
        lambda: board.answer_deal(CODE, "Ann", "no deal", "2S"),
    ]
    for attempt in tries:
        try:
            attempt()
        except BoardError as refused:
            no_english(str(refused))
        else:
            raise AssertionError("the board took bad input")
    for reason in MESSAGES:  # and each reason in words, with and without the value named
        for shown in (None, "X"):
            no_english(str(BoardError(reason, shown)))


def _work_setup(setup: Any) -> None:
    """The class setup: a bad code and a good one, every level, version and house rule, bad and
    good links, the browser's memory, the students' link on this computer, under a classroom
    server with and without the room's address, and off any server; each state's sheets."""
    setup.code.value = "room 7!!"
    setup.code.value = "room7"
    setup.link.page = "http://127.0.0.1:8866/voila/render/hu/teachers-desk.ipynb"
    for level in LEVELS:
        for version in VERSIONS:
            setup.level.value, setup.version.value = level, version
            for lead in ("ruff-wins", "ranked"):
                setup.trump_lead.value = lead
                setup.all_fours.value = not setup.all_fours.value
                check_hungarian(setup)
    assert "/voila/render/hu/08-class-quiz.ipynb#quiz=ROOM7." in setup.students.value
    setup.link.opened = "nonsense"
    setup.link.opened = "ROOM9.2.B.w1"
    setup.memory.held, setup.memory.ready = {"class": "ROOM8.1.A"}, True
    with classroom():
        setup.update()
        check_hungarian(setup)
        with mock.patch.dict(os.environ, {ROOM_ENV: "http://192.168.1.23:8866/"}):
            setup.update()
            assert "http://192.168.1.23:8866/voila/render/hu/08-class-quiz.ipynb" in (
                setup.students.value
            )
            check_hungarian(setup)
        setup.link.page = "http://192.168.1.23:8866/voila/render/hu/teachers-desk.ipynb"
        check_hungarian(setup)
    setup.link.page = ""
    check_hungarian(setup)


def _work_board(board: Any) -> None:
    """The live board off the classroom server (it says so, and forgets), then under one: a
    wrong key, an empty class, students arriving, answering right and wrong and earning stars,
    a class deal answered, another class, clearing (refused, then done) and forgetting."""
    from calypso.widgets.desk import ClassSetup
    from calypso.widgets.liveboard import ClassBoard

    board.forget.click()
    board.confirm_forget.children[2].click()
    board.forget.click()
    board.confirm_forget.children[1].click()
    check_hungarian(board)
    with classroom() as store:
        refusals(store)
        setup = ClassSetup(code=CODE)
        live = ClassBoard(setup=setup, refresh=0)
        live.key.value = "wrong key"
        live.show_button.click()
        assert live.message.value
        live.key.value = store.teacher_key
        live.refresh_button.click()  # nobody yet
        check_hungarian(live)
        puzzles = make_quiz(CODE, 1)
        for number, name in enumerate(("Kiss Anna", "Nagy Béla", "Tóth Cili", "Szabó Dani")):
            store.arrive(CODE, name, 1, "A")
            for puzzle in puzzles[: 2 * number]:
                wrong = next(s for s in "NESW" if s != puzzle.answer)
                store.record(
                    CODE, name, 1, "A", puzzle.number, wrong if number > 1 else puzzle.answer
                )
        for student in ("Kiss Anna", "Tóth Cili", "Szabó Dani"):
            store.record_stars(CODE, student, "table", 1, 1)
            store.record_stars(CODE, student, "who-wins", 2, 3)
        live.show()
        check_hungarian(live)
        setup.code.value = "room8"  # the board follows the setup
        live.code.value = CODE  # and shows another class on purpose
        live.clear.click()
        live.confirm.children[2].click()
        live.clear.click()
        live.confirm.children[1].click()
        check_hungarian(live)
        live.forget.click()
        live.confirm_forget.children[1].click()
        check_hungarian(live)


def _work_deal_panel(panel: Any) -> None:
    """The class deal off the classroom server (previews only, starting refused), every
    source with bad and good input, then under a classroom server: a start without and with
    the key, answers right, wrong and right for a wrong reason, the answer shown, answers
    refused after it, the best line stepped to the end and back, the projector's view, and a
    position beyond the solver's reach."""
    from calypso.widgets.desk import ClassSetup
    from calypso.widgets.deskdeal import ClassDealPanel
    from calypso.widgets.liveboard import ClassBoard

    panel.start_button.click()
    for number in (1, 2, 6):
        panel.ending.value = number
        check_hungarian(panel)
    panel.source.value = "link"
    for text in ("nonsense", "#play=5.S.ZZ", "#play=3.S.w1"):
        panel.link.value = text
        check_hungarian(panel)
    panel.source.value = "record"
    record = simulate("calypso", seed=9, bots="random")
    for content in (b"{", b'{"format": "nothing"}', record.to_json().encode()):
        panel.upload.value = (_uploaded(content),)
    panel.after.value = panel.after.max
    check_hungarian(panel)
    panel.start_button.click()
    panel.reveal_button.click()
    panel.line_button.click()
    panel.forward.click()
    with classroom() as store:
        live = ClassBoard(setup=ClassSetup(code=CODE), refresh=0)
        deal = ClassDealPanel(live)
        deal.start_button.click()  # no key yet
        live.key.value = "wrong key"
        deal.start_button.click()
        live.key.value = store.teacher_key
        deal.reveal_button.click()  # nothing started
        deal.start_button.click()
        started = store.current_deal(CODE)
        assert started is not None
        store.arrive(CODE, "Szabó Dani", 1, "A")
        for name, card, reason in (
            ("Kiss Anna", "10D", "partner-takes"),
            ("Nagy Béla", "10D", "own-lead"),
            ("Tóth Cili", "9H", "partner-takes"),
        ):
            store.answer_deal(CODE, name, started.key, card, reason)
        for card, reason in (("ZZ", "partner-takes"), ("10D", "nonsense")):
            try:
                store.answer_deal(CODE, "Kovács Edit", started.key, card, reason)
            except BoardError as refused:
                no_english(str(refused))
        live.show()
        check_hungarian(deal)
        deal.line_button.click()  # not before the answer is shown
        deal.reveal_button.click()
        try:
            store.answer_deal(CODE, "Kovács Edit", started.key, "10D", "partner-takes")
        except BoardError as refused:
            no_english(str(refused))
        deal.line_button.click()
        while not deal.forward.disabled:
            deal.forward.click()
            check_hungarian(deal)
        deal.back.click()
        deal.big.value = True
        check_hungarian(deal)
        deal.big.value = False
        deal.source.value = "link"
        deal.link.value = "#play=3.S.w1"  # far from the end, under another house rule
        check_hungarian(deal)
        deal.start_button.click()
        deal.reveal_button.click()
        deal.line_button.click()  # beyond the solver's reach
        live.show()
        check_hungarian(deal)


def _uploaded(content: bytes) -> dict[str, object]:
    """A file as the upload button hands it to Python."""
    import datetime as dt

    when = dt.datetime.now(tz=dt.UTC)
    return {"name": "g.json", "type": "", "size": len(content), "content": content,
            "last_modified": when}  # fmt: skip


def _work_teacher(panel: Any) -> None:
    """The results panel: nothing pasted, codes with and without names, a code pasted twice,
    two results under one name, a name typed before another's code, each kind of bad line,
    both orders, and the CSV."""
    from calypso.classroom.results import _check

    check_hungarian(panel)
    named = [
        QuizResult(CODE, 1, "B", 10, frozenset(m), name=n)
        for n, m in (("Kiss Anna", {2}), ("Nagy Béla", {2, 5}), ("Kiss Anna", {1}))
    ]
    bare = QuizResult(CODE, 2, "A", 10, frozenset({5, 7}))
    anna = named[0].encode()
    good = [anna, anna, named[1].encode(), named[2].encode(), bare.encode(), bare.encode()]
    good.append(f"Tóth Cili: {named[1].encode()}")
    payload = "9A09AA"
    bad = [
        "hello",
        "ROOM12-1A09-XX",
        anna[:-4] + ("AA" if anna[-4:-2] != "AA" else "BB") + anna[-2:],
        f"{CODE}-{payload}-{_check(CODE, payload)}",
        anna.split(": ", 1)[1],
        "Kovács Edit: " + anna.split(": ", 1)[1],
        "@@@: " + bare.encode(),
    ]
    panel.codes.value = "\n".join(good + bad)
    assert len(panel.problems) == len(bad), panel.problems
    check_hungarian(panel)
    panel.sort.value = "score"
    check_hungarian(panel)
    header = panel.csv_text().splitlines()[0]
    no_english(header)
    panel.codes.value = bare.encode()
    check_hungarian(panel)


def _workers() -> dict[type, Callable[[Any], None]]:
    from calypso.widgets.desk import ClassSetup
    from calypso.widgets.deskdeal import ClassDealPanel
    from calypso.widgets.liveboard import ClassBoard
    from calypso.widgets.teacher import TeacherPanel

    return {
        ClassSetup: _work_setup,
        ClassBoard: _work_board,
        ClassDealPanel: _work_deal_panel,
        TeacherPanel: _work_teacher,
    }


#: Each widget class of the page, and the function that works it through its states.
WORKERS: dict[type, Callable[[Any], None]] = _workers()
