"""The teacher's panel reads a class's result codes and refuses the broken ones in plain words."""

from __future__ import annotations

import re
from html import escape

from calypso.classroom.results import QuizResult
from calypso.lessons.glossary import rule_href, rule_words
from calypso.lessons.quiz import make_quiz
from calypso.widgets.teacher import MostMissed, TeacherPanel


def code(missed: set[int], version: str = "A", level: int = 2, name: str = "") -> str:
    return QuizResult("ROOM12", level, version, 10, frozenset(missed), name).encode()


def test_a_class_table_with_scores_misses_by_ruling_and_the_most_missed_puzzle() -> None:
    panel = TeacherPanel()
    panel.codes.value = "\n".join(
        [
            code({1, 4}, name="Ann"),
            "",
            code({4}, name="Bo"),
            code(set(), "B"),
            "Cy: " + code({4, 9}),
        ]
    )
    assert [row.lines for row in panel.rows] == [[1], [3], [4], [5]]
    assert [row.result.score for row in panel.rows] == [8, 9, 10, 8]
    assert [row.name for row in panel.sorted_rows] == ["Ann", "Bo", "Cy", ""]
    assert panel.most_missed == MostMissed(3, ((2, "A", 4),))
    quiz = make_quiz("ROOM12", level=2)
    expected = [quiz[n - 1].result.rule for n in (1, 4, 4, 4, 9)]
    assert sum(panel.misses_by_rule.values()) == 5
    assert panel.misses_by_rule == {rule: expected.count(rule) for rule in set(expected)}
    assert "35 of 40 answers right (88%)" in panel.report.value
    assert panel.problems == []


def test_broken_and_edited_codes_are_named_by_line_in_plain_words() -> None:
    honest = code({1, 2, 3})
    head, _, check = honest.split("-")
    edited = f"{head}-{code(set()).split('-')[1]}-{check}"
    panel = TeacherPanel()
    panel.codes.value = "\n".join([honest, edited, "hello", "ROOM12-2A09-ZZ"])
    assert panel.problems == [
        "Line 2 has a typo or was changed (its check letters do not match): ask the student "
        "to copy it again.",
        "Line 3 is not a result code: ask the student to copy it again.",
        "Line 4 is not a complete result code: ask the student to copy it again.",
    ]
    assert len(panel.rows) == 1 and "bad result code" not in panel.report.value


def test_each_ruling_is_named_with_its_words_and_a_link_to_them() -> None:
    panel = TeacherPanel()
    panel.codes.value = "\n".join([code({1, 4}, name="Ann"), code({4, 9}, name="Bo")])
    quiz = make_quiz("ROOM12", level=2)
    rules = {quiz[n - 1].result.rule.value for n in (1, 4, 9)}  # the rulings behind the misses
    shown = panel.report.value
    for rule in rules:
        item = re.search(rf"<li data-rule-misses='{re.escape(rule)}'>(.*?)</li>", shown)
        assert item, rule
        assert f'href="{rule_href(rule)}"' in item.group(1)
        assert f"{rule}</a></b> <span data-rule-words>({escape(rule_words(rule))})</span>" in (
            item.group(1)
        )
    assert shown.count("data-rule-misses") == len(rules)
