"""The teacher's desk: the students' link, the worksheet, its separate answer key and the rules
handout. Winners are worked out from docs/rulings.md (C1, C4), never read off the desk."""

from __future__ import annotations

import base64
import re
import sys
from collections import Counter
from collections.abc import Sequence
from html import escape
from pathlib import Path

import pytest
import segno
from test_exercises import c4_winner

from calypso.classroom.board import BOARD_ENV, ROOM_ENV, Board
from calypso.engine.cards import Card, Suit
from calypso.engine.tricks import Rule
from calypso.lessons.glossary import rule_words
from calypso.lessons.quiz import LEVELS, make_quiz
from calypso.widgets.desk import ClassSetup, DeskMemory, handout_examples

SEATS = "NESW"


def pages(desk: ClassSetup) -> dict[str, str]:
    """Each download the desk offers, by file name, decoded."""
    link = r'download="([^"]+)" href="data:text/html;base64,([^"]+)"'
    found = re.findall(link, desk.sheets.value)
    return {name: base64.b64decode(data).decode() for name, data in found}


def winner_seat(leader: str, cards: Sequence[Card], trumps: Sequence[Suit]) -> str:
    start = SEATS.index(leader)
    return SEATS[(start + c4_winner(list(cards), list(trumps))) % 4]


@pytest.mark.parametrize(
    ("page", "students"),
    [
        (
            "http://10.0.0.5:8866/voila/render/teachers-desk.ipynb#class=ROOM7.2.B",
            "http://10.0.0.5:8866/voila/render/08-class-quiz.ipynb#quiz=ROOM7.2.1.B.c",
        ),
        (
            "https://example.org/calypso/voici/render/teachers-desk.html",
            "https://example.org/calypso/voici/render/08-class-quiz.html#quiz=ROOM7.2.1.B.c",
        ),
    ],
)
def test_the_students_link_opens_the_quiz_beside_the_desk(page: str, students: str) -> None:
    desk = ClassSetup(code="room7", level=2, version="B")
    assert desk.students_url(page) == students
    desk.link.page = page.split("#")[0]
    assert students in desk.students.value and "<svg" in desk.students.value
    assert "this computer" not in desk.students.value


def test_a_link_to_this_computer_warns_that_phones_cannot_open_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(BOARD_ENV, raising=False)
    monkeypatch.delenv(ROOM_ENV, raising=False)
    desk = ClassSetup()
    desk.link.page = "http://127.0.0.1:8866/voila/render/teachers-desk.ipynb"
    shown = desk.students.value
    assert "phones cannot open it" in shown and "<code>make serve CLASS=30</code>" in shown
    assert "HOST=" not in shown
    # A plain server: the quiz works, but no answer reaches a board.
    assert "answers reach no live board" in shown and "data-no-board" in shown


def test_under_the_classroom_server_the_link_is_at_the_room_s_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    room = "http://192.168.1.23:8866/"
    monkeypatch.setenv(BOARD_ENV, str(tmp_path / "class-board.sqlite"))
    monkeypatch.setenv(ROOM_ENV, room)
    desk = ClassSetup(code="room7", level=2, version="B")
    desk.link.page = "http://127.0.0.1:8866/voila/render/teachers-desk.ipynb"
    students = f"{room}voila/render/08-class-quiz.ipynb#quiz=ROOM7.2.1.B.c"
    shown = desk.students.value
    assert "Students&#x27; phones and laptops on this network open:" in shown
    assert f'<a href="{students}">{students}</a>' in shown
    qr = segno.make(students, error="m").svg_inline(border=2, dark="#1d1d1f", omitsize=True)
    assert qr in shown  # the QR code carries the room's link, not this page's address
    assert "127.0.0.1" not in shown and "HOST=" not in shown and "calypso-warning" not in shown
    assert "no live board" not in shown


