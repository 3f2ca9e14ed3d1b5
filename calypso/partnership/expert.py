"""The expert bot: it judges each card over layouts of the cards it cannot see (docs/rulings.md,
C2-C7).

The expert never reads a hidden hand or the undealt pack. From its seat's :class:`View` (its
own hand, every card played and by whom, how many cards each seat holds, the suits each seat
has shown it lacks, four copies of every card) it deals the unseen cards at random into
*layouts* that agree with everything it has seen (:func:`sample_layout`). In each layout it
values every card it may play: with the exact solver when few tricks of the deal remain, and
otherwise by playing the deal out with greedy players (cheap, and no better than a guess about
how the others will play). A card's value is the solver's: the C7 score difference, its side
minus the other side, when the deal's last trick is over. :func:`judge` returns every card's
mean over the layouts and in how many layouts it did best; :class:`ExpertBot` plays the best
mean.

>>> from calypso.partnership.game import Game
>>> game = Game(seed=4)
>>> judgement = judge(game, samples=3, rng=random.Random(1))
>>> judgement.seat, judgement.samples, len(judgement.cards) == len(set(game.legal_plays()))
('N', 3, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from calypso.engine.cards import ALL_CARDS, Card, Suit
from calypso.engine.table import Trick
from calypso.engine.tricks import TrumpLead, legal_plays, trick_winner
from calypso.partnership.bots import SeededBot, greedy_card
from calypso.partnership.calypsos import Calypso, build
from calypso.partnership.game import DEALS, SEATS, SIDES, TRICKS_PER_DEAL, CalypsoOptions, Game
from calypso.partnership.scoring import IN_PROGRESS_POINTS, PILE_POINTS, calypso_points
from calypso.partnership.solver import solve

SAMPLES = 20
"""Layouts the expert deals for each card it chooses (when few tricks remain, the solver
values every card in each; see :data:`SOLVE_FROM`)."""
PLAYOUTS = 160
"""Greedy play-outs a choice may spend while many tricks remain: fewer layouts when more
cards may be played (never fewer than :data:`LEAST_SAMPLES`), so a choice stays quick."""
LEAST_SAMPLES = 6
SOLVE_FROM = 4
"""The solver values the layouts once this many tricks of the deal remain (the trick in play
included). Four take a few milliseconds a layout, five some tens (docs/solver.md); with
``PLAYOUTS`` 160 a choice took a median of 45 ms of CPU and a 90th percentile of 94 ms in
CPython (86 and 177 in Pyodide), against 30 and 49 with 60 play-outs and the solver from three
tricks (benchmarks/expert.py, four games, load average 8-9)."""


@dataclass(frozen=True)
class View:
    """What one seat knows: everything on the table, and its own hand.

    ``past`` holds the earlier deals' hands (each card of a finished deal has been played, so
    all are known); ``played`` the cards each seat has played in this deal; ``held`` how many
    each seat holds now; ``voids`` the suits each seat has shown it lacks in this deal (C3,
    C5's all-fours); ``unseen`` every card the seat has not seen, one entry a copy (the other
    hands now and the undealt pack). Calypsos (``masks``, ``completed``) and piles are face up.

    >>> from calypso.partnership.game import Game
    >>> view = View.of(Game(seed=2))
    >>> view.seat, view.held, len(view.unseen)
    (0, (13, 13, 13, 13), 195)
    """

    seat: int
    options: CalypsoOptions
    first_dealer: int
    deal: int
    moves: tuple[Card, ...]
    past: tuple[tuple[tuple[Card, ...], ...], ...]
    played: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    held: tuple[int, ...]
    voids: tuple[frozenset[Suit], ...]
    unseen: tuple[Card, ...]
    trick: tuple[Card, ...]
    leader: int
    masks: tuple[int, ...]
    completed: tuple[int, ...]
    piles: tuple[int, ...]

    @classmethod
    def of(cls, game: Game) -> View:
        """The view of the seat to play (the game must not be over)."""
        if game.turn is None:
            raise ValueError("the game is over: no seat is to play")
        seat = game.index(game.turn)
        past = tuple(_hands_of([_played(t) for t in tricks]) for tricks in game.tricks[:-1])
        leader = game.index(game.trick_leader)
        current = [_played(t) for t in game.tricks[-1]]
        now = tuple(SEATS[(leader + i) % 4] for i in range(len(game.trick)))
        current.append((now, tuple(game.trick), game.trick_leader))
        played = _hands_of(current)
        voids = _voids(current, game.options)
        hand = tuple(sorted(game.hand(seat)))
        seen = Counter(hand) + Counter(game.moves)
        unseen = tuple(c for c in ALL_CARDS for _ in range(4 - seen[c]))
        calypsos = game.calypsos()
        return cls(
            seat=seat,
            options=game.options,
            first_dealer=game.first_dealer,
            deal=game.deal_number,
            moves=tuple(game.moves),
            past=past,
            played=played,
            hand=hand,
            held=tuple(TRICKS_PER_DEAL - len(p) for p in played),
            voids=voids,
            unseen=unseen,
            trick=tuple(game.trick),
            leader=leader,
            masks=tuple(k.mask for k in calypsos),
            completed=tuple(k.completed for k in calypsos),
            piles=tuple(len(game.pile(side)) for side in SIDES),
        )

    @property
    def tricks_left(self) -> int:
        """The deal's tricks still to finish, the one in play included."""
        return (sum(self.held) + len(self.trick) + 3) // 4


