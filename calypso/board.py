"""A live class board: students' quiz answers and exercise stars, kept in one SQLite file.

The board decides every answer itself, from the class's quiz (:func:`calypso.quiz.make_quiz`):
a client says only which seat the student picked, never whether it was right. Each puzzle
counts once, with the first answer given; exercise stars keep the best. Reading or clearing the
board needs the teacher's key, a random token kept in a file beside the database.

>>> import pathlib, tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> board = Board(pathlib.Path(folder.name) / "room12.db")
>>> first = make_quiz("ROOM12")[0]
>>> answer = board.record("room12", "Éva K", 1, "A", 1, first.answer)
>>> answer.correct, answer.rule == first.result.rule.value
(True, True)
>>> board.record("ROOM12", "Éva K", 1, "A", 11, "N")
Traceback (most recent call last):
...
calypso.board.BoardError: There is no puzzle 11 in this quiz. The puzzles are 1 to 10.
>>> board.view("ROOM12", board.teacher_key).scores
{'Éva K': 1}
>>> board.delete()
>>> folder.cleanup()
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from calypso.exercises import FORMER_IDS, STAGES
from calypso.quiz import LEVELS, VERSIONS, Puzzle, make_quiz, normalise_code
from calypso.results import MAX_NAME, BadName, normalise_name

if TYPE_CHECKING:
    import sqlite3

QUIZ_SIZE = 10
"""How many puzzles a class quiz has."""
SEATS = ("N", "E", "S", "W")
MAX_INPUT = 100
"""Longer text than this is refused before any other work (a name is at most 24 characters)."""
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
"""

MESSAGES = {
    "code": "That class code is not one this quiz knows: a class code is 1 to 24 letters, "
    "digits or dashes, like ROOM12.",
    "name": f"A name is 1 to {MAX_NAME} letters or digits (spaces, dots, dashes and "
    "apostrophes too), starting with a letter or a digit.",
    "level": "The levels of this quiz are 1, 2 and 3.",
    "version": "The versions of this quiz are A and B.",
    "puzzle": f"The puzzles are 1 to {QUIZ_SIZE}.",
    "answer": "An answer is one of the seats N, E, S or W.",
    "chapter": f"The stages with exercise stars are {', '.join(STAGES)}.",
    "exercise": "There is no such exercise in that stage.",
    "stars": "Stars are 1, 2 or 3.",
    "key": "That is not the teacher's key for this board.",
}
"""What a student (or teacher) reads when the board refuses something, by ``reason``."""


class DatabaseError(RuntimeError):
    """The board's file could not be read or written (a full disk, a broken file)."""


class BoardError(ValueError):
    """Input the board refuses; the message is plain words, ``reason`` says which part was bad
    (a key of :data:`MESSAGES`).

    >>> BoardError("stars").reason
    'stars'
    """

    def __init__(self, reason: str, lead: str = "") -> None:
        super().__init__(f"{lead} {MESSAGES[reason]}".strip())
        self.reason = reason


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


class PuzzleId(NamedTuple):
    """Which puzzle: puzzle ``number`` of the quiz at ``level``, ``version``."""

    level: int
    version: str
    number: int


@dataclass(frozen=True)
class ClassView:
    """What the teacher sees of one class.

    ``answers``: each student's answers, name → puzzle → right (True) or wrong (False);
    ``scores``: right answers per student; ``misses``: wrong answers per ruling id (``C4.3``);
    ``most_missed``: the puzzle or puzzles missed most often (all of them on a tie, none when
    nobody missed); ``stars``: name → (chapter, exercise) → best stars.
    """

    class_code: str
    answers: dict[str, dict[PuzzleId, bool]] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    misses: Counter[str] = field(default_factory=Counter)
    most_missed: tuple[PuzzleId, ...] = ()
    stars: dict[str, dict[tuple[str, int], int]] = field(default_factory=dict)

    @property
    def students(self) -> list[str]:
        """Everyone with an answer or a star, in alphabetical order."""
        return sorted(set(self.answers) | set(self.stars))

    def star_total(self, name: str) -> int:
        """All of one student's best stars added up (0 for someone without any)."""
        return sum(self.stars.get(name, {}).values())


@lru_cache(maxsize=256)
def _quiz(code: str, level: int, version: str) -> tuple[Puzzle, ...]:
    """The class's quiz, made once per class, level and version."""
    return tuple(make_quiz(code, level=level, count=QUIZ_SIZE, version=version))


def _small(value: object) -> bool:
    """Whether ``value`` is short enough to look at (text longer than :data:`MAX_INPUT` is
    not)."""
    return not isinstance(value, str | bytes) or len(value) <= MAX_INPUT


def _check_sizes(**values: object) -> None:
    """Refuse the first oversized value, by its name, before any other work."""
    for reason, value in values.items():
        if not _small(value):
            raise BoardError(reason)


def _number(value: object, low: int, high: int, reason: str, lead: str) -> int:
    """A whole number from ``low`` to ``high``; ``lead`` names a wrong one (``{}`` for it).

    >>> _number(11, 1, 10, "puzzle", "There is no puzzle {} in this quiz.")
    Traceback (most recent call last):
    ...
    calypso.board.BoardError: There is no puzzle 11 in this quiz. The puzzles are 1 to 10.
    """
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 3:
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardError(reason)
    if not low <= value <= high:
        raise BoardError(reason, lead.format(value) if -1000 < value < 1000 else "")
    return value


def _code(value: object) -> str:
    """A class code, upper case, or :class:`BoardError` ``"code"``."""
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise BoardError("code")
    try:
        return normalise_code(value)
    except ValueError:
        raise BoardError("code") from None


