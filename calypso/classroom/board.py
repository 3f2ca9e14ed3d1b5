"""A live class board: who has joined the class quiz, students' answers, exercise stars and
class deals, kept in one SQLite file.

A student is on the board from the moment they start the quiz (:meth:`Board.arrive`). The board
decides every answer itself, from the class's quiz (:func:`calypso.lessons.quiz.make_quiz`) or the
class deal's position (:mod:`calypso.classroom.classdeal`): a client says only which seat or card
(and reason) the student picked, never whether it was right. Each puzzle and each class deal counts
once, with the first answer given; exercise stars keep the best. What a page sends is checked
first (:mod:`calypso.classroom.boardinput`). Reading or clearing the board needs the teacher's key,
a random token kept in a file beside the database; what the teacher reads are the values of
:mod:`calypso.classroom.classview`.

>>> import pathlib, tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> board = Board(pathlib.Path(folder.name) / "room12.db")
>>> board.arrive("room12", "Bea", 1, "A")
>>> first = make_quiz("ROOM12")[0]
>>> answer = board.record("room12", "Éva K", 1, "A", 1, first.answer)
>>> answer.correct, answer.rule == first.result.rule.value
(True, True)
>>> board.record("ROOM12", "Éva K", 1, "A", 11, "N")
Traceback (most recent call last):
...
calypso.classroom.boardinput.BoardError: There is no puzzle 11 in this quiz. The puzzles are 1 to
10.
>>> view = board.view("ROOM12", board.teacher_key)
>>> view.scores, view.students, view.progress("Bea")
({'Éva K': 1}, ['Bea', 'Éva K'], Progress(answered=0, right=0, asked=10))
>>> board.delete()
>>> folder.cleanup()
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from calypso.classroom.boardinput import (
    BoardError,
    check_sizes,
    checked_choice,
    checked_code,
    checked_name,
    checked_number,
    small,
)
from calypso.classroom.classdeal import Asked, Marked, Position, mark_asked
from calypso.classroom.classview import (
    QUIZ_SIZE,
    STAND_OUT_MISSES,
    STAND_OUT_SHARE,
    AnswerRow,
    ClassDeal,
    ClassView,
    DealAnswer,
    DealRow,
    DealView,
    MissedPuzzle,
    Progress,
    PuzzleId,
    Sheet,
    StarRow,
    class_view,
    stands_out,
)
from calypso.classroom.misconceptions import deal_rule, parting_rules
from calypso.classroom.results import name_key
from calypso.engine.cards import Card, parse_card
from calypso.lessons.exercises import FORMER_IDS, STAGES
from calypso.lessons.house import STANDARD, HouseRule
from calypso.lessons.quiz import LEVELS, VERSIONS, Puzzle, make_quiz
from calypso.lessons.why import Grade, Reason

if TYPE_CHECKING:
    import sqlite3

__all__ = [
    "BOARD_ENV",
    "QUIZ_SIZE",
    "ROOM_ENV",
    "STAND_OUT_MISSES",
    "STAND_OUT_SHARE",
    "Answer",
    "AnswerRow",
    "Board",
    "BoardError",
    "ClassDeal",
    "ClassView",
    "DatabaseError",
    "DealAnswer",
    "DealRow",
    "DealView",
    "MissedPuzzle",
    "Progress",
    "PuzzleId",
    "Sheet",
    "StarRow",
    "class_board",
    "room_url",
    "stands_out",
]
"""What the board offers; its values (:mod:`calypso.classroom.classview`) are offered here too."""

SEATS = ("N", "E", "S", "W")
BUSY_MS = 10_000
"""How long a write waits for another one to finish, in milliseconds."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    class_code TEXT NOT NULL,
    name TEXT NOT NULL,
    level INTEGER NOT NULL,
    version TEXT NOT NULL,
    puzzle INTEGER NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    rule TEXT NOT NULL,
    PRIMARY KEY (class_code, name, level, version, puzzle)
);
CREATE TABLE IF NOT EXISTS stars (
    class_code TEXT NOT NULL,
    name TEXT NOT NULL,
    chapter TEXT NOT NULL,
    exercise INTEGER NOT NULL,
    stars INTEGER NOT NULL,
    PRIMARY KEY (class_code, name, chapter, exercise)
);
CREATE TABLE IF NOT EXISTS class_deals (
    class_code TEXT NOT NULL,
    deal TEXT NOT NULL,
    position TEXT NOT NULL,
    number INTEGER NOT NULL,
    revealed INTEGER NOT NULL,
    PRIMARY KEY (class_code, deal)
);
CREATE TABLE IF NOT EXISTS deal_answers (
    class_code TEXT NOT NULL,
    deal TEXT NOT NULL,
    name TEXT NOT NULL,
    card TEXT NOT NULL,
    reason TEXT NOT NULL,
    cost INTEGER NOT NULL,
    grade TEXT NOT NULL,
    PRIMARY KEY (class_code, deal, name)
);
CREATE TABLE IF NOT EXISTS arrivals (
    class_code TEXT NOT NULL,
    name TEXT NOT NULL,
    level INTEGER NOT NULL,
    version TEXT NOT NULL,
    PRIMARY KEY (class_code, name, level, version)
);
"""


class DatabaseError(RuntimeError):
    """The board's file could not be read or written (a full disk, a broken file)."""


