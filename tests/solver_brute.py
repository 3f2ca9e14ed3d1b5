"""A plain brute force of Calypso's last tricks, and seeded endings to try it on (issue 31).

:func:`card_values` gives every distinct legal card of the player to move its value: the
final score difference, the mover's side minus the other side, of ``Game.score()`` read right
after the 13th trick of the deal in progress, both sides playing best from there (C1: the
mover's side maximises, the other side minimises; C7: the cards as they lie). It is written to
be obviously right, not fast: no pruning, no table, no merging of copies. Every card
``Game.legal_plays()`` lists is tried, each copy on its own, by the engine's own
``Game.play`` on a clone of the game (:func:`branch`), so the rulings decide every trick and
every card's place (C3-C6) exactly as the engine does.

:class:`Ending` is one seeded position: a game under given options, played by seeded bots up
to a deal, a number of tricks from that deal's end and a number of cards into the trick.

>>> ending = Ending(seed=3, deal=4, tricks_left=1, played=2)
>>> game = ending.game()
>>> game.deal_number, len(game.hand(game.turn)), len(game.trick)
(3, 1, 2)
>>> values = card_values(game)
>>> list(values) == sorted(set(game.legal_plays())) and best_value(game) == max(values.values())
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from calypso.engine.cards import Card, cards_text
from calypso.partnership.bots import make_players
from calypso.partnership.game import SEATS, SIDES, TRICKS_PER_DEAL, Game

_SHARED = frozenset(
    {
        "seed",
        "options",
        "first_dealer",
        "dealt",
        "_trumps",
        "rules",
        "_all_fours",
        "_orders",
        "_trumps_by_leader",
        "deal_number",
        "dealer",
        "_leader",
        "_turn",
        "_over",
        "phase",
        "closed",
        "last_trick",
        "_last_trumps",
    }
)
"""The Game's attributes a move replaces but never changes in place: a clone may share them."""
_COPIED = frozenset(
    {"_hands", "_trick", "_calypsos", "_takers", "_piles", "tricks", "moves", "deal_scores"}
)
"""The Game's attributes a move changes in place: a clone gets its own."""


def branch(game: Game) -> Game:
    """A clone of ``game`` that can play on without changing ``game``.

    It copies the game's mutable state (hands, trick, calypsos, piles, tricks, moves, deal
    scores) and shares the rest; a Game attribute it does not know stops it, so a new piece
    of state cannot be shared by mistake.

    >>> game = Game(seed=1)
    >>> twin = branch(game)
    >>> _ = twin.play(twin.legal_plays()[0])
    >>> len(game.moves), len(twin.moves), len(game.hand("N")), len(twin.hand("N"))
    (0, 1, 13, 12)
    """
    unknown = vars(game).keys() - _SHARED - _COPIED
    if unknown:
        raise AssertionError(f"branch() does not know the Game's attributes {sorted(unknown)}")
    twin = Game.__new__(Game)
    twin.__dict__.update(vars(game))
    twin._hands = [list(hand) for hand in game._hands]
    twin._trick = list(game._trick)
    twin._calypsos = [calypso.copy() for calypso in game._calypsos]
    twin._takers = [[twin._calypsos[p] for p in twin.side_of(w)] for w in range(len(SEATS))]
    twin._piles = [list(pile) for pile in game._piles]
    twin.tricks = [list(deal) for deal in game.tricks]
    twin.moves = list(game.moves)
    twin.deal_scores = list(game.deal_scores)
    return twin


def _difference(game: Game, side: str) -> int:
    """``side``'s total minus the other side's, of the cards as they lie (C7)."""
    totals = game.score().totals
    return totals[side] - sum(points for name, points in totals.items() if name != side)


def _minimax(game: Game, side: str, deal: int) -> int:
    """The value for ``side`` of best play by both sides to the end of deal ``deal``."""
    turn = game.turn
    if turn is None or game.deal_number != deal:
        return _difference(game, side)
    values = []
    for card in game.legal_plays():
        twin = branch(game)
        twin.play(card)
        values.append(_minimax(twin, side, deal))
    return max(values) if game.side(turn) == side else min(values)


def card_values(game: Game) -> dict[Card, int]:
    """Each distinct legal card of the player to move, lowest card first, with its value.

    The value is the mover's side's total minus the other side's, read right after the deal's
    13th trick, after best play by both sides. ``game`` is left unchanged.

    >>> game = Ending(seed=5, deal=1, tricks_left=1, played=0).game()
    >>> sorted(card_values(game)) == sorted(set(game.legal_plays()))
    True
    """
    turn = game.turn
    if turn is None:
        raise ValueError("the game is over: there is no card to value")
    side, deal = game.side(turn), game.deal_number
    values: dict[Card, int] = {}
    for card in game.legal_plays():
        twin = branch(game)
        twin.play(card)
        value = _minimax(twin, side, deal)
        if values.setdefault(card, value) != value:
            raise AssertionError(f"two copies of {card} have different values")
    return dict(sorted(values.items()))


def best_value(game: Game) -> int:
    """The value of the position for the player to move: their best card's value.

    >>> game = Ending(seed=2, deal=2, tricks_left=1, played=3).game()
    >>> best_value(game) == _difference(_played_out(game), game.side(game.turn or ""))
    True
    """
    return max(card_values(game).values())


