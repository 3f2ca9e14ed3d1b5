"""Calypso's cousins' scores: calculators for Call Bridge's calls (B5) and Collett Whist's
rounds (W6), with the sliders in the page address, and Collett Whist's eighteen rounds.

>>> scoring = WhistScoring()
>>> scoring.cb_call.value, scoring.cb_tricks.value = 8, 9
>>> scoring.link.value
'8.9.5.2.2'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from html import escape

import ipywidgets as w

from calypso.drawing import charts, whist
from calypso.engine.games import find_game
from calypso.i18n import _, ngettext, number
from calypso.whist import call_bridge, collett_whist
from calypso.whist.engine import CallTime
from calypso.widgets.base import Panel, number_box
from calypso.widgets.cousintricks import game_heading
from calypso.widgets.link import PageLink


@dataclass(frozen=True)
class ScoresLink:
    """What a link to the scoring calculators holds: Call Bridge's call and tricks, then
    Collett Whist's round, call and tricks.

    >>> ScoresLink.from_link("8.9.3.2.2").values, ScoresLink((4, 5, 5, 2, 2)).to_link()
    ((8, 9, 3, 2, 2), '4.5.5.2.2')
    >>> ScoresLink.from_link("8.9")
    Traceback (most recent call last):
    ...
    ValueError: bad scores '8.9'
    """

    values: tuple[int, int, int, int, int]

    def to_link(self) -> str:
        return ".".join(str(value) for value in self.values)

    @classmethod
    def from_link(cls, text: str) -> ScoresLink:
        """Read a link's text; anything else raises ``ValueError``."""
        numbers = text.split(".")
        if len(numbers) != 5 or not all(n.isdigit() for n in numbers):
            raise ValueError(f"bad scores {text!r}")
        a, b, c, d, e = (int(n) for n in numbers)
        return cls((a, b, c, d, e))


_slider = partial(number_box, slider=True, width="min(22em, 100%)", label_width="6.5em")


def _score_line(points: int, kind: str) -> str:
    """A score with what it was scored for: ``+14 points (at least the call)``."""
    text = ngettext("{score} point", "{score} points", abs(points)).format(
        score=f'<b data-score="{points}">{number(points, sign=True)}</b>'
    )
    return f"<p>{text} <small>({escape(kind)})</small></p>"


class WhistScoring(Panel):
    """Calculators for Call Bridge's calls (B5) and Collett Whist's rounds (W6). The page
    address (key ``scores``) holds the five sliders, Call Bridge's then Collett Whist's, in
    the order they are shown: ``4.5.5.2.2``."""

    def __init__(self, link: str = "scores") -> None:
        self.cb_call = _slider(_("call"), 4, low=call_bridge.CALLS[0], high=call_bridge.CALLS[1])
        self.cb_tricks = _slider(_("tricks"), 5, low=0, high=call_bridge.TRICKS)
        self.cw_round = _slider(_("round"), 5, low=1, high=collett_whist.ROUNDS)
        cards = collett_whist.cards_in_round(self.cw_round.value)
        self.cw_call = _slider(_("call"), 2, low=0, high=cards)
        self.cw_tricks = _slider(_("tricks"), 2, low=0, high=cards)
        self.cb_score = w.HTML()
        self.cw_score = w.HTML()
        self.link = PageLink(key=link)
        self.sliders = (self.cb_call, self.cb_tricks, self.cw_round, self.cw_call, self.cw_tricks)
        """The five sliders in the order a link holds them."""
        self._first = tuple(slider.value for slider in self.sliders)
        for control in self.sliders:
            control.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        column = w.Layout(flex="1 1 18em", min_width="0")  # side by side, or stacked on a phone
        call_bridge_box = w.VBox(
            [
                game_heading(_(find_game("call-bridge").title)),
                self.cb_call,
                self.cb_tricks,
                self.cb_score,
            ],
            layout=column,
        )
        collett_box = w.VBox(
            [
                game_heading(_(find_game("collett-whist").title)),
                self.cw_round,
                self.cw_call,
                self.cw_tricks,
                self.cw_score,
            ],
            layout=column,
        )
        super().__init__(
            _("Scoring calculators"),
            [
                w.HBox([call_bridge_box, collett_box], layout=w.Layout(flex_flow="row wrap")),
                self.link,
            ],
        )
        self.update()

    def open_link(self, text: str) -> None:
        """Set the sliders a link holds; a link that holds values a slider cannot take sets
        them as the page first showed them, and says so."""
        try:
            values = list(ScoresLink.from_link(text).values)
        except ValueError:
            values = []
        fine = self._fits(values)
        for slider, value in zip(self.sliders, values if fine else self._first, strict=True):
            slider.value = value
        if not fine:
            raise ValueError(
                _("That link does not hold scores to show, so here are the first ones.")
            )

    def _fits(self, values: list[int]) -> bool:
        """Whether each slider can take its value, Collett Whist's call and tricks within the
        cards of the round (W2)."""
        if len(values) != len(self.sliders) or not 1 <= values[2] <= collett_whist.ROUNDS:
            return False
        cards = collett_whist.cards_in_round(values[2])
        highs = [slider.max for slider in self.sliders[:3]] + [cards, cards]
        lows = [slider.min for slider in self.sliders]
        return all(lo <= v <= hi for lo, v, hi in zip(lows, values, highs, strict=True))

    def update(self) -> None:
        bid, tricks = self.cb_call.value, self.cb_tricks.value
        points = call_bridge.score_call(bid, tricks)
        bonus = call_bridge.is_bonus_call(bid)
        kind = _("a bonus call: exactly the call or one more") if bonus else _("at least the call")
        self.cb_score.value = _score_line(points, kind)
        number = self.cw_round.value
        cards = collett_whist.cards_in_round(number)
        for slider in (self.cw_call, self.cw_tricks):
            slider.max = cards
        no_calls = collett_whist.round_plan(number).calls is CallTime.NONE
        self.cw_call.disabled = no_calls
        score = collett_whist.score_round(
            number, None if no_calls else self.cw_call.value, self.cw_tricks.value
        )
        special = collett_whist.SPECIAL.get(number)
        name = _(special[0]) if special is not None else ""
        label = _("round {number}: {cards} card(s)").format(number=number, cards=cards) + (
            f", {name}" if name else ""
        )
        self.cw_score.value = _score_line(score, label)
        a, b, c, d, e = (slider.value for slider in self.sliders)
        self.link.value = ScoresLink((a, b, c, d, e)).to_link()
        self.message.clear()


class RoundsChart(Panel):
    """Collett Whist's eighteen rounds: cards dealt in each, and the four special ones."""

    def __init__(self) -> None:
        counts = {
            str(n): collett_whist.cards_in_round(n) for n in range(1, collett_whist.ROUNDS + 1)
        }
        chart = charts.bar_chart(counts, title=_("Cards dealt to each player, round by round"))
        table = whist.special_rounds(collett_whist.SPECIAL)
        super().__init__(_("Collett Whist's eighteen rounds"), [w.HTML(chart + table)])
