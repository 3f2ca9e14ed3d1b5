"""The partnership Calypso game, one card at a time (RULINGS C1-C3, C6, C7).

Four seats N, E, S, W play clockwise; N-S and E-W are partners. One shuffle of the 208-card
pack gives all four deals. A :class:`Game` knows whose turn it is, what may be played, every
player's calypsos and each side's pile, and can undo.

>>> game = Game(seed=7)
>>> game.turn, len(game.hand("N")), game.deal_number
('N', 13, 0)
>>> first = game.legal_plays()[0]
>>> game.play(first) is None    # the trick is not complete yet
True
>>> game.turn
'E'
>>> game.undo() == first and game.turn == 'N'
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from calypso.calypsos import Calypso, build
from calypso.cards import ALL_CARDS, Card, Suit, cards_text, parse_card, shuffled_pack
from calypso.scoring import ScoreSheet, score_side
from calypso.tricks import (
    IllegalPlay,
    Rule,
    TrickResult,
    TrumpLead,
    check_play,
    legal_plays,
    resolve_trick,
    trick_winner,
)

SEATS = ("N", "E", "S", "W")
"""Seats in play order (clockwise); a seat's index is its position here."""
SIDES = ("NS", "EW")
"""Partnerships: seat ``i`` belongs to ``SIDES[i % 2]``."""
DEFAULT_TRUMPS: tuple[Suit, ...] = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)
"""N ♥, E ♦, S ♠, W ♣ (RULINGS C1)."""
DEALS = 4
TRICKS_PER_DEAL = 13

HandsInput = Sequence[Mapping[str, Sequence[str | Card]] | Sequence[Sequence[str | Card]]]


def parse_seat(seat: str | int, seats: Sequence[str] = SEATS) -> int:
    """A seat's index in ``seats`` (Calypso's N, E, S, W unless given) from its name or index.

    >>> parse_seat("w")
    3
    >>> parse_seat("C", ("A", "B", "C"))
    2
    """
    if isinstance(seat, str) and seat.strip().upper() in seats:
        return list(seats).index(seat.strip().upper())
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats):
        return seat
    raise ValueError(f"bad seat {seat!r}: expected {', '.join(seats[:-1])} or {seats[-1]}")


def play_order(
    leader: str | int, seats: Sequence[str] = SEATS, count: int | None = None
) -> tuple[str, ...]:
    """Who plays to a trick led by ``leader``, in turn: ``seats`` are a game's seats in play
    order (Calypso's N, E, S, W unless given); the first ``count`` (all, unless given).

    >>> play_order("S")
    ('S', 'W', 'N', 'E')
    >>> play_order("S", ("N", "W", "S", "E"), 2)
    ('S', 'E')
    """
    start, n = parse_seat(leader, seats), len(seats)
    return tuple(seats[(start + i) % n] for i in range(n if count is None else count))


def parse_trumps(
    trumps: Mapping[str, str | Suit] | Sequence[str | Suit] | str | None,
) -> tuple[Suit, ...]:
    """Four distinct personal trumps in seat order N, E, S, W.

    Accepts ``None`` (the default N♥ E♦ S♠ W♣), a mapping seat → suit, four suits in seat
    order, or a string such as ``"HDSC"`` or ``"H D S C"``.

    >>> parse_trumps({"N": "S", "E": "C", "S": "H", "W": "D"})
    (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
    """
    if trumps is None:
        return DEFAULT_TRUMPS
    if isinstance(trumps, Mapping):
        seats = {parse_seat(s): t for s, t in trumps.items()}
        if sorted(seats) != [0, 1, 2, 3]:
            raise ValueError(f"bad trumps {dict(trumps)!r}: expected a suit for each of N, E, S, W")
        items: Sequence[str | Suit] = [seats[i] for i in range(4)]
    elif isinstance(trumps, str):
        items = trumps.split() if " " in trumps.strip() else list(trumps.strip())
    else:
        items = trumps
    suits = tuple(Suit.parse(t) for t in items)
    if len(suits) != 4 or len(set(suits)) != 4:
        shown = " ".join(str(t) for t in items)
        raise ValueError(
            f"bad trumps {shown!r}: expected four different suits, one per seat N, E, S, W"
        )
    return suits


