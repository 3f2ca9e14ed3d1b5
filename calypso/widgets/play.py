"""Play a game: one seat (or all four) against the greedy bots.

>>> table = PlayTable(seed=5, seat="S")
>>> table.game.turn
'S'
>>> card = table.game.legal_plays()[0]
>>> table.play(card)
>>> table.game.turn in ("S", None)
True
"""

from __future__ import annotations

import base64
import random
from html import escape

import ipywidgets as w

from calypso import render
from calypso.bots import GreedyBot, make_players
from calypso.cards import Card
from calypso.game import DEALS, SEATS, TRICKS_PER_DEAL, Game
from calypso.match import calypso_record, load_game
from calypso.record import Record, RecordError
from calypso.table import play_order
from calypso.widgets.base import Panel, button, card_buttons, seed_box

ALL_SEATS = "all four"


class PlayTable(Panel):
    """A table where you play one seat, or every seat, with legal cards highlighted."""

    def __init__(self, seed: int = 1, seat: str = "S") -> None:
        self.game = Game(seed)
        self._human_turns: list[int] = []
        self.seat = w.ToggleButtons(
            options=[*SEATS, ALL_SEATS],
            value=seat,
            description="You play",
            style={"button_width": "5em"},
        )
        self.seed = seed_box(seed, "game seed")
        self.new = button("New game", icon="play")
        self.hint = button("Hint", icon="lightbulb-o")
        self.undo = button("Undo", icon="undo")
        self.status = w.HTML()
        self.trick = w.HTML()
        self.last = w.HTML()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.table = w.HTML()
        self.download = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load a record")
        self.new.on_click(self.guard(lambda _: self.new_game()))
        self.seat.observe(self.guard(lambda _: self.new_game()), "value")
        self.hint.on_click(self.guard(lambda _: self.show_hint()))
        self.undo.on_click(self.guard(lambda _: self.take_back()))
        self.upload.observe(self.guard(lambda _: self.load_upload()), "value")
        controls = w.HBox([self.seat, self.seed, self.new], layout=w.Layout(flex_flow="row wrap"))
        actions = w.HBox([self.hint, self.undo])
        files = w.HBox([self.download, self.upload], layout=w.Layout(align_items="center"))
        children = [
            controls,
            self.status,
            self.trick,
            self.hand,
            actions,
            self.last,
            self.table,
            files,
        ]
        super().__init__("Play Calypso", children)
        self.new_game()

    @property
    def humans(self) -> tuple[str, ...]:
        return SEATS if self.seat.value == ALL_SEATS else (self.seat.value,)

    def new_game(self) -> None:
        self.game = Game(self.seed.value)
        self._human_turns = []
        self._bots = make_players("greedy", self.seed.value)
        self.last.value = ""
        self._let_bots_play()
        self.show()

    def _let_bots_play(self) -> None:
        while not self.game.is_over and self.game.turn not in self.humans:
            trick = self.game.play(self._bots[SEATS.index(str(self.game.turn))].choose(self.game))
            if trick is not None:
                self.last.value = render.trick_explained(self.game.trick_result(trick), trick)

    def play(self, card: Card) -> None:
        """Play ``card`` for the human seat on turn; the bots answer until it is yours again."""
        before = len(self.game.moves)
        trick = self.game.play(card)
        self._human_turns.append(before)
        if trick is not None:
            self.last.value = render.trick_explained(self.game.trick_result(trick), trick)
        self._let_bots_play()
        self.show()

    def take_back(self) -> None:
        if not self._human_turns:
            raise ValueError("nothing to undo: you have not played a card yet")
        target = self._human_turns.pop()
        self.game.undo(len(self.game.moves) - target)
        self.last.value = ""
        self.show()
        self.message.info("Your last card (and the bots' answers) were taken back.")

    def show_hint(self) -> None:
        if self.game.turn is None:
            raise ValueError("the game is over: there is nothing left to play")
        advice = GreedyBot(random.Random(len(self.game.moves))).choose(self.game)
        self.message.info(f"The greedy bot would play {advice.symbol} here.")

    def load_upload(self) -> None:
        files = self.upload.value
        if not files:
            return
        content = bytes(files[0]["content"]).decode("utf-8", errors="replace")
        try:
            game = load_game(Record.from_json(content))
        except RecordError as exc:
            raise ValueError(f"That record could not be loaded: {exc}") from None
        self.game = game
        self._human_turns = []
        self.last.value = ""
        self.show()
        self.message.good(f"Loaded the game of seed {game.seed}: here is how it ended.")

    def show(self) -> None:
        game = self.game
        if game.is_over:
            totals = game.score().totals
            self.status.value = (
                f"<b>Game over.</b> NS {totals['NS']}, EW {totals['EW']}. "
                "Start a new game, or download this one's record below."
            )
        else:
            seat = str(game.turn)
            suit = game.trump(seat)
            self.status.value = (
                f"Deal {game.deal_number + 1} of {DEALS}, trick {len(game.tricks[-1]) + 1} of "
                f"{TRICKS_PER_DEAL} · "
                f"<b>{seat} to play</b> (trump {render.suit_span(suit)})"
            )
        seats = list(play_order(game.trick_leader, game.seats, len(game.trick)))
        self.trick.value = (
            "<p>Trick so far: "
            + (render.card_row(game.trick, notes=seats) if game.trick else "—")
            + "</p>"
        )
        self.hand.children = self._hand_buttons()
        self.undo.disabled = not self._human_turns
        self.hint.disabled = game.is_over
        self.table.value = render.calypsos_and_score(game)
        self.download.value = self._download_link()
        self.message.clear()

    def _hand_buttons(self) -> list[w.Button]:
        game = self.game
        if game.is_over:
            return []
        seat = str(game.turn)
        buttons = card_buttons(game.hand(seat), set(game.legal_plays()), self.guard(self.play))
        return [w.HTML(f"<b>{seat}'s hand:</b>"), *buttons]

    def _download_link(self) -> str:
        if not self.game.is_over:
            return (
                '<span class="calypso-muted">The record can be downloaded once the game ends.'
                "</span>"
            )
        record = calypso_record([self.game], seed=self.game.seed)
        data = base64.b64encode(record.to_json(indent=1).encode()).decode()
        name = f"calypso-seed-{self.game.seed}.json"
        return (
            f'<a download="{escape(name)}" href="data:application/json;base64,{data}">'
            f"⬇ Download the game record ({escape(name)})</a>"
        )
