"""Chapter "endings": a deal's last tricks with all four hands shown, played against the solver.

A problem (:func:`make_problem`) is a point of a seeded game, at the start of a trick
:data:`TRICKS_LEFT` tricks before a deal's end. The side to lead is the learner's: they play
both its seats, and the solver (:func:`calypso.partnership.solver.solve`, docs/solver.md) plays the
other two, each card its side's best. The learner must reach the problem's ``target``, the score
difference (their side minus the other, C7) that best play by both sides gives when the deal's
last trick is over. Since the defenders always play their best, a line that gives away points
anywhere can never reach it. A problem is asked only where the greedy bot's lead
(:class:`calypso.partnership.bots.GreedyBot`) scores at least :data:`MARGIN` less than the best,
where at most half of the cards the leader may lead reach the target, and where the learner has a
real choice again after the lead (some card costs points at one of their later turns on the best
line): the rule of thumb fails and the first card alone does not settle it.

Under a class's house rule (C5, :class:`~calypso.lessons.house.HouseRule`) the games are played, the
problems chosen and the solver's answers given under its options: ``make_problem(seed, rule)``.

An :class:`Attempt` is the learner's play so far; :meth:`Attempt.play` adds the learner's card
and the solver's replies. :meth:`Problem.steps` is the best line card by card, for *Show the
best line*, and :meth:`Attempt.to_link` and :func:`from_link` write and read the page's link.

>>> problem = make_problem(1)
>>> attempt = Attempt(problem)
>>> while not attempt.over:
...     attempt = attempt.play(problem.line[len(attempt.played)])
>>> attempt.passed, attempt.played == problem.line
(True, True)
>>> from_link(problem.to_link()).problem == problem
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from calypso.engine.cards import Card, parse_card
from calypso.engine.tricks import IllegalPlay
from calypso.i18n import _, card_text, number, seat_name, side_name
from calypso.lessons.exercises.play import standing
from calypso.lessons.house import STANDARD, HouseRule
from calypso.partnership.advice import costs, replayed
from calypso.partnership.bots import GreedyBot, make_players
from calypso.partnership.game import SEATS, TRICKS_PER_DEAL, Game
from calypso.partnership.solver import Solution, solve
from calypso.words.tricks import refusal_reason

TRICKS_LEFT = 3
"""Tricks to go at a problem's start, the one led included. Three and four were measured
(benchmarks/endings.py, 200 seeds, CPU time in CPython): three find a problem in a median of
11 ms (90th percentile 33 ms, most 66 ms, 5 positions tried at the median), four in 28 ms (70,
115); a learner's card with the solver's replies takes a few milliseconds either way. In the
browser's Python (Pyodide) three take about twice as long: a median of 21 ms, at most 149 ms
(README, Performance). Both are quick enough for the browser, so three was chosen for what it
lets be proved: the brute force values a three-trick problem in about 0.03 s and every line a
learner could play can be tried (tests/test_endings.py), where four take 0.2-1.3 s a problem
and hundreds of lines. Three still leave the learner a choice after the lead: on the best line
2.4 of their turns on average have a card that costs points (four: 3.4)."""
MARGIN = 20
"""How many points less than the best the greedy bot's lead scores, at least."""
BOTS = "random"
"""The bots that play each game up to a problem's position (the quickest)."""
_LINK = re.compile(r"[0-9]{1,12}")
"""A problem's seed as a link writes it."""


