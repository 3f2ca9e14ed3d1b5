"""The teacher's panel: paste a class's quiz result codes, see the class at a glance.

Everything happens on the teacher's own page: the codes are read here (see
:mod:`calypso.results`), the puzzles they name are drawn again from the class code, and the
rulings behind the misses are counted. No server keeps anything.

>>> from calypso.results import QuizResult
>>> codes = [QuizResult("ROOM12", 1, "A", 10, frozenset(m)).encode() for m in ({2}, {2, 5}, ())]
>>> panel = TeacherPanel()
>>> panel.codes.value = "\\n".join([*codes, "ROOM12-1A09-XX"])
>>> [row.result.score for row in panel.rows]
[9, 8, 10]
>>> panel.most_missed
(1, 'A', 2, 2)
>>> panel.problems
['Line 4 is not a complete result code: ask the student to copy it again.']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from calypso import render
from calypso.quiz import LEVELS, Puzzle, make_quiz
from calypso.results import BadResultCode, QuizResult, decode_result
from calypso.tricks import Rule
from calypso.widgets.base import Panel

CODE_WORDS = {
    "form": "is not a result code",
    "characters": "is not a complete result code",
    "check": "has a typo or was changed (its check letters do not match)",
    "puzzles": "is not a result code this quiz gives",
}
"""What is wrong with a pasted line, in a teacher's words, by the engine's reason."""


@dataclass(frozen=True)
class Row:
    line: int
    result: QuizResult
    puzzles: tuple[Puzzle, ...]


class TeacherPanel(Panel):
    """Paste the codes students got at the end of the quiz: one table for the class."""

    def __init__(self) -> None:
        self.codes = w.Textarea(
            placeholder="Paste the result codes here, one per line",
            layout=w.Layout(width="100%", height="9em"),
        )
        self.report = w.HTML()
        self.rows: list[Row] = []
        self.problems: list[str] = []
        self.codes.observe(self.guard(lambda _: self.update()), "value")
        super().__init__(
            "Teacher's panel: a class's results",
            [
                w.HTML(
                    "<p>Each student's quiz ends with a short result code. Paste the codes of "
                    "the class below, one per line: the table is worked out on this page, and "
                    "nothing is sent anywhere.</p>"
                ),
                self.codes,
                self.report,
            ],
        )
        self.update()

    def update(self) -> None:
        self.rows, self.problems = [], []
        quizzes: dict[tuple[str, int, str, int], tuple[Puzzle, ...]] = {}
        for number, line in enumerate(self.codes.value.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                result = decode_result(line)
            except BadResultCode as error:
                self.problems.append(
                    f"Line {number} {CODE_WORDS[error.reason]}: ask the student to copy it again."
                )
                continue
            key = (result.code, result.level, result.version, result.count)
            if key not in quizzes:
                quizzes[key] = tuple(make_quiz(*key[:2], count=key[3], version=key[2]))
            self.rows.append(Row(number, result, quizzes[key]))
        self.report.value = self._report()
        self.message.clear()

    @property
    def misses_by_rule(self) -> Counter[Rule]:
        """How often the class missed a puzzle decided by each ruling."""
        return Counter(
            row.puzzles[n - 1].result.rule for row in self.rows for n in row.result.missed
        )

    @property
    def most_missed(self) -> tuple[int, str, int, int] | None:
        """The puzzle missed most often: its level, version, number, and how many missed it."""
        counts = Counter(
            (row.result.level, row.result.version, n)
            for row in self.rows
            for n in row.result.missed
        )
        if not counts:
            return None
        (level, version, number), misses = counts.most_common(1)[0]
        return level, version, number, misses

    def _report(self) -> str:
        parts = [f'<p class="calypso-error" role="alert">{escape(p)}</p>' for p in self.problems]
        if not self.rows:
            return "".join(parts) or '<p class="calypso-muted">No codes yet.</p>'
        parts.append(
            render.table(
                [
                    [
                        str(row.line),
                        escape(row.result.code),
                        f"{row.result.level} ({escape(LEVELS[row.result.level][0])}), "
                        f"version {row.result.version}",
                        f"{row.result.score} of {row.result.count}",
                        ", ".join(map(str, sorted(row.result.missed))) or "—",
                    ]
                    for row in self.rows
                ],
                ["line", "class", "level", "score", "puzzles missed"],
                row_attrs=[f'data-score="{row.result.score}"' for row in self.rows],
            )
        )
        total = sum(row.result.score for row in self.rows)
        asked = sum(row.result.count for row in self.rows)
        parts.append(
            f"<p><b>{len(self.rows)} student{'s' * (len(self.rows) != 1)}</b>: "
            f"{total} of {asked} answers right ({round(100 * total / asked)}%).</p>"
        )
        misses = self.misses_by_rule
        if misses:
            items = "".join(
                f"<li data-rule-misses='{rule.value}'><b>{rule.value}</b> "
                f"({escape(rule.summary)}): missed {count} time{'s' * (count != 1)}</li>"
                for rule, count in misses.most_common()
            )
            parts.append(
                f"<p>The class's misses, by the rule that decides the trick:</p><ul>{items}</ul>"
            )
        top = self.most_missed
        if top is not None:
            level, version, number, count = top
            parts.append(
                f"<p data-most-missed>Most missed: puzzle {number} of level {level}, version "
                f"{version} ({count} student{'s' * (count != 1)}). Go over it with the class.</p>"
            )
        return "".join(parts)
