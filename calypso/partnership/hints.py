"""A bot's reasons: why the greedy player (:mod:`calypso.partnership.bots`) would play its
card, as values the words layer says in the page's language (:func:`calypso.words.hint`).

>>> from calypso.engine.cards import Card
>>> Hint(Advice.PARTNER_TAKES, Card.parse("2C"), seat="N").advice.value
'partner-takes'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from calypso.engine.cards import Card, Suit


class Advice(enum.Enum):
    """What the greedy player's hint says about its card (the kind of a :class:`Hint`)."""

    LEAD_LOW = "lead-low"
    """No card of one's own trump suit to lead: lead a low card."""
    LEAD_OWN = "lead-own"
    """Lead one's own trump suit (C4.1, C4.2, C5)."""
    WINS = "wins"
    """The card takes the trick (the learner plays last)."""
    AHEAD = "ahead"
    """The card wins so far; others are still to play."""
    PARTNER_TAKES = "partner-takes"
    """The partner takes the trick: no need to beat them."""
    PARTNER_AHEAD = "partner-ahead"
    """The partner wins so far: no need to beat them."""
    LET_GO = "let-go"
    """The trick could be taken but holds little: let the other side have it."""
    STAY_BEHIND = "stay-behind"
    """The card could go ahead of the other side, but the trick holds little."""
    CANNOT_BEAT = "cannot-beat"
    """Nothing beats the other side's card, which takes the trick: give a card away."""
    CANNOT_BEAT_YET = "cannot-beat-yet"
    """Nothing beats the other side's card, winning so far: give a card away."""


class Against(enum.Enum):
    """What can beat a lead of one's own trump suit (C4.1, C4.2, C5)."""

    ANY_RUFF = "any-ruff"
    """The ruff-wins variant: any ruff (C5)."""
    NOTHING = "nothing"
    """An ace led in the leader's own suit: no ruff can (C4.2)."""
    HIGHER_RUFF = "higher-ruff"
    """Only a ruff higher than the led card (C4.2)."""


@dataclass(frozen=True)
class Hint:
    """Why the greedy player would play ``card``, as a value that :func:`calypso.words.hint`
    words: the ``advice``, the ``seat`` that wins (so far), the seats still to play
    (``later``), the trick's cards the side's calypsos need (``needed``), whether the card
    given away is one the side needs (``costly``), and for a lead the leader's own trump
    suit (``own``), whether the leader's calypso needs the card and what can beat it."""

    advice: Advice
    card: Card
    seat: str = ""
    later: tuple[str, ...] = ()
    needed: tuple[Card, ...] = ()
    costly: bool = False
    own: Suit | None = None
    against: Against = Against.HIGHER_RUFF