def test_a_classroom_server_on_no_network_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(BOARD_ENV, str(tmp_path / "class-board.sqlite"))
    monkeypatch.delenv(ROOM_ENV, raising=False)
    desk = ClassSetup(code="room7")
    desk.link.page = "http://127.0.0.1:8866/voila/render/teachers-desk.ipynb"
    shown = desk.students.value
    assert "This computer is on no network" in shown and "make serve CLASS=30" in shown
    assert "HOST=" not in shown and "no live board" not in shown
    # The desk opened at the computer's own network address: its link works as it is.
    desk.link.page = "http://10.0.0.5:8866/voila/render/teachers-desk.ipynb"
    assert "calypso-warning" not in desk.students.value
    assert "http://10.0.0.5:8866/voila/render/08-class-quiz.ipynb" in desk.students.value


def test_without_the_site_the_desk_says_what_students_type() -> None:
    desk = ClassSetup(code="ROOM7")
    assert "<svg" not in desk.students.value and "ROOM7" in desk.students.value


def test_a_bad_class_code_is_named_next_to_the_field_and_the_sheets_go() -> None:
    desk = ClassSetup()
    desk.code.value = "no spaces here"
    assert "1 to 24 letters" in desk.code_field.note.value
    assert desk.sheets.value == "" and desk.students.value == ""
    desk.code.value = "room-9"
    assert desk.code_field.note.value == "" and len(pages(desk)) == 4
    assert desk.code.value == "ROOM-9" and desk.link.value == "ROOM-9.1.A"


def test_the_setup_is_kept_in_the_address_and_reopens_from_it() -> None:
    desk = ClassSetup()
    desk.link.opened = "ROOM12.3.B"
    assert (desk.class_code, desk.level.value, desk.version.value) == ("ROOM12", 3, "B")
    assert desk.link.value == "ROOM12.3.B"
    desk.link.opened = "ROOM12.9.Z"
    assert "does not name a class setup" in desk.message.value


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("version", ["A", "B"])
def test_the_worksheet_asks_and_the_answer_key_answers_by_c4(level: int, version: str) -> None:
    desk = ClassSetup(code="ROOM12", level=level, version=version)
    stem = f"calypso-quiz-ROOM12-level{level}-{version}"
    sheets = pages(desk)
    sheet, key = sheets[f"{stem}.html"], sheets[f"{stem}-answer-key.html"]
    puzzles = make_quiz("ROOM12", level, version=version)
    assert "Name:" in sheet and "Class:" in sheet and "Date:" in sheet
    assert sheet.count('class="puzzle"') == len(puzzles) == 10
    assert "break-inside:avoid" in sheet and "Answer key" not in sheet
    legend = sheet.split("ask about:")[1].split("</ul>")[0]
    assert set(re.findall(r"<b>(C[\d.]+)</b>", legend)) == {p.result.rule.value for p in puzzles}
    rows = re.findall(r"<tr><td>(\d+)</td><td>([NESW])</td><td>(C[\d.]+)</td>", key)
    assert len(rows) == 10
    for (number, seat, _), p in zip(rows, puzzles, strict=True):
        trick = p.trick
        assert int(number) == p.number
        assert seat == winner_seat(trick.leader, trick.cards, trick.trumps_in_order())


def test_the_handout_shows_each_case_of_c4_with_a_trick_it_decides() -> None:
    examples = handout_examples()
    assert [rule for rule, _ in examples] == [
        Rule.LEADER_TRUMP_UNRUFFED,
        Rule.LEADER_TRUMP_RUFFED,
        Rule.PLAIN_LEAD_UNRUFFED,
        Rule.PLAIN_LEAD_RUFFED,
        Rule.TIE_FIRST_PLAYED,
    ]
    for _, trick in examples:
        assert trick.winning_seat() == winner_seat(
            trick.leader, trick.cards, trick.trumps_in_order()
        )
    page = pages(ClassSetup())["calypso-rules-handout.html"]
    # C1: the default trumps N ♥, E ♦, S ♠, W ♣, and partners opposite.
    for seat, suit, partner in [("N", "♥", "S"), ("E", "♦", "W"), ("S", "♠", "N"), ("W", "♣", "E")]:
        row = rf"<b>{seat}</b></td><td><span[^>]*>{suit}</span></td><td>{partner}<"
        assert re.search(row, page)
    assert all(f"<b>{case}</b>" in page for case in ("C4.1", "C4.2", "C4.3", "C4.4", "C4.5"))


