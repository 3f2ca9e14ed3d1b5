"""Why a card does not take a trick: the engine's answer as data, then as one sentence.

:func:`why_not` follows the same cases as :func:`calypso.engine.tricks.resolve_trick`
(docs/rulings.md C4, C5 with personal trumps; W5, B4 with one trump for everyone) and says which of
them keeps the card at ``index`` from winning, and which card beats it. A widget that marks a wrong
answer words the result with :meth:`Beaten.sentence`; nothing here parses the engine's sentences.

>>> from calypso.engine.cards import parse_cards
>>> cards = parse_cards("9H 8D KH 4C")
>>> reason = why_not(cards, [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS], 1)
>>> reason.kind, reason.trump
(<Why.OFF_SUIT: 'off-suit'>, Suit.CLUBS)
>>> reason.sentence(["N", "E", "S", "W"])
"E's 8♦ does not follow the ♥ lead and is not a ruff: E's trump is ♣"
>>> why_not(cards, [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS], 0).sentence("NESW")
"N's 9♥ was led, but S's K♥ is higher"
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from calypso.engine.cards import Card, Suit, parse_card
from calypso.engine.tricks import Rule, trick_winner
from calypso.i18n import _, card_text, seat_name


class Why(enum.Enum):
    """What keeps a card from taking a trick."""

    OFF_SUIT = "off-suit"
    """It neither follows the led suit nor is a ruff (or, with one trump for all, a trump)."""
    LEAD_STANDS = "lead-stands"
    """C4.1: the leader led their own trump and nobody ruffed, so the led card wins."""
    RUFFED = "ruffed"
    """C4.4, W5: it is of the led suit, but a ruff (a trump) was played, and that beats it."""
    LEAD_AND_RUFFS = "lead-and-ruffs"
    """C4.2, C5: the leader's own trump was led and ruffed; only the led card and the ruffs
    compete, and this card follows suit."""
    LOWER = "lower"
    """It competes, but a higher card of those competing beats it."""
    EQUAL_LATER = "equal-later"
    """C4.5: it is as high as the winning card, which was played first."""


@dataclass(frozen=True)
class Beaten:
    """Why the card at ``index`` of a trick does not take it, and the card that does."""

    index: int
    card: Card
    kind: Why
    winner: int
    """The index of the card that takes the trick."""
    winning_card: Card
    led: Suit
    trump: Suit | None
    """The trump of whoever played the card: their own (personal trumps), or everyone's."""
    shared: bool
    """One trump suit for everyone (the whist games), not personal trumps."""
    rule: Rule
    """The ruling that decides the trick (as :func:`calypso.engine.tricks.trick_winner` names
    it)."""

    def sentence(self, seats: Sequence[str], you: str | None = None) -> str:
        """The reason in one sentence, in the page's language, naming who played what
        (``seats[i]`` played card ``i``); the seat ``you`` is the learner's ("your 8♦")."""

        def whose(i: int, card: Card) -> str:
            if seats[i] == you:
                return _("your {card}").format(card=card_text(card))
            return _("{seat}'s {card}").format(seat=seat_name(seats[i]), card=card_text(card))

        mine = whose(self.index, self.card)
        values = {
            "mine": mine[:1].upper() + mine[1:],
            "theirs": whose(self.winner, self.winning_card),
            "led": self.led.symbol,
            "trump": self.trump.symbol if self.trump is not None else "",
        }
        if self.kind is Why.OFF_SUIT:
            return self._off_suit(seats[self.index] == you, seat_name(seats[self.index]), values)
        if self.kind is Why.LEAD_STANDS:
            text = _(
                "{mine} follows suit, but the leader led their own trump and nobody ruffed, "
                "so {theirs} wins whatever the ranks"
            )
        elif self.kind is Why.RUFFED and self.shared:
            text = _(
                "{mine} is of the led suit, but {theirs} is a trump, and a trump beats the led suit"
            )
        elif self.kind is Why.RUFFED:
            text = _(
                "{mine} is of the led suit, but {theirs} is a ruff, and a ruff beats the led suit"
            )
        elif self.kind is Why.LEAD_AND_RUFFS:
            text = _(
                "{mine} follows suit, but once the leader's own trump is ruffed only the led "
                "card and the ruffs compete, and {theirs} wins"
            )
        elif self.kind is Why.EQUAL_LATER:
            text = _("{mine} {role} and is as high as {theirs}, but {theirs} was played first")
        else:
            text = _("{mine} {role}, but {theirs} is higher")
        return text.format(role=self._role(), **values)

    def _off_suit(self, yours: bool, seat: str, values: dict[str, str]) -> str:
        if self.shared and self.trump is None:
            text = _("{mine} does not follow the {led} lead, and there are no trumps")
        elif self.shared:
            text = _("{mine} does not follow the {led} lead and is not a trump ({trump})")
        elif self.trump is None:
            text = _("{mine} does not follow the {led} lead, and its player has no trump")
        else:
            owner = (
                _("your trump is {trump}")
                if yours
                else _("{seat}'s trump is {trump}").format(seat=seat, trump="{trump}")
            )
            if self.trump == self.led:
                owner = _("{owner}, the suit led").format(owner=owner)
            text = _("{mine} does not follow the {led} lead and is not a ruff: {owner}").format(
                owner=owner, mine="{mine}", led="{led}"
            )
        return text.format(**values)

    @property
    def names_winner(self) -> bool:
        """Whether :meth:`sentence` names the card that takes the trick."""
        return self.kind is not Why.OFF_SUIT

    def _role(self) -> str:
        """What the card is in the trick: the lead, a card following suit, a ruff, a trump."""
        if self.index == 0:
            return _("was led")
        if self.shared and self.card.suit == self.trump and self.led != self.trump:
            return _("is a trump")
        if not self.shared and self.card.suit == self.trump and self.led != self.trump:
            return _("is a ruff")
        return _("follows the {led} lead").format(led=self.led.symbol)


