"""The live class board under a class answering at once: how long a student's start and each
answer take to be on the teacher's desk, and whether every answer is there exactly once.

N students, each a process of its own (as each student has a kernel of their own under the
classroom server), press *Start the quiz* and answer its ten puzzles through the quiz widget's
own code path (:meth:`calypso.widgets.Quiz.start_quiz`, which puts the student on the board,
and :meth:`calypso.widgets.Quiz.pick`, which writes the answer to it), all starting together,
while the teacher's desk reads the class from the board five times a second. A board in a fresh
temporary folder; nothing else is touched.

Printed: the round trip of an answer (from the student's pick until the desk's read of the
board includes it), median and p95; the write alone (the pick), median and p95; the same two for
a student's start (until the desk lists them, with no answer yet); the desk's read of the whole
class; the rows stored against the rows expected. Timings depend on the machine; the desk on
the page refreshes every 5 s, which adds up to 5 s to what a teacher waits.

Then a class deal (``--part deal``; both parts by default): the teacher starts chapter 06's
ending 3 for the class; each student's kernel reads the class's deal from the board and answers it
with a card and a reason through the board's own path
(:meth:`calypso.classroom.board.Board.current_deal` and
:meth:`~calypso.classroom.board.Board.answer_deal`, which the student's class-deal panel calls), all
at once, each kernel marking its first answer itself as a kernel does; the teacher's desk meanwhile
reads the deal and the class (:meth:`~calypso.classroom.board.Board.deal_view`,
:meth:`~calypso.classroom.board.Board.view`) and draws the deal's split and the board
(:func:`~calypso.widgets.deskdeal.split_html`, :func:`board_html`) five times a second.
Printed: the answer's round trip to the desk and its write alone (median, p95), the desk's
refresh (read and drawing), the rows stored against the answers given, and the class's split.

    python benchmarks/board.py --students 30
    python benchmarks/board.py --students 30 --part deal
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sqlite3
import statistics
import tempfile
import time
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

from calypso.classroom.board import BOARD_ENV, QUIZ_SIZE, Board
from calypso.classroom.classdeal import Position
from calypso.lessons.why import Grade
from calypso.widgets.boardview import board_html
from calypso.widgets.deskdeal import split_html

CLASS = "BENCH"
ENDING = 3
"""The class deal's position: chapter 06's ending 3, which asks for a card and a reason."""
REFRESHES = 10
"""The fewest refreshes of the desk timed in the class deal, the last ones after every answer."""


Pick = tuple[int, int, float, float]
"""Student, puzzle (0 for the start), and when the pick (or the start) began and ended."""


def student(number: int, path: str, ready: Barrier, out: Queue[Pick]) -> None:
    """One student's kernel: a quiz widget started, then answering every puzzle, timing the
    start and each pick."""
    os.environ[BOARD_ENV] = path
    from calypso.widgets import Quiz

    quiz = Quiz(code=CLASS, name=f"Student {number:02d}")
    ready.wait()
    before = time.time()
    quiz.start_quiz()
    out.put((number, 0, before, time.time()))
    for index in range(QUIZ_SIZE):
        before = time.time()
        quiz.pick(quiz.puzzle.answer if (number + index) % 3 else "N")
        out.put((number, quiz.puzzle.number, before, time.time()))
        if index + 1 < QUIZ_SIZE:
            quiz.advance()


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


Offered = tuple[tuple[str, ...], tuple[str, ...]]
"""The position's legal cards and the reasons it offers, as a student's page shows them."""


def deal_student(
    number: int, path: str, offered: Offered, ready: Barrier, out: Queue[Pick]
) -> None:
    """One student's kernel in the class deal: read the class's deal and answer it with a card
    and a reason (a spread of those offered), timing both together."""
    board = Board(path)
    cards, reasons = offered
    ready.wait()
    before = time.time()
    deal = board.current_deal(CLASS)
    assert deal is not None
    card = cards[number % len(cards)]
    reason = reasons[number // len(cards) % len(reasons)]
    board.answer_deal(CLASS, f"Student {number:02d}", deal.key, card, reason)
    out.put((number, 1, before, time.time()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="students (default 30)")
    parser.add_argument(
        "--part", choices=("quiz", "deal", "both"), default="both", help="what to run (both)"
    )
    args = parser.parse_args()
    if args.part in ("quiz", "both"):
        quiz(args.students)
    if args.part in ("deal", "both"):
        class_deal(args.students)


def quiz(students: int) -> None:
    """The class quiz: every student answering its ten puzzles at once."""
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "class-board.sqlite")
        board = Board(path)
        key = board.teacher_key
        out: Queue[Pick] = multiprocessing.Queue()
        ready = multiprocessing.Barrier(students + 1)  # every student's quiz drawn
        workers = [
            multiprocessing.Process(target=student, args=(n, path, ready, out))
            for n in range(1, students + 1)
        ]
        for worker in workers:
            worker.start()
        ready.wait()
        expected = students * QUIZ_SIZE
        seen: dict[tuple[str, int], float] = {}
        reads: list[float] = []
        deadline = time.time() + 120
        while len(seen) < expected + students and time.time() < deadline:
            before = time.time()
            view = board.view(CLASS, key)
            now = time.time()
            reads.append(now - before)
            for name in view.joined:
                seen.setdefault((name, 0), now)
            for name, marks in view.answers.items():
                for puzzle in marks:
                    seen.setdefault((name, puzzle.number), now)
            time.sleep(0.2)
        done = [out.get(timeout=60) for _ in range(expected + students)]
        for worker in workers:
            worker.join()
        picks = [item for item in done if item[1]]
        starts = [item for item in done if not item[1]]
        writes = [end - before for _, _, before, end in picks]
        trips = [
            seen[(f"Student {n:02d}", puzzle)] - before
            for n, puzzle, before, _ in picks
            if (f"Student {n:02d}", puzzle) in seen
        ]
        start_writes = [end - before for _, _, before, end in starts]
        joins = [
            seen[(f"Student {n:02d}", 0)] - before
            for n, _, before, _ in starts
            if (f"Student {n:02d}", 0) in seen
        ]
        with sqlite3.connect(path) as db:
            (rows,) = db.execute("SELECT COUNT(*) FROM answers").fetchone()
    print(f"live class board: {students} students answering {QUIZ_SIZE} puzzles at once")
    print(
        f"  answer to desk: median {statistics.median(trips):.2f} s, p95 {p95(trips):.2f} s "
        f"(read every 0.2 s here)"
    )
    print(
        f"  the pick's write: median {1000 * statistics.median(writes):.0f} ms, "
        f"p95 {1000 * p95(writes):.0f} ms"
    )
    print(
        f"  start to desk (no answer yet): median {statistics.median(joins):.2f} s, "
        f"p95 {p95(joins):.2f} s; the start's write: median "
        f"{1000 * statistics.median(start_writes):.0f} ms, p95 {1000 * p95(start_writes):.0f} ms"
    )
    print(
        f"  the desk's read of the class: median {1000 * statistics.median(reads):.0f} ms, "
        f"p95 {1000 * p95(reads):.0f} ms"
    )
    print(f"  rows stored: {rows} of {expected} answers ({len(trips)} seen on the desk)")
    print(f"  students on the desk's roster: {len(joins)} of {students}")


def board_html_of(board: Board, key: str) -> list[str]:
    """The desk's board redrawn (:func:`board_html`), as its refresh does; returns the students
    on it, whom the class deal's split names when they have not answered yet."""
    view = board.view(CLASS, key)
    board_html(view)
    return view.students


