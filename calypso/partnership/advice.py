"""What each legal card costs with every hand shown, in points and in words (issue 31).

:func:`costs` values every distinct legal card of the player to move with the exact solver
(:func:`calypso.partnership.solver.solve`, docs/solver.md) and says of each card that costs points
where its line parts from the best line: the first trick, counted from the deal's start, whose
winner or whose cards' places differ; who takes that trick, by which ruling (C4, C5); and
where the cards go instead (C6). Both lines are played again in the engine, on a game
replayed from the game's own moves, so every word is read off the engine's tricks.
:func:`review` looks back over a deal's last tricks for the plays that cost points.

>>> from calypso.partnership.game import Game
>>> game = Game(seed=11)
>>> while len(game.tricks[-1]) < 11:
...     _ = game.play(game.legal_plays()[0])
>>> game.turn, [(str(c.card), c.cost) for c in costs(game)]
('E', [('9S', 0), ('QH', 110)])
>>> print(costs(game)[1].words)  # doctest: +NORMALIZE_WHITESPACE
Q♥ costs 110: trick 12 goes to S's K♥, the highest ♥, with no ruff (C4.3), and N's calypso
gets 9♥, Q♥ and K♥ from it and S's calypso gets A♠ from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from calypso.engine.cards import Card
from calypso.engine.table import Trick
from calypso.engine.tricks import Rule
from calypso.i18n import _, card_text, join, number, pgettext, rule_label, seat_name
from calypso.partnership.calypsos import Where, route
from calypso.partnership.game import SEATS, SIDES, TRICKS_PER_DEAL, Game, partner_of
from calypso.partnership.solver import MOST_TRICKS, CardValue, Solution, solve

HINT_TRICKS = 5
"""The most tricks to go (the trick in play included) at which a hint values every card: at 5
the solver's 90th percentile is under 100 ms in Pyodide, the static site's Python, and 4
tricks are several times as fast (`make bench-solver`; figures in README's *Performance*)."""
REVIEW_TRICKS = min(MOST_TRICKS - 1, HINT_TRICKS)
"""How many of a deal's last tricks :func:`review` looks back over: five, as far as the hint
looks. One seat's review of a deal played by the greedy bots took a median of 11 ms and at most
0.11 s in CPython, all four seats' 87 ms and at most 0.25 s (20 deals, a loaded machine)."""


@dataclass(frozen=True)
class Place:
    """Where one card of a won trick went (C6): into ``owner``'s calypso (``where`` is
    :attr:`Where.CALYPSO`, or :attr:`Where.NEXT` for a spare that starts the next one), or
    onto side ``owner``'s pile."""

    card: Card
    where: Where
    owner: str


@dataclass(frozen=True)
class TrickPlay:
    """One trick of a line as the engine played it: its number in the deal (from 1), the
    trick, each card's place in play order, the seats whose calypso it completed, and the
    points it brought each side (NS, EW) by C7.

    >>> trick = Trick("N", (Card.parse("2C"),) * 4, "N", Rule.PLAIN_LEAD_UNRUFFED, tuple(SEATS))
    >>> play = TrickPlay(12, trick, (Place(Card.parse("2C"), Where.PILE, "NS"),) * 4, (), (40, 0))
    >>> play.pile, play.into, play.net("EW")
    (4, (), -40)
    """

    number: int
    trick: Trick
    places: tuple[Place, ...]
    completed: tuple[str, ...]
    gains: tuple[int, int]

    def net(self, side: str) -> int:
        """What the trick brought ``side`` less what it brought the other side."""
        ours, theirs = self.gains if side == SIDES[0] else self.gains[::-1]
        return ours - theirs

    @property
    def pile(self) -> int:
        """How many of its cards went onto the winning side's pile."""
        return sum(place.where is Where.PILE for place in self.places)

    @property
    def into(self) -> tuple[tuple[str, Card], ...]:
        """The cards that went into calypsos, with their owners, in a fixed order."""
        return tuple(sorted((p.owner, p.card) for p in self.places if p.where is not Where.PILE))

    @property
    def outcome(self) -> tuple[object, ...]:
        """What the trick did: who won it, which cards went into which calypso, how many onto
        the pile, which calypsos it completed. Two tricks with one outcome score alike and
        leave every calypso alike."""
        return self.trick.winner, self.into, self.pile, self.completed


@dataclass(frozen=True)
class Parting:
    """Where a card's line parts from the best line: the same trick of each, ``line``'s and
    ``best``'s, the first whose :attr:`TrickPlay.outcome` differs."""

    line: TrickPlay
    best: TrickPlay


@dataclass(frozen=True)
class CardCost:
    """One legal card: its cost (the best card's value minus its own, 0 for a card as good as
    the best), its value and line as :class:`calypso.partnership.solver.CardValue` has them, and for
    a card that costs points the one sentence saying why (``words``) and the tricks it is read
    from (``partings``, :func:`partings`).

    >>> CardCost(Card.parse("KH"), 0, 120, (Card.parse("KH"),)).words
    ''
    """

    card: Card
    cost: int
    value: int
    line: tuple[Card, ...]
    words: str = ""
    partings: tuple[Parting, ...] = ()


@dataclass(frozen=True)
class Mistake:
    """A play that cost points with every hand shown: in deal ``deal`` (1-4), trick ``trick``
    (1-13), after ``moves`` cards of the game, ``seat`` played ``card`` where ``best`` was
    worth ``cost`` more; ``words`` say why and ``line`` is the best line from there (``best``
    first).

    >>> mistake = Mistake(1, 12, 46, "S", Card.parse("2C"), Card.parse("AS"), 30, "", ())
    >>> mistake.cost
    30
    """

    deal: int
    trick: int
    moves: int
    seat: str
    card: Card
    best: Card
    cost: int
    words: str
    line: tuple[Card, ...]


def replayed(game: Game, moves: int | None = None) -> Game:
    """A new game with ``game``'s deals and options and its first ``moves`` cards played
    again (all of them by default): the same position, free to play on.

    >>> game = Game(seed=4)
    >>> _ = game.play(game.legal_plays()[0])
    >>> twin = replayed(game)
    >>> twin.moves == game.moves and twin is not game
    True
    """
    twin = Game(game.seed, options=game.options, first_dealer=game.first_dealer, hands=game.dealt)
    for card in game.moves[:moves]:
        twin.play(card)
    return twin


def played_out(game: Game, line: Sequence[Card]) -> tuple[TrickPlay, ...]:
    """Every trick that ``line`` (cards in play order from ``game``'s position) completes,
    played in the engine on a replay of ``game``; ``game`` is left as it was."""
    twin = replayed(game)
    tricks = []
    for card in line:
        if len(twin.trick) < len(SEATS) - 1:
            twin.play(card)
            continue
        before, totals = twin.calypsos(), twin.score().totals
        trick_number = len(twin.tricks[-1]) + 1
        done = twin.play(card)
        assert done is not None
        winner = SEATS.index(done.winner)
        takers = [before[winner], before[(winner + 2) % 4]]
        owners = {twin.trump(seat): seat for seat in SEATS}
        places = tuple(
            Place(c, where, owners[suit] if suit is not None else twin.side(done.winner))
            for c, (where, suit) in zip(done.cards, route(done.cards, takers), strict=True)
        )
        after = twin.calypsos()
        completed = tuple(
            seat for i, seat in enumerate(SEATS) if after[i].completed > before[i].completed
        )
        now = twin.score().totals
        gains = (now[SIDES[0]] - totals[SIDES[0]], now[SIDES[1]] - totals[SIDES[1]])
        tricks.append(TrickPlay(trick_number, done, places, completed, gains))
    return tuple(tricks)


def partings(
    line: Sequence[TrickPlay], best: Sequence[TrickPlay], side: str
) -> tuple[Parting, ...]:
    """Where ``line`` parts from ``best`` (tricks of the same position): the first trick whose
    outcome differs, and when that trick brings ``side`` no less than the best line's, also
    the first later trick that brings it less."""
    pairs = list(zip(line, best, strict=True))
    for i, (mine, theirs) in enumerate(pairs):
        if mine.outcome == theirs.outcome:
            continue
        if mine.net(side) < theirs.net(side):
            return (Parting(mine, theirs),)
        later = next((Parting(a, b) for a, b in pairs[i + 1 :] if a.net(side) < b.net(side)), None)
        return (Parting(mine, theirs),) if later is None else (Parting(mine, theirs), later)
    return ()


def costs(game: Game) -> tuple[CardCost, ...]:
    """Every distinct legal card of the player to move with its cost, best first (as
    :func:`calypso.partnership.solver.solve` orders them), and for each card that costs points the
    sentence saying where its line parts from the best line. ``game`` is left as it was.

    Raises ``ValueError`` as :func:`~calypso.partnership.solver.solve` does, and when more than
    :data:`~calypso.partnership.solver.MOST_TRICKS` tricks of the deal are still to finish.
    """
    _check_reach(game)
    solution = solve(game)
    best_tricks: tuple[TrickPlay, ...] = ()
    found = []
    for value in solution.cards:
        cost = solution.best.value - value.value
        if not cost:
            found.append(CardCost(value.card, 0, value.value, value.line))
            continue
        best_tricks = best_tricks or played_out(game, solution.best.line)
        found.append(_costly(game, solution, value, best_tricks))
    return tuple(found)


def _check_reach(game: Game) -> None:
    left = TRICKS_PER_DEAL - len(game.tricks[-1])
    if game.turn is not None and left > MOST_TRICKS:
        raise ValueError(
            f"cannot value the cards {left} tricks from the deal's end: the solver reaches "
            f"the last {MOST_TRICKS}"
        )


def _costly(
    game: Game, solution: Solution, value: CardValue, best_tricks: Sequence[TrickPlay]
) -> CardCost:
    cost = solution.best.value - value.value
    side = game.side(solution.seat)
    where = partings(played_out(game, value.line), best_tricks, side)
    text = sentence(value.card, cost, where, solution.seat)
    return CardCost(value.card, cost, value.value, value.line, text, where)


def review(
    game: Game, deal: int, seats: str = "".join(SEATS), tricks: int = REVIEW_TRICKS
) -> tuple[Mistake, ...]:
    """The plays of ``seats`` (``"S"``, a side ``"NS"``, or all four) in the last ``tricks``
    tricks of deal ``deal`` (1-4) that cost points with every hand shown, in play order: a
    finished deal, or the deal in play up to now. Each position is reached by replaying the
    game's moves; ``game`` is left as it was.

    Raises ``ValueError`` for a deal not begun yet, a seat that is not one, or more tricks than
    the solver reaches (:data:`~calypso.partnership.solver.MOST_TRICKS`).
    """
    if not 1 <= deal <= game.deal_number + 1:
        raise ValueError(
            f"bad deal {deal}: expected a deal begun so far, 1 to {game.deal_number + 1}"
        )
    if not seats or any(seat not in SEATS for seat in seats):
        raise ValueError(f"bad seats {seats!r}: expected some of N, E, S and W")
    if not 1 <= tricks <= MOST_TRICKS:
        raise ValueError(f"bad tricks {tricks}: expected 1 to {MOST_TRICKS}")
    per_deal = TRICKS_PER_DEAL * len(SEATS)
    start = (deal - 1) * per_deal + (TRICKS_PER_DEAL - tricks) * len(SEATS)
    end = min(deal * per_deal, len(game.moves))
    if end <= start:
        return ()
    twin = replayed(game, start)
    found = []
    for moves in range(start, end):
        played = game.moves[moves]
        seat = str(twin.turn)
        if seat in seats and len(set(twin.legal_plays())) > 1:
            mistake = _mistake(twin, deal, moves, played)
            if mistake is not None:
                found.append(mistake)
        twin.play(played)
    return tuple(found)


def _mistake(game: Game, deal: int, moves: int, played: Card) -> Mistake | None:
    solution = solve(game)
    value = next(v for v in solution.cards if v.card == played)
    best = solution.best
    if best.value == value.value:
        return None
    cost = _costly(game, solution, value, played_out(game, best.line))
    return Mistake(
        deal,
        len(game.tricks[-1]) + 1,
        moves,
        solution.seat,
        played,
        best.card,
        cost.cost,
        cost.words,
        best.line,
    )


# -- words ------------------------------------------------------------------------------------


def sentence(card: Card, cost: int, where: Sequence[Parting], you: str) -> str:
    """The sentence for a card that costs ``cost`` points, whose line parts from the best at
    ``where`` (the parting trick, and the first later trick that scores worse for ``you``'s
    side when the parting trick itself does not), as the player at seat ``you`` reads it: each
    trick, who takes it with which card by which ruling, and what goes where instead."""
    head = {"card": card_text(card), "cost": number(cost)}
    if not where:
        return _("{card} costs {cost}.").format(**head)
    first = _trick_words(where[0], you)
    if len(where) == 1:
        return _("{card} costs {cost}: {trick}.").format(trick=first, **head)
    then = _trick_words(where[1], you)
    return _("{card} costs {cost}: {trick}; then {later}.").format(trick=first, later=then, **head)


def _trick_words(where: Parting, you: str) -> str:
    """One trick of a line: who takes it, with which card, by which ruling, and (at most two
    things) what it does differently from the same trick of the best line."""
    mine = where.line
    trick = mine.trick
    won = trick.cards[trick.seats.index(trick.winner)]
    text = _("trick {trick} goes to {winner}, {how} ({rule})").format(
        trick=mine.number,
        winner=_whose_card(trick.winner, won, you),
        how=_how(mine),
        rule=rule_label(trick.rule.value),
    )
    clauses = _differences(where, you)[:2]
    if not clauses:
        return text
    return _("{text}, and {clauses}").format(text=text, clauses=join(clauses))


def _whose_card(seat: str, card: Card, you: str) -> str:
    if seat == you:
        return _("your {card}").format(card=card_text(card))
    if seat == partner_of(you):
        return _("your partner {seat}'s {card}").format(seat=seat_name(seat), card=card_text(card))
    return _("{seat}'s {card}").format(seat=seat_name(seat), card=card_text(card))


def _whose_calypso(seat: str, you: str) -> str:
    if seat == you:
        return _("your calypso")
    if seat == partner_of(you):
        return _("your partner {seat}'s calypso").format(seat=seat_name(seat))
    return _("{seat}'s calypso").format(seat=seat_name(seat))


def _how(play: TrickPlay) -> str:
    """Why the trick's winning card takes it, in a phrase naming what its ruling looks at."""
    trick = play.trick
    rule = trick.rule
    if rule is Rule.LEADER_TRUMP_UNRUFFED:
        return _("a lead of the leader's own trump that nobody ruffed")
    if rule is Rule.LEADER_TRUMP_RUFFED:
        return _("the highest of the led trump and the ruffs")
    if rule is Rule.PLAIN_LEAD_UNRUFFED:
        return _("the highest {suit}, with no ruff").format(suit=trick.cards[0].suit.symbol)
    if rule is Rule.RUFF_BEATS_TRUMP_LEAD:
        return _("a ruff, which beats a lead of the leader's own trump")
    if rule is Rule.TIE_FIRST_PLAYED:
        return _("the first played of the equally high cards")
    return pgettext("why a trick is won", "the highest ruff")


def _differences(where: Parting, you: str) -> list[str]:
    """What the card's trick does differently from the best line's, worst for ``you`` first:
    your side's calypsos missing a completion or cards, the other side's gaining them; then
    the rest. With nothing of that, who takes the trick in the best line, or (another side
    taking it) where its cards go."""
    mine, best = where.line, where.best
    ours = {you, partner_of(you)}
    costly: list[str] = []
    other: list[str] = []
    for seat in sorted(SEATS, key=lambda s: (s not in ours, s != you)):
        owner = _whose_calypso(seat, you)
        if seat in best.completed and seat not in mine.completed:
            (costly if seat in ours else other).append(
                _("it does not complete {owner}").format(owner=owner)
            )
        if seat in mine.completed and seat not in best.completed:
            (other if seat in ours else costly).append(
                _("it completes {owner}").format(owner=owner)
            )
        missed, gained = _cards(best, mine, seat), _cards(mine, best, seat)
        if missed and gained:
            clause = _("{owner} gets {cards} from it instead of {instead}").format(
                owner=owner, cards=gained, instead=missed
            )
            (costly if seat in ours else other).append(clause)
        elif missed:
            (costly if seat in ours else other).append(
                _("{owner} does not get {cards} from it").format(owner=owner, cards=missed)
            )
        elif gained:
            (other if seat in ours else costly).append(
                _("{owner} gets {cards} from it").format(owner=owner, cards=gained)
            )
    if costly or other:
        return costly + other
    if mine.trick.winner != best.trick.winner:
        won = best.trick.cards[best.trick.seats.index(best.trick.winner)]
        return [
            _("in the best line {winner} takes it").format(
                winner=_whose_card(best.trick.winner, won, you)
            )
        ]
    return []


def _cards(these: TrickPlay, those: TrickPlay, seat: str) -> str:
    """The cards that went into ``seat``'s calypso in ``these`` and not in ``those``."""
    theirs = [card for owner, card in those.into if owner == seat]
    found = []
    for owner, card in these.into:
        if owner != seat:
            continue
        if card in theirs:
            theirs.remove(card)
        else:
            found.append(card_text(card))
    return join(found)
