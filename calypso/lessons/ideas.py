"""Chapter "playing-well": the ideas of good play, each on a position the solver proves.

An :class:`Idea` is one idea of good play (five, :data:`IDEAS`): its short name, its
explanation in plain words, the rulings it rests on (docs/rulings.md), and a few positions that
show it. A position (:class:`Position`) is a point of a seeded game a few tricks before a
deal's end, with the player to move the learner's: every hand is shown and the exact solver
(:func:`calypso.partnership.solver.solve`, docs/solver.md) values each card they may play. A
position
*shows* an idea when its values make the idea's point (each idea's ``shows`` test, below):
the right card wins by at least :data:`MARGIN` points over the card the idea warns against, so
a guess that ignores the idea costs points. A position is *asked* when it shows its idea and
the greedy habit's card (chapter 05's computer players) costs at least :data:`MARGIN` there
too. Positions are found by :func:`search`, game after game from a seed, like chapter 06's
endings (:mod:`calypso.lessons.exercises.endings`); the ones the chapter asks are stored as
:class:`Spot` (a game seed and how many cards were played) and are played again from their
seed, so a page shows them at once. Each idea's stored positions were chosen so that none of
the rules of thumb of :data:`calypso.lessons.exercises.thumbs.PLAY_THUMBS` finds the best card in
all of them. :meth:`Position.verdict` says in words what a card is worth.

>>> idea = IDEAS["own-suit"]
>>> position = idea.position(0)
>>> position.idea == idea.key and position.shown is not None
True
>>> position.verdict(position.best).right
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

from calypso.engine.cards import Card, Rank, Suit, parse_card
from calypso.i18n import N_, _, card_text, number, seat_name, side_name, suit_name
from calypso.lessons.exercises.endings import BOTS
from calypso.lessons.exercises.play import standing
from calypso.lessons.exercises.thumbs import greedy_choice
from calypso.partnership.advice import CardCost, costs, played_out
from calypso.partnership.bots import make_players
from calypso.partnership.calypsos import Where
from calypso.partnership.game import SEATS, TRICKS_PER_DEAL, Game
from calypso.partnership.solver import Solution, solve

TRICKS_LEFT = 3
"""The most tricks to go at a position, the trick in play included: the solver values every
card at once, and the tests' brute force values a position in a fraction of a second."""
MARGIN = 20
"""How many points the right card wins at least over the card the idea warns against."""


@dataclass(frozen=True)
class Shown:
    """What makes a position show its idea: the ``kind`` of right answer (an idea may have
    two, as *ruff* or *discard*), the ``right`` card and the ``foil``, the best card of the
    kind the idea warns against, worth ``cost`` points less; ``seat`` and ``suit`` name a
    player, suit or ``card`` the idea's words point at (the danger seat, the suit counted,
    the card kept for partner's calypso).

    >>> Shown("ruff", Card.parse("2S"), Card.parse("4C"), 40).cost
    40
    """

    kind: str
    right: Card
    foil: Card
    cost: int
    seat: str = ""
    suit: Suit | None = None
    card: Card | None = None


@dataclass(frozen=True)
class Spot:
    """A stored position: the game's seed and the cards played before it by :data:`BOTS`
    bots seeded from the same seed. Should the engine or those bots ever play a seed
    differently, a spot would name another position: tests/test_ideas.py checks each stored
    one still shows its idea, and :func:`find` gives new ones.

    >>> game = Spot(5, 40).game()
    >>> len(game.moves), game.moves == Spot(5, 40).game().moves
    (40, True)
    """

    game_seed: int
    moves: int

    def game(self) -> Game:
        """The game at the position, played again from its seed."""
        game = Game(seed=self.game_seed)
        bots = make_players(BOTS, self.game_seed)
        while len(game.moves) < self.moves:
            game.play(bots[game.index(str(game.turn))].choose(game))
        return game


@dataclass(frozen=True)
class Verdict:
    """What a card is worth at a position: ``right`` when no card is worth more, its ``cost``
    (0 for a right card), the ``title`` and the ``text`` that say so."""

    card: Card
    right: bool
    cost: int
    title: str
    text: str


