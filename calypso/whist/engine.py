"""Calypso's single-trump relatives on one engine: rounds of deal, calls and tricks.

A :class:`WhistGame` plays any game described by a :class:`WhistVariant`: where the seats sit,
how many cards each round deals, where the trump comes from, when the calls are made, how a
round is scored and when the game ends. Call Bridge and Collett Whist are two such variants
(:mod:`calypso.whist.call_bridge`, :mod:`calypso.whist.collett_whist`). Tricks are the same
trick core as Calypso's, with one trump suit shared by everyone.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from calypso.engine.cards import Card, Suit, parse_card, shuffled_pack
from calypso.engine.moves import TricksCall, move_text
from calypso.engine.outcome import Outcome, Span
from calypso.engine.table import Trick, TrickTable, deal_out
from calypso.engine.tricks import (
    IllegalPlay,
    Refusal,
    Refused,
    TrickResult,
    TrickRules,
    resolve_trick,
)


class CallTime(enum.Enum):
    """When a round's calls are made, relative to the deal and the turned trump card."""

    AFTER_TRUMP = "after the trump is turned"
    BEFORE_TRUMP = "after the deal, before the trump is turned"
    BEFORE_DEAL = "before the deal"
    NONE = "no calls"


class TrumpSource(enum.Enum):
    FIXED = "fixed"
    TURNED = "turned"
    NONE = "none"


@dataclass(frozen=True)
class RoundPlan:
    """What one round deals and how it is called."""

    number: int
    cards: int
    trump: TrumpSource
    calls: CallTime
    fixed_trump: Suit | None = None


WHIST_RULES = TrickRules(shared=True)
"""One trump for everyone, or none (W5): the trick rules of a variant that declares no other."""


@dataclass(frozen=True)
class WhistVariant:
    """Everything that makes one single-trump game different from another."""

    name: str
    seats: tuple[str, ...]
    plan: Callable[[int], RoundPlan]
    call_range: Callable[[RoundPlan], tuple[int, int]]
    score: Callable[[RoundPlan, int | None, int], int]
    rules: TrickRules = WHIST_RULES
    """How a trick is played: one trump for everyone (W5, B4), and any must-overtrump (B3)."""
    numbered_rounds: bool = False
    """Rounds follow a schedule, so a record says which round each deal was."""

    @property
    def must_overtrump(self) -> Suit | None:
        return self.rules.must_overtrump


GivenDeal = tuple[Mapping[str, Sequence[str | Card]], str | None]
"""A round's hands by seat and its trump suit letter (or ``None``), as a record gives them."""


class Phase(enum.Enum):
    """What a round waits for (values as in :class:`calypso.engine.moves.Phase`)."""

    CALLS = "calls"
    PLAY = "play"
    OVER = "over"


@dataclass
class RoundRecord:
    """One round as it is played: the deal, the trump, the calls, the tricks and the scores."""

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...] = ()
    trump: Suit | None = None
    calls: dict[int, int] = field(default_factory=dict)
    tricks: list[Trick] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)

    def trick_result(self, trick: Trick) -> TrickResult:
        """The engine's verdict on a trick of this round, with its explanation (B4, W5)."""
        return resolve_trick(trick.cards, trump=self.trump)

    def tricks_won(self, seats: Sequence[str]) -> dict[str, int]:
        """Tricks each seat has won so far this round."""
        return {seat: sum(t.winner == seat for t in self.tricks) for seat in seats}

    def outcome(self) -> Outcome:
        """How the round ended: each player's score for it, which wins no game (B6, W7: the
        game's totals do).

        >>> RoundRecord(3, 0, scores={"N": 13, "E": -3, "S": 3, "W": 0}).outcome().span.value
        'round'
        """
        return Outcome.highest(self.scores, over=True, span=Span.ROUND)


