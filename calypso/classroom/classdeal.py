"""One position the whole class plays (issue 33): where it comes from, what each card costs,
and what a student's card (and reason) earns.

A :class:`Position` is a Calypso game (its seed and rule variant) and the cards played so far:
a problem of the Endings chapter (:meth:`Position.from_ending`), a point of a played game's
record (:meth:`Position.from_record`), or any game on the card table
(:meth:`Position.from_game`). Its text form (:meth:`Position.to_text`) is what the class board
stores and what a link carries.

:func:`price` costs every legal card of the seat to play: exactly with the solver when the
deal's end is within its reach (:data:`calypso.partnership.advice.HINT_TRICKS` tricks), else by the
expert's average over layouts of the hidden cards (:func:`calypso.partnership.expert.judge`, seeded
by the position).
:func:`mark` grades a student's card, and their reason when the position asks for one
(:func:`calypso.lessons.why.question`).

>>> position = Position.from_ending(1)
>>> prices = price(position)
>>> prices.exact, prices.best == tuple(c.card for c in prices.cards if c.cost == 0)
(True, True)
>>> mark(position, prices.best[0]).grade
<Grade.RIGHT: 'right'>
>>> Position.from_text(position.to_text()) == position
True
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from functools import cached_property

from calypso.engine.cards import Card, parse_card
from calypso.engine.record import Record
from calypso.engine.tricks import TrumpLead
from calypso.lessons.house import STANDARD, HouseRule
from calypso.lessons.why import Grade, Question, Reason, question
from calypso.partnership.advice import HINT_TRICKS
from calypso.partnership.expert import judge
from calypso.partnership.game import DEALS, DEFAULT_TRUMPS, SEATS, TRICKS_PER_DEAL, Game
from calypso.partnership.match import SPEC
from calypso.partnership.solver import solve

SAMPLES = 40
"""Layouts the expert deals to price the cards of a position beyond the solver's reach."""
_TEXT = re.compile(r"(\d{1,12})\.([rw])([01])((?:\.[0-9JQKA]{1,2}[CDHS]){0,207})")
"""A position's text: the seed, the C5 variant (r: ranked, w: ruff-wins), all-fours (0 or 1),
then each card played, after a dot."""


class PositionError(ValueError):
    """A position that cannot be played by the class; the message says why in one line."""


