"""Call Bridge and Collett Whist played through the engine (docs/rulings.md, B1-B6, W1-W7).

Mutation testing (issue 22) found rules the games themselves never showed broken: that a Call
Bridge player out of the suit led must play a spade (B3) even inside a game, that a spade lead
is won by the highest spade (B4.1) and not by the leader, that a target is reached when a total
equals it (B6), and the messages that name a wrong figure.
"""

from collections.abc import Callable

import pytest

from calypso.engine.cards import Card, Suit, parse_cards
from calypso.engine.table import OutOfTurn
from calypso.engine.tricks import IllegalPlay, Refusal, Refused, Rule
from calypso.whist import call_bridge, collett_whist
from calypso.whist.engine import (
    CallTime,
    Phase,
    RoundPlan,
    TrumpSource,
    WhistGame,
    WhistVariant,
)


def suit_run(suit: str, ranks: str) -> list[str]:
    return [f"{r}{suit}" for r in ranks.split()]


# N holds the hearts, S the diamonds; W is out of hearts with 2♠ and 9♠ as its only spades.
CALL_BRIDGE_DEAL = {
    "N": suit_run("H", "2 3 4 5 6 7 8 9 10 J Q K A"),
    "W": ["2S", "9S", *suit_run("C", "2 3 4 5 6 7 8 9 10 J Q")],
    "S": suit_run("D", "2 3 4 5 6 7 8 9 10 J Q K A"),
    "E": [*suit_run("S", "3 4 5 6 7 8 10 J Q K A"), "KC", "AC"],
}


def call_bridge_after_the_calls() -> WhistGame:
    """One round with the deal above; E deals, so N, on E's right, calls and leads first (B1,
    B3)."""
    game = call_bridge.new_game(rounds=1, first_dealer=3, deals=[(CALL_BRIDGE_DEAL, None)])
    for seat in ("N", "W", "S", "E"):
        game.call(2, seat)
    return game


def test_b3_in_a_game_a_void_player_must_trump_a_trick_that_holds_no_spade() -> None:
    game = call_bridge_after_the_calls()
    game.play("2H", "N")
    assert game.legal_plays() == parse_cards("2S 9S")
    with pytest.raises(IllegalPlay, match="you have no ♥, so you must play a ♠"):
        game.play("5C", "W")
    assert len(game.hand("W")) == 13 and game.trick == parse_cards("2H")
    game.play("2S", "W")
    game.play("2D", "S")
    with pytest.raises(IllegalPlay, match="you must beat 2♠ with a higher ♠"):
        game.play("KC", "E")
    trick = game.play("3S", "E")
    assert trick is not None
    assert (trick.winner, trick.rule) == ("E", Rule.HIGHEST_TRUMP)
    assert call_bridge.rule_id(trick.rule.value) == "B4.1"


def test_b4_1_a_spade_lead_is_won_by_the_highest_spade_not_by_the_leader() -> None:
    game = call_bridge_after_the_calls()
    for card in ("2H", "2S", "2D", "3S"):
        game.play(card)
    for card, seat in (("4S", "E"), ("3H", "N"), ("9S", "W")):
        game.play(card, seat)
    trick = game.play("3D", "S")
    assert trick is not None
    assert (trick.leader, trick.winner) == ("E", "W")
    assert game.trick_leader == "W" and game.turn == "W"
    assert [game.tricks_won(s) for s in ("N", "W", "S", "E")] == [0, 1, 0, 1]
    assert game.current.tricks_won(game.seats) == {"N": 0, "W": 1, "S": 0, "E": 1}
    assert game.current.trick_result(trick).winner == 2


def test_b3_the_game_offers_the_spades_a_void_player_must_choose_from() -> None:
    game = call_bridge_after_the_calls()
    for card in ("2H", "2S", "2D"):
        game.play(card)
    assert game.legal_plays() == parse_cards("3S 4S 5S 6S 7S 8S 10S JS QS KS AS")


def tiny_variant(score: Callable[[RoundPlan, int | None, int], int]) -> WhistVariant:
    """Two players, one card each, hearts trump, calls of 0 or 1: small enough to play by hand."""
    return WhistVariant(
        name="tiny",
        seats=("A", "B"),
        plan=lambda n: RoundPlan(n, 1, TrumpSource.FIXED, CallTime.AFTER_TRUMP, Suit.HEARTS),
        call_range=lambda plan: (0, 1),
        score=score,
    )


def play_tiny_round(game: WhistGame) -> None:
    game.call(1)
    game.call(0)
    game.play(game.legal_plays()[0])
    game.play(game.legal_plays()[0])


