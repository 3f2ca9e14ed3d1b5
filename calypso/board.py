"""A live class board: who has joined the class quiz, students' answers and exercise stars,
kept in one SQLite file.

A student is on the board from the moment they start the quiz (:meth:`Board.arrive`). The board
decides every answer itself, from the class's quiz (:func:`calypso.quiz.make_quiz`): a client
says only which seat the student picked, never whether it was right. Each puzzle counts once,
with the first answer given; exercise stars keep the best. Reading or clearing the board needs
the teacher's key, a random token kept in a file beside the database.

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
calypso.board.BoardError: There is no puzzle 11 in this quiz. The puzzles are 1 to 10.
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
from collections import Counter
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from calypso.cards import Card, parse_card
from calypso.chapters import CHAPTERS
from calypso.classdeal import Asked, Marked, Position, Prices, mark_asked
from calypso.exercises import FORMER_IDS, STAGES
from calypso.i18n import N_, _
from calypso.quiz import LEVELS, VERSIONS, Puzzle, make_quiz, normalise_code
from calypso.results import MAX_NAME, BadName, name_key, normalise_name
from calypso.why import Grade, Reason

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

MESSAGES = {
    "code": N_(
        "That class code is not one this quiz knows: a class code is 1 to 24 letters, "
        "digits or dashes, like ROOM12."
    ),
    "name": N_(
        "A name is 1 to {most} letters or digits (spaces, dots, dashes and apostrophes too), "
        "starting with a letter or a digit."
    ),
    "level": N_("The levels of this quiz are 1, 2 and 3."),
    "version": N_("The versions of this quiz are A and B."),
    "puzzle": N_("The puzzles are 1 to {most}."),
    "answer": N_("An answer is one of the seats N, E, S or W."),
    "chapter": N_("The stages with exercise stars are {stages}."),
    "exercise": N_("There is no such exercise in that stage."),
    "stars": N_("Stars are 1, 2 or 3."),
    "key": N_("That is not the teacher's key for this board."),
    "deal": N_("Your teacher is not playing a position with the class now."),
    "card": N_("That is not a card the seat to play may play here."),
    "reason": N_("That is not one of the reasons this position offers."),
    "closed": N_("Your teacher has shown the answer: this position takes no more answers."),
    "position": N_("That position cannot be played by the class."),
}
"""What a student (or teacher) reads when the board refuses something, by ``reason``: catalog
messages, worded in the language of the page that sent the input."""
LEADS = {
    "level": N_("There is no level {value} in this quiz."),
    "version": N_("There is no version {value} of this quiz."),
    "puzzle": N_("There is no puzzle {value} in this quiz."),
    "exercise": N_("There is no exercise {value} here."),
    "chapter": N_("There is no stage {value} with exercise stars."),
}
"""What names a wrong value before :data:`MESSAGES`'s words, by ``reason``."""


def _refusal(reason: str, shown: object = None) -> str:
    """The words of a refusal in the page's language, naming the wrong value when shown."""
    said = _(MESSAGES[reason]).format(
        most={"name": MAX_NAME, "puzzle": QUIZ_SIZE}.get(reason), stages=", ".join(STAGES)
    )
    if shown is None or reason not in LEADS:
        return said
    lead = _(LEADS[reason]).format(value=shown)
    return f"{lead} {said}"


class DatabaseError(RuntimeError):
    """The board's file could not be read or written (a full disk, a broken file)."""


class BoardError(ValueError):
    """Input the board refuses; the message is plain words, ``reason`` says which part was bad
    (a key of :data:`MESSAGES`).

    >>> BoardError("stars").reason
    'stars'
    """

    def __init__(self, reason: str, shown: object = None) -> None:
        super().__init__(_refusal(reason, shown))
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


class MissedPuzzle(NamedTuple):
    """A puzzle the class missed: how many students ``missed`` it of how many ``answered``
    it."""

    puzzle: PuzzleId
    missed: int
    answered: int


class Progress(NamedTuple):
    """How far one student is in the class quiz: puzzles ``answered`` and answered ``right``
    so far, of the ``asked`` puzzles of the quizzes they started (ten a quiz; a student who
    started level 1 and then level 2 has twenty)."""

    answered: int
    right: int
    asked: int


class AnswerRow(NamedTuple):
    """One stored quiz answer: who, which puzzle, the seat they chose, whether it was right,
    and the ruling that decided the trick."""

    name: str
    puzzle: PuzzleId
    answer: str
    correct: bool
    rule: str


class StarRow(NamedTuple):
    """One stored exercise result: who, which stage (its id), which exercise, best stars."""

    name: str
    stage: str
    exercise: int
    stars: int