@dataclass(frozen=True)
class Position:
    """A Calypso game from ``seed`` under the rule variant, with ``moves`` played."""

    seed: int
    trump_lead: TrumpLead = TrumpLead.RANKED
    all_fours: bool = False
    moves: tuple[Card, ...] = ()

    def game(self) -> Game:
        """The game at this position, played afresh from its seed."""
        game = Game(self.seed, trump_lead=self.trump_lead, all_fours=self.all_fours)
        for card in self.moves:
            game.play(card)
        return game

    def to_text(self) -> str:
        """The position as one line of text (``7.r0.QS.2H``)."""
        lead = "w" if self.trump_lead is TrumpLead.RUFF_WINS else "r"
        head = f"{self.seed}.{lead}{int(self.all_fours)}"
        return ".".join([head, *(str(card) for card in self.moves)])

    @property
    def key(self) -> str:
        """A short name for the position, the same wherever it is worked out."""
        return hashlib.sha256(self.to_text().encode()).hexdigest()[:12]

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read :meth:`to_text`'s form; anything else, or cards no game could play, raises
        :class:`PositionError`."""
        found = _TEXT.fullmatch(text.strip())
        if not found:
            raise PositionError(f"bad position {text[:40]!r}: expected seed.r0 then cards")
        seed, lead, fours, cards = found.groups()
        moves = tuple(parse_card(c) for c in cards.split(".")[1:])
        position = cls(
            int(seed), TrumpLead.RUFF_WINS if lead == "w" else TrumpLead.RANKED, fours == "1", moves
        )
        position.check()
        return position

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """Where ``game`` stands now (its default trumps; its seed deals it)."""
        if game.options.trumps != DEFAULT_TRUMPS:
            given = " ".join(
                f"{seat}{suit.symbol}"
                for seat, suit in zip(SEATS, game.options.trumps, strict=True)
            )
            raise PositionError(
                f"bad trumps {given}: a class position uses the default N♥ E♦ S♠ W♣ (C1)"
            )
        position = cls(
            game.seed, game.options.trump_lead, game.options.all_fours, tuple(game.moves)
        )
        position.check()
        return position

    @classmethod
    def from_ending(cls, seed: int, rule: HouseRule = STANDARD) -> Position:
        """The start of chapter 06's problem ``seed`` (under a class's house ``rule``)."""
        from calypso.lessons.exercises.endings import make_problem

        return cls.from_game(make_problem(seed, rule).game())

    @classmethod
    def from_record(cls, record: Record, move: int) -> Position:
        """The point of a Calypso game's record after its first ``move`` cards (a record of one
        game, dealt from its seed)."""
        if record.game != SPEC.name or record.seed is None or len(record.deals) != DEALS:
            raise PositionError("a class position comes from the record of one Calypso game")
        cards = [card for deal in record.deals for trick in deal.tricks for card in trick.cards]
        if not 0 <= move < len(cards):
            raise PositionError(f"bad move {move}: the record has cards 0 to {len(cards) - 1}")
        lead = TrumpLead.parse(record.options.get("trump_lead", "ranked"))
        position = cls(
            record.seed, lead, bool(record.options.get("all_fours")), tuple(cards[:move])
        )
        if position.game().dealt != Game(record.seed, trump_lead=lead).dealt:
            raise PositionError("the record's hands are not the ones its seed deals")
        position.check()
        return position

    def check(self) -> None:
        """Raise :class:`PositionError` unless every card is legal and a card is still to
        play."""
        try:
            game = self.game()
        except ValueError as exc:
            raise PositionError(f"bad position: {exc}") from None
        if game.turn is None:
            raise PositionError("bad position: the game is over, no card is left to play")


@dataclass(frozen=True)
class CardPrice:
    """One legal card and what it costs against the best (0 for a best card)."""

    card: Card
    cost: int


@dataclass(frozen=True)
class Prices:
    """Every distinct legal card of the seat to play, cheapest first; ``exact`` when the
    solver valued them with every hand shown, else the expert's average over ``samples``
    layouts of the cards the seat cannot see."""

    seat: str
    cards: tuple[CardPrice, ...]
    exact: bool
    samples: int = 0

    @property
    def best(self) -> tuple[Card, ...]:
        return tuple(c.card for c in self.cards if c.cost == 0)

    def cost(self, card: Card) -> int:
        for priced in self.cards:
            if priced.card == card:
                return priced.cost
        raise PositionError(f"bad card {card}: not a card the seat to play may play")


def price(position: Position) -> Prices:
    """What each legal card of the seat to play costs (see the module's help)."""
    game = position.game()
    seat = str(game.turn)
    if TRICKS_PER_DEAL - len(game.tricks[-1]) <= HINT_TRICKS:
        values = solve(game).cards
        top = values[0].value
        return Prices(seat, tuple(CardPrice(v.card, top - v.value) for v in values), True)
    seed = int(position.key, 16)
    judged = judge(game, SAMPLES, random.Random(seed))
    top_mean = judged.best.mean
    cards = tuple(CardPrice(j.card, round(top_mean - j.mean)) for j in judged.cards)
    return Prices(seat, cards, False, judged.samples)


@dataclass(frozen=True)
class Marked:
    """A student's answer as the class board keeps it: the card, the reason given (if asked),
    what the card cost, and the grade."""

    card: Card
    reason: Reason | None
    cost: int
    grade: Grade


class Asked:
    """What a position asks: the card, and a reason when :func:`calypso.lessons.why.question` finds
    one worth asking (only where the solver reaches)."""

    def __init__(self, position: Position) -> None:
        self.position = position

    @cached_property
    def prices(self) -> Prices:
        return price(self.position)

    @cached_property
    def why(self) -> Question | None:
        if not self.prices.exact:
            return None
        try:
            return question(self.position.game())
        except ValueError:
            return None


def mark(position: Position, card: Card, reason: Reason | None = None) -> Marked:
    """Grade a student's ``card`` (and ``reason``) for ``position``: a card that costs nothing
    is right; when the position asks why, a right card with a reason not true of it is right
    for the wrong reason. Raises :class:`PositionError` for a card the seat may not play."""
    return mark_asked(Asked(position), card, reason)


def mark_asked(asked: Asked, card: Card, reason: Reason | None = None) -> Marked:
    """:func:`mark` for a position already priced (a class answering the same position)."""
    cost = asked.prices.cost(card)
    why = asked.why
    if cost:
        grade = Grade.WRONG_CARD
    elif why is None or reason is None:
        grade = Grade.RIGHT if why is None else Grade.WRONG_REASON
    else:
        grade = Grade.RIGHT if reason in why.holds[card] else Grade.WRONG_REASON
    return Marked(card, reason if why is not None else None, cost, grade)
