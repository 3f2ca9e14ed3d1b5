"""Play a game: one seat (or all four) against the greedy bots, on the card table.

Your hand lies along the bottom of the table with the cards you may play outlined (the others
say why not), the trick grows in play order with the card winning so far marked, and a finished
trick stays on the table with its verdict until you go on. A hint marks the card the greedy
player would choose and says why. The seed, your seat and what you did are in the page address
(key ``play``), so a link opens the same position.

>>> table = PlayTable(seed=5, seat="S")
>>> table.game.turn
'S'
>>> card = table.game.legal_plays()[0]
>>> table.play(card)
>>> table.game.turn in ("S", None) or table.felt.next_label == "Next trick"
True
"""

from __future__ import annotations

import base64
import random
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from calypso import render, words
from calypso.bots import GreedyBot, greedy_hint
from calypso.cards import Card
from calypso.game import DEALS, SEATS, TRICKS_PER_DEAL, Game
from calypso.i18n import N_, _, seat_name
from calypso.match import SPEC, calypso_record
from calypso.seating import NEXT, Seating
from calypso.table import play_order
from calypso.widgets.base import Panel, button, seed_box, uploaded_game
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.words import refusal_reason, side_name

ALL_SEATS = "all four"
"""The seat switch's value when you play every seat (its label is worded)."""
ALL = "all"
"""In a link: you play all four seats."""
NEXT_TRICK = N_("Next trick")


@dataclass(frozen=True)
class PlayLink:
    """What a link to the play table holds (key ``play``): the seed, your seat (``all`` for
    all four) and your moves (cards, ``n`` for *Next trick*), joined by dots.

    >>> PlayLink.from_link("5.S.QS.n")
    PlayLink(seed=5, seat='S', moves=('QS', 'n'))
    >>> PlayLink(12, "all").to_link()
    '12.all'
    >>> PlayLink.from_link("5")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a game, so here is a new one.
    """

    seed: int
    seat: str
    moves: tuple[str, ...] = ()

    def to_link(self) -> str:
        return ".".join([str(self.seed), self.seat, *self.moves])

    @classmethod
    def from_link(cls, text: str) -> PlayLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        seed, seat, *moves = text.split(".") if "." in text else (text, "")
        if not seed.isdigit() or seat not in (*SEATS, ALL):
            raise ValueError(_("That link does not name a game, so here is a new one."))
        return cls(int(seed), seat, tuple(moves))


