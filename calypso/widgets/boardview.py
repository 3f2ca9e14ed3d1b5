"""What the teacher reads on the live board, drawn as HTML: the students who need help first,
each student's progress, misses, stars and class deals, and the misses by ruling across the
quiz, the exercises and the class deals (:func:`board_html`); and the class's answers as a
spreadsheet (:func:`answers_csv`).

>>> from calypso.classroom.classview import ClassView
>>> "Nobody has joined yet" in board_html(ClassView("ROOM7"))
True
"""

from __future__ import annotations

import base64
import csv
import io
from html import escape

from calypso.classroom.classview import (
    STAND_OUT_MISSES,
    ClassView,
    DealRow,
    MissedPuzzle,
    Progress,
    PuzzleId,
    Sheet,
)
from calypso.classroom.misconceptions import FULL_STARS, RuleMisses, Standing
from calypso.drawing import faces
from calypso.i18n import N_, _, card_text, ngettext, numbered
from calypso.lessons.chapters import find_chapter
from calypso.lessons.exercises import STAGES
from calypso.lessons.house import STANDARD, HouseRule
from calypso.lessons.why import Grade
from calypso.widgets.quiz import chapter_page
from calypso.widgets.quizpage import QuizLink
from calypso.widgets.teacher import misses_by_rule_html

GRADES = {
    Grade.RIGHT: N_("right"),
    Grade.WRONG_REASON: N_("right card, wrong reason"),
    Grade.WRONG_CARD: N_("wrong card"),
}
"""A class-deal answer's grade in the board's words (catalog messages)."""


def answers_csv(sheet: Sheet) -> str:
    """Every answer and star of a class as a spreadsheet's rows (CSV, headings first): the
    student, what they did (a quiz, a stage or a class deal), which puzzle or exercise, the seat
    or card chosen, whether it was right with the ruling that decided it (for a class deal, the
    ruling a miss counts against), the best stars, and for a class deal what the card cost and
    the reason given.

    >>> from calypso.engine.cards import Card
    >>> from calypso.classroom.classdeal import Marked
    >>> from calypso.classroom.classview import AnswerRow, StarRow
    >>> from calypso.lessons.why import Reason
    >>> deal = Marked(Card.parse("QS"), Reason.WINS, 0, Grade.WRONG_REASON)
    >>> sheet = Sheet("ROOM7", (AnswerRow("Ann", PuzzleId(1, "A", 4), "N", False, "C4.4"),),
    ...               (StarRow("Ann", "table", 2, 3),), (DealRow("Ann", 1, deal, ""),))
    >>> print(answers_csv(sheet), end="")
    student,activity,item,answer,right,ruling,stars,cost,reason
    Ann,"Class quiz, level 1, version A",4,N,no,C4.4,,,
    Ann,Partners and trumps,2,,,,3,,
    Ann,Class deal 1,,Q♠,"right card, wrong reason",,,0,This card takes the trick for my side.
    """
    out = io.StringIO()
    rows = csv.writer(out, lineterminator="\n")
    rows.writerow(
        [
            _("student"),
            _("activity"),
            _("item"),
            _("answer"),
            _("right"),
            _("ruling"),
            _("stars"),
            _("cost"),
            _("reason"),
        ]
    )
    for answer in sheet.answers:
        quiz = _("Class quiz, level {level}, version {version}").format(
            level=answer.puzzle.level, version=answer.puzzle.version
        )
        right = _("yes") if answer.correct else _("no")
        rows.writerow(
            [answer.name, quiz, answer.puzzle.number, answer.answer, right, answer.rule, "", "", ""]
        )
    for star in sheet.stars:
        stage = STAGES[star.stage].name if star.stage in STAGES else star.stage
        rows.writerow([star.name, stage, star.exercise, "", "", "", star.stars, "", ""])
    for deal in sheet.deals:
        marked = deal.marked
        verdict = {Grade.RIGHT: _("yes"), Grade.WRONG_CARD: _("no")}.get(marked.grade)
        said = "" if marked.reason is None else _(marked.reason.words)
        rows.writerow(
            [
                deal.name,
                _("Class deal {number}").format(number=deal.number),
                "",
                card_text(marked.card),
                verdict or _(GRADES[marked.grade]),
                deal.rule,
                "",
                marked.cost,
                said,
            ]
        )
    return out.getvalue()


