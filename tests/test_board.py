"""The live class board (calypso/classroom/board.py): who joined, answers decided by the board,
stored once each from many threads, read and cleared only with the teacher's key; verdicts are
checked against an oracle written here from docs/rulings.md, C4 (C4.1-C4.5). A puzzle stands out as
missed, by the board's stated rule, when at least two students and at least a third of those
who answered it missed it."""

from __future__ import annotations

import random
import sqlite3
import stat
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calypso.classroom import boardinput as board_module
from calypso.classroom.board import (
    ROOM_ENV,
    Board,
    BoardError,
    DatabaseError,
    MissedPuzzle,
    Progress,
    PuzzleId,
    room_url,
)
from calypso.lessons.examples import ExampleTrick
from calypso.lessons.quiz import make_quiz

SEATS = "NESW"
OWN = {"N": 2, "E": 1, "S": 3, "W": 0}
"""Each seat's own suit, as docs/rulings.md C1 gives them (C, D, H, S = 0-3 in
calypso.engine.cards)."""


def oracle(trick: ExampleTrick) -> tuple[str, str]:
    """The winning seat and the ruling id of a trick, straight from docs/rulings.md C4."""
    start = SEATS.index(trick.leader)
    seats = [SEATS[(start + i) % 4] for i in range(len(trick.cards))]
    cards = [(int(card) // 13, int(card) % 13) for card in trick.cards]  # (suit, rank)
    led = cards[0][0]
    ruffs = [i for i, (suit, _) in enumerate(cards) if suit == OWN[seats[i]] != led]
    if led == OWN[trick.leader]:
        if not ruffs:
            return trick.leader, "C4.1"
        competing, rule = [0, *ruffs], "C4.2"
    elif ruffs:
        competing, rule = ruffs, "C4.4"
    else:
        competing, rule = [i for i, (suit, _) in enumerate(cards) if suit == led], "C4.3"
    top = max(cards[i][1] for i in competing)
    best = [i for i in competing if cards[i][1] == top]
    return seats[best[0]], "C4.5" if len(best) > 1 else rule


def rows(path: Path, table: str = "answers") -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(f"SELECT * FROM {table} ORDER BY 1, 2, 3, 4").fetchall()


QUICK = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def wrong_seat(trick: ExampleTrick) -> str:
    return next(seat for seat in SEATS if seat != oracle(trick)[0])


def test_the_oracle_agrees_with_the_worked_examples_of_c4() -> None:
    from calypso.engine.cards import parse_card

    def trick(leader: str, *cards: str) -> ExampleTrick:
        return ExampleTrick(leader, tuple(parse_card(c) for c in cards))

    assert oracle(trick("E", "JD", "QS")) == ("S", "C4.2")
    assert oracle(trick("S", "9H", "4C", "3H", "6D")) == ("E", "C4.4")
    assert oracle(trick("N", "2H", "AH", "KH", "QH")) == ("N", "C4.1")
    assert oracle(trick("N", "5C", "9C", "4C", "2C")) == ("E", "C4.3")
    assert oracle(trick("N", "5S", "9D", "4S", "9C")) == ("E", "C4.5")


def test_thirty_students_in_threads_with_a_restart_mid_class(tmp_path: Path) -> None:
    path = tmp_path / "boards" / "room12.db"
    boards = [Board(path)]
    key = boards[0].teacher_key
    restart = threading.Barrier(30, action=lambda: boards.append(Board(path)))
    start = threading.Barrier(30)
    picked: dict[tuple[str, int, str, int], str] = {}
    errors: list[BaseException] = []

    def student(i: int) -> None:
        try:
            rng = random.Random(i)
            name, level, version = f"Student {i}", 1 + i % 3, "AB"[i % 2]
            start.wait()
            for number in range(1, 11):
                if number == 6:
                    restart.wait()
                seat = rng.choice(SEATS)
                picked[(name, level, version, number)] = seat
                boards[-1].record("room12", name, level, version, number, seat)
                # A second answer (another seat) to the same puzzle changes nothing.
                again = boards[-1].record("ROOM12", name, level, version, number, "N")
                assert again.answer == seat and not again.new
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=student, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[:3]

    stored = rows(path)
    assert len(stored) == 300
    assert len({row[:5] for row in stored}) == 300
    for code, name, level, version, number, answer, correct, rule in stored:
        assert code == "ROOM12"
        assert isinstance(name, str) and isinstance(level, int) and isinstance(version, str)
        assert isinstance(number, int)
        assert answer == picked[(name, level, version, number)]
        puzzle = make_quiz("ROOM12", level, version=version)[number - 1]
        winner, expected_rule = oracle(puzzle.trick)
        assert bool(correct) == (answer == winner)
        assert rule == expected_rule

    later = Board(path)
    assert later.teacher_key == boards[0].teacher_key == boards[-1].teacher_key == key
    view = later.view("ROOM12", key)
    assert len(view.answers) == 30 and all(len(marks) == 10 for marks in view.answers.values())
    assert sum(view.scores.values()) == sum(bool(row[6]) for row in stored)
    assert sum(view.misses.values()) == 300 - sum(view.scores.values())


def test_view_sums_up_scores_misses_by_ruling_and_the_puzzles_standing_out(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    quiz = make_quiz("7B", level=3)
    misses = {"Ann": {1, 2}, "Bob": {2, 3}, "Cy": {1}}
    for name, missed in misses.items():
        for puzzle in quiz:
            seat = wrong_seat(puzzle.trick) if puzzle.number in missed else oracle(puzzle.trick)[0]
            answer = board.record("7b", name, 3, "A", puzzle.number, seat)
            assert answer.correct == (puzzle.number not in missed)
            assert answer.winner == oracle(puzzle.trick)[0]
    view = board.view("7B", board.teacher_key)
    assert view.scores == {"Ann": 8, "Bob": 8, "Cy": 9}
    assert view.answers["Cy"][PuzzleId(3, "A", 1)] is False
    assert view.answers["Cy"][PuzzleId(3, "A", 2)] is True
    # Puzzles 1 and 2 were each missed by two of the three, puzzle 3 by one student only.
    assert view.most_missed == (
        MissedPuzzle(PuzzleId(3, "A", 1), 2, 3),
        MissedPuzzle(PuzzleId(3, "A", 2), 2, 3),
    )
    expected: dict[str, int] = {}
    for missed in misses.values():
        for number in missed:
            rule = oracle(quiz[number - 1].trick)[1]
            expected[rule] = expected.get(rule, 0) + 1
    assert dict(view.misses) == expected
    assert board.view("7B", board.teacher_key).students == ["Ann", "Bob", "Cy"]
    assert board.view("OTHER", board.teacher_key).most_missed == ()


def test_the_teacher_key_is_kept_private_and_needed(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    board.record("ROOM12", "Ann", 1, "A", 1, "N")
    board.record_stars("ROOM12", "Ann", "who-wins", 1, 3)
    assert len(board.teacher_key) >= 40
    assert stat.S_IMODE(board.key_path.stat().st_mode) == 0o600
    assert Board(tmp_path / "other.db").teacher_key != board.teacher_key
    for key in ["", "x", board.teacher_key + "x", board.teacher_key.upper(), "é" * 50, None,
                "k" * 10_000]:
        for call in (board.view, board.clear):
            with pytest.raises(BoardError) as refused:
                call("ROOM12", key)  # type: ignore[arg-type]
            assert refused.value.reason == "key"
            assert "Ann" not in str(refused.value) and "ROOM12" not in str(refused.value)
    assert len(rows(board.path)) == 1 and len(rows(board.path, "stars")) == 1


BAD_ANSWERS = [
    ({"class_code": "ROOM 12"}, "code"),
    ({"class_code": "RÖÖM12"}, "code"),
    ({"class_code": "ROOM12'; DROP TABLE answers; --"}, "code"),
    ({"class_code": ""}, "code"),
    ({"class_code": "R" * 10_000}, "code"),
    ({"name": "N" * 10_000}, "name"),
    ({"name": "   "}, "name"),
    ({"name": "<script>"}, "name"),
    ({"name": "A" * 25}, "name"),
    ({"level": 4}, "level"),
    ({"level": 0}, "level"),
    ({"level": True}, "level"),
    ({"version": "C"}, "version"),
    ({"version": "AB"}, "version"),
    ({"puzzle": 0}, "puzzle"),
    ({"puzzle": 11}, "puzzle"),
    ({"puzzle": 10**100}, "puzzle"),
    ({"puzzle": 1.5}, "puzzle"),
    ({"answer": "X"}, "answer"),
    ({"answer": ""}, "answer"),
    ({"answer": "NE"}, "answer"),
    ({"answer": "W" * 10_000}, "answer"),
]


@pytest.mark.parametrize(("change", "reason"), BAD_ANSWERS)
def test_bad_answers_are_refused_in_plain_words_and_store_nothing(
    tmp_path: Path, change: dict[str, object], reason: str
) -> None:
    board = Board(tmp_path / "class.db")
    given = {"class_code": "ROOM12", "name": "Ann", "level": 1, "version": "A", "puzzle": 3,
             "answer": "N"} | change
    with pytest.raises(BoardError) as refused:
        board.record(**given)  # type: ignore[arg-type]
    message = str(refused.value)
    assert refused.value.reason == reason
    assert message[0].isupper() and message.endswith(".") and len(message) < 160
    assert "bad" not in message and "expected" not in message and "10000" not in message
    assert rows(board.path) == []


def test_messages_a_student_can_read(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")

    def message(**change: object) -> str:
        given = {"class_code": "ROOM12", "name": "Ann", "level": 1, "version": "A",
                 "puzzle": 3, "answer": "N"} | change
        with pytest.raises(BoardError) as refused:
            board.record(**given)  # type: ignore[arg-type]
        return str(refused.value)

    assert message(puzzle=11).startswith("There is no puzzle 11 in this quiz.")
    assert message(puzzle=0).startswith("There is no puzzle 0 in this quiz.")
    assert message(level=4).startswith("There is no level 4 in this quiz.")
    assert message(version="C").startswith("There is no version C of this quiz.")
    assert message(class_code="ROOM 12").startswith("That class code is not one this quiz knows")
    assert message(name="").startswith("A name is 1 to 24 letters")
    assert message(answer="X") == "An answer is one of the seats N, E, S or W."


def test_oversized_input_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = Board(tmp_path / "class.db")

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("oversized input reached the validation")

    monkeypatch.setattr(board_module, "normalise_name", no_work)
    monkeypatch.setattr(board_module, "normalise_code", no_work)
    with pytest.raises(BoardError, match="A name is"):
        board.record("ROOM12", "x" * 10_240, 1, "A", 1, "N")
    with pytest.raises(BoardError, match="class code"):
        board.record_stars("C" * 10_240, "Ann", "who-wins", 1, 1)


def test_the_client_cannot_give_a_verdict(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    puzzle = make_quiz("ROOM12")[4]
    with pytest.raises(TypeError):
        board.record("ROOM12", "Ann", 1, "A", 5, wrong_seat(puzzle.trick), correct=True)  # type: ignore[call-arg]
    answer = board.record("ROOM12", "Ann", 1, "a", "5", " " + wrong_seat(puzzle.trick).lower())  # type: ignore[arg-type]
    assert not answer.correct and answer.new and answer.puzzle == 5 and answer.version == "A"
    again = board.record("ROOM12", "Ann", 1, "A", 5, oracle(puzzle.trick)[0])
    assert not again.correct and not again.new
    assert [row[6] for row in rows(board.path)] == [0]


@QUICK
@given(
    code=st.from_regex(r"[A-Za-z0-9-]{1,8}", fullmatch=True),
    level=st.integers(1, 3),
    version=st.sampled_from("AB"),
    number=st.integers(1, 10),
    seat=st.sampled_from(SEATS),
)
def test_any_class_s_verdicts_follow_c4(
    tmp_path: Path, code: str, level: int, version: str, number: int, seat: str
) -> None:
    board = Board(tmp_path / "hypothesis.db")
    answer = board.record(code, "Ann", level, version, number, seat)
    winner, rule = oracle(make_quiz(code, level, version=version)[number - 1].trick)
    assert (answer.winner, answer.rule) == (winner, rule)
    assert answer.correct == (answer.answer == winner)


@QUICK
@given(name=st.text(max_size=40))
def test_any_name_is_stored_normalised_or_refused(tmp_path: Path, name: str) -> None:
    board = Board(tmp_path / "names.db")
    before = len(rows(board.path))
    try:
        answer = board.record("ROOM12", name, 1, "A", 1, "N")
    except BoardError as refused:
        assert refused.reason == "name"
        assert len(rows(board.path)) == before
    else:
        assert 1 <= len(answer.name) <= 24 and answer.name == answer.name.strip()
        assert len(rows(board.path)) in (before, before + 1)


def test_clear_removes_only_that_class(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    for code in ("ROOM12", "ROOM13"):
        for number in (1, 2):
            board.record(code, "Ann", 1, "A", number, "N")
        board.record_stars(code, "Ann", "calypsos", 2, 2)
    assert board.clear("room12", board.teacher_key) == 3
    assert {row[0] for row in rows(board.path)} == {"ROOM13"}
    assert {row[0] for row in rows(board.path, "stars")} == {"ROOM13"}
    assert board.view("ROOM12", board.teacher_key).students == []
    assert board.view("ROOM13", board.teacher_key).scores.keys() == {"Ann"}
    assert board.clear("ROOM12", board.teacher_key) == 0


def test_stars_keep_the_best(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    assert [board.record_stars("ROOM12", "Ann", "who-wins", 1, n) for n in (2, 3, 1)] == [2, 3, 3]
    assert board.record_stars("ROOM12", "Ann", "who-wins", 2, 1) == 1
    assert board.record_stars("ROOM12", "Bob", "auction", 5, 2) == 2
    view = board.view("ROOM12", board.teacher_key)
    assert view.stars == {
        "Ann": {("who-wins", 1): 3, ("who-wins", 2): 1},
        "Bob": {("auction", 5): 2},
    }
    assert view.star_total("Ann") == 4 and view.star_total("Cy") == 0
    assert len(rows(board.path, "stars")) == 3
    for chapter, exercise, stars, reason in [
        ("06", 1, 1, "chapter"), ("02", 1, 1, "chapter"), ("2", 1, 1, "chapter"),
        ("x" * 10_000, 1, 1, "chapter"),
        ("who-wins", 0, 1, "exercise"), ("who-wins", 6, 1, "exercise"),
        ("who-wins", 1, 0, "stars"), ("who-wins", 1, 4, "stars"), ("who-wins", 1, "3!", "stars"),
    ]:
        with pytest.raises(BoardError) as refused:
            board.record_stars("ROOM12", "Cy", chapter, exercise, stars)  # type: ignore[arg-type]
        assert refused.value.reason == reason and str(refused.value)[0].isupper()
    assert len(rows(board.path, "stars")) == 3


def test_stars_kept_under_a_numbered_stage_id_move_to_its_slug(tmp_path: Path) -> None:
    # A board written while stages were named by chapter number ("02-own" for chapter 2's
    # practice stage on its own-suit leads): its stars now belong to "who-wins-own".
    board = Board(tmp_path / "class.db")
    with sqlite3.connect(board.path) as db:
        db.executemany(
            "INSERT INTO stars VALUES (?, ?, ?, ?, ?)",
            [
                ("ROOM12", "Ann", "02-own", 1, 2),
                ("ROOM12", "Ann", "02-own", 2, 3),
                ("ROOM12", "Ann", "05", 4, 1),
                ("ROOM12", "Ann", "who-wins-own", 1, 3),
                ("ROOM12", "Bob", "02-own", 1, 3),
            ],
        )
    db.close()
    again = Board(board.path)
    view = again.view("ROOM12", again.teacher_key)
    assert view.stars == {
        "Ann": {("play", 4): 1, ("who-wins-own", 1): 3, ("who-wins-own", 2): 3},
        "Bob": {("who-wins-own", 1): 3},
    }
    assert {row[2] for row in rows(board.path, "stars")} == {"play", "who-wins-own"}
    assert again.record_stars("ROOM12", "Ann", "who-wins-own", 2, 1) == 3


def test_delete_removes_every_file(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    board.record("ROOM12", "Ann", 1, "A", 1, "N")
    assert board.path.exists() and board.key_path.exists()
    board.delete()
    assert [path for path in board.files() if path.exists()] == []
    assert list(tmp_path.iterdir()) == []


def answer_as(board: Board, name: str, code: str, number: int, *, right: bool) -> None:
    """``name`` answers puzzle ``number`` of level 1, version A, right or wrong by C4."""
    trick = make_quiz(code, 1)[number - 1].trick
    seat = oracle(trick)[0] if right else wrong_seat(trick)
    assert board.record(code, name, 1, "A", number, seat).correct == right


def test_a_student_who_starts_the_quiz_is_on_the_board_before_any_answer(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    board.arrive("room12", "  Kovács   Ádám ", 1, "a")
    board.arrive("ROOM12", "Kovács Ádám", "1", "A")  # type: ignore[arg-type]
    board.arrive("ROOM12", "bea", 2, "B")
    board.arrive("ROOM12", "Adam", 1, "A")
    board.arrive("ROOM13", "Zoé", 1, "A")
    assert rows(board.path, "arrivals") == [
        ("ROOM12", "Adam", 1, "A"),
        ("ROOM12", "Kovács Ádám", 1, "A"),
        ("ROOM12", "bea", 2, "B"),
        ("ROOM13", "Zoé", 1, "A"),
    ]
    view = board.view("ROOM12", board.teacher_key)
    # A class list's order: accents beside their letters, case aside.
    assert view.students == ["Adam", "bea", "Kovács Ádám"]
    assert view.progress("Adam") == Progress(answered=0, right=0, asked=10)
    answer_as(board, "Adam", "ROOM12", 1, right=True)
    answer_as(board, "Adam", "ROOM12", 2, right=False)
    board.arrive("ROOM12", "Adam", 1, "A")  # the page restored the run: nothing changes
    board.arrive("ROOM12", "Adam", 2, "A")  # then the next level: ten puzzles more
    answer_as(board, "Cy", "ROOM12", 1, right=True)  # answered with no arrival stored
    view = board.view("ROOM12", board.teacher_key)
    assert view.progress("Adam") == Progress(answered=2, right=1, asked=20)
    assert view.progress("Cy") == Progress(answered=1, right=1, asked=10)
    assert view.progress("bea") == Progress(answered=0, right=0, asked=10)
    assert view.students == ["Adam", "bea", "Cy", "Kovács Ádám"]
    assert view.joined["Adam"] == {(1, "A"), (2, "A")} and "Cy" not in view.joined


@pytest.mark.parametrize(
    ("change", "reason"),
    [(change, reason) for change, reason in BAD_ANSWERS if reason not in ("puzzle", "answer")],
)
def test_an_arrival_is_refused_as_an_answer_is_and_stores_nothing(
    tmp_path: Path, change: dict[str, object], reason: str
) -> None:
    board = Board(tmp_path / "class.db")
    given = {"class_code": "ROOM12", "name": "Ann", "level": 1, "version": "A"} | change
    with pytest.raises(BoardError) as refused:
        board.arrive(given.pop("class_code"), **given)  # type: ignore[arg-type]
    assert refused.value.reason == reason
    with pytest.raises(BoardError) as answered:
        board.record(**given, class_code=change.get("class_code", "ROOM12"), puzzle=1,  # type: ignore[arg-type]
                     answer="N")
    assert str(refused.value) == str(answered.value)
    assert rows(board.path, "arrivals") == []


def test_an_arrival_on_a_broken_board_file_is_a_database_error(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    for path in board.files()[:3]:
        path.unlink(missing_ok=True)
    board.path.write_bytes(b"not a database, " * 512)
    with pytest.raises(DatabaseError):
        board.arrive("ROOM12", "Ann", 1, "A")


def test_a_board_file_from_before_arrivals_keeps_its_answers_and_stars(tmp_path: Path) -> None:
    # A board written before arrivals were kept: answers and stars only, one star under a
    # stage's former numbered id ("02-own").
    path = tmp_path / "class-data" / "class-board.sqlite"
    path.parent.mkdir()
    with sqlite3.connect(path) as db:
        db.executescript(
            """
            CREATE TABLE answers (class_code TEXT NOT NULL, name TEXT NOT NULL,
                level INTEGER NOT NULL, version TEXT NOT NULL, puzzle INTEGER NOT NULL,
                answer TEXT NOT NULL, correct INTEGER NOT NULL, rule TEXT NOT NULL,
                PRIMARY KEY (class_code, name, level, version, puzzle));
            CREATE TABLE stars (class_code TEXT NOT NULL, name TEXT NOT NULL,
                chapter TEXT NOT NULL, exercise INTEGER NOT NULL, stars INTEGER NOT NULL,
                PRIMARY KEY (class_code, name, chapter, exercise));
            INSERT INTO answers VALUES ('ROOM12', 'Ann', 1, 'A', 1, 'N', 1, 'C4.1');
            INSERT INTO stars VALUES ('ROOM12', 'Ann', '02-own', 1, 2);
            """
        )
    db.close()
    board = Board(path)
    board.arrive("ROOM12", "Bob", 1, "A")
    board.arrive("ROOM12", "Ann", 1, "A")
    view = board.view("ROOM12", board.teacher_key)
    assert view.students == ["Ann", "Bob"]
    assert view.stars == {"Ann": {("who-wins-own", 1): 2}}
    assert view.progress("Ann") == Progress(answered=1, right=1, asked=10)
    assert view.progress("Bob") == Progress(answered=0, right=0, asked=10)
    assert Board(path).view("ROOM12", board.teacher_key).students == ["Ann", "Bob"]


def test_stars_add_up_per_chapter_of_their_stages(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    # Chapter 02 ("who-wins"): its closing stage and a practice stage; chapter 01 ("table"):
    # two practice stages; chapter 09 ("auction"): one exercise.
    for stage, exercise, stars in [
        ("who-wins", 1, 3), ("who-wins", 2, 2), ("who-wins-own", 1, 2),
        ("table-partners", 1, 1), ("table-follow", 3, 3), ("auction", 5, 2),
    ]:
        board.record_stars("ROOM12", "Ann", stage, exercise, stars)
    board.record_stars("ROOM12", "Bob", "calypsos-where", 1, 3)
    view = board.view("ROOM12", board.teacher_key)
    assert view.chapter_stars("Ann") == {"table": 4, "who-wins": 7, "auction": 2}
    assert list(view.chapter_stars("Ann")) == ["table", "who-wins", "auction"]
    assert view.chapter_stars("Bob") == {"calypsos": 3}
    assert view.chapter_stars("Cy") == {}
    assert view.star_chapters == ["table", "who-wins", "calypsos", "auction"]
    assert view.star_total("Ann") == 13


def stands_out(missed: int, answered: int) -> bool:
    """The board's rule, as its docstring states it: at least two students, and at least a
    third of those who answered the puzzle, missed it."""
    return missed >= 2 and missed >= answered / 3


@pytest.mark.parametrize(
    ("missed", "answered"),
    [(1, 1), (1, 2), (2, 2), (2, 6), (2, 7), (3, 9), (3, 10), (4, 12), (1, 30), (10, 30)],
)
def test_a_puzzle_stands_out_only_when_two_and_a_third_missed_it(
    tmp_path: Path, missed: int, answered: int
) -> None:
    board = Board(tmp_path / "class.db")
    for student in range(answered):
        answer_as(board, f"Student {student:02d}", "ROOM12", 4, right=student >= missed)
    view = board.view("ROOM12", board.teacher_key)
    expected = (MissedPuzzle(PuzzleId(1, "A", 4), missed, answered),)
    assert view.most_missed == (expected if stands_out(missed, answered) else ())


def test_the_puzzles_that_stand_out_come_most_missed_first(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    # Puzzle 2: 3 of 9 missed it; puzzle 5: 2 of 3; puzzle 7: 3 of 6; puzzle 8: 2 of 6;
    # puzzle 9: 1 of 1 (one student's slip).
    for number, missed, answered in [(2, 3, 9), (5, 2, 3), (7, 3, 6), (8, 2, 6), (9, 1, 1)]:
        for student in range(answered):
            answer_as(board, f"Student {student:02d}", "ROOM12", number, right=student >= missed)
    found = board.view("ROOM12", board.teacher_key).most_missed
    assert [(m.puzzle.number, m.missed, m.answered) for m in found] == [
        (7, 3, 6),  # three misses, half of those who answered
        (2, 3, 9),  # three misses, a third
        (5, 2, 3),  # two misses, two thirds
        (8, 2, 6),  # two misses, a third
    ]


def test_clearing_a_class_empties_who_joined_too(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    board.arrive("ROOM12", "Ann", 1, "A")
    board.arrive("ROOM13", "Ann", 1, "A")
    board.record("ROOM12", "Ann", 1, "A", 1, "N")
    assert board.clear("ROOM12", board.teacher_key) == 1  # answers and stars are counted
    assert board.view("ROOM12", board.teacher_key).students == []
    assert board.view("ROOM13", board.teacher_key).students == ["Ann"]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        ("", None),
        ("  ", None),
        ("http://192.168.1.23:8866/", "http://192.168.1.23:8866/"),
        ("http://192.168.1.23:8866", "http://192.168.1.23:8866/"),
    ],
)
def test_the_room_s_address_comes_from_the_classroom_server(
    monkeypatch: pytest.MonkeyPatch, value: str | None, expected: str | None
) -> None:
    if value is None:
        monkeypatch.delenv(ROOM_ENV, raising=False)
    else:
        monkeypatch.setenv(ROOM_ENV, value)
    assert ROOM_ENV == "CALYPSO_ROOM_URL"
    assert room_url() == expected
