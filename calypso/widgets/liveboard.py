"""The classroom server's live board on the teacher's desk: every student of one class, their
answers, stars and misses as they arrive, and a CSV of it all.

:class:`ClassBoard` reads :class:`calypso.classroom.board.Board` with the teacher's key and redraws
itself every few seconds, as :mod:`calypso.widgets.boardview` draws it.

>>> board = ClassBoard(refresh=0)
>>> board.code.value
'CLASS-1'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from html import escape

import ipywidgets as w

from calypso.classroom.board import class_board
from calypso.classroom.classview import ClassView
from calypso.i18n import _
from calypso.lessons.house import HouseRule
from calypso.lessons.quiz import normalise_code
from calypso.widgets.base import Panel, button
from calypso.widgets.boardview import board_html, csv_download, off_words
from calypso.widgets.desk import ClassSetup, DeskMemory


class ClassBoard(Panel):
    """The classroom server's live board for one class, read with the teacher's key: every
    student from the moment they start the quiz, their progress and misses as they answer, their
    stars per chapter, the misses by ruling (each with its words) and the puzzles that stand out
    as missed (:func:`board_html`); it refreshes itself every ``refresh`` seconds (0: only on
    *Refresh*) and can clear the class.

    Given the page's ``setup``, the board shows the class set up there and follows it; a code
    typed into the board's own box shows another class on purpose, until the setup's code
    changes. A line says which class is shown. The browser keeps the key the board last
    accepted and gives it back when the page is drawn again (*Forget the class and key*, after
    asking, clears what it keeps).

    >>> setup = ClassSetup(code="ROOM12")
    >>> board = ClassBoard(setup=setup, refresh=0)
    >>> setup.code.value = "room7"
    >>> board.code.value
    'ROOM7'
    """

    def __init__(
        self, code: str = "CLASS-1", refresh: float = 5, setup: ClassSetup | None = None
    ) -> None:
        self.board = class_board()
        self.setup = setup
        self.code = w.Text(
            value=code if setup is None else normalise_or_same(setup.code.value),
            description=_("Class shown"),
            continuous_update=False,
            layout=w.Layout(width="16em", max_width="100%"),
            style={"description_width": "initial"},
        )
        self.key = w.Password(
            description=_("Teacher key"),
            layout=w.Layout(width="22em", max_width="100%"),
            style={"description_width": "initial"},
        )
        self.show_button = button(_("Show the class"), icon="users")
        self.refresh_button = button(_("Refresh"), icon="refresh")
        self.clear = button(_("Clear this class"), icon="trash")
        self.confirm = w.HBox(
            [
                w.HTML(
                    escape(_("Delete every answer and star of this class? This cannot be undone."))
                ),
                button(_("Yes, clear it")),
                button(_("No")),
            ]
        )
        self.confirm.layout.display = "none"
        self.forget = button(_("Forget the class and key"), icon="eraser")
        asked = _("Forget the class and the teacher key that this browser keeps for the desk?")
        self.confirm_forget = w.HBox(
            [w.HTML(escape(asked)), button(_("Yes, forget them")), button(_("No"))],
            layout=w.Layout(flex_flow="row wrap", align_items="center", display="none"),
        )
        self.shown = w.HTML()
        self.view = w.HTML(off_words() if self.board is None else "")
        self.csv = w.HTML()
        self.memory = DeskMemory()
        self.refresh = refresh
        self._live = False
        self._shown: list[Callable[[ClassView], object]] = []
        self.show_button.on_click(self.guard(lambda _: self.show()))
        self.refresh_button.on_click(self.guard(lambda _: self.show()))
        self.clear.on_click(lambda _: setattr(self.confirm.layout, "display", None))
        yes, no = self.confirm.children[1:]
        yes.on_click(self.guard(lambda _: self.clear_class()))
        no.on_click(lambda _: setattr(self.confirm.layout, "display", "none"))
        self.forget.on_click(lambda _: setattr(self.confirm_forget.layout, "display", None))
        yes, no = self.confirm_forget.children[1:]
        yes.on_click(self.guard(lambda _: self.forget_desk()))
        no.on_click(lambda _: setattr(self.confirm_forget.layout, "display", "none"))
        self.code.observe(self.guard(lambda _: self.switch()), "value")
        if setup is not None:
            setup.code.observe(self.guard(lambda _: self.follow()), "value")
        self.memory.on_report(self.guard(self.recall))
        controls = [self.code, self.key, self.show_button, self.refresh_button, self.clear]
        forgetting = [w.HBox([self.forget]), self.confirm_forget, self.memory]
        children = (
            [self.view, *forgetting]
            if self.board is None
            else [
                self.shown,
                w.HBox(controls, layout=w.Layout(flex_flow="row wrap")),
                self.confirm,
                self.view,
                self.csv,
                *forgetting,
            ]
        )
        super().__init__(_("Live class board"), children)
        self.say_shown()

    def follow(self) -> None:
        """The setup's class code changed: the board shows that class. A code the setup
        refuses (it says why) leaves the board as it is."""
        if self.setup is not None:
            try:
                self.code.value = normalise_code(self.setup.code.value)
            except ValueError:
                return
            self.say_shown()  # the class shown may be the same, now the one set up

    def switch(self) -> None:
        """Another class to show: say which, and show it straight away if a key is typed."""
        self.say_shown()
        self.view.value = self.csv.value = ""
        if self.key.value:
            self.show()

    def say_shown(self) -> None:
        """Say in words which class the board shows, and whether it is the one set up above."""
        shown = normalise_or_same(self.code.value)
        code = f"<b>{escape(shown)}</b>"
        setup = None if self.setup is None else normalise_or_same(self.setup.code.value)
        if setup is None:
            text = _("The board shows class {code}.").format(code=code)
        elif setup == shown:
            text = _("The board shows class {code}, the class set up above.").format(code=code)
        else:
            text = _("The board shows class {code}; the class set up above is {setup}.").format(
                code=code, setup=f"<b>{escape(setup)}</b>"
            )
        self.shown.value = f"<p data-class-shown>{text}</p>"

    def recall(self, held: dict[str, str]) -> None:
        """The key the browser kept comes back into an empty key box, and the class is shown."""
        key = held.get("key", "")
        if key and not self.key.value and self.board is not None:
            self.key.value = key
            self.show()

    def forget_desk(self) -> None:
        """*Yes, forget them*: the browser forgets the class and key; the key box empties and
        the board stops showing the class."""
        self.memory.forget()
        self._live = False
        self.key.value = ""
        self.view.value = self.csv.value = ""
        self.confirm_forget.layout.display = "none"
        self.message.good(_("This browser no longer keeps the class or the teacher key."))

    def show(self) -> None:
        """Read the class from the board (the key decides) and draw it."""
        if self.board is None:
            return
        view = self.board.view(self.code.value, self.key.value)
        sheet = self.board.sheet(self.code.value, self.key.value)
        self.memory.keep("key", self.key.value)
        self.message.clear()
        rule = self._house_rule()
        self.view.value = board_html(view, rule)
        self.csv.value = "" if sheet.empty else csv_download(sheet)
        for callback in self._shown:
            callback(view)
        if self.refresh and not self._live:
            self._live = True
            threading.Thread(target=self._keep_fresh, daemon=True).start()

    def on_show(self, callback: Callable[[ClassView], object]) -> None:
        """Call ``callback`` with the class as the board reads it, each time it is read (a
        button, or the refresh): the class deal's panel follows the board so."""
        self._shown.append(callback)

    def _house_rule(self) -> HouseRule:
        """The class's house rule when the board shows the class set up above (another class's
        rule is not known here: its links open under the rules as written)."""
        setup = self.setup
        if setup is None or normalise_or_same(setup.code.value) != normalise_or_same(
            self.code.value
        ):
            return HouseRule()
        return setup.house_rule

    def clear_class(self) -> None:
        """*Yes, clear it*: delete the class's rows from the board."""
        if self.board is None:
            return
        gone = self.board.clear(self.code.value, self.key.value)
        self.confirm.layout.display = "none"
        self.view.value = self.csv.value = ""
        self.message.good(
            _("Cleared: {count} answers and stars of {code} are gone.").format(
                count=gone, code=self.code.value
            )
        )

    def _keep_fresh(self) -> None:
        while True:
            time.sleep(self.refresh)
            if not self._live:
                return
            try:
                self.show()
            except ValueError:
                self._live = False


def normalise_or_same(code: str) -> str:
    """A class code as the board stores it, or the text itself while it is no class code.

    >>> normalise_or_same(" room7 "), normalise_or_same("no spaces here")
    ('ROOM7', 'no spaces here')
    """
    try:
        return normalise_code(code)
    except ValueError:
        return code.strip()
