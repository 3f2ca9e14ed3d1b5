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

from calypso.engine.tricks import Rule, TrickResult, TrumpLead
from calypso.i18n import N_
from calypso.lessons.examples import (
    OWN_LED_WINS,
    OWN_RUFF_WINS,
    OWN_TIE_LED,
    OWN_TIE_RUFFS,
    OWN_UNRUFFED,
    PLAIN_RUFFED,
    PLAIN_TIE_FOLLOWED,
    PLAIN_TIE_RUFFS,
    PLAIN_UNRUFFED,
    ExampleTrick,
    TrickCase,
)
from calypso.lessons.exercises.who_wins import least_guessable_trick
from calypso.lessons.house import STANDARD, HouseRule
from calypso.partnership.game import DEFAULT_TRUMPS

LEVELS = {
    1: (N_("Plain leads"), (Rule.PLAIN_LEAD_UNRUFFED, Rule.PLAIN_LEAD_RUFFED)),
    2: (
        N_("Own-trump leads and plain leads"),
        (
            Rule.LEADER_TRUMP_UNRUFFED,
            Rule.LEADER_TRUMP_RUFFED,
            Rule.PLAIN_LEAD_UNRUFFED,
            Rule.PLAIN_LEAD_RUFFED,
        ),
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
"""Each level's name and the rulings its puzzles are decided by: level 1 leads of a suit that
is not the leader's own, ruffed or not (C4.3, C4.4); level 2 leads of the leader's own trump,
ruffed or not, among plain leads, ruffed or not (C4.1 to C4.4); level 3 every case, C4.1 to
C4.5."""

SLOTS: dict[int, tuple[tuple[TrickCase, ...], ...]] = {
    1: (
        *((PLAIN_UNRUFFED,),) * 6,
        *((PLAIN_RUFFED,),) * 3,
        (PLAIN_UNRUFFED, PLAIN_RUFFED),
    ),
    2: (
        (OWN_UNRUFFED,),
        *((OWN_LED_WINS,),) * 2,
        (OWN_RUFF_WINS,),
        (PLAIN_RUFFED,),
        *((PLAIN_UNRUFFED,),) * 3,
        *((OWN_LED_WINS, OWN_RUFF_WINS, PLAIN_UNRUFFED),) * 2,
    ),
    3: (
        (OWN_UNRUFFED,),
        (OWN_LED_WINS,),
        (OWN_TIE_LED,),
        (OWN_RUFF_WINS,),
        (PLAIN_RUFFED,),
        *((PLAIN_UNRUFFED,),) * 2,
        (PLAIN_TIE_FOLLOWED,),
        (OWN_LED_WINS, OWN_TIE_RUFFS, PLAIN_UNRUFFED),
        (OWN_TIE_LED, PLAIN_TIE_RUFFS, PLAIN_UNRUFFED),
    ),
}
"""Each level's ten puzzles as ten slots, each the cases its puzzle is drawn from (one of them,
equally likely); a quiz asks the slots in an order of its own. The slots keep every rule of
thumb right in at most about a third of a level's puzzles: in level 1 a ruff wins three or
four times in ten; in levels 2 and 3 the leader, the highest ruff and the highest card of the
led suit each win three or four times (C4.1, where the leader wins and there is no ruff, counts
for the first two). Each level 3 quiz holds every case, C4.1 to C4.5."""

RUFF_WINS_SLOTS: dict[int, tuple[tuple[TrickCase, ...], ...]] = {
    1: SLOTS[1],
    2: (
        *((OWN_UNRUFFED,),) * 2,
        *((OWN_LED_WINS,),) * 2,
        (OWN_RUFF_WINS,),
        (PLAIN_RUFFED,),
        *((PLAIN_UNRUFFED,),) * 3,
        (PLAIN_UNRUFFED, OWN_LED_WINS, PLAIN_RUFFED),
    ),
    3: (
        *((OWN_UNRUFFED,),) * 2,
        (OWN_LED_WINS,),
        (OWN_TIE_LED,),
        (OWN_RUFF_WINS,),
        (PLAIN_RUFFED,),
        *((PLAIN_UNRUFFED,),) * 2,
        (PLAIN_TIE_FOLLOWED,),
        (OWN_TIE_RUFFS, PLAIN_TIE_RUFFS, PLAIN_UNRUFFED),
    ),
}
"""The slots of a class quiz under a house rule of ruff-wins (C5), decided by that rule: a
ruffed lead of the leader's own suit goes to the highest ruff, so the leader wins only an
unruffed one (C4.1), which comes oftener. Most ruffed own leads have a led card that outranks
the ruffs (or ties one): the very tricks C5 decides otherwise than C4. Level 1's plain leads
are the same under both rules."""

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


def make_quiz(
    code: str | int,
    level: int = 1,
    count: int = 10,
    version: str = "A",
    rule: HouseRule = STANDARD,
) -> list[Puzzle]:
    """``count`` puzzles of ``level`` (1-3); the same class code and ``version`` (A or B) always
    give the same quiz, and the two versions give different puzzles of the same kinds. Under a
    class's house ``rule`` of ruff-wins (C5) the puzzles of levels 2 and 3 are drawn from
    :data:`RUFF_WINS_SLOTS` and decided by it (all fours changes no trick already played).

    >>> make_quiz("ROOM12", version="B") != make_quiz("ROOM12")
    True
    >>> ruff_wins = make_quiz("ROOM12", 2, rule=HouseRule.from_text("w0"))
    >>> {p.trick.trump_lead.value for p in ruff_wins}
    {'ruff-wins'}
    """
    if level not in LEVELS:
        raise ValueError(f"bad level {level!r}: expected 1, 2 or 3")
    if not isinstance(count, int) or not 1 <= count <= 50:
        raise ValueError(f"bad number of puzzles {count!r}: expected 1 to 50")
    if version not in VERSIONS:
        raise ValueError(f"bad version {version!r}: expected A or B")
    variant = "" if version == "A" else f"/{version}"
    rng = random.Random(f"quiz/{normalise_code(code)}/{level}{variant}")
    lead = rule.trump_lead
    slots = (RUFF_WINS_SLOTS if lead is TrumpLead.RUFF_WINS else SLOTS)[level]
    puzzles: list[Puzzle] = []
    while len(puzzles) < count:
        order = list(slots)
        rng.shuffle(order)
        for cases in order[: count - len(puzzles)]:
            trick = least_guessable_trick(rng.choice(cases), rng, DEFAULT_TRUMPS, lead)
            puzzles.append(Puzzle(len(puzzles) + 1, level, trick))
    return puzzles