@dataclass(frozen=True)
class Problem:
    """One problem: its ``seed`` (what a link names), the game's seed and ``moves``, every card
    played before the position; the learner's ``seats`` and ``side``; the score difference
    ``now`` and the ``target`` (their side minus the other); the best ``line`` to the deal's
    end as :class:`Attempt` plays it; the ``greedy`` bot's lead, which falls short; and the
    class's house ``rule`` the game is played under.

    >>> problem = make_problem(2)
    >>> game = problem.game()
    >>> game.turn in problem.seats and not game.trick, problem.side == game.side(game.turn)
    (True, True)
    >>> len(problem.line) == TRICKS_LEFT * 4
    True
    """

    seed: int
    game_seed: int
    moves: tuple[Card, ...]
    seats: tuple[str, str]
    side: str
    now: int
    target: int
    line: tuple[Card, ...]
    greedy: Card
    rule: HouseRule = STANDARD

    def game(self) -> Game:
        """The game at the problem's position, freshly played from its seed."""
        game = Game(seed=self.game_seed, **self.rule.options())
        for card in self.moves:
            game.play(card)
        return game

    @property
    def gain(self) -> int:
        """What best play by both sides adds to the learner's side's difference by the deal's
        end (negative when the other side gains more)."""
        return self.target - self.now

    @property
    def deal(self) -> int:
        """The deal the problem is in, 1-4."""
        return len(self.moves) // (TRICKS_PER_DEAL * len(SEATS)) + 1

    @property
    def heading(self) -> str:
        """The problem in one sentence, for a title."""
        side = side_name(self.side)
        if self.gain > 0:
            text = _("From here, {side} can gain {points} points on the other side: find how.")
        elif self.gain == 0:
            text = _("From here, {side} can score as much as the other side: find how.")
        else:
            text = _("From here, {side} can hold the other side to {points} points more: find how.")
        return text.format(side=side, points=number(abs(self.gain)))

    @property
    def words(self) -> str:
        """The problem in a few plain sentences: where the learner's side stands, what best play
        brings it, who plays which seats, and for deals 1-3 how the points are counted."""
        side = side_name(self.side)
        if self.gain > 0:
            change = _("{points} more than now")
        elif self.gain == 0:
            change = _("the same as now")
        else:
            change = _("{points} less than now")
        others = tuple(seat for seat in SEATS if seat not in self.seats)
        sentences = [
            _("{side} to lead, {standing}.").format(side=side, standing=standing(self.now)),
            _(
                "With every hand shown and both sides at their best, {side} end this deal "
                "{standing}: {change}."
            ).format(
                side=side,
                standing=standing(self.target),
                change=change.format(points=number(abs(self.gain))),
            ),
            _("You play both {first} and {second}; the solver plays {third} and {fourth}.").format(
                first=seat_name(self.seats[0]),
                second=seat_name(self.seats[1]),
                third=seat_name(others[0]),
                fourth=seat_name(others[1]),
            ),
            _("Find the line."),
        ]
        if self.deal < 4:
            sentences.append(
                _(
                    "This is deal {n} of 4: calypsos in progress carry over to the next deal, so "
                    "the points are counted as if the game ended with this one."
                ).format(n=self.deal)
            )
        return " ".join(sentences)

    def steps(self) -> tuple[Attempt, ...]:
        """The best line card by card, for *Show the best line*: the attempt at the position,
        then one more card of :attr:`line` each, to the deal's end."""
        return tuple(Attempt(self, self.line[:n]) for n in range(len(self.line) + 1))

    def to_link(self) -> str:
        """The page link's text for the problem: its seed."""
        return str(self.seed)


@dataclass(frozen=True)
class Slip:
    """The learner's first card that cost points with every hand shown: in trick ``trick`` of
    the deal (1-13), ``seat`` played ``card`` where ``best`` scored ``cost`` more; ``words``
    say where its line parts from the best (:func:`calypso.partnership.advice.costs`).

    >>> Slip(11, "N", Card.parse("2C"), Card.parse("AH"), 40, "").cost
    40
    """

    trick: int
    seat: str
    card: Card
    best: Card
    cost: int
    words: str


