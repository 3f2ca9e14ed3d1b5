"""The trick core's verdicts, explanations and refusals (docs/rulings.md, C3-C5, W5, B3, B4),
checked where mutation testing (issue 22) showed a broken case or sentence would pass unseen.

Each explanation is checked for what its ruling says decided the trick: the case in words (who
ruffed, whether the leader led their own trump, that a shared trump was led or not played), the
count of equal cards and the position of the first of them (C4.5), and the winning card.
"""

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calypso.engine.cards import ALL_CARDS, SUITS, Card, Suit, parse_cards
from calypso.engine.tricks import (
    CALYPSO_RULES,
    TRUMP_LEADS,
    IllegalPlay,
    Rule,
    TrickResult,
    TrumpLead,
    check_play,
    legal_plays,
    resolve_trick,
    trick_winner,
)
from calypso.words.tricks import explain, rule_summary

PERSONAL = ["H", "D", "S", "C"]  # C1's trumps in play order from N


def verdict(
    cards: str, trumps: Sequence[str | Suit | None] = PERSONAL, **kwargs: str
) -> TrickResult:
    return resolve_trick(cards.split(), trumps, **kwargs)


def test_c4_1_the_sentence_names_the_led_own_trump_and_that_nobody_ruffed() -> None:
    result = verdict("2H AH KH QH")
    assert explain(result) == (
        "2♥ was led in the leader's own trump suit and nobody ruffed, "
        "so the leader wins whatever the ranks."
    )


def test_c4_2_the_sentence_names_the_led_card_and_every_ruff() -> None:
    result = verdict("JH QD 2H 3H")
    assert result.winner == 1
    assert explain(result) == (
        "The leader led their own trump, J♥, and Q♦ ruffed; the higher of the two wins, so Q♦ "
        "takes the trick."
    )
    result = verdict("JH QD KS 3H")  # two ruffs: S's K♠ is the highest of the three (C4.2)
    assert result.winner == 2
    assert explain(result) == (
        "The leader led their own trump, J♥, and Q♦ and K♠ ruffed; the highest of the led card "
        "and the ruffs wins, so K♠ takes the trick."
    )


def test_c4_4_two_ruffs_are_named_together() -> None:
    result = verdict("9C 4D 6S 2C")
    assert explain(result) == (
        "4♦ and 6♠ ruffed the ♣ lead; the highest ruff wins, so 6♠ takes the trick."
    )


def test_c4_4_three_ruffs_are_listed_with_commas() -> None:
    result = resolve_trick(["2C", "4D", "6S", "5H"], ["C", "D", "S", "H"])
    assert result.rule is Rule.LEADER_TRUMP_RUFFED
    result = resolve_trick(["2C", "4D", "6S", "5H"], ["D", "D", "S", "H"])
    assert explain(result) == (
        "4♦, 6♠ and 5♥ ruffed the ♣ lead; the highest ruff wins, so 6♠ takes the trick."
    )


def test_c4_3_the_sentence_says_nobody_ruffed_and_the_highest_of_the_led_suit_wins() -> None:
    assert explain(verdict("5C 8C KC 2H")) == (
        "Nobody ruffed the ♣ lead; the highest ♣ wins, so K♣ takes the trick."
    )


def test_c4_3_a_follower_whose_trump_was_led_is_only_following() -> None:
    result = resolve_trick(["5H", "8H", "KH", "2H"], ["C", "H", "D", "S"])
    assert explain(result) == (
        "Nobody ruffed the ♥ lead (whoever has ♥ as their trump was only following suit); "
        "the highest ♥ wins, so K♥ takes the trick."
    )


def test_c5_the_ruff_wins_sentence_names_the_rule() -> None:
    result = verdict("AH 2D 3S 4H", trump_lead="ruff-wins")
    assert (result.winner, result.rule) == (2, Rule.RUFF_BEATS_TRUMP_LEAD)
    assert explain(result) == (
        "Under the ruff-wins rule any ruff beats a lead of the leader's own trump; 2♦ and 3♠ "
        "ruffed A♥, and the highest ruff wins, so 3♠ takes the trick."
    )


@pytest.mark.parametrize(
    ("cards", "count", "place"),
    [
        ("9C KS KS 2C", "Two", "2nd"),
        ("9C 2C KS KS", "Two", "3rd"),
        ("KS KS KS 2S", "Three", "1st"),
        ("9C 2C 3C KS KS", "Two", "4th"),
        ("KS KS KS KS", "Four", "1st"),
        ("KS KS KS KS KS", "5", "1st"),
    ],
)
def test_c4_5_equal_cards_are_counted_and_the_first_one_placed(
    cards: str, count: str, place: str
) -> None:
    result = resolve_trick(cards.split(), trump="S")
    assert result.rule is Rule.TIE_FIRST_PLAYED
    assert f". {count} K♠ were played, and of equal cards the one played earlier wins" in (
        explain(result)
    )
    assert explain(result).endswith(f"so the first K♠ (the trick's {place} card) takes the trick.")