def test_the_panel_links_every_puzzle_to_the_projector_most_missed_first() -> None:
    from calypso.classroom.results import QuizResult
    from calypso.widgets import TeacherPanel

    panel = TeacherPanel()
    panel.codes.value = "\n".join(
        QuizResult("ROOM7", 2, "B", 10, frozenset(missed), name).encode()
        for name, missed in [("Ann", {3, 7}), ("Bob", {7}), ("Cy", {5, 7, 3})]
    )
    shown = re.findall(
        r"#quiz=ROOM7\.2\.(\d+)\.B\.p\"[^>]*>puzzle \1</a>(?: \((\d) missed\))?", panel.report.value
    )
    # Puzzle 7 was missed by three, 3 by two, 5 by one; the others by nobody, in order.
    assert [(int(n), int(k or 0)) for n, k in shown] == [
        (7, 3),
        (3, 2),
        (5, 1),
        (1, 0),
        (2, 0),
        (4, 0),
        (6, 0),
        (8, 0),
        (9, 0),
        (10, 0),
    ]
    assert 'target="_blank"' in panel.report.value  # the pasted results stay in their tab


@pytest.mark.parametrize(("platform", "page"), [("linux", ".ipynb"), ("emscripten", ".html")])
def test_projector_links_name_the_quiz_page_of_the_site_they_are_on(
    monkeypatch: pytest.MonkeyPatch, platform: str, page: str
) -> None:
    # Under Voila the chapters are notebooks; on the static site (Python in the browser,
    # sys.platform "emscripten") they are .html pages.
    from calypso.classroom.results import QuizResult
    from calypso.widgets import TeacherPanel

    monkeypatch.setattr(sys, "platform", platform)
    panel = TeacherPanel()
    panel.codes.value = QuizResult("ROOM7", 1, "A", 10, frozenset({2}), "Ann").encode()
    assert f'href="08-class-quiz{page}#quiz=ROOM7.1.2.A.p"' in panel.report.value


def test_a_projector_link_opens_the_puzzle_with_big_cards_for_the_whole_class() -> None:
    from calypso.widgets import Quiz

    quiz = Quiz()
    quiz.link.opened = "ROOM7.2.7.B.p"
    assert (quiz.code.value, quiz.level.value, quiz.version.value, quiz.index) == (
        "ROOM7",
        2,
        "B",
        6,
    )
    assert quiz.big.value and quiz.table.presenter and quiz.name.value == "Whole class"
    assert not quiz.table.revealed  # the winner stays hidden until the class answers
    puzzle = make_quiz("ROOM7", 2, version="B")[6]
    quiz.pick(puzzle.answer)
    assert quiz.right == 1


# -- the live class board, as the classroom server runs it ------------------------------------


@pytest.fixture
def live_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Board:
    from calypso.classroom.board import BOARD_ENV

    path = tmp_path / "class-data" / "class-board.sqlite"
    monkeypatch.setenv(BOARD_ENV, str(path))
    return Board(path)


def test_without_the_classroom_server_the_desk_says_how_to_turn_the_board_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from calypso.classroom.board import BOARD_ENV
    from calypso.widgets.liveboard import ClassBoard

    monkeypatch.delenv(BOARD_ENV, raising=False)
    board = ClassBoard(refresh=0)
    assert "<code>make serve CLASS=30</code>" in board.view.value
    assert "HOST=" not in board.view.value
    assert board.key not in board.children


