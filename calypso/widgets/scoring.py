"""Scoring: a calculator for one side, and the full score of a simulated game. Each keeps what
it shows in the page address (keys ``score`` and ``report``: a :class:`ScoreLink` and a
:class:`ReportLink`), so a link reproduces it.

>>> calculator = ScoreCalculator()
>>> calculator.completed["N"].value = 2
>>> calculator.side.total, calculator.link.value
(1250, '2.0.0.0.0')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import ipywidgets as w

from calypso.drawing import charts, partnership
from calypso.engine.limits import SEEDS, OutOfRange
from calypso.i18n import N_, _, seat_name
from calypso.partnership.bots import make_players
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS, Game
from calypso.partnership.history import trick_steps
from calypso.partnership.scoring import SideScore, score_side
from calypso.widgets.base import Field, Panel, number_box, range_words, seed_box, stale
from calypso.widgets.link import PageLink

SIDE = "NS"
SIDE_TRUMPS = {seat: DEFAULT_TRUMPS[SEATS.index(seat)] for seat in ("N", "S")}
"""The calculator's side, North–South, and their default personal trumps."""


@dataclass(frozen=True)
class ScoreLink:
    """What a link to the score calculator holds (key ``score``): North's completed calypsos
    and cards in progress, South's, and the side's pile cards, joined by dots. Any whole number
    of up to four digits, so that the calculator can say which the rules do not allow.

    >>> ScoreLink.from_link("2.5.1.3.40")
    ScoreLink(north=(2, 5), south=(1, 3), pile=40)
    >>> ScoreLink((2, 0), (0, 0), 0).to_link()
    '2.0.0.0.0'
    >>> ScoreLink.from_link("2.5")
    Traceback (most recent call last):
    ...
    ValueError: That link does not hold five numbers to score, so this starts at 0.
    """

    north: tuple[int, int]
    south: tuple[int, int]
    pile: int

    @property
    def numbers(self) -> tuple[int, ...]:
        """The five numbers in the order the link holds them."""
        return (*self.north, *self.south, self.pile)

    def to_link(self) -> str:
        return ".".join(str(n) for n in self.numbers)

    @classmethod
    def from_link(cls, text: str) -> ScoreLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        numbers = text.split(".")
        if len(numbers) != 5 or not all(_whole(n) for n in numbers):
            raise ValueError(
                _("That link does not hold five numbers to score, so this starts at 0.")
            )
        n_done, n_progress, s_done, s_progress, pile = (int(n) for n in numbers)
        return cls((n_done, n_progress), (s_done, s_progress), pile)


@dataclass(frozen=True)
class ReportLink:
    """What a link to a scored game holds (key ``report``): the game's seed.

    >>> ReportLink.from_link("12"), ReportLink(3).to_link()
    (ReportLink(seed=12), '3')
    >>> ReportLink.from_link("99999999999")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a game, so here is the page's own game.
    """

    seed: int

    def to_link(self) -> str:
        return str(self.seed)

    @classmethod
    def from_link(cls, text: str) -> ReportLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        low, high = SEEDS
        if not (text.isdigit() and low <= int(text) <= high):
            raise ValueError(_("That link does not name a game, so here is the page's own game."))
        return cls(int(text))


def _box(description: str) -> w.DOMWidget:
    """A number box of the calculator, its label as wide as the longest in either language
    (Hungarian „Észak: befejezetlen").

    >>> _box("N: in progress").style.description_width
    '12em'
    """
    return number_box(description, width="18em", label_width="12em")


