"""Building calypsos: step through a real game trick by trick.

>>> stepper = BuildingStepper(seed=3)
>>> stepper.slider.value = 2
>>> "Deal 1, trick 2" in stepper.view.value
True
"""

from __future__ import annotations

import ipywidgets as w

from calypso import render
from calypso.bots import make_players
from calypso.game import DEALS, TRICKS_PER_DEAL, Game
from calypso.history import TrickStep, trick_steps
from calypso.widgets.base import Panel, button, seed_box


class BuildingStepper(Panel):
    """A whole game played by the greedy bots, shown one trick at a time."""

    def __init__(self, seed: int = 3) -> None:
        self.steps: list[TrickStep] = []
        self.seed = seed_box(seed, "game seed")
        self.previous = button("Previous", icon="step-backward")
        self.next = button("Next", icon="step-forward")
        self.next_completion = button("Next completed calypso", icon="trophy")
        self.slider = w.IntSlider(
            value=1,
            min=1,
            max=DEALS * TRICKS_PER_DEAL,
            description="Trick",
            continuous_update=False,
            layout=w.Layout(width="28em"),
        )
        self.view = w.HTML()
        self.seed.observe(self.guard(lambda _: self.new_game()), "value")
        self.slider.observe(self.guard(lambda _: self.show()), "value")
        self.previous.on_click(self.guard(lambda _: self.move(-1)))
        self.next.on_click(self.guard(lambda _: self.move(1)))
        self.next_completion.on_click(self.guard(lambda _: self.jump_to_completion()))
        controls = w.HBox(
            [self.previous, self.next, self.slider, self.next_completion],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__("Step through a game", [self.seed, controls, self.view])
        self.new_game()

    @property
    def step(self) -> TrickStep:
        return self.steps[int(self.slider.value) - 1]

    def new_game(self) -> None:
        game = Game(self.seed.value)
        game.play_out(make_players("greedy", self.seed.value))
        self.steps = trick_steps(game)
        if self.slider.value == 1:
            self.show()
        self.slider.value = 1

    def move(self, by: int) -> None:
        self.slider.value = min(max(self.slider.value + by, 1), len(self.steps))

    def jump_to_completion(self) -> None:
        later = [i for i in range(self.slider.value, len(self.steps)) if self.steps[i].completed]
        if not later:
            self.message.info("No calypso is completed after this trick in this game.")
            return
        self.slider.value = later[0] + 1

    def show(self) -> None:
        self.view.value = render.trick_step(self.step)
        self.previous.disabled = self.slider.value == 1
        self.next.disabled = self.slider.value == len(self.steps)
        self.message.clear()
