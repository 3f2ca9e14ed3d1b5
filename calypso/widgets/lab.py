"""The strategy lab: run an experiment (:mod:`calypso.lessons.lab`) on seeded games and watch the
answer settle, with its standard error, a progress bar and a chart of the figures.

The experiment, the first seed and the size are in the page address (key ``lab``:
``own-suit.1.50``), so a link opens the same experiment ready to run. The games are played in
small chunks, each followed by a pause in which the page's events are
handled, so the page stays responsive and *Stop* works while an experiment runs (under Voila and
in the static site's Python alike). The same experiment and seed always give the same figures.

>>> lab = Lab()
>>> lab.experiment.value = "calypsos"
>>> lab.size.value = 10
>>> lab.run_all()
>>> lab.run.count, lab.progress.value
(10, 10)
>>> "calypsos completed in a game" in lab.result.value
True
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from html import escape

import ipywidgets as w

from calypso import i18n
from calypso.drawing import charts
from calypso.i18n import _, ngettext
from calypso.lessons.lab import EXPERIMENTS, Run
from calypso.widgets.base import Panel, button, seed_box
from calypso.widgets.link import PageLink

SIZES = (10, 50, 200)
"""How many figures a run may be asked for: game seeds, or duplicate pairs."""
CHUNK_SECONDS = 0.05
"""The pause between chunks, in which the page's events (Stop) are handled."""


class Lab(Panel):
    """Choose an experiment, a seed and a size; run it; read the mean ± standard error."""

    def __init__(self, experiment: str = "own-suit", seed: int = 1) -> None:
        self.experiment = w.Dropdown(
            options=[(_(e.title), key) for key, e in EXPERIMENTS.items()],
            value=experiment,
            description=_("Experiment"),
            style={"description_width": "initial"},
        )
        self.seed = seed_box(seed, _("first game seed"))
        self.size = w.Dropdown(
            options=list(SIZES),
            value=SIZES[0],
            description=_("Games"),
            layout=w.Layout(width="12em"),
        )
        self.go = button(_("Run"), icon="play")
        self.stop = button(_("Stop"), icon="stop")
        self.question = w.HTML()
        self.progress = w.IntProgress(value=0, min=0, max=SIZES[0], description=_("Played"))
        self.result = w.HTML()
        self.link = PageLink(key="lab")
        self.run = Run(experiment, seed)
        self.running = False
        self.task: asyncio.Future[None] | None = None
        self.experiment.observe(self.guard(lambda _: self.reset()), "value")
        self.seed.observe(self.guard(lambda _: self.reset()), "value")
        self.size.observe(self.guard(lambda _: self.reset()), "value")
        self.go.on_click(self.guard(lambda _: self.start()))
        self.stop.on_click(self.guard(lambda _: self.halt()))
        self.link.on_open(self.guard(self.open_link))
        controls = w.HBox(
            [self.experiment, self.seed, self.size], layout=w.Layout(flex_flow="row wrap")
        )
        actions = w.HBox([self.go, self.stop, self.link], layout=w.Layout(flex_flow="row wrap"))
        super().__init__(
            _("The strategy lab"), [controls, self.question, actions, self.progress, self.result]
        )
        self.reset()

    # -- running -------------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget the figures: the experiment, seed and size shown start afresh."""
        self.running = False
        self.run = Run(self.experiment.value, self.seed.value)
        self.show()

    def step(self) -> None:
        """Play one more chunk: one figure (a duplicate pair of the expert's games takes
        seconds), or as many as take a moment."""
        chunk = 1 if self.run.key == "expert" else 5
        self.run = self.run.more(min(chunk, self.size.value - self.run.count))
        self.show()

    def run_all(self) -> None:
        """Play the whole run at once (for a script; the page's button runs it in chunks)."""
        while self.run.count < self.size.value:
            self.step()

    def start(self) -> None:
        """Run the experiment in chunks, the page's events handled between them."""
        if self.run.count >= self.size.value:
            self.run = Run(self.experiment.value, self.seed.value)
        self.running = True
        self.show()
        self.task = asyncio.ensure_future(self._chunks())

    async def _chunks(self) -> None:
        try:
            while self.running and self.run.count < self.size.value:
                self.step()
                await asyncio.sleep(CHUNK_SECONDS)
        except Exception as exc:  # the task has no caller to tell: say it on the page
            self.message.error(str(exc))
        finally:
            self.running = False
            self.show()

    def halt(self) -> None:
        """Stop after the chunk being played; the figures so far stay."""
        self.running = False
        self.show()

    def open_link(self, text: str) -> None:
        """Open the experiment, first seed and size a link names (``own-suit.1.50``)."""
        key, _dot, rest = text.partition(".")
        seed, _dot, size = rest.partition(".")
        if key not in EXPERIMENTS or not seed.isdigit() or size not in map(str, SIZES):
            raise ValueError(_("That link does not name an experiment, so here is the first."))
        self.experiment.value, self.seed.value, self.size.value = key, int(seed), int(size)
        self.reset()

    # -- drawing -------------------------------------------------------------------------------

    def show(self) -> None:
        experiment = self.run.experiment
        self.question.value = f"<p>{escape(_(experiment.question))}</p>"
        self.progress.max = self.size.value
        self.progress.value = self.run.count
        self.go.disabled = self.running
        self.stop.disabled = not self.running
        self.result.value = self._result_html()
        self.link.value = f"{self.run.key}.{self.run.seed}.{self.size.value}"

    def _result_html(self) -> str:
        run = self.run
        if not run.count:
            press = escape(_("Press Run to play the games."))
            return f'<p class="calypso-muted">{press}</p>'
        unit = _(run.experiment.unit)
        played = (
            ngettext("{count} duplicate pair", "{count} duplicate pairs", run.count)
            if run.experiment.pairs
            else ngettext("{count} game", "{count} games", run.count)
        ).format(count=run.count)
        first, last = run.seed, run.seed + run.count - 1
        if math.isnan(run.se):
            figure = _("{mean} {unit}").format(mean=number(run.mean), unit=unit)
            reading = _("One figure has no spread yet: play more.")
        else:
            figure = _("{mean} ± {se} {unit}").format(
                mean=number(run.mean), se=number(run.se), unit=unit
            )
            low, high = run.mean - 2 * run.se, run.mean + 2 * run.se
            reading = _(
                "The true mean very likely lies between {low} and {high} (two standard errors "
                "either side)."
            ).format(low=number(low), high=number(high))
            if run.experiment.pairs and (low > 0 or high < 0):
                reading += " " + _("That range leaves out 0: the difference is real.")
            elif run.experiment.pairs:
                reading += " " + _("That range holds 0: these games cannot tell them apart yet.")
        said = _("After {played} (game seeds {first} to {last}): {figure}.").format(
            played=played, first=first, last=last, figure=figure
        )
        width, bins = _bins(run.values)
        title = (
            _("How often each figure came up")
            if width == 1
            else _("How often each figure came up, in steps of {width}").format(width=number(width))
        )
        chart = charts.bar_chart(bins, title=title, label_width="5em")
        return f"<p><b>{escape(said)}</b></p><p>{escape(reading)}</p>{chart}"


