"""The card table's data, built in Python from engine values, and the messages it accepts.

Expected winners come from the rulings (../shared/RULINGS.md): C1 seats N E S W clockwise,
partners N-S and E-W, default personal trumps N♥ E♦ S♠ W♣; C4 decides each trick.
"""

import json
import pathlib
import re
import subprocess
import sys
import zipfile

import pytest

from calypso.drawing.faces import SUIT_COLOURS
from calypso.engine.cards import Card, Suit, parse_card, parse_cards
from calypso.engine.table import play_order
from calypso.engine.tricks import refusals, resolve_trick
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
from calypso.widgets.assets import CARD_TABLE, STATIC, joined
from calypso.widgets.cardtable import CardTable
from calypso.widgets.tabledata import face
from calypso.words.tricks import explain, refusal_reason

TRUMPS = dict(zip(SEATS, DEFAULT_TRUMPS, strict=True))
ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_a_card_face_is_text_in_the_renderers_palette() -> None:
    ten = face(parse_card("10H"))
    assert ten == {
        "text": "10H",
        "rank": "10",
        "symbol": "♥",
        "colour": SUIT_COLOURS[Suit.HEARTS],
        "label": "10 of hearts",
    }
    assert ten["colour"] == "#c62828"  # ♥ red
    colours = {face(parse_card(f"A{s}"))["colour"] for s in "CDHS"}
    assert colours == set(SUIT_COLOURS.values()) and len(colours) == 4
    assert face(parse_card("QS"))["label"] == "queen of spades"


def test_seats_go_round_from_you_with_partners_trumps_and_hidden_counts() -> None:
    table = CardTable()
    table.set_table(SEATS, DEFAULT_TRUMPS, you="E", partners=True, hidden=13, turn="E")
    seats = {s["seat"]: s for s in table.seats}
    assert [s["seat"] for s in table.seats] == ["E", "S", "W", "N"]  # clockwise from you
    # N top, E right, S bottom, W left on every table, whoever you are
    assert [s["place"] for s in table.seats] == ["right", "bottom", "left", "top"]
    assert seats["W"]["role"] == "partner" and seats["E"]["role"] == "you"
    assert seats["S"]["role"] == "left-hand opponent"
    assert seats["N"]["role"] == "right-hand opponent"
    assert (seats["N"]["side"], seats["E"]["side"]) == ("N–S", "E–W")
    for seat, suit in TRUMPS.items():
        assert seats[seat]["trump"] == {
            "symbol": suit.symbol,
            "name": suit.name.lower(),
            "colour": SUIT_COLOURS[suit],
        }
    # Hidden hands are counts for the backs, never cards; your own hand is not hidden.
    assert [seats[s]["count"] for s in "NSW"] == [13, 13, 13]
    assert seats["E"]["count"] is None
    assert seats["E"]["turn"] and not any(seats[s]["turn"] for s in "NSW")
    assert [seats[s]["held"] for s in "NSW"] == ["13 cards"] * 3 and seats["E"]["held"] == ""
    faces = [seat.pop("held") for seat in table.seats]  # the count's words name no card
    assert "card" not in json.dumps(table.seats) and faces.count("13 cards") == 3


def test_compass_seats_keep_their_places_for_three_players_too() -> None:
    table = CardTable()
    table.set_table(["N", "E", "W"], you="N")
    assert {s["seat"]: s["place"] for s in table.seats} == {"N": "top", "E": "right", "W": "left"}


def test_three_to_seven_seats_ring_the_felt() -> None:
    for count in range(3, 8):
        table = CardTable()
        names = [f"P{i}" for i in range(count)]
        table.set_table(names, [None] * count, you="P0")
        places = [s["place"] for s in table.seats]
        assert places[0] == "bottom" and places[1] == "left" and places[-1] == "right"
        assert places[2:-1] == ["top"] * (count - 3)
        assert all(s["trump"] is None for s in table.seats)
        assert {s["role"] for s in table.seats[1:]} == {"opponent"} or count == 4
    with pytest.raises(ValueError, match="bad seats"):
        CardTable().set_table(["N", "N"])
    with pytest.raises(ValueError, match="bad seat 'X'"):
        CardTable().set_table(SEATS, you="X")