def test_b6_a_total_equal_to_the_target_has_reached_it() -> None:
    game = WhistGame(tiny_variant(lambda plan, bid, tricks: tricks), target=1, first_dealer=1)
    play_tiny_round(game)
    assert max(game.scores.values()) == 1
    assert game.phase is Phase.OVER and game.is_over and game.turn is None


def test_b6_below_the_target_another_round_is_dealt_by_the_next_dealer() -> None:
    game = WhistGame(tiny_variant(lambda plan, bid, tricks: tricks), target=2, first_dealer=1)
    play_tiny_round(game)
    assert game.phase is Phase.CALLS
    assert (game.current.number, game.dealer) == (2, 0)
    assert len(game.history) == 1


def test_a_round_plan_without_calls_starts_in_play() -> None:
    variant = WhistVariant(
        name="quiet",
        seats=("A", "B", "C"),
        plan=lambda n: RoundPlan(n, 2, TrumpSource.NONE, CallTime.NONE),
        call_range=lambda plan: (0, 0),
        score=lambda plan, bid, tricks: -tricks,
    )
    game = WhistGame(variant, rounds=1)
    assert game.phase is Phase.PLAY and game.trump is None
    with pytest.raises(
        ValueError, match=r"^no call can be made now: the game is in its play phase$"
    ) as refused:
        game.call(0)
    assert isinstance(refused.value, IllegalPlay)
    assert refused.value.refusal == Refusal(Refused.NO_CALL_NOW, phase="play")


def test_w_a_card_before_the_calls_are_done_is_refused() -> None:
    game = collett_whist.new_game(seed=3)
    with pytest.raises(
        IllegalPlay, match=r"^no card can be played now: the game is in its calls phase$"
    ) as refused:
        game.play(game.hand(game.turn or "A")[0])
    assert refused.value.refusal == Refusal(Refused.WRONG_PHASE, phase="calls")


@pytest.mark.parametrize(("name", "value"), [("rounds", 0), ("target", -3), ("rounds", True)])
def test_a_game_length_must_be_a_whole_number_from_1(name: str, value: int) -> None:
    with pytest.raises(
        ValueError, match=rf"^bad {name} {value!r}: expected a whole number from 1 up$"
    ):
        WhistGame(call_bridge.VARIANT, **{name: value})  # type: ignore[arg-type]


def test_a_game_needs_rounds_or_a_target() -> None:
    with pytest.raises(ValueError, match=r"^bad game: give a number of rounds or a target score$"):
        WhistGame(call_bridge.VARIANT)


def test_the_seed_defaults_to_0_and_fixes_the_deal() -> None:
    assert call_bridge.new_game().seed == 0
    assert call_bridge.new_game().current.hands == call_bridge.new_game(seed=0).current.hands
    assert collett_whist.new_game().seed == 0
    assert collett_whist.new_game().current.hands == collett_whist.new_game(seed=0).current.hands
    assert len(collett_whist.new_game().seats) == 4  # W1: four players unless told otherwise
    assert collett_whist.new_game().current.number == 1


def test_the_first_dealer_given_is_the_dealer() -> None:
    assert call_bridge.new_game(first_dealer=2).dealer == 2
    assert collett_whist.new_game(first_dealer=1).first_dealer == 1


def test_b5_a_call_is_between_2_and_12() -> None:
    game = call_bridge.new_game(rounds=1)
    for wrong in (1, 13, True, "3"):
        with pytest.raises(
            ValueError,
            match=rf"^bad call {wrong!r}: expected a whole number of tricks from 2 to 12$",
        ):
            game.call(wrong)  # type: ignore[arg-type]


def test_b5_scoring_needs_every_call() -> None:
    with pytest.raises(ValueError, match=r"^every Call Bridge player calls before play$"):
        call_bridge.VARIANT.score(call_bridge.VARIANT.plan(1), None, 3)


def test_b6_target_or_rounds_but_not_both() -> None:
    with pytest.raises(
        ValueError, match=r"^bad options: give a target score or a number of rounds, not both$"
    ):
        call_bridge.new_game(target=20, rounds=2)
    assert call_bridge.new_game(rounds=2).rounds == 2
    assert call_bridge.new_game().target == 30


def test_b1_every_round_deals_13_with_spades_fixed_and_calls_after() -> None:
    plan = call_bridge.VARIANT.plan(5)
    assert plan == RoundPlan(5, 13, TrumpSource.FIXED, CallTime.AFTER_TRUMP, Suit.SPADES)