def class_deal(students: int) -> None:
    """The class deal: every student answering one position at once while the desk refreshes."""
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "class-board.sqlite")
        board = Board(path)
        key = board.teacher_key
        board.start_deal(CLASS, key, Position.from_ending(ENDING))
        shown = board.deal_view(CLASS, key)
        assert shown is not None
        offered = (
            tuple(str(price.card) for price in shown.prices.cards),
            tuple(reason.value for reason in shown.reasons) or ("",),
        )
        out: Queue[Pick] = multiprocessing.Queue()
        ready = multiprocessing.Barrier(students + 1)
        workers = [
            multiprocessing.Process(target=deal_student, args=(n, path, offered, ready, out))
            for n in range(1, students + 1)
        ]
        for worker in workers:
            worker.start()
        ready.wait()
        seen: dict[str, float] = {}
        refreshes: list[float] = []
        deadline = time.time() + 120
        while (len(seen) < students or len(refreshes) < REFRESHES) and time.time() < deadline:
            before = time.time()
            view = board.deal_view(CLASS, key)
            assert view is not None
            split_html(view, board_html_of(board, key))
            now = time.time()
            refreshes.append(now - before)
            for answer in view.answers:
                seen.setdefault(answer.name, now)
            time.sleep(0.2)
        done = [out.get(timeout=60) for _ in range(students)]
        for worker in workers:
            worker.join()
        final = board.deal_view(CLASS, key)
        assert final is not None
        with sqlite3.connect(path) as db:
            (rows,) = db.execute("SELECT COUNT(*) FROM deal_answers").fetchone()
    writes = [end - before for _, _, before, end in done]
    trips = [
        seen[f"Student {n:02d}"] - before for n, _, before, _ in done if f"Student {n:02d}" in seen
    ]
    split = ", ".join(f"{card} {len(names)}" for card, names in final.split().items())
    grades = ", ".join(f"{grade.value} {final.count(grade)}" for grade in Grade)
    print(f"class deal: {students} students answering chapter 06's ending {ENDING} at once")
    print(
        f"  answer to desk: median {statistics.median(trips):.2f} s, p95 {p95(trips):.2f} s "
        f"(the desk refreshed every 0.2 s here)"
    )
    print(
        f"  the answer's read and write (marked in the student's kernel): median "
        f"{1000 * statistics.median(writes):.0f} ms, p95 {1000 * p95(writes):.0f} ms"
    )
    print(
        f"  the desk's refresh (deal_view and view, drawn by split_html and board_html): median "
        f"{1000 * statistics.median(refreshes):.0f} ms, p95 {1000 * p95(refreshes):.0f} ms, "
        f"{len(refreshes)} refreshes"
    )
    print(f"  rows stored: {rows} of {students} answers ({len(trips)} seen on the desk)")
    print(f"  the class's split: {split}; {grades}")


if __name__ == "__main__":
    main()
