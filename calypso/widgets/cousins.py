"""Calypso's cousins: one trick under three games' rules, Call Bridge's must-overtrump, both
scorings, Collett Whist's schedule, and a round of each against the bots.

South leads 2♠, South's own suit in Calypso and a plain ♠ in the whist games; the A♠ comes
second, from West in the clockwise games and from East in Call Bridge, which plays
counter-clockwise.

>>> three = ThreeRules(leader="S")
>>> three.cards.value = "2S AS KS QS"
>>> [row["winner"] for row in three.rows]
['S', 'E', 'W']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any, ClassVar

import ipywidgets as w

from calypso import render
from calypso.cards import Card, Suit, parse_cards
from calypso.examples import overtrump_situation
from calypso.game import DEFAULT_TRUMPS, SEATS
from calypso.games import find_game
from calypso.table import play_order
from calypso.tricks import IllegalPlay, check_play, resolve_trick
from calypso.whist import call_bridge, collett_whist
from calypso.whist.bots import whist_bots
from calypso.whist.engine import CallTime, Phase, WhistGame
from calypso.widgets.base import Panel, button, card_button, card_buttons, number_box, seed_box
from calypso.widgets.table import SUIT_OPTIONS

NO_TRUMP = "none"


class ThreeRules(Panel):
    """Type a trick once and see who wins it in Calypso, Call Bridge and Collett Whist."""

    def __init__(self, cards: str = "9H 4C 6D 2H", leader: str = "S", trump: str = "D") -> None:
        self.cards = w.Text(value=cards, description="Cards", layout=w.Layout(width="20em"))
        self.leader = w.ToggleButtons(
            options=SEATS, value=leader, description="Leader", style={"button_width": "3em"}
        )
        self.trump = w.Dropdown(
            options=[*SUIT_OPTIONS, ("no trump", NO_TRUMP)],
            value=trump,
            description="Whist trump",
            layout=w.Layout(width="16em"),
            style={"description_width": "6em"},
        )
        self.table = w.HTML()
        self.rows: list[dict[str, Any]] = []
        for control in (self.cards, self.leader, self.trump):
            control.observe(self.guard(lambda _: self.update()), "value")
        super().__init__(
            "One trick, three games", [self.cards, self.leader, self.trump, self.table]
        )
        self.update()

    def update(self) -> None:
        cards = parse_cards(self.cards.value)
        if not 1 <= len(cards) <= len(SEATS):
            raise ValueError(f"bad trick {self.cards.value!r}: expected 1 to {len(SEATS)} cards")
        leader, n = self.leader.value, len(cards)
        # Each game's own seat order: Calypso's seats (and Collett Whist's, named N, E, S, W
        # here) play clockwise, Call Bridge's counter-clockwise.
        clockwise = play_order(leader, SEATS, n)
        bridge = play_order(leader, call_bridge.SEATS, n)
        own = dict(zip(SEATS, DEFAULT_TRUMPS, strict=True))
        whist_trump = None if self.trump.value == NO_TRUMP else Suit.parse(self.trump.value)
        games = [
            (
                "Calypso",
                f"each player's own suit ({', '.join(f'{s} {t.symbol}' for s, t in own.items())})",
                clockwise,
                resolve_trick(cards, [own[s] for s in clockwise]),
            ),
            (
                "Call Bridge",
                f"{call_bridge.TRUMP.symbol} for everyone",
                bridge,
                resolve_trick(cards, trump=call_bridge.TRUMP),
            ),
            (
                "Collett Whist",
                "no trump"
                if whist_trump is None
                else f"{whist_trump.symbol} for everyone (the turned card)",
                clockwise,
                resolve_trick(cards, trump=whist_trump),
            ),
        ]
        self.rows = [
            {"game": g, "trumps": t, "seats": seats, "winner": seats[r.winner], "result": r}
            for g, t, seats, r in games
        ]
        self.table.value = render.trick_in_games(
            [(row["game"], row["trumps"], row["seats"], row["result"]) for row in self.rows]
        )
        self.message.clear()


class OvertrumpTrainer(Panel):
    """Call Bridge's rule for a player who cannot follow suit: beat the spades if you can."""

    def __init__(self, seed: int = 1) -> None:
        self.seed = seed_box(seed, "situation")
        self.again = button("Another situation", icon="refresh")
        self.trick = w.HTML()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.answer = w.HTML()
        self.situation: tuple[list[Card], list[Card]] = ([], [])
        self.seed.observe(self.guard(lambda _: self.show()), "value")
        self.again.on_click(self.guard(lambda _: self._next()))
        super().__init__(
            "Must you beat the spades?",
            [w.HBox([self.seed, self.again]), self.trick, self.hand, self.answer],
        )
        self.show()

    def _next(self) -> None:
        self.seed.value += 1

    def show(self) -> None:
        self.situation = overtrump_situation(random.Random(f"overtrump/{self.seed.value}"))
        hand, trick = self.situation
        self.trick.value = (
            "<p>The trick so far (spades are trumps):</p>"
            + render.card_row(trick)
            + "<p>Your hand: which cards may you play?</p>"
        )
        buttons = []
        for card in hand:
            choice = card_button(card)
            choice.on_click(self.guard(lambda _, c=card: self.try_card(c)))
            buttons.append(choice)
        self.hand.children = buttons
        self.answer.value = ""
        self.message.clear()

    def try_card(self, card: Card) -> None:
        hand, trick = self.situation
        try:
            check_play(hand, trick, card, must_overtrump=call_bridge.VARIANT.must_overtrump)
        except IllegalPlay as refused:
            self.answer.value = (
                f'<p class="calypso-error" data-legal="no">{escape(str(refused))}</p>'
            )
            return
        self.answer.value = (
            f'<p class="calypso-good" data-legal="yes">{card.symbol} may be played.</p>'
        )