@dataclass(frozen=True)
class Answer:
    """One stored answer: what the student picked, the winning seat, and the ruling that
    decided it. ``new`` is False when the puzzle had been answered already (this is the first
    answer, which is the one that counts)."""

    class_code: str
    name: str
    level: int
    version: str
    puzzle: int
    answer: str
    winner: str
    correct: bool
    rule: str
    new: bool = True


@lru_cache(maxsize=64)
def _asked(text: str) -> Asked:
    """A class position, priced once however many students answer it."""
    return Asked(Position.from_text(text))


@lru_cache(maxsize=256)
def _quiz(code: str, level: int, version: str, rule: HouseRule) -> tuple[Puzzle, ...]:
    """The class's quiz, made once per class, level, version and house rule."""
    return tuple(make_quiz(code, level=level, count=QUIZ_SIZE, version=version, rule=rule))


BOARD_ENV = "CALYPSO_BOARD"
"""The environment variable the classroom server sets to its board's file, for its kernels."""
ROOM_ENV = "CALYPSO_ROOM_URL"
"""The environment variable the classroom server sets, for its kernels, to the base address at
which the room's phones and laptops reach it (``http://192.168.1.23:8866/``)."""


def class_board() -> Board | None:
    """The classroom server's board, when this kernel runs under one (``None`` otherwise:
    the plain server, the static site, JupyterLab)."""
    path = os.environ.get(BOARD_ENV)
    return Board(path) if path else None


def room_url() -> str | None:
    """The address at which the students' phones and laptops reach the classroom server on
    the room's network, ending in ``/``; ``None`` when this kernel runs under no classroom
    server (the plain server, the static site) or the server found no network to listen on.

    >>> os.environ[ROOM_ENV] = "http://192.168.1.23:8866/"
    >>> room_url()
    'http://192.168.1.23:8866/'
    >>> del os.environ[ROOM_ENV]
    >>> room_url() is None
    True
    """
    address = os.environ.get(ROOM_ENV, "").strip()
    if not address:
        return None
    return address if address.endswith("/") else address + "/"


