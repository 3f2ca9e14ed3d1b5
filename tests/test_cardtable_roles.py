"""The card table split by role: a trick's end is a trait Python sets, the page reads it, and
the page's script is small named functions with no rule of its own.

Expected answers come from the rulings (../shared/RULINGS.md): C1 seats N E S W clockwise with
personal trumps N♥ E♦ S♠ W♣, each seat plays one card to a trick, so a trick of four seats is
over at its fourth card; C4 decides it.
"""

import pathlib
import re

from calypso.engine.cards import parse_cards
from calypso.engine.tricks import resolve_trick
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
from calypso.widgets.assets import CARD_TABLE, STATIC, joined
from calypso.widgets.cardtable import CardTable

TRUMPS = list(DEFAULT_TRUMPS)
SCRIPT = joined(CARD_TABLE)
PARTS = ("cardtable", "tabledata", "tableseats", "trickview", "handview", "assets")


def functions(script: str) -> dict[str, int]:
    """Each top-level function of ``script`` and its length in lines."""
    sizes, name, start = {}, "", 0
    for number, line in enumerate(script.splitlines()):
        found = re.match(r"function (\w+)\(", line)
        if found:
            name, start = found.group(1), number
        elif line == "}" and name:
            sizes[name] = number - start + 1
            name = ""
    return sizes


def test_a_trick_is_done_once_every_seat_has_played_to_it() -> None:
    table = CardTable(piles=True)
    table.set_table(SEATS, TRUMPS, you="S", partners=True)
    cards = parse_cards("9H 4C 2D 6C")  # N leads, then E, S, W: C1's order
    for played in range(1, 5):
        trick = cards[:played]
        table.show_trick(trick, SEATS, TRUMPS, resolve_trick(trick, TRUMPS[:played]))
        assert table.trick_done == (played == 4)
        assert bool(table.verdict) == (played == 4) and bool(table.standing) == (played < 4)
    assert table.verdict["seat"] == "N"  # C4.2: W's 6♣ ruffs N's own-trump lead; the 9 outranks it
    table.show_trick([], SEATS)
    assert not table.trick_done
    table.show_trick(cards, SEATS, TRUMPS)  # no result: over, but no verdict to show
    assert table.trick_done and table.verdict == {}
    table.clear()
    assert not table.trick_done


def test_a_three_seat_trick_is_done_at_its_third_card() -> None:
    table = CardTable()
    table.set_table(["N", "E", "S"], TRUMPS[:3])
    cards = parse_cards("9H 4C 2D")
    table.show_trick(cards, ["N", "E", "S"], TRUMPS[:3], resolve_trick(cards, TRUMPS[:3]))
    assert table.trick_done and table.verdict["seat"] == "N"


def test_the_page_reads_the_end_of_a_trick_and_counts_no_seats_for_it() -> None:
    assert 'model.get("trick_done")' in SCRIPT
    assert '"trick_done"' in SCRIPT.split("function drawTrick", 1)[1].split("\n}\n", 1)[0]
    assert not re.search(
        r'get\("seats"\)\.length\s*[=!]==|[=!]==\s*\w+\.get\("seats"\)\.length', SCRIPT
    )


def test_the_page_is_small_named_functions_and_one_listener_table() -> None:
    sizes = functions(SCRIPT)
    assert sizes["render"] <= 30, sizes["render"]
    assert max(sizes.values()) <= 45, max(sizes.items(), key=lambda item: item[1])
    for draw in ("drawSeats", "drawTrick", "drawHand", "drawVerdict", "drawChoices", "onKey"):
        assert draw in sizes
    assert SCRIPT.count("const LISTENERS = [") == 1
    assert SCRIPT.count("model.on(") == 2  # the listener table's traits, and Python's messages


def test_no_part_of_the_card_table_is_a_big_module() -> None:
    folder = pathlib.Path(STATIC).parent
    for name in PARTS:
        lines = (folder / f"{name}.py").read_text().count("\n")
        assert lines <= 500, (name, lines)
