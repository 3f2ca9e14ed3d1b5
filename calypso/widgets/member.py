"""Which class a student's browser answers for, so that exercise stars reach the live board and
every page plays under the class's house rule.

Under the classroom server (``make serve CLASS=…``), the quiz remembers in the browser the class
code and name the student answered under (:meth:`ClassMember.join`); the exercises of every
chapter read them back (:attr:`ClassMember.member`) and send each star earned to the teacher's
board. A class's link that carries a house rule (:class:`~calypso.lessons.house.HouseRule`, the
desk's choice) has the browser keep it with the class code (:meth:`ClassMember.keep_rule`), on any
site: every widget that reads :attr:`ClassMember.house_rule` then plays under it. The values
stay in the browser's ``localStorage`` (key ``calypso-class``) and go nowhere but this page's
kernel and that classroom server.

>>> member = ClassMember()
>>> member.join("ROOM12", "Ann")  # sent to the page; nothing happens without one
>>> member.member
{'code': 'ROOM12', 'name': 'Ann'}
>>> member.who(), member.house_rule.standard
(('ROOM12', 'Ann'), True)
>>> member.keep_rule("ROOM12", HouseRule.from_text("w0"))
>>> member.member["rule"], member.house_rule.to_text()
('w0', 'w0')
>>> house_html(HouseRule()), "ruff beats" in house_html(member.house_rule)
('', True)
>>> as_written_html(HouseRule(), IDEAS_AS_WRITTEN), "as written" in as_written_html(
...     member.house_rule, IDEAS_AS_WRITTEN
... )
('', True)
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import anywidget
import ipywidgets as w
import traitlets as t

from calypso.classroom.board import DatabaseError, class_board
from calypso.i18n import N_, _
from calypso.lessons.house import HouseRule
from calypso.widgets.assets import STATIC


class ClassMember(anywidget.AnyWidget):
    """The class code, name and house rule this browser answers for, read from and written to
    the page."""

    _esm = STATIC / "member.js"

    member: t.Dict[str, Any] = t.Dict().tag(sync=True)
    """``{"code", "name", "rule"}`` as the browser holds them, each left out when it holds none
    (no ``rule``: the standard rule)."""
    note = t.Unicode("").tag(sync=True)
    """A line shown to the student (empty: nothing shown)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = class_board()
        """The classroom server's live board, None elsewhere."""
        self.observe(lambda _change: self._say_where_stars_go(), "member")

    def join(self, code: str, name: str) -> None:
        """Remember in the browser that this student answers for class ``code`` as ``name``
        (both as the board stored them); the class's house rule stays if it is this class's."""
        kept = {"rule": self.member["rule"]} if self._rule_of(code) else {}
        self.member = {"code": code, "name": name, **kept}
        self.send({"type": "join", "code": code, "name": name})

    def keep_rule(self, code: str, rule: HouseRule) -> None:
        """A class's link was opened: remember in the browser that class ``code`` plays under
        ``rule`` (the standard rule: no house rule). The name stays if it is this class's."""
        name = self.member.get("name")
        kept = {"name": name} if self.member.get("code") == code and isinstance(name, str) else {}
        house = {} if rule.standard else {"rule": rule.to_text()}
        self.member = {"code": code, **kept, **house}
        self.send({"type": "rule", "code": code, "rule": rule.to_text()})

    def _rule_of(self, code: str) -> bool:
        return self.member.get("code") == code and isinstance(self.member.get("rule"), str)

    @property
    def house_rule(self) -> HouseRule:
        """The house rule of the class this browser holds (the standard rule when it holds
        none, or anything else)."""
        text = self.member.get("rule")
        try:
            return HouseRule.from_text(text) if isinstance(text, str) else HouseRule()
        except ValueError:
            return HouseRule()

    def on_rule(self, callback: Callable[[HouseRule], object]) -> None:
        """Call ``callback(rule)`` whenever the house rule the browser holds changes (as the
        page first reports it, or another tab opens another class's link)."""

        def changed(change: dict[str, Any]) -> None:
            old, new = change["old"].get("rule"), change["new"].get("rule")
            if old != new:
                callback(self.house_rule)

        self.observe(changed, "member")

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


class HouseLine(w.HTML):
    """Where a page says which rule it plays under (:func:`house_html`,
    :func:`as_written_html`): hidden while it has nothing to say, so that it takes no room.

    >>> line = HouseLine()
    >>> line.layout.display
    'none'
    >>> line.say(house_html(HouseRule.from_text("w0")))
    >>> line.layout.display is None, "House rule" in line.value
    (True, True)
    """

    def __init__(self) -> None:
        super().__init__(layout=w.Layout(display="none"))

    def say(self, html: str, shown: bool = True) -> None:
        """Show ``html`` (nothing: hide the line), unless not ``shown``."""
        self.value = html
        self.layout.display = None if html and shown else "none"


def house_html(rule: HouseRule) -> str:
    """The line a page shows where the learner sees a class's house ``rule`` at work (its
    :meth:`~calypso.lessons.house.HouseRule.words`), or nothing for the standard rule."""
    if rule.standard:
        return ""
    return f'<p class="calypso-house-rule" data-house-rule>{escape(rule.words())}</p>'


IDEAS_AS_WRITTEN = N_(
    "These positions keep the rules as written: the solver proved each idea on them under those "
    "rules, so your class's house rule does not apply here."
)


def as_written_html(rule: HouseRule, message: str) -> str:
    """The line a section that keeps the rules as written shows when the class plays under a
    house ``rule``: ``message`` (a catalog message) in the page's language; nothing for the
    standard rule."""
    if rule.standard:
        return ""
    return f'<p class="calypso-muted" data-house-rule>{escape(_(message))}</p>'