class PlayTable(Panel):
    """A table where you play one seat, or every seat, with legal cards outlined."""

    def __init__(self, seed: int = 1, seat: str = "S") -> None:
        self.loaded = False
        self._hint: Card | None = None
        self._opening = False
        self.seat = w.ToggleButtons(
            options=[*((seat_name(s), s) for s in SEATS), (_("all four"), ALL_SEATS)],
            value=seat,
            description=_("You play"),
            style={"button_width": "5em"},
        )
        self.seed = seed_box(seed, _("game seed"))
        self.seating: Seating[Game] = Seating(
            self._start, lambda game: SPEC.seat_bots(game, self.seed.value), lambda _: self.humans
        )
        self.new = button(_("New game"), icon="play")
        self.hint = button(_("Hint"), icon="lightbulb-o")
        self.undo = button(_("Undo"), icon="undo")
        self.felt = CardTable(label=_("The game table"), piles=True)
        self.table = w.HTML()
        self.download = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description=_("Load a record"))
        self.link = PageLink(key="play")
        self.new.on_click(self.guard(lambda _: self.new_game()))
        self.seat.observe(self.guard(lambda _: self._seat_changed()), "value")
        self.hint.on_click(self.guard(lambda _: self.show_hint()))
        self.undo.on_click(self.guard(lambda _: self.take_back()))
        self.upload.observe(self.guard(lambda _: self.load_upload()), "value")
        self.felt.on_card(self.guard(self.play))
        self.felt.on_next(self.guard(self.next_trick))
        self.link.on_open(self.guard(self.open_link))
        controls = w.HBox([self.seat, self.seed, self.new], layout=w.Layout(flex_flow="row wrap"))
        actions = w.HBox([self.hint, self.undo, self.link], layout=w.Layout(flex_flow="row wrap"))
        files = w.HBox(
            [self.download, self.upload],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )
        super().__init__(_("Play Calypso"), [controls, self.felt, actions, self.table, files])
        self.new_game()

    @property
    def game(self) -> Game:
        return self.seating.game

    @property
    def moves(self) -> list[str]:
        """What you did, in order: the cards you played and ``n`` for *Next trick*."""
        return self.seating.moves

    @property
    def humans(self) -> tuple[str, ...]:
        return SEATS if self.seat.value == ALL_SEATS else (self.seat.value,)

    def _start(self) -> Game:
        game: Game = SPEC.start(SPEC.options.parse(), self.seed.value)
        return game

    # -- moves ---------------------------------------------------------------------------------

    def new_game(self) -> None:
        """A fresh game from the seed shown."""
        self._replay([])

    def _seat_changed(self) -> None:
        if not self._opening:
            self.new_game()

    def _replay(self, moves: Sequence[str]) -> None:
        """Start the game of the seed shown and make ``moves`` again (the bots answer as they
        did, having the same seeds)."""
        self._hint, self.loaded = None, False
        with words.worded():
            self.seating.replay(moves)
        self.show()

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat on turn; the bots answer until it is yours again or a trick
        closes."""
        with words.worded():
            self.seating.move(card)
        self._hint = None
        self.show()

    def next_trick(self) -> None:
        """Go on after a finished trick: the bots lead and play until your turn."""
        with words.worded():
            self.seating.next_trick()
        self.show()

    def take_back(self) -> None:
        """Take back your last card (and the bots' answers to it)."""
        with words.worded():
            self.seating.undo()
        self._hint = None
        self.show()
        self.message.info(_("Your last card (and the bots' answers) were taken back."))

    def show_hint(self) -> None:
        """Mark the card the greedy player would play, and say why."""
        if not self.seating.yours():
            raise ValueError(_("There is nothing for you to play just now."))
        self._hint = GreedyBot(random.Random(len(self.game.moves))).choose(self.game)
        self._draw_hand()

    # -- links and records -----------------------------------------------------------------------

    def link_text(self) -> str:
        """Seed, your seat (``all`` for all four), then your moves: what the address holds."""
        seat = ALL if self.seat.value == ALL_SEATS else self.seat.value
        return PlayLink(self.seed.value, seat, tuple(self.moves)).to_link()

    def open_link(self, text: str) -> None:
        """Open the game and position a link names."""
        link = PlayLink.from_link(text)
        self._opening = True
        try:
            self.seat.value = ALL_SEATS if link.seat == ALL else link.seat
            self.seed.value = link.seed
        finally:
            self._opening = False
        try:
            self._replay(link.moves)
        except ValueError:
            self._replay([])
            raise ValueError(
                _("That link's moves do not fit this game, so here is its start.")
            ) from None

    def load_upload(self) -> None:
        """Open an uploaded game record at its end."""
        game = uploaded_game(self.upload)
        if game is None:
            return
        self.seating.game, self.seating.moves = game, []
        self.loaded, self._hint = True, None
        self.show()
        self.message.good(
            _("Loaded the game of seed {seed}: here is how it ended.").format(seed=game.seed)
        )

    # -- drawing ---------------------------------------------------------------------------------

    def show(self) -> None:
        game = self.game
        self._draw_felt()
        self.undo.disabled = game.is_over or not any(m != NEXT for m in self.moves)
        self.hint.disabled = not self.seating.yours()
        self.table.value = render.calypsos_and_score(game)
        self.download.value = self._download_link()
        self.link.value = "" if self.loaded else self.link_text()
        self.message.clear()

    def _draw_felt(self) -> None:
        game = self.game
        you = game.turn if self.seat.value == ALL_SEATS and game.turn else self.humans[0]
        held = {s: len(game.hand(s)) for s in SEATS if s != you} if not game.is_over else None
        with self.felt.hold_sync():
            self.felt.set_table(
                SEATS,
                dict(zip(SEATS, game.options.trumps, strict=True)),
                you=you,
                partners=True,
                hidden=held,
            )
            self._draw_trick()
            self.felt.next_label = _(NEXT_TRICK) if self.seating.waiting() else ""
            self.felt.status = self._status()
            self._draw_hand()

    def _draw_trick(self) -> None:
        """The trick in progress with the card winning so far; between tricks, the trick just
        finished with its verdict."""
        game = self.game
        so_far = game.trick_so_far()
        if so_far is not None:
            seats = list(play_order(game.trick_leader, SEATS))
            self.felt.show_trick(game.trick, seats, list(so_far.trumps), so_far, turn=game.turn)
            return
        done, verdict = game.last_trick, game.last_verdict()
        if done is None or verdict is None:
            self.felt.show_trick([], list(SEATS), turn=game.turn)
            self.felt.mark(leader=game.turn, turn=game.turn)
            return
        self.felt.show_trick(list(done.cards), list(done.seats), list(verdict.trumps), verdict)
        self.felt.mark(leader=done.seats[0], turn=game.turn)

    def _draw_hand(self) -> None:
        game = self.game
        if not self.seating.yours():
            seat = self.humans[0] if self.seat.value != ALL_SEATS else None
            cards = game.hand(seat) if seat and not game.is_over else []
            self.felt.show_hand(cards, playable=[], why=_("wait for your turn"))
            return
        hand = game.hand(str(game.turn))
        why = {card: refusal_reason(refused) for card, refused in game.refusals().items()}
        hint_why = words.hint(greedy_hint(game, self._hint)) if self._hint is not None else ""
        self.felt.show_hand(
            hand, playable=game.legal_plays(), why=why, hint=self._hint, hint_why=hint_why
        )

    def _status(self) -> str:
        game = self.game
        if game.is_over:
            totals = game.score().totals
            winner = game.score().winner
            points = {
                "ns": side_name("NS"),
                "ns_points": words.number(totals["NS"]),
                "ew": side_name("EW"),
                "ew_points": words.number(totals["EW"]),
            }
            if winner is None:
                text = _(
                    "Game over: a draw, {ns} {ns_points} to {ew} {ew_points}. The score sheet is "
                    "below."
                )
            else:
                text = _(
                    "Game over: {side} wins, {ns} {ns_points} to {ew} {ew_points}. The score "
                    "sheet is below."
                )
            return text.format(side=side_name(winner or ""), **points)
        where = _("Deal {deal} of {deals}, trick {trick} of {tricks}").format(
            deal=game.deal_number + 1,
            deals=DEALS,
            trick=len(game.tricks[-1]) + 1,
            tricks=TRICKS_PER_DEAL,
        )
        seat = seat_name(str(game.turn))
        if self.seating.waiting():
            return _("{where}: {seat} leads next. Press Next trick (or Enter) to go on.").format(
                where=where, seat=seat
            )
        return _("{where}: your turn, {seat}. Play one of the outlined cards.").format(
            where=where, seat=seat
        )

    def _download_link(self) -> str:
        if not self.game.is_over:
            later = _("The record can be downloaded once the game ends.")
            return f'<span class="calypso-muted">{escape(later)}</span>'
        record = calypso_record([self.game], seed=self.game.seed)
        data = base64.b64encode(record.to_json(indent=1).encode()).decode()
        name = f"calypso-seed-{self.game.seed}.json"
        label = escape(_("Download the game record"))
        return (
            f'<a class="calypso-button-link" download="{escape(name)}" '
            f'href="data:application/json;base64,{data}">⬇ {label}</a> '
            f'<span class="calypso-muted">({escape(name)})</span>'
        )
