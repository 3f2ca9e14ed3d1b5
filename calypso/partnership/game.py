"""The partnership Calypso game, one card at a time (docs/rulings.md, C1-C3, C6, C7).

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
from typing import Any, Protocol

from calypso.engine.cards import ALL_CARDS, Card, Suit, cards_text, parse_card, shuffled_pack
from calypso.engine.draws import Draws
from calypso.engine.moves import Phase
from calypso.engine.options import Options, boolean, option, whole_number
from calypso.engine.table import Trick, TrickTable, deal_out, parse_seat, rotation
from calypso.engine.tricks import (
    TRUMP_LEADS,
    IllegalPlay,
    Refusal,
    Refused,
    TrickResult,
    TrickRules,
    TrumpLead,
    legal_plays,
)
from calypso.partnership.calypsos import Calypso, build
from calypso.partnership.scoring import PILE_POINTS, ScoreSheet, player_points, score_side

SEATS = ("N", "E", "S", "W")
"""Seats in play order (clockwise); a seat's index is its position here."""
SIDES = ("NS", "EW")
"""Partnerships: seat ``i`` belongs to ``SIDES[i % 2]``."""
DEFAULT_TRUMPS: tuple[Suit, ...] = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)
"""N ♥, E ♦, S ♠, W ♣ (docs/rulings.md, C1)."""
DEALS = 4
TRICKS_PER_DEAL = 13

HandsInput = Sequence[Mapping[str, Sequence[str | Card]] | Sequence[Sequence[str | Card]]]


def partner_of(seat: str) -> str:
    """The seat across the table: a player's partner (C1).

    >>> partner_of("E")
    'W'
    """
    return SEATS[(SEATS.index(seat) + 2) % len(SEATS)]


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
        seats = {parse_seat(s, SEATS): t for s, t in trumps.items()}
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


def _trumps(name: str, value: Any) -> tuple[Suit, ...]:
    return parse_trumps(value)


def _trump_lead(name: str, value: Any) -> TrumpLead:
    return TrumpLead.parse(value)


def trump_lead_option() -> Any:
    """The ``trump_lead`` option (C5), shared by every game on Calypso's trick rules."""
    return option(
        TrumpLead.RANKED,
        _trump_lead,
        "how a ruff fares against a lead of the leader's own trump (default ranked)",
        cli_type=str,
        choices=TRUMP_LEADS,
    )


def all_fours_option() -> Any:
    """The ``all_fours`` option (C5), shared by every game on Calypso's trick rules."""
    return option(False, boolean, "a player may play their own trump at any time")


@dataclass(frozen=True)
class CalypsoOptions(Options):
    """The options of a game (or match) of Calypso (docs/rulings.md, C1, C5, C8).

    >>> CalypsoOptions.parse(trump_lead="ruff-wins", trumps="SHDC").to_record()
    {'trump_lead': 'ruff-wins', 'all_fours': False}
    """

    game = "calypso"

    trumps: tuple[Suit, ...] = option(
        DEFAULT_TRUMPS,
        _trumps,
        "personal trumps of N E S W, e.g. HDSC (default HDSC)",
        record=False,
        cli_type=str,
    )
    trump_lead: TrumpLead = trump_lead_option()
    all_fours: bool = all_fours_option()
    target: int | None = option(
        None,
        whole_number(1, optional=True),
        "play a match: further games until a side reaches this many points",
        cli_type=int,
    )


