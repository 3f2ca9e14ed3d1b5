"""Auction Calypso: comparing bids, the contract calculator, a table to watch or join, and
where the cards go between hands.

>>> compare = BidComparer()
>>> compare.first.value, compare.second.value = "170S", "170C"
>>> "170♠ outranks 170♣" in compare.verdict.value
True
"""

from __future__ import annotations

import random
from functools import partial
from html import escape
from typing import ClassVar

import ipywidgets as w

from calypso import render
from calypso.auction import (
    MAX_CALYPSOS,
    MIN_POINTS_WITHOUT_CALYPSOS,
    MULTIPLIERS,
    BadBid,
    Bid,
    Call,
    CallKind,
    calypso_bonus,
    parse_bid,
    score_contract,
)
from calypso.auction.bots import AuctionBot, auction_bots
from calypso.auction.game import SEATS_BY_PLAYERS, SETUPS, AuctionGame, Phase
from calypso.cards import SUITS, Card, Suit
from calypso.limits import OutOfRange
from calypso.table import play_order
from calypso.widgets.base import (
    Field,
    Panel,
    button,
    card_buttons,
    number_box,
    range_words,
    seed_box,
    stale,
    suit_dropdown,
)

WATCH = "watch"


BID_WORDS = {
    "form": "“{text}” is not a bid: write points and a suit letter, like 170C, or calypsos, "
    "a plus sign, points and a suit, like 1+20S.",
    "step": "“{text}” is not a bid: points go in tens (170, 180, ...).",
    "minimum": "“{text}” is too low: a bid with no calypsos needs at least "
    f"{MIN_POINTS_WITHOUT_CALYPSOS} points.",
    "calypsos": f"“{{text}}” asks too much: a bid names 0 to {MAX_CALYPSOS} calypsos.",
}
"""Why a typed bid cannot be made, in a learner's words, by the engine's reason."""


class BidComparer(Panel):
    """Type two bids and see which one outranks the other, and why (A4).

    A bid that cannot be made is marked where it was typed, with a note saying why, and the
    comparison is greyed until it is put right.
    """

    def __init__(self, first: str = "270S", second: str = "1+20S") -> None:
        self.first = w.Text(value=first, description="Bid A", layout=w.Layout(width="14em"))
        self.second = w.Text(value=second, description="Bid B", layout=w.Layout(width="14em"))
        self.fields = [Field(self.first), Field(self.second)]
        self.verdict = w.HTML()
        for box in (self.first, self.second):
            box.observe(self.guard(lambda _: self.update()), "value")
        super().__init__(
            "Which bid is higher?",
            [w.HBox(self.fields, layout=w.Layout(flex_flow="row wrap")), self.verdict],
        )
        self.update()

    def _read(self, field: Field) -> Bid | None:
        field.fine()
        try:
            return parse_bid(field.control.value)
        except BadBid as error:
            field.problem(BID_WORDS[error.reason].format(text=field.control.value.strip()))
            return None

    def update(self) -> None:
        a, b = (self._read(field) for field in self.fields)
        stale(self.verdict, a is None or b is None)
        if a is None or b is None:
            return
        if a == b:
            text = f"{a.symbol} and {b.symbol} are the same bid: neither outranks the other."
        else:
            high, low = (a, b) if a.outranks(b) else (b, a)
            text = f"{high.symbol} outranks {low.symbol}: {high.outranks(low)}."
        self.verdict.value = (
            f'<p class="calypso-verdict" style="font-size:1.1em">{escape(text)}</p>'
        )
        self.message.clear()


_int_box = partial(number_box, width="17em", label_width="11em")


