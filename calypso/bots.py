"""Computer players: a random legal player and a greedy one, both seeded.

A player is anything with ``choose(game) -> Card`` (see :class:`calypso.game.Player`).

>>> from calypso.game import Game
>>> game = Game(seed=3)
>>> sheet = game.play_out(make_players("greedy", seed=3))
>>> game.is_over, sorted(sheet.totals)
(True, ['EW', 'NS'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from calypso.calypsos import Calypso
from calypso.cards import Card
from calypso.game import SEATS, Game, Player, parse_seat
from calypso.tricks import TrumpLead, trick_winner

BOT_NAMES = ("random", "greedy")


class RandomBot:
    """Plays a legal card chosen uniformly at random by its own seeded generator."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Card:
        return self.rng.choice(game.legal_plays())


class GreedyBot:
    """Plays for the trick in front of it, with a sense of what each side needs.

    Every card of a won trick is worth something to the winners (10 in the pile, 20 or more in a
    calypso), and a card that fills a gap in a calypso of the winning side is worth more. The
    bot leads its own trump (the leader wins an unruffed trump lead), and otherwise plays the
    card that leaves the trick as valuable as possible to its side or as poor as possible to the
    other, spending low cards when it cannot win and never throwing away a card its side needs.
    Ties are broken by its own seeded generator.
    """

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Card:
        if game.turn is None:
            raise ValueError("the game is over: there is no card to choose")
        legal = sorted(set(game.legal_plays()))
        me = parse_seat(game.turn)
        calypsos = [game.calypso(seat) for seat in SEATS]
        trick = game.trick
        if not trick:
            return self._lead(legal, calypsos[me])
        leader = parse_seat(game.trick_leader)
        trumps = [game.rules.trumps[(leader + i) % 4] for i in range(len(trick) + 1)]
        ruff_wins = game.rules.trump_lead is TrumpLead.RUFF_WINS
        best: list[Card] = []
        best_score = -1000.0
        for card in legal:
            cards = [*trick, card]
            w, _ = trick_winner(cards, trumps, ruff_wins)
            ours = (leader + w) % 2 == me % 2
            side = me % 2 if ours else 1 - me % 2
            worth = sum(_worth(c, calypsos[side], calypsos[side + 2]) for c in cards)
            score: float = worth if ours else -worth
            if not ours and _worth(card, calypsos[me % 2], calypsos[me % 2 + 2]) > 1:
                score -= 2
            score -= (card % 13) / 100
            if score > best_score:
                best, best_score = [card], score
            elif score == best_score:
                best.append(card)
        return self.rng.choice(best)

    def _lead(self, legal: Sequence[Card], mine: Calypso) -> Card:
        own = [c for c in legal if c // 13 == mine.suit]
        if own:
            needed = [c for c in own if mine.needs(c)]
            return max(needed or own, key=lambda c: c % 13)
        low = min(c % 13 for c in legal)
        return self.rng.choice([c for c in legal if c % 13 == low])


def _worth(card: Card, first: Calypso, second: Calypso) -> int:
    """What a won card is worth to a side: 1, or 3 when it fills a gap in one of its calypsos."""
    return 3 if first.needs(card) or second.needs(card) else 1


def make_bot(name: str, rng: random.Random) -> Player:
    """A bot by name (``random`` or ``greedy``) playing with ``rng``."""
    if name == "random":
        return RandomBot(rng)
    if name == "greedy":
        return GreedyBot(rng)
    raise ValueError(f"bad bot {name!r}: expected one of {', '.join(BOT_NAMES)}")


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
