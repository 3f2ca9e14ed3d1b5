"""Chapter "play": which card scores most for your side, with every hand shown (C3-C7).

A question is a point of a seeded game (:class:`calypso.partnership.game.Game`) that the engine's
random bots have played to :data:`TRICKS_LEFT` tricks before a deal's end. Every hand is shown, and
the solver (:func:`calypso.partnership.solver.solve`) values each card the player to move may play:
the score difference, their side minus the other, when the deal's last trick is over and both
sides play their best from here (docs/solver.md). A point is asked only where the player may
play :data:`CHOICES` different cards and one of them is best by :data:`MARGIN` points or more
over every other. The key is the solver's best card; each other card's reason says where its
line parts from the best and what it costs.

A point is asked only if few rules of thumb play its best card
(:data:`GUESSED`, :data:`calypso.lessons.exercises.thumbs.PLAY_THUMBS`), and the lowest, the middle
and the highest card are the key about as often (:data:`KEPT`), so that no habit passes the stage.

>>> exercise = play_question(random.Random(1))
>>> len(exercise.choices), exercise.answer in [choice.key for choice in exercise.choices]
(3, True)
>>> exercise.trick.game().turn == exercise.trick.mover
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from calypso.engine.cards import Card
from calypso.engine.table import play_order
from calypso.i18n import _, card_text, number, seat_name
from calypso.lessons.examples import ExampleTrick
from calypso.lessons.exercises.base import Choice, Exercise
from calypso.lessons.exercises.thumbs import play_guesses
from calypso.lessons.house import STANDARD, HouseRule
from calypso.partnership.advice import TrickPlay, costs, played_out
from calypso.partnership.bots import make_players
from calypso.partnership.game import SEATS, TRICKS_PER_DEAL, Game
from calypso.partnership.solver import Solution, solve
from calypso.words.tricks import cards_text

TRICKS_LEFT = 3
"""Tricks to go in the deal, the one in play included, at a point asked: few enough for the
solver to value every card in a few milliseconds, in the browser too."""
CHOICES = 3
"""The fewest different cards the player must be free to play: with three tricks left, all
three in the hand."""
MARGIN = 20
"""How many points the best card must score over every other one, at least."""
GUESSED = (6, 4, 5)
"""How many rules of thumb (:data:`~calypso.lessons.exercises.thumbs.PLAY_THUMBS`) may play the key,
by its place among the cards that may be played: the lowest, the middle one, the highest. Most of
them play the lowest or the highest card, and the rest lean towards one or the other: a point
whose best card more of them play is passed over."""
KEPT = (1.0, 0.88, 0.64)
"""How often a point that :data:`GUESSED` lets through is kept, by its key's place (as there),
so that the lowest, the middle and the highest card are each the key in about a third of the
questions. Found as the stage finds them, 29 % of the points have the lowest card best, 27 %
the middle one and 44 % the highest (1,000 points measured); with these shares 98, 102 and 100
of 300 questions have the key at each place."""
BOTS = "random"
"""The bots that play each game up to the point asked (the quickest)."""


@dataclass(frozen=True)
class GameTrick(ExampleTrick):
    """The trick in play at a point of a seeded game with C1's default trumps: the cards played
    to it so far, and the game's ``seed``, every card played in it before this trick and the
    class's house ``rule`` it is played under (C5), so that :meth:`game` sets the position up
    again.

    >>> trick = GameTrick("N", (), seed=7)
    >>> trick.game().turn, trick.mover
    ('N', 'N')
    """

    seed: int = 0
    moves: tuple[Card, ...] = ()
    rule: HouseRule = STANDARD

    @property
    def mover(self) -> str:
        """The seat to play next."""
        return play_order(self.leader, SEATS)[len(self.cards)]

    def game(self) -> Game:
        """The game at this point, every hand and calypso as it was."""
        game = Game(seed=self.seed, **self.rule.options())
        for card in (*self.moves, *self.cards):
            game.play(card)
        return game


@dataclass(frozen=True)
class Ending:
    """A point that may be asked: its trick, the solver's values of every card the mover may
    play, and how many rules of thumb play the best one."""

    trick: GameTrick
    solution: Solution
    guessed: int

    @property
    def best(self) -> Card:
        return self.solution.best.card

    @property
    def margin(self) -> int:
        """How many points the best card scores over the next best."""
        return self.solution.cards[0].value - self.solution.cards[1].value

    @cached_property
    def place(self) -> int:
        """The best card's place among the cards the mover may play, lowest rank first (of
        two as low, the lower suit first)."""
        return _ranked(cv.card for cv in self.solution.cards).index(self.best)


def _ranked(cards: Iterable[Card]) -> list[Card]:
    """``cards`` lowest first: by rank, then suit."""
    return sorted(cards, key=lambda card: (card.rank, card.suit))


def points(rng: random.Random, house: HouseRule = STANDARD) -> Iterator[Game]:
    """Every point of a deal with :data:`TRICKS_LEFT` tricks to go where the mover may play
    :data:`CHOICES` different cards or more, game after game, each game's seed drawn from
    ``rng``, played under the ``house`` rule by :data:`BOTS` bots. The game yielded is played
    on afterwards: read it before the next one."""
    while True:
        seed = rng.randrange(1 << 32)
        game = Game(seed=seed, **house.options())
        bots = make_players(BOTS, seed)
        while game.turn is not None:
            left = TRICKS_PER_DEAL - len(game.tricks[-1])
            if left == TRICKS_LEFT and len(set(game.legal_plays())) >= CHOICES:
                yield game
            game.play(bots[game.index(str(game.turn))].choose(game))


def asked(game: Game, rng: random.Random, house: HouseRule = STANDARD) -> Ending | None:
    """The point ``game`` is at, if it is asked: the solver finds one card best by
    :data:`MARGIN` points or more, at most :data:`GUESSED` rules of thumb play it, and a draw
    from ``rng`` keeps it as often as :data:`KEPT` says for its place."""
    solution = solve(game)
    values = [cv.value for cv in solution.cards]
    if values[0] - values[1] < MARGIN:
        return None
    before = tuple(game.moves[: len(game.moves) - len(game.trick)])
    trick = GameTrick(
        game.trick_leader,
        tuple(game.trick),
        trump_lead=house.trump_lead,
        seed=game.seed,
        moves=before,
        rule=house,
    )
    ending = Ending(trick, solution, play_guesses(game)[solution.best.card])
    if ending.guessed > GUESSED[ending.place] or rng.random() >= KEPT[ending.place]:
        return None
    return ending


def find_ending(rng: random.Random, house: HouseRule = STANDARD) -> Ending:
    """The point to ask, under the ``house`` rule: the first of :func:`points` that is
    :func:`asked`."""
    found = (asked(game, rng, house) for game in points(rng, house))
    return next(e for e in found if e is not None)


# -- in words --------------------------------------------------------------------------------------


def _tricks_text(tricks: Sequence[TrickPlay]) -> str:
    """A line in words, trick by trick: "trick 11: 7♠ K♠ 2♠ 4♣, E takes it; ..."."""
    return "; ".join(
        _("trick {n}: {cards}, {seat} takes it").format(
            n=t.number, cards=cards_text(t.trick.cards), seat=seat_name(t.trick.winner)
        )
        for t in tricks
    )


def standing(value: int) -> str:
    """Where a value leaves the mover's side when the deal ends."""
    if value > 0:
        return _("{points} points ahead").format(points=number(value))
    if value < 0:
        return _("{points} points behind").format(points=number(-value))
    return _("level with the other side")


