"""Auction Calypso (docs/rulings.md, A1-A10, P1-P5) where mutation testing (issue 22) found
gaps: the places A9 names for the cards, given hands of the wrong shape (A3), the suits the
declarer hands out (A5)."""

import random
from collections import Counter
from typing import TypedDict, Unpack

import pytest

from calypso.auction.bidding import (
    Auction,
    BadBid,
    Call,
    CallKind,
    IllegalCall,
    calypso_bonus,
    parse_bid,
    parse_call,
    score_contract,
    score_misere,
)
from calypso.auction.game import STANDARD_SETUP, AuctionGame, AuctionOptions, Setup, deal_setup
from calypso.engine.cards import ALL_CARDS, SUITS, Suit, parse_card, parse_cards
from calypso.engine.table import OutOfTurn
from calypso.engine.tricks import IllegalPlay, Rule

A9_PLACES = [
    "green room",
    "hands",
    "trick",
    "calypsos in progress",
    "completed calypsos",
    "trickpiles",
    "sin-bin",
]


def test_a9_the_208_cards_lie_in_the_places_the_rulings_name() -> None:
    game = AuctionGame(players=3, seed=1, setup="standard")
    places = game.places()
    assert list(places) == A9_PLACES
    assert sum(sum(c.values()) for c in places.values()) == 208
    assert sum(places["hands"].values()) == 51  # A3: 17 cards to each of three players
    assert sum(places["calypsos in progress"].values()) == 3 * 24  # A2: the standard cards
    assert places["trick"] == Counter() and places["sin-bin"] == Counter()
    assert sum(places["green room"].values()) == 208 - 51 - 72


def dealt_hands(game: AuctionGame) -> dict[str, list[str]]:
    return {seat: [str(c) for c in game.hand(seat)] for seat in game.seats}


def test_a3_given_hands_must_deal_to_every_player() -> None:
    hands = dealt_hands(AuctionGame(players=3, seed=1, setup="standard"))
    del hands["W"]
    with pytest.raises(ValueError, match=r"^bad hands: hand 1 must give cards to N, E, W$"):
        AuctionGame(players=3, seed=1, setup="standard", deals=[hands])


def test_a3_given_hands_must_be_17_cards_each() -> None:
    hands = dealt_hands(AuctionGame(players=3, seed=1, setup="standard"))
    hands["E"] = hands["E"][:16]
    with pytest.raises(
        ValueError,
        match=r"^bad hands: hand 1 gives N 17, E 16, W 17 cards, expected 17 each "
        r"\(fewer, but equal, only when the pack runs out\)$",
    ):
        AuctionGame(players=3, seed=1, setup="standard", deals=[hands])


def test_a3_given_hands_are_the_hands_dealt() -> None:
    hands = dealt_hands(AuctionGame(players=3, seed=1, setup="standard"))
    game = AuctionGame(players=3, seed=9, setup="standard", deals=[hands])
    assert dealt_hands(game) == hands


@pytest.mark.parametrize("suit", SUITS)
def test_a5_the_declarer_hands_out_the_three_suits_other_than_the_contract(suit: Suit) -> None:
    game = AuctionGame(players=3, seed=1, setup="standard")
    assert game.suits_to_give() == []
    game.call(f"1+0{suit.letter}")
    game.call("pass")
    game.call("pass")
    assert game.suits_to_give() == [s for s in Suit if s is not suit]


@pytest.mark.parametrize("text", [170, None, "170", "1+25S", "pass"])
def test_a4_a_bid_not_written_as_one_is_refused_and_says_how_to_write_it(
    text: int | str | None,
) -> None:
    if text == "1+25S":
        with pytest.raises(BadBid) as refused:
            parse_bid(text)
        assert refused.value.reason == "step"
        return
    with pytest.raises(BadBid, match=r"^bad bid .*: expected points and suit \(170C\)") as refused:
        parse_bid(text)  # type: ignore[arg-type]
    assert refused.value.reason == "form"


def standard_cards(game: AuctionGame) -> dict[str, list[str]]:
    return {seat: [str(c) for c in STANDARD_SETUP] for seat in game.seats}


