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
from html import escape

import ipywidgets as w

from calypso import render
from calypso.bots import GreedyBot, greedy_reason, make_players
from calypso.cards import Card, parse_card
from calypso.game import DEALS, SEATS, TRICKS_PER_DEAL, Game
from calypso.match import calypso_record
from calypso.table import play_order
from calypso.tricks import resolve_trick
from calypso.widgets.base import Panel, button, seed_box, uploaded_game
from calypso.widgets.cardtable import CardTable, reasons
from calypso.widgets.link import PageLink

ALL_SEATS = "all four"
NEXT = "n"
"""In a link's list of moves: *Next trick* pressed."""


class PlayTable(Panel):
    """A table where you play one seat, or every seat, with legal cards outlined."""

    def __init__(self, seed: int = 1, seat: str = "S") -> None:
        self.game = Game(seed)
        self.moves: list[str] = []
        """What you did, in order: the cards you played and ``n`` for *Next trick*."""
        self.loaded = False
        self._seen = 0
        self._hint: Card | None = None
        self._bots = make_players("greedy", seed)
        self._opening = False
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
        self.felt = CardTable(label="The game table", piles=True)
        self.table = w.HTML()
        self.download = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load a record")
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
        super().__init__("Play Calypso", [controls, self.felt, actions, self.table, files])
        self.new_game()

    @property
    def humans(self) -> tuple[str, ...]:
        return SEATS if self.seat.value == ALL_SEATS else (self.seat.value,)

    # -- moves ---------------------------------------------------------------------------------

    def new_game(self) -> None:
        """A fresh game from the seed shown."""
        self._replay([])

    def _seat_changed(self) -> None:
        if not self._opening:
            self.new_game()

    def _replay(self, moves: list[str]) -> None:
        """Start the game of the seed shown and make ``moves`` again (the bots answer as they
        did, having the same seeds)."""
        self.game = Game(self.seed.value)
        self._bots = make_players("greedy", self.seed.value)
        self.moves, self._seen, self._hint, self.loaded = [], 0, None, False
        self._let_bots_play()
        for move in moves:
            if move == NEXT:
                self._next()
            else:
                self._play(parse_card(move))
        self.show()

    def _waiting(self) -> bool:
        """A trick closed since you last played, and a bot would lead the next one: the bots
        wait, so that you can see the trick and its verdict, until *Next trick*."""
        game = self.game
        closed = sum(len(deal) for deal in game.tricks)
        return (
            not game.is_over
            and not game.trick
            and closed > self._seen
            and game.turn not in self.humans
        )

    def _let_bots_play(self) -> None:
        while not self.game.is_over and self.game.turn not in self.humans and not self._waiting():
            self.game.play(self._bots[SEATS.index(str(self.game.turn))].choose(self.game))

    def _play(self, card: Card) -> None:
        if self.game.is_over or self.game.turn not in self.humans:
            raise ValueError("It is not your turn to play.")
        self._seen = sum(len(deal) for deal in self.game.tricks)
        self.game.play(card)
        self.moves.append(str(card))
        self._hint = None
        self._let_bots_play()

    def _next(self) -> None:
        if not self._waiting():
            raise ValueError("There is no finished trick waiting: play on.")
        self._seen = sum(len(deal) for deal in self.game.tricks)
        self.moves.append(NEXT)
        self._let_bots_play()

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat on turn; the bots answer until it is yours again or a trick
        closes."""
        self._play(card)
        self.show()

    def next_trick(self) -> None:
        """Go on after a finished trick: the bots lead and play until your turn."""
        self._next()
        self.show()

    def take_back(self) -> None:
        """Take back your last card (and the bots' answers to it)."""
        cards = [i for i, move in enumerate(self.moves) if move != NEXT]
        if not cards:
            raise ValueError("Nothing to undo: you have not played a card yet.")
        self._replay(self.moves[: cards[-1]])
        self.message.info("Your last card (and the bots' answers) were taken back.")

    def show_hint(self) -> None:
        """Mark the card the greedy player would play, and say why."""
        if self.game.is_over or self.game.turn not in self.humans:
            raise ValueError("There is nothing for you to play just now.")
        self._hint = GreedyBot(random.Random(len(self.game.moves))).choose(self.game)
        self._draw_hand()

    # -- links and records -----------------------------------------------------------------------

    def link_text(self) -> str:
        """Seed, your seat (``all`` for all four), then your moves: what the address holds."""
        seat = "all" if self.seat.value == ALL_SEATS else self.seat.value
        return ".".join([str(self.seed.value), seat, *self.moves])

    def open_link(self, text: str) -> None:
        """Open the game and position a link names."""
        seed, seat, *moves = [*text.split("."), ""] if "." not in text else text.split(".")
        seat = ALL_SEATS if seat == "all" else seat
        if not seed.isdigit() or seat not in self.seat.options:
            raise ValueError("That link does not name a game, so here is a new one.")
        self._opening = True
        try:
            self.seat.value, self.seed.value = seat, int(seed)
        finally:
            self._opening = False
        try:
            self._replay(moves)
        except ValueError:
            self._replay([])
            raise ValueError(
                "That link's moves do not fit this game, so here is its start."
            ) from None

    def load_upload(self) -> None:
        """Open an uploaded game record at its end."""
        game = uploaded_game(self.upload)
        if game is None:
            return
        self.game, self.moves, self.loaded, self._hint = game, [], True, None
        self.show()
        self.message.good(f"Loaded the game of seed {game.seed}: here is how it ended.")

    # -- drawing ---------------------------------------------------------------------------------

    def show(self) -> None:
        game = self.game
        self._draw_felt()
        self.undo.disabled = game.is_over or not any(m != NEXT for m in self.moves)
        self.hint.disabled = game.is_over or game.turn not in self.humans
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
            self.felt.next_label = "Next trick" if self._waiting() else ""
            self.felt.status = self._status()
            self._draw_hand()

    def _draw_trick(self) -> None:
        """The trick in progress with the card winning so far; between tricks, the trick just
        finished with its verdict."""
        game = self.game
        lead = game.options.trump_lead
        if game.trick:
            seats = list(play_order(game.trick_leader, SEATS))
            trumps = [game.trump(s) for s in seats[: len(game.trick)]]
            so_far = resolve_trick(game.trick, trumps, trump_lead=lead)
            self.felt.show_trick(game.trick, seats, trumps, so_far, turn=game.turn)
            return
        done = next((deal[-1] for deal in reversed(game.tricks) if deal), None)
        if done is None:
            self.felt.show_trick([], list(SEATS), turn=game.turn)
            self.felt.mark(leader=game.turn, turn=game.turn)
            return
        trumps = [game.trump(s) for s in done.seats]
        self.felt.show_trick(list(done.cards), list(done.seats), trumps, game.trick_result(done))
        self.felt.mark(leader=done.seats[0], turn=game.turn)

    def _draw_hand(self) -> None:
        game = self.game
        if game.is_over or game.turn not in self.humans:
            seat = self.humans[0] if self.seat.value != ALL_SEATS else None
            cards = game.hand(seat) if seat and not game.is_over else []
            self.felt.show_hand(cards, playable=[], why="wait for your turn")
            return
        seat = str(game.turn)
        hand = game.hand(seat)
        why = reasons(hand, game.trick, game.trump(seat), all_fours=game.options.all_fours)
        hint_why = greedy_reason(game, self._hint) if self._hint is not None else ""
        self.felt.show_hand(
            hand, playable=game.legal_plays(), why=why, hint=self._hint, hint_why=hint_why
        )

    def _status(self) -> str:
        game = self.game
        if game.is_over:
            totals = game.score().totals
            winner = game.score().winner
            result = "a draw" if winner is None else f"{winner} wins"
            return (
                f"Game over: {result}, NS {totals['NS']:,} to EW {totals['EW']:,}. The score "
                "sheet is below."
            )
        where = (
            f"Deal {game.deal_number + 1} of {DEALS}, trick {len(game.tricks[-1]) + 1} of "
            f"{TRICKS_PER_DEAL}"
        )
        if self._waiting():
            return f"{where}: {game.turn} leads next. Press Next trick (or Enter) to go on."
        return f"{where}: your turn, {game.turn}. Play one of the outlined cards."

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
            f'<a class="calypso-button-link" download="{escape(name)}" '
            f'href="data:application/json;base64,{data}">⬇ Download the game record</a> '
            f'<span class="calypso-muted">({escape(name)})</span>'
        )
