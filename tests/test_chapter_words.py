"""Sentences of the chapters that state a rule, each checked by building the case it describes.

Each test finds the sentence in its notebook, builds the trick or the schedule the sentence
talks about, and compares the sentence's claim with what docs/rulings.md (C4, C6, W2) says the
engine must do. A sentence rewritten so that it no longer says what is tested here fails.
"""

import json
import pathlib
import re

from hypothesis import given
from hypothesis import strategies as st

from calypso.engine.cards import ALL_CARDS, Card, Suit, parse_cards
from calypso.engine.tricks import Rule, resolve_trick
from calypso.partnership.calypsos import Calypso, Where, route
from calypso.whist.collett_whist import ROUNDS, cards_in_round

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
SEATS = "NESW"
TRUMPS = {"N": Suit.HEARTS, "E": Suit.DIAMONDS, "S": Suit.SPADES, "W": Suit.CLUBS}  # C1


def words(notebook: str) -> str:
    """The markdown of a chapter, with its line breaks folded into single spaces."""
    cells = json.loads((NOTEBOOKS / notebook).read_text())["cells"]
    text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(text.split())


def trumps_from(leader: str) -> list[Suit]:
    """Each card's player's personal trump, in play order from ``leader`` (C1)."""
    start = SEATS.index(leader)
    return [TRUMPS[SEATS[(start + i) % 4]] for i in range(4)]


def in_play_order(leader: str, cards: str) -> tuple[list[Card], list[Suit]]:
    played = parse_cards(cards)
    return played, trumps_from(leader)[: len(played)]


# -- chapter 01: a revoke is refused, not put right (C3, C5) --------------------------------


def test_chapter_01_says_what_the_site_does_with_a_revoke_and_nothing_the_sources_do_not() -> None:
    text = words("01-the-table.ipynb")
    assert "must put it right" not in text
    assert "the card is simply refused" in text


# -- chapter 02: the five cases (C3, C4) -----------------------------------------------------


def five_case_row(case: str) -> str:
    row = re.search(rf"\| {re.escape(case)} \|[^\n]*", words("02-who-wins-the-trick.ipynb"))
    assert row, f"chapter 02's table has no row for {case}"
    return row.group(0)


def test_the_tie_row_says_the_tie_is_for_the_highest_rank() -> None:
    row = five_case_row("C4.5")
    assert "share the highest rank" in row and "played first" in row
    # The counter-example to the old row: N leads 2♥ (own trump), E ruffs 3♦, S ruffs 3♠,
    # W ruffs 9♣. Two deciding cards share a rank, but not the highest: W's 9♣ wins by C4.2.
    cards, trumps = in_play_order("N", "2H 3D 3S 9C")
    result = resolve_trick(cards, trumps)
    assert (SEATS[result.winner], result.rule) == ("W", Rule.LEADER_TRUMP_RUFFED)
    # The case the row describes: S leads 9♥, W ruffs 6♣ and E ruffs 6♦, the highest ruffs
    # share rank 6, so the one played first, W's, takes it (C4.5).
    cards, trumps = in_play_order("S", "9H 6C 2H 6D")
    result = resolve_trick(cards, trumps)
    assert (("S", "W", "N", "E")[result.winner], result.rule) == ("W", Rule.TIE_FIRST_PLAYED)


def deciding(cards: list[Card], trumps: list[Suit]) -> list[int]:
    """The cards that compete on rank under C4.2, C4.3 or C4.4, read from the ruling."""
    led = cards[0].suit
    ruffs = [i for i in range(1, 4) if cards[i].suit == trumps[i] != led]
    if led == trumps[0]:
        return [0, *ruffs]
    return ruffs or [i for i in range(4) if cards[i].suit == led]


@given(st.sampled_from(SEATS), st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4))
def test_c4_5_is_reported_exactly_when_deciding_cards_share_the_highest_rank(
    leader: str, cards: list[Card]
) -> None:
    trumps = trumps_from(leader)
    result = resolve_trick(cards, trumps)
    if result.rule is Rule.LEADER_TRUMP_UNRUFFED:
        return
    competing = deciding(cards, trumps)
    top = max(cards[i].rank for i in competing)
    tied = [i for i in competing if cards[i].rank == top]
    assert (result.rule is Rule.TIE_FIRST_PLAYED) == (len(tied) > 1)
    assert result.winner == tied[0]


@given(st.sampled_from(SEATS), st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4))
def test_a_lead_in_another_suit_goes_to_the_highest_card_led_or_the_highest_ruff(
    leader: str, cards: list[Card]
) -> None:
    # The sentence before the practice stage "A lead in another suit" (C4.3, C4.4): without
    # a ruff the highest card of the suit led wins; with one, the highest ruff (ties: C4.5).
    text = words("02-who-wins-the-trick.ipynb")
    assert (
        "Who wins a trick led in a suit that is not the leader's own? If nobody ruffed, the "
        "highest card of the suit led; if anyone ruffed, the highest ruff." in text
    )
    trumps = trumps_from(leader)
    if cards[0].suit == trumps[0]:
        return
    ruffs = [i for i in range(1, 4) if cards[i].suit == trumps[i] != cards[0].suit]
    competing = ruffs or [i for i in range(4) if cards[i].suit == cards[0].suit]
    top = max(cards[i].rank for i in competing)
    result = resolve_trick(cards, trumps)
    assert cards[result.winner].rank == top and result.winner in competing


