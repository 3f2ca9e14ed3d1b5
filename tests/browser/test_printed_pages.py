"""The teacher's printed pages, printed to PDF by Debian's Chromium as a teacher's browser
prints them: the rules handout (C1, C3, C4), the whole-game sheet (C1 to C4, C6 to C8), the
worksheet and its answer key each fit one A4 page, in English and in Hungarian, whose words are
longer. The whole-game sheet names only rule ids that docs/rulings.md has, prints C7's figures as
its table gives them, and colours each card's text by its suit. The PDFs are kept in
test-artifacts/ to look at."""

from __future__ import annotations

import base64
import pathlib
import re

import pytest
from live_site import new_context
from playwright.sync_api import Browser

from calypso import i18n
from calypso.drawing import printed as printed_drawing
from calypso.lessons.quiz import LEVELS, make_quiz
from calypso.widgets.desk import ClassSetup, handout_examples

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULINGS = (ROOT / "docs" / "rulings.md").read_text()
ARTIFACTS = ROOT / "test-artifacts"
LANGUAGES = ("en", "hu")
SUIT_COLOURS = {"♠": "#111111", "♥": "#c62828", "♦": "#1f5fbf", "♣": "#1a7f37"}
"""The site's four colours: ♠ black, ♥ red, ♦ blue, ♣ green."""


def pages(desk: ClassSetup) -> dict[str, str]:
    """Each download the desk offers, by file name, decoded."""
    link = r'download="([^"]+)" href="data:text/html;base64,([^"]+)"'
    return {
        name: base64.b64decode(data).decode() for name, data in re.findall(link, desk.sheets.value)
    }


def printed_pages(browser: Browser, html: str, name: str) -> int:
    """How many A4 pages Chromium prints ``html`` on (its PDF's page objects, not the page
    tree's ``/Pages``); the PDF is kept as test-artifacts/``name``.pdf."""
    page = new_context(browser).new_page()
    try:
        page.set_content(html)
        pdf = page.pdf(format="A4")
    finally:
        page.close()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.pdf").write_bytes(pdf)
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def text_of(html: str) -> str:
    """A page's words: no style sheet, no title, no tags."""
    return re.sub(r"\s+", " ", re.sub(r"<(style|title)>.*?</\1>|<[^>]+>", " ", html))


def ruling_ids() -> set[str]:
    """Every id docs/rulings.md defines: each ruling's heading and each trick verdict id."""
    headings = re.findall(r"^### ([A-Z]\d+) ", RULINGS, re.M)
    verdicts = re.findall(r"^\| `([A-Z]\d+\.[\w-]+)` \|", RULINGS, re.M)
    return set(headings) | set(verdicts)


def c7_figures() -> list[int]:
    """C7's points as docs/rulings.md gives them: its table's rows, then a side's pile card."""
    section = RULINGS[RULINGS.index("### C7 ") : RULINGS.index("### C8 ")]
    rows = re.findall(r"^\| [a-z][^|]* \| ([\d,]+) \|$", section, re.M)
    pile = re.search(r"and (\d+) for every card in its won-tricks pile", section)
    assert len(rows) == 5 and pile, "docs/rulings.md's C7 is not laid out as this test reads it"
    return [int(points.replace(",", "")) for points in rows] + [int(pile[1])]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_handout_and_the_whole_game_sheet_print_on_one_a4_page_each(
    browser: Browser, lang: str
) -> None:
    with i18n.language(lang):
        sheets = {
            "handout": printed_drawing.handout(handout_examples()),
            "game": printed_drawing.game_sheet(),
        }
    for name, html in sheets.items():
        assert printed_pages(browser, html, f"printed-{name}-{lang}") == 1, name


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_worksheet_and_its_answer_key_print_on_one_a4_page_each(
    browser: Browser, level: int, lang: str
) -> None:
    puzzles = make_quiz("ROOM12", level, version="B")
    assert len(puzzles) == 10
    with i18n.language(lang):
        sheets = {
            "worksheet": printed_drawing.worksheet(puzzles, "ROOM12", str(level), "B"),
            "answer-key": printed_drawing.answer_key(puzzles, "ROOM12", str(level), "B"),
        }
    for name, html in sheets.items():
        assert printed_pages(browser, html, f"printed-{name}-{level}-{lang}") == 1, name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_whole_game_sheet_names_the_rulings_and_prints_c7_as_ruled(lang: str) -> None:
    with i18n.language(lang):
        sheet = printed_drawing.game_sheet()
    named = set(re.findall(r"\b([A-Z]\d+(?:\.\d+)?)\b", text_of(sheet)))
    assert named <= ruling_ids(), named - ruling_ids()
    wanted = {"C1", "C2", "C3", "C4", "C6", "C7", "C8"} | {f"C4.{case}" for case in range(1, 6)}
    assert wanted <= named, wanted - named
    c7 = re.search(r'<table class="calypso-table c7">.*?</table>', sheet)
    assert c7, "no C7 table"
    printed = re.findall(r"<td>([^<]*)</td></tr>", c7[0])
    assert [int(re.sub(r"\D", "", points)) for points in printed] == c7_figures()


def test_the_whole_game_sheet_writes_its_cards_in_their_suits_colours() -> None:
    sheet = printed_drawing.game_sheet()
    cards = re.findall(r'<b style="color:(#\w+)">(10|[2-9JQKA])([♠♥♦♣])</b>', sheet)
    assert {(rank, suit) for _, rank, suit in cards} == {
        ("9", "♥"),
        ("3", "♥"),
        ("5", "♦"),
        ("K", "♥"),
    }
    assert all(colour == SUIT_COLOURS[suit] for colour, _, suit in cards)
    # The example is C4.4's: W leads a heart, N (own hearts) follows, E alone ruffs and wins.
    assert "The only ruff wins: E takes the trick (C4.4)." in text_of(sheet)
    suits = re.findall(r'<span style="color:(#\w+)" title="\w+">([♠♥♦♣])</span>', sheet)
    assert {suit for _, suit in suits} == set(SUIT_COLOURS)
    assert all(colour == SUIT_COLOURS[suit] for colour, suit in suits)


def test_the_desk_offers_the_whole_game_sheet_beside_the_handout() -> None:
    offered = pages(ClassSetup())
    names = list(offered)
    assert names.index("calypso-whole-game.html") == names.index("calypso-rules-handout.html") + 1
    assert offered["calypso-whole-game.html"] == printed_drawing.game_sheet()
