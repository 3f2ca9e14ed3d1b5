"""Scoring: a calculator for one side, and the full score of a simulated game.

>>> calculator = ScoreCalculator()
>>> calculator.completed["N"].value = 2
>>> calculator.side.total
1250
"""

from __future__ import annotations

import ipywidgets as w

from calypso import render
from calypso.bots import make_players
from calypso.game import DEFAULT_TRUMPS, SEATS, Game
from calypso.history import trick_steps
from calypso.scoring import SideScore, score_side
from calypso.widgets.base import Panel, number_box, seed_box

SIDE = "NS"
SIDE_TRUMPS = {seat: DEFAULT_TRUMPS[SEATS.index(seat)] for seat in ("N", "S")}
"""The calculator's side, North–South, and their default personal trumps."""


class ScoreCalculator(Panel):
    """Score one side (North and South) from calypsos, cards in progress and the pile."""

    def __init__(self) -> None:
        self.completed = {seat: number_box(f"{seat}: calypsos") for seat in SIDE_TRUMPS}
        self.in_progress = {seat: number_box(f"{seat}: in progress") for seat in SIDE_TRUMPS}
        self.pile = number_box("side's pile")
        self.breakdown = w.HTML()
        self.side: SideScore = self._score()
        for box in (*self.completed.values(), *self.in_progress.values(), self.pile):
            box.observe(self.guard(lambda _: self.update()), "value")
        rows = [w.HBox([self.completed[s], self.in_progress[s]]) for s in SIDE_TRUMPS]
        super().__init__("Score calculator (North–South)", [*rows, self.pile, self.breakdown])
        self.update()

    def _score(self) -> SideScore:
        players = [
            (seat, trump, self.completed[seat].value, self.in_progress[seat].value)
            for seat, trump in SIDE_TRUMPS.items()
        ]
        return score_side(SIDE, players, self.pile.value)

    def update(self) -> None:
        self.side = self._score()
        self.breakdown.value = render.side_breakdown(self.side)
        self.message.clear()


class GameReport(Panel):
    """A game played by the greedy bots: its score sheet and everyone's calypso progress."""

    def __init__(self, seed: int = 3) -> None:
        self.seed = seed_box(seed, "game seed")
        self.sheet = w.HTML()
        self.chart = w.HTML()
        self.game = Game(seed)
        self.seed.observe(self.guard(lambda _: self.update()), "value")
        super().__init__("A whole game, scored", [self.seed, self.sheet, self.chart])
        self.update()

    def update(self) -> None:
        game = Game(self.seed.value)
        game.play_out(make_players("greedy", self.seed.value))
        self.game = game
        steps = trick_steps(game)
        series = {seat: [0] + [step.seats[seat].progress for step in steps] for seat in SEATS}
        self.sheet.value = render.score_sheet(game.score())
        self.chart.value = (
            "<p><b>Cards collected towards calypsos</b> (13 per completed calypso plus the run "
            "in progress), after every trick:</p>"
            + render.progress_chart(series, {seat: game.trump(seat) for seat in SEATS})
        )
        self.message.clear()
