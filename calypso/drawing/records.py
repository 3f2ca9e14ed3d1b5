"""A game record drawn: what it holds, in a table.

>>> from calypso.engine.simulate import simulate
>>> "calypso-table" in record_summary(simulate("calypso", seed=1))
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from calypso.drawing.faces import table
from calypso.i18n import (
    _,
    seat_name,
)

if TYPE_CHECKING:
    from calypso.engine.record import Record


def record_summary(record: Record) -> str:
    """A game record in brief: the final scores, and a row per deal with its scores."""
    scorers = list(record.final_scores)
    rows = [
        [str(i + 1), str(d.dealer), str(len(d.tricks)), *(str(d.score.get(s, "")) for s in scorers)]
        for i, d in enumerate(record.deals)
    ]
    final = ", ".join(f"{seat_name(k)} {v}" for k, v in record.final_scores.items())
    said = _("{game}, seed {seed}: final {scores}").format(
        game=escape(record.game), seed=record.seed, scores=final
    )
    headings = [_("deal"), _("dealer"), _("tricks"), *(seat_name(s) for s in scorers)]
    return f"<p>{said}</p>" + table(rows, headings)