def test_a2_given_starting_cards_are_each_players_and_score_no_bonus_unless_given() -> None:
    game = AuctionGame(players=3, setup_cards=standard_cards(AuctionGame(players=3)))
    assert game.scores == {"N": 0, "E": 0, "W": 0}
    assert [sorted(c for k in mine for c in k.cards()) for mine in game.calypsos] == [
        sorted(STANDARD_SETUP)
    ] * 3
    rewarded = AuctionGame(players=3, setup_cards=standard_cards(game), setup_bonus={"E": 500})
    assert rewarded.scores == {"N": 0, "E": 500, "W": 0}


def test_a2_given_starting_cards_must_name_every_player() -> None:
    cards = standard_cards(AuctionGame(players=3))
    del cards["N"]
    with pytest.raises(ValueError, match=r"^bad setup: expected starting cards for N, E, W$"):
        AuctionGame(players=3, setup_cards=cards)


def test_a2_a_calypso_holds_one_card_of_each_rank() -> None:
    cards = standard_cards(AuctionGame(players=3))
    cards["E"] = [*cards["E"], "2C"]
    with pytest.raises(
        ValueError, match=r"^bad setup for E: a calypso holds one card of each rank$"
    ):
        AuctionGame(players=3, setup_cards=cards)


def test_c2_the_pack_holds_four_copies_of_a_card_and_no_more() -> None:
    """Five players could not all start with 2♣: the 208-card pack has four (C2, A1)."""
    cards = {seat: ["2C"] for seat in ("N", "E", "S", "W")}
    game = AuctionGame(players=4, setup_cards=cards)
    assert game.setup.cards == ((parse_card("2C"),),) * 4
    assert parse_card("2C") not in game.setup.deck
    assert len(game.setup.deck) == 204


def test_a9_a_hand_may_take_from_the_sin_bin_only_once_the_green_room_is_used_up() -> None:
    """A9: under the standard setup three 2♣ lie in calypsos, so the green room holds one; a
    first hand dealing two 2♣ would take from the sin-bin with the green room still full."""
    hands = dealt_hands(AuctionGame(players=3, seed=1, setup="standard"))
    hands["N"] = ["2C", "2C", *[c for c in hands["N"] if c != "2C"][2:]]
    with pytest.raises(
        ValueError,
        match=r"^bad hands: hand 1 leaves cards of the green room undealt while taking cards "
        r"from the sin-bin$",
    ):
        AuctionGame(players=3, seed=1, setup="standard", deals=[hands])


def test_a3_given_hands_with_no_cards_are_refused() -> None:
    empty: dict[str, list[str]] = {"N": [], "E": [], "W": []}
    with pytest.raises(
        ValueError, match=r"^bad hands: hand 1 gives N 0, E 0, W 0 cards, expected 17 each"
    ):
        AuctionGame(players=3, seed=1, setup="standard", deals=[empty])


@pytest.mark.parametrize("needed", range(1, 14))
def test_a7_the_bonus_of_a_bid_calypso_is_40_plus_10_n_squared(needed: int) -> None:
    table = [50, 80, 130, 200, 290, 400, 530, 680, 850, 1040, 1250, 1480, 1730]
    assert calypso_bonus(needed) == table[needed - 1]


@pytest.mark.parametrize("needed", [0, 14, -1, 2.0, "3", None])
def test_a7_a_calypso_lacks_1_to_13_cards(needed: int | float | str | None) -> None:
    with pytest.raises(ValueError, match=rf"^bad cards needed {needed!r}: expected 1 to 13$"):
        calypso_bonus(needed)  # type: ignore[arg-type]


def test_a7_the_lines_of_a_made_contract_count_the_calypsos_completed() -> None:
    """A made contract of 1 calypso needing 2 cards, 200 points undoubled, 25 cards (A7)."""
    one = score_contract(200, 1, 25, 0, 2, 1)
    assert one.breakdown[-1] == ("1 calypso completed × 500", 500)
    assert one.total == 250 + 200 + 80 + 500
    two = score_contract(200, 1, 25, 0, 2, 2)
    assert two.breakdown[-1] == ("2 calypsos completed × 500", 1000)