_slider = partial(number_box, slider=True, width="22em", label_width="5em")


class WhistScoring(Panel):
    """Calculators for Call Bridge's calls (B5) and Collett Whist's rounds (W6)."""

    def __init__(self) -> None:
        self.cb_call = _slider("call", 4, low=call_bridge.CALLS[0], high=call_bridge.CALLS[1])
        self.cb_tricks = _slider("tricks", 5, low=0, high=call_bridge.TRICKS)
        self.cw_round = _slider("round", 5, low=1, high=collett_whist.ROUNDS)
        cards = collett_whist.cards_in_round(self.cw_round.value)
        self.cw_call = _slider("call", 2, low=0, high=cards)
        self.cw_tricks = _slider("tricks", 2, low=0, high=cards)
        self.cb_score = w.HTML()
        self.cw_score = w.HTML()
        for control in (self.cb_call, self.cb_tricks, self.cw_round, self.cw_call, self.cw_tricks):
            control.observe(self.guard(lambda _: self.update()), "value")
        call_bridge_box = w.VBox(
            [w.HTML("<b>Call Bridge</b>"), self.cb_call, self.cb_tricks, self.cb_score]
        )
        collett_box = w.VBox(
            [
                w.HTML("<b>Collett Whist</b>"),
                self.cw_round,
                self.cw_call,
                self.cw_tricks,
                self.cw_score,
            ]
        )
        super().__init__("Scoring calculators", [w.HBox([call_bridge_box, collett_box])])
        self.update()

    def update(self) -> None:
        bid, tricks = self.cb_call.value, self.cb_tricks.value
        points = call_bridge.score_call(bid, tricks)
        bonus = call_bridge.is_bonus_call(bid)
        kind = "a bonus call: exactly the call or one more" if bonus else "at least the call"
        self.cb_score.value = (
            f'<p><b data-score="{points}">{points:+d}</b> points <small>({kind})</small></p>'
        )
        number = self.cw_round.value
        cards = collett_whist.cards_in_round(number)
        for slider in (self.cw_call, self.cw_tricks):
            slider.max = cards
        no_calls = collett_whist.round_plan(number).calls is CallTime.NONE
        self.cw_call.disabled = no_calls
        score = collett_whist.score_round(
            number, None if no_calls else self.cw_call.value, self.cw_tricks.value
        )
        name = collett_whist.SPECIAL.get(number, ("", ""))[0]
        label = f"round {number}: {cards} card(s)" + (f", {name}" if name else "")
        self.cw_score.value = (
            f'<p><b data-score="{score}">{score:+d}</b> points <small>({label})</small></p>'
        )
        self.message.clear()


class RoundsChart(Panel):
    """Collett Whist's eighteen rounds: cards dealt in each, and the four special ones."""

    def __init__(self) -> None:
        counts = {
            str(n): collett_whist.cards_in_round(n) for n in range(1, collett_whist.ROUNDS + 1)
        }
        chart = render.bar_chart(counts, title="Cards dealt to each player, round by round")
        table = render.special_rounds(collett_whist.SPECIAL)
        super().__init__("Collett Whist's eighteen rounds", [w.HTML(chart + table)])