@dataclass(frozen=True)
class Rules:
    """The rule options of one Calypso game (RULINGS C1, C5)."""

    trumps: tuple[Suit, ...] = DEFAULT_TRUMPS
    trump_lead: TrumpLead = TrumpLead.RANKED
    all_fours: bool = False

    @classmethod
    def make(
        cls,
        trumps: Mapping[str, str | Suit] | Sequence[str | Suit] | str | None = None,
        trump_lead: str | TrumpLead = "ranked",
        all_fours: bool = False,
    ) -> Rules:
        """Rules from user-facing values, each checked with a clear error."""
        if not isinstance(all_fours, bool):
            raise ValueError(f"bad all_fours {all_fours!r}: expected True or False")
        return cls(parse_trumps(trumps), TrumpLead.parse(trump_lead), all_fours)

    def options(self) -> dict[str, str | bool]:
        """The variant options as a record writes them."""
        return {"trump_lead": self.trump_lead.value, "all_fours": self.all_fours}


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick of any game on the trick core: who led, the cards in play order from
    the leader, who won and why, and the seat that played each card."""

    leader: str
    cards: tuple[Card, ...]
    winner: str
    rule: Rule
    seats: tuple[str, ...]


def deal_pack(pack: Sequence[Card], first_dealer: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Four deals of 13 cards a seat from one 208-card pack (C2).

    Each deal takes the next 52 cards, one at a time, starting at the dealer's left; the
    dealer passes to the left. Hands are sorted. Indexed ``[deal][seat]``.
    """
    deals = []
    for number in range(DEALS):
        chunk = pack[number * 52 : (number + 1) * 52]
        dealer = (first_dealer + number) % 4
        hands: list[list[Card]] = [[], [], [], []]
        for i, card in enumerate(chunk):
            hands[(dealer + 1 + i) % 4].append(card)
        deals.append(tuple(tuple(sorted(h)) for h in hands))
    return tuple(deals)


def _check_hands(hands: HandsInput) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    if isinstance(hands, (str, Mapping)) or len(hands) != DEALS:
        raise ValueError(f"bad hands: expected {DEALS} deals of four 13-card hands")
    deals = []
    for number, deal in enumerate(hands, 1):
        if isinstance(deal, Mapping):
            by_seat = {parse_seat(s): cards for s, cards in deal.items()}
            if sorted(by_seat) != [0, 1, 2, 3]:
                raise ValueError(f"bad hands: deal {number} must give a hand to each of N, E, S, W")
            seat_hands = [by_seat[i] for i in range(4)]
        else:
            seat_hands = list(deal)
        if len(seat_hands) != 4:
            raise ValueError(f"bad hands: deal {number} must give a hand to each of N, E, S, W")
        parsed = []
        for seat, cards in zip(SEATS, seat_hands, strict=True):
            hand = tuple(sorted(parse_card(c) for c in cards))
            if len(hand) != TRICKS_PER_DEAL:
                raise ValueError(
                    f"bad hands: deal {number} gives {seat} {len(hand)} cards, expected 13"
                )
            parsed.append(hand)
        deals.append(tuple(parsed))
    counts = Counter(c for deal in deals for hand in deal for c in hand)
    for card in ALL_CARDS:
        if counts[card] != 4:
            raise ValueError(
                f"bad hands: the four deals hold {counts[card]} copies of {card}, expected "
                "exactly 4 of each card (the 208-card pack)"
            )
    return tuple(deals)


