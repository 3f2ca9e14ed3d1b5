"""Building calypsos from won tricks: docs/rulings.md, C6."""

import pytest

from calypso import Calypso, Suit, parse_cards
from calypso.partnership.calypsos import build

ALL_BUT = {  # a hearts calypso missing only the listed ranks
    "5": "2H 3H 4H 6H 7H 8H 9H 10H JH QH KH AH",
    "5 9": "2H 3H 4H 6H 7H 8H 10H JH QH KH AH",
}


def hearts(missing: str = "") -> Calypso:
    return Calypso(Suit.HEARTS, parse_cards(ALL_BUT[missing]) if missing else ())


def test_needed_cards_fill_the_run_and_the_rest_goes_to_the_pile() -> None:
    run = hearts()
    pile = build(parse_cards("9H 4C 2H 6D"), [run])
    assert run.cards() == parse_cards("2H 9H")
    assert pile == parse_cards("4C 6D")


def test_a_duplicate_of_a_held_rank_is_spare_and_goes_to_the_pile() -> None:
    run = Calypso(Suit.HEARTS, parse_cards("9H"))
    assert build(parse_cards("9H 9H 4C"), [run]) == parse_cards("4C 9H 9H")
    assert run.cards() == parse_cards("9H")


def test_partner_suit_goes_to_the_partner_and_opponent_suits_to_the_pile() -> None:
    winner, partner = Calypso(Suit.SPADES), Calypso(Suit.HEARTS)
    pile = build(parse_cards("KS 3H 7D 8C"), [winner, partner])
    assert winner.cards() == parse_cards("KS") and partner.cards() == parse_cards("3H")
    assert sorted(pile) == sorted(parse_cards("7D 8C"))


def test_completion_sets_the_run_aside_and_spares_start_the_next_one() -> None:
    run = hearts("5")
    pile = build(parse_cards("5H 5H 9H 2C"), [run])
    assert run.completed == 1
    assert run.cards() == parse_cards("5H 9H")  # the spare 5♥ and the 9♥ start the next run
    assert pile == parse_cards("2C")


def test_after_completion_further_duplicates_stay_spare() -> None:
    run = hearts("5")
    pile = build(parse_cards("5H 5H 5H 9H"), [run])
    assert run.completed == 1
    assert run.cards() == parse_cards("5H 9H")
    assert pile == parse_cards("5H")


def test_a_trick_short_of_completion_keeps_its_duplicates_spare() -> None:
    run = hearts("5 9")
    pile = build(parse_cards("5H 5H 3H"), [run])
    assert (run.completed, run.missing_count) == (0, 1)
    assert sorted(pile) == parse_cards("3H 5H")


def test_both_partners_complete_in_one_trick() -> None:
    winner = Calypso(Suit.SPADES, parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"))
    partner = hearts("5")
    pile = build(parse_cards("AS 5H AS 5H"), [winner, partner])
    assert (winner.completed, partner.completed) == (1, 1)
    assert winner.cards() == parse_cards("AS") and partner.cards() == parse_cards("5H")
    assert pile == []


def test_missing_and_needs() -> None:
    run = hearts("5 9")
    assert [r.text for r in run.missing()] == ["5", "9"]
    assert run.needs(parse_cards("5H")[0]) and not run.needs(parse_cards("5S")[0])


@pytest.mark.parametrize(
    ("cards", "message"),
    [("2S", "wrong suit"), ("2H 2H", "one card of each rank"), (ALL_BUT["5"] + " 5H", "complete")],
)
def test_bad_calypso_contents_are_refused(cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Calypso(Suit.HEARTS, parse_cards(cards))
