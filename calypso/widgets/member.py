"""Which class a student's browser answers for, so that exercise stars reach the live board.

Under the classroom server (``make serve CLASS=…``), the quiz remembers in the browser the class
code and name the student answered under (:meth:`ClassMember.join`); the exercises of every
chapter read them back (:attr:`ClassMember.member`) and send each star earned to the teacher's
board. The two values stay in the browser's ``localStorage`` (key ``calypso-class``) and go
nowhere but that classroom server. On plain ``make serve`` and the static site nothing is kept.

>>> member = ClassMember()
>>> member.join("ROOM12", "Ann")  # sent to the page; nothing happens without one
>>> member.member
{'code': 'ROOM12', 'name': 'Ann'}
>>> member.who()
('ROOM12', 'Ann')
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets as t

from calypso.board import DatabaseError, class_board
from calypso.i18n import _
from calypso.widgets.cardtable import STATIC


class ClassMember(anywidget.AnyWidget):
    """The class code and name this browser answers for, read from and written to the page."""

    _esm = STATIC / "member.js"

    member: t.Dict[str, Any] = t.Dict().tag(sync=True)
    """``{"code", "name"}`` as the browser holds them (empty when it holds none)."""
    note = t.Unicode("").tag(sync=True)
    """A line shown to the student (empty: nothing shown)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = class_board()
        """The classroom server's live board, None elsewhere."""
        self.observe(lambda _change: self._say_where_stars_go(), "member")

    def join(self, code: str, name: str) -> None:
        """Remember in the browser that this student answers for class ``code`` as ``name``
        (both as the board stored them)."""
        self.member = {"code": code, "name": name}
        self.send({"type": "join", **self.member})

    def who(self) -> tuple[str, str] | None:
        """``(class code, name)`` if the browser holds both, else None."""
        code, name = self.member.get("code"), self.member.get("name")
        if isinstance(code, str) and isinstance(name, str) and code and name:
            return code, name
        return None

    def send_stars(self, stage: str, exercise: int, stars: int) -> None:
        """Under the classroom server, send the ``stars`` earned at ``exercise`` (1 is the
        first) of ``stage`` to the class's live board, which keeps each exercise's best; the
        note says so when the board did not get them."""
        who = self.who()
        if self.board is None or who is None:
            return
        try:
            self.board.record_stars(*who, stage, exercise, stars)
        except (ValueError, OSError, DatabaseError):
            self.note = _("Your teacher's live board did not get these stars.")

    def _say_where_stars_go(self) -> None:
        who = self.who()
        self.note = (
            _(
                "Your stars also go to your teacher's live board, for class {code} as {name}."
            ).format(code=who[0], name=who[1])
            if self.board is not None and who is not None
            else ""
        )
