"""The teacher's desk: set up a class's quiz, hand its link out, print its sheets.

:class:`ClassSetup` takes a class code, a level and a version (A or B) and gives the students'
link to the class quiz's chapter with that quiz (large, and as a QR code for phones, drawn here
with ``segno``; at the room's address under the classroom server,
:func:`calypso.classroom.board.room_url`), the worksheet, its answer key on a separate page, and a
one-page rules handout. The setup itself is kept in the page address (key ``class``, a
:class:`ClassLink`), so the desk reopens as it was left. The teacher's browser keeps the class set
up last and the teacher key the live board accepted (:class:`DeskMemory`), so a reload, or the desk
opened afresh, finds both again. The live board itself is :mod:`calypso.widgets.liveboard`.

>>> desk = ClassSetup(code="room7", level=2)
>>> desk.students_fragment
'quiz=ROOM7.2.1.A.c'
>>> desk.students_url("http://10.0.0.5:8866/voila/render/teachers-desk.ipynb")
'http://10.0.0.5:8866/voila/render/08-class-quiz.ipynb#quiz=ROOM7.2.1.A.c'
>>> desk.link.value
'ROOM7.2.A'
>>> desk.trump_lead.value = "ruff-wins"
>>> desk.students_fragment, desk.link.value
('quiz=ROOM7.2.1.A.c.w0', 'ROOM7.2.A.w0')
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import anywidget
import ipywidgets as w
import segno
import traitlets as t

from calypso.classroom.board import (
    class_board,
    room_url,
)
from calypso.drawing import printed
from calypso.engine.tricks import CALYPSO_RULES, Rule, TrumpLead
from calypso.i18n import N_, _
from calypso.lessons.examples import WORKED_EXAMPLES, ExampleTrick
from calypso.lessons.house import STANDARD, HouseRule
from calypso.lessons.quiz import LEVELS, VERSIONS, Puzzle, make_quiz, normalise_code
from calypso.widgets.assets import STATIC
from calypso.widgets.base import Field, Panel
from calypso.widgets.link import PageLink
from calypso.widgets.quiz import CHAPTER, QuizLink

THIS_COMPUTER = {"127.0.0.1", "localhost", "::1", "[::1]"}
"""Host names that mean "this computer", which a student's phone cannot reach."""


@dataclass(frozen=True)
class ClassLink:
    """What a link to the desk holds (key ``class``): the class code, the quiz's level and its
    version, joined by dots, and the class's house rule (:class:`~calypso.lessons.house.HouseRule`)
    after them when it is not the standard rule (older links, without it, open as before).

    >>> link = ClassLink.from_link("ROOM7.2.B")
    >>> link.code, link.level, link.version, link.rule.standard
    ('ROOM7', 2, 'B', True)
    >>> ClassLink("ROOM7", 1, "A").to_link()
    'ROOM7.1.A'
    >>> ClassLink.from_link("ROOM7.1.A.w1").rule.words() != ""
    True
    >>> ClassLink.from_link("ROOM7.2")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a class setup, so here is a fresh one.
    """

    code: str
    level: int
    version: str
    rule: HouseRule = STANDARD

    def to_link(self) -> str:
        rule = "" if self.rule.standard else f".{self.rule.to_text()}"
        return f"{self.code}.{self.level}.{self.version}{rule}"

    @classmethod
    def from_link(cls, text: str) -> ClassLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        code, level, version, rule, *more = [*text.split("."), "", "", ""]
        try:
            house = HouseRule.from_text(rule) if rule else HouseRule()
        except ValueError:
            house = None
        fine = level.isdigit() and int(level) in LEVELS and version in VERSIONS
        if not fine or house is None or any(more):
            raise ValueError(_("That link does not name a class setup, so here is a fresh one."))
        return cls(code, int(level), version, house)


def handout_examples(rule: HouseRule = STANDARD) -> list[tuple[Rule, ExampleTrick]]:
    """One worked example for each case of C4 (C4.1 to C4.5), the first the examples give.
    Under a class's house rule of ruff-wins, C4.2's place goes to C5: the first ruffed lead of
    the leader's own suit whose winner C5 changes, decided by C5.

    >>> [r.value for r, _t in handout_examples(HouseRule(TrumpLead.RUFF_WINS))]
    ['C4.1', 'C5.ruff-wins', 'C4.3', 'C4.4', 'C4.5']
    """
    found: dict[Rule, ExampleTrick] = {}
    for example in WORKED_EXAMPLES:
        found.setdefault(example.result().rule, example)
    chosen = [(case, found[case]) for case in CALYPSO_RULES[:5]]
    if rule.trump_lead is not TrumpLead.RUFF_WINS:
        return chosen
    ruffed = [e for e in WORKED_EXAMPLES if e.result().rule is Rule.LEADER_TRUMP_RUFFED]
    ruled = [replace(e, trump_lead=TrumpLead.RUFF_WINS) for e in ruffed]
    changed = [t for t, e in zip(ruled, ruffed, strict=True) if t.winning_seat() != e.winner]
    c5 = (changed or ruled)[0]
    return [
        (c5.result().rule, c5) if case is Rule.LEADER_TRUMP_RUFFED else (case, t)
        for case, t in chosen
    ]


