"""Class quizzes: "who wins this trick?" puzzles at three levels, the same for one class code.

>>> quiz = make_quiz("ROOM12", level=1, count=3)
>>> [p.number for p in quiz], quiz == make_quiz("room12", level=1, count=3)
([1, 2, 3], True)
>>> quiz[0].answer in ("N", "E", "S", "W")
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from calypso.examples import ExampleTrick, random_trick
from calypso.i18n import N_
from calypso.tricks import Rule, TrickResult

LEVELS = {
    1: (N_("Plain leads"), (Rule.PLAIN_LEAD_UNRUFFED, Rule.PLAIN_LEAD_RUFFED)),
    2: (
        N_("Own-trump leads and ruffs"),
        (Rule.LEADER_TRUMP_UNRUFFED, Rule.LEADER_TRUMP_RUFFED, Rule.PLAIN_LEAD_RUFFED),
    ),
    3: (
        N_("Ties and everything else"),
        (
            Rule.TIE_FIRST_PLAYED,
            Rule.LEADER_TRUMP_RUFFED,
            Rule.PLAIN_LEAD_UNRUFFED,
            Rule.LEADER_TRUMP_UNRUFFED,
            Rule.PLAIN_LEAD_RUFFED,
        ),
    ),
}
"""Each level's name and the rulings its puzzles are decided by, in turn: level 2 mixes leads
of the leader's own trump (ruffed or not) with ruffs of a plain lead, and says so; level 3
draws every case, C4.1 to C4.5, so ten puzzles hold each twice."""

_CODE = re.compile(r"[A-Za-z0-9-]{1,24}")


@dataclass(frozen=True)
class Puzzle:
    number: int
    level: int
    trick: ExampleTrick

    @property
    def result(self) -> TrickResult:
        return self.trick.result()

    @property
    def answer(self) -> str:
        """The seat that wins."""
        return self.trick.winning_seat()


def normalise_code(code: str | int) -> str:
    """A class code as everyone's quiz uses it: letters, digits and dashes, upper case."""
    text = str(code).strip()
    if not _CODE.fullmatch(text):
        raise ValueError(
            f"bad class code {code!r}: expected 1 to 24 letters, digits or dashes, e.g. ROOM12"
        )
    return text.upper()


VERSIONS = ("A", "B")
"""Two versions of each class's quiz, so that neighbours get different puzzles."""


def make_quiz(code: str | int, level: int = 1, count: int = 10, version: str = "A") -> list[Puzzle]:
    """``count`` puzzles of ``level`` (1-3); the same class code and ``version`` (A or B) always
    give the same quiz, and the two versions give different puzzles of the same kinds.

    >>> make_quiz("ROOM12", version="B") != make_quiz("ROOM12")
    True
    """
    if level not in LEVELS:
        raise ValueError(f"bad level {level!r}: expected 1, 2 or 3")
    if not isinstance(count, int) or not 1 <= count <= 50:
        raise ValueError(f"bad number of puzzles {count!r}: expected 1 to 50")
    if version not in VERSIONS:
        raise ValueError(f"bad version {version!r}: expected A or B")
    variant = "" if version == "A" else f"/{version}"
    rng = random.Random(f"quiz/{normalise_code(code)}/{level}{variant}")
    rules = LEVELS[level][1]
    return [
        Puzzle(n, level, random_trick(rules[(n - 1) % len(rules)], rng))
        for n in range(1, count + 1)
    ]