def _name(value: object) -> str:
    """A student's name as results carry it, or :class:`BoardError` ``"name"``."""
    if not isinstance(value, str):
        raise BoardError("name")
    try:
        return normalise_name(value)
    except BadName:
        raise BoardError("name") from None


def _choice(value: object, options: tuple[str, ...], reason: str, lead: str = "") -> str:
    """One of ``options`` (any case, spaces around ignored)."""
    text = value.strip().upper() if isinstance(value, str) else None
    if text not in options:
        shown = text if text and text.isalnum() and len(text) <= 3 else ""
        raise BoardError(reason, lead.format(shown) if shown else "")
    return text


BOARD_ENV = "CALYPSO_BOARD"
"""The environment variable the classroom server sets to its board's file, for its kernels."""


def class_board() -> Board | None:
    """The classroom server's board, when this kernel runs under one (``None`` otherwise:
    the plain server, the static site, JupyterLab)."""
    path = os.environ.get(BOARD_ENV)
    return Board(path) if path else None


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
        :data:`calypso.exercises.FORMER_IDS`) to its id, keeping the best of both; a board
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
        if not isinstance(key, str) or not _small(key):
            raise BoardError("key")
        if not secrets.compare_digest(key.encode(), self.teacher_key.encode()):
            raise BoardError("key")

    def record(
        self, class_code: str, name: str, level: int, version: str, puzzle: int, answer: str
    ) -> Answer:
        """Store a student's ``answer`` (a seat) to ``puzzle`` of their class's quiz, decided
        by the board; a puzzle already answered keeps its first answer, which is returned."""
        _check_sizes(code=class_code, name=name, level=level, version=version)
        _check_sizes(puzzle=puzzle, answer=answer)
        code, who = _code(class_code), _name(name)
        level = _number(level, 1, max(LEVELS), "level", "There is no level {} in this quiz.")
        version = _choice(version, VERSIONS, "version", "There is no version {} of this quiz.")
        number = _number(puzzle, 1, QUIZ_SIZE, "puzzle", "There is no puzzle {} in this quiz.")
        seat = _choice(answer, SEATS, "answer")
        chosen = _quiz(code, level, version)[number - 1]
        winner, rule = chosen.answer, chosen.result.rule.value
        with self._write() as db:
            inserted = db.execute(
                "INSERT OR IGNORE INTO answers VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (code, who, level, version, number, seat, seat == winner, rule),
            ).rowcount
            stored, correct = db.execute(
                "SELECT answer, correct FROM answers WHERE class_code = ? AND name = ?"
                " AND level = ? AND version = ? AND puzzle = ?",
                (code, who, level, version, number),
            ).fetchone()
        return Answer(code, who, level, version, number, stored, winner, bool(correct), rule,
                      new=inserted == 1)

    def record_stars(
        self, class_code: str, name: str, chapter: str, exercise: int, stars: int
    ) -> int:
        """Store ``stars`` (1-3) for ``exercise`` of the stage ``chapter`` (an id of
        ``calypso.exercises.STAGES``: a chapter's closing stage or one of its practice
        stages); returns the best stars the student now has for it."""
        _check_sizes(code=class_code, name=name, chapter=chapter, exercise=exercise, stars=stars)
        code, who = _code(class_code), _name(name)
        if not isinstance(chapter, str) or chapter.strip() not in STAGES:
            shown = chapter.strip() if isinstance(chapter, str) else ""
            lead = f"There is no stage {shown} with exercise stars." if shown.isalnum() else ""
            raise BoardError("chapter", lead if len(shown) <= 3 else "")
        chapter = chapter.strip()
        size = STAGES[chapter].size
        number = _number(exercise, 1, size, "exercise", "There is no exercise {} here.")
        count = _number(stars, 1, 3, "stars", "")
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
        _check_sizes(code=class_code)
        code = _code(class_code)
        with self._connect() as db:
            rows = db.execute(
                "SELECT name, level, version, puzzle, correct, rule FROM answers"
                " WHERE class_code = ? ORDER BY name, level, version, puzzle",
                (code,),
            ).fetchall()
            star_rows = db.execute(
                "SELECT name, chapter, exercise, stars FROM stars WHERE class_code = ?"
                " ORDER BY name, chapter, exercise",
                (code,),
            ).fetchall()
        return _class_view(code, rows, star_rows)

    def clear(self, class_code: str, key: str) -> int:
        """Delete one class's answers and stars; returns how many rows went. Needs the key."""
        self._check_key(key)
        _check_sizes(code=class_code)
        code = _code(class_code)
        with self._write() as db:
            gone = db.execute("DELETE FROM answers WHERE class_code = ?", (code,)).rowcount
            gone += db.execute("DELETE FROM stars WHERE class_code = ?", (code,)).rowcount
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


def _class_view(
    code: str,
    rows: list[tuple[str, int, str, int, int, str]],
    star_rows: list[tuple[str, str, int, int]],
) -> ClassView:
    """Sum up one class's rows for the teacher."""
    answers: dict[str, dict[PuzzleId, bool]] = {}
    misses: Counter[str] = Counter()
    missed: Counter[PuzzleId] = Counter()
    for name, level, version, number, correct, rule in rows:
        puzzle = PuzzleId(level, version, number)
        answers.setdefault(name, {})[puzzle] = bool(correct)
        if not correct:
            misses[rule] += 1
            missed[puzzle] += 1
    most = max(missed.values(), default=0)
    stars: dict[str, dict[tuple[str, int], int]] = {}
    for name, chapter, exercise, count in star_rows:
        stars.setdefault(name, {})[(chapter, exercise)] = count
    return ClassView(
        class_code=code,
        answers=answers,
        scores={name: sum(marks.values()) for name, marks in answers.items()},
        misses=misses,
        most_missed=tuple(sorted(p for p, n in missed.items() if n == most)),
        stars=stars,
    )