@dataclass(frozen=True)
class Position:
    """One position of an idea: the idea's key, where it stands (:class:`Spot`), and its
    game, freshly played from the spot's seed.

    >>> position = IDEAS["ruff"].position(0)
    >>> position.game().turn == position.seat
    True
    """

    idea: str
    spot: Spot

    def game(self) -> Game:
        """The game at the position (a fresh copy each call)."""
        return self.spot.game()

    @cached_property
    def _game(self) -> Game:
        return self.spot.game()

    @property
    def seat(self) -> str:
        """The learner's seat: the player to move."""
        return str(self._game.turn)

    @cached_property
    def solution(self) -> Solution:
        """The solver's values of every card the learner may play."""
        return solve(self._game)

    @cached_property
    def costs(self) -> tuple[CardCost, ...]:
        """Every card the learner may play, with its cost and why
        (:func:`calypso.partnership.advice.costs`)."""
        return costs(self._game)

    @cached_property
    def shown(self) -> Shown | None:
        """How the position shows its idea, or None when it does not."""
        return IDEAS[self.idea].shows(self._game, self.solution)

    @property
    def best(self) -> Card:
        """The right card (the first of the best, on a tie)."""
        return self.solution.best.card

    @property
    def question(self) -> str:
        """The question, in one line: who is to play, and what is asked."""
        game = self._game
        if game.trick:
            text = _("{seat} to play to the trick: which card?")
        else:
            text = _("{seat} to lead: which card?")
        return text.format(seat=seat_name(self.seat))

    def verdict(self, card: Card | str) -> Verdict:
        """What ``card`` is worth here, in words: right, or what it costs and why. Raises
        ``ValueError`` in a learner's words for a card that may not be played."""
        card = parse_card(card)
        priced = {cost.card: cost for cost in self.costs}
        if card not in priced:
            raise ValueError(
                _("{seat} may not play {card} here.").format(
                    seat=seat_name(self.seat), card=card_text(card)
                )
            )
        mine = priced[card]
        best = self.solution.best.value
        end = _(
            "With every hand shown and both sides at their best, {side} end the deal {standing}."
        )
        said = end.format(side=side_name(self._game.side(self.seat)), standing=standing(best))
        lesson = self.lesson()
        if not mine.cost:
            title = _("Right: {card} is the best card here.").format(card=card_text(card))
            return Verdict(card, True, 0, title, " ".join([said, lesson]))
        title = _("Not the best card: {card} costs {points} points.").format(
            card=card_text(card), points=number(mine.cost)
        )
        return Verdict(card, False, mine.cost, title, " ".join([mine.words, lesson]))

    def lesson(self) -> str:
        """The idea at work here, in one or two sentences read off the position."""
        shown = self.shown
        if shown is None:
            return ""
        facts = {
            "right": card_text(shown.right),
            "foil": card_text(shown.foil),
            "cost": number(shown.cost),
            "seat": seat_name(shown.seat) if shown.seat else "",
            "suit": suit_name(shown.suit) if shown.suit is not None else "",
            "partner": seat_name(self._game.partner(self.seat)),
            "card": card_text(shown.card) if shown.card is not None else "",
        }
        return _(LESSONS[(self.idea, shown.kind)]).format(**facts)


# -- what shows each idea ------------------------------------------------------------------


def _values(solution: Solution) -> dict[Card, int]:
    return {value.card: value.value for value in solution.cards}


def _split(solution: Solution, right: Callable[[Card], bool]) -> tuple[Card, Card, int] | None:
    """The best card, the best card of the other kind, and how much less that one is worth,
    when the best card is of the ``right`` kind and the other kind is worth at least
    :data:`MARGIN` less; else None."""
    best = solution.best
    others = [value for value in solution.cards if not right(value.card)]
    if not right(best.card) or not others:
        return None
    cost = best.value - others[0].value
    return (best.card, others[0].card, cost) if cost >= MARGIN else None


def own_suit(game: Game, solution: Solution) -> Shown | None:
    """Lead your own suit: the leader's best lead is of their own suit, and every lead of
    another suit costs at least :data:`MARGIN` (C4.1, C4.2). Kind ``which`` when a lead of
    another card of their own suit costs at least :data:`MARGIN` too (``card``, the worst of
    them), else ``lead``.

    >>> game = Spot(3280387012, 40).game()
    >>> shown = own_suit(game, solve(game))
    >>> shown.right.suit == game.trump(game.turn) != shown.foil.suit
    True
    """
    if game.trick:
        return None
    own = game.trump(str(game.turn))
    found = _split(solution, lambda card: card.suit == own)
    if found is None:
        return None
    worse = [
        v.card
        for v in solution.cards
        if v.card.suit == own and v.value <= solution.best.value - MARGIN
    ]
    return Shown("which", *found, card=worse[-1]) if worse else Shown("lead", *found)