def deal_pack(pack: Sequence[Card], first_dealer: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Four deals of 13 cards a seat from one 208-card pack (C2).

    Each deal takes the next 52 cards, one at a time, starting at the dealer's left; the
    dealer passes to the left. Hands are sorted. Indexed ``[deal][seat]``.
    """
    return tuple(
        deal_out(pack[number * 52 : (number + 1) * 52], 4, (first_dealer + number) % 4)
        for number in range(DEALS)
    )


def _check_hands(hands: HandsInput) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    if isinstance(hands, (str, Mapping)) or len(hands) != DEALS:
        raise ValueError(f"bad hands: expected {DEALS} deals of four 13-card hands")
    deals = []
    for number, deal in enumerate(hands, 1):
        if isinstance(deal, Mapping):
            by_seat = {parse_seat(s, SEATS): cards for s, cards in deal.items()}
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


class Game(TrickTable):
    """A game of partnership Calypso, driven one card at a time.

    ``seed`` fixes the shuffle; ``hands`` (four deals, each four 13-card hands by seat) replaces
    the shuffle, as when replaying a record. Rule options come as ``options`` or as the
    keywords ``trumps``, ``trump_lead`` and ``all_fours`` (see :class:`CalypsoOptions`);
    ``first_dealer`` deals first (default W, so N leads).
    """

    seats = SEATS
    sides = SIDES
    partnerships = True
    draws = True  # C7: two sides on equal points draw
    play_phase = Phase.PLAY

    def __init__(
        self,
        seed: int = 0,
        *,
        options: CalypsoOptions | None = None,
        trumps: Mapping[str, str | Suit] | Sequence[str | Suit] | str | None = None,
        trump_lead: str | TrumpLead = "ranked",
        all_fours: bool = False,
        first_dealer: str | int = "W",
        hands: HandsInput | None = None,
    ) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"bad seed {seed!r}: expected a whole number")
        self.seed = seed
        self.options = options or CalypsoOptions.parse(
            trumps=trumps, trump_lead=trump_lead, all_fours=all_fours
        )
        self.first_dealer = parse_seat(first_dealer, SEATS)
        if hands is None:
            self.dealt = deal_pack(shuffled_pack(4, random.Random(seed)), self.first_dealer)
        else:
            self.dealt = _check_hands(hands)
        self._trumps = self.options.trumps
        self.rules = TrickRules(
            trump_lead=self.options.trump_lead, all_fours=self.options.all_fours
        )
        """How a trick is played, declared once from the options (C4, C5): what follows reads it."""
        self._all_fours = self.rules.all_fours
        self._orders = [rotation(4, lead) for lead in range(4)]
        self._ready_trumps()  # each seat's own trump, for the whole game (C1)
        self._start()

    def _start(self) -> None:
        self.deal_number = 0
        self.dealer = self.first_dealer
        self._hands = [list(h) for h in self.dealt[0]]
        self._leader = self._turn = self.after(self.dealer)
        self._trick: list[Card] = []
        self._calypsos = [Calypso(t) for t in self.options.trumps]
        self._takers = [[self._calypsos[p] for p in self.side_of(w)] for w in range(4)]
        """The calypsos that build from a trick each seat wins: the winner's, then the partner's."""
        self._piles: list[list[Card]] = [[], []]
        self.tricks: list[list[Trick]] = [[]]
        self.moves: list[Card] = []
        self.deal_scores: list[dict[str, int]] = []
        self._over = False
        self.phase = Phase.PLAY  # until the game is over: Calypso has no calls
        self.closed, self.last_trick = 0, None

    # -- reading the state -------------------------------------------------------------------

    @property
    def turn(self) -> str | None:
        """The seat to play, or ``None`` once the game is over."""
        return None if self._over else SEATS[self._turn]

    def trump(self, seat: str | int) -> Suit:
        return self.options.trumps[self.index(seat)]

    def own_trump(self, player: int) -> Suit:
        return self._trumps[player]

    def partner(self, seat: str | int) -> str:
        return SEATS[self.side_of(self.index(seat))[1]]

    def side(self, seat: str | int) -> str:
        return SIDES[self.index(seat) % 2]

    def calypso(self, seat: str | int) -> Calypso:
        """A copy of the seat's calypso in progress (and its count of completed calypsos)."""
        return self._calypsos[self.index(seat)].copy()

    def calypsos(self) -> list[Calypso]:
        """Copies of every seat's calypso in progress, in seat order."""
        return [calypso.copy() for calypso in self._calypsos]

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
        return legal_plays(self._hands[p], self._trick, self._trumps[p], all_fours=self._all_fours)

    def score(self) -> ScoreSheet:
        """The C7 score of the cards as they lie now (the final score once the game is over)."""
        sides = []
        for s, name in enumerate(SIDES):
            players = [
                (
                    SEATS[i],
                    self.options.trumps[i],
                    self._calypsos[i].completed,
                    self._calypsos[i].in_progress,
                )
                for i in self.side_of(s)
            ]
            sides.append(score_side(name, players, len(self._piles[s])))
        return ScoreSheet(tuple(sides))

    def _scores(self) -> dict[str, int]:
        """Each side's C7 total as the cards lie now: :meth:`score`'s totals, without the sheet
        (the game's :attr:`outcome`: the side with more points wins, equal points draw, C7).

        >>> from calypso.partnership.bots import RandomBot
        >>> game = Game(seed=3)
        >>> game.play_out([RandomBot(random.Random(3))] * 4) and game.outcome.over
        True
        >>> game.outcome.scores == game.score().totals == game.deal_scores[-1]
        True
        """
        calypsos, piles = self._calypsos, self._piles
        return {
            name: sum(
                player_points(calypsos[i].completed, calypsos[i].mask.bit_count())
                for i in (s, s + 2)
            )
            + PILE_POINTS * len(piles[s])
            for s, name in enumerate(SIDES)
        }

    # -- moves: the table plays each card (:meth:`TrickTable.play`), calling these hooks ----------

    def _not_playing(self) -> Refusal:
        """Calypso plays cards until its end: no card once the game is over."""
        return Refusal(Refused.GAME_OVER)

    def _lay(self, card: Card) -> bool:
        full = super()._lay(card)
        self.moves.append(card)  # the game's cards in the order played, for undo and records
        return full

    def _trick_won(self, winner: int, trick: Trick) -> None:
        """Build calypsos from the trick, the winner's then the partner's; the rest goes to
        the side's pile (C6)."""
        self._piles[winner % 2] += build(trick.cards, self._takers[winner])
        self.tricks[-1].append(trick)

    def legal_moves(self) -> list[Card]:
        """The moves open now: :meth:`legal_plays` (Calypso's only moves are cards)."""
        return self.legal_plays()

    def apply(self, move: Card) -> None:
        """Make a move (:mod:`calypso.engine.moves`): play the card."""
        self.play(move)

    def parse_move(self, text: str) -> Card:
        return parse_card(text)

    def move_text(self, move: Card) -> str:
        return str(move)

    def _hands_out(self) -> None:
        """Score the deal as the cards lie, then deal the next one, or end the game (C2, C7)."""
        self.deal_scores.append(self._scores())
        if self.deal_number == DEALS - 1:
            self._over = True
            self.phase = Phase.OVER
            return
        self.deal_number += 1
        self.dealer = self.after(self.dealer)
        self._hands = [list(h) for h in self.dealt[self.deal_number]]
        self._leader = self._turn = self.after(self.dealer)
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
            raise IllegalPlay(Refusal(Refused.NOTHING_TO_UNDO, asked=count, made=played))
        kept, taken = self.moves[:-count], self.moves[-count:]
        self._start()
        for card in kept:
            self.play(card)
        return taken[0]

    def trick_result(self, trick: Trick) -> TrickResult:
        """The engine's full verdict on a trick of this game, with its explanation."""
        trumps = [self.trump(seat) for seat in trick.seats]
        return self.rules.resolve(trick.cards, trumps)

    def play_out(self, players: Sequence[Player]) -> ScoreSheet:
        """Let ``players`` (one per seat, N E S W) play to the end; return the final score."""
        if len(players) != 4:
            raise ValueError(
                f"bad players: expected 4, one per seat N, E, S, W; got {len(players)}"
            )
        rngs = [getattr(player, "uniform_rng", None) for player in players]
        if not self._trick and not self._over and None not in rngs:
            left = (DEALS - self.deal_number) * TRICKS_PER_DEAL - len(self.tricks[-1])
            self._play_out_drawn([Draws(rng, left) for rng in rngs if rng is not None])
        while not self._over:
            self.play(players[self._turn].choose(self))
        return self.score()

    def _play_out_drawn(self, draws: Sequence[Draws]) -> None:
        """Play every card from the start of a trick to the game's end, each chosen uniformly
        from the player's legal cards by their ``draws``: the cards :meth:`play` would get from
        :class:`~calypso.partnership.bots.RandomBot`, by the same rules (:func:`legal_plays`,
        then the table closes each trick as :meth:`play` does), only a whole trick at a time."""
        trumps, all_fours, orders, moves = self._trumps, self._all_fours, self._orders, self.moves
        while not self._over:
            hands, trick = self._hands, self._trick
            for p in orders[self._leader]:
                hand = hands[p]
                legal = legal_plays(hand, trick, trumps[p], all_fours=all_fours)
                card = legal[draws[p].below(len(legal))]
                hand.remove(card)
                trick.append(card)
            moves += trick
            self._finish_trick()

    def __repr__(self) -> str:
        state = "over" if self._over else f"deal {self.deal_number + 1}, {self.turn} to play"
        trick = f", trick {cards_text(self._trick)}" if self._trick else ""
        return f"<Game seed={self.seed} {state}{trick}>"

    def _repr_html_(self) -> str:
        from calypso.drawing import partnership

        return partnership.game_table(self)


class Player(Protocol):
    """Anything that chooses a card for the seat to play (see :mod:`calypso.partnership.bots`).

    A player whose every card is ``rng.choice(game.legal_plays())`` may say so with a
    ``uniform_rng`` attribute (that ``rng``): :meth:`Game.play_out` then draws its cards itself,
    the same cards, many at a time.
    """

    def choose(self, game: Game) -> Card: ...
