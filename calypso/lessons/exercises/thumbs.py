"""Rules of thumb: naive ways to pick a trick's winner, or a card to play, used only to choose
which tricks and positions the exercises and the class quiz ask.

Each shortcut here is deliberately wrong: "the leader wins", "the highest card wins", "the last
ruff wins", and so on. None of them decides anything: the engine
(:func:`calypso.engine.tricks.trick_winner`, the core of
:func:`~calypso.engine.tricks.resolve_trick`) stays the only judge of every trick. A question maker
draws a few tricks of the case it means to ask and keeps the one whose winner the fewest shortcuts
name (:func:`least_guessable`), so that no shortcut passes a stage in place of the rule (issue 29).

A shortcut reads a trick as :class:`Seen` holds it and names the card it would call the winner
by its place in the order of play. A rule of thumb for a card to play
(:data:`PLAY_THUMBS`) reads a game's position and names a card the player to move may play;
stage *play* asks few positions whose best card, as the solver values it, many of them play
(:func:`play_guesses`).

>>> from calypso.engine.cards import parse_cards
>>> cards, trumps = parse_cards("2H AH KD 3C"), [Suit.parse(s) for s in "HDSC"]  # W ruffs
>>> trick = seen(cards, trumps)
>>> highest_card(trick), last_ruff(trick), owner_of_led(trick)
(1, 3, 0)
>>> guesses(cards, trumps)  # 3♣ wins (C4.2): the ruff shortcuts and the own-suit ones say so
6
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypeVar

from calypso.engine.cards import Card, Suit
from calypso.engine.tricks import trick_winner
from calypso.partnership.bots import GreedyBot
from calypso.partnership.game import Game


class Seen(NamedTuple):
    """A trick as the shortcuts read it: each card's rank and suit in play order, the cards
    that trump (with personal trumps a player's own suit played to another suit's lead, C4;
    with a shared trump every card of it, B4, W5), the cards played in their player's own suit
    (with a shared trump, the trumps) and the place of the led suit's owner (0: none)."""

    ranks: tuple[int, ...]
    suits: tuple[Suit, ...]
    ruffs: tuple[int, ...]
    own: tuple[int, ...]
    owner: int


def seen(cards: Sequence[Card], trumps: Sequence[Suit | None], shared: bool = False) -> Seen:
    """``cards`` in play order as the shortcuts read them: ``trumps[i]`` the personal trump of
    whoever played ``cards[i]``, or with ``shared`` ``trumps[0]`` everyone's (as
    :func:`calypso.engine.tricks.trick_winner` takes them)."""
    suits = tuple(c.suit for c in cards)
    led = suits[0]
    places = range(len(cards))
    if shared:
        ruffs = tuple(i for i in places if suits[i] == trumps[0])
        return Seen(tuple(c.rank for c in cards), suits, ruffs, ruffs, 0)
    owners = [i for i in places if trumps[i] == led]
    return Seen(
        tuple(c.rank for c in cards),
        suits,
        tuple(i for i in places if suits[i] == trumps[i] != led),
        tuple(i for i in places if suits[i] == trumps[i]),
        owners[0] if owners else 0,
    )


def _top(trick: Seen, places: Sequence[int], low: bool = False) -> int:
    """Of ``places`` (the lead when empty), the card of highest or lowest rank, the earliest of
    equals."""
    if not places:
        return 0
    ranks = [trick.ranks[i] for i in places]
    return places[ranks.index(min(ranks) if low else max(ranks))]


def leader(trick: Seen) -> int:
    """The leader wins."""
    return 0


def highest_card(trick: Seen) -> int:
    """The highest card on the table wins, whatever its suit."""
    return _top(trick, range(len(trick.ranks)))


def lowest_card(trick: Seen) -> int:
    """The lowest card on the table wins."""
    return _top(trick, range(len(trick.ranks)), low=True)


def last_ruff(trick: Seen) -> int:
    """The last ruff wins, else the leader."""
    return trick.ruffs[-1] if trick.ruffs else 0


def first_ruff(trick: Seen) -> int:
    """The first ruff wins, else the leader."""
    return trick.ruffs[0] if trick.ruffs else 0


def highest_ruff(trick: Seen) -> int:
    """The highest ruff wins, else the leader."""
    return _top(trick, trick.ruffs)


def highest_of_led(trick: Seen) -> int:
    """The highest card of the led suit wins, ruffs or not."""
    return _top(trick, [i for i, s in enumerate(trick.suits) if s == trick.suits[0]])


def as_in_whist(trick: Seen) -> int:
    """The highest ruff wins, else the highest card of the led suit, whose lead it is."""
    return highest_ruff(trick) if trick.ruffs else highest_of_led(trick)


def as_own_lead(trick: Seen) -> int:
    """Every lead is the leader's own: the led card and the ruffs compete on rank."""
    return _top(trick, [0, *(i for i in trick.ruffs if i)])


def owner_of_led(trick: Seen) -> int:
    """The player whose own suit was led wins (the leader when no one owns it)."""
    return trick.owner


def highest_own_suit(trick: Seen) -> int:
    """The highest card played in its player's own suit wins, ruff or not, else the leader."""
    return _top(trick, trick.own)


