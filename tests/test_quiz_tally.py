"""The quiz's tally of misses by ruling puts each ruling's short title in brackets, never a
sentence with its full stop (a Hungarian reader found „(… viszi az ütést.): 4 hiba")."""

from __future__ import annotations

import re

import pytest

from calypso.drawing import tricks
from calypso.i18n import language
from calypso.lessons.quiz import make_quiz


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_each_ruling_in_the_tally_is_a_title_without_a_full_stop(lang: str) -> None:
    puzzles = make_quiz("ROOM12", 3)
    with language(lang):
        ending = tricks.quiz_ending(
            [(p, "N" if p.answer != "N" else "E") for p in puzzles], right=0, asked=10, code=None
        )
    items = re.findall(r"<li><b>([^<]+)</b> \(([^)]*(?:\([^)]*\))?[^)]*)\): (\d+) ", ending)
    assert len(items) == len({p.result.rule for p in puzzles}) >= 2, ending
    for rule_id, title, _count in items:
        assert not title.endswith("."), (rule_id, title)
        assert title[:1].isupper(), (rule_id, title)
    assert sum(int(n) for _, _, n in items) == len(puzzles)
