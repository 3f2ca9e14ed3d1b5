"""The teacher's panel: paste a class's quiz result codes, see the class at a glance.

Everything happens on the teacher's own page: the lines are read here (see
:mod:`calypso.classroom.results`), the puzzles they name are drawn again from the class code, and
the rulings behind the misses are counted. A line is a code as the quiz gave it (``Name: CODE``,
or a bare code from a quiz without names), and the teacher may type a name before either. The
same result pasted twice is counted once; two results under one name are both shown, and
flagged. The table sorts by name or by score and downloads as a CSV file. No server keeps
anything.

>>> from calypso.classroom.results import QuizResult
>>> results = [QuizResult("ROOM12", 1, "A", 10, frozenset(m), name=n)
...            for n, m in (("Ann", {2}), ("Bob", {2, 5}), ("Cy", {5}))]
>>> panel = TeacherPanel()
>>> panel.codes.value = "\\n".join([r.encode() for r in results] + ["ROOM12-1A09-XX"])
>>> [(row.name, row.result.score) for row in panel.rows]
[('Ann', 9), ('Bob', 8), ('Cy', 9)]
>>> panel.most_missed
MostMissed(count=2, puzzles=((1, 'A', 2), (1, 'A', 5)))
>>> panel.problems
['Line 4 is not a complete result code: ask the student to copy it again.']
"""

from __future__ import annotations

import base64
import csv
import io
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from html import escape

import ipywidgets as w

from calypso.classroom.results import BadResultCode, HandedIn, QuizResult, name_key, read_line
from calypso.drawing import faces
from calypso.engine.tricks import Rule
from calypso.i18n import N_, _, join, ngettext, numbered, pgettext, rule_label
from calypso.lessons.glossary import rule_href, rule_words
from calypso.lessons.quiz import LEVELS, Puzzle, make_quiz
from calypso.widgets.base import Panel
from calypso.widgets.quiz import QuizLink, chapter_page

CODE_WORDS = {
    "form": N_("Line {line} is not a result code: ask the student to copy it again."),
    "characters": N_(
        "Line {line} is not a complete result code: ask the student to copy it again."
    ),
    "check": N_(
        "Line {line} has a typo or was changed (its check letters do not match): ask the "
        "student to copy it again."
    ),
    "puzzles": N_(
        "Line {line} is not a result code this quiz gives: ask the student to copy it again."
    ),
    "unnamed": N_(
        "Line {line} has a code that the quiz gave with a name, but the name is missing: paste "
        "the whole line the student copied, name included."
    ),
    "name": N_(
        "Line {line} says “{name}”, but the quiz gave this code to another name (the name was "
        "typed differently in the quiz or changed since, or the code's last two letters were "
        "mistyped): ask the student for the line exactly as the quiz showed it."
    ),
    "label": N_(
        "Line {line} starts with “{name}”, which is not a name the quiz takes: use letters, "
        "digits, spaces and . - ' before the code."
    ),
}
"""What is wrong with a pasted line, in a teacher's words, by the engine's reason (catalog
messages: ``{line}`` the line's number, ``{name}`` the name in question)."""

EXAMPLE_CODE = "ROOM7-1B0901-NK"
"""The bare result code the panel shows as an example of a line with a name typed before it."""

SORTS = {"name": N_("name"), "score": N_("score, highest first")}
"""The orders the table can be sorted in, and what the control calls them."""

CSV_HEADER = [
    N_("name"),
    N_("class"),
    N_("level"),
    N_("version"),
    N_("score"),
    N_("out of"),
    N_("missed"),
    N_("code"),
    N_("lines"),
    N_("notes"),
]
"""The CSV file's column headings (catalog messages, worded in the page's language)."""


@dataclass
class Row:
    """One result in the class table: the lines it was pasted on, what it says, the puzzles
    it names, and the flags the teacher should look at."""

    lines: list[int]
    handed: HandedIn
    puzzles: tuple[Puzzle, ...]
    flags: list[str] = field(default_factory=list)

    @property
    def result(self) -> QuizResult:
        return self.handed.result

    @property
    def name(self) -> str:
        return self.handed.name

    @property
    def code(self) -> str:
        """The code as the quiz gave it (with its name, if it carries one)."""
        return self.result.encode()


@dataclass(frozen=True)
class MostMissed:
    """The puzzles missed most often, all of them when there is a tie: (level, version,
    number) each, and how many results missed each one."""

    count: int
    puzzles: tuple[tuple[int, str, int], ...]