class ContractCalculator(Panel):
    """Declarer's score for a hand, with selling and doubling shown line by line (A7).

    A number the rules do not allow is marked where it was typed, with a note in plain words,
    and the score is greyed until it is put right.
    """

    WORDS: ClassVar[dict[str, tuple[str, str]]] = {
        "bid calypsos": ("bid calypsos", f"a bid names 0 to {MAX_CALYPSOS} calypsos"),
        "trickpile": (
            "trickpile cards",
            "a hand deals 51 cards to three players, 52 to four, so a trickpile holds at most that",
        ),
        "cards in progress": ("cards in progress", "a calypso in progress has 0 to 12"),
        "cards needed": ("cards needed", "a calypso needs 1 to 13 more cards"),
        "completed calypsos": ("completed calypsos", f"a hand completes 0 to {MAX_CALYPSOS}"),
    }
    """For each number the engine checks: what it counts, and what the rules allow."""

    def __init__(self) -> None:
        self.points = _int_box("bid points", 240, step=10)
        self.calypsos = _int_box("bid calypsos", 0)
        self.trickpile = _int_box("trickpile cards", 19)
        self.in_progress = _int_box("cards in progress", 5)
        self.needed = _int_box("needed at the start", 8)
        self.completed = _int_box("calypsos completed", 0)
        self.doubled = w.ToggleButtons(
            options=[("undoubled", 0), ("doubled", 1), ("redoubled", 2)],
            value=0,
            style={"button_width": "7em"},
        )
        self.fields = {
            "bid points": Field(self.points),
            "bid calypsos": Field(self.calypsos),
            "trickpile": Field(self.trickpile),
            "cards in progress": Field(self.in_progress),
            "cards needed": Field(self.needed),
            "completed calypsos": Field(self.completed),
        }
        self.result = w.HTML()
        self.score = score_contract(240, 0, 19, 5, 8, 0)
        for box in (*(f.control for f in self.fields.values()), self.doubled):
            box.observe(self.guard(lambda _: self.update()), "value")
        grid = w.GridBox(
            list(self.fields.values()),
            layout=w.Layout(grid_template_columns="repeat(auto-fill, minmax(18em, 1fr))"),
        )
        super().__init__("Contract calculator", [grid, self.doubled, self.result])
        self.update()

    def update(self) -> None:
        for field in self.fields.values():
            field.fine()
        try:
            self.score = score_contract(
                self.points.value,
                self.calypsos.value,
                self.trickpile.value,
                self.in_progress.value,
                self.needed.value,
                self.completed.value,
                self.doubled.value,
            )
        except OutOfRange as error:
            noun, limits = self.WORDS[error.what]
            self.fields[error.what].problem(range_words(error, noun, limits))
            stale(self.result, True)
            return
        except BadBid as error:
            self.fields["bid points"].problem(
                BID_WORDS[error.reason].format(text=f"{self.points.value} points")
            )
            stale(self.result, True)
            return
        stale(self.result, False)
        score = self.score
        steps = [f"Card points: {self.trickpile.value} trickpile cards × 10 = {score.card_points}."]
        if not score.calypsos_made:
            steps.append(
                f"Only {self.completed.value} of {self.calypsos.value} bid calypso(s) "
                "completed: the contract fails, and nothing may be sold."
            )
        elif score.short:
            steps.append(
                f"{score.short} points short of the bid: selling {score.to_sell}"
                f" card(s) at 20 each would close the gap; {self.in_progress.value} are "
                "in progress to sell."
            )
        else:
            steps.append("The card points reach the bid: nothing needs selling.")
        steps.append(
            f"The bid points count × {MULTIPLIERS[self.doubled.value]} ({self.doubled.label})."
        )
        self.result.value = render.contract_score(score, steps)
        self.message.clear()


class BonusTable(Panel):
    """The calypso bonus, 40 + 10n² for n cards still needed, as a table and a chart (A7)."""

    def __init__(self) -> None:
        bonuses = {n: calypso_bonus(n) for n in range(1, 14)}
        table = render.bonus_table(bonuses)
        chart = render.bar_chart(
            {str(n): b for n, b in bonuses.items()},
            title="Calypso bonus by cards still needed at the start of the hand",
        )
        super().__init__("The calypso bonus", [w.HTML(table + chart)])


