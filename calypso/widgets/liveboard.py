"""The classroom server's live board on the teacher's desk: every student of one class, their
answers, stars and misses as they arrive, and a CSV of it all.

:class:`ClassBoard` reads :class:`calypso.board.Board` with the teacher's key and redraws itself
every few seconds; :func:`board_html` draws one :class:`calypso.board.ClassView`;
:func:`answers_csv` writes a :class:`calypso.board.Sheet` as a spreadsheet's rows.

>>> from calypso.board import ClassView
>>> "Nobody has joined yet" in board_html(ClassView("ROOM7"))
True
"""

from __future__ import annotations

import base64
import csv
import io
import threading
import time
from html import escape

import ipywidgets as w

from calypso import render
from calypso.board import (
    STAND_OUT_MISSES,
    ClassView,
    MissedPuzzle,
    Progress,
    PuzzleId,
    Sheet,
    class_board,
)
from calypso.chapters import find_chapter
from calypso.exercises import STAGES
from calypso.i18n import _, ngettext
from calypso.quiz import normalise_code
from calypso.widgets.base import Panel, button
from calypso.widgets.desk import ClassSetup, DeskMemory
from calypso.widgets.quiz import QuizLink, chapter_page
from calypso.widgets.teacher import misses_by_rule_html


def answers_csv(sheet: Sheet) -> str:
    """Every answer and star of a class as a spreadsheet's rows (CSV, headings first): the
    student, what they did (a quiz or a stage), which puzzle or exercise, the seat chosen and
    whether it was right with the ruling that decided it, or the best stars.

    >>> from calypso.board import AnswerRow, StarRow
    >>> sheet = Sheet("ROOM7", (AnswerRow("Ann", PuzzleId(1, "A", 4), "N", False, "C4.4"),),
    ...               (StarRow("Ann", "table", 2, 3),))
    >>> print(answers_csv(sheet), end="")
    student,activity,item,answer,right,ruling,stars
    Ann,"Class quiz, level 1, version A",4,N,no,C4.4,
    Ann,Partners and trumps,2,,,,3
    """
    out = io.StringIO()
    rows = csv.writer(out, lineterminator="\n")
    rows.writerow(
        [_("student"), _("activity"), _("item"), _("answer"), _("right"), _("ruling"), _("stars")]
    )
    for answer in sheet.answers:
        quiz = _("Class quiz, level {level}, version {version}").format(
            level=answer.puzzle.level, version=answer.puzzle.version
        )
        right = _("yes") if answer.correct else _("no")
        rows.writerow(
            [answer.name, quiz, answer.puzzle.number, answer.answer, right, answer.rule, ""]
        )
    for star in sheet.stars:
        stage = STAGES[star.stage].name if star.stage in STAGES else star.stage
        rows.writerow([star.name, stage, star.exercise, "", "", "", star.stars])
    return out.getvalue()


def csv_download(sheet: Sheet) -> str:
    """A link that saves the class's answers as a CSV file a spreadsheet opens (UTF-8, marked
    as such so that accented names survive), with no server."""
    data = base64.b64encode(("\ufeff" + answers_csv(sheet)).encode()).decode()
    name = f"{sheet.class_code}-answers.csv"
    label = _("Download every answer (CSV, for a spreadsheet)")
    return (
        f'<a class="calypso-button-link" download="{escape(name)}" '
        f'href="data:text/csv;charset=utf-8;base64,{data}">⬇ {escape(label)}</a>'
    )


def off_words() -> str:
    """What the live board says where the classroom server is not running."""
    text = _(
        "The live board works under the classroom server only. Start it with {serve}: it "
        "prints the teacher key and this page's address. Each student's answers then arrive "
        "here as they give them, kept in one file on this computer. Without it, the result "
        "codes and the panel below do the same job by hand."
    ).format(serve="<code>make serve CLASS=30</code>")
    return f"<p>{text}</p>"


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
        self.view.value = board_html(view)
        self.csv.value = csv_download(sheet) if sheet.answers or sheet.stars else ""
        if self.refresh and not self._live:
            self._live = True
            threading.Thread(target=self._keep_fresh, daemon=True).start()

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


