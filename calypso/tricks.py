"""The trick core: who wins a trick and what may be played to it.

Every player may have a personal trump suit (RULINGS C4). A *ruff* is a card of the player's own
trump suit that is not of the led suit; a player who follows suit with their own trump suit is
following, not ruffing.

>>> result = resolve_trick(["9H", "4C", "6D", "2H"], trumps=["S", "C", "D", "H"])
>>> result.winner, result.rule
(2, <Rule.PLAIN_LEAD_RUFFED: 'C4.4'>)
>>> result.explanation
'4♣ and 6♦ ruffed the ♥ lead; the highest ruff wins, so 6♦ takes the trick.'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from calypso.cards import Card, Suit, cards_text, parse_card


class TrumpLead(enum.Enum):
    """How a ruff fares against a lead of the leader's own trump suit (RULINGS C5)."""

    RANKED = "ranked"
    """The higher rank wins, led card included (C4, both seed texts)."""
    RUFF_WINS = "ruff-wins"
    """Any ruff beats the led card, whatever its rank."""

    @classmethod
    def parse(cls, value: str | TrumpLead) -> TrumpLead:
        if isinstance(value, TrumpLead):
            return value
        for member in cls:
            if member.value == value:
                return member
        raise ValueError(f"bad trump_lead {value!r}: expected 'ranked' or 'ruff-wins'")


class Rule(enum.Enum):
    """The ruling that decided a trick: its value is a stable id (``C4.1`` ... ``C5.ruff-wins``)."""

    LEADER_TRUMP_UNRUFFED = "C4.1"
    LEADER_TRUMP_RUFFED = "C4.2"
    PLAIN_LEAD_UNRUFFED = "C4.3"
    PLAIN_LEAD_RUFFED = "C4.4"
    TIE_FIRST_PLAYED = "C4.5"
    RUFF_BEATS_TRUMP_LEAD = "C5.ruff-wins"

    @property
    def summary(self) -> str:
        """The ruling in one sentence, for tables of cases."""
        return _SUMMARIES[self]


_SUMMARIES = {
    Rule.LEADER_TRUMP_UNRUFFED: "The leader led their own trump and nobody ruffed: the leader "
    "wins, whatever the ranks.",
    Rule.LEADER_TRUMP_RUFFED: "The leader led their own trump and someone ruffed: the highest "
    "card among the led card and the ruffs wins.",
    Rule.PLAIN_LEAD_UNRUFFED: "The lead was not the leader's trump and nobody ruffed: the "
    "highest card of the led suit wins.",
    Rule.PLAIN_LEAD_RUFFED: "The lead was not the leader's trump and someone ruffed: the "
    "highest ruff wins.",
    Rule.TIE_FIRST_PLAYED: "Two winning candidates have equal rank: the one played first wins.",
    Rule.RUFF_BEATS_TRUMP_LEAD: "Ruff-wins variant: against a lead of the leader's own trump, "
    "any ruff beats the led card; among several ruffs the highest wins.",
}


class IllegalPlay(ValueError):
    """A card that may not be played now; the message says why."""


