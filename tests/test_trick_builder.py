"""Chapter 02's trick builder: the card picker and the text entry kept in step, and links.

Expected winners come from the rulings (../shared/RULINGS.md): C1 seats N E S W clockwise,
default personal trumps N♥ E♦ S♠ W♣; C4 decides each trick; C5 names the ruff-wins variant.
"""

from hypothesis import given
from hypothesis import strategies as st

from calypso.engine.cards import ALL_CARDS, Suit, parse_cards
from calypso.lessons.examples import WORKED_EXAMPLES
from calypso.partnership.game import SEATS
from calypso.widgets import CardPicker, TrickBuilder
from calypso.widgets.link import PageLink
from calypso.widgets.trickstate import VARIANTS, TrickState


def offered(picker: CardPicker) -> list[str]:
    return [c["text"] for row in picker.rows for c in row["cards"] if c["playable"]]


def rule_of(builder: TrickBuilder) -> str:
    """The id of the rule that decided the builder's trick (it has one)."""
    assert builder.result is not None
    return builder.result.rule.value


def link_of(builder: TrickBuilder) -> PageLink:
    """The builder's page link (it has one)."""
    assert builder.link is not None
    return builder.link


def test_picking_cards_fills_the_trick_in_order_and_updates_the_text() -> None:
    builder = TrickBuilder()
    builder.leader.value = "N"
    builder.clear()
    assert builder.text.value == "" and builder.result is None
    for card in ("9H", "4C", "6D"):
        builder.picker.receive({"type": "pick", "card": card})
    # N leads 9♥, N's own trump; E's 4♣ and S's 6♦ are not their players' trumps, so nobody
    # ruffed and the leader wins (C4.1).
    assert builder.text.value == "9H 4C 6D"
    assert builder.winner == "N" and rule_of(builder) == "C4.1"
    assert [p["card"] and p["card"]["text"] for p in builder.picker.positions] == [
        "9H",
        "4C",
        "6D",
        None,
    ]
    assert [p["current"] for p in builder.picker.positions] == [False, False, False, True]
    builder.picker.receive({"type": "undo"})
    assert builder.text.value == "9H 4C"
    builder.picker.receive({"type": "position", "index": 0})
    builder.picker.receive({"type": "pick", "card": "2D"})
    # N leads 2♦, not N's trump, and E's 4♣ is no ruff: the highest ♦ wins (C4.3).
    assert builder.text.value == "2D 4C" and rule_of(builder) == "C4.3"
    assert builder.winner == "N"


def test_typing_a_trick_updates_the_picker_and_the_table() -> None:
    builder = TrickBuilder()
    builder.leader.value = "S"
    builder.type_text("9h, 4c  2♥ 6D")
    # S leads 9♥; W ruffs 4♣, N follows 2♥, E ruffs 6♦: the highest ruff wins (C4.4).
    assert builder.played == parse_cards("9H 4C 2H 6D")
    assert builder.text.value == "9H 4C 2H 6D"
    assert builder.winner == "E" and builder.trick.verdict["rule"] == "C4.4"
    assert [entry["card"]["text"] for entry in builder.trick.trick] == ["9H", "4C", "2H", "6D"]
    assert [p["card"]["text"] for p in builder.picker.positions] == ["9H", "4C", "2H", "6D"]
    assert offered(builder.picker) == []  # four cards: choose a position or undo first


def test_bad_text_is_said_in_plain_words_and_the_verdict_is_cleared() -> None:
    builder = TrickBuilder()
    before = builder.played
    builder.type_text("9H 4C 6D 2X")
    note = builder.text_field.note.value
    assert "“2X” is not a card: use a rank 2–10, J, Q, K or A and a suit letter" in note
    assert "bad card" not in note and "expected" not in note
    assert builder.trick.verdict == {} and not any(e["winning"] for e in builder.trick.trick)
    assert "calypso-stale" in builder.compare._dom_classes
    assert builder.played == before
    builder.type_text("9H 4C 6D 2H 3H")
    assert "at most four cards" in builder.text_field.note.value
    builder.type_text("JD QS")
    # S (the example's leader) leads J♦, not S's trump, and W's Q♠ is no ruff (W's trump is ♣):
    # J♦ is winning so far (C4.3), and with N and E still to play there is no verdict yet.
    assert builder.text_field.note.value == "" and builder.trick.verdict == {}
    assert builder.trick.standing == (
        "S's J♦ is winning so far (C4.3 as things stand); N and E are still to play."
    )