class TrickTable:
    """What every game on the trick core shares: seats, hands, and the trick in progress."""

    seats: tuple[str, ...]
    _hands: list[list[Card]]
    _trick: list[Card]
    _leader: int
    _turn: int

    def _lay(
        self,
        card: Card,
        *,
        trump: Suit | None = None,
        all_fours: bool = False,
        must_overtrump: Suit | None = None,
    ) -> bool:
        """Check the card of the player on turn and put it on the trick (or raise
        :class:`IllegalPlay` and change nothing); True when that completes the trick."""
        p = self._turn
        check_play(
            self._hands[p],
            self._trick,
            card,
            trump,
            all_fours=all_fours,
            must_overtrump=must_overtrump,
        )
        self._hands[p].remove(card)
        self._trick.append(card)
        if len(self._trick) < len(self.seats):
            self._turn = (p + 1) % len(self.seats)
            return False
        return True

    def _close_trick(self, winner: int, rule: Rule) -> Trick:
        """The completed trick as a value; the table is cleared and the winner leads next.

        (Calypso's :class:`Game` does the same inline, with its seat orders precomputed: it is
        the loop the engine benchmark times.)
        """
        leader = self._leader
        order = play_order(leader, self.seats)
        done = Trick(self.seats[leader], tuple(self._trick), self.seats[winner], rule, order)
        self._trick = []
        self._leader = self._turn = winner
        return done

    def index(self, seat: str | int) -> int:
        """A seat's index from its name (any case) or index."""
        return parse_seat(seat, self.seats)

    def hand(self, seat: str | int) -> list[Card]:
        return list(self._hands[self.index(seat)])

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, in play order from its leader."""
        return list(self._trick)

    @property
    def trick_leader(self) -> str:
        """Who led (or will lead) the trick in progress."""
        return self.seats[self._leader]


class Game(TrickTable):
    """A game of partnership Calypso, driven one card at a time.

    ``seed`` fixes the shuffle; ``hands`` (four deals, each four 13-card hands by seat) replaces
    the shuffle, as when replaying a record. Rule options: ``trumps``, ``trump_lead``,
    ``all_fours`` (see :class:`Rules`); ``first_dealer`` deals first (default W, so N leads).
    """

    seats = SEATS
    sides = SIDES

    def __init__(
        self,
        seed: int = 0,
        *,
        trumps: Mapping[str, str | Suit] | Sequence[str | Suit] | str | None = None,
        trump_lead: str | TrumpLead = "ranked",
        all_fours: bool = False,
        first_dealer: str | int = "W",
        hands: HandsInput | None = None,
    ) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"bad seed {seed!r}: expected a whole number")
        self.seed = seed
        self.rules = Rules.make(trumps, trump_lead, all_fours)
        self.first_dealer = parse_seat(first_dealer)
        if hands is None:
            self.dealt = deal_pack(shuffled_pack(4, random.Random(seed)), self.first_dealer)
        else:
            self.dealt = _check_hands(hands)
        trumps_ = self.rules.trumps
        self._trumps_from = [tuple(trumps_[(lead + i) % 4] for i in range(4)) for lead in range(4)]
        self._seats_from = [tuple(SEATS[(lead + i) % 4] for i in range(4)) for lead in range(4)]
        self._ruff_wins = self.rules.trump_lead is TrumpLead.RUFF_WINS
        self._start()

    def _start(self) -> None:
        self.deal_number = 0
        self.dealer = self.first_dealer
        self._hands = [list(h) for h in self.dealt[0]]
        self._leader = self._turn = (self.dealer + 1) % 4
        self._trick: list[Card] = []
        self._calypsos = [Calypso(t) for t in self.rules.trumps]
        self._piles: list[list[Card]] = [[], []]
        self.tricks: list[list[Trick]] = [[]]
        self.moves: list[Card] = []
        self.deal_scores: list[dict[str, int]] = []
        self._over = False

    # -- reading the state -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def turn(self) -> str | None:
        """The seat to play, or ``None`` once the game is over."""
        return None if self._over else SEATS[self._turn]

    def trump(self, seat: str | int) -> Suit:
        return self.rules.trumps[parse_seat(seat)]

    def partner(self, seat: str | int) -> str:
        return SEATS[(parse_seat(seat) + 2) % 4]

    def side(self, seat: str | int) -> str:
        return SIDES[parse_seat(seat) % 2]

    def calypso(self, seat: str | int) -> Calypso:
        """A copy of the seat's calypso in progress (and its count of completed calypsos)."""
        return self._calypsos[parse_seat(seat)].copy()

    def pile(self, side: str) -> list[Card]:
        """The side's won-tricks pile: spares and the opponents' suits."""
        if side not in SIDES:
            raise ValueError(f"bad side {side!r}: expected NS or EW")
        return list(self._piles[SIDES.index(side)])

    def legal_plays(self) -> list[Card]:
        """What the seat to play may play now (one entry per copy held)."""
        if self._over:
            return []
        p = self._turn
        return legal_plays(
            self._hands[p], self._trick, self.rules.trumps[p], all_fours=self.rules.all_fours
        )

    def score(self) -> ScoreSheet:
        """The C7 score of the cards as they lie now (the final score once the game is over)."""
        sides = []
        for s, name in enumerate(SIDES):
            players = [
                (
                    SEATS[i],
                    self.rules.trumps[i],
                    self._calypsos[i].completed,
                    self._calypsos[i].in_progress,
                )
                for i in (s, s + 2)
            ]
            sides.append(score_side(name, players, len(self._piles[s])))
        return ScoreSheet(tuple(sides))

    # -- moves -------------------------------------------------------------------------------

    def play(self, card: str | Card, seat: str | int | None = None) -> Trick | None:
        """Play a card for the seat to play; returns the trick if this card completed one.

        Raises :class:`IllegalPlay` (a ``ValueError``) saying why, and changes nothing, when
        the card may not be played, the game is over, or ``seat`` is given and not on turn.
        """
        if self._over:
            raise IllegalPlay("the game is over: no more cards can be played")
        card = parse_card(card)
        p = self._turn
        if seat is not None and parse_seat(seat) != p:
            raise IllegalPlay(f"it is {SEATS[p]}'s turn to play, not {SEATS[parse_seat(seat)]}'s")
        check_play(
            self._hands[p], self._trick, card, self.rules.trumps[p], all_fours=self.rules.all_fours
        )
        return self._play(card)

    def _play(self, card: Card) -> Trick | None:
        p = self._turn
        self._hands[p].remove(card)
        trick = self._trick
        trick.append(card)
        self.moves.append(card)
        if len(trick) < 4:
            self._turn = (p + 1) % 4
            return None
        leader = self._leader
        w, rule = trick_winner(trick, self._trumps_from[leader], self._ruff_wins)
        winner = (leader + w) % 4
        calypsos = self._calypsos
        self._piles[winner % 2] += build(trick, (calypsos[winner], calypsos[(winner + 2) % 4]))
        done = Trick(SEATS[leader], tuple(trick), SEATS[winner], rule, self._seats_from[leader])
        deal_tricks = self.tricks[-1]
        deal_tricks.append(done)
        self._trick = []
        self._leader = self._turn = winner
        if len(deal_tricks) == TRICKS_PER_DEAL:
            self._next_deal()
        return done

    def _next_deal(self) -> None:
        self.deal_scores.append(self.score().totals)
        if self.deal_number == DEALS - 1:
            self._over = True
            return
        self.deal_number += 1
        self.dealer = (self.dealer + 1) % 4
        self._hands = [list(h) for h in self.dealt[self.deal_number]]
        self._leader = self._turn = (self.dealer + 1) % 4
        self.tricks.append([])

    def undo(self, count: int = 1) -> Card:
        """Take back the last ``count`` cards played and return the earliest of them.

        The game is replayed from its start without those cards, so every piece of state
        (hands, calypsos, piles, deals) is exactly as it was.
        """
        if not isinstance(count, int) or count < 1:
            raise ValueError(f"bad count {count!r}: expected a whole number from 1 up")
        if len(self.moves) < count:
            played = len(self.moves)
            raise IllegalPlay(f"nothing to undo: {count} card(s) asked for, {played} played so far")
        kept, taken = self.moves[:-count], self.moves[-count:]
        self._start()
        for card in kept:
            self._play(card)
        return taken[0]

    def trick_result(self, trick: Trick) -> TrickResult:
        """The engine's full verdict on a trick of this game, with its explanation."""
        trumps = [self.trump(seat) for seat in trick.seats]
        return resolve_trick(trick.cards, trumps, trump_lead=self.rules.trump_lead)

    def play_out(self, players: Sequence[Player]) -> ScoreSheet:
        """Let ``players`` (one per seat, N E S W) play to the end; return the final score."""
        if len(players) != 4:
            raise ValueError(
                f"bad players: expected 4, one per seat N, E, S, W; got {len(players)}"
            )
        while not self._over:
            self.play(players[self._turn].choose(self))
        return self.score()

    def __repr__(self) -> str:
        state = "over" if self._over else f"deal {self.deal_number + 1}, {self.turn} to play"
        trick = f", trick {cards_text(self._trick)}" if self._trick else ""
        return f"<Game seed={self.seed} {state}{trick}>"

    def _repr_html_(self) -> str:
        from calypso import render

        return render.game_table(self)


class Player(Protocol):
    """Anything that chooses a card for the seat to play (see :mod:`calypso.bots`)."""

    def choose(self, game: Game) -> Card: ...
