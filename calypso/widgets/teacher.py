"""The teacher's panel: paste a class's quiz result codes, see the class at a glance.

Everything happens on the teacher's own page: the lines are read here (see
:mod:`calypso.results`), the puzzles they name are drawn again from the class code, and the
rulings behind the misses are counted. A line is a code as the quiz gave it (``Name: CODE``,
or a bare code from a quiz without names), and the teacher may type a name before either. The
same result pasted twice is counted once; two results under one name are both shown, and
flagged. The table sorts by name or by score and downloads as a CSV file. No server keeps
anything.

>>> from calypso.results import QuizResult
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
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from html import escape

import ipywidgets as w

from calypso import render, words
from calypso.quiz import LEVELS, Puzzle, make_quiz
from calypso.results import BadResultCode, HandedIn, QuizResult, read_line
from calypso.tricks import Rule
from calypso.widgets.base import Panel
from calypso.widgets.quiz import QuizLink, chapter_page

AGAIN = "ask the student to copy it again"
CODE_WORDS = {
    "form": f"is not a result code: {AGAIN}",
    "characters": f"is not a complete result code: {AGAIN}",
    "check": f"has a typo or was changed (its check letters do not match): {AGAIN}",
    "puzzles": f"is not a result code this quiz gives: {AGAIN}",
    "unnamed": (
        "has a code that the quiz gave with a name, but the name is missing: paste the whole "
        "line the student copied, name included"
    ),
    "name": (
        "says “{name}”, but the quiz gave this code to another name (the name was typed "
        "differently in the quiz or changed since, or the code's last two letters were "
        "mistyped): ask the student for the line exactly as the quiz showed it"
    ),
    "label": (
        "starts with “{name}”, which is not a name the quiz takes: use letters, digits, "
        "spaces and . - ' before the code"
    ),
}
"""What is wrong with a pasted line, in a teacher's words, by the engine's reason."""

SORTS = {"name": "name", "score": "score, highest first"}
"""The orders the table can be sorted in, and what the control calls them."""

CSV_HEADER = [
    "name",
    "class",
    "level",
    "version",
    "score",
    "out of",
    "missed",
    "code",
    "lines",
    "notes",
]


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


def name_key(name: str) -> tuple[str, str]:
    """Sort names as a class list reads: accents next to their letters (Á with A), then
    exactly; results without a name last.

    >>> sorted(["Zoé", "Ádám", "Adam", "bea"], key=name_key)
    ['Adam', 'Ádám', 'bea', 'Zoé']
    """
    if not name:
        return ("\U0010ffff", "")
    plain = "".join(c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c))
    return (plain.casefold(), name.casefold())


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _lines(numbers: Sequence[int]) -> str:
    return f"line{'s' * (len(numbers) != 1)} {_and([str(n) for n in numbers])}"


class TeacherPanel(Panel):
    """Paste the codes students got at the end of the quiz: one table for the class."""

    def __init__(self) -> None:
        self.codes = w.Textarea(
            placeholder="Paste the result codes here, one per line (Name: CODE, or a code alone)",
            layout=w.Layout(width="100%", height="9em"),
        )
        self.sort = w.ToggleButtons(
            options=[(words, key) for key, words in SORTS.items()],
            value="name",
            description="Sort by",
            style={"button_width": "11em"},
        )
        self.report = w.HTML()
        self.download = w.HTML()
        self.rows: list[Row] = []
        self.problems: list[str] = []
        self.codes.observe(self.guard(lambda _: self.update()), "value")
        self.sort.observe(self.guard(lambda _: self.show()), "value")
        super().__init__(
            "Teacher's panel: a class's results",
            [
                w.HTML(
                    "<p>Each student's quiz ends with a short result code, after their name. "
                    "Paste the codes of the class below, one per line; you may type a name "
                    "before a code that has none (<code>Ann: ROOM7-1B0901-NK</code>). The table "
                    "is worked out on this page, and nothing is sent anywhere.</p>"
                ),
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
                words = CODE_WORDS[error.reason].format(name=error.name)
                self.problems.append(f"Line {number} {words}.")
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
        writer.writerow(CSV_HEADER)
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
        filename = f"calypso-results-{'-'.join(classes)}.csv"
        data = base64.b64encode(("\ufeff" + self.csv_text()).encode()).decode()
        return (
            f'<p><a class="calypso-button-link" download="{escape(filename)}" '
            f'href="data:text/csv;charset=utf-8;base64,{data}">⬇ Download the table (CSV)</a> '
            f'<span class="calypso-muted">({escape(filename)}, for a spreadsheet)</span></p>'
        )

    def _report(self) -> str:
        parts = [f'<p class="calypso-error" role="alert">{escape(p)}</p>' for p in self.problems]
        if not self.rows:
            return "".join(parts) or '<p class="calypso-muted">No codes yet.</p>'
        rows = self.sorted_rows
        parts.append(
            render.table(
                [_cells(row) for row in rows],
                ["name", "class", "level", "score", "puzzles missed", "notes", "line"],
                row_attrs=[
                    f'data-score="{row.result.score}"' + " data-flagged" * bool(row.flags)
                    for row in rows
                ],
            )
        )
        parts.append(self._summary())
        misses = self.misses_by_rule
        if misses:
            items = "".join(
                f"<li data-rule-misses='{rule.value}'><b>{rule.value}</b> "
                f"({escape(words.rule_summary(rule))}): "
                f"missed {count} time{'s' * (count != 1)}</li>"
                for rule, count in misses.most_common()
            )
            parts.append(
                f"<p>The class's misses, by the rule that decides the trick:</p><ul>{items}</ul>"
            )
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
                f'target="_blank" rel="noopener">puzzle {n}</a>'
                + (f" ({counts[n]} missed)" if counts[n] else "")
                for n in order
            )
            lines.append(f"<li>{escape(code)}, level {level}, version {version}: {links}</li>")
        if not lines:
            return ""
        return (
            "<p>Show a puzzle on the projector (big cards, the winner hidden until the class "
            f"answers), the most missed first:</p><ul data-projector>{''.join(lines)}</ul>"
        )

    def _summary(self) -> str:
        total = sum(row.result.score for row in self.rows)
        asked = sum(row.result.count for row in self.rows)
        students = self.students
        extra = "" if students == len(self.rows) else f", {len(self.rows)} results"
        return (
            f"<p><b>{students} student{'s' * (students != 1)}</b>{extra}: "
            f"{total} of {asked} answers right ({round(100 * total / asked)}%).</p>"
        )


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
            hint = "" if row.name else " (if two students got it, type their names before it)"
            row.flags.append(f"pasted on {_lines(row.lines)}: counted once{hint}")
        namesakes = by_name.get(row.name.casefold(), [])
        others = [other.lines[0] for other in namesakes if other is not row]
        if others:
            row.flags.append(f"{row.name} has another result on {_lines(others)}")
        if row.handed.typed and row.result.name:
            row.flags.append(
                f"the line also says “{row.handed.typed}”, but the quiz gave this code to "
                f"{row.result.name}"
            )


def _cells(row: Row) -> list[str]:
    """One table row, as HTML cells."""
    result = row.result
    name = escape(row.name) if row.name else '<span class="calypso-muted">no name</span>'
    notes = "".join(f"<div>⚠ {escape(flag)}</div>" for flag in row.flags)
    return [
        name,
        escape(result.code),
        f"{result.level} ({escape(LEVELS[result.level][0])}), version {result.version}",
        f"{result.score} of {result.count}",
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
        f"puzzle{'s' * (len(numbers) > 1)} {_and([str(n) for n in numbers])} of level {level}, "
        f"version {version}"
        for (level, version), numbers in groups.items()
    ]
    students = f"{top.count} student{'s' * (top.count != 1)}"
    if len(top.puzzles) == 1:
        return f"Most missed: {named[0]} ({students}). Go over it with the class."
    return f"Most missed, a tie: {_and(named)} ({students} each). Go over them with the class."
