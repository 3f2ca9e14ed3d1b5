"""Call Bridge (docs/rulings.md, B1-B6) and Collett Whist (W1-W7) on the shared trick core."""

import json
import pathlib
import subprocess
import sys
from collections import Counter
from typing import TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_checks import assert_replays

from calypso import (
    IllegalPlay,
    Record,
    Rule,
    Suit,
    call_bridge,
    collett_whist,
    parse_cards,
    replay,
    resolve_trick,
    simulate,
)
from calypso.engine.tricks import check_play, legal_plays
from calypso.whist import Phase, WhistGame
from calypso.whist.bots import whist_bots
from calypso.words.tricks import explain

# -- the whist-family trick: one trump suit for everyone (B4, W5) ---------------------------------


def test_a_shared_trump_is_not_everyone_having_the_same_personal_trump() -> None:
    shared = resolve_trick(["2S", "AS", "KS", "QS"], trump="S")
    assert (shared.winner, shared.rule) == (1, Rule.HIGHEST_TRUMP)
    assert "only following" in explain(shared)
    personal = resolve_trick(["2S", "AS", "KS", "QS"], ["S"] * 4)
    assert (personal.winner, personal.rule) == (0, Rule.LEADER_TRUMP_UNRUFFED)


def test_w5_highest_trump_wins_else_highest_of_the_led_suit() -> None:
    assert resolve_trick(["9H", "2S", "KH", "4S"], trump="S").winner == 3
    led = resolve_trick(["9H", "4C", "KH", "2D"], trump="S")
    assert (led.winner, led.rule) == (2, Rule.HIGHEST_OF_LED)
    assert explain(led) == "Nobody played a trump (♠); the highest ♥ wins, so K♥ takes the trick."
    none = resolve_trick(["9H", "AS", "KH"], trump=None)
    assert none.winner == 2 and explain(none).startswith("There are no trumps")


def test_trick_form_must_be_one_or_the_other() -> None:
    with pytest.raises(ValueError, match=r"give either trumps= .* or trump="):
        resolve_trick(["9H"])
    with pytest.raises(ValueError, match="not both or neither"):
        resolve_trick(["9H"], ["S"], trump="S")
    with pytest.raises(ValueError, match="bad suit 'X'"):
        resolve_trick(["9H"], trump="X")


# -- B3 must beat the spades when void ------------------------------------------------------------


def test_b3_void_with_a_higher_spade_must_play_one() -> None:
    hand = parse_cards("5C 9S QS KS")
    trick = parse_cards("KH 10S")
    assert legal_plays(hand, trick, must_overtrump=Suit.SPADES) == parse_cards("QS KS")
    with pytest.raises(
        IllegalPlay, match=r"no ♥, so you must beat 10♠ with a higher ♠ \(you hold Q♠ K♠\)"
    ):
        check_play(hand, trick, parse_cards("9S")[0], must_overtrump=Suit.SPADES)


def test_b3_no_spade_in_the_trick_means_any_spade_and_no_beater_means_anything() -> None:
    hand = parse_cards("5C 9S")
    assert legal_plays(hand, parse_cards("KH"), must_overtrump=Suit.SPADES) == parse_cards("9S")
    assert legal_plays(hand, parse_cards("KH AS"), must_overtrump=Suit.SPADES) == hand


def test_b3_follow_suit_first_with_no_duty_to_head_the_trick() -> None:
    hand = parse_cards("2H AS")
    assert legal_plays(hand, parse_cards("KH QS"), must_overtrump=Suit.SPADES) == parse_cards("2H")


# -- B5 scoring, with the seed's example ----------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "score"),
    [
        (4, 4, 4),
        (4, 9, 4),
        (4, 3, -4),
        (2, 0, -2),
        (7, 7, 7),
        (10, 10, 13),
        (10, 11, 13),
        (10, 9, -10),
        (10, 12, -10),
        (8, 9, 13),
        (12, 13, 13),
    ],
)
def test_b5_calls_and_bonus_calls(bid: int, tricks: int, score: int) -> None:
    assert call_bridge.score_call(bid, tricks) == score


def test_b5_bad_calls() -> None:
    with pytest.raises(ValueError, match="bad call 1: expected 2 to 12"):
        call_bridge.score_call(1, 4)
    with pytest.raises(ValueError, match="bad tricks 14"):
        call_bridge.score_call(4, 14)