def _candidates(
    cards: Sequence[Card], trumps: Sequence[Suit | None], ruff_wins: bool
) -> tuple[list[int], Rule]:
    """The cards that compete on rank under C4/C5, and the case that makes them compete."""
    led = cards[0] // 13
    ruffs = [
        i
        for i in range(1, len(cards))
        if trumps[i] is not None and cards[i] // 13 == trumps[i] and trumps[i] != led
    ]
    if led == trumps[0]:
        if not ruffs:
            return [0], Rule.LEADER_TRUMP_UNRUFFED
        if ruff_wins:
            return ruffs, Rule.RUFF_BEATS_TRUMP_LEAD
        return [0, *ruffs], Rule.LEADER_TRUMP_RUFFED
    if ruffs:
        return ruffs, Rule.PLAIN_LEAD_RUFFED
    return [i for i in range(len(cards)) if cards[i] // 13 == led], Rule.PLAIN_LEAD_UNRUFFED


def trick_winner(
    cards: Sequence[Card], trumps: Sequence[Suit | None], ruff_wins: bool = False
) -> tuple[int, Rule]:
    """The index of the winning card and the rule that decided, without an explanation.

    This is the fast path the game uses; :func:`resolve_trick` adds the explanation.

    >>> from calypso.cards import parse_cards
    >>> trick_winner(parse_cards("JD QS"), [Suit.DIAMONDS, Suit.SPADES])
    (1, <Rule.LEADER_TRUMP_RUFFED: 'C4.2'>)
    """
    candidates, rule = _candidates(cards, trumps, ruff_wins)
    best = candidates[0]
    tied = False
    for i in candidates[1:]:
        rank, top = cards[i] % 13, cards[best] % 13
        if rank > top:
            best, tied = i, False
        elif rank == top:
            tied = True
    return best, Rule.TIE_FIRST_PLAYED if tied else rule


@dataclass(frozen=True)
class TrickResult:
    """Who won a trick, by which ruling, and a sentence that says why."""

    cards: tuple[Card, ...]
    trumps: tuple[Suit | None, ...]
    winner: int
    rule: Rule
    explanation: str

    @property
    def winning_card(self) -> Card:
        return self.cards[self.winner]

    def _repr_html_(self) -> str:
        from calypso import render

        return render.trick_result(self)


def resolve_trick(
    cards: Sequence[str | Card],
    trumps: Sequence[str | Suit | None],
    *,
    trump_lead: str | TrumpLead = "ranked",
) -> TrickResult:
    """Decide a trick played with personal trumps (RULINGS C4, C5).

    ``cards`` are in play order from the leader; ``trumps[i]`` is the personal trump of whoever
    played ``cards[i]`` (a suit letter, a :class:`Suit`, or ``None`` for a player without one).

    >>> resolve_trick(["JD", "QS"], ["D", "S"]).explanation
    'The leader led their own trump, J♦, and Q♠ ruffed; ... so Q♠ takes the trick.'
    >>> resolve_trick(["JD", "QS"], ["D", "S"], trump_lead="ruff-wins").rule.value
    'C5.ruff-wins'
    """
    if isinstance(cards, str):
        raise ValueError(f"bad cards {cards!r}: expected a list of cards such as ['9H', '4C']")
    played = tuple(parse_card(c) for c in cards)
    if not played:
        raise ValueError("bad trick []: a trick needs at least one card")
    if isinstance(trumps, str) or len(trumps) != len(played):
        raise ValueError(
            f"bad trumps {trumps!r}: expected one trump (or None) per card, "
            f"{len(played)} in play order"
        )
    suits = tuple(None if t is None else Suit.parse(t) for t in trumps)
    lead = TrumpLead.parse(trump_lead)
    ruff_wins = lead is TrumpLead.RUFF_WINS
    winner, rule = trick_winner(played, suits, ruff_wins)
    return TrickResult(played, suits, winner, rule, explain(played, suits, winner, ruff_wins))


def _names(cards: Sequence[Card]) -> str:
    names = [c.symbol for c in cards]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def explain(
    cards: Sequence[Card], trumps: Sequence[Suit | None], winner: int, ruff_wins: bool = False
) -> str:
    """One plain sentence saying why ``cards[winner]`` wins the trick."""
    candidates, case = _candidates(cards, trumps, ruff_wins)
    led, win = cards[0], cards[winner]
    suit = led.suit.symbol
    ruffs = _names([cards[i] for i in candidates if i])
    if case is Rule.LEADER_TRUMP_UNRUFFED:
        return (
            f"{led.symbol} was led in the leader's own trump suit and nobody ruffed, "
            "so the leader wins whatever the ranks."
        )
    if case is Rule.LEADER_TRUMP_RUFFED:
        reason = (
            f"The leader led their own trump, {led.symbol}, and {ruffs} ruffed; "
            "the highest of the led card and the ruffs wins"
        )
    elif case is Rule.RUFF_BEATS_TRUMP_LEAD:
        reason = (
            f"Under the ruff-wins rule any ruff beats a lead of the leader's own trump; "
            f"{ruffs} ruffed {led.symbol}, and the highest ruff wins"
        )
    elif case is Rule.PLAIN_LEAD_RUFFED and len(candidates) == 1:
        reason = f"{ruffs} was the only ruff of the {suit} lead"
    elif case is Rule.PLAIN_LEAD_RUFFED:
        reason = f"{ruffs} ruffed the {suit} lead; the highest ruff wins"
    else:
        aside = (
            f" (whoever has {suit} as their trump was only following suit)"
            if trumps[0] != led.suit
            and any(t == c.suit == led.suit for c, t in zip(cards[1:], trumps[1:], strict=True))
            else ""
        )
        reason = f"Nobody ruffed the {suit} lead{aside}; the highest {suit} wins"
    tied = [cards[i] for i in candidates if cards[i].rank == win.rank]
    if len(tied) > 1:
        return (
            f"{reason}; {_names(tied)} tie for that, and the one played first wins, "
            f"so the {win.symbol} played {_ordinal(winner + 1)} takes the trick."
        )
    return f"{reason}, so {win.symbol} takes the trick."


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None = None,
    *,
    all_fours: bool = False,
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (RULINGS C3, C5).

    Follow the led suit if able; otherwise anything. With ``all_fours`` a player may also play
    their own ``trump`` suit while able to follow. Cards come in hand order, one entry per copy.

    >>> from calypso.cards import parse_cards
    >>> legal_plays(parse_cards("2H 5C 9S"), parse_cards("KH"))
    [Card.parse('2H')]
    >>> legal_plays(parse_cards("2H 5C 9S"), parse_cards("KH"), Suit.CLUBS, all_fours=True)
    [Card.parse('2H'), Card.parse('5C')]
    """
    if not trick:
        return list(hand)
    led = trick[0] // 13
    follow = [c for c in hand if c // 13 == led]
    if not follow:
        return list(hand)
    if all_fours and trump is not None and trump != led:
        return [c for c in hand if c // 13 == led or c // 13 == trump]
    return follow


def check_play(
    hand: Sequence[Card],
    trick: Sequence[Card],
    card: Card,
    trump: Suit | None = None,
    *,
    all_fours: bool = False,
) -> None:
    """Raise :class:`IllegalPlay` saying why ``card`` may not be played, or return quietly."""
    if card not in hand:
        raise IllegalPlay(f"{card.symbol} is not in the hand ({cards_text(hand) or 'empty'})")
    if card in legal_plays(hand, trick, trump, all_fours=all_fours):
        return
    led = trick[0].suit
    held = cards_text([c for c in hand if c.suit == led])
    also = f" or play your own trump {trump.symbol}" if all_fours and trump is not None else ""
    raise IllegalPlay(
        f"{card.symbol} may not be played: you must follow {led.symbol}{also} (you hold {held})"
    )
