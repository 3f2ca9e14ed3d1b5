"""Building calypsos: step through a real game trick by trick, on the card table.

Each step lays one trick on the table, once, with its number, its winner marked, the verdict
beside it and, when it completes a calypso, the news on the felt; under the table, where every
card of it went and how each calypso stands after it. The game is one the greedy bots play from
a seed, or any game record loaded from a file. The seed and the trick shown are in the page
address (key ``build``, a :class:`BuildLink`).

>>> stepper = BuildingStepper(seed=3)
>>> stepper.slider.value = 2
>>> stepper.felt.status, stepper.link.value
('Deal 1, trick 2', '3.2')
>>> stepper.view.value.count("data-card")  # the trick's cards are on the felt only
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from calypso.drawing import faces, partnership
from calypso.engine.cards import Card
from calypso.i18n import _, card_text, join, seat_name
from calypso.partnership.bots import make_players
from calypso.partnership.game import DEALS, SEATS, TRICKS_PER_DEAL, Game
from calypso.partnership.history import TrickStep, trick_steps
from calypso.widgets.base import Panel, button, seed_box, uploaded_game
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.words.partnership import destinations


@dataclass(frozen=True)
class BuildLink:
    """What a link to the stepper holds (key ``build``): the game's seed and the trick shown
    (1 is the first of the game), joined by a dot.

    >>> BuildLink.from_link("3.14")
    BuildLink(seed=3, trick=14)
    >>> BuildLink(3, 2).to_link()
    '3.2'
    >>> BuildLink.from_link("3")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a trick of a game: here is the first.
    """

    seed: int
    trick: int

    def to_link(self) -> str:
        return f"{self.seed}.{self.trick}"

    @classmethod
    def from_link(cls, text: str) -> BuildLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        seed, _dot, trick = text.partition(".")
        if not (seed.isdigit() and trick.isdigit()):
            raise ValueError(_("That link does not name a trick of a game: here is the first."))
        return cls(int(seed), int(trick))


class BuildingStepper(Panel):
    """A whole game, played by the greedy bots or loaded from a record, one trick at a time."""

    def __init__(self, seed: int = 3) -> None:
        self.steps: list[TrickStep] = []
        self.game = Game(seed)
        self.loaded = False
        self.seed = seed_box(seed, _("game seed"))
        self.previous = button(_("Previous"), icon="step-backward")
        self.next = button(_("Next"), icon="step-forward")
        self.next_completion = button(_("Next completed calypso"), icon="trophy")
        self.slider = w.IntSlider(
            value=1,
            min=1,
            max=DEALS * TRICKS_PER_DEAL,
            description=_("Trick"),
            continuous_update=False,
            layout=w.Layout(width="28em", max_width="100%"),
        )
        self.felt = CardTable(label=_("The trick"), next_label=_("Next trick"))
        self.view = w.HTML()
        self.upload = w.FileUpload(
            accept=".json", multiple=False, description=_("Step through a record")
        )
        self.link = PageLink(key="build")
        self.seed.observe(self.guard(lambda _: self.new_game()), "value")
        self.slider.observe(self.guard(lambda _: self.show()), "value")
        self.previous.on_click(self.guard(lambda _: self.move(-1)))
        self.next.on_click(self.guard(lambda _: self.move(1)))
        self.next_completion.on_click(self.guard(lambda _: self.jump_to_completion()))
        self.felt.on_next(self.guard(lambda: self.move(1)))
        self.upload.observe(self.guard(lambda _: self.load_upload()), "value")
        self.link.on_open(self.guard(self.open_link))
        controls = w.HBox(
            [self.previous, self.next, self.slider, self.next_completion],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        files = w.HBox([self.upload, self.link], layout=w.Layout(flex_flow="row wrap"))
        parts = [self.seed, controls, self.felt, self.view, files]
        super().__init__(_("Step through a game"), parts)
        self.new_game()

    @property
    def step(self) -> TrickStep:
        return self.steps[int(self.slider.value) - 1]

    def new_game(self) -> None:
        """The bots' game of the seed shown, at its first trick."""
        game = Game(self.seed.value)
        game.play_out(make_players("greedy", self.seed.value))
        self._set_game(game, loaded=False)

    def _set_game(self, game: Game, *, loaded: bool) -> None:
        self.game, self.loaded = game, loaded
        self.steps = trick_steps(game)
        self.slider.max = max(len(self.steps), 1)
        if self.slider.value == 1:
            self.show()
        self.slider.value = 1

    def load_upload(self) -> None:
        """Step through an uploaded game record from its first trick."""
        game = uploaded_game(self.upload)
        if game is None:
            return
        self._set_game(game, loaded=True)
        self.message.good(
            _("Loaded the game of seed {seed}: here is its first trick.").format(seed=game.seed)
        )

    def open_link(self, text: str) -> None:
        """Open the game and trick a link names (:class:`BuildLink`)."""
        link = BuildLink.from_link(text)
        self.seed.value = link.seed
        self.slider.value = min(max(link.trick, 1), len(self.steps))

    def move(self, by: int) -> None:
        self.slider.value = min(max(self.slider.value + by, 1), len(self.steps))

    def jump_to_completion(self) -> None:
        later = [i for i in range(self.slider.value, len(self.steps)) if self.steps[i].completed]
        if not later:
            self.message.info(_("No calypso is completed after this trick in this game."))
            return
        self.slider.value = later[0] + 1

    def show(self) -> None:
        step = self.step
        trick = step.trick
        trumps = dict(zip(SEATS, self.game.options.trumps, strict=True))
        last = self.slider.value == len(self.steps)
        with self.felt.hold_sync():
            self.felt.set_table(SEATS, trumps, bottom="S", partners=True)
            self.felt.show_trick(
                list(trick.cards),
                list(trick.seats),
                [trumps[s] for s in trick.seats],
                self.game.trick_result(trick),
            )
            if step.completed:
                self.felt.give_feedback(completion_news(step.completed), right=True)
            self.felt.next_label = "" if last else _("Next trick")
            self.felt.status = _("Deal {deal}, trick {trick}").format(
                deal=step.deal, trick=step.number
            )
        self.view.value = step_html(step)
        self.previous.disabled = self.slider.value == 1
        self.next.disabled = last
        here = BuildLink(self.seed.value, self.slider.value)
        self.link.value = "" if self.loaded else here.to_link()
        self.message.clear()


