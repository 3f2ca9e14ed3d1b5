"""Calypso's cousins at the table: a round of Call Bridge or Collett Whist against the bots,
on the card table, with the round and your moves in the page address.

The trick comparer and the overtrump trainer are in :mod:`calypso.widgets.cousintricks`, the
scoring calculators and the rounds chart in :mod:`calypso.widgets.whistscores`.

>>> table = WhistTable(game="call-bridge", seed=1)
>>> table.link.value
'call-bridge.4.1.5'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w
import traitlets as t

from calypso.drawing.ending import ending_line
from calypso.engine.cards import Card
from calypso.engine.games import GameSpec, games
from calypso.engine.moves import TricksCall
from calypso.engine.seating import Seating
from calypso.i18n import N_, _, lettered, ngettext, seat_name, suit_name
from calypso.whist import collett_whist
from calypso.whist.engine import CallTime, Phase, WhistGame
from calypso.widgets.base import Panel, button, number_box, seed_box
from calypso.widgets.cardtable import CardTable
from calypso.widgets.felt import draw_hand, draw_trick
from calypso.widgets.link import PageLink
from calypso.words.refusals import worded

NEXT_TRICK = N_("Next trick")


@dataclass(frozen=True)
class WhistLink:
    """What a link to the round table holds (key ``whist``): the game's registered name, the
    players, the seed and the round, then your calls (``c`` and a number), cards and ``n``
    for *Next trick*, joined by dots.

    >>> WhistLink.from_link("collett-whist.5.3.7.c2.QS.n")
    WhistLink(game='collett-whist', players=5, seed=3, round=7, moves=('c2', 'QS', 'n'))
    >>> WhistLink("call-bridge", 4, 1, 5).to_link()
    'call-bridge.4.1.5'
    """

    game: str
    players: int
    seed: int
    round: int
    moves: tuple[str, ...] = ()

    def to_link(self) -> str:
        head = [self.game, str(self.players), str(self.seed), str(self.round)]
        return ".".join([*head, *self.moves])

    @classmethod
    def from_link(cls, text: str) -> WhistLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        game, players, seed, number, *moves = [*text.split("."), "", "", ""][
            : max(4, len(text.split(".")))
        ]
        fine = (
            game in round_games()
            and players.isdigit()
            and int(players) in collett_whist.PLAYERS
            and seed.isdigit()
            and number.isdigit()
            and 1 <= int(number) <= collett_whist.ROUNDS
        )
        if not fine:
            raise ValueError(_("That link does not name a round, so here is a new one."))
        return cls(game, int(players), int(seed), int(number), tuple(moves))


class CallBox(w.IntText):
    """The box you type your call in. It takes any whole number, so that a call outside the
    round's range reaches the engine and is refused in words (a bounded box would change it
    without a word); ``min`` and ``max`` hold the range, kept here and not sent to the page.

    >>> box = CallBox(value=2, min=2, max=12)
    >>> box.value = 1
    >>> box.value, box.min, box.max
    (1, 2, 12)
    """

    min = t.Int(0)
    max = t.Int(13)


def round_games() -> dict[str, GameSpec]:
    """The registered games a round table offers, by name."""
    return {spec.name: spec for spec in games() if spec.round_table is not None}


class WhistTable(Panel):
    """Play one round of Call Bridge or Collett Whist (``game``: its registered name) against
    the bots, on the card table; Collett Whist starts at ``round_number`` with ``players``
    players. The round and what you did are in the page address (key ``whist``)."""

    def __init__(
        self, game: str = "call-bridge", seed: int = 1, round_number: int = 5, players: int = 4
    ) -> None:
        self.game_choice = w.ToggleButtons(
            options=[(_(spec.title), name) for name, spec in round_games().items()],
            value=game,
            style={"button_width": "9em"},
        )
        self.seed = seed_box(seed, _("deal seed"))
        self.round_number = number_box(
            _("round"),
            round_number,
            low=1,
            high=collett_whist.ROUNDS,
            width="9em",
            label_width="initial",
        )
        self.players = number_box(
            _("players"),
            players,
            low=min(collett_whist.PLAYERS),
            high=max(collett_whist.PLAYERS),
            width="9em",
            label_width="initial",
        )
        self.new = button(_("New round"), icon="play")
        self.call_box = CallBox(
            value=2,
            description=_("your call"),
            layout=w.Layout(width="9em"),
            style={"description_width": "initial"},
        )
        self.call_button = button(_("Call"))
        self.call_range = w.HTML()
        self.felt = CardTable(label=_("The whist table"), piles=True)
        self._opening = False
        self.seating: Seating[WhistGame] = Seating(
            self._start,
            lambda game: self.spec.seat_bots(game, self.seed.value),
            lambda game: game.seats[:1],
            done=lambda game: bool(game.history),
        )
        self.link = PageLink(key="whist")
        for control in (self.game_choice, self.seed, self.round_number, self.players):
            control.observe(self.guard(lambda _: self._changed()), "value")
        self.new.on_click(self.guard(lambda _: self.new_round()))
        self.call_button.on_click(self.guard(lambda _: self.human_call(self.call_box.value)))
        self.felt.on_card(self.guard(self.human_card))
        self.felt.on_next(self.guard(self.next_trick))
        self.link.on_open(self.guard(self.open_link))
        self.calling = w.HBox(
            [self.call_box, self.call_button, self.call_range],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        choices = w.HBox(
            [self.game_choice, self.seed, self.round_number, self.players, self.new],
            layout=w.Layout(flex_flow="row wrap"),
        )
        super().__init__(_("Play a round"), [choices, self.calling, self.felt, self.link])
        # The message line (a refused call or card) goes just above the call box and the felt,
        # where you are looking even when they sit at the foot of the screen, not under the
        # table at the panel's foot.
        title = self.children[0]
        self.set_trait(
            "children", (title, choices, self.message, self.calling, self.felt, self.link)
        )
        self.new_round()

    @property
    def spec(self) -> GameSpec:
        return round_games()[self.game_choice.value]

    @property
    def game(self) -> WhistGame:
        return self.seating.game

    @property
    def moves(self) -> list[str]:
        """Your calls (``c2``), cards and ``n`` for *Next trick*, in order."""
        return self.seating.moves

    @property
    def you(self) -> str:
        return self.game.seats[0]

    def _start(self) -> WhistGame:
        start = self.spec.round_table
        assert start is not None
        game: WhistGame = start(self.seed.value, self.round_number.value, self.players.value)
        return game

    def _changed(self) -> None:
        if not self._opening:
            self.new_round()

    def new_round(self) -> None:
        """A fresh round from the choices shown."""
        self._replay([])

    def _replay(self, moves: Sequence[str]) -> None:
        with self._worded():
            self.seating.replay(moves)
        numbered = self.game.variant.numbered_rounds
        self.round_number.layout.display = None if numbered else "none"
        self.players.layout.display = None if numbered else "none"
        self.show()

    def _record(self) -> Any:
        return self.game.history[0] if self.seating.over else self.game.current

    @contextlib.contextmanager
    def _worded(self) -> Iterator[None]:
        """Inside the block, the players are named as the game names them (Collett Whist's
        by letters) and a move refused is raised in the learner's words."""
        with lettered(self.spec.lettered), worded():
            yield

    def human_call(self, tricks: int) -> None:
        """Call how many tricks you will take; the bots then move until your turn."""
        if self.game.phase is not Phase.CALLS:
            raise ValueError(_("It is not your turn to call."))
        with self._worded():
            self.seating.move(TricksCall(tricks))
        self.show()

    def human_card(self, card: Card) -> None:
        """Play your card; the bots then play until your turn or until a trick closes."""
        if self.game.phase is not Phase.PLAY:
            raise ValueError(_("It is not your turn to play."))
        with self._worded():
            self.seating.move(card)
        self.show()

    def next_trick(self) -> None:
        """Go on after a finished trick."""
        with self._worded():
            self.seating.next_trick()
        self.show()

    def link_text(self) -> str:
        """Game, players, seed, round, then your calls and cards: what the address holds."""
        return WhistLink(
            self.game_choice.value,
            self.players.value,
            self.seed.value,
            self.round_number.value,
            tuple(self.moves),
        ).to_link()

    def open_link(self, text: str) -> None:
        """Open the round and position a link names."""
        link = WhistLink.from_link(text)
        self._opening = True
        try:
            self.game_choice.value, self.players.value = link.game, link.players
            self.seed.value, self.round_number.value = link.seed, link.round
        finally:
            self._opening = False
        try:
            self._replay(link.moves)
        except ValueError:
            self._replay([])
            raise ValueError(
                _("That link's moves do not fit this round, so here is its start.")
            ) from None

    # -- drawing ---------------------------------------------------------------------------------

    def show(self) -> None:
        """Draw the round as it stands, its players named as the game names them."""
        with lettered(self.spec.lettered):
            self._show()

    def _show(self) -> None:
        game: WhistGame = self.game
        over = self.seating.over
        your_call = not over and game.phase is Phase.CALLS and game.turn == self.you
        self.calling.layout.display = None if your_call else "none"
        if your_call:
            low, high = game.call_range()
            self.call_box.min, self.call_box.max = low, high
            self.call_box.value = min(max(self.call_box.value, low), high)  # a call it takes
            allowed = _("this round you may call from {low} to {high} tricks").format(
                low=low, high=high
            )
            self.call_range.value = f'<span class="calypso-muted">{escape(allowed)}</span>'
        record = self._record()
        won = record.tricks_won(game.seats)
        playing = game.phase is Phase.PLAY or over
        names = {
            seat: seat_name(seat, short=self.spec.lettered)
            + (_(" · called {n}").format(n=record.calls[i]) if i in record.calls else "")
            + (_(" · won {n}").format(n=won[seat]) if playing else "")
            for i, seat in enumerate(game.seats)
        }
        sitting = self.spec.sitting(game.seats)
        held = None if over else {s: len(game.hand(s)) for s in game.seats if s != self.you}
        with self.felt.hold_sync():
            self.felt.set_table(sitting, you=self.you, names=names, hidden=held, rotate=True)
            draw_trick(self.felt, game, None if over else game.turn, over=over, lead_marked=False)
            self.felt.next_label = _(NEXT_TRICK) if self.seating.waiting() else ""
            self.felt.status = self._status()
            first = _("the calls come first")
            draw_hand(self.felt, game, self.you, before_play=first, over=over)
        self.link.value = self.link_text()
        self.message.clear()

    def _status(self) -> str:
        game: WhistGame = self.game
        title = _(self.spec.title)
        if self.seating.over:
            played = game.history[0]
            which = _("{game}, round {number}.").format(game=title, number=played.number)
            return ending_line(played.outcome(), which)
        trump = (
            _("no trump this round")
            if game.trump is None
            else _("trump for everyone: {symbol} {suit}").format(
                symbol=game.trump.symbol, suit=suit_name(game.trump)
            )
        )
        if game.phase is Phase.CALLS and game.plan.calls is not CallTime.AFTER_TRUMP:
            trump = _("the trump is turned after the calls")
        head = ngettext(
            "{game}, round {number}, {cards} card each · {trump}",
            "{game}, round {number}, {cards} cards each · {trump}",
            game.plan.cards,
        ).format(game=title, number=game.plan.number, cards=game.plan.cards, trump=trump)
        if game.plan.calls is CallTime.NONE:  # W6: a round without calls scores each trick
            head = f"{head} · {self._trick_cost()}"
        if self.seating.waiting():
            return _("{head} · {seat} leads next: press Next trick.").format(
                head=head, seat=seat_name(str(game.turn))
            )
        if game.turn == self.you:
            if game.phase is Phase.CALLS:
                return _("{head} · your turn, {seat}: make your call.").format(
                    head=head, seat=seat_name(self.you)
                )
            return _("{head} · your turn, {seat}: play an outlined card.").format(
                head=head, seat=seat_name(self.you)
            )
        return head

    def _trick_cost(self) -> str:
        """What each trick taken costs in a round without calls, as the engine scores it."""
        game: WhistGame = self.game
        cost = game.variant.score(game.plan, None, 0) - game.variant.score(game.plan, None, 1)
        return ngettext(
            "no calls: every trick taken costs {n} point",
            "no calls: every trick taken costs {n} points",
            cost,
        ).format(n=cost)