def _explanation(ending: Ending, tricks: Sequence[TrickPlay]) -> str:
    """Why the best card is best: where it leaves the side, by how much the others fall short,
    and its line."""
    best = ending.solution.best
    return " ".join(
        [
            _(
                "With every hand shown and both sides playing their best from here, {card} "
                "leaves your side {standing} when the deal ends; every other card scores at "
                "least {margin} less."
            ).format(
                card=card_text(best.card),
                standing=standing(best.value),
                margin=number(ending.margin),
            ),
            _("The best line: {tricks}.").format(tricks=_tricks_text(tricks)),
        ]
    )


def _facts(game: Game) -> tuple[str, ...]:
    """Every calypso and how the deal's end is scored (the hands lie face up on the table)."""
    facts = []
    for seat in SEATS:
        run = game.calypso(seat)
        line = _("{seat}'s calypso in progress ({suit}): {cards}").format(
            seat=seat_name(seat),
            suit=run.suit.symbol,
            cards=cards_text(run.cards()) or _("no cards yet"),
        )
        if run.completed:
            line += " " + _("({count} completed)").format(count=run.completed)
        facts.append(line)
    facts.append(
        _(
            "Scored as C7 scores a game's end: completed calypsos, 20 for each card of a "
            "calypso in progress and 10 for each pile card."
        )
    )
    if game.deal_number < 3:
        facts.append(
            _(
                "This is deal {n} of 4: calypsos in progress carry over to the next deal, so "
                "the points are counted as if the game ended with this one."
            ).format(n=game.deal_number + 1)
        )
    return tuple(facts)


def play_question(rng: random.Random, house: HouseRule = STANDARD) -> Exercise:
    """With every hand shown, which card scores most for your side by the deal's end (C3-C7)?
    A point of a seeded game (:func:`find_ending`) played under a class's ``house`` rule, its
    key the solver's best card, each other card's reason where its line parts from the best
    and what that costs (:func:`calypso.partnership.advice.costs`)."""
    ending = find_ending(rng, house)
    trick = ending.trick
    game = trick.game()
    mover = trick.mover
    choices = [Choice(str(cv.card), card_text(cv.card)) for cv in ending.solution.cards]
    rng.shuffle(choices)
    last = len(trick.cards) == len(SEATS) - 1
    return Exercise(
        question=_(
            "You are {seat}, and every hand is shown. Which card scores most for your side by "
            "the end of this deal?"
        ).format(seat=seat_name(mover)),
        choices=tuple(choices),
        answer=str(ending.best),
        explanation=_explanation(ending, played_out(game, ending.solution.best.line)),
        rule="C7",
        trick=trick,
        hand=tuple(_ranked(game.hand(mover))),
        trumps=game.options.trumps,
        facts=_facts(game),
        shown=tuple(
            (seat, tuple(sorted(game.hand(seat)))) for seat in play_order(mover, SEATS)[1:]
        ),
        result=(
            ExampleTrick(
                trick.leader, (*trick.cards, ending.best), trump_lead=house.trump_lead
            ).result()
            if last
            else None
        ),
        why=tuple(
            (str(cost.card), cost.words.removesuffix("."))
            for cost in costs(game)
            if cost.card != ending.best
        ),
    )
