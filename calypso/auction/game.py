"""Auction Calypso, one move at a time: three players (A1-A10) or four in partnerships (P1-P5).

Every player keeps four calypsos in progress, one per suit. Each hand has an auction; the
declarer's bid suit is their trump and they hand out the others; tricks are the Calypso trick
core (C3-C4); the cards then go to the sin-bin and the green room between hands.

>>> game = AuctionGame(players=3, seed=2, setup="standard")
>>> game.phase, game.turn, len(game.hand("E"))
(<Phase.AUCTION: 'auction'>, 'E', 17)
"""

from __future__ import annotations

import enum
import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from calypso.auction.bidding import (
    DOUBLE,
    MAX_CALYPSOS,
    MIN_POINTS_WITHOUT_CALYPSOS,
    PASS,
    REDOUBLE,
    Auction,
    Bid,
    Call,
    CallKind,
    Contract,
    ContractScore,
    parse_call,
    score_contract,
    score_declaring_side,
    score_misere,
    score_misere_sides,
)
from calypso.engine.cards import ALL_CARDS, SUITS, Card, Suit, pack, parse_card, parse_cards
from calypso.engine.moves import TrumpChoice, move_text
from calypso.engine.options import Options, one_of, option, whole_number
from calypso.engine.outcome import Outcome, Span
from calypso.engine.table import Trick, TrickTable, deal_out
from calypso.engine.tricks import (
    IllegalPlay,
    Refusal,
    Refused,
    TrickRules,
    TrumpLead,
)
from calypso.partnership.calypsos import Calypso, build
from calypso.partnership.game import all_fours_option, trump_lead_option

SETUPS = ("none", "balanced", "standard", "random", "random-equal")
STANDARD_SETUP = tuple(
    parse_cards("2C 3C 4C 5C 6C 7C 9D 10D JD QD KD AD 2H 4H 6H 8H 10H QH 3S 5S 7S 9S JS KS")
)
"""Each player's starting cards under the ``standard`` setup (project ruling A2)."""
SEATS_BY_PLAYERS = {3: ("N", "E", "W"), 4: ("N", "E", "S", "W")}
DEFAULT_HANDS = {3: 18, 4: 16}
CARDS_PER_HAND = {3: 17, 4: 13}
SETUP_TURN = 30
COMPLETE_SETUP_BONUS = 500


@dataclass(frozen=True)
class AuctionOptions(Options):
    """The options of a game of Auction Calypso (docs/rulings.md, A1, A2, A10, P1, P5, C5).

    >>> AuctionOptions(players=4).to_record()
    {'players': 4, 'setup': 'balanced', 'hands': 16, 'trump_lead': 'ranked', 'all_fours': False}
    >>> AuctionOptions(players=3, hands=4)
    Traceback (most recent call last):
    ...
    ValueError: bad hands 4: expected a multiple of 3 for three players
    """

    game = "auction-calypso"

    players: int = option(
        3, one_of(3, 4), "3, or 4 in partnerships (default 3)", cli_type=int, choices=("3", "4")
    )
    setup: str = option(
        "balanced",
        one_of(*SETUPS),
        "calypsos in progress at the start (default balanced)",
        cli_type=str,
        choices=SETUPS,
    )
    hands: int | None = option(
        None,
        whole_number(1, optional=True),
        "hands to play (default 18 for three players, 16 for four)",
        cli_type=int,
    )
    trump_lead: TrumpLead = trump_lead_option()
    all_fours: bool = all_fours_option()

    def check(self) -> None:
        if self.hands is None:
            object.__setattr__(self, "hands", DEFAULT_HANDS[self.players])
        if self.players == 3 and int(self.hands or 0) % 3:
            raise ValueError(f"bad hands {self.hands}: expected a multiple of 3 for three players")

    @property
    def total_hands(self) -> int:
        return int(self.hands or DEFAULT_HANDS[self.players])


