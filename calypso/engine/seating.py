"""One seat controller for every game's table: people in some seats, bots in the others.

A :class:`Seating` keeps the journal of what the people at the table did (each move's text,
and ``n`` for *Next trick*), so that the position can be replayed from a link or undone; lets
the bots move until a person's turn; and, when a trick closes and a bot would lead the next,
waits, so that the people can see the trick and its verdict, until *Next trick*. Undo goes back
to a copy kept after each of the people's moves, so a slow bot (the expert) is not asked again
for every move of the game. It works on
any game with the move-level interface (:class:`~calypso.engine.table.TrickTable`,
:mod:`calypso.engine.moves`); the widgets of chapters 05, 07 and 08 keep only their own controls.

>>> from calypso.engine.games import find_game
>>> spec = find_game("calypso")
>>> options = spec.options.parse()
>>> seating = Seating(
...     lambda: spec.start(options, 5), lambda game: spec.seat_bots(game, 5), lambda game: "S"
... )
>>> seating.game.turn                       # the bots play until S's turn
'S'
>>> seating.move(seating.game.legal_moves()[0])
>>> len(seating.moves)
1
>>> seating.undo()
>>> seating.moves, seating.game.turn
([], 'S')
"""

from __future__ import annotations

import copy
import enum
from collections.abc import Callable, Collection, Sequence
from typing import Any, Generic, TypeVar

from calypso.engine.moves import Bot, Phase
from calypso.engine.table import TrickTable

NEXT = "n"
"""In the journal (and a link's list of moves): *Next trick* pressed."""


class Declined(enum.Enum):
    """Why a table's seat controller (:class:`Seating`) declines what a person asked (the kind
    of a :class:`SeatingError`, worded by :func:`calypso.words.tricks.declined`)."""

    NOT_YOUR_TURN = "not-your-turn"
    """A move while the bots are on turn, or after the end."""
    NO_TRICK_WAITING = "no-trick-waiting"
    """*Next trick* with no closed trick waiting."""
    NOTHING_TO_UNDO = "nothing-to-undo"
    """*Undo* before the people have made a move."""


class SeatingError(ValueError):
    """What a seat controller declines: :attr:`kind` says why as a value, ``str()`` in English.

    >>> str(SeatingError(Declined.NOTHING_TO_UNDO))
    'Nothing to undo: you have not played a card yet.'
    """

    def __init__(self, kind: Declined) -> None:
        super().__init__(kind.value)
        self.kind = kind

    def __str__(self) -> str:
        from calypso.words import in_english  # the words layer, called late
        from calypso.words.tricks import declined  # the words layer, called late

        return in_english(declined, self.kind)


G = TypeVar("G", bound=TrickTable)


class Seating(Generic[G]):
    """A game from ``start()``; people in the seats ``humans(game)`` names (none: the bots
    play and the people watch); bots from ``bots(game)``, one per seat (only those of the
    other seats move); ``done(game)`` says when the table's play is over (default: the game's
    end; a table that plays one round or hand says so)."""

    def __init__(
        self,
        start: Callable[[], G],
        bots: Callable[[G], Sequence[Bot[G]]],
        humans: Callable[[G], Collection[str]],
        done: Callable[[G], bool] | None = None,
    ) -> None:
        self._start, self._bots, self._humans = start, bots, humans
        self._done = done or (lambda game: game.is_over)
        self.restart()

    def restart(self) -> None:
        """A fresh game; the bots move until a person's turn."""
        self.game = self._start()
        self.bots = self._bots(self.game)
        self.humans = tuple(self._humans(self.game))
        self.moves: list[str] = []
        """What the people did, in order: each move's text, and ``n`` for *Next trick*."""
        self.watched = 0
        """Moves the bots made while the people watched (:meth:`advance`)."""
        self.seen = 0
        """Tricks closed when a person last played or pressed *Next trick*."""
        self.bots_move()
        self._kept: list[tuple[G, Sequence[Bot[G]], int]] = []
        self._keep()

    def _keep(self) -> None:
        """Keep a copy of the position after the journal's last entry (and the bots' answers),
        the bots and their generators included, for :meth:`undo`."""
        self._kept.append(copy.deepcopy((self.game, self.bots, self.seen)))

    # -- reading -----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self._done(self.game)

    def yours(self) -> bool:
        """Whether a person is on turn."""
        return not self.over and self.game.turn in self.humans

    def waiting(self) -> bool:
        """A trick closed since a person last played and a bot would lead the next one: the
        bots wait, so that the people can see the trick and its verdict, until *Next trick*."""
        game = self.game
        return (
            bool(self.humans)
            and not self.over
            and game.phase.value == Phase.PLAY.value
            and not game.trick
            and game.closed > self.seen
            and game.turn not in self.humans
        )

    # -- moves -------------------------------------------------------------------------------

    def bots_move(self, limit: int | None = None) -> int:
        """Let the bots move until a person's turn, a wait between tricks, the end, or
        ``limit`` moves; with nobody seated, the bots move only when asked (:meth:`advance`).
        Returns how many moves they made."""
        if not self.humans and limit is None:
            return 0
        made = 0
        game = self.game
        while not self.over and (limit is None or made < limit):
            if game.turn in self.humans or self.waiting():
                break
            game.apply(self.bots[game.index(str(game.turn))].choose(game))
            made += 1
        return made

    def move(self, move: Any) -> None:
        """A person's move (a value or its text); the bots then move until a person's turn
        or a trick closes. A move out of turn raises :class:`SeatingError` (a
        ``ValueError``) and changes nothing."""
        if not self.yours():
            raise SeatingError(Declined.NOT_YOUR_TURN)
        game = self.game
        chosen = game.parse_move(move) if isinstance(move, str) else move
        text = game.move_text(chosen)
        self.seen = game.closed
        game.apply(chosen)
        self.moves.append(text)
        self.bots_move()
        self._keep()

    def next_trick(self) -> None:
        """Go on after a closed trick: the bots lead and play until a person's turn."""
        if not self.waiting():
            raise SeatingError(Declined.NO_TRICK_WAITING)
        self.seen = self.game.closed
        self.moves.append(NEXT)
        self.bots_move()
        self._keep()

    def advance(self, limit: int) -> int:
        """While the people watch, let the bots make up to ``limit`` moves; how many they made."""
        made = self.bots_move(limit)
        self.watched += made
        return made

    def replay(self, moves: Sequence[str]) -> None:
        """Start again and make ``moves`` (texts, ``n`` for *Next trick*) again; the bots
        answer as they did, having the same seeds. A move that does not fit raises
        ``ValueError``."""
        self.restart()
        for text in moves:
            if text == NEXT:
                self.next_trick()
            else:
                self.move(text)

    def undo(self) -> None:
        """Take back the people's last move (and the bots' answers to it): back to the copy
        kept then, or, if the journal was set from outside, by replaying it."""
        made = [i for i, text in enumerate(self.moves) if text != NEXT]
        if not made:
            raise SeatingError(Declined.NOTHING_TO_UNDO)
        last = made[-1]
        if len(self._kept) != len(self.moves) + 1:
            self.replay(self.moves[:last])
            return
        del self._kept[last + 1 :]
        self.game, self.bots, self.seen = copy.deepcopy(self._kept[last])
        self.moves = self.moves[:last]
        self.watched = 0
