"""A refused move is a value: its kind, the led suit, the cards that may be played instead
(docs/rulings.md C3, C5, B3), and one English line for the command line."""

from __future__ import annotations

import pytest

from calypso import Game, parse_cards
from calypso.engine.cards import Card, Suit
from calypso.engine.tricks import IllegalPlay, Refusal, Refused, check_play, refusal, refusals
from calypso.whist import call_bridge


def test_c3_a_player_holding_the_led_suit_must_follow_it() -> None:
    why = refusal(parse_cards("2H 7H 5C"), parse_cards("KH"), Card.parse("5C"))
    assert why == Refusal(
        Refused.MUST_FOLLOW, Card.parse("5C"), Suit.HEARTS, cards=tuple(parse_cards("2H 7H"))
    )


def test_c3_a_card_of_the_led_suit_or_a_lead_is_never_refused() -> None:
    hand = parse_cards("2H 7H 5C")
    assert refusal(hand, parse_cards("KH"), Card.parse("7H")) is None
    assert refusal(hand, [], Card.parse("5C")) is None
    assert refusals(hand, []) == {}


def test_c5_all_fours_names_the_players_own_trump_and_lets_it_be_played() -> None:
    hand = parse_cards("2H 5C 9S")
    trick = parse_cards("KH")
    why = refusal(hand, trick, Card.parse("9S"), Suit.CLUBS, all_fours=True)
    assert why is not None and why.kind is Refused.MUST_FOLLOW_OR_TRUMP
    assert (why.led, why.trump, why.cards) == (Suit.HEARTS, Suit.CLUBS, tuple(parse_cards("2H 5C")))
    assert refusal(hand, trick, Card.parse("5C"), Suit.CLUBS, all_fours=True) is None


def test_b3_without_the_led_suit_a_higher_spade_must_beat_the_highest_spade() -> None:
    hand = parse_cards("5C 9S QS")
    why = refusal(hand, parse_cards("KH 10S"), Card.parse("9S"), must_overtrump=Suit.SPADES)
    assert why is not None and why.kind is Refused.MUST_OVERTRUMP
    assert (why.beat, why.cards) == (Card.parse("10S"), (Card.parse("QS"),))
    why = refusal(hand, parse_cards("KH"), Card.parse("5C"), must_overtrump=Suit.SPADES)
    assert why is not None and why.kind is Refused.MUST_TRUMP and why.beat is None
    assert why.cards == tuple(parse_cards("9S QS"))


def test_a_card_not_in_the_hand_carries_the_hand() -> None:
    why = refusal(parse_cards("2C 3C"), [], Card.parse("9H"))
    assert why == Refusal(Refused.NOT_IN_HAND, Card.parse("9H"), cards=tuple(parse_cards("2C 3C")))
    assert str(why) == "9♥ is not in the hand (2♣ 3♣)"


def test_illegal_play_carries_its_refusal_and_keeps_one_english_line() -> None:
    with pytest.raises(IllegalPlay) as refused:
        check_play(parse_cards("2H 7H 5C"), parse_cards("KH"), Card.parse("5C"))
    assert refused.value.refusal.kind is Refused.MUST_FOLLOW
    assert str(refused.value) == "5♣ may not be played: you must follow ♥ (you hold 2♥ 7♥)"


def test_out_of_turn_names_who_asked_and_who_is_on_turn() -> None:
    game = Game(seed=1)
    seat = game.seats[(game.index(game.turn or "N") + 1) % 4]
    with pytest.raises(IllegalPlay) as refused:
        game.play(game.hand(seat)[0], seat)
    assert refused.value.refusal == Refusal(Refused.OUT_OF_TURN, seat=seat, turn=game.turn)


def test_a_card_in_the_calls_is_refused_by_phase() -> None:
    game = call_bridge.new_game(seed=2)
    with pytest.raises(IllegalPlay) as refused:
        game.play(game.hand(game.turn or "N")[0])
    assert refused.value.refusal == Refusal(Refused.WRONG_PHASE, phase="calls")


def test_w3_a_call_outside_the_rounds_range_is_refused_with_the_range() -> None:
    from calypso.whist import collett_whist

    game = collett_whist.new_game(players=4, seed=2, first_round=2)
    low, high = game.call_range()
    with pytest.raises(IllegalPlay) as refused:
        game.call(high + 1)
    assert refused.value.refusal == Refusal(
        Refused.CALL_OUT_OF_RANGE, asked=high + 1, low=low, high=high
    )
