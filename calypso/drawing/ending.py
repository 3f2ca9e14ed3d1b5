"""The end of a game, a hand or a round drawn once for every table, from its outcome
(:class:`calypso.engine.outcome.Outcome`) and the words of :mod:`calypso.words.outcome`: as a
block of its own (:func:`ending_block`), or as the line a card table's status shows as text
(:func:`ending_line`). A family adds its own detail after the result: the hand's score lines,
where the score sheet is.

>>> from calypso.engine.outcome import Outcome, Span
>>> hand = Outcome.highest({"N": 340, "E": -170, "W": 60}, over=True, span=Span.HAND)
>>> for part in ending_block(hand, "<p>A misère.</p>").split("<p>"):
...     print(part)
<div class="calypso-ending calypso-hand-end" role="status">
<b>Hand over.</b> Scores: N +340, E -170, W +60.</p>
A misère.</p></div>
>>> ending_line(hand, "Two tricks each.")
'Hand over. Scores: N +340, E -170, W +60. Two tricks each.'
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from calypso.words.outcome import headline, result

if TYPE_CHECKING:
    from calypso.engine.outcome import Outcome


def ending_block(outcome: Outcome, detail: str = "") -> str:
    """The ending as a block the page announces (``role="status"``): the headline in bold, the
    result, then ``detail`` (HTML, already escaped); its classes say what ended
    (``calypso-game-end``, ``calypso-hand-end``, ``calypso-round-end``). Empty while the game
    goes on."""
    if not outcome.over:
        return ""
    said = f"<b>{escape(headline(outcome))}</b> {escape(result(outcome))}"
    return (
        f'<div class="calypso-ending calypso-{outcome.span.value}-end" role="status">'
        f"<p>{said}</p>{detail}</div>"
    )


def ending_line(outcome: Outcome, detail: str = "") -> str:
    """The ending as one line of text (a card table's status): the headline, the result and
    ``detail`` (text). Empty while the game goes on.

    >>> from calypso.engine.outcome import Outcome
    >>> ending_line(Outcome.highest({"NS": 9, "EW": 9}, over=True, sides=True, draws=True))
    'Game over. A draw: NS 9 to EW 9.'
    """
    if not outcome.over:
        return ""
    return " ".join(part for part in (headline(outcome), result(outcome), detail) if part)