class AuctionTable(Panel):
    """Watch bots bid and play a hand call by call, or take a seat and join in."""

    def __init__(
        self, seed: int = 1, players: int = 3, seat: str = WATCH, setup: str = "balanced"
    ) -> None:
        self.players = w.ToggleButtons(
            options=[("three", 3), ("four", 4)],
            value=players,
            description="Players",
            style={"button_width": "5em"},
        )
        self._syncing = False
        self.seat = w.Dropdown(
            options=[WATCH, *SEATS_BY_PLAYERS[players]],
            value=seat,
            description="You",
            layout=w.Layout(width="11em"),
        )
        self.setup = w.Dropdown(
            options=SETUPS, value=setup, description="Setup", layout=w.Layout(width="13em")
        )
        self.seed = seed_box(seed, "deal seed")
        self.new = button("New hand", icon="play")
        self.step = button("Next move", icon="step-forward")
        self.finish = button("Play out the hand", icon="fast-forward")
        self.bid_calypsos = w.Dropdown(
            options=list(range(MAX_CALYPSOS + 1)),
            value=0,
            description="calypsos",
            layout=w.Layout(width="10em"),
        )
        self.bid_points = number_box(
            "points", 170, low=0, high=990, step=10, width="10em", label_width=None
        )
        self.bid_suit = w.ToggleButtons(
            options=[(s.symbol, s.letter) for s in SUITS], style={"button_width": "2.5em"}
        )
        self.bid = button("Bid")
        self.pass_ = button("Pass")
        self.double = button("Double")
        self.redouble = button("Redouble")
        self.trump_choice = w.HBox()
        self.status = w.HTML()
        self.calls = w.HTML()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.table = w.HTML()
        self.game = AuctionGame(players, seed, setup=setup, hands=3 if players == 3 else 1)
        self.bots = auction_bots(players, seed)
        self.seed.observe(self.guard(lambda _: self.new_hand()), "value")
        self.players.observe(self.guard(lambda _: self._players_changed()), "value")
        self.setup.observe(self.guard(lambda _: self.new_hand()), "value")
        self.seat.observe(self.guard(lambda _: self.new_hand()), "value")
        self.new.on_click(self.guard(lambda _: self.new_hand()))
        self.step.on_click(self.guard(lambda _: self.advance(1)))
        self.finish.on_click(self.guard(lambda _: self.advance(10_000)))
        self.bid.on_click(
            self.guard(lambda _: self.human_call(Call(CallKind.BID, self._composed())))
        )
        self.pass_.on_click(self.guard(lambda _: self.human_call(Call(CallKind.PASS))))
        self.double.on_click(self.guard(lambda _: self.human_call(Call(CallKind.DOUBLE))))
        self.redouble.on_click(self.guard(lambda _: self.human_call(Call(CallKind.REDOUBLE))))
        self.bidding = w.HBox(
            [
                self.bid_calypsos,
                self.bid_points,
                self.bid_suit,
                self.bid,
                self.pass_,
                self.double,
                self.redouble,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls = w.HBox(
            [self.players, self.seat, self.setup, self.seed], layout=w.Layout(flex_flow="row wrap")
        )
        actions = w.HBox([self.new, self.step, self.finish])
        super().__init__(
            "An auction hand",
            [
                controls,
                actions,
                self.status,
                self.calls,
                self.bidding,
                self.trump_choice,
                self.hand,
                self.table,
            ],
        )
        self.new_hand()

    # -- the hand ------------------------------------------------------------------------------

    def _players_changed(self) -> None:
        seats = SEATS_BY_PLAYERS[self.players.value]
        keep = self.seat.value if self.seat.value in seats else WATCH
        self._syncing = True
        try:
            self.seat.options = [WATCH, *seats]
            self.seat.value = keep
        finally:
            self._syncing = False
        self.new_hand()

    @property
    def human(self) -> str | None:
        return None if self.seat.value == WATCH else str(self.seat.value)

    def new_hand(self) -> None:
        """Deal a fresh hand for the settings shown; the bots move until it is your turn."""
        if self._syncing:
            return
        players = self.players.value
        self.game = AuctionGame(
            players, self.seed.value, setup=self.setup.value, hands=3 if players == 3 else 1
        )
        self.bots = auction_bots(players, self.seed.value)
        if self.human is not None:
            self._bots_move(until_human=True)
        self.show()

    def _hand_over(self) -> bool:
        """The table plays one hand: the first of the game."""
        return bool(self.game.history)

    def _bots_move(self, *, until_human: bool, limit: int = 10_000) -> None:
        moves = 0
        while not self._hand_over() and moves < limit:
            if until_human and self.game.turn == self.human:
                return
            self.bots[self.game.index(str(self.game.turn))].act(self.game)
            moves += 1

    def advance(self, moves: int) -> None:
        """Let the bots make the next ``moves`` moves (stopping at your turn or the hand's end)."""
        if self._hand_over():
            raise ValueError("this hand is over: deal a new hand")
        if self.game.turn == self.human:
            raise ValueError("it is your turn: make your call or play a card")
        self._bots_move(until_human=True, limit=moves)
        self.show()

    def _composed(self) -> Bid:
        return Bid(self.bid_calypsos.value, self.bid_points.value, Suit.parse(self.bid_suit.value))

    def human_call(self, call: Call) -> None:
        self._your_turn(Phase.AUCTION)
        self.game.call(call)
        self._bots_move(until_human=True)
        self.show()

    def human_trumps(self, choice: dict[str, str]) -> None:
        self._your_turn(Phase.TRUMPS)
        self.game.choose_trumps(choice)
        self._bots_move(until_human=True)
        self.show()

    def human_card(self, card: Card) -> None:
        self._your_turn(Phase.PLAY)
        self.game.play(card)
        self._bots_move(until_human=True)
        self.show()

    def _your_turn(self, phase: Phase) -> None:
        if self._hand_over() or self.game.turn != self.human or self.game.phase is not phase:
            raise ValueError("it is not your turn for that")

    # -- drawing -------------------------------------------------------------------------------

    def show(self) -> None:
        game = self.game
        record = game.history[0] if self._hand_over() else game.hand_record
        self.calls.value = render.auction_calls(game.seats, record.calls)
        yours = self.human is not None and game.turn == self.human and not self._hand_over()
        self.bidding.layout.display = None if yours and game.phase is Phase.AUCTION else "none"
        self.trump_choice.children = (
            self._trump_controls() if (yours and game.phase is Phase.TRUMPS) else ()
        )
        self.step.disabled = self.finish.disabled = self._hand_over() or yours
        self.hand.children = self._hand_buttons() if not self._hand_over() else ()
        self.status.value = self._status()
        self.table.value = self._calypsos_table()
        self.message.clear()

    def _status(self) -> str:
        game = self.game
        if self._hand_over():
            hand = game.history[0]
            scores = ", ".join(f"{k} {v:+d}" for k, v in hand.scores.items())
            if hand.contract is None:
                return f"<p><b>Misère hand over.</b> Scores: {scores}.</p>"
            cs = hand.contract_score
            sold = " ".join(c.symbol for c in hand.sold)
            made = "made" if cs is not None and cs.made else "failed"
            return (
                f"<p><b>Hand over: {game.seats[hand.contract.declarer]}'s "
                f"{hand.contract.bid.symbol} {made}</b>"
                + (f", selling {sold}" if sold else "")
                + f". Scores: {scores}.</p>"
            )
        contract = game.auction.contract
        lines = [f"<b>{game.phase.value.title()}</b>: {game.turn} to move."]
        if game.phase is Phase.PLAY:
            trumps = ", ".join(
                f"{s} {t.symbol if t is not None else '(no trump)'}"
                for s, t in zip(game.seats, game.trumps, strict=True)
            )
            what = (
                f"{contract.bid.symbol} by {game.seats[contract.declarer]}"
                if contract
                else "misère"
            )
            lines.append(f"Contract: {what}. Trumps: {trumps}.")
            trick = game.trick
            if trick:
                notes = list(play_order(game.trick_leader, game.seats, len(trick)))
                lines.append("Trick: " + render.card_row(trick, notes=notes))
        return "<p>" + "<br>".join(lines) + "</p>"

    def _trump_controls(self) -> tuple[w.Widget, ...]:
        game = self.game
        contract = game.auction.contract
        assert contract is not None
        suggestion = AuctionBot(random.Random(0)).trumps(game)
        free = game.suits_to_give()
        pickers = {seat: suit_dropdown(seat, free, suit) for seat, suit in suggestion.items()}
        give = button("Give these trumps")
        give.on_click(
            self.guard(
                lambda _: self.human_trumps({seat: str(p.value) for seat, p in pickers.items()})
            )
        )
        note = w.HTML(f"You won with {contract.bid.symbol}: give every other player a suit.")
        return (note, *pickers.values(), give)

    def _hand_buttons(self) -> tuple[w.Widget, ...]:
        game = self.game
        seat = self.human or str(game.turn)
        if game.phase is not Phase.PLAY:
            return (w.HTML(f"<b>{seat}'s hand:</b> {render.card_row(game.hand(seat))}"),)
        yours = seat == self.human and game.turn == seat
        playable = set(game.legal_plays()) if yours else set()
        buttons = card_buttons(game.hand(seat), playable, self.guard(self.human_card))
        return (w.HTML(f"<b>{seat}'s hand:</b>"), *buttons)

    def _calypsos_table(self) -> str:
        game = self.game
        return render.auction_calypsos(
            {seat: {s: game.calypso(seat, s).cards() for s in SUITS} for seat in game.seats},
            {seat: len(game.trickpile(seat)) for seat in game.seats},
        )


class CardFlow(Panel):
    """Where the 208 cards are at the start of each hand of a game played by the bots (A9)."""

    def __init__(self, seed: int = 2, players: int = 3) -> None:
        self.seed = seed_box(seed, "game seed")
        self.hand_slider = w.IntSlider(
            value=1, min=1, max=6, description="Hand", continuous_update=False
        )
        self.view = w.HTML()
        self.snapshots: list[tuple[dict[str, int], list[Card]]] = []
        self._players = players
        self.seed.observe(self.guard(lambda _: self.replay()), "value")
        self.hand_slider.observe(self.guard(lambda _: self.show()), "value")
        super().__init__(
            "The cards between hands", [w.HBox([self.seed, self.hand_slider]), self.view]
        )
        self.replay()

    def replay(self) -> None:
        game = AuctionGame(self._players, self.seed.value, hands=6)
        bots = auction_bots(self._players, self.seed.value)
        self.snapshots = []
        seen = -1
        while not game.is_over:
            if len(game.history) != seen:
                seen = len(game.history)
                counts = {place: sum(c.values()) for place, c in game.places().items()}
                self.snapshots.append((counts, sorted(game.sin_bin)))
            bots[game.index(str(game.turn))].act(game)
        self.show()

    def show(self) -> None:
        counts, sin_bin = self.snapshots[self.hand_slider.value - 1]
        self.view.value = (
            f"<p>At the start of hand {self.hand_slider.value}, after the deal:</p>"
            + render.places_bar(counts)
            + (
                "<p>Sitting out this hand in the sin-bin (last hand's trickpiles and sales):</p>"
                f'<div style="max-height:9em;overflow:auto">{render.card_row(sin_bin)}</div>'
                if sin_bin
                else "<p>The sin-bin is empty before the first hand.</p>"
            )
        )
        self.message.clear()