def _played_out(game: Game) -> Game:
    """A clone of a game with one legal card left per player, played to the end of the deal."""
    twin = branch(game)
    deal = twin.deal_number
    while not twin.is_over and twin.deal_number == deal:
        (card,) = set(twin.legal_plays())
        twin.play(card)
    return twin


OTHER_TRUMPS = tuple(
    "".join(order) for order in itertools.permutations("CDHS") if "".join(order) != "HDSC"
)
"""Every assignment of the four suits to N, E, S, W but the default HDSC (C1)."""


@dataclass(frozen=True)
class Ending:
    """A seeded position near the end of a deal: build it with :meth:`game`.

    A game from ``seed`` under the options (C1 ``trumps`` of N E S W, C5 ``trump_lead`` and
    ``all_fours``) is played by four seeded ``bots`` (``random`` or ``greedy``) up to deal
    ``deal`` (1-4), when ``tricks_left`` tricks of it (1-3, the one in progress included) are
    still to finish and ``played`` cards (0-3) lie on the trick in progress.

    >>> Ending(seed=9, deal=2, tricks_left=3, played=1).moves_before
    93
    """

    seed: int
    deal: int
    tricks_left: int
    played: int
    trump_lead: str = "ranked"
    all_fours: bool = False
    trumps: str = "HDSC"
    bots: str = "random"

    @property
    def moves_before(self) -> int:
        """How many cards the game has played when the ending starts."""
        tricks = (self.deal - 1) * TRICKS_PER_DEAL + TRICKS_PER_DEAL - self.tricks_left
        return tricks * len(SEATS) + self.played

    def game(self) -> Game:
        """The game at this ending, freshly played from its seed."""
        game = Game(
            self.seed, trumps=self.trumps, trump_lead=self.trump_lead, all_fours=self.all_fours
        )
        players = make_players(self.bots, self.seed)
        for _ in range(self.moves_before):
            game.play(players[game.index(game.turn or "N")].choose(game))
        return game


def spread(count: int, tricks_left: int, start: int = 0) -> Iterator[Ending]:
    """``count`` endings ``tricks_left`` tricks from a deal's end, seeded ``start`` on.

    They go round every combination of the options (both trump leads, all-fours off and on,
    the default trumps or another assignment), the deal and the cards played, 128 in all, in
    turn; one in three is played by greedy bots, the rest by random ones.

    >>> [(e.trump_lead, e.all_fours, e.trumps, e.deal, e.played) for e in spread(2, 1)]
    [('ranked', False, 'HDSC', 1, 0), ('ranked', False, 'HDSC', 1, 1)]
    """
    combinations = list(
        itertools.product(
            ("ranked", "ruff-wins"), (False, True), (True, False), (1, 2, 3, 4), (0, 1, 2, 3)
        )
    )
    for seed in range(start, start + count):
        trump_lead, all_fours, default, deal, played = combinations[seed % len(combinations)]
        yield Ending(
            seed=seed,
            deal=deal,
            tricks_left=tricks_left,
            played=played,
            trump_lead=trump_lead,
            all_fours=all_fours,
            trumps="HDSC" if default else random.Random(seed).choice(OTHER_TRUMPS),
            bots="greedy" if seed % 3 == 0 else "random",
        )


def describe(ending: Ending, game: Game) -> str:
    """The ending as text a person can rebuild it from: the ending itself, the cards as they
    lie (hands, trick, calypsos, piles) and every card played from the game's start.

    >>> ending = Ending(seed=4, deal=1, tricks_left=1, played=1)
    >>> print(describe(ending, ending.game()).splitlines()[1])
    deal 1, 1 trick(s) left, 1 card(s) on the trick led by W, N to play
    """
    lines = [
        repr(ending),
        f"deal {game.deal_number + 1}, {ending.tricks_left} trick(s) left, "
        f"{len(game.trick)} card(s) on the trick led by {game.trick_leader}, {game.turn} to play",
        f"trick so far: {cards_text(game.trick) or '-'}",
    ]
    for seat in SEATS:
        calypso = game.calypso(seat)
        lines.append(
            f"{seat} ({game.trump(seat).letter}): hand {cards_text(game.hand(seat))}; calypso "
            f"{cards_text(calypso.cards()) or '-'}, {calypso.completed} completed"
        )
    lines.append("piles: " + ", ".join(f"{side} {len(game.pile(side))} cards" for side in SIDES))
    lines.append(f"moves from the start: {cards_text(game.moves)}")
    return "\n".join(lines)


def state(game: Game) -> tuple[object, ...]:
    """Everything a player can read of ``game``, to check that something left it unchanged.

    >>> game = Game(seed=1)
    >>> before = state(game)
    >>> _ = branch(game).play(game.legal_plays()[0])
    >>> state(game) == before
    True
    """
    return (
        tuple(game.moves),
        game.turn,
        game.deal_number,
        game.dealer,
        game.trick_leader,
        tuple(game.trick),
        tuple(tuple(game.hand(seat)) for seat in SEATS),
        tuple((c.suit, c.mask, c.completed) for c in game.calypsos()),
        tuple(tuple(game.pile(side)) for side in SIDES),
        tuple(tuple(deal) for deal in game.tricks),
        tuple(tuple(sorted(scores.items())) for scores in game.deal_scores),
        game.closed,
        game.last_trick,
        game.phase,
        tuple(sorted(game.score().totals.items())),
    )
