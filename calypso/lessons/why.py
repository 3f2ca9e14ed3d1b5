"""Why play a card: the reasons a learner can give, and which of them are true of a position
(issue 33, *right card, wrong reason*).

A :class:`Reason` is a claim about the trick in play, such as "this card takes the trick for
my side" or "my partner's calypso gets this card". Whether it holds of a card is read off the
engine and the exact solver (:func:`calypso.partnership.solver.solve`): the card is played, then
every continuation of the trick in which each player plays one of their best cards is followed to
the trick's end, and a claim about the trick holds only when it holds in **all** of them, so
no claim rests on the solver's choice between cards of equal value. Claims about a ruff or a
lead are read off the trick rules themselves (C4, C5).

:func:`question` picks the reasons to offer for a position: every reason true of a best card,
and reasons false of every best card but true of another card (the temptations), so that a
right card with a reason that is not its own can be told apart. :func:`grade` marks an answer.

>>> from calypso.partnership.game import Game
>>> game = Game(seed=0)
>>> while len(game.tricks[-1]) < 11:
...     _ = game.play(game.legal_plays()[0])
>>> ask = question(game)
>>> ask.seat, [str(card) for card in ask.best], [reason.value for reason in ask.reasons]
('S', ['QH'], ['wins', 'own-lead'])
>>> sorted(reason.value for reason in ask.holds[Card.parse("JS")])  # worth 10 less
['own-lead', 'wins']
>>> grade(ask, ask.best[0], Reason.WINS), grade(ask, ask.best[0], Reason.OWN_LEAD)
(<Grade.RIGHT: 'right'>, <Grade.WRONG_REASON: 'wrong-reason'>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from calypso.engine.cards import Card
from calypso.engine.tricks import TrumpLead, trick_winner
from calypso.i18n import N_
from calypso.partnership.advice import Place, TrickPlay, played_out, replayed
from calypso.partnership.calypsos import Where
from calypso.partnership.game import SEATS, Game, partner_of
from calypso.partnership.solver import solve

MOST_OFFERED = 4
"""The most reasons a question offers."""


class Reason(enum.Enum):
    """A reason for playing a card, as a learner gives it."""

    WINS = "wins"
    ONLY_WINNER = "only-winner"
    PARTNER_TAKES = "partner-takes"
    FEEDS_PARTNER = "feeds-partner"
    FEEDS_OWN = "feeds-own"
    OWN_LEAD = "own-lead"
    RUFF_BEATS = "ruff-beats"
    LOST_ANYWAY = "lost-anyway"

    @property
    def words(self) -> str:
        """The reason in a learner's words (a catalog message: pass it through ``_``)."""
        return _WORDS[self]

    @property
    def rule(self) -> str:
        """The ruling the reason rests on (docs/rulings.md), or ``""``."""
        return _RULES.get(self, "")


_WORDS = {
    Reason.WINS: N_("This card takes the trick for my side."),
    Reason.ONLY_WINNER: N_("It is the only card I may play that takes the trick."),
    Reason.PARTNER_TAKES: N_("My partner takes this trick, so my card need not."),
    Reason.FEEDS_PARTNER: N_("My partner's calypso needs this card, and gets it."),
    Reason.FEEDS_OWN: N_("My own calypso gets this card back."),
    Reason.OWN_LEAD: N_("A lead of my own trump wins the trick unless a ruff beats it."),
    Reason.RUFF_BEATS: N_("My ruff beats every card played to the trick so far."),
    Reason.LOST_ANYWAY: N_(
        "The trick goes to the other side whatever I play: this card costs least."
    ),
}
_RULES = {
    Reason.FEEDS_PARTNER: "C6",
    Reason.FEEDS_OWN: "C6",
    Reason.OWN_LEAD: "C4.1",
}


class Grade(enum.Enum):
    """How an answer (a card and its reason) fares."""

    RIGHT = "right"
    WRONG_REASON = "wrong-reason"
    """A best card, with a reason that is not true of it."""
    WRONG_CARD = "wrong-card"


@dataclass(frozen=True)
class Ending:
    """One way the trick in play can end after a card, both sides playing their best: who
    takes it, and where the card went (C6)."""

    winner: str
    place: Place


@dataclass(frozen=True)
class Question:
    """A position asked about: the seat to play, its best cards (the solver's, all of equal
    value), the reasons offered (in :class:`Reason`'s order), and which reasons hold of each
    distinct legal card."""

    seat: str
    best: tuple[Card, ...]
    reasons: tuple[Reason, ...]
    holds: dict[Card, frozenset[Reason]]


