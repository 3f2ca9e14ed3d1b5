"""A quiz result as a short code a student can hand in, with check letters against typos.

The code holds the class code, the level, the worksheet version (A or B), how many puzzles there
were and which were missed; two check letters at the end catch a mistyped or hand-edited code
(an honesty check for a classroom, not a lock: someone who reads this module can forge one).
A result with the student's name is written ``Name: CODE``, and its code has two more check
letters, which cover the name: a name changed afterwards fails them, while the first two still
show that the rest of the code is intact (so a changed name is told apart from a typo). A code
without a name is the older form, and still reads. Nothing is stored anywhere: the student
copies the code, the teacher pastes it.

>>> result = QuizResult("ROOM12", level=2, version="A", count=10, missed=frozenset({3, 7}))
>>> code = result.encode()
>>> code
'ROOM12-2A0924-YC'
>>> decode_result(code) == result, result.score
(True, 8)
>>> named = QuizResult("ROOM12", 2, "A", 10, frozenset({3, 7}), name="Éva K")
>>> named.encode()
'Éva K: ROOM12-2A0924-YCWJ'
>>> decode_result("Éva K: ROOM12-2A0924-YCWJ").name
'Éva K'
>>> decode_result("ROOM12-2A0924-YD")
Traceback (most recent call last):
...
calypso.classroom.results.BadResultCode: bad result code 'ROOM12-2A0924-YD': its check letters ...
>>> decode_result("Eva K: ROOM12-2A0924-YCWJ")
Traceback (most recent call last):
...
calypso.classroom.results.BadResultCode: bad result code 'Eva K: ROOM12-2A0924-YCWJ': its name ...
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass

from calypso.lessons.quiz import LEVELS, VERSIONS, normalise_code

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so nothing is read as another character."""
LOOKALIKES = str.maketrans({"I": "1", "L": "1", "O": "0"})
MAX_PUZZLES = 50
MAX_NAME = 24
NAME_SIGNS = " .-'"
"""What a name may hold besides letters and digits (of any script)."""


class BadName(ValueError):
    """A name a result cannot carry. ``reason`` says why: ``"empty"``, ``"long"`` (more than
    :data:`MAX_NAME` characters) or ``"characters"`` (a sign other than :data:`NAME_SIGNS`, or
    one of them first)."""

    def __init__(self, text: str, why: str, reason: str) -> None:
        super().__init__(f"bad name {text!r}: {why}")
        self.reason = reason


class BadResultCode(ValueError):
    """A result code that cannot be read. ``reason`` says why: ``"form"`` (not three parts),
    ``"characters"`` (incomplete, or a character no code has), ``"check"`` (the check letters
    do not match: a typo or an edit), ``"puzzles"`` (the puzzle part does not add up),
    ``"unnamed"`` (the code was given with a name, and the name is missing), ``"name"`` (the
    name before the code is not the one it was given with) or ``"label"`` (the text before the
    code is not a name a quiz takes); ``name`` holds the name in question."""

    def __init__(self, text: str, why: str, reason: str, name: str = "") -> None:
        super().__init__(f"bad result code {text!r}: {why}")
        self.reason = reason
        self.name = name


def normalise_name(text: str) -> str:
    """A student's name as a result carries it: one space between words, composed accents,
    a typographic apostrophe made plain; 1 to 24 letters, digits, spaces and ``.-'``, starting
    with a letter or a digit.

    >>> normalise_name("  Kovács   Ádám "), normalise_name("O\\u2019Neill")
    ('Kovács Ádám', "O'Neill")
    """
    name = " ".join(unicodedata.normalize("NFC", text).replace("\u2019", "'").split())
    if not name:
        raise BadName(text, "expected a name or initials", "empty")
    if len(name) > MAX_NAME:
        raise BadName(text, f"expected at most {MAX_NAME} characters", "long")
    if not _name_character(name[0], first=True) or not all(map(_name_character, name)):
        raise BadName(
            text,
            f"expected letters, digits and {NAME_SIGNS!r}, starting with a letter or digit",
            "characters",
        )
    return name


def name_key(name: str) -> tuple[str, str]:
    """Sort names as a class list reads: accents next to their letters (Á with A), then
    exactly; results without a name last.

    >>> sorted(["Zoé", "Ádám", "Adam", "bea"], key=name_key)
    ['Adam', 'Ádám', 'bea', 'Zoé']
    """
    if not name:
        return ("\U0010ffff", "")
    plain = "".join(c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c))
    return (plain.casefold(), name.casefold())


def _name_character(char: str, first: bool = False) -> bool:
    kind = unicodedata.category(char)
    if first:
        return kind[0] == "L" or kind == "Nd"
    return kind[0] in "LM" or kind == "Nd" or char in NAME_SIGNS


def _digits(number: int, width: int) -> str:
    out = ""
    for _ in range(width):
        number, digit = divmod(number, 32)
        out = ALPHABET[digit] + out
    return out


def _number(text: str) -> int:
    value = 0
    for char in text:
        value = value * 32 + ALPHABET.index(char)
    return value


def _check(code: str, payload: str) -> str:
    """The two check letters of the code itself (class code and puzzle part)."""
    digest = hashlib.sha256(f"calypso-result/{code}/{payload}".encode()).digest()
    return _digits(int.from_bytes(digest[:2], "big") >> 6, 2)


def _name_check(code: str, payload: str, name: str) -> str:
    """The two check letters that tie a name to the code (capitals and small letters alike)."""
    text = f"calypso-result-name/{code}/{payload}/{name.casefold()}"
    digest = hashlib.sha256(text.encode()).digest()
    return _digits(int.from_bytes(digest[:2], "big") >> 6, 2)