def test_those_who_hold_the_led_suit_must_follow_it() -> None:
    text = words("02-who-wins-the-trick.ipynb")
    assert "whoever holds that suit must follow it" in text
    assert "and they must follow." not in text


# -- chapter 03: spares, twins and the next calypso (C6) --------------------------------------


def hearts_without(ranks: str) -> Calypso:
    absent = {c.rank for c in parse_cards(ranks)}
    hearts = [c for c in ALL_CARDS if c.suit == Suit.HEARTS and c.rank not in absent]
    return Calypso(Suit.HEARTS, hearts)


def test_the_completing_trick_example_starts_the_next_calypso_with_its_spares() -> None:
    text = words("03-building-calypsos.ipynb")
    assert (
        "Say your hearts lack only the 5♥ and you win a trick holding 5♥, 5♥ and 9♥: the first 5♥ "
        "completes the calypso, and the second 5♥ and the 9♥ start the next one. A third copy of "
        "a rank in that trick would go to the pile." in text
    )
    places = route(parse_cards("5H 5H 9H 5H"), [hearts_without("5H")])
    assert [where for where, _ in places] == [Where.CALYPSO, Where.NEXT, Where.NEXT, Where.PILE]


def test_a_copy_won_after_the_calypso_is_complete_fills_the_next_one() -> None:
    text = words("03-building-calypsos.ipynb")
    assert "a copy won in any later trick fills a gap there, unless that calypso" in text
    assert "unless it arrives in the very trick that completes" not in text
    hearts = hearts_without("5H")
    assert hearts.take(parse_cards("5H")) == [] and hearts.completed == 1
    # A later trick brings another 5♥: the new calypso lacks it, so it goes in.
    assert route(parse_cards("5H 7C"), [hearts])[0] == (Where.CALYPSO, Suit.HEARTS)
    hearts.take(parse_cards("5H"))
    # Once the new calypso holds the 5♥, a further copy is a spare.
    assert route(parse_cards("5H"), [hearts])[0] == (Where.PILE, None)


def test_of_two_copies_in_one_trick_the_first_played_fills_the_gap() -> None:
    text = words("03-building-calypsos.ipynb")
    assert "the first fills the gap and the second is the spare" in text
    places = route(parse_cards("7H 2C 7H 3D"), [hearts_without("7H 8H")])
    assert places[0] == (Where.CALYPSO, Suit.HEARTS) and places[2] == (Where.PILE, None)


# -- chapter 10: Collett Whist's eighteen rounds (W2) -----------------------------------------

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def test_the_collett_schedule_in_words_is_the_engines_schedule() -> None:
    text = words("10-cousins.ipynb")
    assert "A game is eighteen rounds." in text and ROUNDS == 18
    assert "Rounds 1 to 7 deal one card each, then two, and so on up to seven." in text
    assert [cards_in_round(r) for r in range(1, 8)] == list(range(1, 8))
    assert "Rounds 7 to 12 all deal seven" in text
    assert {cards_in_round(r) for r in range(7, 13)} == {7}
    down = re.search(r"Rounds 13 to 18 come down again: ([a-z, ]+) and ([a-z]+)\.", text)
    assert down, "chapter 10 no longer says how rounds 13 to 18 deal"
    said = [NUMBERS[w] for w in down.group(1).split(", ")] + [NUMBERS[down.group(2)]]
    assert said == [cards_in_round(r) for r in range(13, 19)]


# -- the digests and the rulings' notes (A9, A10, C4, C6) -------------------------------------

ROOT = NOTEBOOKS.parent


def folded(path: str) -> str:
    return " ".join((ROOT / path).read_text().split())


def test_the_auction_digest_sends_sold_cards_to_the_sin_bin_not_out_of_play() -> None:
    text = folded("seeds/auction-calypso.md")
    assert "leave play" not in text
    assert "Sold cards leave the calypso for the hand's sin-bin (A9)" in text


def test_the_rulings_mark_what_the_sources_do_not_say_as_project_rulings() -> None:
    text = folded("docs/rulings.md")
    c4 = text.split("### C4 ")[1].split("### C5 ")[0]
    assert "give the same five cases" not in c4 and "`002` settles only identical cards" in c4
    c6 = text.split("### C6 ")[1].split("### C7 ")[0]
    assert "the copy played first fills the gap" in c6
    assert "Both texts say a player *may* start the next calypso" in c6
    a10 = text.split("### A10 ")[1].split("## Partnership")[0]
    assert "ideally be a multiple of three" in a10 and "are project rulings" in a10