def endings(game: Game, card: Card) -> frozenset[Ending]:
    """Every way the trick in play can end once the player to move plays ``card``, each later
    player of the trick playing one of their best cards (ties all followed). ``game`` is left
    as it was."""
    start = replayed(game)
    found: set[Ending] = set()
    _follow(start, [card], len(game.trick), found)
    return frozenset(found)


def _follow(start: Game, cards: list[Card], mine: int, found: set[Ending]) -> None:
    """Extend the trick's ``cards`` (from ``start``'s position) with every best reply."""
    if mine + len(cards) == len(SEATS):
        trick: TrickPlay = played_out(start, cards)[0]
        found.add(Ending(trick.trick.winner, trick.places[mine]))
        return
    after = replayed(start)
    for card in cards:
        after.play(card)
    solution = solve(after)
    top = solution.best.value
    for value in solution.cards:
        if value.value == top:
            _follow(start, [*cards, value.card], mine, found)


def facts(game: Game, values: Mapping[Card, int] | None = None) -> dict[Card, frozenset[Reason]]:
    """Which reasons hold of each distinct legal card of the player to move; ``values`` are
    the solver's values of those cards when already worked out.

    Raises ``ValueError`` when the game is over or the solver cannot reach the deal's end.
    """
    seat = game.turn
    if seat is None:
        raise ValueError("the game is over: there is no card to give a reason for")
    if values is None:
        values = _values(game)
    ends = {card: endings(game, card) for card in values}
    partner = partner_of(seat)
    ours = {seat, partner}
    takers = {card for card, found in ends.items() if all(e.winner == seat for e in found)}
    lost = all(e.winner not in ours for found in ends.values() for e in found)
    best = max(values.values())
    holds = {}
    for card, found in ends.items():
        true = set(_rule_reasons(game, seat, card))
        if card in takers:
            true.add(Reason.WINS)
            if all(
                not any(e.winner == seat for e in ends[other]) for other in ends if other != card
            ):
                true.add(Reason.ONLY_WINNER)
        if all(e.winner == partner for e in found):
            true.add(Reason.PARTNER_TAKES)
        if all(_into(e.place, partner) for e in found):
            true.add(Reason.FEEDS_PARTNER)
        if all(_into(e.place, seat) for e in found):
            true.add(Reason.FEEDS_OWN)
        if lost and values[card] == best:
            true.add(Reason.LOST_ANYWAY)
        holds[card] = frozenset(true)
    return holds


def _values(game: Game) -> dict[Card, int]:
    """The solver's value of each distinct legal card of the player to move."""
    return {value.card: value.value for value in solve(game).cards}


def _into(place: Place, seat: str) -> bool:
    return place.where is not Where.PILE and place.owner == seat


def _rule_reasons(game: Game, seat: str, card: Card) -> Iterable[Reason]:
    """The reasons about a lead or a ruff that the trick rules make true of ``card`` (C4, C5)."""
    own = game.trump(seat)
    trick = game.trick
    if not trick:
        if card.suit == own:
            yield Reason.OWN_LEAD
        return
    if card.suit != own or card.suit == trick[0].suit:
        return
    order = game.order_from(game.index(game.trick_leader))
    cards = [*trick, card]
    trumps = [game.options.trumps[order[i]] for i in range(len(cards))]
    winner, _ = trick_winner(cards, trumps, game.options.trump_lead is TrumpLead.RUFF_WINS)
    if winner == len(trick):
        yield Reason.RUFF_BEATS


def question(game: Game) -> Question:
    """The reasons to offer the player to move: every reason true of a best card, then reasons
    true of another card but of no best card, up to :data:`MOST_OFFERED` (the true ones first
    in line), in :class:`Reason`'s order.

    Raises ``ValueError`` as :func:`facts` does, and when the position offers nothing to tell
    apart: no reason true of a best card, or none true only of another card.
    """
    values = _values(game)
    holds = facts(game, values)
    top = max(values.values())
    best = tuple(card for card, value in values.items() if value == top)
    right = set().union(*(holds[card] for card in best))
    tempting = set().union(*(holds[card] for card in holds if card not in best)) - right
    if not right or not tempting:
        raise ValueError("this position has no reason to tell a right card from a wrong one")
    order = list(Reason)
    true_first = sorted(right, key=order.index)[: MOST_OFFERED - 1]
    false_next = sorted(tempting, key=order.index)[: MOST_OFFERED - len(true_first)]
    offered = tuple(sorted([*true_first, *false_next], key=order.index))
    return Question(str(game.turn), best, offered, holds)


def grade(ask: Question, card: Card, reason: Reason) -> Grade:
    """A best card with a reason true of it is right; a best card with any other reason is
    right for the wrong reason; any other card is wrong."""
    if card not in ask.best:
        return Grade.WRONG_CARD
    return Grade.RIGHT if reason in ask.holds[card] else Grade.WRONG_REASON
