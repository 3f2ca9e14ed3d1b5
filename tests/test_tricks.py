"""The trick core: docs/rulings.md, C3-C5, and every worked example of the Calypso seed texts.

Seats follow the default trumps and play order of docs/rulings.md, C1: N ♥, E ♦, S ♠, W ♣ clockwise.
A trick led by seat X lists its cards from X round the table.
"""

import pytest

from calypso import IllegalPlay, Rule, Suit, legal_plays, parse_cards, resolve_trick
from calypso.engine.tricks import TrickResult, check_play
from calypso.words.tricks import explain, rule_summary

TRUMPS_FROM = {  # personal trumps in play order, by leader
    "N": ["H", "D", "S", "C"],
    "E": ["D", "S", "C", "H"],
    "S": ["S", "C", "H", "D"],
    "W": ["C", "H", "D", "S"],
}


def decide(leader: str, cards: str, trump_lead: str = "ranked") -> TrickResult:
    return resolve_trick(cards.split(), TRUMPS_FROM[leader], trump_lead=trump_lead)


# -- worked examples of seed 000 (English rules page), in trick-rule order ------------------------


def test_000_diamond_player_leads_diamonds_and_all_follow_leader_wins_any_rank() -> None:
    result = decide("E", "2D AD KD QD")
    assert (result.winner, result.rule) == (0, Rule.LEADER_TRUMP_UNRUFFED)
    assert "whatever the ranks" in explain(result)


def test_000_club_player_void_plays_a_spade_against_diamond_lead_leader_still_wins() -> None:
    # E (♦) leads; S follows; W (♣) is void and discards a spade, which is not W's trump.
    result = decide("E", "3D 8D AS KD")
    assert (result.winner, result.rule) == (0, Rule.LEADER_TRUMP_UNRUFFED)


def test_000_jack_of_diamonds_led_queen_of_spades_ruff_wins() -> None:
    result = decide("E", "JD QS 5D 9D")
    assert (result.winner, result.rule) == (1, Rule.LEADER_TRUMP_RUFFED)
    assert "Q♠ takes the trick" in explain(result)


def test_000_club_player_leads_hearts_heart_player_does_not_trump() -> None:
    # W (♣) leads a heart; N (♥) follows with a heart, which is following, not ruffing.
    result = decide("W", "5H 8H KH 2H")
    assert (result.winner, result.rule) == (2, Rule.PLAIN_LEAD_UNRUFFED)
    assert "only following suit" in explain(result)


def test_000_spade_player_leads_nine_of_hearts_club_player_ruffs_with_four_of_clubs() -> None:
    result = decide("S", "9H 4C 2H 3H")
    assert (result.winner, result.rule) == (1, Rule.PLAIN_LEAD_RUFFED)
    assert explain(result) == "4♣ was the only ruff of the ♥ lead, so 4♣ takes the trick."


def test_000_two_ruffs_of_the_nine_of_hearts_the_higher_six_of_diamonds_wins() -> None:
    result = decide("S", "9H 4C 2H 6D")
    assert (result.winner, result.rule) == (3, Rule.PLAIN_LEAD_RUFFED)


def test_issue_example_in_the_order_it_is_given() -> None:
    result = resolve_trick(["9H", "4C", "6D", "2H"], ["S", "C", "D", "H"])
    assert (result.winner, result.rule.value) == (2, "C4.4")
    assert "6♦" in explain(result) and "highest ruff" in explain(result)


def test_000_identical_cards_tie_and_the_first_played_wins() -> None:
    result = decide("N", "5S KS 2S KS")
    assert (result.winner, result.rule) == (1, Rule.TIE_FIRST_PLAYED)
    # C4.5: of the two K♠, the one played earlier (E's, the trick's 2nd card) wins.
    assert "Two K♠ were played" in explain(result)
    assert explain(result).endswith("the first K♠ (the trick's 2nd card) takes the trick.")


def test_000_trumps_of_equal_rank_tie_and_the_first_played_wins() -> None:
    # N leads a club; E (♦) and S (♠) are void and ruff with sevens.
    result = decide("N", "9C 7D 7S 2C")
    assert (result.winner, result.rule) == (1, Rule.TIE_FIRST_PLAYED)
    assert "7♦ and 7♠ are equally high" in explain(result)
    assert explain(result).endswith("so 7♦ (the trick's 2nd card) takes the trick.")


# -- seed 002 (Hungarian rules page) says the same; its cases with its fixed seats ----------------


def test_002_own_suit_led_and_everyone_follows_leader_wins_whatever_was_played() -> None:
    assert decide("N", "2H AH AH AH").winner == 0


def test_002_trump_led_one_or_more_ruff_highest_trump_wins_leader_included() -> None:
    assert decide("N", "QH 10D JS 3H").winner == 0  # Q♥ outranks both ruffs
    assert decide("N", "9H 10D JS 3H").winner == 2  # J♠ is the highest of the three


def test_002_two_voids_ruff_a_plain_lead_higher_rank_wins() -> None:
    assert decide("N", "AS 8D 4S KC").winner == 3


# -- C4 cases and their boundaries ---------------------------------------------------------------


def test_c4_2_ruff_equal_to_the_led_card_loses_to_the_leader() -> None:
    result = decide("E", "JD JS 2D 3D")
    assert (result.winner, result.rule) == (0, Rule.TIE_FIRST_PLAYED)


def test_c4_2_ruff_lower_than_the_led_card_loses() -> None:
    result = decide("E", "KD 4S 2D 3D")
    assert (result.winner, result.rule) == (0, Rule.LEADER_TRUMP_RUFFED)