def rule_named(rule_id: str) -> str:
    """A ruling as the teacher's pages name it (HTML): its id, a link to its entry in chapter
    00's list of rule ids (in a new tab, so the page stays), and its plain words beside it.

    >>> rule_named("C4.4")  # doctest: +NORMALIZE_WHITESPACE
    '<b><a href="00-welcome.ipynb#rule-C4.4" target="_blank" rel="noopener">C4.4</a></b>
    <span data-rule-words>(Another suit was led and someone ruffed: the highest ruff wins)</span>'
    """
    link = (
        f'<a href="{escape(rule_href(rule_id))}" target="_blank" rel="noopener">'
        f"{escape(rule_label(rule_id))}</a>"
    )
    said = escape(_("({words})").format(words=rule_words(rule_id)))
    return f"<b>{link}</b> <span data-rule-words>{said}</span>"


def misses_by_rule_html(
    ranked: Iterable[tuple[str, int]], more: Callable[[str], str] = lambda _rule: ""
) -> str:
    """Misses counted by ruling id, in the order given (the most missed first), each ruling
    with its words and ``more(rule)`` after them (HTML): an HTML list."""
    return (
        "<ul>"
        + "".join(
            f"<li data-rule-misses='{escape(rule, quote=True)}'>"
            + ngettext("{rule}: missed {count} time", "{rule}: missed {count} times", count).format(
                rule=rule_named(rule), count=count
            )
            + more(rule)
            + "</li>"
            for rule, count in ranked
        )
        + "</ul>"
    )


def _lines(numbers: Sequence[int]) -> str:
    return ngettext("line {numbers}", "lines {numbers}", len(numbers)).format(
        numbers=numbered(numbers)
    )