def test_c4_5_equal_ranks_in_different_suits_are_named_as_equally_high() -> None:
    result = verdict("9C 7D 7S 2C")
    assert explain(result).endswith(
        "7♦ and 7♠ are equally high, and of equal cards the one played earlier wins, "
        "so 7♦ (the trick's 2nd card) takes the trick."
    )


def test_w5_1_trumps_led_the_sentence_says_everyone_was_following() -> None:
    result = resolve_trick(["2S", "AS", "3H"], trump="S")
    assert result.winner == 1
    assert explain(result) == (
        "Trumps (♠) were led, so everyone who played ♠ was only following; the highest ♠ wins, "
        "so A♠ takes the trick."
    )


def test_w5_1_one_trump_played_is_the_only_trump() -> None:
    result = resolve_trick(["2H", "3S", "4H"], trump="S")
    assert explain(result) == (
        "3♠ was the only trump on the ♥ lead; the highest ♠ wins, so 3♠ takes the trick."
    )


def test_w5_1_several_trumps_played_trumped() -> None:
    result = resolve_trick(["2H", "3S", "4S"], trump="S")
    assert explain(result) == (
        "3♠ and 4♠ trumped on the ♥ lead; the highest ♠ wins, so 4♠ takes the trick."
    )


def test_w5_2_no_trump_round_and_no_trump_played() -> None:
    assert explain(resolve_trick(["2H", "3S", "4H"], trump=None)) == (
        "There are no trumps; the highest ♥ wins, so 4♥ takes the trick."
    )
    assert explain(resolve_trick(["2H", "3C", "4H"], trump="S")) == (
        "Nobody played a trump (♠); the highest ♥ wins, so 4♥ takes the trick."
    )


@given(
    cards=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=7),
    trump=st.sampled_from([None, *SUITS]),
)
def test_w5_b4_the_highest_trump_else_the_highest_of_the_led_suit(
    cards: list[Card], trump: Suit | None
) -> None:
    winner, rule = trick_winner(cards, [trump] * len(cards), shared=True)
    trumps = [c for c in cards if c.suit == trump]
    deciding = trumps or [c for c in cards if c.suit == cards[0].suit]
    top = max(c.rank for c in deciding)
    assert cards[winner] == next(c for c in deciding if c.rank == top)
    tied = sum(c.rank == top for c in deciding) > 1
    if tied:
        assert rule is Rule.TIE_FIRST_PLAYED
    else:
        assert rule is (Rule.HIGHEST_TRUMP if trumps else Rule.HIGHEST_OF_LED)


@given(
    cards=st.lists(st.sampled_from(ALL_CARDS), min_size=2, max_size=4),
    trumps=st.permutations(SUITS),
    ruff_wins=st.booleans(),
)
def test_c4_c5_who_wins_over_any_trick(
    cards: list[Card], trumps: list[Suit], ruff_wins: bool
) -> None:
    trumps = trumps[: len(cards)]
    led = cards[0].suit
    ruffs = [i for i in range(1, len(cards)) if cards[i].suit == trumps[i] != led]
    if led == trumps[0]:
        competing = ruffs if ruffs and ruff_wins else [0, *ruffs]
    else:
        competing = ruffs or [i for i in range(len(cards)) if cards[i].suit == led]
    top = max(cards[i].rank for i in competing)
    first = next(i for i in competing if cards[i].rank == top)
    winner, rule = trick_winner(cards, trumps, ruff_wins)
    assert winner == first
    if sum(cards[i].rank == top for i in competing) > 1:
        assert rule is Rule.TIE_FIRST_PLAYED
    elif led == trumps[0] and not ruffs:
        assert rule is Rule.LEADER_TRUMP_UNRUFFED
    elif led == trumps[0]:
        assert rule is (Rule.RUFF_BEATS_TRUMP_LEAD if ruff_wins else Rule.LEADER_TRUMP_RUFFED)
    else:
        assert rule is (Rule.PLAIN_LEAD_RUFFED if ruffs else Rule.PLAIN_LEAD_UNRUFFED)


def test_the_trump_lead_rule_is_read_from_its_name_only() -> None:
    assert TrumpLead.parse("ranked") is TrumpLead.RANKED
    assert TrumpLead.parse(TrumpLead.RUFF_WINS) is TrumpLead.RUFF_WINS
    with pytest.raises(
        ValueError, match=r"^bad trump_lead 'Ranked': expected 'ranked' or 'ruff-wins'$"
    ):
        TrumpLead.parse("Ranked")
    assert TRUMP_LEADS == ("ranked", "ruff-wins")