def test_c4_3_a_higher_card_of_another_plain_suit_never_wins() -> None:
    # S leads 2♣; W and N throw aces that are not their trumps; E follows with 3♣.
    result = decide("S", "2C AH AD 3C")
    assert (result.winner, result.rule) == (3, Rule.PLAIN_LEAD_UNRUFFED)


def test_c4_3_leader_with_no_trump_is_a_plain_lead() -> None:
    result = resolve_trick(["5H", "9H"], [None, "S"])
    assert (result.winner, result.rule) == (1, Rule.PLAIN_LEAD_UNRUFFED)


def test_player_without_a_trump_cannot_ruff() -> None:
    result = resolve_trick(["5H", "AS"], ["H", None])
    assert (result.winner, result.rule) == (0, Rule.LEADER_TRUMP_UNRUFFED)


def test_a_single_card_and_three_card_tricks() -> None:
    assert resolve_trick(["7C"], ["C"]).rule is Rule.LEADER_TRUMP_UNRUFFED
    assert resolve_trick(["7C"], ["H"]).rule is Rule.PLAIN_LEAD_UNRUFFED
    assert resolve_trick(["7C", "2D", "9C"], ["H", "D", "S"]).winner == 1


def test_card_values_and_suit_values_are_accepted_as_well_as_text() -> None:
    cards = parse_cards("9H 4C")
    assert resolve_trick(cards, [Suit.SPADES, Suit.CLUBS]).winner == 1


def test_every_rule_has_a_stable_id_and_a_summary() -> None:
    ids = [rule.value for rule in Rule]
    assert ids == ["C4.1", "C4.2", "C4.3", "C4.4", "C4.5", "C5.ruff-wins", "W5.1", "W5.2"]
    assert all(rule_summary(rule).endswith(".") for rule in Rule)


# -- C5 variants ----------------------------------------------------------------------------------


def test_c5_ruff_wins_any_ruff_beats_a_higher_trump_lead() -> None:
    assert decide("E", "KD 4S 2D 3D").winner == 0
    result = decide("E", "KD 4S 2D 3D", trump_lead="ruff-wins")
    assert (result.winner, result.rule) == (1, Rule.RUFF_BEATS_TRUMP_LEAD)
    assert "ruff-wins" in explain(result)


def test_c5_ruff_wins_highest_of_several_ruffs_and_ties_go_to_the_first() -> None:
    assert decide("E", "AD 4S 9C 3D", trump_lead="ruff-wins").winner == 2
    result = decide("E", "AD 9S 9C 3D", trump_lead="ruff-wins")
    assert (result.winner, result.rule) == (1, Rule.TIE_FIRST_PLAYED)


def test_c5_ruff_wins_changes_nothing_without_a_trump_lead_or_a_ruff() -> None:
    for cards, leader in [("9H 4C 2H 6D", "S"), ("2D AD KD QD", "E")]:
        assert decide(leader, cards).winner == decide(leader, cards, "ruff-wins").winner


def test_c5_all_fours_lets_a_player_ruff_while_able_to_follow() -> None:
    hand = parse_cards("2H 7H 5C 9S")
    trick = parse_cards("9H")
    assert legal_plays(hand, trick, Suit.CLUBS) == parse_cards("2H 7H")
    assert legal_plays(hand, trick, Suit.CLUBS, all_fours=True) == parse_cards("2H 7H 5C")
    # ... and that card counts as a ruff: S leads 9♥, W (♣) plays 5♣ holding hearts.
    assert decide("S", "9H 5C 2H 3H").winner == 1


def test_c5_all_fours_changes_nothing_when_the_led_suit_is_your_own_trump() -> None:
    hand = parse_cards("2C 7H")
    assert legal_plays(hand, parse_cards("9C"), Suit.CLUBS, all_fours=True) == parse_cards("2C")


# -- C3 legal plays -------------------------------------------------------------------------------


def test_c3_follow_suit_if_able_otherwise_anything() -> None:
    hand = parse_cards("2H 7H 5C 9S")
    assert legal_plays(hand, []) == hand
    assert legal_plays(hand, parse_cards("KH 3H")) == parse_cards("2H 7H")
    assert legal_plays(hand, parse_cards("KD")) == hand


def test_c3_illegal_play_says_which_suit_must_be_followed() -> None:
    hand = parse_cards("2H 7H 5C")
    with pytest.raises(IllegalPlay, match=r"must follow ♥.*you hold 2♥ 7♥"):
        check_play(hand, parse_cards("KH"), parse_cards("5C")[0], Suit.SPADES)
    with pytest.raises(IllegalPlay, match="A♠ is not in the hand"):
        check_play(hand, [], parse_cards("AS")[0])


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trumps", "message"),
    [
        (["9H", "XC"], ["S", "C"], "bad card 'XC'"),
        (["9H", "4C"], ["S"], "one trump .* per card, 2 in play order"),
        (["9H"], ["Q"], "bad suit 'Q'"),
        ([], [], r"bad trick \[\]"),
        ("9H 4C", ["S", "C"], "expected a list of cards"),
        (["9H", 4], ["S", "C"], "bad card 4"),
    ],
)
def test_bad_trick_input_names_the_bad_value(
    cards: str | list[str | int], trumps: list[str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        resolve_trick(cards, trumps)  # type: ignore[arg-type]


def test_bad_trump_lead_names_the_value_and_the_choices() -> None:
    with pytest.raises(
        ValueError, match="bad trump_lead 'ruffs': expected 'ranked' or 'ruff-wins'"
    ):
        resolve_trick(["9H"], ["S"], trump_lead="ruffs")


def test_the_following_suit_aside_only_when_the_trump_owner_really_followed() -> None:
    # S leads A♥; N (♥) throws K♣ instead of following: no aside about following.
    assert "only following" not in explain(decide("S", "AH 8D KC 4H"))
    assert "only following" in explain(decide("W", "5H 8H KH 2H"))
