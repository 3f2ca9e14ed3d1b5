"""Cards as text (docs/rulings.md, "Writing cards as text"), where mutation testing (issue 22)
found forms no test read: comma-separated lists, lists of texts, widths in a format, the
deck counts of a pack."""

import pytest

from calypso.engine import cards
from calypso.engine.cards import ALL_CARDS, Card, Rank, Suit, pack, parse_card, parse_cards


def test_cards_may_be_separated_by_commas_spaces_or_both() -> None:
    expected = [
        Card(Rank.NINE, Suit.HEARTS),
        Card(Rank.FOUR, Suit.CLUBS),
        Card(Rank.SIX, Suit.DIAMONDS),
    ]
    assert parse_cards("9H,4C,6D") == expected
    assert parse_cards("9H, 4C 6D") == expected
    assert parse_cards(" 9h  4c,6d ") == expected


def test_cards_may_come_as_a_list_of_texts_or_cards() -> None:
    assert (
        parse_cards(["10H", "TH", "10♥", Card(Rank.TEN, Suit.HEARTS)])
        == [Card(Rank.TEN, Suit.HEARTS)] * 4
    )
    assert parse_cards(("AS",)) == [Card(Rank.ACE, Suit.SPADES)]
    assert parse_cards([]) == []


def test_a_card_in_a_format_takes_the_width_asked_for() -> None:
    card = parse_card("QS")
    assert f"{card:>4}|{card:<3}|{card}" == "  QS|QS |QS"


def test_every_card_index_is_its_own_card() -> None:
    """Cards are numbered suit-major, C < D < H < S, then 2 < ... < A."""
    made = [cards._make(i) for i in range(52)]
    assert made == list(ALL_CARDS)
    assert all(type(c) is Card for c in made)
    assert made[13 * Suit.HEARTS + Rank.QUEEN - 2].symbol == "Q♥"


@pytest.mark.parametrize("decks", [0, -1, 1.5, "4"])
def test_a_pack_needs_a_whole_number_of_decks(decks: int | float | str) -> None:
    with pytest.raises(
        ValueError, match=r"^bad number of decks .*: expected a whole number from 1 up$"
    ):
        pack(decks)  # type: ignore[arg-type]


def test_c2_four_decks_hold_every_card_four_times() -> None:
    calypso_pack = pack(4)
    assert len(calypso_pack) == 208
    assert all(calypso_pack.count(c) == 4 for c in ALL_CARDS)


@pytest.mark.parametrize(("rank", "suit"), [(1, 0), (15, 0), (2, -1), (14, 4)])
def test_a_card_out_of_range_is_refused(rank: int, suit: int) -> None:
    with pytest.raises(
        ValueError, match=r"^bad card rank=.* suit=.*: expected rank 2-14, suit 0-3$"
    ):
        Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "suit"),
    [("hearts", Suit.HEARTS), ("Spade", Suit.SPADES), ("♧", Suit.CLUBS), ("d", Suit.DIAMONDS)],
)
def test_suits_are_read_from_letters_symbols_and_names(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["X", "", "heart s", 3])
def test_a_suit_that_is_none_of_those_is_refused(text: str | int) -> None:
    with pytest.raises(ValueError, match=r"^bad suit .*: expected one of C, D, H, S"):
        Suit.parse(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["1", "11", "B", "0"])
def test_a_rank_that_is_not_2_to_a_is_refused(text: str) -> None:
    with pytest.raises(
        ValueError, match=r"^bad rank .*: expected 2-10, J, Q, K or A \(T for ten\)$"
    ):
        Rank.parse(text)


def test_a_pack_is_one_deck_unless_told() -> None:
    assert pack() == list(ALL_CARDS)


def test_a_suit_name_must_be_spelt_right() -> None:
    with pytest.raises(ValueError, match=r"^bad suit 'heartx'"):
        Suit.parse("heartx")