@dataclass(frozen=True)
class Attempt:
    """The learner's play on a problem so far: ``played`` is every card since the position,
    both sides', in play order. Immutable: :meth:`play` returns a new attempt.

    >>> attempt = Attempt(make_problem(3))
    >>> attempt.ours, attempt.over, attempt.result
    (True, False, None)
    """

    problem: Problem
    played: tuple[Card, ...] = ()

    @cached_property
    def _position(self) -> Game:
        game = self.problem.game()
        for card in self.played:
            game.play(card)
        return game

    def game(self) -> Game:
        """The game after the cards played so far (a fresh copy each call)."""
        return replayed(self._position)

    @property
    def over(self) -> bool:
        """Whether the deal's last trick is over."""
        return len(self.played) == len(self.problem.line)

    @property
    def turn(self) -> str | None:
        """The seat to play, or None once the deal is over."""
        return None if self.over else self._position.turn

    @property
    def ours(self) -> bool:
        """Whether the learner's side is to play."""
        return self.turn in self.problem.seats

    @property
    def result(self) -> int | None:
        """The learner's side's total minus the other side's once the deal is over."""
        return _difference(self._position, self.problem.side) if self.over else None

    @property
    def passed(self) -> bool:
        """Whether the deal is over with the target reached."""
        return self.over and self.result == self.problem.target

    def play(self, card: Card | str) -> Attempt:
        """The attempt after the learner's ``card`` and the solver's replies, each the best
        card for its side (the first of the best on a tie), until the learner's turn comes
        again or the deal is over. Raises ``ValueError`` in a learner's words when the deal is
        over, the solver is to play, or the card may not be played."""
        turn = self.turn
        if turn is None:
            raise ValueError(_("The deal is over: no card is left to play."))
        if not self.ours:
            raise ValueError(
                _("It is {seat}'s turn, and the solver plays for {seat}.").format(
                    seat=seat_name(turn)
                )
            )
        try:
            card = parse_card(card)
        except ValueError as error:
            raise ValueError(_("{text} is not a card.").format(text=card)) from error
        game = self.game()
        try:
            game.play(card)
        except IllegalPlay as error:
            raise ValueError(
                _("{seat} may not play {card}: {reason}.").format(
                    seat=seat_name(turn),
                    card=card_text(card),
                    reason=refusal_reason(error.refusal),
                )
            ) from error
        played = [*self.played, card]
        while len(played) < len(self.problem.line) and game.turn not in self.problem.seats:
            (reply,) = _best_line(game, 1)
            played.append(reply)
        return Attempt(self.problem, tuple(played))

    def best_from_here(self) -> tuple[Attempt, ...]:
        """This attempt and then one more card each along the best line from here to the deal's
        end: the learner's side playing its best, the solver's replies as :meth:`play` makes
        them."""
        line = _best_line(self.game(), len(self.problem.line) - len(self.played))
        return tuple(Attempt(self.problem, (*self.played, *line[:n])) for n in range(len(line) + 1))

    def slip(self) -> Slip | None:
        """The learner's first card that cost points with every hand shown, or None."""
        game = self.problem.game()
        for card in self.played:
            seat = str(game.turn)
            if seat in self.problem.seats:
                priced = costs(game)
                mine = next(cost for cost in priced if cost.card == card)
                if mine.cost:
                    trick = len(game.tricks[-1]) + 1
                    return Slip(trick, seat, card, priced[0].card, mine.cost, mine.words)
            game.play(card)
        return None

    def verdict(self) -> str:
        """What the attempt came to, in words, once the deal is over: the target reached, or
        how far short and the first card that cost points."""
        result = self.result
        if result is None:
            raise ValueError(_("The deal is not over yet: there is no verdict."))
        side = side_name(self.problem.side)
        if result == self.problem.target:
            return _(
                "Made it: {side} end the deal {standing}, the best there is with every hand shown."
            ).format(side=side, standing=standing(result))
        slip = self.slip()
        text = _(
            "{points} points short: {side} end the deal {standing}, and best play ends it {best}."
        ).format(
            points=number(self.problem.target - result),
            side=side,
            standing=standing(result),
            best=standing(self.problem.target),
        )
        if slip is None:
            return text
        return " ".join(
            [
                text,
                _("The first card that cost points: {seat}'s {card} in trick {trick}.").format(
                    seat=seat_name(slip.seat), card=card_text(slip.card), trick=slip.trick
                ),
                slip.words,
            ]
        )

    def to_link(self) -> str:
        """The page link's text: the problem's seed, then the learner's own cards played so
        far, each after a dot (``"17.QC.2H"``); the solver's replies follow from them."""
        mine = [str(card) for seat, card in _seated(self) if seat in self.problem.seats]
        return ".".join([self.problem.to_link(), *mine])


def _seated(attempt: Attempt) -> Iterator[tuple[str, Card]]:
    """Each card the attempt played, with the seat that played it."""
    game = attempt.problem.game()
    for card in attempt.played:
        seat = str(game.turn)
        game.play(card)
        yield seat, card


def from_link(text: str, rule: HouseRule = STANDARD) -> Attempt:
    """The attempt a page link names (:meth:`Attempt.to_link`): the problem of its seed under
    the house ``rule``, the learner's cards played on it. Raises ``ValueError`` in a learner's
    words for a link that is not one, or that plays a card the problem does not allow.

    >>> from_link("5").played
    ()
    >>> from_link("5.x")
    Traceback (most recent call last):
    ...
    ValueError: This link names no problem's play: x is not a card.
    """
    seed, *cards = text.strip().split(".")
    if not seed:
        raise ValueError(_("This link names no problem: it has no problem's number."))
    if not _LINK.fullmatch(seed):
        raise ValueError(
            _("This link names no problem: {text} is not a problem's number.").format(text=seed)
        )
    if "" in cards:
        raise ValueError(_("This link names no problem's play: a card is missing between dots."))
    attempt = Attempt(make_problem(int(seed), rule))
    for card in cards:
        try:
            attempt = attempt.play(card)
        except ValueError as error:
            raise ValueError(
                _("This link names no problem's play: {reason}").format(reason=error)
            ) from error
    return attempt