def csv_download(sheet: Sheet) -> str:
    """A link that saves the class's answers as a CSV file a spreadsheet opens (UTF-8, marked
    as such so that accented names survive), with no server."""
    data = base64.b64encode(("\ufeff" + answers_csv(sheet)).encode()).decode()
    name = _("{code}-answers.csv").format(code=sheet.class_code)
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


def board_html(view: ClassView, rule: HouseRule = STANDARD) -> str:
    """One class on the board: the students who need help first, who has joined, each
    student's progress, misses, stars per chapter and class deals, the misses by ruling across
    the quiz, the exercises and the class deals (each ruling with its words, the rule each
    source counts by in a muted line) and the puzzles that stand out as missed (see
    :func:`calypso.classroom.board.stands_out`), each a link to show it on the projector under the
    class's house ``rule``."""
    students = view.students
    chapters = view.star_chapters
    played = bool(view.deals)
    rows = [
        [
            escape(name),
            _progress(view.progress(name)),
            escape(_missed(view.answers.get(name, {}))) or "—",
            _chapter_stars(view.chapter_stars(name)),
            *([_deal_marks(view.deals_of(name))] if played else []),
        ]
        for name in students
    ]
    parts = []
    if students:
        answered = sum(1 for name in students if view.answers.get(name) or view.deals_of(name))
        joined = ngettext(
            "{n} student on the board", "{n} students on the board", len(students)
        ).format(n=len(students))
        count = ngettext(
            "{joined}, {n} with an answer so far.", "{joined}, {n} with answers so far.", answered
        ).format(joined=f"<b>{escape(joined)}</b>", n=answered)
        parts.append(f"<p data-joined>{count}</p>")
    parts.append(_help_first(view.help_first))
    headings = [_("student"), _("quiz"), _("missed"), _("stars per chapter")]
    parts.append(
        faces.table(
            rows,
            [*headings, *([_("class deals")] if played else [])],
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
    parts.append(_rulings_html(view.rulings))
    if view.most_missed:
        items = "".join(_stand_out_item(view.class_code, m, rule) for m in view.most_missed)
        most = escape(_("Missed most, each opens on the projector with the winner hidden:"))
        parts.append(f"<div data-most-missed><p>{most}</p><ul>{items}</ul></div>")
    elif view.answers:
        none = _(
            "No puzzle stands out yet: one does when at least {students} students, and at "
            "least a third of those who answered it, missed it."
        ).format(students=STAND_OUT_MISSES)
        parts.append(f'<p class="calypso-muted" data-most-missed>{escape(none)}</p>')
    return "".join(parts)


def _help_first(students: tuple[Standing, ...]) -> str:
    """The students who need help first, each with what they missed (nothing when nobody
    missed anything)."""
    if not students:
        return ""
    title = escape(_("Who needs help first"))
    order = escape(_("the most misses first, then the fewest right answers:"))
    items = "".join(
        f'<li data-help="{escape(s.name, quote=True)}"><b>{escape(s.name)}</b>: '
        f"{escape(help_reason(s))}</li>"
        for s in students
    )
    return f"<div data-help-first><p><b>{title}</b>, {order}</p><ol>{items}</ol></div>"


def help_reason(student: Standing) -> str:
    """What one student missed, in a line: each part of the class's work with a miss.

    >>> print(help_reason(Standing("Ann", 4, 6, 1, 5, ((1, Grade.WRONG_CARD), (2, Grade.RIGHT)))))
    missed 4 of 6 quiz puzzles; 1 of 5 exercises right only after a wrong try;
    wrong card in class deal 1
    """
    said = []
    if student.quiz_missed:
        said.append(
            ngettext(
                "missed {missed} of {answered} quiz puzzle",
                "missed {missed} of {answered} quiz puzzles",
                student.quiz_answered,
            ).format(missed=student.quiz_missed, answered=student.quiz_answered)
        )
    if student.exercises_missed:
        said.append(
            ngettext(
                "{missed} of {done} exercise right only after a wrong try",
                "{missed} of {done} exercises right only after a wrong try",
                student.exercises_done,
            ).format(missed=student.exercises_missed, done=student.exercises_done)
        )
    wrong_card = [number for number, grade in student.deals if grade is Grade.WRONG_CARD]
    if wrong_card:
        said.append(
            ngettext(
                "wrong card in class deal {numbers}",
                "wrong card in class deals {numbers}",
                len(wrong_card),
            ).format(numbers=numbered(wrong_card))
        )
    wrong_reason = [number for number, grade in student.deals if grade is Grade.WRONG_REASON]
    if wrong_reason:
        said.append(
            ngettext(
                "right card, wrong reason in class deal {numbers}",
                "right card, wrong reason in class deals {numbers}",
                len(wrong_reason),
            ).format(numbers=numbered(wrong_reason))
        )
    return "; ".join(said)


def _rulings_html(misses: RuleMisses) -> str:
    """The misses by ruling across the quiz, the exercises and the class deals, each ruling
    with its words and, where not all its misses are the quiz's, where they come from; then how
    each is counted, in a muted line."""
    ranked = misses.ranked()
    if not ranked and not misses.unnamed:
        return ""
    listed = (
        misses_by_rule_html(ranked, lambda rule: _sources(misses.sources(rule))) if ranked else ""
    )
    heading = escape(_("Misses by ruling, across the quiz, the exercises and the class deals:"))
    how = _(
        "A quiz puzzle counts against the ruling that decides its trick; an exercise right only "
        "after a wrong try (under {stars} stars) against the rulings its stage practises; a "
        "wrong card in a class deal against the ruling that decides where its line parts from "
        "the best line; a right card for a wrong reason against that reason's ruling."
    ).format(stars=FULL_STARS)
    if misses.unnamed:
        how += " " + ngettext(
            "{n} class-deal miss names no ruling (a card priced beyond the solver's reach, or a "
            "reason about who takes the trick).",
            "{n} class-deal misses name no ruling (a card priced beyond the solver's reach, or a "
            "reason about who takes the trick).",
            misses.unnamed,
        ).format(n=misses.unnamed)
    return (
        f"<div data-rulings><p>{heading}</p>{listed}"
        f'<p class="calypso-muted" data-rulings-how>{escape(how)}</p></div>'
    )


def _sources(counts: tuple[int, int, int]) -> str:
    """Where a ruling's misses come from, when not all from the quiz: `` (quiz 2, exercises 1,
    class deals 1)``, each source with a miss."""
    quiz, exercises, deals = counts
    if not exercises and not deals:
        return ""
    parts = [
        text.format(n=n)
        for n, text in (
            (quiz, _("quiz {n}")),
            (exercises, _("exercises {n}")),
            (deals, _("class deals {n}")),
        )
        if n
    ]
    return " " + escape(_("({sources})").format(sources=", ".join(parts)))


def _deal_marks(deals: tuple[DealRow, ...]) -> str:
    """One student's class-deal answers, compact: ``1: Q♠, right · 2: 4♦, wrong card``."""
    if not deals:
        return "—"
    return " · ".join(
        '<span class="calypso-nowrap">'
        + escape(
            _("{number}: {card}, {grade}").format(
                number=row.number,
                card=card_text(row.marked.card),
                grade=_(GRADES[row.marked.grade]),
            )
        )
        + "</span>"
        for row in deals
    )


def _stand_out_item(code: str, missed: MissedPuzzle, rule: HouseRule) -> str:
    """A puzzle that stands out as missed: a link showing it on the projector (a class's link,
    the winner hidden), and how many missed it of how many answered."""
    puzzle = missed.puzzle
    link = QuizLink(code, puzzle.level, puzzle.number, puzzle.version, True, rule=rule).to_link()
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
        joined = escape(_("joined, no answer yet"))
        return f'<span class="calypso-muted">{joined}</span>'
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
