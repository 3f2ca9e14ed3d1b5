"""The reasons a learner can give for a card (:class:`calypso.lessons.why.Reason`), on the page: a
choice of the reasons a position offers (:class:`ReasonChoice`), and the sentences that quote
them (:func:`quoted`, :func:`true_reasons_html`). The class deal and the ideas of good play
both ask "why this card?" with them.

>>> from calypso.lessons.why import Reason
>>> quoted(Reason.WINS)
'“This card takes the trick for my side”'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import anywidget
import traitlets as t

from calypso.engine.cards import Card
from calypso.i18n import _, join
from calypso.lessons.why import Question, Reason
from calypso.widgets.assets import STATIC


def quoted(reason: Reason) -> str:
    """A reason in quotation marks, inside a sentence (its own full stop left out)."""
    return _("“{reason}”").format(reason=_(reason.words).rstrip("."))


def true_reasons_html(card: Card, why: Question | None) -> str:
    """The reasons offered that are true of ``card``, quoted, in a sentence."""
    true = [] if why is None else [r for r in why.reasons if r in why.holds.get(card, ())]
    if not true:
        return escape(_("None of the reasons offered is true of it."))
    said = _("What is true of it: {reasons}.")
    return escape(said.format(reasons=join([quoted(r) for r in true])))


class ReasonChoice(anywidget.AnyWidget):
    """The reasons a position offers, as one group of radio buttons under ``legend``
    (``static/reasons.js``): the page sends back the value chosen, ``""`` before any.

    >>> choice = ReasonChoice(legend="Why this card?")
    >>> choice.offer([Reason.WINS, Reason.OWN_LEAD])
    >>> [option["value"] for option in choice.options], choice.value
    (['wins', 'own-lead'], '')
    >>> choice.chosen() is None
    True
    """

    _esm = STATIC / "reasons.js"
    _css = STATIC / "reasons.css"

    legend = t.Unicode("").tag(sync=True)
    options = t.List(t.Dict()).tag(sync=True)
    """``{"value", "label"}`` for each reason offered, in the order offered; none: hidden."""
    value = t.Unicode("").tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)

    def offer(self, reasons: Sequence[Reason]) -> None:
        """Offer ``reasons`` (in the page's language), none chosen yet."""
        with self.hold_sync():
            self.options = [{"value": r.value, "label": _(r.words)} for r in reasons]
            self.value = ""
            self.disabled = False

    def chosen(self) -> Reason | None:
        """The reason chosen, if it is one of those offered."""
        offered = {option["value"] for option in self.options}
        return Reason(self.value) if self.value in offered else None