def download(page: str, filename: str, label: str) -> str:
    """A link that saves ``page`` (a whole HTML page) as ``filename``, with no server."""
    data = base64.b64encode(page.encode()).decode()
    return (
        f'<a class="calypso-button-link" download="{escape(filename)}" '
        f'href="data:text/html;base64,{data}">⬇ {escape(label)}</a>'
    )


class DeskMemory(anywidget.AnyWidget):
    """What the teacher's browser keeps for the desk (``localStorage``, key ``calypso-desk``):
    the class set up last (item ``class``, a :class:`ClassLink`'s text) and the teacher key the
    board last accepted (item ``key``). It stays in that browser; only the page's own kernel, on
    the classroom server that printed the key, hears of it. Shows nothing.

    >>> memory = DeskMemory()
    >>> seen = []
    >>> memory.on_report(seen.append)
    >>> memory.keep("class", "ROOM12.1.A")  # not before the page has reported: nothing is sent
    >>> memory.held, memory.ready = {"class": "ROOM12.1.A"}, True  # what the page does
    >>> seen
    [{'class': 'ROOM12.1.A'}]
    """

    _esm = STATIC / "desk.js"

    held = t.Dict(value_trait=t.Unicode()).tag(sync=True)
    """What the browser holds, by item (set by the page when drawn and whenever it changes)."""
    ready = t.Bool(False).tag(sync=True)
    """Set by the page once it has reported what it holds: until then nothing is kept."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[dict[str, str]], object]] = []
        self.observe(self._reported, ["held", "ready"])

    def on_report(self, callback: Callable[[dict[str, str]], object]) -> None:
        """Call ``callback(held)`` each time the page reports what the browser holds."""
        self._callbacks.append(callback)

    def _reported(self, _change: dict[str, Any]) -> None:
        if self.ready:
            for callback in list(self._callbacks):
                callback(dict(self.held))

    def keep(self, item: str, value: str) -> None:
        """Have the browser keep ``value`` as ``item`` (once the page has reported, and only
        when it holds something else)."""
        if self.ready and self.held.get(item) != value:
            self.send({"type": "keep", "item": item, "value": value})

    def forget(self) -> None:
        """Have the browser forget everything it keeps for the desk."""
        self.send({"type": "forget"})


LEAD_WORDS = {
    TrumpLead.RANKED: N_(
        "As the rules are written (C4.2): when a player leads their own trump and others ruff, "
        "the led card and the ruffs compare ranks, and the highest wins."
    ),
    TrumpLead.RUFF_WINS: N_(
        "House rule (C5): when a player leads their own trump and others ruff, the highest ruff "
        "wins, however high the led card."
    ),
}
"""Beside the choice of trick rule: what each choice means, in plain words."""
FOURS_WORDS = {
    False: N_("As the rules are written (C3): a player who holds the suit led must follow it."),
    True: N_(
        "House rule (C5): a player may play their own trump suit at any time, even holding the "
        "suit led; it counts as a ruff."
    ),
}
"""Beside the all-fours switch: what it means, on and off, in plain words."""


class ClassSetup(Panel):
    """A class's quiz: its code, level and version, the class's house rule (C5), the
    students' link, and the sheets."""

    def __init__(
        self,
        code: str = "CLASS-1",
        level: int = 1,
        version: str = "A",
        rule: HouseRule = STANDARD,
    ) -> None:
        self.code = w.Text(
            value=code,
            description=_("Class code"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.code_field = Field(self.code)
        self.level = w.Dropdown(
            options=[(": ".join((str(n), _(name))), n) for n, (name, _rules) in LEVELS.items()],
            value=level,
            description=_("Level"),
            layout=w.Layout(width="100%", max_width="30em"),
        )
        self.version = w.ToggleButtons(
            options=[(_("version {v}").format(v=v), v) for v in VERSIONS], value=version
        )
        self.trump_lead = w.ToggleButtons(
            options=[(_("ranked, as written"), "ranked"), (_("ruff wins"), "ruff-wins")],
            value=rule.trump_lead.value,
            description=_("An own-trump lead that is ruffed"),
            style={"description_width": "initial", "button_width": "11em"},
        )
        self.lead_words = w.HTML()
        self.all_fours = w.Checkbox(
            value=rule.all_fours,
            description=_("All fours: own trump at any time"),
            indent=False,
        )
        self.fours_words = w.HTML()
        heading = escape(_("House rule for the class"))
        house = w.VBox(
            [
                w.HTML(f"<b>{heading}</b>"),
                self.trump_lead,
                self.lead_words,
                self.all_fours,
                self.fours_words,
            ]
        )
        house.add_class("calypso-house-setup")
        self.students = w.HTML()
        self.students.add_class("calypso-students-link")
        self.sheets = w.HTML()
        self.link = PageLink(key="class")
        self.memory = DeskMemory()
        self._recalled = False
        self.puzzles: list[Puzzle] = []
        for control in (self.code, self.level, self.version, self.trump_lead, self.all_fours):
            control.observe(lambda _: self.update(), "value")
        self.link.observe(lambda _: self.update(), "page")
        self.link.on_open(self.open_link)
        self.memory.on_report(self.recall)
        super().__init__(
            _("Class setup"),
            [
                w.HBox(
                    [self.code_field, self.level, self.version],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                house,
                self.students,
                self.sheets,
                self.link,
                self.memory,
            ],
        )
        self.add_class("calypso-desk")
        self.update()

    @property
    def class_code(self) -> str:
        return normalise_code(self.code.value)

    @property
    def house_rule(self) -> HouseRule:
        """The class's house rule, as chosen (the standard rule unless changed)."""
        return HouseRule(TrumpLead(self.trump_lead.value), self.all_fours.value)

    def _set(self, link: ClassLink) -> None:
        """Show the setup ``link`` holds."""
        self.code.value, self.level.value, self.version.value = link.code, link.level, link.version
        self.trump_lead.value = link.rule.trump_lead.value
        self.all_fours.value = link.rule.all_fours

    @property
    def students_fragment(self) -> str:
        """The page-address fragment that opens this quiz's first puzzle, its level and version
        fixed (a class's link)."""
        first = QuizLink(
            self.class_code,
            self.level.value,
            1,
            self.version.value,
            fixed=True,
            rule=self.house_rule,
        )
        return f"quiz={first.to_link()}"

    def students_url(self, page: str, room: str | None = None) -> str:
        """The students' link, made from the address of the page the desk is on: the quiz
        chapter beside it, under Voila (``.ipynb``) or on the static site (``.html``). Given
        the ``room``'s address of the classroom server (:func:`calypso.classroom.board.room_url`),
        the link is at that address, whatever address this page was opened at.

        >>> ClassSetup(code="room7").students_url(
        ...     "http://127.0.0.1:8866/voila/render/teachers-desk.ipynb",
        ...     room="http://192.168.1.23:8866/",
        ... )
        'http://192.168.1.23:8866/voila/render/08-class-quiz.ipynb#quiz=ROOM7.1.1.A.c'
        """
        folder, _sep, name = page.split("#")[0].partition("?")[0].rpartition("/")
        suffix = name[name.rindex(".") :] if "." in name else ""
        url = f"{folder}/{CHAPTER}{suffix}#{self.students_fragment}"
        if room is None:
            return url
        here, there = urlsplit(url), urlsplit(room)
        return urlunsplit((there.scheme, there.netloc, here.path, "", here.fragment))

    def open_link(self, text: str) -> None:
        """Set the desk up as a link left it (:class:`ClassLink`)."""
        try:
            link = ClassLink.from_link(text)
        except ValueError as refused:
            self.message.info(str(refused))
            return
        self._set(link)

    def recall(self, held: dict[str, str]) -> None:
        """What the browser reported it keeps, the first time the page reports: the class set
        up last comes back (unless the page's address names a class), and the browser keeps
        the class shown from then on. Later reports (another tab, a forgetting) change
        nothing here."""
        if self._recalled:
            return
        self._recalled = True
        kept = "" if self.link.opened else held.get("class", "")
        try:
            link = ClassLink.from_link(kept) if kept else None
        except ValueError:
            link = None  # not a setup (the storage was edited by hand): the desk stays as it is
        if link is not None:
            self._set(link)
        if self.link.value:
            self.memory.keep("class", self.link.value)

    def update(self) -> None:
        """Show the students' link and the sheets for the code, level and version chosen."""
        try:
            code = self.class_code
        except ValueError:
            self.code_field.problem(
                _("A class code is 1 to 24 letters, digits or dashes, such as ROOM-7.")
            )
            self.students.value = self.sheets.value = ""
            return
        self.code_field.fine()
        if self.code.value != code:
            self.code.value = code  # shown as everyone's quiz uses it; this updates again
            return
        level, version, rule = self.level.value, self.version.value, self.house_rule
        self.lead_words.value = (
            f'<p class="calypso-muted">{escape(_(LEAD_WORDS[rule.trump_lead]))}</p>'
        )
        self.fours_words.value = (
            f'<p class="calypso-muted">{escape(_(FOURS_WORDS[rule.all_fours]))}</p>'
        )
        self.link.value = ClassLink(code, level, version, rule).to_link()
        self.memory.keep("class", self.link.value)
        self.puzzles = make_quiz(code, level, version=version, rule=rule)
        self.students.value = self._students_html()
        name = _(LEVELS[level][0])
        named = {"code": code, "level": level, "version": version}
        self.sheets.value = (
            "<p>"
            + " ".join(
                [
                    download(
                        printed.worksheet(self.puzzles, code, name, version),
                        _("calypso-quiz-{code}-level{level}-{version}.html").format(**named),
                        _("Worksheet, version {version}").format(version=version),
                    ),
                    download(
                        printed.answer_key(self.puzzles, code, name, version),
                        _("calypso-quiz-{code}-level{level}-{version}-answer-key.html").format(
                            **named
                        ),
                        _("Answer key (for you only)"),
                    ),
                    download(
                        printed.handout(handout_examples(rule)),
                        _("calypso-rules-handout.html"),
                        _("Rules handout (one page)"),
                    ),
                    download(
                        printed.game_sheet(),
                        _("calypso-whole-game.html"),
                        _("The whole game (one page)"),
                    ),
                ]
            )
            + "</p>"
        )

    def _students_html(self) -> str:
        """The students' link and its QR code, at the room's address when the classroom
        server knows it; otherwise at this page's address, with what to do when phones
        cannot open it and, under a plain server, that answers reach no board."""
        page = self.link.page
        if not page:
            text = _(
                "Open this page on the tutorial site ({serve}) to get a link for the students' "
                "phones. On the quiz page, students type the class code {code} and choose level "
                "{level}, version {version}."
            ).format(
                serve="<code>make serve</code>",
                code=f"<b>{escape(self.class_code)}</b>",
                level=self.level.value,
                version=self.version.value,
            )
            return f"<p>{text}</p>"
        room = room_url()
        url = self.students_url(page, room)
        # A viewBox and no fixed size, so the stylesheet's width scales the whole code, quiet
        # zone included, instead of cutting its edge off.
        qr = segno.make(url, error="m").svg_inline(border=2, dark="#1d1d1f", omitsize=True)
        notes = []
        if room is not None:
            students_open = _("Students' phones and laptops on this network open:")
        else:
            students_open = _("Students open:")
            notes = self._no_room_notes(urlsplit(url).hostname in THIS_COMPUTER)
        label = escape(_("QR code of the students' link"), quote=True)
        return (
            '<div class="calypso-students">'
            f'<div class="calypso-qr" role="img" aria-label="{label}">'
            f"{qr}</div>"
            f'<div><p>{escape(students_open)}</p><p class="calypso-big-link" data-students-link>'
            f'<a href="{escape(url)}">{escape(url)}</a></p>{"".join(notes)}</div></div>'
        )

    @staticmethod
    def _no_room_notes(this_computer: bool) -> list[str]:
        """What the desk says when the classroom server gave no room address: under it, the
        computer is on no network; under a plain server, answers reach no board (and, at
        "this computer"'s address, phones cannot open the link)."""
        serve = "<code>make serve CLASS=30</code>"
        if class_board() is not None:
            if not this_computer:
                return []
            text = _(
                "This computer is on no network, so students' phones cannot reach it, and this "
                "address means “this computer” anyway. Connect it to the room's Wi-Fi or cable "
                "and start the classroom server again with {serve}: the desk then shows the "
                "address the phones open, and its QR code."
            ).format(serve=serve)
            return [f'<p class="calypso-warning">{text}</p>']
        notes = []
        if this_computer:
            text = _(
                "This address means “this computer”, so students' phones cannot open it. Start "
                "the classroom server with {serve}: it listens on the room's network, and the "
                "desk then shows the address the phones open, and its QR code."
            ).format(serve=serve)
            notes.append(f'<p class="calypso-warning">{text}</p>')
        plain = _(
            "Without the classroom server the quiz works, but the answers reach no live board: "
            "each student hands in a result code for the panel below."
        )
        notes.append(f'<p class="calypso-muted" data-no-board>{escape(plain)}</p>')
        return notes