@dataclass(frozen=True)
class Sheet:
    """Every row the board holds for one class (:meth:`Board.sheet`), students in class-list
    order."""

    class_code: str
    answers: tuple[AnswerRow, ...]
    stars: tuple[StarRow, ...]


@dataclass(frozen=True)
class ClassDeal:
    """The position a class plays: ``number`` 1 for the class's first, the position, and
    whether the teacher has shown the answer."""

    number: int
    position: Position
    revealed: bool

    @property
    def key(self) -> str:
        return self.position.key


@dataclass(frozen=True)
class DealAnswer:
    """One student's answer to a class deal, as the board marked it."""

    name: str
    marked: Marked


@dataclass(frozen=True)
class DealView:
    """What the teacher sees of a class deal: the deal, each card's price, the reasons the
    position offers (none when it asks for the card alone), and every answer in class-list
    order."""

    deal: ClassDeal
    prices: Prices
    reasons: tuple[Reason, ...]
    answers: tuple[DealAnswer, ...]

    def split(self) -> dict[Card, list[str]]:
        """Who chose each legal card, every card listed, cheapest first."""
        chosen: dict[Card, list[str]] = {price.card: [] for price in self.prices.cards}
        for answer in self.answers:
            chosen[answer.marked.card].append(answer.name)
        return chosen

    def count(self, grade: Grade) -> int:
        """How many answers have ``grade``."""
        return sum(answer.marked.grade is grade for answer in self.answers)


@lru_cache(maxsize=64)
def _asked(text: str) -> Asked:
    """A class position, priced once however many students answer it."""
    return Asked(Position.from_text(text))


STAND_OUT_MISSES = 2
"""The fewest students who must miss a puzzle for it to stand out (see :func:`stands_out`)."""
STAND_OUT_SHARE = 3
"""A puzzle stands out when at least one in this many of those who answered it missed it."""


def stands_out(missed: int, answered: int) -> bool:
    """Whether a puzzle the class missed stands out, worth going over with everyone: missed by
    at least two students, and by at least a third of those who answered it. One student's
    slip is not the class's problem, nor two misses among twenty answers.

    >>> stands_out(2, 6), stands_out(2, 7), stands_out(1, 1), stands_out(3, 9)
    (True, False, False, True)
    """
    return missed >= STAND_OUT_MISSES and STAND_OUT_SHARE * missed >= answered


@dataclass(frozen=True)
class ClassView:
    """What the teacher sees of one class.

    ``joined``: each student who started the quiz, name → the quizzes started, as (level,
    version); ``answers``: each student's answers, name → puzzle → right (True) or wrong
    (False); ``scores``: right answers per student; ``misses``: wrong answers per ruling id
    (``C4.3``); ``most_missed``: the puzzles that stand out (:func:`stands_out`), the most
    missed first (then the larger share, then the puzzle's order), none when no puzzle stands
    out; ``stars``: name → (stage, exercise) → best stars.

    >>> mark = PuzzleId(1, "A", 4)
    >>> view = _class_view(
    ...     "ROOM7",
    ...     [("Ann", 1, "A", 4, 0, "C4.4"), ("Bob", 1, "A", 4, 0, "C4.4"),
    ...      ("Cy", 1, "A", 4, 1, "C4.4"), ("Cy", 1, "A", 5, 0, "C4.3")],
    ...     [("Ann", "who-wins-own", 1, 3), ("Ann", "table", 2, 2), ("Ann", "who-wins", 1, 1)],
    ...     [("Dóra", 1, "A"), ("Ann", 1, "A")],
    ... )
    >>> view.students
    ['Ann', 'Bob', 'Cy', 'Dóra']
    >>> view.most_missed
    (MissedPuzzle(puzzle=PuzzleId(level=1, version='A', number=4), missed=2, answered=3),)
    >>> view.progress("Cy"), view.progress("Dóra")
    (Progress(answered=2, right=1, asked=10), Progress(answered=0, right=0, asked=10))
    >>> view.chapter_stars("Ann")
    {'table': 2, 'who-wins': 4}
    """

    class_code: str
    answers: dict[str, dict[PuzzleId, bool]] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    misses: Counter[str] = field(default_factory=Counter)
    most_missed: tuple[MissedPuzzle, ...] = ()
    stars: dict[str, dict[tuple[str, int], int]] = field(default_factory=dict)
    joined: dict[str, frozenset[tuple[int, str]]] = field(default_factory=dict)

    @property
    def students(self) -> list[str]:
        """Everyone who joined, answered or earned a star, sorted as a class list reads
        (:func:`calypso.results.name_key`)."""
        return sorted(set(self.joined) | set(self.answers) | set(self.stars), key=name_key)

    def progress(self, name: str) -> Progress:
        """How far ``name`` is in the quizzes they started or answered."""
        marks = self.answers.get(name, {})
        quizzes = set(self.joined.get(name, ())) | {(p.level, p.version) for p in marks}
        return Progress(len(marks), sum(marks.values()), QUIZ_SIZE * len(quizzes))

    def star_total(self, name: str) -> int:
        """All of one student's best stars added up (0 for someone without any)."""
        return sum(self.stars.get(name, {}).values())

    def chapter_stars(self, name: str) -> dict[str, int]:
        """One student's best stars added up per chapter (its slug, see
        :mod:`calypso.chapters`), in the chapters' order; chapters without stars left out."""
        totals: Counter[str] = Counter()
        for (stage, _exercise), count in self.stars.get(name, {}).items():
            if stage in STAGES:
                totals[STAGES[stage].chapter] += count
        return {c.slug: totals[c.slug] for c in CHAPTERS if totals[c.slug]}

    @property
    def star_chapters(self) -> list[str]:
        """The chapters (slugs) in which anyone in the class has stars, in the chapters'
        order."""
        found = {slug for name in self.stars for slug in self.chapter_stars(name)}
        return [c.slug for c in CHAPTERS if c.slug in found]


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