def board_html(view: ClassView) -> str:
    """One class on the board: who has joined, each student's progress, misses and stars per
    chapter, the misses by ruling (each with its words) and the puzzles that stand out as
    missed (see :func:`calypso.board.stands_out`), each a link to show it on the projector."""
    students = view.students
    chapters = view.star_chapters
    rows = [
        [
            escape(name),
            _progress(view.progress(name)),
            escape(_missed(view.answers.get(name, {}))) or "—",
            _chapter_stars(view.chapter_stars(name)),
        ]
        for name in students
    ]
    parts = []
    if students:
        answered = sum(1 for name in students if view.answers.get(name))
        joined = ngettext(
            "{n} student on the board", "{n} students on the board", len(students)
        ).format(n=len(students))
        count = ngettext(
            "{joined}, {n} with an answer so far.", "{joined}, {n} with answers so far.", answered
        ).format(joined=f"<b>{escape(joined)}</b>", n=answered)
        parts.append(f"<p data-joined>{count}</p>")
    parts.append(
        render.table(
            rows,
            [_("student"), _("quiz"), _("missed"), _("stars per chapter")],
            classes="calypso-board",
            row_attrs=[f'data-student="{escape(name, quote=True)}"' for name in students],
            empty=_("Nobody has joined yet: students appear here as soon as they start the quiz."),
        )
    )
    if chapters:
        legend = " · ".join(
            f"{_chapter_mark(slug)} {escape(_(find_chapter(slug).title))}" for slug in chapters
        )
        stars = escape(_("Stars per chapter, from the exercises:"))
        parts.append(f'<p class="calypso-muted" data-star-chapters>{stars} {legend}</p>')
    if view.misses:
        how = _(
            "Missed: level and version, then the puzzles (1A: 2, 7 is puzzles 2 and 7 of level "
            "1, version A)."
        )
        parts.append(f'<p class="calypso-muted">{escape(how)}</p>')
        by_rule = escape(_("Misses by the rule that decides the trick:"))
        parts.append(f"<p>{by_rule}</p>{misses_by_rule_html(view.misses)}")
    if view.most_missed:
        items = "".join(_stand_out_item(view.class_code, m) for m in view.most_missed)
        most = escape(_("Missed most, each opens on the projector with the winner hidden:"))
        parts.append(f"<div data-most-missed><p>{most}</p><ul>{items}</ul></div>")
    elif view.answers:
        rule = _(
            "No puzzle stands out yet: one does when at least {students} students, and at "
            "least a third of those who answered it, missed it."
        ).format(students=STAND_OUT_MISSES)
        parts.append(f'<p class="calypso-muted" data-most-missed>{escape(rule)}</p>')
    return "".join(parts)


def _stand_out_item(code: str, missed: MissedPuzzle) -> str:
    """A puzzle that stands out as missed: a link showing it on the projector (a class's link,
    the winner hidden), and how many missed it of how many answered."""
    puzzle = missed.puzzle
    link = QuizLink(code, puzzle.level, puzzle.number, puzzle.version, True).to_link()
    named = _("puzzle {number} of level {level}, version {version}").format(
        number=puzzle.number, level=puzzle.level, version=puzzle.version
    )
    count = ngettext(
        "missed by {missed} of the {answered} who answered it",
        "missed by {missed} of the {answered} who answered it",
        missed.answered,
    ).format(missed=missed.missed, answered=missed.answered)
    return (
        f'<li><a href="{chapter_page()}#quiz={link}" target="_blank" rel="noopener">'
        f"{escape(named)}</a>: {escape(count)}</li>"
    )


def _progress(progress: Progress) -> str:
    """A student's place in the quiz, in words: joined with no answer yet, or how many
    answered and how many right."""
    if not progress.answered:
        if not progress.asked:
            return escape(_("no quiz yet"))
        return f'<span class="calypso-muted">{escape(_("joined, no answer yet"))}</span>'
    return escape(
        _("answered {answered} of {asked}, {right} right so far").format(
            answered=progress.answered, asked=progress.asked, right=progress.right
        )
    )


def _chapter_mark(slug: str) -> str:
    """A chapter by its number, two digits (``02``), as the board's star column names it."""
    return f"{find_chapter(slug).number:02d}"


def _chapter_heading(slug: str) -> str:
    """A chapter's number and title, in the page's language: ``2. Who wins the trick?``."""
    chapter = find_chapter(slug)
    return f"{chapter.number}. " + _(chapter.title)


def _chapter_stars(totals: dict[str, int]) -> str:
    """One student's stars per chapter, compact: ``01 ★3 · 02 ★7`` (each chapter's heading
    in its title), or a dash."""
    if not totals:
        return "—"
    return " · ".join(
        f'<span class="calypso-nowrap" title="{escape(_chapter_heading(slug), quote=True)}">'
        f"{_chapter_mark(slug)} ★{count}</span>"
        for slug, count in totals.items()
    )


def _missed(marks: dict[PuzzleId, bool]) -> str:
    """The puzzles a student missed, by level and version: "1A: 2, 7"."""
    missed: dict[tuple[int, str], list[int]] = {}
    for puzzle, right in sorted(marks.items()):
        if not right:
            missed.setdefault((puzzle.level, puzzle.version), []).append(puzzle.number)
    return "; ".join(
        f"{level}{version}: {', '.join(map(str, numbers))}"
        for (level, version), numbers in missed.items()
    )