THUMBS: tuple[Callable[[Seen], int], ...] = (
    leader,
    highest_card,
    lowest_card,
    last_ruff,
    first_ruff,
    highest_ruff,
    highest_of_led,
    as_in_whist,
    as_own_lead,
    owner_of_led,
    highest_own_suit,
)
"""Every shortcut. "A fixed seat" and "a fixed place in the order of play" are not here: every
trick's winner sits in exactly one seat and one place, so they cannot tell two tricks apart;
the question makers spread the leader and the winner's place evenly instead."""


def guesses(
    cards: Sequence[Card],
    trumps: Sequence[Suit | None],
    shared: bool = False,
    ruff_wins: bool = False,
) -> int:
    """How many shortcuts name the card that wins ``cards`` (decided by the engine, with
    ``trumps``, ``shared`` and ``ruff_wins`` as :func:`calypso.engine.tricks.trick_winner` takes
    them)."""
    winner = trick_winner(cards, trumps, ruff_wins=ruff_wins, shared=shared)[0]
    trick = seen(cards, trumps, shared)
    return sum(thumb(trick) == winner for thumb in THUMBS)


T = TypeVar("T")

TRIES = 8
"""Tricks drawn before the least guessable one is kept."""


def least_guessable(draw: Callable[[], T], score: Callable[[T], int], tries: int = TRIES) -> T:
    """Of ``tries`` tricks from ``draw()``, the one with the lowest ``score`` (its
    :func:`guesses`); the first drawn, on a tie."""
    return min((draw() for _ in range(tries)), key=score)


# -- rules of thumb for the card to play -----------------------------------------------------------


def _by_rank(cards: Iterable[Card]) -> list[Card]:
    """``cards`` lowest first: by rank, then suit."""
    return sorted(cards, key=lambda card: (card.rank, card.suit))


def _choices(game: Game) -> list[Card]:
    """The distinct cards the player to move may play (C3), lowest first."""
    return _by_rank(set(game.legal_plays()))


def _order(game: Game) -> tuple[int, ...]:
    """The seats' indexes in the order they play to the trick in play."""
    return game.order_from(game.index(game.trick_leader))


def _ours_so_far(game: Game, card: Card) -> bool:
    """Whether the trick, as it would stand with ``card`` played, is the mover's side's so far
    (on a lead, always): ranked C4, before the players still to come."""
    order = _order(game)
    cards = [*game.trick, card]
    trumps = [game.options.trumps[order[i]] for i in range(len(cards))]
    winner, _rule = trick_winner(cards, trumps)
    return winner % 2 == len(game.trick) % 2


def _own(game: Game) -> list[Card]:
    """The mover's playable cards of their own suit, lowest first."""
    own = game.trump(str(game.turn))
    return [card for card in _choices(game) if card.suit == own]


def _winning(game: Game) -> list[Card]:
    """The playable cards that leave the trick with the mover's side so far, lowest first."""
    return [card for card in _choices(game) if _ours_so_far(game, card)]


def _unplayed_suit(game: Game) -> list[Card]:
    """The playable cards of a suit nobody has played to this trick, lowest first."""
    suits = {card.suit for card in game.trick}
    return [card for card in _choices(game) if card.suit not in suits]


def greedy_choice(game: Game) -> Card:
    """The greedy bot's card (:class:`calypso.partnership.bots.GreedyBot`, its ties broken by seed
    0)."""
    return GreedyBot(random.Random(0)).choose(game)


def _top_else_lowest(found: list[Card], game: Game) -> Card:
    """The highest of ``found``, else the mover's lowest playable card."""
    return found[-1] if found else _choices(game)[0]


PLAY_THUMBS: dict[str, Callable[[Game], Card]] = {
    "highest": lambda g: _choices(g)[-1],
    "lowest": lambda g: _choices(g)[0],
    "highest own suit, else highest": lambda g: (_own(g) or _choices(g))[-1],
    "lowest own suit, else lowest": lambda g: (_own(g) or _choices(g))[0],
    "highest own suit, else lowest": lambda g: _top_else_lowest(_own(g), g),
    "win cheaply, else lowest": lambda g: (_winning(g) or _choices(g))[0],
    "win with the highest, else lowest": lambda g: _top_else_lowest(_winning(g), g),
    "highest of a suit not on the table, else lowest": lambda g: _top_else_lowest(
        _unplayed_suit(g), g
    ),
    "lowest of a suit not on the table, else lowest": lambda g: (_unplayed_suit(g) or _choices(g))[
        0
    ],
    "the greedy bot's card": greedy_choice,
}
"""Plausible ways to choose a card without looking ahead, by name: the highest or the lowest
card; the highest or lowest of your own suit (your trump), else the highest or lowest card;
the lowest or highest card that keeps the trick with your side so far (win cheaply), else the
lowest (follow low); a card of a suit not yet played to the trick; and the greedy bot's card,
which plays for the trick in front of it. A card's place by rank among those you may play is
left to the question maker, which spreads it evenly."""


def play_guesses(game: Game) -> Counter[Card]:
    """For each card, how many of :data:`PLAY_THUMBS` play it in ``game``'s position.

    >>> from calypso.partnership.game import Game
    >>> game = Game(seed=7)
    >>> named = play_guesses(game)
    >>> sum(named.values()) == len(PLAY_THUMBS)
    True
    """
    return Counter(thumb(game) for thumb in PLAY_THUMBS.values())
