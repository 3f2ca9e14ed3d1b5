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

    python benchmarks/board.py --students 30
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

from calypso.board import BOARD_ENV, QUIZ_SIZE, Board

CLASS = "BENCH"


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="students (default 30)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "class-board.sqlite")
        board = Board(path)
        key = board.teacher_key
        out: Queue[Pick] = multiprocessing.Queue()
        ready = multiprocessing.Barrier(args.students + 1)  # every student's quiz drawn
        workers = [
            multiprocessing.Process(target=student, args=(n, path, ready, out))
            for n in range(1, args.students + 1)
        ]
        for worker in workers:
            worker.start()
        ready.wait()
        expected = args.students * QUIZ_SIZE
        seen: dict[tuple[str, int], float] = {}
        reads: list[float] = []
        deadline = time.time() + 120
        while len(seen) < expected + args.students and time.time() < deadline:
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
        done = [out.get(timeout=60) for _ in range(expected + args.students)]
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
    print(f"live class board: {args.students} students answering {QUIZ_SIZE} puzzles at once")
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
    print(f"  students on the desk's roster: {len(joins)} of {args.students}")


if __name__ == "__main__":
    main()
