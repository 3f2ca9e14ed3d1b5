"""The glossary of ruling ids (calypso/lessons/glossary.py) against docs/rulings.md: every id the
rulings define has words, and the glossary names no id the rulings do not define."""

from __future__ import annotations

import pathlib
import re

import pytest

from calypso import i18n
from calypso.engine.tricks import Rule
from calypso.lessons import glossary
from calypso.lessons.chapters import find_chapter

RULINGS = pathlib.Path(__file__).resolve().parents[1] / "docs" / "rulings.md"


def _defined_ids() -> list[str]:
    """The ids docs/rulings.md defines: each ruling's heading (``### C4 Who wins``), each case
    in bold (``- **C4.1** ...``) and each row of the trick verdict ids' table."""
    text = RULINGS.read_text(encoding="utf-8")
    ids = re.findall(r"^### ([A-Z]\d+) ", text, re.M)
    ids += re.findall(r"^- \*\*([A-Z]\d+\.[\w-]+)\*\*", text, re.M)
    ids += re.findall(r"^\| `([A-Z]\d+\.[\w-]+)` \|", text, re.M)
    return list(dict.fromkeys(ids))


def test_the_rulings_define_the_ids_this_test_expects() -> None:
    ids = _defined_ids()
    assert {"C1", "C8", "C4.1", "C4.5", "C5.ruff-wins", "A10", "P5", "B4.2", "W5.1", "W7"} <= set(
        ids
    )
    assert len(ids) == 46


def test_every_id_the_rulings_define_has_words_and_none_is_made_up() -> None:
    assert sorted(r.id for r in glossary.RULINGS) == sorted(_defined_ids())
    for rule_id in _defined_ids():
        assert glossary.rule_words(rule_id).strip()


def test_every_verdict_id_the_engine_gives_has_words() -> None:
    for rule in Rule:
        assert glossary.rule_words(rule.value)


def test_an_unknown_id_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'C9'"):
        glossary.rule_words("C9")
    with pytest.raises(ValueError, match=r"'c4\.4'"):
        glossary.rule_words("c4.4")


def test_words_are_plain_titles_each_its_own() -> None:
    words = [glossary.rule_words(r.id) for r in glossary.RULINGS]
    assert len(set(words)) == len(words)
    assert all(not w.endswith(".") and len(w) <= 100 for w in words)


def test_each_ruling_is_taught_under_a_heading_of_its_chapter() -> None:
    notebooks = RULINGS.parents[1] / "notebooks"
    for entry in glossary.RULINGS:
        page = (notebooks / find_chapter(entry.chapter).file).read_text(encoding="utf-8")
        assert f"## {entry.heading}" in page, entry


def test_the_list_in_chapter_00_has_an_anchor_per_id_in_both_languages() -> None:
    for lang in ("en", "hu"):
        with i18n.language(lang):
            html = glossary.glossary_html()
        for entry in glossary.RULINGS:
            assert f'id="{glossary.rule_anchor(entry.id)}"' in html
    with i18n.language("hu"):
        assert glossary.rule_href("C4.4") == "00-welcome.ipynb#rule-C4.4"
        assert glossary.taught_in("C6") == "03-building-calypsos.ipynb"  # a Hungarian page
        assert glossary.taught_in("W5.1") == "10-cousins.ipynb"