Played = tuple[tuple[str, ...], tuple[Card, ...], str]
"""One trick as the view reads it: the seat of each card, the cards, the leader."""


def _played(trick: Trick) -> Played:
    return (trick.seats, trick.cards, trick.leader)


def _hands_of(tricks: Sequence[Played]) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat played in ``tricks``, sorted."""
    hands: list[list[Card]] = [[], [], [], []]
    for seats, cards, _ in tricks:
        for seat, card in zip(seats, cards, strict=False):
            hands[SEATS.index(seat)].append(card)
    return tuple(tuple(sorted(h)) for h in hands)


def _voids(tricks: Sequence[Played], options: CalypsoOptions) -> tuple[frozenset[Suit], ...]:
    """The suits each seat has shown it lacks this deal: it did not follow the led suit (C3),
    except with a card of its own trump under all-fours, which proves nothing (C5)."""
    voids: list[set[Suit]] = [set(), set(), set(), set()]
    for seats, cards, _ in tricks:
        if not cards:
            continue
        led = cards[0].suit
        for seat, card in zip(seats[1:], cards[1:], strict=False):
            p = SEATS.index(seat)
            own = options.trumps[p]
            if card.suit != led and not (options.all_fours and card.suit == own):
                voids[p].add(led)
    return tuple(frozenset(v) for v in voids)


def _fits(cards: Counter[Suit], room: Sequence[int], allowed: Sequence[frozenset[Suit]]) -> bool:
    """Whether cards (counted by suit) can all be placed, each place taking ``room[i]`` more
    cards of the suits ``allowed[i]`` (Hall's condition, over every set of suits)."""
    suits = [s for s in cards if cards[s]]
    for subset in range(1, 1 << len(suits)):
        chosen = {suits[i] for i in range(len(suits)) if subset >> i & 1}
        need = sum(cards[s] for s in chosen)
        space = sum(r for r, a in zip(room, allowed, strict=True) if a & chosen)
        if need > space:
            return False
    return True


def sample_layout(view: View, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """One layout of the hands now, every seat's, that agrees with ``view``: its own hand,
    the right number of cards for each other seat, none of a suit it has shown it lacks, and
    with the undealt pack no more than four copies of any card.

    >>> from calypso.partnership.game import Game
    >>> hands = sample_layout(View.of(Game(seed=2)), random.Random(0))
    >>> [len(h) for h in hands]
    [13, 13, 13, 13]
    """
    pool = list(view.unseen)
    rng.shuffle(pool)
    others = [p for p in range(4) if p != view.seat]
    every = frozenset(Suit)
    allowed = [every - view.voids[p] for p in others] + [every]
    room = [view.held[p] for p in others] + [len(pool) - sum(view.held[p] for p in others)]
    barred = {s for p in others for s in view.voids[p]}
    hard = [c for c in pool if c.suit in barred]
    easy = [c for c in pool if c.suit not in barred]
    left = Counter(c.suit for c in hard)
    placed: list[list[Card]] = [[] for _ in allowed]
    for card in hard:
        left[card.suit] -= 1
        slots = [i for i, a in enumerate(allowed) if room[i] and card.suit in a]
        weights = [room[i] for i in slots]
        while True:
            i = rng.choices(slots, weights)[0]
            room[i] -= 1
            if _fits(left, room, allowed):
                break
            room[i] += 1
            weights[slots.index(i)] = 0
        placed[i].append(card)
    at = 0
    for i, space in enumerate(room):
        placed[i] += easy[at : at + space]
        at += space
    hands: list[tuple[Card, ...]] = [()] * 4
    hands[view.seat] = view.hand
    for i, p in enumerate(others):
        hands[p] = tuple(sorted(placed[i]))
    return tuple(hands)


def layout_game(view: View, hands: Sequence[Sequence[Card]]) -> Game:
    """A game that reached the view's position with ``hands`` as the hands now; the cards of
    later deals are the rest of the pack in any order (the value of a card ends with its deal)."""
    current = tuple(tuple(sorted((*view.played[p], *hands[p]))) for p in range(4))
    rest = Counter(view.unseen)
    for p in range(4):
        if p != view.seat:
            rest.subtract(hands[p])
    later = sorted(rest.elements())
    future = tuple(
        tuple(tuple(later[52 * d + 13 * p : 52 * d + 13 * p + 13]) for p in range(4))
        for d in range(DEALS - 1 - view.deal)
    )
    game = Game(
        options=view.options, first_dealer=view.first_dealer, hands=(*view.past, current, *future)
    )
    for card in view.moves:
        game.play(card)
    return game


class Table:
    """A deal played on from the view's position with given hands, quickly: the trick rules and
    calypso building of the engine (C3-C6), without its records or checks.

    >>> from calypso.partnership.game import Game
    >>> view = View.of(Game(seed=2))
    >>> table = Table(view, sample_layout(view, random.Random(0)))
    >>> table.finish(random.Random(0)) == table.value(0)
    True
    """

    def __init__(self, view: View, hands: Sequence[Sequence[Card]]) -> None:
        trumps = view.options.trumps
        self.trumps = trumps
        self.ruff_wins = view.options.trump_lead is TrumpLead.RUFF_WINS
        self.all_fours = view.options.all_fours
        self.hands = [list(h) for h in hands]
        self.trick = list(view.trick)
        self.leader = view.leader
        self.calypsos = [_calypso(trumps[p], view.masks[p], view.completed[p]) for p in range(4)]
        self.piles = list(view.piles)
        self.left = view.tricks_left

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def legal(self) -> list[Card]:
        p = self.turn
        return legal_plays(self.hands[p], self.trick, self.trumps[p], all_fours=self.all_fours)

    def play(self, card: Card) -> None:
        """Play a legal card for the seat to play; a full trick is decided and built (C4, C6)."""
        self.hands[self.turn].remove(card)
        self.trick.append(card)
        if len(self.trick) < 4:
            return
        order = [(self.leader + i) % 4 for i in range(4)]
        w, _ = trick_winner(self.trick, [self.trumps[p] for p in order], self.ruff_wins)
        winner = order[w]
        takers = [self.calypsos[winner], self.calypsos[(winner + 2) % 4]]
        self.piles[winner % 2] += len(build(self.trick, takers))
        self.trick, self.leader = [], winner
        self.left -= 1

    def choose(self, rng: random.Random) -> Card:
        """The greedy player's card for the seat to play
        (:class:`calypso.partnership.bots.GreedyBot`)."""
        me = self.turn
        order = [(self.leader + i) % 4 for i in range(4)]
        takers = [[self.calypsos[p], self.calypsos[(p + 2) % 4]] for p in order]
        return greedy_card(
            self.legal(),
            self.trick,
            [self.trumps[order[i]] for i in range(len(self.trick) + 1)],
            ruff_wins=self.ruff_wins,
            ours=lambda position: order[position] % 2 == me % 2,
            takers=takers.__getitem__,
            mine=self.calypsos[me],
            rng=rng,
        )

    def finish(self, rng: random.Random) -> int:
        """Let greedy players end the deal; return the value for the side of the seat that was
        to play when the table was set."""
        first = self.turn
        while self.left:
            self.play(self.choose(rng))
        return self.value(first)

    def value(self, seat: int) -> int:
        """The C7 totals as the cards lie: ``seat``'s side minus the other side."""
        totals = [PILE_POINTS * pile for pile in self.piles]
        for p, calypso in enumerate(self.calypsos):
            totals[p % 2] += calypso_points(calypso.completed)
            totals[p % 2] += IN_PROGRESS_POINTS * calypso.in_progress
        return totals[seat % 2] - totals[1 - seat % 2]


def _calypso(suit: Suit, mask: int, completed: int) -> Calypso:
    calypso = Calypso(suit, completed=completed)
    calypso.mask = mask
    return calypso


@dataclass(frozen=True)
class CardJudgement:
    """One card's showing over the layouts: its ``mean`` value and in how many layouts it did
    best (``best_in``; a tie for best counts for every card in it).

    >>> CardJudgement(Card.parse("9H"), 12.5, 17).best_in
    17
    """

    card: Card
    mean: float
    best_in: int


@dataclass(frozen=True)
class Judgement:
    """The expert's view of a choice: the ``seat`` to play, the number of layouts
    (``samples``), whether the solver valued them (``solved``; else greedy play-outs), and
    every distinct legal card judged, best mean first (ties in card order).

    >>> nine, king = Card.parse("9H"), Card.parse("KH")
    >>> j = Judgement("N", 20, True, (CardJudgement(nine, 30.0, 17), CardJudgement(king, -10.0, 3)))
    >>> j.best.card == nine, j.cost(king)
    (True, 40.0)
    """

    seat: str
    samples: int
    solved: bool
    cards: tuple[CardJudgement, ...]

    @property
    def best(self) -> CardJudgement:
        return self.cards[0]

    def cost(self, card: Card) -> float:
        """How much less ``card`` makes on average than the best card."""
        for judged in self.cards:
            if judged.card == card:
                return self.best.mean - judged.mean
        raise ValueError(f"bad card {card}: not a legal card of this choice")


def judge(
    game: Game,
    samples: int = SAMPLES,
    rng: random.Random | None = None,
    *,
    playouts: int = PLAYOUTS,
    solve_from: int = SOLVE_FROM,
) -> Judgement:
    """Judge every legal card of the seat to play over layouts of the cards it cannot see.

    Reads only the seat's :class:`View` of ``game`` (never the hidden hands), so two games
    that look the same from the seat get the same judgement from the same ``rng``.
    ``samples`` layouts are dealt when the solver values them (``solve_from`` tricks or fewer
    to go); otherwise ``playouts`` greedy play-outs are shared among the cards, at least
    ``LEAST_SAMPLES`` layouts and at most ``samples``.
    """
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise ValueError(f"bad samples {samples!r}: expected a whole number from 1 up")
    return judge_view(View.of(game), samples, rng or random.Random(0), playouts, solve_from)


def judge_view(
    view: View, samples: int, rng: random.Random, playouts: int, solve_from: int
) -> Judgement:
    """:func:`judge` for a seat's view."""
    choices = sorted(
        set(
            legal_plays(
                view.hand,
                view.trick,
                view.options.trumps[view.seat],
                all_fours=view.options.all_fours,
            )
        )
    )
    solved = view.tricks_left <= solve_from
    if len(choices) == 1:
        count = 0
    elif solved:
        count = samples
    else:
        count = min(samples, max(LEAST_SAMPLES, playouts // len(choices)))
    totals = dict.fromkeys(choices, 0)
    best_in = dict.fromkeys(choices, 0)
    for _ in range(count):
        hands = sample_layout(view, rng)
        if solved:
            values = {cv.card: cv.value for cv in solve(layout_game(view, hands)).cards}
        else:
            values = {}
            seed = rng.getrandbits(32)
            for card in choices:
                table = Table(view, hands)
                first = table.turn
                table.play(card)
                table.finish(random.Random(seed))
                values[card] = table.value(first)
        top = max(values.values())
        for card in choices:
            totals[card] += values[card]
            best_in[card] += values[card] == top
    judged = [CardJudgement(c, totals[c] / count if count else 0.0, best_in[c]) for c in choices]
    judged.sort(key=lambda j: -j.mean)
    return Judgement(SEATS[view.seat], count, solved, tuple(judged))


class ExpertBot(SeededBot):
    """Plays the card with the best mean over layouts of the cards it cannot see (:func:`judge`).

    >>> from calypso.partnership.game import Game
    >>> game = Game(seed=4)
    >>> ExpertBot(random.Random(0), samples=2).choose(game) in game.legal_plays()
    True
    """

    name = "expert"

    def __init__(self, rng: random.Random, samples: int = SAMPLES) -> None:
        super().__init__(rng)
        self.samples = samples

    def choose(self, game: Game) -> Card:
        return judge(game, self.samples, self.rng).best.card
