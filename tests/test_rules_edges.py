"""Edge cases of the rules that mutation testing showed no test would notice (issue 22).

Every expected outcome here is worked out from docs/rulings.md, whose ids the tests cite:
B3 (Call Bridge's must-trump), C3 and C5 (following suit, the all-fours option), C6 (building
calypsos, spares that start the next one), C7 (scoring and a draw) and C4.5 (ties in a trick).
Where a property fits, hypothesis states the ruling over many hands; the expected cards are
then chosen with ``Card.suit`` and ``Card.rank``, never with the engine's own arithmetic.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calypso.engine.cards import ALL_CARDS, SUITS, Card, Rank, Suit, parse_cards
from calypso.engine.tricks import IllegalPlay, Rule, check_play, legal_plays, resolve_trick
from calypso.partnership.calypsos import Calypso, Where, build, route
from calypso.partnership.scoring import ScoreSheet, calypso_points, score_side
from calypso.whist import call_bridge

SPADES = Suit.SPADES
cards_of = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=13)


# --- B3: a Call Bridge player out of the suit led must play a spade that outranks the trick's


def test_b3_a_void_hand_whose_only_spade_is_the_two_must_play_it_into_a_trick_without_spades() -> (
    None
):
    """B3: "when the trick contains no spade yet, any spade will do" -- even the lowest one."""
    hand = parse_cards("2S 4C 9D AD")
    trick = parse_cards("KH 3H")
    assert legal_plays(hand, trick, must_overtrump=SPADES) == parse_cards("2S")
    for card in parse_cards("4C 9D AD"):
        with pytest.raises(IllegalPlay, match="play a ♠"):
            check_play(hand, trick, card, must_overtrump=SPADES)
    check_play(hand, trick, parse_cards("2S")[0], must_overtrump=SPADES)


def test_b3_call_bridge_itself_plays_with_spades_as_the_suit_to_overtrump_with() -> None:
    assert call_bridge.VARIANT.must_overtrump is SPADES


def test_b3_every_spade_outranking_the_trick_is_allowed_and_no_lower_or_equal_one() -> None:
    hand = parse_cards("3S 9S JS AS 5C")
    assert legal_plays(hand, parse_cards("4H 9S"), must_overtrump=SPADES) == parse_cards("JS AS")
    assert legal_plays(hand, parse_cards("4H 2S"), must_overtrump=SPADES) == parse_cards(
        "3S 9S JS AS"
    )


def test_b3_a_player_whose_spades_cannot_outrank_the_trick_plays_freely() -> None:
    hand = parse_cards("3S 9S 5C")
    assert legal_plays(hand, parse_cards("4H AS"), must_overtrump=SPADES) == hand
    assert legal_plays(hand, parse_cards("4H 9S"), must_overtrump=SPADES) == hand


def test_b3_spades_do_not_have_to_be_played_by_a_player_who_can_follow_suit() -> None:
    hand = parse_cards("2S 7H 5C")
    assert legal_plays(hand, parse_cards("KH"), must_overtrump=SPADES) == parse_cards("7H")


def test_b3_a_player_without_spades_or_the_led_suit_plays_anything() -> None:
    hand = parse_cards("4C 9D")
    assert legal_plays(hand, parse_cards("KH"), must_overtrump=SPADES) == hand


@given(hand=cards_of, trick=cards_of)
def test_b3_the_overtrump_rule_over_any_hand_and_trick(hand: list[Card], trick: list[Card]) -> None:
    led = trick[0].suit
    allowed = legal_plays(hand, trick, must_overtrump=SPADES)
    follow = [c for c in hand if c.suit == led]
    top = max((c.rank for c in trick if c.suit is SPADES), default=None)
    beaters = [c for c in hand if c.suit is SPADES and (top is None or c.rank > top)]
    if follow:
        assert allowed == follow
    elif beaters:
        assert allowed == beaters
    else:
        assert allowed == list(hand)


# --- C3 and C5: following suit, and the all-fours option


def test_c5_all_fours_lets_a_player_add_their_own_suit_to_the_suit_led() -> None:
    hand = parse_cards("2H 5C 9S KD AC 7H")
    trick = parse_cards("KH")
    assert legal_plays(hand, trick, Suit.CLUBS, all_fours=True) == parse_cards("2H 5C AC 7H")
    assert legal_plays(hand, trick, Suit.SPADES, all_fours=True) == parse_cards("2H 9S 7H")
    assert legal_plays(hand, trick, Suit.DIAMONDS, all_fours=True) == parse_cards("2H KD 7H")


def test_c3_without_all_fours_a_player_who_can_follow_must() -> None:
    hand = parse_cards("2H 5C 9S KD AC 7H")
    assert legal_plays(hand, parse_cards("KH"), Suit.CLUBS) == parse_cards("2H 7H")
    with pytest.raises(IllegalPlay, match="must follow ♥ "):
        check_play(hand, parse_cards("KH"), parse_cards("5C")[0], Suit.CLUBS)


def test_c5_when_the_own_suit_is_led_all_fours_is_simply_following() -> None:
    hand = parse_cards("2H 5C 9S 7H")
    assert legal_plays(hand, parse_cards("KH"), Suit.HEARTS, all_fours=True) == parse_cards("2H 7H")


def test_c5_a_card_of_the_own_suit_played_under_all_fours_is_a_ruff() -> None:
    """C5: a card played under all-fours "counts as a ruff in C4" (here C4.4, the only ruff)."""
    result = resolve_trick(["9H", "2C", "AH", "3H"], ["D", "C", "S", "H"])
    assert (result.winner, result.rule) == (1, Rule.PLAIN_LEAD_RUFFED)


def test_c5_the_error_names_the_own_suit_as_the_other_choice() -> None:
    hand = parse_cards("2H 5C 9S")
    with pytest.raises(IllegalPlay, match="must follow ♥ or play your own trump ♣"):
        check_play(hand, parse_cards("KH"), parse_cards("9S")[0], Suit.CLUBS, all_fours=True)


@given(hand=cards_of, trick=cards_of, trump=st.sampled_from(SUITS), all_fours=st.booleans())
def test_c3_c5_legal_plays_over_any_hand(
    hand: list[Card], trick: list[Card], trump: Suit, all_fours: bool
) -> None:
    led = trick[0].suit
    allowed = legal_plays(hand, trick, trump, all_fours=all_fours)
    follow = [c for c in hand if c.suit == led]
    if not follow:
        assert allowed == list(hand)
    elif all_fours:
        assert allowed == [c for c in hand if c.suit in (led, trump)]
    else:
        assert allowed == follow


# --- C6: what a calypso needs, what it holds, where a won trick's cards go


@pytest.mark.parametrize("suit", SUITS)
def test_c6_an_empty_calypso_needs_every_rank_of_its_suit_and_nothing_else(suit: Suit) -> None:
    run = Calypso(suit)
    assert [c for c in ALL_CARDS if run.needs(c)] == [Card(rank, suit) for rank in Rank]


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", list(Rank))
def test_c6_a_calypso_holding_one_rank_needs_every_other_rank_of_its_suit(
    suit: Suit, rank: Rank
) -> None:
    run = Calypso(suit, [Card(rank, suit)])
    needed = [c for c in ALL_CARDS if run.needs(c)]
    assert needed == [Card(r, suit) for r in Rank if r != rank]
    assert run.cards() == [Card(rank, suit)]
    assert run.missing() == [r for r in Rank if r != rank]
    assert (run.in_progress, run.missing_count) == (1, 12)


@given(suit=st.sampled_from(SUITS), ranks=st.sets(st.sampled_from(list(Rank)), max_size=12))
def test_c6_needs_and_cards_over_any_run(suit: Suit, ranks: set[Rank]) -> None:
    run = Calypso(suit, [Card(r, suit) for r in ranks])
    assert run.cards() == [Card(r, suit) for r in sorted(ranks)]
    for card in ALL_CARDS:
        assert run.needs(card) == (card.suit == suit and card.rank not in ranks)


def test_c6_cards_lists_the_run_lowest_first_in_its_own_suit() -> None:
    run = Calypso(Suit.DIAMONDS, parse_cards("AD 2D 10D"))
    assert run.cards() == parse_cards("2D 10D AD")
    assert Calypso(Suit.CLUBS).cards() == []


def hearts_missing(ranks: str) -> Calypso:
    """A hearts calypso holding every rank except ``ranks``."""
    gone = {c.rank for c in parse_cards(f"{r}H" for r in ranks.split())}
    return Calypso(Suit.HEARTS, [Card(r, Suit.HEARTS) for r in Rank if r not in gone])


H = Suit.HEARTS


def test_c6_the_completing_tricks_spares_start_the_next_calypso_one_per_rank() -> None:
    """C6: the first 5♥ completes the run; the second 5♥ and the 9♥ (a spare: 9 was held) begin
    the next calypso; the third 5♥ is a further copy and goes to the pile, as does the club."""
    trick = parse_cards("5H 5H 9H 5H 2C")
    run = hearts_missing("5")
    assert route(trick, [run]) == [
        (Where.CALYPSO, H),
        (Where.NEXT, H),
        (Where.NEXT, H),
        (Where.PILE, None),
        (Where.PILE, None),
    ]
    assert run.completed == 0 and run.missing_count == 1  # route leaves the calypso alone
    assert build(trick, [run]) == parse_cards("2C 5H")
    assert run.completed == 1
    assert run.cards() == parse_cards("5H 9H")


def test_c6_a_spare_played_before_the_completing_card_also_starts_the_next_calypso() -> None:
    trick = parse_cards("9H KH 5H 3D")
    run = hearts_missing("5 K")
    assert route(trick, [run]) == [
        (Where.NEXT, H),
        (Where.CALYPSO, H),
        (Where.CALYPSO, H),
        (Where.PILE, None),
    ]
    assert build(trick, [run]) == parse_cards("3D")
    assert (run.completed, run.cards()) == (1, parse_cards("9H"))


def test_c6_spares_of_a_trick_that_completes_nothing_go_to_the_pile() -> None:
    trick = parse_cards("9H 5H 9H 9H")
    run = hearts_missing("5 K")
    assert route(trick, [run]) == [
        (Where.PILE, None),
        (Where.CALYPSO, H),
        (Where.PILE, None),
        (Where.PILE, None),
    ]
    assert build(trick, [run]) == parse_cards("9H 9H 9H")
    assert (run.completed, run.missing_count) == (0, 1)


def test_c6_in_later_tricks_the_new_calypso_takes_what_it_lacks_and_spares_go_to_the_pile() -> None:
    run = hearts_missing("5")
    build(parse_cards("5H 5H"), [run])
    later = parse_cards("5H 6H 6H 8S")
    assert route(later, [run]) == [
        (Where.PILE, None),
        (Where.CALYPSO, H),
        (Where.PILE, None),
        (Where.PILE, None),
    ]
    assert build(later, [run]) == parse_cards("8S 5H 6H")
    assert (run.completed, run.cards()) == (1, parse_cards("5H 6H"))


def test_c6_winner_and_partner_each_take_their_own_suit_and_opponents_suits_go_to_the_pile() -> (
    None
):
    winner, partner = Calypso(Suit.SPADES, parse_cards("KS")), hearts_missing("A")
    trick = parse_cards("KS AH 4D AH 2S")
    assert route(trick, [winner, partner]) == [
        (Where.PILE, None),
        (Where.CALYPSO, H),
        (Where.PILE, None),
        (Where.NEXT, H),
        (Where.CALYPSO, SPADES),
    ]


def test_c6_a_completing_trick_whose_spares_start_two_copies_of_a_rank_keeps_only_one() -> None:
    """C6: the spares begin the next calypso "one card per rank"."""
    run = hearts_missing("2")
    trick = parse_cards("2H 7H 7H 7H")
    assert [where for where, _ in route(trick, [run])] == [
        Where.CALYPSO,
        Where.NEXT,
        Where.PILE,
        Where.PILE,
    ]


@given(
    held=st.sets(st.sampled_from(list(Rank)), max_size=12),
    trick=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8),
)
def test_c6_route_tells_where_build_puts_each_card(held: set[Rank], trick: list[Card]) -> None:
    run = Calypso(H, [Card(r, H) for r in held])
    places = [where for where, _ in route(trick, [run])]
    pile = build(trick, [run])

    def going(where: Where) -> list[Card]:
        return sorted(c for c, w in zip(trick, places, strict=True) if w is where)

    assert sorted(pile) == going(Where.PILE)
    if run.completed:
        assert run.cards() == going(Where.NEXT)
    else:
        assert going(Where.NEXT) == []
        assert run.cards() == sorted([Card(r, H) for r in held] + going(Where.CALYPSO))


# --- C7: the values of completed calypsos, and a draw


@pytest.mark.parametrize(
    ("completed", "points"), [(0, 0), (1, 500), (2, 1250), (3, 2250), (4, 3250)]
)
def test_c7_completed_calypsos_score_500_750_1000_and_1000(completed: int, points: int) -> None:
    assert calypso_points(completed) == points


@pytest.mark.parametrize("wrong", [-1, 5, 13, 2.0, "2", None, [2]])
def test_c7_calypso_points_refuses_anything_but_a_count_from_0_to_4(wrong: object) -> None:
    with pytest.raises(ValueError, match=r"bad number of calypsos .*: expected 0 to 4"):
        calypso_points(wrong)  # type: ignore[arg-type]


def test_c7_equal_totals_are_a_draw_with_no_winner() -> None:
    ns = score_side("NS", [("N", "H", 1, 0), ("S", "S", 0, 5)], pile=0)
    ew = score_side("EW", [("E", "D", 0, 0), ("W", "C", 1, 0)], pile=10)
    assert (ns.total, ew.total) == (600, 600)
    sheet = ScoreSheet((ns, ew))
    assert sheet.winner is None
    assert sheet.totals == {"NS": 600, "EW": 600}


def test_c7_one_point_more_wins() -> None:
    ns = score_side("NS", [("N", "H", 1, 0), ("S", "S", 0, 5)], pile=1)
    ew = score_side("EW", [("E", "D", 0, 0), ("W", "C", 1, 0)], pile=10)
    assert ScoreSheet((ns, ew)).winner == "NS"
    assert ScoreSheet((ew, ns)).winner == "NS"


# --- C4.5: ties inside a trick


def test_c4_5_ruffs_of_equal_rank_in_different_suits_go_to_the_earlier() -> None:
    result = resolve_trick(["9C", "7D", "7S", "KC"], ["H", "D", "S", "C"])
    assert (result.winner, result.rule) == (1, Rule.TIE_FIRST_PLAYED)


def test_c4_2_a_later_higher_ruff_beats_an_earlier_tie_and_no_tie_is_reported() -> None:
    """C4.2: the led 2♥ and the ruffs 7♦, 7♠, 8♣ compete; 8♣ is the single highest."""
    result = resolve_trick(["2H", "7D", "7S", "8C"], ["H", "D", "S", "C"])
    assert (result.winner, result.rule) == (3, Rule.LEADER_TRUMP_RUFFED)


def test_c4_5_a_ruff_equal_to_the_led_own_trump_loses_to_the_led_card() -> None:
    result = resolve_trick(["7H", "7D"], ["H", "D"])
    assert (result.winner, result.rule) == (0, Rule.TIE_FIRST_PLAYED)


# --- C7: a player's and a side's points, item by item


def test_c7_each_item_of_a_players_score() -> None:
    side = score_side("NS", [("N", "H", 2, 7), ("S", "S", 0, 12)], pile=33)
    north, south = side.players
    assert (north.seat, north.trump, north.completed, north.in_progress) == ("N", H, 2, 7)
    assert (north.calypso_points, north.in_progress_points, north.total) == (1250, 140, 1390)
    assert (south.calypso_points, south.in_progress_points, south.total) == (0, 240, 240)
    assert (side.name, side.pile, side.pile_points) == ("NS", 33, 330)
    assert side.total == 1390 + 240 + 330


@pytest.mark.parametrize(
    ("player", "pile", "message"),
    [
        (
            ("N", "H", 5, 0),
            0,
            r"^bad completed calypsos 5 for N: expected a whole number from 0 to 4$",
        ),
        (
            ("N", "H", 0, 13),
            0,
            r"^bad cards in progress 13 for N: expected a whole number from 0 to 12$",
        ),
        (("N", "H", -1, 0), 0, r"^bad completed calypsos -1 for N"),
        (("N", "H", 0, -1), 0, r"^bad cards in progress -1 for N"),
        (
            ("N", "H", 0, 0),
            209,
            r"^bad pile cards 209 for NS: expected a whole number from 0 to 208$",
        ),
        (("N", "X", 0, 0), 0, r"^bad suit 'X'"),
    ],
)
def test_c7_figures_no_208_card_game_can_reach_are_refused(
    player: tuple[str, str, int, int], pile: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        score_side("NS", [player], pile=pile)


def test_c7_the_limits_themselves_are_allowed() -> None:
    side = score_side("EW", [("E", "D", 4, 12)], pile=208)
    assert side.total == 3250 + 240 + 2080


def test_c6_a_copy_of_a_calypso_holds_the_same_run_and_count_and_builds_on_its_own() -> None:
    run = hearts_missing("5")
    build(parse_cards("5H 5H"), [run])
    clone = run.copy()
    assert (clone.suit, clone.cards(), clone.completed) == (H, parse_cards("5H"), 1)
    build(parse_cards("6H"), [clone])
    assert run.cards() == parse_cards("5H") and clone.cards() == parse_cards("5H 6H")
    assert repr(clone) == "<Calypso ♥ [5H 6H] completed=1>"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("2H 3S", r"^bad card 3♠ for a ♥ calypso: wrong suit$"),
        ("2H 2H", r"^bad card 2♥: a calypso holds one card of each rank$"),
        (
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            r"^a calypso in progress cannot hold all 13 ranks: it is complete$",
        ),
    ],
)
def test_c6_a_run_in_progress_holds_one_card_of_each_rank_of_its_suit_and_never_all(
    cards: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Calypso(H, parse_cards(cards))


def test_c4_the_winning_card_is_the_card_of_the_winner() -> None:
    result = resolve_trick(["9H", "4C", "6D", "2H"], ["S", "C", "D", "H"])
    assert result.winning_card == parse_cards("6D")[0]