class ScoreCalculator(Panel):
    """Score one side (North and South) from calypsos, cards in progress and the pile.

    A number the rules do not allow is marked where it was typed, with a note in plain words,
    and the breakdown is greyed until it is put right. The page address (key ``score``) holds
    the five numbers in the order they are asked (:class:`ScoreLink`).
    """

    WORDS: ClassVar[dict[str, tuple[str, str]]] = {
        "completed calypsos": (
            N_("completed calypsos"),
            N_("one player completes 0 to 4 in a game"),
        ),
        "cards in progress": (N_("cards in progress"), N_("a calypso in progress has 0 to 12")),
        "pile cards": (N_("pile cards"), N_("the whole pack is 208 cards")),
    }
    """For each number the engine checks: what it counts, and what the rules allow (English
    message ids, worded when shown)."""

    def __init__(self, link: str = "score") -> None:
        self.completed = {
            seat: _box(_("{seat}: calypsos").format(seat=seat_name(seat))) for seat in SIDE_TRUMPS
        }
        self.in_progress = {
            seat: _box(_("{seat}: in progress").format(seat=seat_name(seat)))
            for seat in SIDE_TRUMPS
        }
        self.pile = _box(_("side's pile"))
        self.fields = {
            **{("completed calypsos", s): Field(b) for s, b in self.completed.items()},
            **{("cards in progress", s): Field(b) for s, b in self.in_progress.items()},
            ("pile cards", SIDE): Field(self.pile),
        }
        self.breakdown = w.HTML()
        self.link = PageLink(key=link)
        self.side: SideScore = self._score()
        for box in self.boxes:
            box.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        rows = [
            w.HBox(
                [self.fields["completed calypsos", s], self.fields["cards in progress", s]],
                layout=w.Layout(flex_flow="row wrap"),
            )
            for s in SIDE_TRUMPS
        ]
        title = _("Score calculator ({north}–{south})").format(
            north=seat_name("N", full=True), south=seat_name("S", full=True)
        )
        super().__init__(
            title,
            [*rows, self.fields["pile cards", SIDE], self.breakdown, self.link],
        )
        self.update()

    @property
    def boxes(self) -> list[w.DOMWidget]:
        """The five number boxes in the order a link holds them."""
        return [
            *(
                box
                for seat in SIDE_TRUMPS
                for box in (self.completed[seat], self.in_progress[seat])
            ),
            self.pile,
        ]

    def open_link(self, text: str) -> None:
        """Show the five numbers a link holds (see :attr:`boxes`), even those the rules do not
        allow, so the note about them shows too; a link that holds no such numbers starts from
        zero, and says so."""
        try:
            link = ScoreLink.from_link(text)
        except ValueError:
            for box in self.boxes:
                box.value = 0
            raise
        for box, number in zip(self.boxes, link.numbers, strict=True):
            box.value = number

    def _score(self) -> SideScore:
        players = [
            (seat, trump, self.completed[seat].value, self.in_progress[seat].value)
            for seat, trump in SIDE_TRUMPS.items()
        ]
        return score_side(SIDE, players, self.pile.value)

    def update(self) -> None:
        for field in self.fields.values():
            field.fine()
        north, south = ((self.completed[s].value, self.in_progress[s].value) for s in SIDE_TRUMPS)
        self.link.value = ScoreLink(north, south, self.pile.value).to_link()
        try:
            self.side = self._score()
        except OutOfRange as error:
            noun, limits = self.WORDS[error.what]
            self.fields[error.what, error.who].problem(range_words(error, _(noun), _(limits)))
            stale(self.breakdown, True)
            return
        stale(self.breakdown, False)
        self.breakdown.value = partnership.side_breakdown(self.side)
        self.message.clear()


def _whole(text: str) -> bool:
    """A link's number: a whole number of one to four digits, perhaps negative."""
    return text.removeprefix("-").isdigit() and len(text.removeprefix("-")) <= 4


class GameReport(Panel):
    """A game played by the greedy bots: its score sheet and everyone's calypso progress. The
    page address (key ``report``) holds the game's seed (:class:`ReportLink`)."""

    def __init__(self, seed: int = 3, link: str = "report") -> None:
        self.seed = seed_box(seed, _("game seed"))
        self.sheet = w.HTML()
        self.chart = w.HTML()
        self.game = Game(seed)
        self.link = PageLink(key=link)
        self._first_seed = seed
        self.seed.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        parts = [self.seed, self.sheet, self.chart, self.link]
        super().__init__(_("A whole game, scored"), parts)
        self.update()

    def open_link(self, text: str) -> None:
        """Show the game of the seed a link holds; a link that holds none shows the page's own
        game, and says so."""
        try:
            self.seed.value = ReportLink.from_link(text).seed
        except ValueError:
            self.seed.value = self._first_seed
            raise

    def update(self) -> None:
        game = Game(self.seed.value)
        game.play_out(make_players("greedy", self.seed.value))
        self.game = game
        self.link.value = ReportLink(self.seed.value).to_link()
        steps = trick_steps(game)
        series = {seat: [0] + [step.seats[seat].progress for step in steps] for seat in SEATS}
        self.sheet.value = partnership.score_sheet(game.score())
        said = _(
            "{title} (13 per completed calypso plus the run in progress), after every trick:"
        ).format(title="<b>" + _("Cards collected towards calypsos") + "</b>")
        chart = charts.progress_chart(series, {seat: game.trump(seat) for seat in SEATS})
        self.chart.value = f"<p>{said}</p>{chart}"
        self.message.clear()