class Board:
    """A class board in the SQLite file at ``path`` (made, with its folder, if missing).

    Every call opens its own connection, so any number of threads may record at once; the
    database runs in WAL mode and a write waits up to :data:`BUSY_MS` for another.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self.path.exists():
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
        self._carry_over()
        self.teacher_key = self._load_key()

    def _carry_over(self) -> None:
        """Move stars stored under a stage's former numbered id (``"02-own"``, see
        :data:`calypso.lessons.exercises.FORMER_IDS`) to its id, keeping the best of both; a board
        that holds none is only read."""
        marks = ", ".join("?" * len(FORMER_IDS))
        with self._connect() as db:
            found = db.execute(
                f"SELECT 1 FROM stars WHERE chapter IN ({marks}) LIMIT 1", tuple(FORMER_IDS)
            ).fetchone()
        if found is None:
            return
        with self._write() as db:
            for was, now in FORMER_IDS.items():
                db.execute(
                    "INSERT INTO stars SELECT class_code, name, ?, exercise, stars FROM stars"
                    " WHERE chapter = ? ON CONFLICT DO UPDATE"
                    " SET stars = max(stars, excluded.stars)",
                    (now, was),
                )
                db.execute("DELETE FROM stars WHERE chapter = ?", (was,))

    @property
    def key_path(self) -> Path:
        """The file beside the database that holds the teacher's key."""
        return self.path.with_name(self.path.name + ".key")

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection of its own for one call, closed afterwards (autocommit: transactions
        are begun explicitly). ``sqlite3`` is imported here, not with the module: the static
        site's Python has no ``sqlite3`` and never opens a board."""
        import sqlite3

        try:
            with closing(
                sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
            ) as db:
                db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
                # Safe in WAL mode: a crash loses nothing; a power cut at most the last answers.
                db.execute("PRAGMA synchronous=NORMAL")
                yield db
        except sqlite3.Error as exc:
            raise DatabaseError(f"the class board {self.path} could not be used: {exc}") from exc

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A connection inside one write transaction, committed unless an error escapes."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _load_key(self) -> str:
        """The teacher's key: read from its file, or made once and written there (mode 0600)
        so that two boards opening the same file at once still agree on it."""
        if not self.key_path.exists():
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".key-")
            try:
                with os.fdopen(handle, "w") as out:
                    out.write(secrets.token_urlsafe(32))
                os.link(temporary, self.key_path)
            except FileExistsError:
                pass
            finally:
                os.unlink(temporary)
        return self.key_path.read_text().strip()

    def _check_key(self, key: object) -> None:
        """Raise :class:`BoardError` ``"key"`` unless ``key`` is the teacher's key."""
        if not isinstance(key, str) or not small(key):
            raise BoardError("key")
        if not secrets.compare_digest(key.encode(), self.teacher_key.encode()):
            raise BoardError("key")

    def arrive(self, code: str, name: str, level: int, version: str) -> None:
        """A student typed their name and started the class quiz ``code`` at ``level``,
        ``version`` (or their page brought a started quiz back): they are on the board from
        now on, with no answer yet. Arriving again changes nothing. Refused as
        :meth:`record` refuses its inputs (:class:`BoardError`)."""
        check_sizes(code=code, name=name, level=level, version=version)
        code, who = checked_code(code), checked_name(name)
        level = checked_number(level, 1, max(LEVELS), "level")
        version = checked_choice(version, VERSIONS, "version")
        with self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO arrivals VALUES (?, ?, ?, ?)", (code, who, level, version)
            )

    def record(
        self,
        class_code: str,
        name: str,
        level: int,
        version: str,
        puzzle: int,
        answer: str,
        rule: HouseRule = STANDARD,
    ) -> Answer:
        """Store a student's ``answer`` (a seat) to ``puzzle`` of their class's quiz under the
        class's house ``rule`` (C5: the quiz the student's page drew), decided by the board; a
        puzzle already answered keeps its first answer, which is returned."""
        check_sizes(code=class_code, name=name, level=level, version=version)
        check_sizes(puzzle=puzzle, answer=answer)
        code, who = checked_code(class_code), checked_name(name)
        level = checked_number(level, 1, max(LEVELS), "level")
        version = checked_choice(version, VERSIONS, "version")
        number = checked_number(puzzle, 1, QUIZ_SIZE, "puzzle")
        seat = checked_choice(answer, SEATS, "answer")
        if not isinstance(rule, HouseRule):
            raise BoardError("rule")
        chosen = _quiz(code, level, version, rule)[number - 1]
        winner, ruling = chosen.answer, chosen.result.rule.value
        with self._write() as db:
            inserted = db.execute(
                "INSERT OR IGNORE INTO answers VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (code, who, level, version, number, seat, seat == winner, ruling),
            ).rowcount
            stored, correct = db.execute(
                "SELECT answer, correct FROM answers WHERE class_code = ? AND name = ?"
                " AND level = ? AND version = ? AND puzzle = ?",
                (code, who, level, version, number),
            ).fetchone()
        return Answer(
            code,
            who,
            level,
            version,
            number,
            stored,
            winner,
            bool(correct),
            ruling,
            new=inserted == 1,
        )

    def record_stars(
        self, class_code: str, name: str, chapter: str, exercise: int, stars: int
    ) -> int:
        """Store ``stars`` (1-3) for ``exercise`` of the stage ``chapter`` (an id of
        ``calypso.lessons.exercises.STAGES``: a chapter's closing stage or one of its practice
        stages); returns the best stars the student now has for it."""
        check_sizes(code=class_code, name=name, chapter=chapter, exercise=exercise, stars=stars)
        code, who = checked_code(class_code), checked_name(name)
        if not isinstance(chapter, str) or chapter.strip() not in STAGES:
            shown = chapter.strip() if isinstance(chapter, str) else ""
            raise BoardError("chapter", shown if shown.isalnum() and len(shown) <= 3 else None)
        chapter = chapter.strip()
        size = STAGES[chapter].size
        number = checked_number(exercise, 1, size, "exercise")
        count = checked_number(stars, 1, 3, "stars")
        with self._write() as db:
            db.execute(
                "INSERT INTO stars VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE"
                " SET stars = max(stars, excluded.stars)",
                (code, who, chapter, number, count),
            )
            (best,) = db.execute(
                "SELECT stars FROM stars WHERE class_code = ? AND name = ? AND chapter = ?"
                " AND exercise = ?",
                (code, who, chapter, number),
            ).fetchone()
        return int(best)

    def view(self, class_code: str, key: str) -> ClassView:
        """Everything the board holds for one class; needs the teacher's ``key``."""
        self._check_key(key)
        check_sizes(code=class_code)
        code = checked_code(class_code)
        answers, stars = self._rows(code)
        with self._connect() as db:
            arrivals = db.execute(
                "SELECT name, level, version FROM arrivals WHERE class_code = ?", (code,)
            ).fetchall()
        rows = [(n, lv, v, p, correct, rule) for n, lv, v, p, _, correct, rule in answers]
        return class_view(code, rows, stars, arrivals, self._deal_rows(code))

    def _rows(
        self, code: str
    ) -> tuple[list[tuple[str, int, str, int, str, int, str]], list[tuple[str, str, int, int]]]:
        """One class's stored answers (name, level, version, puzzle, answer, correct, rule) and
        stars (name, stage, exercise, stars), each by name and then in column order."""
        with self._connect() as db:
            answers = db.execute(
                "SELECT name, level, version, puzzle, answer, correct, rule FROM answers"
                " WHERE class_code = ? ORDER BY name, level, version, puzzle",
                (code,),
            ).fetchall()
            stars = db.execute(
                "SELECT name, chapter, exercise, stars FROM stars WHERE class_code = ?"
                " ORDER BY name, chapter, exercise",
                (code,),
            ).fetchall()
        return answers, stars

    def _deal_rows(self, code: str) -> list[DealRow]:
        """One class's class-deal answers, each with the ruling it counts against when it is
        a miss (:func:`calypso.classroom.misconceptions.deal_rule`), in no order."""
        with self._connect() as db:
            stored = db.execute(
                "SELECT a.name, d.number, d.position, a.card, a.reason, a.cost, a.grade"
                " FROM deal_answers a JOIN class_deals d ON a.class_code = d.class_code"
                " AND a.deal = d.deal WHERE a.class_code = ?",
                (code,),
            ).fetchall()
        found = []
        for name, number, text, *answer in stored:
            marked = _marked(tuple(answer))
            rules = {}
            if marked.grade is Grade.WRONG_CARD:
                asked = _asked(text)
                rules = parting_rules(asked.position, asked.prices.exact)
            found.append(DealRow(name, number, marked, deal_rule(marked, rules)))
        return found

    def start_deal(self, class_code: str, key: str, position: Position) -> ClassDeal:
        """The teacher puts ``position`` before the class: it becomes the class's deal now,
        open for answers (started again if it was played before: its answers are kept, each
        student's first answer stays, and the answer is hidden again). Needs the key."""
        self._check_key(key)
        check_sizes(code=class_code)
        code = checked_code(class_code)
        text = position.to_text()
        with self._write() as db:
            (last,) = db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM class_deals WHERE class_code = ?", (code,)
            ).fetchone()
            db.execute(
                "INSERT INTO class_deals VALUES (?, ?, ?, ?, 0) ON CONFLICT (class_code, deal)"
                " DO UPDATE SET number = excluded.number, revealed = 0",
                (code, position.key, text, last + 1),
            )
        return ClassDeal(last + 1, position, False)

    def current_deal(self, class_code: str) -> ClassDeal | None:
        """The position the class plays now, or ``None``: what a student's page reads (no
        answer, no price)."""
        check_sizes(code=class_code)
        code = checked_code(class_code)
        with self._connect() as db:
            row = db.execute(
                "SELECT number, position, revealed FROM class_deals WHERE class_code = ?"
                " ORDER BY number DESC LIMIT 1",
                (code,),
            ).fetchone()
        if row is None:
            return None
        return ClassDeal(row[0], Position.from_text(row[1]), bool(row[2]))

    def answer_deal(
        self, class_code: str, name: str, deal: str, card: str, reason: str = ""
    ) -> Marked:
        """Store a student's ``card`` (and ``reason``, a :class:`Reason` value, where the
        position asks why) for the class's current ``deal`` (its key), marked by the board; a
        student who answered already keeps their first answer, which is returned. Refused
        (:class:`BoardError`) for another deal than the current one, once the answer is shown,
        for a card the seat may not play, or a reason the position does not offer."""
        check_sizes(code=class_code, name=name, deal=deal, card=card, reason=reason)
        code, who = checked_code(class_code), checked_name(name)
        current = self.current_deal(code)
        if current is None or current.key != deal:
            raise BoardError("deal")
        if current.revealed:
            raise BoardError("closed")
        asked = _asked(current.position.to_text())
        try:
            chosen = parse_card(card) if isinstance(card, str) else None
        except ValueError:
            chosen = None
        if chosen is None or chosen not in {price.card for price in asked.prices.cards}:
            raise BoardError("card")
        why = asked.why
        given = None
        if why is None and reason:
            raise BoardError("reason")
        if why is not None:
            given = next((r for r in why.reasons if r.value == reason), None)
            if given is None:
                raise BoardError("reason")
        marked = mark_asked(asked, chosen, given)
        with self._write() as db:
            now = db.execute(
                "SELECT deal, revealed FROM class_deals WHERE class_code = ?"
                " ORDER BY number DESC LIMIT 1",
                (code,),
            ).fetchone()
            if now is None or now[0] != deal:  # the teacher moved on while it was marked
                raise BoardError("deal")
            if now[1]:
                raise BoardError("closed")
            db.execute(
                "INSERT OR IGNORE INTO deal_answers VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    code,
                    deal,
                    who,
                    str(marked.card),
                    reason if given else "",
                    marked.cost,
                    marked.grade.value,
                ),
            )
            row = db.execute(
                "SELECT card, reason, cost, grade FROM deal_answers WHERE class_code = ?"
                " AND deal = ? AND name = ?",
                (code, deal, who),
            ).fetchone()
        return _marked(row)

    def reveal_deal(self, class_code: str, key: str) -> ClassDeal:
        """The teacher shows the answer of the class's current deal: students' pages may now
        show theirs, and it takes no more answers. Needs the key."""
        self._check_key(key)
        current = self.current_deal(class_code)
        if current is None:
            raise BoardError("deal")
        with self._write() as db:
            db.execute(
                "UPDATE class_deals SET revealed = 1 WHERE class_code = ? AND deal = ?",
                (checked_code(class_code), current.key),
            )
        return ClassDeal(current.number, current.position, True)

    def my_deal_answer(self, class_code: str, name: str, deal: str) -> Marked | None:
        """A student's own marked answer to ``deal``, once the teacher has shown the answer
        (before that, ``None``: nothing about it reaches the student's page)."""
        check_sizes(code=class_code, name=name, deal=deal)
        code, who = checked_code(class_code), checked_name(name)
        with self._connect() as db:
            row = db.execute(
                "SELECT a.card, a.reason, a.cost, a.grade FROM deal_answers a JOIN class_deals d"
                " ON a.class_code = d.class_code AND a.deal = d.deal WHERE a.class_code = ?"
                " AND a.deal = ? AND a.name = ? AND d.revealed = 1",
                (code, deal, who),
            ).fetchone()
        return None if row is None else _marked(row)

    def sent_card(self, class_code: str, name: str, deal: str) -> Card | None:
        """The card a student sent for ``deal``, or ``None``: what their own page may show
        again after a reload, before the answer is shown (the card alone, no mark)."""
        check_sizes(code=class_code, name=name, deal=deal)
        code, who = checked_code(class_code), checked_name(name)
        with self._connect() as db:
            row = db.execute(
                "SELECT card FROM deal_answers WHERE class_code = ? AND deal = ? AND name = ?",
                (code, deal, who),
            ).fetchone()
        return None if row is None else Card.parse(row[0])

    def deal_view(self, class_code: str, key: str) -> DealView | None:
        """The class's current deal with every answer, for the teacher (``None`` before the
        first). Needs the key."""
        self._check_key(key)
        current = self.current_deal(class_code)
        if current is None:
            return None
        with self._connect() as db:
            rows = db.execute(
                "SELECT name, card, reason, cost, grade FROM deal_answers WHERE class_code = ?"
                " AND deal = ?",
                (checked_code(class_code), current.key),
            ).fetchall()
        asked = _asked(current.position.to_text())
        answers = sorted(
            (DealAnswer(name, _marked(rest)) for name, *rest in rows),
            key=lambda a: name_key(a.name),
        )
        reasons = () if asked.why is None else asked.why.reasons
        return DealView(current, asked.prices, reasons, tuple(answers))

    def sheet(self, class_code: str, key: str) -> Sheet:
        """Every answer and star of one class, one row each, as stored; needs the key.

        Answers come by student, then quiz and puzzle; stars by student, stage and exercise;
        class-deal answers by student, then deal.
        """
        self._check_key(key)
        check_sizes(code=class_code)
        code = checked_code(class_code)
        answers, stars = self._rows(code)
        deals = self._deal_rows(code)
        names = {r[0] for r in answers + stars} | {row.name for row in deals}
        order = {name: i for i, name in enumerate(sorted(names, key=name_key))}
        return Sheet(
            code,
            tuple(
                AnswerRow(n, PuzzleId(lv, v, p), a, bool(c), r)
                for n, lv, v, p, a, c, r in sorted(answers, key=lambda r: order[r[0]])
            ),
            tuple(
                StarRow(n, stage, exercise, count)
                for n, stage, exercise, count in sorted(stars, key=lambda r: order[r[0]])
            ),
            tuple(sorted(deals, key=lambda row: (order[row.name], row.number))),
        )

    def clear(self, class_code: str, key: str) -> int:
        """Delete one class's answers, stars, class deals and who joined it; returns how many
        answers (the class deals' too) and stars went. Needs the key."""
        self._check_key(key)
        check_sizes(code=class_code)
        code = checked_code(class_code)
        with self._write() as db:
            gone = 0
            for table in ("answers", "stars", "deal_answers"):
                gone += db.execute(f"DELETE FROM {table} WHERE class_code = ?", (code,)).rowcount
            db.execute("DELETE FROM class_deals WHERE class_code = ?", (code,))
            db.execute("DELETE FROM arrivals WHERE class_code = ?", (code,))
        return int(gone)

    def files(self) -> list[Path]:
        """The board's files: the database, its WAL and shared-memory files, and the key."""
        return [
            self.path,
            self.path.with_name(self.path.name + "-wal"),
            self.path.with_name(self.path.name + "-shm"),
            self.key_path,
        ]

    def delete(self) -> None:
        """Remove every file of the board (the folder stays); the board is unusable after."""
        for path in self.files():
            path.unlink(missing_ok=True)


def _marked(row: tuple[str, str, int, str]) -> Marked:
    """A stored class-deal answer: card, reason ("" for none), cost, grade."""
    card, reason, cost, grade = row
    return Marked(parse_card(card), Reason(reason) if reason else None, cost, Grade(grade))