def ruff(game: Game, solution: Solution) -> Shown | None:
    """Ruff with care: the player is out of the suit led and holds their own suit and another;
    the best ruff and the best discard differ by at least :data:`MARGIN` either way (C4.2,
    C4.4). Kind ``ruff`` when ruffing is right, ``discard`` when it is not."""
    if not game.trick:
        return None
    seat = str(game.turn)
    own, led = game.trump(seat), game.trick[0].suit
    hand = game.hand(seat)
    if led == own or any(card.suit == led for card in hand):
        return None
    found = _split(solution, lambda card: card.suit == own)
    if found is not None:
        return Shown("ruff", *found)
    found = _split(solution, lambda card: card.suit != own)
    return None if found is None else Shown("discard", *found)


def feed(game: Game, solution: Solution) -> Shown | None:
    """Feed your partner: the player holds cards their partner's calypso still needs (C6).
    Kind ``feed``: the best card is one of them, and on its line it goes into that calypso in
    this trick, while every card the calypso does not need costs at least :data:`MARGIN`.
    Kind ``keep``: the best card is not one of them, every one of them costs at least
    :data:`MARGIN` now, and on the best line one of them reaches the calypso later."""
    seat = str(game.turn)
    partner = game.partner(seat)
    calypso = game.calypso(partner)
    found = _split(solution, calypso.needs)
    if found is not None:
        first = played_out(game, solution.best.line[: 4 - len(game.trick)])
        if any(
            place.card == found[0] and place.where is Where.CALYPSO and place.owner == partner
            for trick in first
            for place in trick.places
        ):
            return Shown("feed", *found, seat=partner)
        return None
    found = _split(solution, lambda card: not calypso.needs(card))
    if found is None:
        return None
    mine = set(game.hand(seat))
    later = played_out(game, solution.best.line)[1:]
    kept = [
        place.card
        for trick in later
        for place in trick.places
        if place.card in mine
        and calypso.needs(place.card)
        and place.where is Where.CALYPSO
        and place.owner == partner
    ]
    return Shown("keep", *found, seat=partner, card=kept[0]) if kept else None


def out(game: Game, card: Card) -> int:
    """How many copies of cards above ``card`` in its suit the player to move cannot account
    for: four of each rank (C2) less those played so far in the whole game and those in
    their own hand.

    >>> out(Game(seed=1), Card.parse("AS"))
    0
    """
    seen = [*game.moves, *game.hand(str(game.turn))]
    return sum(4 - seen.count(Card(rank, card.suit)) for rank in Rank if rank > card.rank)


def tally(game: Game) -> tuple[tuple[Card, int], ...]:
    """For the player to move, the highest card they hold of each suit but their own, with
    how many copies of higher cards of its suit are still out (:func:`out`): what counting
    the four copies tells them.

    >>> [(str(card), n) for card, n in tally(Spot(186776492, 200).game())]
    [('10D', 2), ('8S', 0)]
    """
    seat = str(game.turn)
    own = game.trump(seat)
    tops: dict[Suit, Card] = {}
    for card in sorted(game.hand(seat)):
        if card.suit != own:
            tops[card.suit] = card
    return tuple((card, out(game, card)) for card in tops.values())


def count(game: Game, solution: Solution) -> Shown | None:
    """Count the four copies: the best lead is not an ace and not of the leader's own suit,
    yet no copy of a higher card of its suit is left outside the leader's hand (all played,
    one at least in an earlier deal, or held, C2); and a lead of another suit's card at least
    as high, above which copies are still out, costs at least :data:`MARGIN`, its trick taken
    by an opponent's higher card of its suit (C4.3, C4.5)."""
    if game.trick:
        return None
    seat = str(game.turn)
    own = game.trump(seat)
    best = solution.best.card
    if best.suit == own or best.rank == Rank.ACE or out(game, best):
        return None
    earlier = game.moves[: len(game.moves) - len(game.moves) % (TRICKS_PER_DEAL * len(SEATS))]
    if not any(card.suit == best.suit and card.rank > best.rank for card in earlier):
        return None
    values = _values(solution)
    for value in solution.cards:
        card = value.card
        cost = values[best] - value.value
        if card.suit in (own, best.suit) or card.rank < best.rank or cost < MARGIN:
            continue
        if not out(game, card):
            continue
        first = played_out(game, value.line[:4])[0].trick
        taken = dict(zip(first.seats, first.cards, strict=True))[first.winner]
        if game.side(first.winner) != game.side(seat) and taken.suit == card.suit:
            return Shown("count", best, card, cost, suit=best.suit)
    return None