class Phase(enum.Enum):
    """What a hand waits for (values as in :class:`calypso.engine.moves.Phase`)."""

    AUCTION = "auction"
    TRUMPS = "trumps"
    PLAY = "play"
    OVER = "over"


def _distinct(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """The first copy of each card, and the rest."""
    seen: set[Card] = set()
    keep: list[Card] = []
    rest: list[Card] = []
    for card in cards:
        (rest if card in seen else keep).append(card)
        seen.add(card)
    return keep, rest


def _take(deck: list[Card], cards: Sequence[Card]) -> None:
    for card in cards:
        deck.remove(card)


@dataclass(frozen=True)
class Setup:
    """What each player starts with (by player index), the 500s for a suit already complete,
    and the shuffled pack left for the deals."""

    cards: tuple[tuple[Card, ...], ...]
    bonus: tuple[int, ...]
    deck: tuple[Card, ...]


def deal_setup(kind: str, players: int, dealer: int, rng: random.Random) -> Setup:
    """Seed every player's calypsos in progress as setup ``kind`` says (A2)."""
    if kind not in SETUPS:
        raise ValueError(f"bad setup {kind!r}: expected one of {', '.join(SETUPS)}")
    deck = pack(4)
    rng.shuffle(deck)
    cards: list[list[Card]] = [[] for _ in range(players)]
    bonus = [0] * players
    if kind == "standard":
        for hand in cards:
            hand += STANDARD_SETUP
            _take(deck, STANDARD_SETUP)
    elif kind in ("balanced", "random-equal"):
        turned = [deck.pop() for _ in range(SETUP_TURN)]
        keep, back = _distinct(turned)
        deck += back
        complete = [s for s in SUITS if sum(c.suit == s for c in keep) == 13]
        if complete:
            deck += [c for c in keep if c.suit in complete]
            keep = [c for c in keep if c.suit not in complete]
            bonus = [COMPLETE_SETUP_BONUS * len(complete)] * players
        cards[dealer] = keep
        for other in range(players):
            if other == dealer:
                continue
            if kind == "balanced":
                _take(deck, keep)
                cards[other] = list(keep)
            else:
                cards[other], bonus[other] = _turn_until(deck, len(keep), rng)
        rng.shuffle(deck)
    elif kind == "random":
        for player in range(players):
            turned = [deck.pop() for _ in range(SETUP_TURN)]
            keep, back = _distinct(turned)
            deck += back
            complete = [s for s in SUITS if sum(c.suit == s for c in keep) == 13]
            deck += [c for c in keep if c.suit in complete]
            cards[player] = [c for c in keep if c.suit not in complete]
            bonus[player] = COMPLETE_SETUP_BONUS * len(complete)
            rng.shuffle(deck)
    return Setup(tuple(tuple(sorted(c)) for c in cards), tuple(bonus), tuple(deck))


def _turn_until(deck: list[Card], count: int, rng: random.Random) -> tuple[list[Card], int]:
    """Turn cards one at a time until ``count`` distinct ones are held (random-equal)."""
    keep: list[Card] = []
    back = []
    while len(keep) < count and deck:
        card = deck.pop()
        if card in keep or sum(c.suit == card.suit for c in keep) == 12:
            back.append(card)
        else:
            keep.append(card)
    deck += back
    rng.shuffle(deck)
    return keep, 0


@dataclass
class HandRecord:
    """One hand as it was played: the deal, the calls, the contract, tricks, sales and scores."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    calls: list[tuple[int, Call]] = field(default_factory=list)
    contract: Contract | None = None
    trumps: tuple[Suit | None, ...] = ()
    tricks: list[Trick] = field(default_factory=list)
    sold: tuple[Card, ...] = ()
    scores: dict[str, int] = field(default_factory=dict)
    contract_score: ContractScore | None = None
    trickpiles: tuple[int, ...] = ()
    """Cards in each player's trickpile when the hand ended (before any sale)."""
    completed: tuple[int, ...] = ()
    """Calypsos each player completed during the hand, in any suit."""

    def outcome(self, *, sides: bool = False) -> Outcome:
        """How the hand ended: each player's score for it (with ``sides``, each side's, P4),
        which wins no game (A10: the game's totals do).

        >>> HandRecord(0, (), scores={"N": 340, "E": -170, "W": 60}).outcome().scores["E"]
        -170
        """
        return Outcome.highest(self.scores, over=True, sides=sides, span=Span.HAND)


def _lowest_bids(highest: Bid | None) -> list[Bid]:
    """For each number of calypsos and suit, the lowest bid that outranks ``highest`` (A4).

    >>> [str(b) for b in _lowest_bids(Bid(4, 990, Suit.SPADES))]
    ['4+1000C', '4+1000D', '4+1000H', '4+1000S']
    """
    bids = []
    for calypsos in range(MAX_CALYPSOS + 1):
        least = MIN_POINTS_WITHOUT_CALYPSOS if calypsos == 0 else 0
        for suit in SUITS:
            points = least
            if highest is not None and calypsos < highest.calypsos:
                break
            if highest is not None and calypsos == highest.calypsos:
                points = max(least, highest.points + (0 if suit > highest.suit else 10))
            bids.append(Bid(calypsos, points, suit))
    return bids


class AuctionGame(TrickTable):
    """A game of Auction Calypso driven one move at a time: calls, trump choice, cards.

    ``deals`` (one mapping seat -> cards per hand) and ``setup_cards`` replace the shuffles, as
    when replaying a record; the cards must be available where the rules say they come from.
    """

    takers: tuple[tuple[Calypso, ...], ...]
    """By player, the calypsos that take the cards of a trick that player wins this hand: their
    own and their partner's, each of its owner's trump (C6, A6); none in a misère."""
    play_phase = Phase.PLAY

    def __init__(
        self,
        players: int = 3,
        seed: int = 0,
        *,
        options: AuctionOptions | None = None,
        setup: str = "balanced",
        hands: int | None = None,
        trump_lead: str | TrumpLead = "ranked",
        all_fours: bool = False,
        first_dealer: int = 0,
        setup_cards: Mapping[str, Sequence[str | Card]] | None = None,
        setup_bonus: Mapping[str, int] | None = None,
        deals: Sequence[Mapping[str, Sequence[str | Card]]] | None = None,
    ) -> None:
        self.options = options or AuctionOptions.parse(
            players=players, setup=setup, hands=hands, trump_lead=trump_lead, all_fours=all_fours
        )
        players = self.options.players
        self.rules = TrickRules(
            trump_lead=self.options.trump_lead, all_fours=self.options.all_fours
        )
        self.players = players
        self.seats = SEATS_BY_PLAYERS[players]
        self.partnerships = players == 4
        self.scorers = ("NS", "EW") if self.partnerships else self.seats
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
            raise ValueError(f"bad first dealer {first_dealer!r}: expected 0 to {players - 1}")
        self.total_hands = self.options.total_hands
        self.seed = seed
        self.rng = random.Random(f"auction-calypso/{seed}")
        self._deals = [self._read_hands(d, n) for n, d in enumerate(deals or ())]
        if setup_cards is None:
            start = deal_setup(self.options.setup, players, first_dealer, self.rng)
        else:
            start = self._given_setup(setup_cards, setup_bonus or {})
        self.setup = start
        self.calypsos = [[Calypso(s) for s in SUITS] for _ in range(players)]
        for player, cards in enumerate(start.cards):
            for card in cards:
                self.calypsos[player][card.suit].take([card])
        self.scores = dict.fromkeys(self.scorers, 0)
        for player, bonus in enumerate(start.bonus):
            self.scores[self.scorer(player)] += bonus
        self.deck = list(start.deck)
        self.sin_bin: list[Card] = []
        self.history: list[HandRecord] = []
        self.dealer = first_dealer
        self.final_bonus: dict[str, int] = {}
        self._start_hand()

    # -- set-up and dealing ------------------------------------------------------------------

    def _read_hands(
        self, deal: Mapping[str, Sequence[str | Card]], number: int
    ) -> tuple[tuple[Card, ...], ...]:
        size = CARDS_PER_HAND[self.players]
        if sorted(deal) != sorted(self.seats):
            raise ValueError(
                f"bad hands: hand {number + 1} must give cards to {', '.join(self.seats)}"
            )
        hands = tuple(tuple(sorted(parse_card(c) for c in deal[s])) for s in self.seats)
        sizes = {len(hand) for hand in hands}
        if len(sizes) != 1 or not 0 < sizes.pop() <= size:
            counts = ", ".join(
                f"{seat} {len(h)}" for seat, h in zip(self.seats, hands, strict=True)
            )
            raise ValueError(
                f"bad hands: hand {number + 1} gives {counts} cards, expected "
                f"{size} each (fewer, but equal, only when the pack runs out)"
            )
        return hands

    def _given_setup(
        self, cards: Mapping[str, Sequence[str | Card]], bonus: Mapping[str, int]
    ) -> Setup:
        if sorted(cards) != sorted(self.seats):
            raise ValueError(f"bad setup: expected starting cards for {', '.join(self.seats)}")
        chosen = tuple(tuple(sorted(parse_card(c) for c in cards[s])) for s in self.seats)
        deck = pack(4)
        for seat, hand in zip(self.seats, chosen, strict=True):
            if len(set(hand)) != len(hand):
                raise ValueError(f"bad setup for {seat}: a calypso holds one card of each rank")
            _take(deck, hand)  # at most four players with one copy each: the pack holds four
        return Setup(chosen, tuple(int(bonus.get(s, 0)) for s in self.seats), tuple(deck))

    def _start_hand(self) -> None:
        number = len(self.history)
        size = CARDS_PER_HAND[self.players]
        if number < len(self._deals):
            hands = self._deals[number]
            self._take_given(hands)
        else:
            # Four players' calypsos in progress can hold so many cards that even the sin-bin
            # cannot complete a 13-card deal; then each player gets an equal share of what
            # there is (project ruling, seeds/auction-calypso.md).
            size = min(size, (len(self.deck) + len(self.sin_bin)) // self.players)
            shortfall = max(0, size * self.players - len(self.deck))
            if shortfall:
                self.rng.shuffle(self.sin_bin)
                self.deck = self.sin_bin[:shortfall] + self.deck
                del self.sin_bin[:shortfall]
            hands = deal_out(self.deck[-size * self.players :], self.players, self.dealer)
            del self.deck[-size * self.players :]
        if not hands[0]:
            self._finish()
            return
        self._hands, self._legal = [list(h) for h in hands], None
        self.hand_record = HandRecord(self.dealer, hands)
        self.auction = Auction(self.players, self.after(self.dealer), self.partnerships)
        self.trumps: tuple[Suit | None, ...] = (None,) * self.players
        self.takers = ((),) * self.players
        self._trick: list[Card] = []
        self._leader = self._turn = self.after(self.dealer)
        self._piles: list[list[Card]] = [[] for _ in range(self.players)]
        self._at_start = [[(k.completed, k.missing_count) for k in mine] for mine in self.calypsos]
        self.phase = Phase.AUCTION

    def _take_given(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        wanted = Counter(c for h in hands for c in h)
        have = Counter(self.deck)
        if wanted - have:
            if have - wanted:
                raise ValueError(
                    f"bad hands: hand {len(self.history) + 1} leaves cards of the "
                    "green room undealt while taking cards from the sin-bin"
                )
            from_bin = wanted - have
            if from_bin - Counter(self.sin_bin):
                missing = " ".join(str(c) for c in (from_bin - Counter(self.sin_bin)).elements())
                raise ValueError(
                    f"bad hands: hand {len(self.history) + 1} deals {missing}, "
                    "which are not in the green room or the sin-bin"
                )
            _take(self.sin_bin, list(from_bin.elements()))
            self.deck = []
        else:
            _take(self.deck, [c for h in hands for c in h])

    # -- reading -------------------------------------------------------------------------------

    def scorer(self, player: int) -> str:
        return ("NS", "EW")[player % 2] if self.partnerships else self.seats[player]

    @property
    def turn(self) -> str | None:
        """Who is to call (auction), choose trumps (declarer) or play; ``None`` when over."""
        phase = self.phase
        if phase is Phase.PLAY:
            return self.seats[self._turn]
        if phase is Phase.AUCTION:
            return self.seats[int(self.auction.turn or 0)]
        if phase is Phase.TRUMPS:
            return self.seats[self._declarer]
        return None

    @property
    def trick_leader(self) -> str:
        """Who leads (or led) the trick in progress: while the declarer hands out the trumps,
        the declarer, who leads the first trick (A5); eldest leads a misère (A8)."""
        if self.phase is Phase.TRUMPS:
            return self.seats[self._declarer]
        return super().trick_leader

    @property
    def _declarer(self) -> int:
        contract = self.auction.contract
        return -1 if contract is None else contract.declarer

    def calypso(self, seat: str | int, suit: Suit | str) -> Calypso:
        return self.calypsos[self.index(seat)][Suit.parse(suit)].copy()

    def trickpile(self, seat: str | int) -> list[Card]:
        return list(self._piles[self.index(seat)])

    def trump(self, seat: str | int) -> Suit | None:
        return self.trumps[self.index(seat)]

    def own_trump(self, player: int) -> Suit | None:
        """The player's own trump this hand (A5, P3)."""
        return self.trumps[player]

    def legal_moves(self) -> list[Call] | list[TrumpChoice] | list[Card]:
        """The moves open now. In the auction: pass, double and redouble when open, and the
        lowest bid of each number of calypsos and suit that outranks the highest so far (any
        higher bid is open too); for the declarer, every way to hand out the trumps; in play,
        the cards that may be played."""
        if self.phase is Phase.AUCTION:
            kinds = self.auction.legal_kinds()
            calls = [c for c in (PASS, DOUBLE, REDOUBLE) if c.kind in kinds]
            return calls + [
                Call(CallKind.BID, bid) for bid in _lowest_bids(self.auction.highest_bid)
            ]
        if self.phase is Phase.TRUMPS:
            others = [s for p, s in enumerate(self.seats) if p != self._declarer]
            return [
                TrumpChoice(tuple(zip(others, suits, strict=True)))
                for suits in itertools.permutations(self.suits_to_give(), len(others))
            ]
        return self.legal_plays()

    def apply(self, move: Call | TrumpChoice | Card) -> None:
        """Make a move (:mod:`calypso.engine.moves`): a call, the trump choice, or a card."""
        if isinstance(move, Card):
            self.play(move)
        elif isinstance(move, TrumpChoice):
            self.choose_trumps(dict(move.suits))
        else:
            self.call(move)

    def parse_move(self, text: str) -> Call | TrumpChoice | Card:
        """Read a move's text (:func:`calypso.engine.moves.move_text`) as the phase expects it."""
        if self.phase is Phase.AUCTION:
            return parse_call(text.replace("_", "+"))
        if self.phase is Phase.TRUMPS:
            others = [s for p, s in enumerate(self.seats) if p != self._declarer]
            return TrumpChoice.parse(text, others)
        return parse_card(text)

    def move_text(self, move: Call | TrumpChoice | Card) -> str:
        return move_text(move)

    def places(self) -> dict[str, Counter[Card]]:
        """Where all 208 cards are now (A9's places), each as a multiset of cards."""
        completed: Counter[Card] = Counter()
        in_progress: Counter[Card] = Counter()
        for player, mine in enumerate(self.calypsos):
            for calypso in mine:
                in_progress.update(calypso.cards())
                for _ in range(self._completed_this_hand(player, calypso.suit)):
                    completed.update(c for c in ALL_CARDS if c.suit == calypso.suit)
        return {
            "green room": Counter(self.deck),
            "hands": Counter(c for h in self._hands for c in h),
            "trick": Counter(self._trick),
            "calypsos in progress": in_progress,
            "completed calypsos": completed,
            "trickpiles": Counter(c for pile in self._piles for c in pile),
            "sin-bin": Counter(self.sin_bin),
        }

    # -- moves ---------------------------------------------------------------------------------

    def call(self, call: str | Call, seat: str | None = None) -> None:
        """Make the next call of the auction (A4, P2)."""
        if self.phase is not Phase.AUCTION:
            raise IllegalPlay(Refusal(Refused.NO_CALL_NOW, phase=self.phase.value))
        self._check_turn(seat)
        self.auction.call(parse_call(call))
        self.hand_record.calls = list(self.auction.calls)
        if not self.auction.is_over:
            return
        contract = self.auction.contract
        self.hand_record.contract = contract
        if contract is None:
            self._begin_play((None,) * self.players, self.after(self.dealer))
        else:
            self.phase = Phase.TRUMPS

    def suits_to_give(self) -> list[Suit]:
        """The suits the declarer hands out, one to each other player (A5, P3); none before
        there is a contract."""
        contract = self.auction.contract
        return [] if contract is None else [s for s in SUITS if s != contract.bid.suit]

    def choose_trumps(self, trumps: Mapping[str, str | Suit]) -> None:
        """Declarer gives every other player a trump suit (A5, P3)."""
        if self.phase is not Phase.TRUMPS:
            raise ValueError("trumps are chosen by the declarer once the auction is won")
        contract = self.auction.contract
        assert contract is not None
        declarer = contract.declarer
        chosen: list[Suit | None] = [None] * self.players
        chosen[declarer] = contract.bid.suit
        others = [p for p in range(self.players) if p != declarer]
        given = {self.index(seat): Suit.parse(suit) for seat, suit in trumps.items()}
        if sorted(given) != others:
            names = ", ".join(self.seats[p] for p in others)
            raise ValueError(
                f"bad trumps {dict(trumps)!r}: the declarer gives a suit to each of {names}"
            )
        suits = list(given.values())
        if contract.bid.suit in suits or len(set(suits)) != len(suits):
            raise ValueError(
                f"bad trumps {dict(trumps)!r}: every player needs a different suit, "
                f"and {contract.bid.suit.symbol} is the declarer's"
            )
        for player, suit in given.items():
            chosen[player] = suit
        self._begin_play(tuple(chosen), declarer)

    def _begin_play(self, trumps: tuple[Suit | None, ...], leader: int) -> None:
        self.trumps = trumps
        self.takers = tuple(
            tuple(self.calypsos[t][s] for t in self.side_of(p) if (s := trumps[t]) is not None)
            for p in range(self.players)
        )
        self.hand_record.trumps = trumps
        self._ready_trumps()
        self._leader = self._turn = leader
        self.phase = Phase.PLAY

    # -- the table plays each card (:meth:`TrickTable.play`), calling these hooks -------------

    def _trick_won(self, winner: int, trick: Trick) -> None:
        """Build the calypsos of the winner's side from the trick; the rest goes to the
        winner's trickpile (C6, A6)."""
        self._piles[winner] += build(trick.cards, self.takers[winner])
        self.hand_record.tricks.append(trick)

    # -- scoring and between hands -----------------------------------------------------------------

    def _completed_this_hand(self, player: int, suit: Suit) -> int:
        return self.calypsos[player][suit].completed - self._at_start[player][suit][0]

    def _hands_out(self) -> None:
        """Score the hand, send its cards to the sin-bin and the green room, then deal the next
        hand or end the game (A7-A10, P4, P5)."""
        record = self.hand_record
        contract = record.contract
        record.trickpiles = tuple(len(pile) for pile in self._piles)
        record.completed = tuple(
            sum(self._completed_this_hand(p, s) for s in SUITS) for p in range(self.players)
        )
        points = [10 * len(pile) for pile in self._piles]
        scores = dict.fromkeys(self.scorers, 0)
        sold: list[Card] = []
        if contract is None:
            if self.partnerships:
                ns, ew = score_misere_sides(points[0] + points[2], points[1] + points[3])
                scores = {"NS": ns, "EW": ew}
            else:
                scores = dict(zip(self.seats, score_misere(points), strict=True))
        else:
            sold = self._score_contract(contract, points, scores)
        record.sold = tuple(sold)
        record.scores = scores
        for scorer, value in scores.items():
            self.scores[scorer] += value
        completed_cards = [
            c
            for p in range(self.players)
            for suit in SUITS
            for _ in range(self._completed_this_hand(p, suit))
            for c in ALL_CARDS
            if c.suit == suit
        ]
        new_bin = [c for pile in self._piles for c in pile] + sold
        self.deck = self.deck + completed_cards + self.sin_bin
        self.rng.shuffle(self.deck)
        self.sin_bin = new_bin
        self._piles = [[] for _ in range(self.players)]
        self.history.append(record)
        self._at_start = [[(k.completed, k.missing_count) for k in mine] for mine in self.calypsos]
        if len(self.history) == self.total_hands:
            self._finish()
            return
        self.dealer = self.after(self.dealer)
        self._start_hand()

    def _score_contract(
        self, contract: Contract, points: list[int], scores: dict[str, int]
    ) -> list[Card]:
        d = contract.declarer
        suit = contract.bid.suit
        calypso = self.calypsos[d][suit]
        side = self.side_of(d)
        trickpile = sum(len(self._piles[p]) for p in side)
        result = score_contract(
            contract.bid.points,
            contract.bid.calypsos,
            trickpile,
            calypso.in_progress,
            self._at_start[d][suit][1],
            self._completed_this_hand(d, suit),
            contract.doubled,
        )
        self.hand_record.contract_score = result
        sold = calypso.cards()[::-1][: result.sold]
        calypso.mask &= ~sum(1 << (c % 13) for c in sold)
        partner_completed = sum(self._completed_this_hand(p, s) for p in side[1:] for s in SUITS)
        scores[self.scorer(d)] += score_declaring_side(result, partner_completed)
        defenders = [p for p in range(self.players) if p not in side]
        if self.partnerships:
            scores[self.scorer(defenders[0])] += sum(points[p] for p in defenders) + 500 * sum(
                self._completed_this_hand(p, s) for p in defenders for s in SUITS
            )
        else:
            share = sum(points[p] for p in defenders) // 2
            for p in defenders:
                scores[self.scorer(p)] += share + 500 * sum(
                    self._completed_this_hand(p, s) for s in SUITS
                )
        return sold

    def _scores(self) -> dict[str, int]:
        """Each player's (with four, each side's) total so far: once the game is over, with the
        20 for each card left in a calypso in progress (A10, P5).

        >>> game = AuctionGame(players=4, seed=1, hands=1)
        >>> game.outcome.scores, game.outcome.sides
        ({'NS': 0, 'EW': 0}, True)
        """
        return dict(self.scores)

    def _finish(self) -> None:
        self.final_bonus = dict.fromkeys(self.scorers, 0)
        for player, mine in enumerate(self.calypsos):
            self.final_bonus[self.scorer(player)] += 20 * sum(k.in_progress for k in mine)
        for scorer, bonus in self.final_bonus.items():
            self.scores[scorer] += bonus
        self.phase = Phase.OVER

    def __repr__(self) -> str:
        return (
            f"<AuctionGame players={self.players} hand {len(self.history) + 1}/"
            f"{self.total_hands} {self.phase.value}>"
        )