def test_students_answers_reach_the_board_which_the_key_alone_opens(live_board: Board) -> None:
    import sqlite3

    from calypso.widgets import Quiz
    from calypso.widgets.liveboard import ClassBoard

    puzzles = make_quiz("ROOM7", 1)
    for name, wrong in (("Ann", {2}), ("Bob", set()), ("Cy", {2, 5})):
        quiz = Quiz(code="ROOM7", name=name)
        for p in puzzles:
            trick = p.trick
            right = winner_seat(trick.leader, trick.cards, trick.trumps_in_order())  # C4
            quiz.pick(right if p.number not in wrong else next(s for s in SEATS if s != right))
            quiz.advance()
        if wrong:
            quiz.again.click()  # a second try of the misses does not count again
            quiz.pick(quiz.puzzle.answer)
    with sqlite3.connect(live_board.path) as db:
        assert db.execute("SELECT COUNT(*) FROM answers").fetchone() == (30,)
    desk = ClassBoard(code="ROOM7", refresh=0)
    desk.key.value = "not the key"
    desk.show_button.click()
    assert "not the teacher&#x27;s key" in desk.message.value and "Ann" not in desk.view.value
    assert desk.csv.value == ""
    desk.key.value = live_board.teacher_key
    desk.show_button.click()
    shown = desk.view.value
    assert 'download="ROOM7-answers.csv"' in desk.csv.value
    assert "<td>Ann</td><td>answered 10 of 10, 9 right so far</td><td>1A: 2</td>" in shown
    assert "<td>Bob</td><td>answered 10 of 10, 10 right so far</td><td>—</td>" in shown
    assert "<td>Cy</td><td>answered 10 of 10, 8 right so far</td><td>1A: 2, 5</td>" in shown
    # Each ruling named with its words (docs/rulings.md through the glossary).
    missed = Counter(puzzles[n - 1].result.rule.value for n in (2, 2, 5))
    for rule, count in missed.items():
        times = "time" if count == 1 else "times"
        assert (
            f"{rule}</a></b> <span data-rule-words>({escape(rule_words(rule))})</span>: "
            f"missed {count} {times}" in shown
        )
    # Puzzle 2, missed by two of the three, stands out; puzzle 5, missed by one, does not.
    assert re.search(
        r'<div data-most-missed>.*<li><a href="08-class-quiz.ipynb#quiz=ROOM7.1.2.A.p"[^>]*>'
        r"puzzle 2 of level 1, version A</a>: missed by 2 of the 3 who answered it</li></ul>",
        shown,
    )
    assert "ROOM7.1.5.A.p" not in shown
    desk.clear.click()
    assert desk.confirm.layout.display is None
    desk.confirm.children[1].click()  # Yes, clear it
    assert "30 answers and stars" in desk.message.value
    assert desk.csv.value == ""
    desk.show_button.click()
    assert "Nobody has joined yet" in desk.view.value and desk.csv.value == ""


def test_exercise_stars_reach_the_board_once_the_quiz_has_named_the_student(
    live_board: Board,
) -> None:
    from calypso.widgets import ExerciseSet, Quiz
    from calypso.widgets.liveboard import ClassBoard

    quiz = Quiz(code="room7", name="Ann")
    quiz.pick(quiz.puzzle.answer)
    assert quiz.member.member == {"code": "ROOM7", "name": "Ann"}  # as the board stored them
    stage = ExerciseSet("scoring", seed=3)
    assert stage.member.note == ""
    stage.member.member = dict(quiz.member.member)  # what the student's browser reports
    assert stage.member.note.endswith("for class ROOM7 as Ann.")
    wrong = next(c.key for c in stage.exercise.choices if c.key != stage.exercise.answer)
    stage.choose(wrong)
    stage.choose(stage.exercise.answer)  # a second try: two stars
    stage.go(1)
    stage.choose(stage.exercise.answer)  # a first try: three stars
    stage.start(3)
    stage.choose(stage.exercise.answer)  # the first exercise again: its best is kept
    view = live_board.view("ROOM7", live_board.teacher_key)
    assert view.stars == {"Ann": {("scoring", 1): 3, ("scoring", 2): 3}}
    desk = ClassBoard(code="ROOM7", refresh=0)
    desk.key.value = live_board.teacher_key
    desk.show_button.click()
    # Two exercises of chapter 04 ("scoring"), three stars each.
    assert re.search(
        r"<td>Ann</td><td>answered 1 of 10, 1 right so far</td><td>—</td>"
        r'<td><span class="calypso-nowrap" title="4\. Scoring">04 ★6</span></td>',
        desk.view.value,
    )