# -- finding a problem -----------------------------------------------------------------------


def _difference(game: Game, side: str) -> int:
    """``side``'s C7 total minus the other side's, the cards as they lie."""
    totals = game.score().totals
    return 2 * totals[side] - sum(totals.values())


class _Ties(random.Random):
    """A generator that takes the first of every choice and keeps what it was offered."""

    def __init__(self) -> None:
        super().__init__(0)
        self.offered: list[frozenset[Card]] = []

    def choice(self, seq: Any) -> Any:
        self.offered.append(frozenset(seq))
        return seq[0]


def _greedy_leads(game: Game) -> frozenset[Card]:
    """Every card the greedy bot may play here, whichever way its seeded ties fall."""
    ties = _Ties()
    card = GreedyBot(ties).choose(game)
    return ties.offered[-1] if ties.offered else frozenset({card})


def _best(game: Game) -> Solution | None:
    """The solver's values at ``game``, or None when only one card may be played."""
    return solve(game) if len(set(game.legal_plays())) > 1 else None


def _best_line(game: Game, cards: int) -> tuple[Card, ...]:
    """The next ``cards`` cards from ``game`` with each side playing the solver's best card
    (the first of the best on a tie); ``game`` is played on."""
    line = []
    for _count in range(cards):
        found = _best(game)
        card = game.legal_plays()[0] if found is None else found.best.card
        game.play(card)
        line.append(card)
    return tuple(line)


def _positions(game_seed: int, tricks: int, rule: HouseRule) -> Iterator[Game]:
    """The start of the trick ``tricks`` tricks before each deal's end, in a game from
    ``game_seed`` played under ``rule`` by :data:`BOTS` bots. The game yielded is played on
    afterwards."""
    game = Game(seed=game_seed, **rule.options())
    bots = make_players(BOTS, game_seed)
    while game.turn is not None:
        if not game.trick and len(game.tricks[-1]) == TRICKS_PER_DEAL - tricks:
            yield game
        game.play(bots[game.index(str(game.turn))].choose(game))


def _asked(seed: int, game: Game, tricks: int, rule: HouseRule) -> Problem | None:
    """The problem at ``game``'s position, ``tricks`` tricks before the deal's end, if it is
    asked (see the module's help)."""
    if len(set(game.legal_plays())) < 2:
        return None
    solution = solve(game)
    target = solution.best.value
    values = {cv.card: cv.value for cv in solution.cards}
    greedy = sorted(_greedy_leads(game), key=lambda card: -values[card])
    if values[greedy[0]] > target - MARGIN:
        return None
    if 2 * sum(value == target for value in values.values()) > len(values):
        return None
    seat = str(game.turn)
    first, second = sorted((seat, game.partner(seat)), key=SEATS.index)
    twin = replayed(game)
    twin.play(solution.best.card)
    line, choices = [solution.best.card], 0
    while len(line) < tricks * len(SEATS):
        found = _best(twin)
        card = twin.legal_plays()[0] if found is None else found.best.card
        if found is not None and twin.turn in (first, second):
            choices += found.cards[-1].value < found.best.value
        twin.play(card)
        line.append(card)
    if not choices:
        return None
    return Problem(
        seed=seed,
        game_seed=game.seed,
        moves=tuple(game.moves),
        seats=(first, second),
        side=game.side(seat),
        now=_difference(game, game.side(seat)),
        target=target,
        line=tuple(line),
        greedy=greedy[0],
        rule=rule,
    )


def search(
    seed: int, tricks: int = TRICKS_LEFT, rule: HouseRule = STANDARD
) -> Iterator[Problem | None]:
    """Every position tried for ``seed``'s problem, ``tricks`` tricks before a deal's end, with
    the problem it asks or None: game after game under the house ``rule``, each game's seed
    drawn from ``random.Random(seed)`` (benchmarks/endings.py counts them and tries four
    tricks).

    >>> next(p for p in search(1) if p is not None) == make_problem(1)
    True
    """
    rng = random.Random(seed)
    while True:
        game_seed = rng.randrange(1 << 32)
        for game in _positions(game_seed, tricks, rule):
            yield _asked(seed, game, tricks, rule)


def make_problem(seed: int, rule: HouseRule = STANDARD) -> Problem:
    """The problem of ``seed`` under the house ``rule``: the first position of :func:`search`
    that is asked. The same seed and rule give the same problem everywhere.

    >>> make_problem(4) == make_problem(4)
    True
    >>> make_problem(4, HouseRule.from_text("w1")).game().options.all_fours
    True
    """
    return next(problem for problem in search(seed, rule=rule) if problem is not None)
