"""Whole numbers that must lie in a range, the error that says which one does not, and the
ranges of the numbers a user types (seeds, games, counts).

The engine's message is one precise line; the error also carries what was checked, for whom,
the value and the range, so a widget can say the same thing in a learner's words next to the
field it came from.

>>> whole("cards in progress", 13, 0, 12, who="S")
Traceback (most recent call last):
...
calypso.engine.limits.OutOfRange: bad cards in progress 13 for S: expected a whole number from 0 to
12
>>> whole("trickpile", 19, 0, 208)
19
"""

from __future__ import annotations


class OutOfRange(ValueError):
    """A number outside the range the rules allow (or not a whole number at all)."""

    def __init__(self, what: str, value: object, low: int, high: int, who: str = "") -> None:
        self.what, self.value, self.low, self.high, self.who = what, value, low, high, who
        whose = f" for {who}" if who else ""
        super().__init__(
            f"bad {what} {value!r}{whose}: expected a whole number from {low} to {high}"
        )


def whole(what: str, value: object, low: int, high: int, *, who: str = "") -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else :class:`OutOfRange`."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OutOfRange(what, value, low, high, who)
    return value


SEEDS = (0, 2**31 - 1)
"""The seeds a user may type, in the command line and in the pages' seed boxes."""

GAMES = (1, 10_000)
"""How many games one ``calypso simulate`` plays (about a minute and a half of Call Bridge)."""