def test_stars_stay_off_the_board_without_a_named_student_or_for_the_projector(
    live_board: Board,
) -> None:
    from calypso.widgets import ExerciseSet, Quiz
    from calypso.widgets.quiz import PROJECTOR_NAME

    stage = ExerciseSet("scoring", seed=3)
    stage.choose(stage.exercise.answer)
    projector = Quiz(code="ROOM7", name=PROJECTOR_NAME)
    projector.pick(projector.puzzle.answer)
    assert projector.member.member == {}
    view = live_board.view("ROOM7", live_board.teacher_key)
    assert view.students == []


def test_without_the_classroom_server_stars_stay_in_the_browser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from calypso.classroom.board import BOARD_ENV
    from calypso.widgets import ExerciseSet, Quiz

    monkeypatch.delenv(BOARD_ENV, raising=False)
    quiz = Quiz(code="ROOM7", name="Ann")
    quiz.pick(quiz.puzzle.answer)
    assert quiz.member.member == {}
    stage = ExerciseSet("scoring", seed=3)
    stage.member.member = {"code": "ROOM7", "name": "Ann"}
    assert stage.member.note == ""
    stage.choose(stage.exercise.answer)


def test_the_quiz_and_the_desk_load_without_sqlite3_as_on_the_static_site() -> None:
    # Pyodide's Python has no sqlite3 unless it is loaded: the static site never opens a board.
    import os
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['sqlite3'] = None\n"
        "from calypso.widgets import ClassBoard, ClassSetup, Quiz\n"
        "quiz = Quiz(name='Ann'); quiz.pick(quiz.puzzle.answer)\n"
        "ClassSetup(); ClassBoard()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "CALYPSO_BOARD"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr


# -- the board follows the class set up above it; the browser keeps the class and the key -----


def sent_by(memory: DeskMemory, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, str]]:
    """What ``memory`` sends the page from now on, in order."""
    sent: list[dict[str, str]] = []
    monkeypatch.setattr(memory, "send", sent.append)
    return sent


def test_the_board_follows_the_class_set_up_above_it_and_says_which_it_shows(
    live_board: Board,
) -> None:
    from calypso.widgets.liveboard import ClassBoard

    first = make_quiz("ROOM12", 1)[0]
    live_board.record("ROOM12", "Ann", 1, "A", 1, first.answer)
    setup = ClassSetup()
    board = ClassBoard(setup=setup, refresh=0)
    board.key.value = live_board.teacher_key
    board.show_button.click()
    assert "Nobody has joined yet" in board.view.value
    setup.code.value = "room12"  # set up above: the board shows it at once
    assert board.code.value == "ROOM12"
    assert "<td>Ann</td><td>answered 1 of 10, 1 right so far</td>" in board.view.value
    assert "shows class <b>ROOM12</b>, the class set up above." in board.shown.value
    board.code.value = "ROOM7"  # another class, on purpose
    assert "<td>Ann</td>" not in board.view.value and "Nobody has joined yet" in board.view.value
    assert "shows class <b>ROOM7</b>; the class set up above is <b>ROOM12</b>." in (
        board.shown.value
    )
    setup.code.value = "no spaces here"  # refused above: the board keeps its class
    assert board.code.value == "ROOM7"
    setup.code.value = "ROOM7"  # set up above as the class the board shows already
    assert "shows class <b>ROOM7</b>, the class set up above." in board.shown.value
    setup.code.value = "ROOM12"
    assert board.code.value == "ROOM12" and "<td>Ann</td>" in board.view.value


