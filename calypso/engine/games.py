"""The registry of games: every game the engine plays, registered once under its name.

A :class:`GameSpec` says what a game is to the rest of the engine: its seats, its declared
options (:mod:`calypso.engine.options`), its bots, how to start one, how bots play one through to a
record, and how a record of it is replayed. Each family registers its games at the end of its
record module (:mod:`calypso.partnership.match`, :mod:`calypso.auction.record`,
:mod:`calypso.whist.record`); ``simulate``, the command line, records and the widgets find games
here and nowhere else.

>>> import calypso
>>> names()
('calypso', 'auction-calypso', 'call-bridge', 'collett-whist')
>>> spec = find_game("collett-whist")
>>> spec.title, spec.seats(spec.options.parse(players=5))
('Collett Whist', ('A', 'B', 'C', 'D', 'E'))
>>> find_game("bridge")
Traceback (most recent call last):
...
ValueError: bad game 'bridge': expected one of calypso, auction-calypso, call-bridge, collett-whist
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from calypso.engine.cards import Card, Suit
from calypso.engine.options import Options
from calypso.engine.table import play_order
from calypso.engine.tricks import TrickResult, TrickRules

if TYPE_CHECKING:
    from calypso.engine.record import Record, Replay

COMPASS = ("N", "E", "S", "W")
"""The compass seats clockwise: a drawn table puts N at the top."""


@dataclass(frozen=True)
class RecordShape:
    """What a game's records carry that shows which game they are (docs/record-format.md:
    what each game adds): ``deal_keys`` its deals hold, ``no_deal_keys`` they never hold,
    ``personal_trumps`` a trump for each seat at the top level; ``words`` says so in a clause.

    >>> find_game("collett-whist").shape.has({}, {"bids": {}, "round": 3})
    True
    """

    words: str
    deal_keys: frozenset[str] = frozenset()
    no_deal_keys: frozenset[str] = frozenset()
    personal_trumps: bool = False

    def has(self, data: Mapping[str, Any], first: Mapping[str, Any]) -> bool:
        """Whether a record's ``data`` (with ``first``, its first deal) has this shape."""
        return (
            self.deal_keys <= first.keys()
            and not self.no_deal_keys & first.keys()
            and (not self.personal_trumps or isinstance(data.get("trumps"), dict))
        )


