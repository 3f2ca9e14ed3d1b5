"""The table every game on the trick core shares: seats, turns, dealing, the trick in progress.

Seats are named by short strings and indexed in the order play passes. Games subclass
:class:`TrickTable` and keep their own rules (what is trump, where won cards go, scoring).

>>> parse_seat("w", ("N", "E", "S", "W"))
3
>>> rotation(4, 2)
(2, 3, 0, 1)
>>> from calypso.engine.cards import parse_cards
>>> [" ".join(map(str, hand)) for hand in deal_out(parse_cards("2C 3C 4C 5C 6C"), 3, dealer=0)]
['4C', '2C 5C', '3C 6C']
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from calypso.engine.cards import Card, Suit, parse_card
from calypso.engine.outcome import Outcome
from calypso.engine.tricks import (
    IllegalPlay,
    Refusal,
    Refused,
    Rule,
    TrickResult,
    TrickRules,
    check_play,
    legal_plays,
    trick_winner,
)


class OutOfTurn(IllegalPlay):
    """A call or card from a player who is not on turn; every game raises this one."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick of any game on the trick core: who led, the cards in play order from
    the leader, who won and why, and the seat that played each card."""

    leader: str
    cards: tuple[Card, ...]
    winner: str
    rule: Rule
    seats: tuple[str, ...]


def parse_seat(seat: str | int, seats: Sequence[str]) -> int:
    """A seat's index in ``seats`` from its name (any case) or its index.

    >>> parse_seat("C", ("A", "B", "C"))
    2
    >>> parse_seat("X", ("N", "E", "W"))
    Traceback (most recent call last):
    ...
    ValueError: bad seat 'X': expected N, E or W
    """
    if type(seat) is int and 0 <= seat < len(seats):
        return seat  # the common cases first: an index, or a seat's own name
    if seat.__class__ is str and seat in seats:
        return tuple(seats).index(seat)
    if isinstance(seat, str) and seat.strip().upper() in seats:
        return list(seats).index(seat.strip().upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats):
        return seat
    raise ValueError(f"bad seat {seat!r}: expected {', '.join(seats[:-1])} or {seats[-1]}")


@functools.cache
def rotation(players: int, start: int) -> tuple[int, ...]:
    """Seat indices in play order, starting at ``start``."""
    return tuple((start + i) % players for i in range(players))


@functools.cache
def seat_order(seats: tuple[str, ...], leader: int) -> tuple[str, ...]:
    """Seat names in play order from the seat at index ``leader``."""
    return tuple(seats[i] for i in rotation(len(seats), leader))


def play_order(
    leader: str | int, seats: Sequence[str], count: int | None = None
) -> tuple[str, ...]:
    """Who plays to a trick led by ``leader`` (a seat's name or index), in turn: ``seats`` are a
    game's seats in play order; the first ``count`` of them (all, unless given).

    >>> play_order("S", ("N", "E", "S", "W"))
    ('S', 'W', 'N', 'E')
    >>> play_order("S", ("N", "W", "S", "E"), 2)
    ('S', 'E')
    """
    order = seat_order(tuple(seats), parse_seat(leader, seats))
    return order if count is None else order[:count]


def deal_out(cards: Sequence[Card], players: int, dealer: int) -> tuple[tuple[Card, ...], ...]:
    """Deal ``cards`` one at a time round the table from the dealer's left; hands come sorted
    and indexed by seat."""
    return tuple(
        tuple(sorted(cards[(seat - dealer - 1) % players :: players])) for seat in range(players)
    )


class TrickTable:
    """Seats, hands, and the trick in progress, with the moves every game makes the same way.

    A subclass sets ``seats`` (and ``partnerships`` when seats ``i`` and ``i + 2`` are partners,
    ``draws`` when level totals are a draw), ``rules`` (how it plays a trick) and ``play_phase``
    (the phase in which cards are played), deals into ``_hands``, keeps ``_leader`` and
    ``_turn`` current, and defines ``turn`` (``None`` once the game is over) and ``own_trump``
    (whose trump counts for a player's card), calling :meth:`_ready_trumps` whenever it sets the
    trumps. The table then plays every card the same way (:meth:`play`), calling the game's
    hooks: :meth:`_trick_won` for each trick won and :meth:`_hands_out` when the last card of a
    deal is played. It shows the trick so far with the card winning so far, the last trick with
    its verdict under the game's rules (:mod:`calypso.engine.moves`), and the end of the game
    (:attr:`outcome`, from the game's :meth:`_scores`). A two-seat game that counts tricks, one
    deal, no trumps:

    >>> from calypso.engine.cards import parse_cards
    >>> from calypso.engine.moves import Phase
    >>> class Tricks(TrickTable):
    ...     seats, rules, play_phase = ("A", "B"), TrickRules(shared=True), Phase.PLAY
    ...     def __init__(self, a: str, b: str) -> None:
    ...         self._hands, self._trick = [parse_cards(a), parse_cards(b)], []
    ...         self._leader = self._turn = 0
    ...         self.phase, self.won = Phase.PLAY, {"A": 0, "B": 0}
    ...         self._ready_trumps()
    ...     turn = property(lambda self: None if self.phase is Phase.OVER else "AB"[self._turn])
    ...     def own_trump(self, player): return None
    ...     def _trick_won(self, winner, trick): self.won[trick.winner] += 1
    ...     def _hands_out(self): self.phase = Phase.OVER
    ...     def _scores(self): return dict(self.won)
    >>> game = Tricks("2H AH", "3H 4H")
    >>> game.play("2H"), game.play("3H").winner, game.turn
    (None, 'B', 'B')
    >>> game.play("AH", seat="A")
    Traceback (most recent call last):
    ...
    calypso.engine.table.OutOfTurn: it is B's turn, not A's
    >>> _ = game.play("4H"); game.play("AH").winner, game.outcome.kind.value, game.outcome.winners
    ('A', 'shared', ('A', 'B'))
    """

    seats: tuple[str, ...]
    partnerships: bool = False
    draws: bool = False
    """Whether totals all level at the end are a draw rather than a shared win (Calypso, C7)."""
    rules: TrickRules
    phase: enum.Enum
    """What the game waits for: its value is one of :class:`calypso.engine.moves.Phase`'s."""
    play_phase: enum.Enum
    """The game's phase in which cards are played (its value is ``"play"``)."""
    closed: int = 0
    """Tricks closed so far in the game."""
    last_trick: Trick | None = None
    """The trick closed last (of this deal or an earlier one), or ``None`` before any."""
    _last_trumps: Sequence[Suit | None] = ()
    _trumps_by_leader: Sequence[tuple[Suit | None, ...]] = ()
    """By leader, the trump that counts for each card of a trick in play order
    (:meth:`_ready_trumps`)."""
    _legal: list[Card] | None = None
    """The cards the player on turn may play, once :meth:`legal_plays` has worked them out for
    this turn; the card laid clears them, and so must a game that deals anew. A game whose own
    ``legal_plays`` never keeps them (Calypso's) gains no attribute of its own here (a clone of
    Calypso's game in tests/solver_brute.py copies exactly the attributes it knows)."""
    _hands: list[list[Card]]
    _trick: list[Card]
    _leader: int
    _turn: int

    @property
    def turn(self) -> str | None:
        raise NotImplementedError

    def legal_moves(self) -> Sequence[Any]:
        """The moves open now (:mod:`calypso.engine.moves`), each with one text form."""
        raise NotImplementedError

    def apply(self, move: Any) -> None:
        """Make a move; one that is not allowed raises and changes nothing."""
        raise NotImplementedError

    def parse_move(self, text: str) -> Any:
        """A move from its text, as the phase expects it."""
        raise NotImplementedError

    def move_text(self, move: Any) -> str:
        """A move's one text form (:func:`calypso.engine.moves.move_text`)."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self.turn is None

    @property
    def outcome(self) -> Outcome:
        """How the game stands: each seat's or side's total (:meth:`_scores`) and, once it is
        over, who won; the highest total wins and equal highest totals share the win (or draw,
        in a game that :attr:`draws`).

        >>> from calypso.whist import call_bridge
        >>> game = call_bridge.new_game(seed=1, rounds=1)
        >>> game.outcome.over, game.outcome.winners, game.outcome.kind.value
        (False, (), 'playing')
        """
        return Outcome.highest(
            self._scores(), over=self.is_over, sides=self.partnerships, draws=self.draws
        )

    def index(self, seat: str | int) -> int:
        """A seat's index from its name (any case) or index."""
        return parse_seat(seat, self.seats)

    def hand(self, seat: str | int) -> list[Card]:
        return list(self._hands[self.index(seat)])

    def side_of(self, player: int) -> tuple[int, ...]:
        """The player and, in a partnership game, their partner (the player first)."""
        if self.partnerships:
            return (player, (player + 2) % len(self.seats))
        return (player,)

    def after(self, player: int) -> int:
        """The seat next in play order after ``player`` (the dealer's left, for the dealer)."""
        return (player + 1) % len(self.seats)

    def order_from(self, leader: int) -> tuple[int, ...]:
        """Seat indices in play order from ``leader``."""
        return rotation(len(self.seats), leader)

    def own_trump(self, player: int) -> Suit | None:
        """The trump that counts for ``player``'s card: their own, or everyone's."""
        raise NotImplementedError

    def trick_so_far(self) -> TrickResult | None:
        """The verdict on the trick in progress as it stands (the card winning so far), or
        ``None`` when no card is on it."""
        if not self._trick:
            return None
        order = self.order_from(self._leader)[: len(self._trick)]
        return self.rules.resolve(self._trick, [self.own_trump(p) for p in order])

    def last_verdict(self) -> TrickResult | None:
        """The verdict on :attr:`last_trick`, with its explanation (``None`` before any)."""
        if self.last_trick is None:
            return None
        return self.rules.resolve(self.last_trick.cards, self._last_trumps)

    def rule_id(self, result: TrickResult) -> str:
        """The id this game reports a verdict under (Call Bridge's B4 ids)."""
        return self.rules.rule_id(result.rule)

    def legal_plays(self) -> list[Card]:
        """The cards the player on turn may play now under the game's :attr:`rules` (one entry
        per copy held; none outside the play phase), worked out once a turn."""
        if self.phase is not self.play_phase:
            return []
        legal = self._legal
        if legal is None:
            p, rules = self._turn, self.rules
            legal = self._legal = legal_plays(
                self._hands[p],
                self._trick,
                self.own_trump(p),
                all_fours=rules.all_fours,
                must_overtrump=rules.must_overtrump,
            )
        return list(legal)

    def refusals(self) -> dict[Card, Refusal]:
        """Each card the player on turn may not play to the trick, with why."""
        p = self._turn
        return self.rules.refusals(self._hands[p], self._trick, self.own_trump(p))

    @property
    def to_play(self) -> int:
        """The index of the seat whose card the trick in progress waits for (in play only).

        >>> from calypso.whist import call_bridge
        >>> game = call_bridge.new_game(seed=1, rounds=1)
        >>> game.seats[game.to_play] == game.trick_leader
        True
        """
        return self._turn

    @property
    def trick_order(self) -> tuple[int, ...]:
        """Seat indices in play order for the trick in progress, from its leader (in play).

        >>> from calypso.whist import call_bridge
        >>> game = call_bridge.new_game(seed=1, rounds=1)
        >>> game.trick_order[0] == game.to_play
        True
        """
        return rotation(len(self.seats), self._leader)

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, in play order from its leader."""
        return list(self._trick)

    @property
    def trick_leader(self) -> str:
        """Who led (or will lead) the trick in progress."""
        return self.seats[self._leader]

    def _check_turn(self, seat: str | int | None) -> None:
        """Raise :class:`OutOfTurn` when ``seat`` is given and is not the one on turn."""
        if seat is None:
            return
        asked = self.seats[self.index(seat)]
        if asked != self.turn:
            raise OutOfTurn(Refusal(Refused.OUT_OF_TURN, seat=asked, turn=self.turn))

    # -- the one card-play sequence, and the hooks a game overrides ---------------------------

    def play(self, card: str | Card, seat: str | int | None = None) -> Trick | None:
        """Play a card for the player on turn; returns the trick if this card completed one.

        The sequence every game shares: the card must come in the play phase, from the seat on
        turn when ``seat`` is given, and be legal under the game's :attr:`rules`; it is laid,
        and the card that completes the trick closes it (:meth:`_finish_trick`). A card that
        may not be played raises :class:`IllegalPlay` (a ``ValueError``) saying why, or
        :class:`OutOfTurn`, and changes nothing.
        """
        if self.phase is not self.play_phase:
            raise IllegalPlay(self._not_playing())
        if seat is not None:
            self._check_turn(seat)
        if card.__class__ is not Card:
            card = parse_card(card)
        if self._lay(card):
            return self._finish_trick()
        return None

    def _not_playing(self) -> Refusal:
        """Why no card may be played now (the game is not in its play phase)."""
        return Refusal(Refused.WRONG_PHASE, phase=self.phase.value)

    def _trick_won(self, winner: int, trick: Trick) -> None:
        """Hook: the seat at index ``winner`` won ``trick`` (where its cards go, what it
        counts); the table is already cleared and the winner is on lead."""

    def _hands_out(self) -> None:
        """Hook: the trick just won was the last of the deal (every hand is empty): score it,
        and deal the next one or end the game."""

    def _ready_trumps(self) -> None:
        """Work out, for each leader, the trump that counts for each card of a trick, in play
        order (:meth:`own_trump`'s): a game calls this whenever its trumps are set, before the
        first card is played under them."""
        own = tuple(map(self.own_trump, range(len(self.seats))))
        self._trumps_by_leader = [own[leader:] + own[:leader] for leader in range(len(own))]

    def _scores(self) -> dict[str, int]:
        """Each seat's (or, in a partnership game, side's) total as it stands, in seat order:
        the final scores once the game is over."""
        raise NotImplementedError

    def _lay(self, card: Card) -> bool:
        """Check the card of the player on turn and put it on the trick (or raise
        :class:`IllegalPlay` and change nothing); True when that completes the trick.

        A card among the legal cards worked out for this turn needs no second check."""
        p = self._turn
        hand, trick = self._hands[p], self._trick
        legal = self._legal
        if legal is None or card not in legal:
            rules = self.rules
            check_play(
                hand,
                trick,
                card,
                self.own_trump(p),
                all_fours=rules.all_fours,
                must_overtrump=rules.must_overtrump,
            )
        if legal is not None:
            self._legal = None
        hand.remove(card)
        trick.append(card)
        seats = len(self.seats)
        if len(trick) == seats:
            return True
        self._turn = (p + 1) % seats
        return False

    def _finish_trick(self) -> Trick:
        """Decide the full trick on the table under the game's rules (the fast path, without an
        explanation: :meth:`last_verdict` gives it) and close it: the completed trick becomes a
        value, the table is cleared and the winner leads next. Then hand it to the game
        (:meth:`_trick_won`), and end the deal when it was the last (:meth:`_hands_out`)."""
        leader, rules, seats, cards = self._leader, self.rules, self.seats, self._trick
        trumps = self._trumps_by_leader[leader]
        w, rule = trick_winner(cards, trumps, rules.ruff_wins, rules.shared)
        winner = (leader + w) % len(seats)
        order = seat_order(seats, leader)
        done = Trick(seats[leader], tuple(cards), seats[winner], rule, order)
        self.last_trick, self._last_trumps = done, trumps
        self.closed += 1
        self._trick = []
        self._leader = self._turn = winner
        self._trick_won(winner, done)
        if not self._hands[winner]:
            self._hands_out()
        return done
