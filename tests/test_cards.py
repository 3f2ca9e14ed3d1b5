"""Cards, suits, ranks and packs: values, text forms and display."""

import pickle
from collections import Counter

import pytest

from calypso import Card, Rank, Suit, pack, parse_card, parse_cards
from calypso.drawing.faces import SUIT_COLOURS, suit_colour
from calypso.engine.cards import cards_text


@pytest.mark.parametrize("text", ["10H", "TH", "10♥", "th", "10h", " 10H ", "t♥", "10♡"])
def test_every_text_form_of_the_ten_of_hearts(text: str) -> None:
    assert parse_card(text) == Card(Rank.TEN, Suit.HEARTS)


def test_text_and_symbol_forms() -> None:
    card = parse_card("qs")
    assert (str(card), card.symbol, f"{card}", repr(card)) == ("QS", "Q♠", "QS", "Card.parse('QS')")
    assert cards_text(parse_cards("9H 4C")) == "9♥ 4♣"


@pytest.mark.parametrize("bad", ["1H", "10X", "H10", "", "10", "AHH", "11S"])
def test_bad_card_text_names_the_token_and_shows_the_form(bad: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_card(bad)
    assert f"bad card {bad!r}" in str(info.value)
    assert "e.g. 10H or QS" in str(info.value)


def test_cards_are_small_immutable_values() -> None:
    card = parse_card("AS")
    assert isinstance(card, int) and 0 <= card < 52
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card)) == card
    assert {parse_card("AS"), Card(Rank.ACE, Suit.SPADES)} == {card}


def test_sorting_is_by_suit_clubs_first_then_rank() -> None:
    assert [str(c) for c in sorted(parse_cards("AS 2H KC 2C 10D"))] == [
        "2C",
        "KC",
        "10D",
        "2H",
        "AS",
    ]


def test_suits_and_ranks_parse_and_order() -> None:
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert [Suit.parse(t) for t in ("c", "♦", "hearts", "Spade")] == list(Suit)
    assert Rank.parse("T") is Rank.TEN and Rank.ACE.text == "A"
    with pytest.raises(ValueError, match="bad suit 'X'"):
        Suit.parse("X")
    with pytest.raises(ValueError, match="bad rank '1'"):
        Rank.parse("1")


def test_the_208_card_pack_is_four_of_every_card() -> None:
    cards = pack(decks=4)
    assert len(cards) == 208
    assert set(Counter(cards).values()) == {4}
    with pytest.raises(ValueError, match="bad number of decks 0"):
        pack(0)


def test_card_face_html_uses_the_four_colour_palette_and_the_text_form() -> None:
    colours = {s: suit_colour(s) for s in Suit}
    assert len(set(colours.values())) == 4
    for text, suit in [
        ("AS", Suit.SPADES),
        ("AH", Suit.HEARTS),
        ("AD", Suit.DIAMONDS),
        ("AC", Suit.CLUBS),
    ]:
        html = parse_card(text)._repr_html_()
        assert f"color:{suit_colour(suit)}" in html
        assert f'data-card="{text}"' in html and f'aria-label="A{suit.symbol}"' in html
    assert suit_colour(Suit.SPADES) == "#111111" and suit_colour(Suit.HEARTS) == "#c62828"
    assert colours == dict(SUIT_COLOURS)


def test_the_cards_know_nothing_of_display_colours() -> None:
    assert not any(hasattr(s, "colour") for s in Suit)