@dataclass(frozen=True)
class GameSpec:
    """One registered game.

    ``layouts`` are every seat list a record of the game may carry (in play order); ``bots``
    the names of its computer players, the default first; ``start(options, seed)`` a new game;
    ``play(options, seed, bots)`` a whole game played by bots (one name per seat) as a record;
    ``replay(record)`` re-plays and re-scores a record of it.

    How a table seats it: ``seat_bots(game, seed)`` one seeded bot per seat of a started game
    (each chooses a move, :class:`calypso.engine.moves.Bot`); ``clockwise`` whether play passes
    clockwise (Call Bridge's passes counter-clockwise, B1); ``partnerships`` whether, with
    its default options, players across the table are partners;
    ``round_table(seed, number, players)`` a game whose first round a table plays, from round
    ``number`` with ``players`` players where the game numbers its rounds and lets them vary
    (``None``: a game no round table offers). ``rules`` are its trick rules with the default
    options and ``own_trumps`` the personal trumps of N, E, S and W, if it has them: together
    "one trick under this game's rules" (:meth:`one_trick`).
    """

    name: str
    title: str
    options: type[Options]
    layouts: tuple[tuple[str, ...], ...]
    seats: Callable[[Any], tuple[str, ...]]
    bots: tuple[str, ...]
    start: Callable[[Any, int], Any]
    play: Callable[[Any, int, tuple[str, ...]], Record]
    replay: Callable[[Record], Replay]
    seat_bots: Callable[[Any, int], tuple[Any, ...]]
    """One seeded bot per seat of a started game: ``seat_bots(game, seed)``."""
    rules: TrickRules
    shape: RecordShape
    """What its records carry that shows which game they are."""
    own_trumps: tuple[Suit, ...] = ()
    clockwise: bool = True
    partnerships: bool = False
    round_table: Callable[[int, int, int], Any] | None = None

    @property
    def compass(self) -> tuple[str, ...]:
        """Its order of play from N, named by the compass seats.

        >>> find_game("call-bridge").compass, find_game("collett-whist").compass
        (('N', 'W', 'S', 'E'), ('N', 'E', 'S', 'W'))
        """
        return COMPASS if self.clockwise else (COMPASS[0], *reversed(COMPASS[1:]))

    @property
    def lettered(self) -> bool:
        """Whether its players are named by letters (Collett Whist's A, B, C…, W1), not by
        compass points, though one letter (E) is also a compass point's.

        >>> find_game("collett-whist").lettered, find_game("call-bridge").lettered
        (True, False)
        """
        return any(seat not in COMPASS for layout in self.layouts for seat in layout)

    @property
    def own_by_seat(self) -> dict[str, Suit]:
        """The personal trumps by compass seat (none for a game without them).

        >>> find_game("calypso").own_by_seat["W"], find_game("call-bridge").own_by_seat
        (Suit.CLUBS, {})
        """
        if not self.own_trumps:
            return {}
        return dict(zip(COMPASS, self.own_trumps, strict=True))

    def sitting(self, seats: Sequence[str]) -> tuple[str, ...]:
        """``seats`` (in play order from the first) as they sit clockwise round a table.

        >>> find_game("call-bridge").sitting(("N", "W", "S", "E"))
        ('N', 'E', 'S', 'W')
        """
        return tuple(seats) if self.clockwise else (seats[0], *reversed(seats[1:]))

    def one_trick(self, cards: Sequence[Card], leader: str, trump: Suit | None) -> OneTrick:
        """``cards`` played from ``leader`` on, round a compass table, under this game's rules:
        each player's own trump (``own_trumps``), or one for everyone (the game's fixed trump,
        else ``trump``).

        >>> from calypso.engine.cards import parse_cards
        >>> bridge = find_game("call-bridge").one_trick(parse_cards("2S AS"), "S", None)
        >>> bridge.seats, bridge.winner, bridge.rule
        (('S', 'E', 'N', 'W'), 'E', 'B4.1')
        """
        seats = play_order(leader, self.compass)
        rules = self.rules
        if rules.shared:
            shared = rules.fixed_trump or trump
            trumps: tuple[Suit | None, ...] = (shared,) * len(cards)
        else:
            own = self.own_by_seat
            trumps = tuple(own[s] for s in seats[: len(cards)])
        result = rules.resolve(cards, trumps)
        return OneTrick(self, seats, trumps, result, rules.rule_id(result.rule))

    def bots_for(self, seats: Sequence[str], bots: str | Sequence[str] | None) -> tuple[str, ...]:
        """One bot name per seat from one name for all, a name per seat, or the default.

        >>> find_game("call-bridge").bots_for("NWSE", "random")
        Traceback (most recent call last):
        ...
        ValueError: bad bots 'random': call-bridge is played by greedy bots only
        """
        names = [bots or self.bots[0]] * len(seats) if isinstance(bots, str | None) else bots
        allowed = (
            f"expected one of {', '.join(self.bots)}"
            if len(self.bots) > 1
            else f"{self.name} is played by {self.bots[0]} bots only"
        )
        for name in names:
            if name not in self.bots:
                shown = bots if isinstance(bots, str) else name
                raise ValueError(f"bad bots {shown!r}: {allowed}")
        if len(names) != len(seats):
            raise ValueError(
                f"bad bots {list(names)!r}: expected one name, or {len(seats)}, one per seat "
                f"{', '.join(seats)}"
            )
        return tuple(names)


@dataclass(frozen=True)
class OneTrick:
    """One trick (or the cards so far) under a game's rules: the seats in play order (all of
    them, those still to play last), the trump that counts for each card, the verdict (the
    card winning so far, before the trick is full) and the rule id the game reports it under."""

    game: GameSpec
    seats: tuple[str, ...]
    trumps: tuple[Suit | None, ...]
    result: TrickResult
    rule: str

    @property
    def winner(self) -> str:
        return self.seats[self.result.winner]

    @property
    def to_play(self) -> tuple[str, ...]:
        return self.seats[len(self.result.cards) :]


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (once per name)."""
    if spec.name in _GAMES:
        raise ValueError(f"bad game {spec.name!r}: already registered")
    _GAMES[spec.name] = spec
    return spec


def find_game(name: str) -> GameSpec:
    """The registered game called ``name``; an unknown name is a ``ValueError``."""
    spec = _GAMES.get(name)
    if spec is None:
        raise ValueError(f"bad game {name!r}: expected one of {', '.join(_GAMES)}")
    return spec


def games() -> tuple[GameSpec, ...]:
    """The registered games, in the order they were registered."""
    return tuple(_GAMES.values())


def names() -> tuple[str, ...]:
    """The registered games' names, in the order they were registered."""
    return tuple(_GAMES)
