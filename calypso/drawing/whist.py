"""The whist cousins drawn: one trick on three tables, Collett Whist's special rounds.

>>> "calypso-table" in special_rounds({1: ("N", "no trump")})
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from calypso.drawing.faces import table
from calypso.i18n import (
    _,
    seat_name,
)
from calypso.lessons.glossary import rule_link
from calypso.words.tricks import explain

if TYPE_CHECKING:
    from calypso.engine.tricks import TrickResult


def trick_in_games(games: Sequence[tuple[str, str, Sequence[str], TrickResult, str]]) -> str:
    """One trick as several games decide it: per game its trumps, the winner, the ruling (by
    the id each game reports it under) and the engine's sentence."""
    rows = [
        [
            f"<b>{escape(_(name))}</b><br><small>{trumps}</small>",
            f"<b>{winner}</b> ({rule_link(rule)})<br><small>{escape(said)}</small>",
        ]
        for name, trumps, seats, r, rule in games
        for said, winner in [(explain(r), seat_name(seats[r.winner]))]
    ]
    attrs = [f'data-game="{escape(name)}"' for name, *_ in games]
    return table(rows, [_("game"), _("winner")], row_attrs=attrs)


def special_rounds(special: Mapping[int, tuple[str, str]]) -> str:
    """The rounds of a game that differ from the rest: number, name and what changes (the name
    and what changes are English message ids, worded here)."""
    rows = [[str(n), escape(_(name)), escape(_(what))] for n, (name, what) in special.items()]
    return table(rows, [_("round"), _("name"), _("what changes")])