def fear(game: Game, solution: Solution) -> Shown | None:
    """Whom to fear: the leader holds the highest card left of a suit not their own, which
    would win the trick unruffed (C4.3), but an opponent is out of that suit and holds their
    own suit to ruff with (C3, C4.4); on its line that opponent ruffs and wins, and it costs
    at least :data:`MARGIN` against the best lead."""
    if game.trick:
        return None
    seat = str(game.turn)
    own = game.trump(seat)
    values = _values(solution)
    best = solution.best
    everyone = [card for other in SEATS for card in game.hand(other)]
    for value in solution.cards:
        card = value.card
        if card.suit == own or best.value - value.value < MARGIN:
            continue
        if any(c.suit == card.suit and c.rank > card.rank for c in everyone):
            continue
        first = played_out(game, value.line[:4])[0]
        winner = first.trick.winner
        if game.side(winner) == game.side(seat):
            continue
        cards = dict(zip(first.trick.seats, first.trick.cards, strict=True))
        if cards[winner].suit == card.suit or cards[winner].suit != game.trump(winner):
            continue
        return Shown(
            "fear", best.card, card, best.value - values[card], seat=winner, suit=card.suit
        )
    return None


# -- the ideas -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Idea:
    """One idea of good play: its key (a link's ``idea=``), ``name`` and ``words`` (English
    message ids), the ``rules`` it rests on, what makes a position show it (``shows``), and
    the stored ``spots`` that do, each a position the chapter asks.

    >>> IDEAS["fear"].rules
    ('C3', 'C4.3', 'C4.4')
    """

    key: str
    name: str
    words: str
    rules: tuple[str, ...]
    shows: Callable[[Game, Solution], Shown | None]
    spots: tuple[Spot, ...]

    def position(self, index: int) -> Position:
        """Stored position ``index``, counted round: any whole number gives one."""
        return Position(self.key, self.spots[index % len(self.spots)])


LESSONS = {
    ("own-suit", "lead"): N_(
        "{right} is of your own suit: unless someone ruffs, it takes the trick whatever its "
        "rank (C4.1). The best lead of another suit, {foil}, is worth {cost} points less."
    ),
    ("own-suit", "which"): N_(
        "{right} is of your own suit: unless someone ruffs, it takes the trick whatever its "
        "rank (C4.1). Which card of your suit you lead matters too: {card} is worth less "
        "here, and its own verdict says why. The best lead of another suit, {foil}, is worth "
        "{cost} points less."
    ),
    ("ruff", "ruff"): N_(
        "Ruffing is right here: the best ruff, {right}, is worth {cost} points more than the "
        "best discard, {foil} (C4.4)."
    ),
    ("ruff", "discard"): N_(
        "Here it is better not to ruff: the discard {right} is worth {cost} points more than "
        "the best ruff, {foil}."
    ),
    ("feed", "feed"): N_(
        "{right} goes into {partner}'s calypso in this trick (C6); the best card that "
        "{partner}'s calypso does not need, {foil}, is worth {cost} points less."
    ),
    ("feed", "keep"): N_(
        "Keep the cards {partner}'s calypso needs for a trick your side will win: playing "
        "{foil} now is worth {cost} points less than {right}, and on the best line {card} "
        "reaches {partner}'s calypso later."
    ),
    ("count", "count"): N_(
        "Every copy of the {suit} above {right} has been played, in this deal or an earlier "
        "one, or is in your hand: nobody can beat it in its suit. {foil} looks as high, but "
        "copies above it are still out, and one of them takes it: it is worth {cost} points "
        "less."
    ),
    ("fear", "fear"): N_(
        "{foil} is the highest card left in {suit}, but {seat} is out of {suit} and ruffs it "
        "(C4.4): leading it is worth {cost} points less than {right}."
    ),
}
"""The sentence that says how a position shows its idea, by idea and kind of answer."""