def test_a_growing_trick_marks_the_card_winning_so_far_and_the_verdict_names_it() -> None:
    table = CardTable()
    table.set_table(SEATS, TRUMPS, you="S", partners=True)
    seats = play_order("W", SEATS)  # W leads 9♥; W's trump is ♣
    cards = parse_cards("9H KH 2D 7H")
    expected = ["W", "N", "E", "E"]  # C4.3, then E's ruff with its own ♦ (C4.4)
    rules = ["C4.3", "C4.3", "C4.4"]
    still = ["N, E and S are", "E and S are", "S is"]
    for n in range(1, 5):
        trumps = [TRUMPS[s] for s in seats[:n]]
        result = resolve_trick(cards[:n], trumps)
        table.show_trick(cards[:n], seats, trumps, result)
        winning = [(t["seat"], t["mark"]) for t in table.trick if t["winning"]]
        if n < 4:  # not over: the card winning so far is marked, and there is no verdict
            assert winning == [(expected[n - 1], "winning so far")]
            assert table.verdict == {}
            assert table.standing == (
                f"{expected[n - 1]}'s {result.winning_card.symbol} is winning so far "
                f"({rules[n - 1]} as things stand); {still[n - 1]} still to play."
            )
        else:
            assert winning == [("E", "wins")]
            assert table.verdict["seat"] == "E" and table.standing == ""
            assert table.verdict["headline"] == "E wins with 2♦"
            assert table.verdict["sentence"] == explain(result)
    assert table.verdict["rule"] == "C4.4" and table.verdict["card"]["text"] == "2D"
    assert [t["mark"] for t in table.trick] == ["", "", "wins", ""]
    assert [t["order"] for t in table.trick] == ["1st", "2nd", "3rd", "4th"]
    assert [t["trump"]["symbol"] for t in table.trick] == ["♣", "♥", "♦", "♠"]
    assert [s["leader"] for s in table.seats] == [False, True, False, False]  # S W N E


def test_a_trick_seats_its_players_when_the_table_was_not_set() -> None:
    table = CardTable()
    cards = parse_cards("KD 4S")
    table.show_trick(cards, ["E", "S"], [Suit.DIAMONDS, Suit.SPADES])
    assert [s["seat"] for s in table.seats] == ["E", "S"]
    assert table.verdict == {} and not any(t["winning"] for t in table.trick)
    with pytest.raises(ValueError, match="bad trick"):
        table.show_trick(cards, ["E"], None)


def test_the_hand_says_which_cards_can_be_played_why_not_and_which_is_the_hint() -> None:
    table = CardTable()
    hand = parse_cards("2H 7H QS 3C")
    trick = parse_cards("9H")
    why = {card: refusal_reason(no) for card, no in refusals(hand, trick, Suit.SPADES).items()}
    assert set(why) == set(parse_cards("QS 3C"))
    assert why[parse_card("QS")] == "you must follow ♥ (you hold 2♥ 7♥)"
    table.show_hand(
        hand,
        playable=[c for c in hand if c not in why],
        why=why,
        hint=parse_card("2H"),
        hint_why="Keep the 7.",
    )
    rows = {c["text"]: c for c in table.hand}
    assert [c["text"] for c in table.hand] == ["2H", "7H", "QS", "3C"]
    assert rows["2H"]["playable"] and rows["2H"]["hint"] and rows["2H"]["why"] == ""
    assert not rows["QS"]["playable"] and "must follow ♥" in rows["QS"]["why"]
    assert rows["3C"]["colour"] == SUIT_COLOURS[Suit.CLUBS]
    assert table.hint == "Keep the 7."
    table.show_hand(hand, playable=[], why=lambda c: f"wait, {c.symbol}")
    assert table.hand[0]["why"] == "wait, 2♥" and table.hint == ""
    table.show_hand(hand)
    assert all(c["playable"] for c in table.hand)


def test_clicks_reach_the_callbacks_and_anything_unexpected_is_ignored() -> None:
    table = CardTable()
    played: list[Card] = []
    revealed: list[bool] = []
    table.on_card(played.append)
    table.on_reveal(lambda: revealed.append(True))
    table.show_hand(parse_cards("2H 7H QS"), playable=parse_cards("2H 7H"))
    for message in (
        {"type": "card", "card": "7H"},
        {"type": "card", "card": "7♥"},  # any card text the engine reads
        {"type": "card", "card": "QS"},  # not playable
        {"type": "card", "card": "AS"},  # not in the hand
        {"type": "card", "card": "1Z"},
        {"type": "card", "card": 7},
        {"type": "card"},
        {"type": "reveal"},  # reveal mode is off
        {"type": "shuffle"},
        {"card": "2H"},
        "card 2H",
        None,
        [1, 2],
    ):
        table.receive(message)
        table._on_message(table, message, [])  # the path the comm takes
    assert played == [parse_card("7H")] * 4
    assert revealed == [] and not table.revealed