def test_a7_the_lines_of_a_failed_contract_count_the_bid_calypsos_left_unfinished() -> None:
    one = score_contract(200, 1, 25, 0, 2, 0)
    assert one.breakdown[-1] == ("1 bid calypso not completed × 500", -500)
    assert one.total == -200 - 80 - 500
    two = score_contract(200, 2, 25, 0, 2, 0)
    assert two.breakdown[-1] == ("2 bid calypsos not completed × 500", -1000)
    assert two.total == -200 - 80 - 1730 - 1000


@pytest.mark.parametrize("points", [[-10, 0, 0], [0, 0, "10"], [0, 0], [0, 0, 0, 0], [1.5, 0, 0]])
def test_a8_misere_card_points_are_three_whole_numbers_from_0(points: list[float | str]) -> None:
    with pytest.raises(
        ValueError, match=r"^bad card points .*: expected three whole numbers from 0 up$"
    ):
        score_misere(points)  # type: ignore[arg-type]


@pytest.mark.parametrize(("bidder", "caller"), [(1, 3), (3, 1), (0, 2), (2, 0)])
def test_p2_the_bidders_partner_may_not_double(bidder: int, caller: int) -> None:
    auction = Auction(players=4, first=bidder, partners=True)
    auction.call("170C")
    while auction.turn != caller:
        auction.call("pass")
    with pytest.raises(IllegalCall, match=r"^only an opponent of the bidder may double 170C$"):
        auction.call("double")
    assert CallKind.DOUBLE not in auction.legal_kinds()


@pytest.mark.parametrize(("bidder", "caller"), [(1, 0), (1, 2), (3, 0), (3, 2), (0, 1), (2, 3)])
def test_p2_either_opponent_of_the_bidder_may_double(bidder: int, caller: int) -> None:
    auction = Auction(players=4, first=bidder, partners=True)
    auction.call("170C")
    while auction.turn != caller:
        auction.call("pass")
    assert CallKind.DOUBLE in auction.legal_kinds()
    auction.call("double")
    assert auction.doubled == 1


def test_a4_after_a_double_the_bidder_may_redouble_but_not_double_again() -> None:
    auction = Auction(players=3, first=0)
    auction.call("170C")
    auction.call("double")
    auction.call("pass")
    assert auction.legal_kinds() == [CallKind.PASS, CallKind.BID, CallKind.REDOUBLE]


RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUIT_DEAL = {  # N holds the hearts, E the diamonds, W the spades, and the clubs are shared out
    "N": [f"{r}H" for r in RANKS] + ["2C", "3C", "4C", "5C"],
    "E": [f"{r}D" for r in RANKS] + ["6C", "7C", "8C", "9C"],
    "W": [f"{r}S" for r in RANKS] + ["10C", "JC", "QC", "KC"],
}


class GameRules(TypedDict, total=False):
    """The trick rules a test may choose for the game below (C5)."""

    trump_lead: str
    all_fours: bool


def e_declares_diamonds(**options: Unpack[GameRules]) -> AuctionGame:
    """N deals, so E is eldest (A3); E wins the auction in ♦ and gives N ♥ and W ♠ (A5)."""
    game = AuctionGame(players=3, setup="none", deals=[SUIT_DEAL], **options)
    for call in ("170D", "pass", "pass"):
        game.call(call)
    game.choose_trumps({"N": "H", "W": "S"})
    return game


def test_c5_ruff_wins_in_auction_calypso_any_ruff_takes_the_declarers_trump_lead() -> None:
    """E leads A♦, its own trump; W ruffs with 2♠ and N with 3♥."""
    for trump_lead, winner, rule in (
        ("ruff-wins", "N", Rule.RUFF_BEATS_TRUMP_LEAD),
        ("ranked", "E", Rule.LEADER_TRUMP_RUFFED),
    ):
        game = e_declares_diamonds(trump_lead=trump_lead)
        assert game.turn == "E"
        game.play("AD", "E")
        game.play("2S", "W")
        trick = game.play("3H", "N")
        assert trick is not None
        assert (trick.winner, trick.rule) == (winner, rule)