def test_keys_step_through_the_examples_and_reveal() -> None:
    builder = TrickBuilder(preset=WORKED_EXAMPLES[-1].key)
    builder.picker.receive({"type": "key", "key": "next"})
    assert builder.example == WORKED_EXAMPLES[0]  # round the list
    builder.picker.receive({"type": "key", "key": "previous"})
    assert builder.example == WORKED_EXAMPLES[-1]
    builder.reveal.value = True
    builder.next.click()
    assert builder.trick.reveal_mode and not builder.trick.revealed
    builder.picker.receive({"type": "key", "key": "reveal"})
    assert builder.trick.revealed
    builder.picker.receive({"type": "key", "key": "format the disk"})  # ignored
    assert builder.example == WORKED_EXAMPLES[0]


def test_presenter_mode_numbers_the_examples_and_makes_the_cards_bigger() -> None:
    builder = TrickBuilder()
    builder.presenter.value = True
    assert builder.trick.presenter
    assert [b.description for b in builder.presets] == [
        str(n) for n in range(1, len(WORKED_EXAMPLES) + 1)
    ]
    builder.presenter.value = False
    assert builder.presets[0].description == WORKED_EXAMPLES[0].title


def test_the_link_follows_the_trick_and_a_link_reproduces_it() -> None:
    builder = TrickBuilder()
    builder.set_trick("E", "KD 4S 2D 3D")
    builder.variant.value = "ruff-wins"
    builder.reveal.value = True
    link = link_of(builder).value
    assert link == "E.KD-4S-2D-3D.HDSC.ruff-wins.r"
    fresh = TrickBuilder()
    link_of(fresh).opened = link  # what the page does when its address holds #trick=...
    assert fresh.state == builder.state
    # C5 ruff-wins: the 4♠ ruff beats E's led K♦.
    assert fresh.winner == "S" and rule_of(fresh) == "C5.ruff-wins"
    assert fresh.trick.reveal_mode and not fresh.trick.revealed


def test_a_bad_link_shows_the_first_example_and_says_so() -> None:
    builder = TrickBuilder()
    link_of(builder).opened = "N.9X.HDSC.ranked"
    assert builder.example == WORKED_EXAMPLES[0]
    assert "does not hold a trick" in builder.about.value


def test_a_dealt_link_keeps_only_the_legal_start_of_its_trick() -> None:
    builder = TrickBuilder()
    builder.check_legal.value = True
    for _ in range(2):
        builder.picker.receive({"type": "pick", "card": offered(builder.picker)[0]})
    fresh = TrickBuilder()
    link_of(fresh).opened = link_of(builder).value
    assert fresh.state == builder.state and fresh.check_legal.value
    link_of(fresh).opened = ""  # the page reports an address only once; no change here
    stray = TrickState("N", tuple(parse_cards("2S 2S")), deal=1)
    fresh.apply(stray)
    assert len(fresh.played) < 2 and "cannot be played there" in fresh.about.value


states = st.builds(
    TrickState,
    leader=st.sampled_from(SEATS),
    cards=st.lists(st.sampled_from(ALL_CARDS), max_size=4).map(tuple),
    trumps=st.permutations(list(Suit)).map(tuple),
    variant=st.sampled_from(list(VARIANTS)),
    reveal=st.booleans(),
    deal=st.none() | st.integers(0, 2**31 - 1),
)


@given(states)
def test_any_trick_state_survives_its_link(state: TrickState) -> None:
    link = state.to_link()
    assert TrickState.from_link(link) == state
    assert all(ch.isalnum() or ch in ".-" for ch in link), "safe in a URL fragment as it is"


def test_the_picker_ignores_what_it_does_not_expect() -> None:
    picker = CardPicker()
    heard: list[object] = []
    picker.on_position(heard.append)
    picker.on_key(heard.append)
    picker.show_positions(["1st · N"], [], current=0)
    for message in (
        {"type": "position", "index": 5},
        {"type": "position", "index": "0"},
        {"type": "key", "key": "delete"},
        {"type": "undo", "extra": 1},
        ["pick"],
    ):
        picker.receive(message)
    picker.receive({"type": "position", "index": 0})
    assert heard == [0]
