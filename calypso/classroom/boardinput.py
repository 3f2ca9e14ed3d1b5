"""What the class board takes from a student's page: each value checked before it is stored, and
a refusal in plain words, in the language of the page that sent it, for anything else.

>>> checked_number("3", 1, 10, "puzzle"), checked_code("room12")
(3, 'ROOM12')
>>> checked_choice(" a", ("A", "B"), "version")
'A'
>>> checked_number(11, 1, 10, "puzzle")
Traceback (most recent call last):
...
calypso.classroom.boardinput.BoardError: There is no puzzle 11 in this quiz. The puzzles are 1 to
10."""

from __future__ import annotations

from calypso.classroom.classview import QUIZ_SIZE
from calypso.classroom.results import MAX_NAME, BadName, normalise_name
from calypso.i18n import N_, _
from calypso.lessons.exercises import STAGES
from calypso.lessons.quiz import normalise_code

MAX_INPUT = 100
"""Longer text than this is refused before any other work (a name is at most 24 characters)."""

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
    "rule": N_("The quiz is played under the rules as written or a house rule of the class."),
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


def refusal(reason: str, shown: object = None) -> str:
    """The words of a refusal in the page's language, naming the wrong value when shown."""
    said = _(MESSAGES[reason]).format(
        most={"name": MAX_NAME, "puzzle": QUIZ_SIZE}.get(reason), stages=", ".join(STAGES)
    )
    if shown is None or reason not in LEADS:
        return said
    lead = _(LEADS[reason]).format(value=shown)
    return f"{lead} {said}"


class BoardError(ValueError):
    """Input the board refuses; the message is plain words, ``reason`` says which part was bad
    (a key of :data:`MESSAGES`).

    >>> BoardError("stars").reason
    'stars'
    """

    def __init__(self, reason: str, shown: object = None) -> None:
        super().__init__(refusal(reason, shown))
        self.reason = reason


def small(value: object) -> bool:
    """Whether ``value`` is short enough to look at (text longer than :data:`MAX_INPUT` is
    not)."""
    return not isinstance(value, str | bytes) or len(value) <= MAX_INPUT


def check_sizes(**values: object) -> None:
    """Refuse the first oversized value, by its name, before any other work."""
    for reason, value in values.items():
        if not small(value):
            raise BoardError(reason)


def checked_number(value: object, low: int, high: int, reason: str) -> int:
    """A whole number from ``low`` to ``high``; a wrong one is named in the refusal."""
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 3:
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardError(reason)
    if not low <= value <= high:
        raise BoardError(reason, value if -1000 < value < 1000 else None)
    return value


def checked_code(value: object) -> str:
    """A class code, upper case, or :class:`BoardError` ``"code"``."""
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise BoardError("code")
    try:
        return normalise_code(value)
    except ValueError:
        raise BoardError("code") from None


def checked_name(value: object) -> str:
    """A student's name as results carry it, or :class:`BoardError` ``"name"``."""
    if not isinstance(value, str):
        raise BoardError("name")
    try:
        return normalise_name(value)
    except BadName:
        raise BoardError("name") from None


def checked_choice(value: object, options: tuple[str, ...], reason: str) -> str:
    """One of ``options`` (any case, spaces around ignored); a short wrong one is named."""
    text = value.strip().upper() if isinstance(value, str) else None
    if text not in options:
        shown = text if text and text.isalnum() and len(text) <= 3 else None
        raise BoardError(reason, shown)
    return text
