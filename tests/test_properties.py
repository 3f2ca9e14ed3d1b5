"""Hypothesis properties over whole games, with every rule variant and bot mix."""

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from record_checks import assert_replays

from calypso import Game, make_players, replay, simulate
from calypso.engine.cards import ALL_CARDS, Card
from calypso.partnership.game import SEATS, SIDES

seeds = st.integers(min_value=0, max_value=2**32)
variants = st.fixed_dictionaries(
    {
        "trumps": st.permutations("CDHS").map("".join),
        "trump_lead": st.sampled_from(["ranked", "ruff-wins"]),
        "all_fours": st.booleans(),
    }
)
bot_mixes = st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4)


def where_cards_are(game: Game) -> Counter[Card]:
    """Every card of the 208 by where it lies: hands, trick, calypsos, piles."""
    places: Counter[Card] = Counter()
    for seat in SEATS:
        places.update(game.hand(seat))
        calypso = game.calypso(seat)
        places.update(calypso.cards())
        for _ in range(calypso.completed):  # a completed calypso holds one card of each rank
            places.update(c for c in ALL_CARDS if c.suit == calypso.suit)
    places.update(game.trick)
    for side in SIDES:
        places.update(game.pile(side))
    undealt = [c for deal in game.dealt[game.deal_number + 1 :] for hand in deal for c in hand]
    places.update(undealt)
    return places


@settings(max_examples=25, deadline=None)
@given(seed=seeds, options=variants, bots=bot_mixes)
def test_all_208_cards_are_conserved_after_every_trick(
    seed: int, options: dict[str, Any], bots: list[str]
) -> None:
    game = Game(seed, **options)
    players = make_players(bots, seed)
    full = Counter({card: 4 for card in ALL_CARDS})
    while not game.is_over:
        if game.play(players[SEATS.index(game.turn)].choose(game)) is not None:
            assert where_cards_are(game) == full


@settings(max_examples=25, deadline=None)
@given(seed=seeds, options=variants, bots=bot_mixes)
def test_same_seed_gives_an_identical_record(
    seed: int, options: dict[str, Any], bots: list[str]
) -> None:
    first = simulate("calypso", seed, bots=bots, **options)
    assert simulate("calypso", seed, bots=bots, **options).to_json() == first.to_json()


@settings(max_examples=25, deadline=None)
@given(seed=seeds, options=variants, bots=bot_mixes)
def test_json_round_trip_replays_to_the_same_scores(
    seed: int, options: dict[str, Any], bots: list[str]
) -> None:
    record = simulate("calypso", seed, bots=bots, **options)
    assert_replays(record)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, options=variants)
def test_scores_equal_the_c7_formula(seed: int, options: dict[str, Any]) -> None:
    game = Game(seed, **options)
    sheet = game.play_out(make_players("random", seed))
    values = (500, 750, 1000, 1000)
    for s, side in enumerate(SIDES):
        calypsos = [game.calypso(seat) for seat in SEATS[s::2]]
        expected = (
            sum(sum(values[: k.completed]) for k in calypsos)
            + 20 * sum(len(k.cards()) for k in calypsos)
            + 10 * len(game.pile(side))
        )
        assert sheet.totals[side] == expected


@settings(max_examples=10, deadline=None)
@given(seed=seeds, target=st.integers(min_value=1, max_value=8000))
def test_c8_a_match_ends_after_the_first_game_that_decides_it(seed: int, target: int) -> None:
    record = simulate("calypso", seed, target=target)
    cumulative = dict.fromkeys(SIDES, 0)
    games = len(record.deals) // 4
    for number in range(games):
        for side, points in record.deals[4 * number + 3].score.items():
            cumulative[side] += points
        decided = max(cumulative.values()) >= target and cumulative["NS"] != cumulative["EW"]
        assert decided == (number == games - 1)
    assert cumulative == record.final_scores == replay(record).scores
    assert record.options["target"] == target