def test_c5_all_fours_in_auction_calypso_offers_the_own_trump_beside_the_suit_led() -> None:
    plain = e_declares_diamonds()
    plain.play("6C", "E")
    assert plain.legal_plays() == parse_cards("10C JC QC KC")
    with pytest.raises(IllegalPlay, match="you must follow ♣"):
        plain.play("2S", "W")
    fours = e_declares_diamonds(all_fours=True)
    fours.play("6C", "E")
    assert fours.legal_plays() == [
        *parse_cards("10C JC QC KC"),
        *(parse_cards(" ".join(f"{r}S" for r in RANKS))),
    ]
    fours.play("2S", "W")
    assert fours.turn == "N"


def test_a2_an_unknown_setup_is_refused_and_the_setups_are_named() -> None:
    with pytest.raises(
        ValueError,
        match=r"^bad setup 'fair': expected one of none, balanced, standard, random, random-equal$",
    ):
        deal_setup("fair", 3, 0, random.Random(1))


@pytest.mark.parametrize(
    ("calls", "call", "message"),
    [
        ([], "double", r"^there is no bid to double$"),
        ([], "redouble", r"^only a doubled bid can be redoubled$"),
        (["170C"], "redouble", r"^only a doubled bid can be redoubled$"),
        (["170C", "pass"], "redouble", r"^only a doubled bid can be redoubled$"),
        (["170C", "double"], "double", r"^170C is already doubled$"),
        (
            ["180C"],
            "170S",
            r"^170S does not outrank 180C: bids rank by calypsos, then points, "
            r"then suit \(C < D < H < S\)$",
        ),
        (["170C", "pass", "pass"], "pass", r"^the auction is over: no more calls$"),
    ],
)
def test_a4_a_call_the_auction_does_not_allow_is_refused_and_says_why(
    calls: list[str], call: str, message: str
) -> None:
    auction = Auction(players=3)
    for made in calls:
        auction.call(made)
    with pytest.raises(IllegalCall, match=message):
        auction.call(call)
    assert len(auction.calls) == len(calls)


def pack_holds_everything(setup: Setup) -> bool:
    """C2: the 208 cards are the starting cards plus the pack left for the deals."""
    everything = Counter(setup.deck) + Counter(c for cards in setup.cards for c in cards)
    return everything == Counter({c: 4 for c in ALL_CARDS})


@pytest.mark.parametrize("seed", range(5))
def test_a2_random_setups_each_player_draws_their_own_distinct_cards(seed: int) -> None:
    setup = deal_setup("random", 3, 0, random.Random(seed))
    assert len(set(setup.cards)) == 3  # no copying
    for cards in setup.cards:
        assert len(set(cards)) == len(cards) <= 30
        assert all(sum(c.suit == s for c in cards) < 13 for s in SUITS)
    assert pack_holds_everything(setup)


@pytest.mark.parametrize("seed", range(5))
def test_a2_random_equal_the_others_hold_as_many_different_cards_as_the_dealer(seed: int) -> None:
    setup = deal_setup("random-equal", 3, 1, random.Random(seed))
    dealer = setup.cards[1]
    assert all(len(cards) == len(dealer) for cards in setup.cards)
    assert setup.cards[0] != dealer or setup.cards[2] != dealer
    for cards in setup.cards:
        assert len(set(cards)) == len(cards)
        assert all(sum(c.suit == s for c in cards) < 13 for s in SUITS)
    assert pack_holds_everything(setup)


@pytest.mark.parametrize("seed", range(5))
def test_a2_balanced_every_player_starts_alike(seed: int) -> None:
    setup = deal_setup("balanced", 3, 2, random.Random(seed))
    assert setup.cards[0] == setup.cards[1] == setup.cards[2]
    assert 0 < len(setup.cards[0]) <= 30
    assert len(set(setup.bonus)) == 1  # a complete suit scores 500 for every player alike
    assert pack_holds_everything(setup)


def test_a7_the_worked_checks_of_the_rulings() -> None:
    """A7: 240 points bid, 19 trickpile cards, 3 cards sold: 190 + 60 + 240 = 490; doubled 730;
    failed while doubled, -480."""
    made = score_contract(240, 0, 19, 5, 13, 0)
    assert (made.made, made.sold, made.total) == (True, 3, 490)
    assert score_contract(240, 0, 19, 5, 13, 0, doubled=1).total == 730
    assert score_contract(240, 0, 19, 2, 13, 0, doubled=1).total == -480