# -- B1, B2, B6 through the game ------------------------------------------------------------------


def test_b1_b2_counter_clockwise_seats_calls_from_the_dealers_right_who_leads() -> None:
    game = call_bridge.new_game(seed=3, rounds=1)
    dealer = game.dealer
    assert game.seats == ("N", "W", "S", "E")
    assert all(len(game.hand(s)) == 13 for s in game.seats)
    callers = []
    while game.phase is Phase.CALLS:
        callers.append(game.turn)
        game.call(2)
    assert callers == [game.seats[(dealer + k) % 4] for k in range(1, 5)]  # ends with the dealer
    assert game.turn == game.seats[(dealer + 1) % 4] and game.trump == Suit.SPADES
    with pytest.raises(
        ValueError, match="bad call 13: expected a whole number of tricks from 2 to 12"
    ):
        call_bridge.new_game(seed=3).call(13)


def test_b6_play_to_the_target_and_the_deal_passes_to_the_right() -> None:
    game = call_bridge.new_game(seed=5, target=12)
    bots = whist_bots(4, 5)
    while not game.is_over:
        game.apply(bots[game.index(str(game.turn))].choose(game))
    assert max(game.scores.values()) >= 12
    totals: Counter[str] = Counter()
    for number, played in enumerate(game.history):
        assert played.dealer == (game.first_dealer + number) % 4
        totals.update(played.scores)
        if number < len(game.history) - 1:
            assert max(totals.values()) < 12
    best = max(game.scores.values())
    assert game.winners() == [s for s, v in game.scores.items() if v == best]


def test_b6_exactly_n_rounds() -> None:
    assert len(simulate("call-bridge", seed=2, rounds=3).deals) == 3


# -- W1-W7 ----------------------------------------------------------------------------------------


def test_w2_the_schedule() -> None:
    assert [collett_whist.cards_in_round(n) for n in range(1, 19)] == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        7,
        7,
        7,
        7,
        7,
        6,
        5,
        4,
        3,
        2,
        1,
    ]
    with pytest.raises(ValueError, match="bad round 19"):
        collett_whist.cards_in_round(19)


def play_round(game: WhistGame, number: int) -> None:
    bots = whist_bots(game.n, game.seed)
    while len(game.history) < number:
        game.apply(bots[game.index(str(game.turn))].choose(game))


def test_w3_trump_turned_and_the_special_rounds() -> None:
    game = collett_whist.new_game(players=4, seed=1)
    play_round(game, 7)
    assert game.plan.number == 8 and game.phase is Phase.CALLS
    assert game.trump is None and all(len(game.hand(s)) == 7 for s in game.seats)  # half blind
    play_round(game, 8)
    assert game.history[-1].trump is not None
    assert game.phase is Phase.CALLS and all(not game.hand(s) for s in game.seats)  # blind
    play_round(game, 9)
    assert (game.phase, game.trump) == (Phase.PLAY, None)
    assert game.plan.number == 10 and game.current.calls == {}  # misère: no calls, no trump
    play_round(game, 10)
    assert game.plan.number == 11 and game.phase is Phase.CALLS and game.trump is None


def test_w4_w5_calls_from_the_dealers_left_and_the_dealers_left_leads() -> None:
    game = collett_whist.new_game(players=5, seed=4)
    dealer = game.dealer
    assert game.turn == game.seats[(dealer + 1) % 5]
    assert game.call_range() == (0, 1)
    with pytest.raises(
        ValueError, match="bad call 2: expected a whole number of tricks from 0 to 1"
    ):
        game.call(2)
    for _ in range(5):
        game.call(0)
    assert game.turn == game.seats[(dealer + 1) % 5]


@pytest.mark.parametrize(
    ("number", "bid", "tricks", "score"),
    [
        (3, 1, 2, 0),
        (7, 0, 3, 0),
        (3, 2, 2, 5),
        (3, 0, 0, 3),
        (3, 2, 1, 0),
        (7, 7, 7, 10),
        (10, None, 3, -3),
        (10, None, 0, 0),
    ],
)
def test_w6_scoring(number: int, bid: int | None, tricks: int, score: int) -> None:
    assert collett_whist.score_round(number, bid, tricks) == score


