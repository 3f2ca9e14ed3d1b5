"""Computer players: a random legal player and a greedy one, both seeded; the expert
(:mod:`calypso.partnership.expert`) is registered here too.

Every bot of every game chooses the move its game waits for, ``choose(game)``, and the game
applies it (:class:`calypso.engine.moves.Bot`); a Calypso player chooses a card
(:class:`calypso.partnership.game.Player`).

>>> from calypso.partnership.game import Game
>>> game = Game(seed=3)
>>> sheet = game.play_out(make_players("greedy", seed=3))
>>> game.is_over, sorted(sheet.totals)
(True, ['EW', 'NS'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from calypso.engine.cards import Card, Rank, Suit
from calypso.engine.moves import Bot
from calypso.engine.table import TrickTable
from calypso.engine.tricks import TrumpLead, trick_winner
from calypso.partnership.calypsos import Calypso
from calypso.partnership.game import SEATS, Game, Player
from calypso.partnership.hints import Advice, Against, Hint


class SeededBot:
    """A computer player with a name and its own seeded generator (every game's bots)."""

    name = ""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng


class RandomBot(SeededBot):
    """Plays a legal card chosen uniformly at random by its own seeded generator."""

    name = "random"

    def choose(self, game: Game) -> Card:
        return self.rng.choice(game.legal_plays())

    @property
    def uniform_rng(self) -> random.Random:
        """The generator every card is chosen by (:class:`calypso.partnership.game.Player`)."""
        return self.rng


class GreedyBot(SeededBot):
    """Plays for the trick in front of it, with a sense of what each side needs.

    Every card of a won trick is worth something to the winners (10 in the pile, 20 or more in a
    calypso), and a card that fills a gap in a calypso of the winning side is worth more. The
    bot leads its own trump (the leader wins an unruffed trump lead), and otherwise plays the
    card that leaves the trick as valuable as possible to its side or as poor as possible to the
    other, spending low cards when it cannot win and never throwing away a card its side needs.
    Ties are broken by its own seeded generator.
    """

    name = "greedy"

    def choose(self, game: Game) -> Card:
        if game.turn is None:
            raise ValueError("the game is over: there is no card to choose")
        me = game.index(game.turn)
        order = game.order_from(game.index(game.trick_leader))
        calypsos = game.calypsos()
        by_position = [[calypsos[p] for p in game.side_of(i)] for i in order]
        return greedy_card(
            game.legal_plays(),
            game.trick,
            [game.options.trumps[order[i]] for i in range(len(game.trick) + 1)],
            ruff_wins=game.options.trump_lead is TrumpLead.RUFF_WINS,
            ours=lambda position: order[position] % 2 == me % 2,
            takers=by_position.__getitem__,
            mine=calypsos[me],
            rng=self.rng,
        )


def greedy_card(
    legal: Sequence[Card],
    trick: Sequence[Card],
    trumps: Sequence[Suit | None],
    *,
    ruff_wins: bool,
    ours: Callable[[int], bool],
    takers: Callable[[int], Sequence[Calypso]],
    mine: Calypso | None,
    rng: random.Random,
    misere: bool = False,
) -> Card:
    """The greedy judgement, for any game on the trick core.

    ``trumps`` are the personal trumps in the trick's play order, the chooser's last;
    ``ours(position)`` says whether the player at that position plays on the chooser's side;
    ``takers(position)`` are the calypsos that would take cards if that position won; ``mine``
    is the chooser's own calypso for this hand (``None`` without a trump). In ``misere`` the
    chooser tries to lose every trick, shedding its highest cards when it can.
    """
    choices = sorted(set(legal))
    if not trick and not misere:
        own = [c for c in choices if mine is not None and c // 13 == mine.suit]
        if own and mine is not None:
            needed = [c for c in own if mine.needs(c)]
            return max(needed or own, key=lambda c: c % 13)
        low = min(c % 13 for c in choices)
        return rng.choice([c for c in choices if c % 13 == low])
    me = len(trick)
    best: list[Card] = []
    best_score = -1000.0
    for card in choices:
        cards = [*trick, card]
        w, _ = trick_winner(cards, trumps, ruff_wins)
        if misere:
            score = (-100.0 if w == me else 0.0) + (card % 13) / 100
        else:
            worth = sum(_worth(c, takers(w)) for c in cards)
            score = worth if ours(w) else -worth
            if not ours(w) and _worth(card, takers(me)) > 1:
                score -= 2
            score -= (card % 13) / 100
        if score > best_score:
            best, best_score = [card], score
        elif score == best_score:
            best.append(card)
    return rng.choice(best)


def greedy_hint(game: Game, card: Card) -> Hint:
    """Why the greedy player would play ``card`` now, as a value for a learner's sentence.

    The hint claims only what is certain. While players are still to play after the learner,
    it names who is winning *so far* and those players; a trick's taker is named only when the
    learner plays last, or when nothing the others could play can change it.

    >>> game = Game(seed=5)
    >>> card = GreedyBot(random.Random(0)).choose(game)
    >>> greedy_hint(game, card).advice in (Advice.LEAD_OWN, Advice.LEAD_LOW)
    True
    """
    if game.turn is None:
        raise ValueError("the game is over: there is no card to explain")
    me = game.index(game.turn)
    calypsos = game.calypsos()
    ruff_wins = game.options.trump_lead is TrumpLead.RUFF_WINS
    if not game.trick:
        return _lead_hint(card, game.options.trumps[me], calypsos[me], ruff_wins)
    order = game.order_from(game.index(game.trick_leader))
    cards = [*game.trick, card]
    trumps = [game.options.trumps[order[i]] for i in range(len(cards))]
    winner, _ = trick_winner(cards, trumps, ruff_wins)
    seat = SEATS[order[winner]]
    later = tuple(SEATS[p] for p in order[len(cards) :])
    side = [calypsos[p] for p in game.side_of(me)]
    if winner == len(game.trick):
        needed = tuple(c for c in cards if any(k.needs(c) for k in side))
        advice = Advice.AHEAD if later else Advice.WINS
        return Hint(advice, card, seat, later, needed)
    if order[winner] % 2 == me % 2:
        return Hint(Advice.PARTNER_AHEAD if later else Advice.PARTNER_TAKES, card, seat, later)
    could_win = any(
        order[trick_winner([*game.trick, c], trumps, ruff_wins)[0]] % 2 == me % 2
        for c in game.legal_plays()
    )
    if could_win:
        return Hint(Advice.STAY_BEHIND if later else Advice.LET_GO, card, seat, later)
    costly = any(k.needs(card) for k in side)
    advice = Advice.CANNOT_BEAT_YET if later else Advice.CANNOT_BEAT
    return Hint(advice, card, seat, later, costly=costly)


def _lead_hint(card: Card, own: Suit, mine: Calypso, ruff_wins: bool) -> Hint:
    """Why lead ``card``: what the others can and cannot do against it (C4.1, C4.2, C5)."""
    if card.suit != own:
        return Hint(Advice.LEAD_LOW, card, own=own)
    if ruff_wins:
        against = Against.ANY_RUFF
    elif card.rank == Rank.ACE:
        against = Against.NOTHING
    else:
        against = Against.HIGHER_RUFF
    return Hint(Advice.LEAD_OWN, card, costly=mine.needs(card), own=own, against=against)


def _worth(card: Card, calypsos: Sequence[Calypso]) -> int:
    """What a won card is worth to its takers: 1, or 3 when it fills a gap in their calypsos."""
    return 3 if any(k.needs(card) for k in calypsos) else 1


def _expert(rng: random.Random) -> Player:
    """The expert (:mod:`calypso.partnership.expert`), imported when first asked for: it uses this
    module."""
    from calypso.partnership.expert import ExpertBot

    return ExpertBot(rng)


BOTS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": _expert,
}
BOT_NAMES = tuple(BOTS)


G = TypeVar("G", bound=TrickTable)


def move_until_over(game: G, bots: Sequence[Bot[G]]) -> G:
    """Let ``bots`` (one per seat, in seat order) choose every move of ``game`` to its end."""
    seats = game.seats
    while (turn := game.turn) is not None:
        game.apply(bots[seats.index(turn)].choose(game))
    return game


def make_bot(name: str, rng: random.Random) -> Player:
    """A bot by name (``random``, ``greedy`` or ``expert``) playing with ``rng``."""
    if name not in BOTS:
        raise ValueError(f"bad bot {name!r}: expected one of {', '.join(BOT_NAMES)}")
    return BOTS[name](rng)


def make_players(bots: str | Sequence[str], seed: int) -> tuple[Player, ...]:
    """Four seeded bots for N, E, S, W: one name for all, or four names in seat order.

    Each bot draws from its own generator, seeded from ``seed`` and its seat, so the same seed
    always gives the same game.
    """
    names = [bots] * 4 if isinstance(bots, str) else list(bots)
    if len(names) != 4:
        raise ValueError(f"bad bots {bots!r}: expected one name or four, one per seat N, E, S, W")
    return tuple(
        make_bot(name, random.Random(f"calypso-bot/{seed}/{seat}/{name}"))
        for seat, name in zip(SEATS, names, strict=True)
    )