def completion_news(seats: Sequence[str]) -> str:
    """What the felt says when a trick completes calypsos (C6).

    >>> completion_news(["E"]).split("!")[0], completion_news(["N", "S"]).split("!")[0]
    ('E completed a calypso', 'N and S each completed a calypso')
    """
    names = join([seat_name(seat) for seat in seats])
    if len(seats) > 1:
        return _(
            "{seats} each completed a calypso! Any spare cards of their suit from this trick, "
            "one of each rank, start the next one."
        ).format(seats=names)
    return _(
        "{seat} completed a calypso! Any spare cards of their suit from this trick, one of each "
        "rank, start the next one."
    ).format(seat=names)


def went(step: TrickStep) -> str:
    """Where the trick's cards went, grouped by where, in a sentence.

    >>> from calypso import Game, make_players
    >>> from calypso.partnership.history import trick_steps
    >>> game = Game(seed=3)
    >>> _ = game.play_out(make_players("greedy", seed=3))
    >>> text = went(trick_steps(game)[0])
    >>> text.startswith("Where the cards went: "), text.endswith(" → N's calypso."), text.count("(")
    (True, True, 4)
    """
    places: dict[str, list[tuple[str, Card]]] = {}
    for seat, card, place in zip(
        step.trick.seats, step.trick.cards, destinations(step.places), strict=True
    ):
        places.setdefault(place, []).append((seat, card))
    parts = []
    for place, cards in places.items():
        named = [
            _("{card} ({seat}'s)").format(
                card=f'<b style="color:{faces.suit_colour(card.suit)}">{card_text(card)}</b>',
                seat=seat_name(seat),
            )
            for seat, card in cards
        ]
        parts.append(f"{join(named)} → {escape(place, quote=False)}")
    return _("Where the cards went: {places}.").format(places="; ".join(parts))


def step_html(step: TrickStep) -> str:
    """Under the felt: where the trick's cards went, each calypso after it, and the piles."""
    return f'<div class="calypso-step"><p>{went(step)}</p>{partnership.calypsos_after(step)}</div>'
