"""What the teacher reads on the live board, drawn as HTML: each student's progress, misses and
stars (:func:`board_html`), and the class's answers as a spreadsheet (:func:`answers_csv`).

>>> from calypso.board import ClassView
>>> "Nobody has joined yet" in board_html(ClassView("ROOM7"))
True
"""

from __future__ import annotations

import base64
import csv
import io
from html import escape

from calypso import render
from calypso.board import (
    STAND_OUT_MISSES,
    ClassView,
    MissedPuzzle,
    Progress,
    PuzzleId,
    Sheet,
)
from calypso.chapters import find_chapter
from calypso.exercises import STAGES
from calypso.i18n import _, ngettext
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