def test_reveal_mode_reveals_once_and_a_new_trick_hides_again() -> None:
    table = CardTable(reveal_mode=True)
    revealed: list[bool] = []
    table.on_reveal(lambda: revealed.append(True))
    cards = parse_cards("KD 4S 2D 3D")
    seats = play_order("E", SEATS)
    trumps = [TRUMPS[s] for s in seats]
    table.show_trick(cards, seats, trumps, resolve_trick(cards, trumps))
    assert table.answer["headline"] == "E wins with K♦"  # C4.2: ranks decide
    # Until Reveal the page is sent no verdict and no winning mark, only that one waits.
    assert table.verdict == {} and table.waiting and table.standing == ""
    assert not any(e["winning"] or e["mark"] for e in table.trick)
    table.receive({"type": "reveal"})
    table.receive({"type": "reveal"})
    assert table.revealed and revealed == [True]
    assert table.verdict["headline"] == "E wins with K♦" and not table.waiting
    assert [e["mark"] for e in table.trick] == ["wins", "", "", ""]
    table.show_trick(cards[:2], seats, trumps, resolve_trick(cards[:2], trumps[:2]))
    assert not table.revealed and table.standing == "" and table.answer == {}
    table.reveal_mode = False  # hiding off: the card winning so far is shown again
    assert table.standing.startswith("E's K♦ is winning so far")
    assert table.trick[0]["winning"]
    table.clear()
    assert (table.trick, table.hand, table.verdict, table.hint) == ([], [], {}, "")
    assert table.standing == ""


def test_the_front_end_ships_in_the_package_and_knows_no_cards() -> None:
    script = joined(CARD_TABLE)
    style = (STATIC / "cardtable.css").read_text()
    assert str(CardTable._esm) == script and str(CardTable._css) == style
    assert "export default" in script
    for text in (script, style):
        assert not re.search(r"\bimport\b|https?://|url\(|@font-face", text)
        assert not re.search(r"[♣♦♥♠]|hearts|spades|clubs|diamonds", text)
    assert 'aria-live", "polite"' in script


def test_the_wheel_carries_the_front_end(tmp_path: pathlib.Path) -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"static/*.js", "static/*.css"' in pyproject
    assert re.search(r'"anywidget>=0\.11,<0\.12"', pyproject)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            str(ROOT),
            "-w",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for name in CARD_TABLE:
        assert f"calypso/widgets/static/{name}" in names
    assert "calypso/widgets/static/cardtable.css" in names


def test_seats_picked_and_next_reach_their_callbacks_only_when_asked_for() -> None:
    table = CardTable(reveal_mode=True)
    table.set_table(SEATS, TRUMPS, bottom="S", partners=True)
    picked: list[str] = []
    onward: list[bool] = []
    table.on_seat(picked.append)
    table.on_next(lambda: onward.append(True))
    table.receive({"type": "seat", "seat": "N"})  # seats are not buttons yet
    table.receive({"type": "next"})  # no Next button yet
    assert picked == [] and onward == []
    table.seat_pick, table.next_label = True, "Next puzzle"
    for message in (
        {"type": "seat", "seat": "W"},
        {"type": "seat", "seat": "X"},  # not at the table
        {"type": "seat", "seat": 3},
        {"type": "seat"},
        {"type": "next"},
    ):
        table.receive(message)
    assert picked == ["W"] and onward == [True]


def test_named_keys_reach_their_callbacks_and_other_keys_do_not() -> None:
    table = CardTable()
    heard: list[str] = []
    table.on_key(heard.append)
    table.receive({"type": "key", "key": "next"})  # no keys named yet
    table.key_names, table.page_keys = {"n": "next", "p": "previous"}, True
    for message in (
        {"type": "key", "key": "next"},
        {"type": "key", "key": "n"},
        {"type": "key", "key": "format the disk"},
        {"type": "key"},
        {"type": "key", "key": "previous"},
    ):
        table.receive(message)
    assert heard == ["next", "previous"]


def test_feedback_joins_the_verdict_it_judges() -> None:
    table = CardTable(reveal_mode=True)
    with pytest.raises(ValueError, match="no verdict"):
        table.give_feedback("Right!", right=True)
    cards = parse_cards("9H KH 2D 7H")
    seats = play_order("W", SEATS)
    trumps = [TRUMPS[s] for s in seats]
    table.show_trick(cards, seats, trumps, resolve_trick(cards, trumps))
    table.give_feedback("Not quite: you chose N.", right=False)
    assert table.verdict == {}, "hidden until revealed"
    table.revealed = True  # as a quiz does, once the learner has answered
    assert table.verdict["seat"] == "E"  # C4.4: E's 2♦ ruffs the ♥ lead
    said = (table.verdict["feedback"], table.verdict["tone"])
    assert said == ("Not quite: you chose N.", "wrong")