def why_not(
    cards: Sequence[str | Card],
    trumps: Sequence[str | Suit | None],
    index: int,
    *,
    shared: bool = False,
    ruff_wins: bool = False,
) -> Beaten:
    """Why ``cards[index]`` does not take the trick ``cards`` (in play order).

    ``trumps[i]`` is the personal trump of whoever played ``cards[i]``; with ``shared``,
    ``trumps[0]`` is everyone's (``None``: no trump). Raises ``ValueError`` for the card that
    does take the trick.

    >>> why_not(["KS", "KS", "2H"], ["H", "D", "C"], 1).kind
    <Why.EQUAL_LATER: 'equal-later'>
    >>> why_not(["KS", "KS"], ["H", "D"], 0)
    Traceback (most recent call last):
    ...
    ValueError: bad index 0: K♠ takes this trick
    """
    played = [parse_card(c) for c in cards]
    suits = [None if t is None else Suit.parse(t) for t in trumps]
    if shared:
        suits = [suits[0]] * len(played)
    if len(suits) != len(played) or not 0 <= index < len(played):
        raise ValueError(f"bad trick: {len(played)} cards, {len(suits)} trumps, index {index}")
    winner, rule = trick_winner(played, suits, ruff_wins, shared)
    card, best = played[index], played[winner]
    if index == winner:
        raise ValueError(f"bad index {index}: {card.symbol} takes this trick")
    led = played[0].suit
    trump = suits[index]

    def beaten(kind: Why) -> Beaten:
        return Beaten(index, card, kind, winner, best, led, trump, shared, rule)

    if shared:
        trumped = trump is not None and card.suit == trump
        if card.suit != led and not trumped:
            return beaten(Why.OFF_SUIT)
        if best.suit != card.suit:
            return beaten(Why.RUFFED)
    else:
        ruffs = _ruffs(played, suits)
        ruff = index in ruffs
        own_lead = led == suits[0]
        if card.suit != led and not ruff:
            return beaten(Why.OFF_SUIT)
        if own_lead and not ruffs:
            return beaten(Why.LEAD_STANDS)
        if ruffs and not ruff and not (own_lead and not ruff_wins and index == 0):
            return beaten(Why.LEAD_AND_RUFFS if own_lead and not ruff_wins else Why.RUFFED)
    if card.rank == best.rank:
        return beaten(Why.EQUAL_LATER)
    return beaten(Why.LOWER)


def _ruffs(cards: Sequence[Card], trumps: Sequence[Suit | None]) -> list[int]:
    """The indices of the ruffs: a follower's own trump, not of the led suit (C4)."""
    led = cards[0].suit
    return [
        i
        for i in range(1, len(cards))
        if trumps[i] is not None and cards[i].suit == trumps[i] != led
    ]
