"""A quiz result as a short code a student can hand in, with check letters against typos.

The code holds the class code, the level, the worksheet version (A or B), how many puzzles there
were and which were missed; two check letters at the end catch a mistyped or hand-edited code
(an honesty check for a classroom, not a lock: someone who reads this module can forge one).
Nothing is stored anywhere: the student copies the code, the teacher pastes it.

>>> result = QuizResult("ROOM12", level=2, version="A", count=10, missed=frozenset({3, 7}))
>>> code = result.encode()
>>> code
'ROOM12-2A0924-YC'
>>> decode_result(code) == result, result.score
(True, 8)
>>> decode_result("ROOM12-2A0924-YD")
Traceback (most recent call last):
...
calypso.results.BadResultCode: bad result code 'ROOM12-2A0924-YD': its check letters ...
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from calypso.quiz import LEVELS, VERSIONS, normalise_code

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, so nothing is read as another character."""
LOOKALIKES = str.maketrans({"I": "1", "L": "1", "O": "0"})
MAX_PUZZLES = 50


class BadResultCode(ValueError):
    """A result code that cannot be read. ``reason`` says why: ``"form"`` (not three parts),
    ``"characters"`` (incomplete, or a character no code has), ``"check"`` (the check letters
    do not match: a typo or an edit) or ``"puzzles"`` (the puzzle part does not add up)."""

    def __init__(self, text: str, why: str, reason: str) -> None:
        super().__init__(f"bad result code {text!r}: {why}")
        self.reason = reason


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
    digest = hashlib.sha256(f"calypso-result/{code}/{payload}".encode()).digest()
    return _digits(int.from_bytes(digest[:2], "big") >> 6, 2)


@dataclass(frozen=True)
class QuizResult:
    """One student's quiz: which class, level and version, and the puzzles (1, 2, ...) missed."""

    code: str
    level: int
    version: str
    count: int
    missed: frozenset[int]

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

    @property
    def score(self) -> int:
        return self.count - len(self.missed)

    def encode(self) -> str:
        """The code to hand in: ``CLASS-<level><version><count><missed>-<check>``."""
        code = normalise_code(self.code)
        mask = sum(1 << (n - 1) for n in self.missed)
        payload = (
            f"{self.level}{self.version}{_digits(self.count - 1, 2)}"
            f"{_digits(mask, -(-self.count // 5))}"
        )
        return f"{code}-{payload}-{_check(code, payload)}"


def decode_result(text: str) -> QuizResult:
    """Read a result code back, refusing one that is incomplete, garbled or edited."""
    cleaned = "".join(str(text).split()).upper()
    parts = cleaned.rsplit("-", 2)
    if len(parts) != 3 or not parts[0]:
        raise BadResultCode(text, "expected CLASS-PUZZLES-CHECK", "form")
    code, payload, check = parts[0], parts[1].translate(LOOKALIKES), parts[2].translate(LOOKALIKES)
    if len(payload) < 5 or any(c not in ALPHABET for c in payload + check) or len(check) != 2:
        raise BadResultCode(text, "it is incomplete or has a stray character", "characters")
    if _check(code, payload) != check:
        raise BadResultCode(
            text, "its check letters do not match (a typo, or an edited code)", "check"
        )
    level, version = payload[0], payload[1]
    count = _number(payload[2:4]) + 1
    mask_text = payload[4:]
    if not level.isdigit() or len(mask_text) != -(-count // 5):
        raise BadResultCode(text, "its puzzle part does not add up", "puzzles")
    mask = _number(mask_text)
    missed = frozenset(n for n in range(1, count + 1) if mask >> (n - 1) & 1)
    if mask >> count or int(level) not in LEVELS or version not in VERSIONS:
        raise BadResultCode(text, "its puzzle part does not add up", "puzzles")
    return QuizResult(code, int(level), version, count, missed)