def test_a7_the_fewest_cards_whose_20s_cover_the_shortfall_are_to_be_sold() -> None:
    assert score_contract(420, 0, 0, 12, 13, 0).to_sell == 21
    assert score_contract(250, 0, 0, 12, 13, 0).to_sell == 13
    assert score_contract(250, 0, 5, 12, 13, 0).to_sell == 10


def test_a7_each_bid_calypsos_bonus_has_a_line_of_its_own() -> None:
    made = score_contract(0, 2, 10, 0, 3, 2)
    assert [line for line in made.breakdown if line[0].startswith("bonus")] == [
        ("bonus for bid calypso 1", 130),
        ("bonus for bid calypso 2", 1730),
    ]
    failed = score_contract(0, 2, 10, 0, 3, 1)
    assert [line for line in failed.breakdown if line[0].startswith("bonus")] == [
        ("bonus for bid calypso 1, lost", -130),
        ("bonus for bid calypso 2, lost", -1730),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((200, 5, 10, 0, 3, 0), r"^bad bid calypsos 5: expected a whole number from 0 to 4$"),
        ((200, 0, 53, 0, 3, 0), r"^bad trickpile 53: expected a whole number from 0 to 52$"),
        (
            (200, 0, 10, 13, 3, 0),
            r"^bad cards in progress 13: expected a whole number from 0 to 12$",
        ),
        ((200, 0, 10, 0, 14, 0), r"^bad cards needed 14: expected a whole number from 1 to 13$"),
        ((200, 0, 10, 0, 0, 0), r"^bad cards needed 0: expected a whole number from 1 to 13$"),
        ((200, 0, 10, 0, 3, 5), r"^bad completed calypsos 5: expected a whole number from 0 to 4$"),
        (
            (160, 0, 10, 0, 3, 0),
            r"^bad bid 160C: with no calypsos a bid needs at least 170 points$",
        ),
        ((205, 1, 10, 0, 3, 0), r"^bad bid points 205: expected a multiple of 10 from 0 up$"),
    ],
)
def test_a7_figures_no_hand_can_have_are_refused(args: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_contract(*args)
    with pytest.raises(ValueError, match=r"^bad doubled 3: expected a whole number from 0 to 2$"):
        score_contract(200, 0, 10, 0, 3, 0, doubled=3)


def test_a4_a_bid_is_a_call_of_its_own() -> None:
    bid = parse_bid("1+20S")
    assert parse_call(bid) == Call(CallKind.BID, bid)
    assert str(parse_call(bid)) == "1+20S"


def test_a10_p5_a_game_lasts_18_hands_for_three_and_16_for_four_unless_told() -> None:
    assert AuctionOptions(players=3).hands == 18
    assert AuctionOptions(players=4).hands == 16
    assert AuctionOptions(players=3, hands=6).hands == 6


def test_a1_a_game_is_for_three_with_seed_0_unless_told() -> None:
    game = AuctionGame()
    assert (game.players, game.seats, game.seed) == (3, ("N", "E", "W"), 0)
    assert AuctionGame(seed=7).seed == 7
    assert game.final_bonus == {}


@pytest.mark.parametrize(("players", "partners"), [(2, False), (5, False), (3, True)])
def test_a1_p1_an_auction_is_for_three_or_four_in_partnerships(
    players: int, partners: bool
) -> None:
    with pytest.raises(
        ValueError, match=rf"^bad auction: {players} players, expected 3, or 4 in partnerships$"
    ):
        Auction(players=players, partners=partners)


def test_a5_trumps_are_chosen_only_once_the_auction_is_won() -> None:
    game = AuctionGame(players=3, seed=1, setup="standard")
    with pytest.raises(
        ValueError, match=r"^trumps are chosen by the declarer once the auction is won$"
    ):
        game.choose_trumps({"N": "H", "W": "S"})


def test_c3_a_card_out_of_turn_is_refused_in_auction_calypso() -> None:
    game = e_declares_diamonds()
    with pytest.raises(OutOfTurn, match=r"^it is E's turn, not W's$"):
        game.play("2S", "W")