def test_the_rulings_that_decide_personal_trump_tricks_are_c4_and_c5() -> None:
    assert [r.value for r in CALYPSO_RULES] == [
        "C4.1",
        "C4.2",
        "C4.3",
        "C4.4",
        "C4.5",
        "C5.ruff-wins",
    ]
    assert all(r.trump_lead is TrumpLead.RANKED for r in CALYPSO_RULES if r.value != "C5.ruff-wins")
    assert Rule.RUFF_BEATS_TRUMP_LEAD.trump_lead is TrumpLead.RUFF_WINS
    assert rule_summary(Rule.LEADER_TRUMP_UNRUFFED).startswith(
        "The leader led their own trump and nobody"
    )


@pytest.mark.parametrize(
    ("cards", "kwargs", "message"),
    [
        ("9H", {"trumps": ["S"], "trump": "S"}, "give either trumps= "),
        ("9H", {}, "give either trumps= "),
        ("9H 4C", {"trumps": ["S"]}, r"expected one trump \(or None\) per card, 2 in play order"),
        ("9H", {"trumps": "S"}, "expected one trump"),
    ],
)
def test_a_trick_needs_one_form_of_trumps(
    cards: str, kwargs: dict[str, list[str] | str], message: str
) -> None:
    with pytest.raises(ValueError, match=rf"^bad trumps.*{message}"):
        resolve_trick(cards.split(), **kwargs)  # type: ignore[arg-type]


def test_a_trick_needs_a_list_of_at_least_one_card() -> None:
    with pytest.raises(ValueError, match=r"^bad cards '9H 4C': expected a list of cards"):
        resolve_trick("9H 4C", ["S", "C"])
    with pytest.raises(ValueError, match=r"^bad trick \[\]: a trick needs at least one card$"):
        resolve_trick([], [])


def test_a_player_without_a_trump_never_ruffs() -> None:
    result = resolve_trick(["9H", "2S"], ["S", None])
    assert (result.winner, result.rule) == (0, Rule.PLAIN_LEAD_UNRUFFED)


def test_c3_a_card_not_in_the_hand_is_refused_and_the_hand_is_shown() -> None:
    with pytest.raises(IllegalPlay, match=r"^9♥ is not in the hand \(2♣ 3♣\)$"):
        check_play(parse_cards("2C 3C"), [], parse_cards("9H")[0])
    with pytest.raises(IllegalPlay, match=r"^9♥ is not in the hand \(empty\)$"):
        check_play([], [], parse_cards("9H")[0])


def test_c3_the_refusal_names_the_led_suit_and_the_cards_that_follow() -> None:
    with pytest.raises(
        IllegalPlay, match=r"^5♣ may not be played: you must follow ♥ \(you hold 2♥ 7♥\)$"
    ):
        check_play(parse_cards("2H 5C 7H"), parse_cards("KH"), parse_cards("5C")[0], Suit.CLUBS)


def test_b3_the_refusal_names_the_spade_to_beat_and_the_spades_that_do() -> None:
    with pytest.raises(
        IllegalPlay,
        match=r"^5♣ may not be played: you have no ♥, so you must beat 9♠ with a higher ♠ "
        r"\(you hold J♠ A♠\)$",
    ):
        check_play(
            parse_cards("5C JS AS 3S"),
            parse_cards("4H 9S 6S"),
            parse_cards("5C")[0],
            must_overtrump=Suit.SPADES,
        )


def test_b3_a_player_who_can_follow_is_told_to_follow_even_in_call_bridge() -> None:
    with pytest.raises(
        IllegalPlay, match=r"^2♠ may not be played: you must follow ♥ \(you hold 7♥\)$"
    ):
        check_play(
            parse_cards("2S 7H"),
            parse_cards("KH"),
            parse_cards("2S")[0],
            must_overtrump=Suit.SPADES,
        )


def test_b3_a_low_spade_in_the_trick_counts_as_a_spade_to_beat() -> None:
    """4♠ is in the trick; 3♠ does not outrank it, so the void player plays freely."""
    hand = parse_cards("3S 5C")
    assert legal_plays(hand, parse_cards("KH 4S"), must_overtrump=Suit.SPADES) == hand
    assert legal_plays(parse_cards("5S 5C"), parse_cards("KH 4S"), must_overtrump=Suit.SPADES) == (
        parse_cards("5S")
    )


def test_c4_2_by_default_the_led_card_and_the_ruffs_compete_on_rank() -> None:
    cards = parse_cards("AH 2D")
    assert trick_winner(cards, [Suit.HEARTS, Suit.DIAMONDS]) == (0, Rule.LEADER_TRUMP_RUFFED)
    assert explain(resolve_trick(cards, ["H", "D"])).startswith("The leader led their own")


def test_a_result_says_whether_its_trump_was_shared() -> None:
    assert resolve_trick(["2H"], trump="S").shared is True
    assert resolve_trick(["2H"], ["S"]).shared is False
    with pytest.raises(
        ValueError, match=r"\(one suit for everyone, or None\), not both or neither$"
    ):
        resolve_trick(["2H"])