def number(value: float) -> str:
    """A figure as the page writes numbers (:func:`calypso.i18n.number`): whole when it is,
    else to one decimal place (``680.3``; ``680,3`` in Hungarian).

    >>> number(680.25), number(-12.0), number(-0.46), number(1250.5)
    ('680.2', '-12', '-0.5', '1,250.5')
    >>> from calypso.i18n import language
    >>> with language("hu"):
    ...     number(-1250.5) == "\u22121250,5", number(-12500.5) == "\u221212\xa0500,5"
    (True, True)
    """
    rounded = round(value, 1)
    return i18n.number(int(rounded) if rounded == int(rounded) else rounded)


def _bins(values: tuple[float, ...]) -> tuple[float, dict[str, int]]:
    """The step, and the figures counted by value in steps of it (1, 2, 5, 10, 20, ...: wide
    enough for at most a dozen rows), each row named by where its step starts; a dozen
    different figures or fewer are counted each on its own (step 1), with no empty rows.

    >>> _bins((0.0, 100.0, 100.0))
    (1, {'0': 1, '100': 2})
    """
    if len(set(values)) <= 12:
        return 1, {number(v): n for v, n in sorted(Counter(values).items())}
    low, high = min(values), max(values)
    width = 1.0
    while (high - low) / width > 12:
        width *= 2 if str(width).startswith("1") or str(width).startswith("5") else 2.5
    counted = Counter(math.floor(v / width) for v in values)
    first, last = min(counted), max(counted)
    return width, {number(b * width): counted.get(b, 0) for b in range(first, last + 1)}