IDEAS: dict[str, Idea] = {
    idea.key: idea
    for idea in (
        Idea(
            "own-suit",
            N_("Lead your own suit"),
            N_(
                "A lead of your own suit takes the trick, however low, unless somebody ruffs it "
                "(C4.1); when someone does, the led card and the ruffs compare ranks (C4.2). "
                "A trick won brings its cards to your side's calypsos. So when the others "
                "still hold the suits you might lead, your own suit is often the safe lead."
            ),
            ("C4.1", "C4.2"),
            own_suit,
            (Spot(101509731, 92), Spot(2196881536, 92), Spot(1598701557, 92)),
        ),
        Idea(
            "ruff",
            N_("Ruff with care"),
            N_(
                "Out of the suit led, you may play your own suit and ruff (C3). The highest "
                "ruff takes the trick (C4.4), so a ruff can be overruffed by a player after "
                "you, and a lost ruff sends a card of your own suit to the other side. "
                "Sometimes a discard is worth more: the trick may be your partner's already, "
                "or the ruff card may be worth more later."
            ),
            ("C3", "C4.2", "C4.4"),
            ruff,
            (
                Spot(2593816829, 197),
                Spot(3667657306, 42),
                Spot(3387541014, 147),
                Spot(1472500625, 95),
            ),
        ),
        Idea(
            "feed",
            N_("Feed your partner"),
            N_(
                "Your partner's calypso is built from the tricks your side wins (C6). When your "
                "side is taking a trick, a card your partner's calypso still needs goes into "
                "it; when the other side would take it, keep that card back for a trick of "
                "your own."
            ),
            ("C6", "C7"),
            feed,
            (
                Spot(3983477513, 40),
                Spot(3589583794, 92),
                Spot(2787324501, 147),
                Spot(1013818839, 92),
            ),
        ),
        Idea(
            "count",
            N_("Count the four copies"),
            N_(
                "The pack holds four copies of every card, spread over the game's four deals "
                "(C2). Count the copies of the higher cards of a suit that have been played, "
                "in this deal and the earlier ones: when none is left outside your hand, even "
                "a low card of that suit is the highest of its suit anyone can play, and it "
                "takes the trick unless somebody ruffs it (C4.3)."
            ),
            ("C2", "C3", "C4.3"),
            count,
            (Spot(1549772754, 196), Spot(2337349906, 196), Spot(2946163882, 196)),
        ),
        Idea(
            "fear",
            N_("Whom to fear"),
            N_(
                "When you lead, the three others play after you, and whoever is out of the "
                "suit led may ruff it with their own suit (C3, C4.4). Before leading your "
                "highest card of a suit, look for the opponent who has shown out of it and "
                "still holds their own suit: that is the player to fear."
            ),
            ("C3", "C4.3", "C4.4"),
            fear,
            (Spot(1095513148, 196), Spot(2889505574, 40), Spot(665600858, 92)),
        ),
    )
}
"""Every idea by key, in the chapter's order."""


def greedy_cost(game: Game, solution: Solution) -> int:
    """What the greedy habit's card costs here
    (:func:`calypso.lessons.exercises.thumbs.greedy_choice`, the card chapter 05's computer players
    would play): the best card's value less its own."""
    card = greedy_choice(game)
    return solution.best.value - next(v.value for v in solution.cards if v.card == card)


def search(key: str, seed: int) -> Iterator[Position | None]:
    """Every position tried for idea ``key`` from ``seed``: the position if it is asked, else
    None. A position is asked when it shows the idea and the greedy habit's card costs at
    least :data:`MARGIN` there (:func:`greedy_cost`), so that habit cannot pass it. Games are
    drawn one after another from ``random.Random(seed)`` and played by :data:`BOTS` bots; a
    position is every turn in a deal's last :data:`TRICKS_LEFT` tricks with two different
    cards or more to choose from."""
    rng = random.Random(seed)
    shows = IDEAS[key].shows
    while True:
        game_seed = rng.randrange(1 << 32)
        game = Game(seed=game_seed)
        bots = make_players(BOTS, game_seed)
        while game.turn is not None:
            if (
                len(game.tricks[-1]) >= TRICKS_PER_DEAL - TRICKS_LEFT
                and len(set(game.legal_plays())) > 1
            ):
                solution = solve(game)
                asked = greedy_cost(game, solution) >= MARGIN and shows(game, solution)
                yield Position(key, Spot(game_seed, len(game.moves))) if asked else None
            game.play(bots[game.index(str(game.turn))].choose(game))


def find(key: str, seed: int) -> Position:
    """The first position :func:`search` finds for idea ``key`` from ``seed``."""
    return next(position for position in search(key, seed) if position is not None)
