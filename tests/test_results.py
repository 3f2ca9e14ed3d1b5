"""Quiz result codes: they round-trip, and a mistyped or edited code is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calypso.classroom.results import ALPHABET, QuizResult, decode_result


@st.composite
def results(draw: st.DrawFn) -> QuizResult:
    count = draw(st.integers(1, 50))
    return QuizResult(
        code=draw(st.from_regex(r"[A-Z0-9][A-Z0-9-]{0,22}[A-Z0-9]", fullmatch=True)),
        level=draw(st.integers(1, 3)),
        version=draw(st.sampled_from("AB")),
        count=count,
        missed=frozenset(draw(st.sets(st.integers(1, count)))),
    )


@settings(max_examples=200, deadline=None)
@given(results())
def test_a_code_reads_back_as_the_same_result(result: QuizResult) -> None:
    code = result.encode()
    assert decode_result(code) == result
    assert decode_result(f"  {code.lower()} ") == result, "case and spaces do not matter"


@settings(max_examples=200, deadline=None)
@given(results(), st.data())
def test_changing_any_one_character_after_the_class_code_is_caught(
    result: QuizResult, data: st.DataObject
) -> None:
    code = result.encode()
    start = len(result.code) + 1
    where = data.draw(st.integers(start, len(code) - 1))
    if code[where] == "-":
        return
    other = data.draw(st.sampled_from([c for c in ALPHABET if c != code[where]]))
    tampered = code[:where] + other + code[where + 1 :]
    try:
        changed = decode_result(tampered)
    except ValueError as error:
        assert "bad result code" in str(error)
    else:  # two check letters let about one change in a thousand through
        assert changed != result


def test_a_score_raised_by_hand_is_refused() -> None:
    honest = QuizResult("ROOM12", 1, "A", 10, frozenset({2, 5, 9}))
    better = QuizResult("ROOM12", 1, "A", 10, frozenset())
    forged = (
        honest.encode().rsplit("-", 1)[0].rsplit("-", 1)[0] + "-" + better.encode().split("-")[1]
    )
    forged += "-" + honest.encode().rsplit("-", 1)[1]
    with pytest.raises(ValueError, match="check letters do not match"):
        decode_result(forged)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "expected CLASS-PUZZLES-CHECK"),
        ("ROOM12", "expected CLASS-PUZZLES-CHECK"),
        ("ROOM12-2A09-YC", "incomplete"),
        ("ROOM12-2A09!4-YC", "stray character"),
    ],
)
def test_broken_codes_say_what_is_wrong_in_one_line(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why) as caught:
        decode_result(text)
    assert "\n" not in str(caught.value)


def test_a_result_outside_the_quiz_is_refused() -> None:
    with pytest.raises(ValueError, match="bad missed puzzles"):
        QuizResult("ROOM12", 1, "A", 3, frozenset({4}))
    with pytest.raises(ValueError, match="bad version"):
        QuizResult("ROOM12", 1, "C", 3, frozenset())