@pytest.mark.parametrize(
    ("number", "trump", "calls"),
    [
        (1, TrumpSource.TURNED, CallTime.AFTER_TRUMP),
        (8, TrumpSource.TURNED, CallTime.BEFORE_TRUMP),
        (9, TrumpSource.TURNED, CallTime.BEFORE_DEAL),
        (10, TrumpSource.NONE, CallTime.NONE),
        (11, TrumpSource.NONE, CallTime.AFTER_TRUMP),
        (12, TrumpSource.TURNED, CallTime.AFTER_TRUMP),
    ],
)
def test_w3_the_special_rounds_plans(number: int, trump: TrumpSource, calls: CallTime) -> None:
    plan = collett_whist.round_plan(number)
    assert (plan.number, plan.trump, plan.calls) == (number, trump, calls)


@pytest.mark.parametrize("bid", [-1, 3, 2.0, None])
def test_w6_a_call_outside_0_to_the_cards_dealt_is_refused(bid: int | float | None) -> None:
    with pytest.raises(ValueError, match=rf"^bad call {bid!r}: expected 0 to 2 in round 2$"):
        collett_whist.score_round(2, bid, 1)  # type: ignore[arg-type]


def test_w_the_variant_is_named_for_records() -> None:
    assert collett_whist.variant(5).name == "collett-whist"
    assert collett_whist.variant(5).seats == ("A", "B", "C", "D", "E")


def test_given_hands_must_deal_to_every_seat() -> None:
    hands = dict(CALL_BRIDGE_DEAL)
    del hands["E"]
    with pytest.raises(ValueError, match=r"^bad hands: round 1 must deal to N, W, S, E$"):
        call_bridge.new_game(rounds=1, deals=[(hands, None)])


def test_given_hands_must_hold_the_rounds_cards() -> None:
    hands = {**CALL_BRIDGE_DEAL, "N": CALL_BRIDGE_DEAL["N"][:12]}
    with pytest.raises(ValueError, match=r"^bad hands: round 1 gives N 12 cards, expected 13$"):
        call_bridge.new_game(rounds=1, deals=[(hands, None)])


def test_given_hands_may_not_deal_a_card_twice() -> None:
    hands = {**CALL_BRIDGE_DEAL, "N": [*CALL_BRIDGE_DEAL["N"][:12], "2D"]}
    with pytest.raises(ValueError, match=r"^bad hands: round 1 deals a card twice from one pack$"):
        call_bridge.new_game(rounds=1, deals=[(hands, None)])


def test_w3_a_given_deal_brings_its_trump_and_later_rounds_turn_their_own() -> None:
    hands = {seat: [card] for seat, card in zip("ABC", ("2C", "3C", "4C"), strict=True)}
    game = collett_whist.new_game(players=3, seed=5, deals=[(hands, "D")])
    assert game.trump is Suit.DIAMONDS
    for _ in range(3):
        game.call(0)
    for _ in range(3):
        game.play(game.legal_plays()[0])
    assert game.current.number == 2
    assert game.trump is not None  # W3: round 2 is shuffled, and its trump is turned
    assert len(game.current.hands[0]) == 2
    shown = {c for hand in game.current.hands for c in hand}
    assert len(shown) == 6 and isinstance(next(iter(shown)), Card)


@pytest.mark.parametrize("seed", range(12))
def test_w3_the_turned_trump_card_is_from_the_undealt_pack(seed: int) -> None:
    """W3: seven players of seven cards leave three undealt; the trump card is one of them."""
    game = collett_whist.new_game(players=7, seed=seed, first_round=7)
    dealt = [c for hand in game.current.hands for c in hand]
    assert len(dealt) == len(set(dealt)) == 49
    assert game._turned is not None and game._turned not in dealt
    assert game.trump is game._turned.suit


def test_a_turned_trump_with_the_whole_pack_dealt_leaves_the_round_without_trumps() -> None:
    variant = WhistVariant(
        name="full",
        seats=("A", "B", "C", "D"),
        plan=lambda n: RoundPlan(n, 13, TrumpSource.TURNED, CallTime.AFTER_TRUMP),
        call_range=lambda plan: (0, 13),
        score=lambda plan, bid, tricks: 0,
    )
    game = WhistGame(variant, rounds=1)
    assert game.trump is None and game.current.trump is None
    assert game.seed == 0


def test_a_card_from_a_player_not_on_turn_is_refused() -> None:
    game = call_bridge_after_the_calls()
    with pytest.raises(OutOfTurn, match=r"^it is N's turn, not S's$"):
        game.play("2D", "S")


def test_the_seed_given_is_the_games_seed() -> None:
    assert call_bridge.new_game(seed=5).seed == 5
    assert collett_whist.new_game(seed=6).seed == 6