def test_w6_bad_figures() -> None:
    with pytest.raises(ValueError, match="nobody calls in round 10"):
        collett_whist.score_round(10, 2, 1)
    with pytest.raises(ValueError, match="bad tricks 4: expected 0 to 3 in round 3"):
        collett_whist.score_round(3, 1, 4)
    with pytest.raises(ValueError, match="bad players 8"):
        collett_whist.new_game(players=8)


def test_w7_eighteen_rounds_then_the_highest_total_wins() -> None:
    record = simulate("collett-whist", seed=6, players=3)
    assert [d.whist.round if d.whist else None for d in record.deals] == list(range(1, 19))
    totals: Counter[str] = Counter()
    for deal in record.deals:
        totals.update(deal.score)
    assert dict(totals) == record.final_scores


# -- properties, records, CLI ---------------------------------------------------------------------


class WhistOptions(TypedDict, total=False):
    """The options a property test gives a whist game: rounds (Call Bridge), players (Collett)."""

    rounds: int
    players: int


games = st.one_of(
    st.builds(lambda seed: ("call-bridge", seed, {"rounds": 4}), st.integers(0, 2**32)),
    st.builds(
        lambda seed, n: ("collett-whist", seed, {"players": n}),
        st.integers(0, 2**32),
        st.integers(3, 7),
    ),
)


@settings(max_examples=15, deadline=None)
@given(spec=games)
def test_52_cards_conserved_and_every_play_legal(spec: tuple[str, int, WhistOptions]) -> None:
    name, seed, options = spec
    game = (
        call_bridge.new_game(seed, rounds=4)
        if name == "call-bridge"
        else collett_whist.new_game(options["players"], seed)
    )
    bots = whist_bots(game.n, seed)
    while not game.is_over:
        if game.phase is Phase.PLAY:
            assert bots[game.index(str(game.turn))].card(game) in game.legal_plays()
            played = sum(len(t.cards) for t in game.current.tricks) + len(game.trick)
            held = sum(len(game.hand(s)) for s in game.seats)
            assert played + held == game.plan.cards * game.n <= 52
            assert (
                len(set(game.current.hands[0]).union(*game.current.hands))
                == game.plan.cards * game.n
            )
        game.apply(bots[game.index(str(game.turn))].choose(game))


@settings(max_examples=10, deadline=None)
@given(spec=games)
def test_record_round_trip_and_replay(spec: tuple[str, int, WhistOptions]) -> None:
    name, seed, options = spec
    record = simulate(name, seed, **options)
    assert simulate(name, seed, **options) == record
    assert_replays(record)


def test_replay_reports_a_wrong_call_score_and_an_illegal_card() -> None:
    record = simulate("call-bridge", seed=1, rounds=2)
    data = json.loads(record.to_json())
    data["deals"][0]["score"][data["seats"][0]] += 1
    assert any("the record's score" in p for p in replay(Record.from_dict(data)).problems)
    data = json.loads(record.to_json())
    data["deals"][0]["bids"][data["seats"][0]] = 1
    assert any("bad call 1" in p for p in replay(Record.from_dict(data)).problems)
    data = json.loads(record.to_json())
    trick = data["deals"][0]["tricks"][0]
    trick["cards"][0], trick["cards"][1] = trick["cards"][1], trick["cards"][0]
    assert not replay(Record.from_dict(data)).ok


@pytest.mark.parametrize("args", [["call-bridge"], ["collett-whist", "--players", "6"]])
def test_cli_simulates_whist_games_that_replay(args: list[str], tmp_path: pathlib.Path) -> None:
    run = [sys.executable, "-m", "calypso"]
    out = subprocess.run(
        [*run, "simulate", *args, "--seed", "1", "--games", "20", "--jsonl"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (tmp_path / "games.jsonl").write_text(out)
    check = subprocess.run(
        [*run, "replay", str(tmp_path / "games.jsonl")], capture_output=True, text=True
    )
    assert check.returncode == 0 and check.stdout.count(": ok") == 20


def test_w1_the_deal_passes_left_and_the_pack_is_shuffled_every_round() -> None:
    record = simulate("collett-whist", seed=9, players=5)
    seats = record.seats
    first = seats.index(record.deals[0].dealer)
    assert [d.dealer for d in record.deals] == [seats[(first + i) % 5] for i in range(18)]
    first_cards = [d.hands[seats[0]][:1] for d in record.deals[:7]]
    assert len(set(first_cards)) > 1