def _number(value: object, low: int, high: int, reason: str) -> int:
    """A whole number from ``low`` to ``high``; a wrong one is named in the refusal.

    >>> _number(11, 1, 10, "puzzle")
    Traceback (most recent call last):
    ...
    calypso.board.BoardError: There is no puzzle 11 in this quiz. The puzzles are 1 to 10.
    """
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 3:
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardError(reason)
    if not low <= value <= high:
        raise BoardError(reason, value if -1000 < value < 1000 else None)
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


def _choice(value: object, options: tuple[str, ...], reason: str) -> str:
    """One of ``options`` (any case, spaces around ignored); a short wrong one is named."""
    text = value.strip().upper() if isinstance(value, str) else None
    if text not in options:
        shown = text if text and text.isalnum() and len(text) <= 3 else None
        raise BoardError(reason, shown)
    return text


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

    def arrive(self, code: str, name: str, level: int, version: str) -> None:
        """A student typed their name and started the class quiz ``code`` at ``level``,
        ``version`` (or their page brought a started quiz back): they are on the board from
        now on, with no answer yet. Arriving again changes nothing. Refused as
        :meth:`record` refuses its inputs (:class:`BoardError`)."""
        _check_sizes(code=code, name=name, level=level, version=version)
        code, who = _code(code), _name(name)
        level = _number(level, 1, max(LEVELS), "level")
        version = _choice(version, VERSIONS, "version")
        with self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO arrivals VALUES (?, ?, ?, ?)", (code, who, level, version)
            )

    def record(
        self, class_code: str, name: str, level: int, version: str, puzzle: int, answer: str
    ) -> Answer:
        """Store a student's ``answer`` (a seat) to ``puzzle`` of their class's quiz, decided
        by the board; a puzzle already answered keeps its first answer, which is returned."""
        _check_sizes(code=class_code, name=name, level=level, version=version)
        _check_sizes(puzzle=puzzle, answer=answer)
        code, who = _code(class_code), _name(name)
        level = _number(level, 1, max(LEVELS), "level")
        version = _choice(version, VERSIONS, "version")
        number = _number(puzzle, 1, QUIZ_SIZE, "puzzle")
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
        return Answer(
            code,
            who,
            level,
            version,
            number,
            stored,
            winner,
            bool(correct),
            rule,
            new=inserted == 1,
        )

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
            raise BoardError("chapter", shown if shown.isalnum() and len(shown) <= 3 else None)
        chapter = chapter.strip()
        size = STAGES[chapter].size
        number = _number(exercise, 1, size, "exercise")
        count = _number(stars, 1, 3, "stars")
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
        answers, stars = self._rows(code)
        with self._connect() as db:
            arrivals = db.execute(
                "SELECT name, level, version FROM arrivals WHERE class_code = ?", (code,)
            ).fetchall()
        rows = [(n, lv, v, p, correct, rule) for n, lv, v, p, _, correct, rule in answers]
        return _class_view(code, rows, stars, arrivals)

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

    def start_deal(self, class_code: str, key: str, position: Position) -> ClassDeal:
        """The teacher puts ``position`` before the class: it becomes the class's deal now
        (started again if it was played before, its answers kept). Needs the key."""
        self._check_key(key)
        _check_sizes(code=class_code)
        code = _code(class_code)
        text = position.to_text()
        with self._write() as db:
            (last,) = db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM class_deals WHERE class_code = ?", (code,)
            ).fetchone()
            db.execute(
                "INSERT INTO class_deals VALUES (?, ?, ?, ?, 0) ON CONFLICT (class_code, deal)"
                " DO UPDATE SET number = excluded.number",
                (code, position.key, text, last + 1),
            )
        return ClassDeal(last + 1, position, False)

    def current_deal(self, class_code: str) -> ClassDeal | None:
        """The position the class plays now, or ``None``: what a student's page reads (no
        answer, no price)."""
        _check_sizes(code=class_code)
        code = _code(class_code)
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
        _check_sizes(code=class_code, name=name, deal=deal, card=card, reason=reason)
        code, who = _code(class_code), _name(name)
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
        if why is not None:
            given = next((r for r in why.reasons if r.value == reason), None)
            if given is None:
                raise BoardError("reason")
        marked = mark_asked(asked, chosen, given)
        with self._write() as db:
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
                (_code(class_code), current.key),
            )
        return ClassDeal(current.number, current.position, True)

    def my_deal_answer(self, class_code: str, name: str, deal: str) -> Marked | None:
        """A student's own marked answer to ``deal``, once the teacher has shown the answer
        (before that, ``None``: nothing about it reaches the student's page)."""
        _check_sizes(code=class_code, name=name, deal=deal)
        code, who = _code(class_code), _name(name)
        with self._connect() as db:
            row = db.execute(
                "SELECT a.card, a.reason, a.cost, a.grade FROM deal_answers a JOIN class_deals d"
                " ON a.class_code = d.class_code AND a.deal = d.deal WHERE a.class_code = ?"
                " AND a.deal = ? AND a.name = ? AND d.revealed = 1",
                (code, deal, who),
            ).fetchone()
        return None if row is None else _marked(row)

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
                (_code(class_code), current.key),
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

        Answers come by student, then quiz and puzzle; stars by student, stage and exercise.
        """
        self._check_key(key)
        _check_sizes(code=class_code)
        code = _code(class_code)
        answers, stars = self._rows(code)
        order = {
            name: i for i, name in enumerate(sorted({r[0] for r in answers + stars}, key=name_key))
        }
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
        )

    def clear(self, class_code: str, key: str) -> int:
        """Delete one class's answers, stars and who joined it; returns how many answers and
        stars went. Needs the key."""
        self._check_key(key)
        _check_sizes(code=class_code)
        code = _code(class_code)
        with self._write() as db:
            gone = db.execute("DELETE FROM answers WHERE class_code = ?", (code,)).rowcount
            gone += db.execute("DELETE FROM stars WHERE class_code = ?", (code,)).rowcount
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


def _class_view(
    code: str,
    rows: list[tuple[str, int, str, int, int, str]],
    star_rows: list[tuple[str, str, int, int]],
    arrivals: list[tuple[str, int, str]],
) -> ClassView:
    """Sum up one class's rows for the teacher."""
    answers: dict[str, dict[PuzzleId, bool]] = {}
    misses: Counter[str] = Counter()
    missed: Counter[PuzzleId] = Counter()
    answered: Counter[PuzzleId] = Counter()
    for name, level, version, number, correct, rule in rows:
        puzzle = PuzzleId(level, version, number)
        answers.setdefault(name, {})[puzzle] = bool(correct)
        answered[puzzle] += 1
        if not correct:
            misses[rule] += 1
            missed[puzzle] += 1
    standing = [
        MissedPuzzle(puzzle, n, answered[puzzle])
        for puzzle, n in missed.items()
        if stands_out(n, answered[puzzle])
    ]
    standing.sort(key=lambda m: (-m.missed, -m.missed / m.answered, m.puzzle))
    stars: dict[str, dict[tuple[str, int], int]] = {}
    for name, chapter, exercise, count in star_rows:
        stars.setdefault(name, {})[(chapter, exercise)] = count
    joined: dict[str, set[tuple[int, str]]] = {}
    for name, level, version in arrivals:
        joined.setdefault(name, set()).add((level, version))
    return ClassView(
        class_code=code,
        answers=answers,
        scores={name: sum(marks.values()) for name, marks in answers.items()},
        misses=misses,
        most_missed=tuple(standing),
        stars=stars,
        joined={name: frozenset(quizzes) for name, quizzes in joined.items()},
    )