class WhistGame(TrickTable):
    """A game of a single-trump relative, one call or card at a time.

    ``rounds`` plays exactly that many rounds; ``target`` plays until someone's total reaches
    it (the variant decides which applies). ``deals`` (per round: hands by seat and the trump)
    replace the shuffles, as when replaying a record.
    """

    MAX_ROUNDS = 1000
    play_phase = Phase.PLAY

    def __init__(
        self,
        variant: WhistVariant,
        seed: int = 0,
        *,
        rounds: int | None = None,
        target: int | None = None,
        first_dealer: int | None = None,
        first_round: int = 1,
        deals: Sequence[GivenDeal] | None = None,
    ) -> None:
        if rounds is None and target is None:
            raise ValueError("bad game: give a number of rounds or a target score")
        for name, value in (("rounds", rounds), ("target", target)):
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value < 1
            ):
                raise ValueError(f"bad {name} {value!r}: expected a whole number from 1 up")
        self.variant = variant
        self.rules = variant.rules
        self.first_round = first_round
        self.seats = variant.seats
        self.seed = seed
        self.rounds = rounds
        self.target = target
        self.rng = random.Random(f"{variant.name}/{seed}")
        self.dealer = self.rng.randrange(len(self.seats)) if first_dealer is None else first_dealer
        self.first_dealer = self.dealer
        self._deals = list(deals or ())
        self.scores = dict.fromkeys(self.seats, 0)
        self.history: list[RoundRecord] = []
        self.phase = Phase.CALLS
        self._start_round()

    # -- rounds ------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.seats)

    def _start_round(self) -> None:
        number = self.first_round + len(self.history)
        self.plan = self.variant.plan(number)
        self.current = RoundRecord(number, self.dealer)
        self.trump: Suit | None = None
        self._hands: list[list[Card]] = [[] for _ in self.seats]
        self._legal = None
        self._trick: list[Card] = []
        self._won = [0] * self.n
        self._caller = self.after(self.dealer)
        self._leader = self._turn = self.after(self.dealer)
        if self.plan.calls is not CallTime.BEFORE_DEAL:
            self._deal()
        if self.plan.calls in (CallTime.AFTER_TRUMP, CallTime.NONE):
            self._turn_trump()
        self.phase = Phase.PLAY if self.plan.calls is CallTime.NONE else Phase.CALLS

    def _deal(self) -> None:
        number = self.current.number
        given = number - self.first_round
        if given < len(self._deals):
            hands, trump = self._deals[given]
            if sorted(hands) != sorted(self.seats):
                raise ValueError(f"bad hands: round {number} must deal to {', '.join(self.seats)}")
            dealt = [sorted(parse_card(c) for c in hands[s]) for s in self.seats]
            for seat, hand in zip(self.seats, dealt, strict=True):
                if len(hand) != self.plan.cards:
                    raise ValueError(
                        f"bad hands: round {number} gives {seat} {len(hand)} cards, "
                        f"expected {self.plan.cards}"
                    )
            if len({c for h in dealt for c in h}) != sum(len(h) for h in dealt):
                raise ValueError(f"bad hands: round {number} deals a card twice from one pack")
            self._given_trump = None if trump is None else Suit.parse(trump)
            self.current.hands = tuple(map(tuple, dealt))
        else:
            pack = shuffled_pack(1, self.rng)
            size = self.plan.cards * self.n
            self.current.hands = deal_out(pack[-size:][::-1], self.n, self.dealer)
            dealt = [list(h) for h in self.current.hands]
            self._turned = pack[-size - 1] if size < len(pack) else None
            self._given_trump = None
        self._hands, self._legal = dealt, None

    def _turn_trump(self) -> None:
        plan = self.plan
        if plan.trump is TrumpSource.FIXED:
            self.trump = plan.fixed_trump
        elif plan.trump is TrumpSource.NONE:
            self.trump = None
        elif self.current.number - self.first_round < len(self._deals):
            self.trump = self._given_trump
        else:
            self.trump = None if self._turned is None else self._turned.suit
        self.current.trump = self.trump
        self._ready_trumps()

    # -- reading -----------------------------------------------------------------------------

    @property
    def turn(self) -> str | None:
        if self.phase is Phase.OVER:
            return None
        return self.seats[self._caller if self.phase is Phase.CALLS else self._turn]

    def tricks_won(self, seat: str | int) -> int:
        return self._won[self.index(seat)]

    def call_range(self) -> tuple[int, int]:
        return self.variant.call_range(self.plan)

    def own_trump(self, player: int) -> Suit | None:
        """Everyone's trump this round (W5, B4)."""
        return self.trump

    def legal_moves(self) -> list[TricksCall] | list[Card]:
        """The calls open to the player on turn, or the cards they may play."""
        if self.phase is Phase.CALLS:
            low, high = self.call_range()
            return [TricksCall(n) for n in range(low, high + 1)]
        return self.legal_plays()

    def apply(self, move: TricksCall | Card) -> None:
        """Make a move (:mod:`calypso.engine.moves`): a call or a card."""
        if isinstance(move, Card):
            self.play(move)
        else:
            self.call(move.tricks)

    def parse_move(self, text: str) -> TricksCall | Card:
        return TricksCall.parse(text) if text.startswith("c") else parse_card(text)

    def move_text(self, move: TricksCall | Card) -> str:
        return move_text(move)

    # -- moves -------------------------------------------------------------------------------

    def call(self, tricks: int, seat: str | None = None) -> None:
        """The player on turn calls how many tricks they will take."""
        if self.phase is not Phase.CALLS:
            raise IllegalPlay(Refusal(Refused.NO_CALL_NOW, phase=self.phase.value))
        self._check_turn(seat)
        low, high = self.call_range()
        if not isinstance(tricks, int) or isinstance(tricks, bool):
            raise ValueError(
                f"bad call {tricks!r}: expected a whole number of tricks from {low} to {high}"
            )
        if not low <= tricks <= high:
            refused = Refusal(Refused.CALL_OUT_OF_RANGE, asked=tricks, low=low, high=high)
            raise IllegalPlay(refused)
        self.current.calls[self._caller] = tricks
        self._caller = self.after(self._caller)
        if len(self.current.calls) < self.n:
            return
        if self.plan.calls is CallTime.BEFORE_DEAL:
            self._deal()
        if self.plan.calls is not CallTime.AFTER_TRUMP:
            self._turn_trump()
        self.phase = Phase.PLAY

    # -- the table plays each card (:meth:`TrickTable.play`), calling these hooks -------------

    def _trick_won(self, winner: int, trick: Trick) -> None:
        """Count the trick to its winner (B5, W6 score the tricks each player takes)."""
        self._won[winner] += 1
        self.current.tricks.append(trick)

    def _hands_out(self) -> None:
        """Score the round, then start the next one or end the game (B6, W7)."""
        record = self.current
        for p, seat in enumerate(self.seats):
            record.scores[seat] = self.variant.score(self.plan, record.calls.get(p), self._won[p])
            self.scores[seat] += record.scores[seat]
        self.history.append(record)
        played = len(self.history)
        if self.rounds is not None:
            finished = played == self.rounds
        else:
            finished = max(self.scores.values()) >= int(self.target or 0)
        if finished or played == self.MAX_ROUNDS:
            self.phase = Phase.OVER
            return
        self.dealer = self.after(self.dealer)
        self._start_round()

    def _scores(self) -> dict[str, int]:
        """Each player's total so far: the final scores once the game is over (B6, W7).

        >>> from calypso.whist import collett_whist
        >>> game = collett_whist.new_game(seed=2, players=4)
        >>> game.outcome.scores
        {'A': 0, 'B': 0, 'C': 0, 'D': 0}
        """
        return dict(self.scores)

    def winners(self) -> list[str]:
        """Everyone with the highest total (equal highest totals share the win)."""
        best = max(self.scores.values())
        return [seat for seat, total in self.scores.items() if total == best]

    def __repr__(self) -> str:
        return f"<WhistGame {self.variant.name} round {len(self.history) + 1} {self.phase.value}>"