def test_the_browser_gives_back_the_class_and_key_and_forgets_them_when_asked(
    live_board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    from calypso.widgets.liveboard import ClassBoard

    live_board.record("ROOM12", "Ann", 2, "B", 1, make_quiz("ROOM12", 2, version="B")[0].answer)
    setup = ClassSetup()
    board = ClassBoard(setup=setup, refresh=0)
    kept_class, kept_key = sent_by(setup.memory, monkeypatch), sent_by(board.memory, monkeypatch)
    setup.code.value = "ROOM5"  # before the page reports what it keeps, nothing is sent
    assert kept_class == []
    # A reload: the page reports what the browser kept.
    held = {"class": "ROOM12.2.B", "key": live_board.teacher_key}
    setup.memory.held, setup.memory.ready = held, True
    board.memory.held, board.memory.ready = held, True
    assert (setup.class_code, setup.level.value, setup.version.value) == ("ROOM12", 2, "B")
    assert board.code.value == "ROOM12" and board.key.value == live_board.teacher_key
    assert "<td>Ann</td><td>answered 1 of 10, 1 right so far</td>" in board.view.value
    # Each change of the setup is kept; the key only once the board accepts it.
    setup.version.value = "A"
    assert kept_class[-1] == {"type": "keep", "item": "class", "value": "ROOM12.2.A"}
    assert kept_key == []
    board.key.value = "not the key"
    board.show_button.click()
    assert kept_key == [] and "not the teacher" in board.message.value
    board.memory.held = {}
    board.key.value = live_board.teacher_key
    board.show_button.click()
    assert kept_key == [{"type": "keep", "item": "key", "value": live_board.teacher_key}]
    # Forgetting asks first.
    board.forget.click()
    assert board.confirm_forget.layout.display is None and len(kept_key) == 1
    board.confirm_forget.children[1].click()  # Yes, forget them
    assert kept_key[-1] == {"type": "forget"}
    assert board.key.value == "" and board.view.value == ""
    assert "no longer keeps the class or the teacher key" in board.message.value


def test_a_class_named_in_the_address_wins_over_the_one_the_browser_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    setup = ClassSetup()
    sent = sent_by(setup.memory, monkeypatch)
    setup.link.opened = "ROOM7.3.B"
    setup.memory.held, setup.memory.ready = {"class": "ROOM12.1.A"}, True
    assert (setup.class_code, setup.level.value, setup.version.value) == ("ROOM7", 3, "B")
    assert sent == [{"type": "keep", "item": "class", "value": "ROOM7.3.B"}]
    other = ClassSetup()
    other.memory.held, other.memory.ready = {"class": "not a setup"}, True
    assert other.class_code == "CLASS-1" and other.message.value == ""


@pytest.mark.parametrize(
    ("link", "level", "version"), [("ROOM7.2.1.B.c", 2, "B"), ("ROOM7.3.1.A.p", 3, "A")]
)
def test_a_class_link_fixes_the_level_and_version_and_names_them(
    link: str, level: int, version: str
) -> None:
    from calypso.widgets import Quiz

    quiz = Quiz(name="Ann")
    quiz.link.opened = link
    assert quiz.fixed and (quiz.level.value, quiz.version.value) == (level, version)
    assert quiz.level.layout.display == quiz.version.layout.display == "none"
    name = LEVELS[level][0]
    assert f"Level {level}: {name} · version {version}," in quiz.fixed_words.value
    # A student reads what the link fixed; a projector shows the class the trick alone.
    projector = link.endswith(".p")
    assert quiz.fixed_words.layout.display == ("none" if projector else None)
    for _puzzle in quiz.puzzles:
        quiz.pick(quiz.puzzle.answer)
        quiz.advance()
    assert quiz.link.value.endswith(f".{version}.c")  # a reload keeps them fixed
    assert quiz.harder.layout.display == "none"  # no way to another level either


def test_a_link_of_the_learners_own_quiz_keeps_its_controls() -> None:
    from calypso.widgets import Quiz

    quiz = Quiz(name="Ann")
    quiz.link.opened = "ROOM7.2.3.B"  # what the address holds after the learner chose them
    assert not quiz.fixed and quiz.level.layout.display is None
    assert quiz.fixed_words.layout.display == "none"
    quiz.level.value = 3
    assert quiz.link.value == "ROOM7.3.1.B"


def test_forgetting_is_not_undone_by_the_class_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = ClassSetup(code="ROOM12")
    sent = sent_by(setup.memory, monkeypatch)
    setup.memory.held, setup.memory.ready = {"class": "ROOM12.1.A"}, True
    setup.memory.held = {}  # another view forgot: the page reports an empty store
    assert sent == []
    setup.level.value = 2  # a change the teacher makes afterwards is kept again
    assert sent == [{"type": "keep", "item": "class", "value": "ROOM12.2.A"}]


def test_the_board_shows_who_joined_before_any_answer_and_stars_per_chapter(
    live_board: Board,
) -> None:
    from calypso.lessons.chapters import find_chapter
    from calypso.widgets.liveboard import ClassBoard

    first = make_quiz("ROOM12", 1)[0]
    trick = first.trick
    right = winner_seat(trick.leader, trick.cards, trick.trumps_in_order())  # C4
    live_board.arrive("ROOM12", "Zoé", 1, "A")
    live_board.arrive("ROOM12", "Ádám", 1, "A")
    live_board.arrive("ROOM12", "bea", 1, "A")
    live_board.record("ROOM12", "bea", 1, "A", 1, right)
    live_board.record("ROOM12", "Zoé", 1, "A", 1, next(s for s in SEATS if s != right))
    for stage, exercise, stars in [("who-wins-own", 1, 3), ("who-wins", 2, 2), ("table", 1, 1)]:
        live_board.record_stars("ROOM12", "bea", stage, exercise, stars)
    board = ClassBoard(code="ROOM12", refresh=0)
    board.key.value = live_board.teacher_key
    board.show_button.click()
    shown = board.view.value
    names = re.findall(r'<tr data-student="([^"]+)"><td>', shown)
    assert names == ["Ádám", "bea", "Zoé"]  # a class list's order: Á beside A
    assert re.search(
        r"<td>Ádám</td><td><span class=\"calypso-muted\">joined, no answer yet</span></td>"
        r"<td>—</td><td>—</td>",
        shown,
    )
    assert "<b>3 students on the board</b>, 2 with answers so far." in shown
    # bea: chapter 01 ("table") 1 star, chapter 02 ("who-wins") 3 + 2; the legend names both.
    table, who_wins = find_chapter("table"), find_chapter("who-wins")
    assert (
        f'<td><span class="calypso-nowrap" title="{escape(table.heading)}">01 ★1</span> · '
        f'<span class="calypso-nowrap" title="{escape(who_wins.heading)}">02 ★5</span></td>'
    ) in shown
    assert re.search(r"data-star-chapters>[^<]*01 The table · 02 Who wins the trick\?</p>", shown)
    # One miss of two answers is nobody's pattern yet.
    assert '<p class="calypso-muted" data-most-missed>No puzzle stands out yet' in shown


def test_a_student_who_presses_start_is_on_the_board_with_no_answer_yet(
    live_board: Board,
) -> None:
    from calypso.widgets import Quiz
    from calypso.widgets.liveboard import ClassBoard

    quiz = Quiz(code="ROOM7", name="Ann")
    quiz.start.click()
    desk = ClassBoard(code="ROOM7", refresh=0)
    desk.key.value = live_board.teacher_key
    desk.show_button.click()
    joined = '<span class="calypso-muted">joined, no answer yet</span>'
    assert f"<td>Ann</td><td>{joined}</td><td>—</td><td>—</td>" in desk.view.value
    trick = quiz.puzzle.trick
    quiz.pick(winner_seat(trick.leader, trick.cards, trick.trumps_in_order()))  # right, by C4
    desk.show_button.click()
    assert "<td>Ann</td><td>answered 1 of 10, 1 right so far</td>" in desk.view.value