@dataclass(frozen=True)
class QuizResult:
    """One student's quiz: which class, level and version, the puzzles (1, 2, ...) missed, and
    the student's name (empty for a result without one)."""

    code: str
    level: int
    version: str
    count: int
    missed: frozenset[int]
    name: str = ""

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"bad level {self.level!r}: expected one of {list(LEVELS)}")
        if self.version not in VERSIONS:
            raise ValueError(f"bad version {self.version!r}: expected A or B")
        if not 1 <= self.count <= MAX_PUZZLES:
            raise ValueError(f"bad number of puzzles {self.count!r}: expected 1 to {MAX_PUZZLES}")
        if not self.missed <= set(range(1, self.count + 1)):
            raise ValueError(
                f"bad missed puzzles {sorted(self.missed)}: expected 1 to {self.count}"
            )
        if self.name and normalise_name(self.name) != self.name:
            raise ValueError(f"bad name {self.name!r}: expected it as normalise_name gives it")

    @property
    def score(self) -> int:
        return self.count - len(self.missed)

    def encode(self) -> str:
        """The code to hand in: ``CLASS-<level><version><count><missed>-<check>``, after
        ``Name: `` and with two more check letters when the result has a name."""
        code = normalise_code(self.code)
        mask = sum(1 << (n - 1) for n in self.missed)
        payload = (
            f"{self.level}{self.version}{_digits(self.count - 1, 2)}"
            f"{_digits(mask, -(-self.count // 5))}"
        )
        bare = f"{code}-{payload}-{_check(code, payload)}"
        if not self.name:
            return bare
        return f"{self.name}: {bare}{_name_check(code, payload, self.name)}"


@dataclass(frozen=True)
class HandedIn:
    """A result as a teacher pasted it: the result (with the name its code carries, if any) and
    the name typed before it on the line that is not the code's own (``typed``)."""

    result: QuizResult
    typed: str = ""

    @property
    def name(self) -> str:
        """Whose result it is: the name the code carries, or else the name typed before it."""
        return self.result.name or self.typed


def read_line(text: str) -> HandedIn:
    """Read one pasted line: a bare code, ``Name: CODE``, or a name typed before either
    (``Name: Name: CODE``, or a name and the code with only a space or a tab between them)."""
    errors = []
    for names, code in _splits(str(text)):
        try:
            return _read(text, names, code)
        except BadResultCode as error:
            errors.append(error)
    raise errors[0]


def _splits(text: str) -> list[tuple[list[str], str]]:
    """The ways to cut a line into the names before a code and the code, most likely first."""
    if ":" in text:
        *names, code = text.split(":")
        return [(names, code)]
    head, _, tail = text.strip().replace("\t", " ").rpartition(" ")
    return [([], text), ([head], tail)] if head else [([], text)]


def _read(text: str, names: list[str], code_text: str) -> HandedIn:
    """A line's result, given the names before its code and the code."""
    cleaned = "".join(code_text.split()).upper()
    parts = cleaned.rsplit("-", 2)
    if len(parts) != 3 or not parts[0]:
        raise BadResultCode(text, "expected CLASS-PUZZLES-CHECK", "form")
    code, payload, check = parts[0], parts[1].translate(LOOKALIKES), parts[2].translate(LOOKALIKES)
    if len(payload) < 5 or any(c not in ALPHABET for c in payload + check):
        raise BadResultCode(text, "it is incomplete or has a stray character", "characters")
    if len(check) not in (2, 4):
        raise BadResultCode(text, "it is incomplete or has a stray character", "characters")
    if _check(code, payload) != check[:2]:
        raise BadResultCode(
            text, "its check letters do not match (a typo, or an edited code)", "check"
        )
    level, version, count, missed = _puzzles(text, payload)
    typed = [_typed_name(text, name) for name in names if name.strip()]
    if len(check) == 2:
        return HandedIn(QuizResult(code, level, version, count, missed), typed[-1] if typed else "")
    if not typed:
        raise BadResultCode(text, "its name is missing", "unnamed")
    owner = next((n for n in reversed(typed) if _name_check(code, payload, n) == check[2:]), "")
    if not owner:
        raise BadResultCode(
            text, "its name is not the one the code was given with", "name", typed[-1]
        )
    others = [name for name in typed if name.casefold() != owner.casefold()]
    result = QuizResult(code, level, version, count, missed, owner)
    return HandedIn(result, others[-1] if others else "")


def _typed_name(text: str, name: str) -> str:
    """A name on a pasted line, refused (as the whole line) if no quiz would take it."""
    try:
        return normalise_name(name)
    except BadName as error:
        raise BadResultCode(
            text, f"its name {name.strip()!r} is not a name a quiz takes", "label", name.strip()
        ) from error


def _puzzles(text: str, payload: str) -> tuple[int, str, int, frozenset[int]]:
    """The level, version, number of puzzles and the puzzles missed, from the puzzle part."""
    level, version = payload[0], payload[1]
    count = _number(payload[2:4]) + 1
    mask_text = payload[4:]
    if not level.isdigit() or len(mask_text) != -(-count // 5):
        raise BadResultCode(text, "its puzzle part does not add up", "puzzles")
    mask = _number(mask_text)
    missed = frozenset(n for n in range(1, count + 1) if mask >> (n - 1) & 1)
    if mask >> count or int(level) not in LEVELS or version not in VERSIONS:
        raise BadResultCode(text, "its puzzle part does not add up", "puzzles")
    return int(level), version, count, missed


def decode_result(text: str) -> QuizResult:
    """Read a result code back (``Name: CODE`` or a bare code), refusing one that is
    incomplete, garbled or edited, or whose name is not the one it was given with."""
    return read_line(text).result