class WhistTable(Panel):
    """Play one round of Call Bridge or Collett Whist (``game``: its registered name) against
    the bots; Collett Whist starts at ``round_number``."""

    ROUNDS: ClassVar[dict[str, Callable[[int, int], WhistGame]]] = {
        "call-bridge": lambda seed, number: call_bridge.new_game(seed, rounds=1),
        "collett-whist": lambda seed, number: collett_whist.new_game(4, seed, first_round=number),
    }
    """How each game starts the one round this table plays, by registered name."""

    def __init__(self, game: str = "call-bridge", seed: int = 1, round_number: int = 5) -> None:
        self.game_choice = w.ToggleButtons(
            options=[(find_game(name).title, name) for name in self.ROUNDS],
            value=game,
            style={"button_width": "9em"},
        )
        self.seed = seed_box(seed, "deal seed")
        self.round_number = number_box(
            "round", round_number, low=1, high=collett_whist.ROUNDS, width="9em", label_width=None
        )
        self.new = button("New round", icon="play")
        self.call_box = number_box("your call", 2, low=0, high=13, width="11em", label_width=None)
        self.call_button = button("Call")
        self.status = w.HTML()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.last = w.HTML()
        self.game = call_bridge.new_game(seed, rounds=1)
        for control in (self.game_choice, self.seed, self.round_number):
            control.observe(self.guard(lambda _: self.new_round()), "value")
        self.new.on_click(self.guard(lambda _: self.new_round()))
        self.call_button.on_click(self.guard(lambda _: self.human_call(self.call_box.value)))
        self.calling = w.HBox([self.call_box, self.call_button])
        super().__init__(
            "Play a round",
            [
                w.HBox(
                    [self.game_choice, self.seed, self.round_number, self.new],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.status,
                self.calling,
                self.hand,
                self.last,
            ],
        )
        self.new_round()

    @property
    def you(self) -> str:
        return self.game.seats[0]

    def new_round(self) -> None:
        start = self.ROUNDS[self.game_choice.value]
        self.game = start(self.seed.value, self.round_number.value)
        self.round_number.layout.display = None if self.game.variant.numbered_rounds else "none"
        self.bots = whist_bots(self.game.n, self.seed.value)
        self.last.value = ""
        self._bots_move()
        self.show()

    def _over(self) -> bool:
        return bool(self.game.history)

    def _bots_move(self) -> None:
        while not self._over() and self.game.turn != self.you:
            before = len(self.game.current.tricks)
            self.bots[self.game.index(str(self.game.turn))].act(self.game)
            self._note_trick(before)

    def _note_trick(self, before: int) -> None:
        record = self.game.history[0] if self._over() else self.game.current
        if len(record.tricks) > before:
            trick = record.tricks[-1]
            self.last.value = render.trick_explained(record.trick_result(trick), trick)

    def human_call(self, tricks: int) -> None:
        if self._over() or self.game.phase is not Phase.CALLS or self.game.turn != self.you:
            raise ValueError("it is not your turn to call")
        self.game.call(tricks)
        self._bots_move()
        self.show()

    def human_card(self, card: Card) -> None:
        if self._over() or self.game.phase is not Phase.PLAY or self.game.turn != self.you:
            raise ValueError("it is not your turn to play")
        before = len(self.game.current.tricks)
        self.game.play(card)
        self._note_trick(before)
        self._bots_move()
        self.show()

    def show(self) -> None:
        game: WhistGame = self.game
        if self._over():
            played = game.history[0]
            calls = ", ".join(f"{game.seats[p]} {n}" for p, n in sorted(played.calls.items()))
            won = played.tricks_won(game.seats)
            scores = ", ".join(f"{s} {v:+d}" for s, v in played.scores.items())
            self.status.value = (
                f"<p><b>Round over.</b> Calls: {calls or 'nobody calls in this round'}. "
                f"Tricks: {', '.join(f'{s} {n}' for s, n in won.items())}. "
                f"Scores: {scores}.</p>"
            )
            self.calling.layout.display = "none"
            self.hand.children = ()
            return
        low, high = game.call_range()
        self.call_box.min, self.call_box.max = low, high
        trump = "no trump" if game.trump is None else f"trumps {game.trump.symbol}"
        if game.phase is Phase.CALLS and game.plan.calls is not CallTime.AFTER_TRUMP:
            trump = f"trump not known yet ({game.plan.calls.value})"
        calls = ", ".join(f"{game.seats[p]} {n}" for p, n in sorted(game.current.calls.items()))
        trick = render.card_row(game.trick) if game.trick else "—"
        self.status.value = (
            f"<p>{find_game(self.game_choice.value).title}, round {game.plan.number}: "
            f"{game.plan.cards} card(s) each, {trump}. You are {self.you}. "
            f"Calls so far: {calls or 'none'}. Trick: {trick}</p>"
        )
        your_call = game.phase is Phase.CALLS and game.turn == self.you
        self.calling.layout.display = None if your_call else "none"
        playable = set(game.legal_plays()) if game.turn == self.you else set()
        buttons = card_buttons(game.hand(self.you), playable, self.guard(self.human_card))
        self.hand.children = (
            [w.HTML("<b>Your hand:</b>"), *buttons]
            if buttons
            else [w.HTML("<i>The cards are dealt after the calls in this round.</i>")]
        )
        self.message.clear()