class TeacherPanel(Panel):
    """Paste the codes students got at the end of the quiz: one table for the class."""

    def __init__(self) -> None:
        self.codes = w.Textarea(
            placeholder=_(
                "Paste the result codes here, one per line (Name: CODE, or a code alone)"
            ),
            layout=w.Layout(width="100%", height="9em"),
        )
        self.sort = w.ToggleButtons(
            options=[(_(label), key) for key, label in SORTS.items()],
            value="name",
            description=_("Sort by"),
            style={"button_width": "11em"},
        )
        self.report = w.HTML()
        self.download = w.HTML()
        self.rows: list[Row] = []
        self.problems: list[str] = []
        self.codes.observe(self.guard(lambda _: self.update()), "value")
        self.sort.observe(self.guard(lambda _: self.show()), "value")
        example = pgettext("a student's first name, in the example of a pasted line", "Ann")
        intro = _(
            "Each student's quiz ends with a short result code, after their name. Paste the "
            "codes of the class below, one per line; you may type a name before a code that has "
            "none ({example}). The table is worked out on this page, and nothing is sent "
            "anywhere."
        ).format(example=f"<code>{escape(example)}: {EXAMPLE_CODE}</code>")
        super().__init__(
            _("Teacher's panel: a class's results"),
            [
                w.HTML(f"<p>{intro}</p>"),
                self.codes,
                self.sort,
                self.report,
                self.download,
            ],
        )
        self.update()

    def update(self) -> None:
        """Read the pasted lines again and redraw the table."""
        self.rows, self.problems = [], []
        quizzes: dict[tuple[str, int, str, int], tuple[Puzzle, ...]] = {}
        seen: dict[tuple[str, str], Row] = {}
        for number, line in enumerate(self.codes.value.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                handed = read_line(line)
            except BadResultCode as error:
                said = _(CODE_WORDS[error.reason]).format(line=number, name=error.name)
                self.problems.append(said)
                continue
            same = seen.get(_identity(handed))
            if same is not None:
                same.lines.append(number)
                continue
            result = handed.result
            key = (result.code, result.level, result.version, result.count)
            if key not in quizzes:
                quizzes[key] = tuple(make_quiz(*key[:2], count=key[3], version=key[2]))
            seen[_identity(handed)] = Row([number], handed, quizzes[key])
        self.rows = list(seen.values())
        _flag(self.rows)
        self.show()

    def show(self) -> None:
        """Redraw the report and the download in the order chosen."""
        self.report.value = self._report()
        self.download.value = self._download_link()
        self.sort.layout.display = None if self.rows else "none"
        self.message.clear()

    @property
    def sorted_rows(self) -> list[Row]:
        """The rows in the order the sort control asks for (ties by name, then line)."""
        by_name = sorted(self.rows, key=lambda row: (name_key(row.name), row.lines[0]))
        if self.sort.value == "score":
            return sorted(by_name, key=lambda row: -row.result.score)
        return by_name

    @property
    def students(self) -> int:
        """How many students the rows come from: one per name, and one per result without."""
        names = {row.name.casefold() for row in self.rows if row.name}
        return len(names) + sum(1 for row in self.rows if not row.name)

    @property
    def misses_by_rule(self) -> Counter[Rule]:
        """How often the class missed a puzzle decided by each ruling."""
        return Counter(
            row.puzzles[n - 1].result.rule for row in self.rows for n in row.result.missed
        )

    @property
    def most_missed(self) -> MostMissed | None:
        """The puzzles missed most often (every one of them when there is a tie)."""
        counts = Counter(
            (row.result.level, row.result.version, n)
            for row in self.rows
            for n in row.result.missed
        )
        if not counts:
            return None
        top = max(counts.values())
        return MostMissed(top, tuple(sorted(p for p, n in counts.items() if n == top)))

    def csv_text(self) -> str:
        """The table as CSV, in the order shown: one row per result, as a spreadsheet reads it."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow([_(heading) for heading in CSV_HEADER])
        for row in self.sorted_rows:
            result = row.result
            writer.writerow(
                [
                    row.name,
                    result.code,
                    result.level,
                    result.version,
                    result.score,
                    result.count,
                    " ".join(map(str, sorted(result.missed))),
                    row.code,
                    " ".join(map(str, row.lines)),
                    "; ".join(row.flags),
                ]
            )
        return out.getvalue()

    def _download_link(self) -> str:
        if not self.rows:
            return ""
        classes = sorted({row.result.code for row in self.rows})
        filename = _("calypso-results-{classes}.csv").format(classes="-".join(classes))
        data = base64.b64encode(("\ufeff" + self.csv_text()).encode()).decode()
        label = _("Download the table (CSV)")
        note = _("{file}, for a spreadsheet").format(file=filename)
        return (
            f'<p><a class="calypso-button-link" download="{escape(filename)}" '
            f'href="data:text/csv;charset=utf-8;base64,{data}">⬇ {escape(label)}</a> '
            f'<span class="calypso-muted">({escape(note)})</span></p>'
        )

    def _report(self) -> str:
        parts = [f'<p class="calypso-error" role="alert">{escape(p)}</p>' for p in self.problems]
        if not self.rows:
            none = escape(_("No codes yet."))
            return "".join(parts) or f'<p class="calypso-muted">{none}</p>'
        rows = self.sorted_rows
        parts.append(
            faces.table(
                [_cells(row) for row in rows],
                [
                    _("name"),
                    _("class"),
                    _("level"),
                    _("score"),
                    _("puzzles missed"),
                    _("notes"),
                    _("line"),
                ],
                row_attrs=[
                    f'data-score="{row.result.score}"' + " data-flagged" * bool(row.flags)
                    for row in rows
                ],
            )
        )
        parts.append(self._summary())
        misses = self.misses_by_rule
        if misses:
            heading = escape(_("The class's misses, by the rule that decides the trick:"))
            counted = Counter({rule.value: count for rule, count in misses.items()})
            parts.append(f"<p>{heading}</p>{misses_by_rule_html(counted.most_common())}")
        top = self.most_missed
        if top is not None:
            parts.append(f"<p data-most-missed>{escape(most_missed_words(top))}</p>")
        parts.append(self._projector_links())
        return "".join(parts)

    def _projector_links(self) -> str:
        """For each quiz the results come from, a link to every puzzle on the projector (big
        cards, winner hidden, in a new tab so these results stay), the most missed first."""
        missed: dict[tuple[str, int, str], Counter[int]] = defaultdict(Counter)
        sizes: dict[tuple[str, int, str], int] = {}
        for row in self.rows:
            quiz = (row.result.code, row.result.level, row.result.version)
            missed[quiz].update(row.result.missed)
            sizes[quiz] = max(sizes.get(quiz, 0), row.result.count)
        lines = []
        for (code, level, version), counts in sorted(missed.items()):
            order = sorted(range(1, sizes[code, level, version] + 1), key=lambda n: (-counts[n], n))
            page = f"{chapter_page()}#quiz="
            links = " · ".join(
                f'<a href="{page}{QuizLink(code, level, n, version, True).to_link()}" '
                f'target="_blank" rel="noopener">'
                + _("puzzle {n}").format(n=n)
                + "</a>"
                + (" " + _("({count} missed)").format(count=counts[n]) if counts[n] else "")
                for n in order
            )
            entry = _("{code}, level {level}, version {version}: {links}").format(
                code=escape(code), level=level, version=version, links=links
            )
            lines.append(f"<li>{entry}</li>")
        if not lines:
            return ""
        show = escape(
            _(
                "Show a puzzle on the projector (big cards, the winner hidden until the class "
                "answers), the most missed first:"
            )
        )
        return f"<p>{show}</p><ul data-projector>{''.join(lines)}</ul>"

    def _summary(self) -> str:
        total = sum(row.result.score for row in self.rows)
        asked = sum(row.result.count for row in self.rows)
        students = self.students
        who = ngettext("{n} student", "{n} students", students).format(n=students)
        values = {
            "students": f"<b>{escape(who)}</b>",
            "results": len(self.rows),
            "right": total,
            "asked": asked,
            "percent": round(100 * total / asked),
        }
        if students == len(self.rows):
            text = _("{students}: {right} of {asked} answers right ({percent}%).")
        else:
            text = _(
                "{students}, {results} results: {right} of {asked} answers right ({percent}%)."
            )
        return f"<p>{text.format(**values)}</p>"


def _identity(handed: HandedIn) -> tuple[str, str]:
    """What makes two pasted lines the same result: the name and the code without it."""
    return handed.name.casefold(), replace(handed.result, name="").encode()


def _flag(rows: Sequence[Row]) -> None:
    """Note on each row what the teacher should check: a result pasted more than once, a name
    with more than one result, a name typed before a code given to another."""
    by_name: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        if row.name:
            by_name[row.name.casefold()].append(row)
    for row in rows:
        if len(row.lines) > 1:
            if row.name:
                flag = _("pasted on {lines}: counted once")
            else:
                flag = _(
                    "pasted on {lines}: counted once (if two students got it, type their names "
                    "before it)"
                )
            row.flags.append(flag.format(lines=_lines(row.lines)))
        namesakes = by_name.get(row.name.casefold(), [])
        others = [other.lines[0] for other in namesakes if other is not row]
        if others:
            row.flags.append(
                _("{name} has another result on {lines}").format(
                    name=row.name, lines=_lines(others)
                )
            )
        if row.handed.typed and row.result.name:
            row.flags.append(
                _("the line also says “{typed}”, but the quiz gave this code to {name}").format(
                    typed=row.handed.typed, name=row.result.name
                )
            )


def _cells(row: Row) -> list[str]:
    """One table row, as HTML cells."""
    result = row.result
    no_name = escape(_("no name"))
    name = escape(row.name) if row.name else f'<span class="calypso-muted">{no_name}</span>'
    notes = "".join(f"<div>⚠ {escape(flag)}</div>" for flag in row.flags)
    return [
        name,
        escape(result.code),
        _("{level} ({name}), version {version}").format(
            level=result.level, name=escape(_(LEVELS[result.level][0])), version=result.version
        ),
        _("{right} of {asked}").format(right=result.score, asked=result.count),
        ", ".join(map(str, sorted(result.missed))) or "—",
        notes,
        ", ".join(map(str, row.lines)),
    ]


def most_missed_words(top: MostMissed) -> str:
    """The most missed puzzles in a sentence, every tied one named.

    >>> most_missed_words(MostMissed(3, ((1, "A", 4),)))
    'Most missed: puzzle 4 of level 1, version A (3 students). Go over it with the class.'
    >>> most_missed_words(MostMissed(2, ((1, "A", 4), (1, "A", 7), (2, "B", 1))))
    'Most missed, a tie: puzzles 4 and 7 of level 1, version A and puzzle 1 of level 2, \
version B (2 students each). Go over them with the class.'
    """
    groups: dict[tuple[int, str], list[int]] = defaultdict(list)
    for level, version, number in top.puzzles:
        groups[(level, version)].append(number)
    named = [
        ngettext(
            "puzzle {numbers} of level {level}, version {version}",
            "puzzles {numbers} of level {level}, version {version}",
            len(numbers),
        ).format(numbers=numbered(numbers), level=level, version=version)
        for (level, version), numbers in groups.items()
    ]
    if len(top.puzzles) == 1:
        return ngettext(
            "Most missed: {puzzle} ({count} student). Go over it with the class.",
            "Most missed: {puzzle} ({count} students). Go over it with the class.",
            top.count,
        ).format(puzzle=named[0], count=top.count)
    return ngettext(
        "Most missed, a tie: {puzzles} ({count} student each). Go over them with the class.",
        "Most missed, a tie: {puzzles} ({count} students each). Go over them with the class.",
        top.count,
    ).format(puzzles=join(named), count=top.count)
