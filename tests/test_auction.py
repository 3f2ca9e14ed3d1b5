"""Auction Calypso: docs/rulings.md, A1-A10 (three players) and P1-P5 (four in partnerships)."""

import random
from collections import Counter
from collections.abc import MutableSequence

import pytest

from calypso.auction import (
    Auction,
    Bid,
    IllegalCall,
    calypso_bonus,
    parse_bid,
    parse_call,
    score_contract,
    score_misere,
    score_misere_sides,
)
from calypso.auction.game import STANDARD_SETUP, AuctionGame, Phase, deal_setup
from calypso.engine.cards import ALL_CARDS, Card, Suit, parse_cards


def calls(auction: Auction, *texts: str) -> Auction:
    for text in texts:
        auction.call(text)
    return auction


# -- A4 bids and their order ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "bid"),
    [
        ("170C", Bid(0, 170, Suit.CLUBS)),
        ("1+20S", Bid(1, 20, Suit.SPADES)),
        ("2+0h", Bid(2, 0, Suit.HEARTS)),
        ("190♠", Bid(0, 190, Suit.SPADES)),
    ],
)
def test_bid_text_reads_and_writes(text: str, bid: Bid) -> None:
    assert parse_bid(text) == bid
    assert parse_bid(str(bid)) == bid


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("160C", "at least 170 points"),
        ("175C", "multiple of 10"),
        ("5+0S", "expected 0 to 4"),
        ("170X", "bad call .170X."),
        ("pass!", "bad call 'pass!'"),
    ],
)
def test_bad_bids_name_the_value(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_call(text)


def test_a4_the_seed_example_auction_step_by_step() -> None:
    # Alfie (eldest), Jo, Ken: every bid outranks the one before, and Alfie ends as declarer.
    auction = calls(
        Auction(players=3, first=0),
        "pass",
        "170C",
        "170S",
        "180S",
        "190C",
        "190S",
        "240S",
        "pass",
        "270S",
        "1+20S",
        "pass",
        "pass",
    )
    assert auction.is_over
    assert auction.contract is not None
    assert (auction.contract.declarer, str(auction.contract.bid)) == (0, "1+20S")


def test_a4_bids_rank_by_calypsos_then_points_then_suit() -> None:
    assert (
        parse_bid("170S").outranks(parse_bid("170C"))
        == "the same calypsos and points, a higher suit"
    )
    assert parse_bid("190C").outranks(parse_bid("180S")) == "the same calypsos, more points"
    assert parse_bid("1+0C").outranks(parse_bid("990S")) == "more calypsos"
    assert parse_bid("180C").outranks(parse_bid("180C")) is None
    with pytest.raises(IllegalCall, match="180C does not outrank 180S"):
        calls(Auction(3), "180S", "180C")


def test_a4_a_player_who_passed_may_bid_later_and_two_passes_end_it() -> None:
    auction = calls(Auction(3), "pass", "170C", "pass")
    assert not auction.is_over
    calls(auction, "180C", "pass")
    assert not auction.is_over
    auction.call("pass")
    assert auction.contract is not None and auction.contract.declarer == 0


def test_a4_three_passes_before_any_bid_is_misere() -> None:
    auction = calls(Auction(3), "pass", "pass", "pass")
    assert auction.is_over and auction.contract is None
    with pytest.raises(IllegalCall, match="the auction is over"):
        auction.call("pass")


def test_a4_double_by_an_opponent_once_redouble_by_the_bidder_and_a_new_bid_cancels() -> None:
    auction = calls(Auction(3), "200H")
    with pytest.raises(IllegalCall, match="there is no bid to double"):
        Auction(3).call("double")
    auction.call("double")
    assert auction.doubled == 1
    with pytest.raises(IllegalCall, match="already doubled"):
        auction.call("double")
    with pytest.raises(IllegalCall, match="only the doubled side may redouble"):
        auction.call("redouble")
    calls(auction, "pass", "redouble")
    assert auction.doubled == 2
    calls(auction, "210H")
    assert auction.doubled == 0
    calls(auction, "pass", "pass")
    assert auction.contract is not None and auction.contract.doubled == 0


def test_p2_four_players_double_by_opponents_redouble_by_declarers_side() -> None:
    auction = calls(Auction(4, partners=True), "200H")
    with pytest.raises(IllegalCall, match="only an opponent"):
        calls(auction, "pass", "double")  # player 2 is the bidder's partner
    auction = calls(Auction(4, partners=True), "200H", "double", "redouble")
    assert auction.doubled == 2
    calls(auction, "pass", "pass")
    assert not auction.is_over
    auction.call("pass")
    assert auction.contract is not None and auction.contract.doubled == 2


def test_p2_four_passes_before_any_bid_is_misere() -> None:
    auction = calls(Auction(4, partners=True), "pass", "pass", "pass")
    assert not auction.is_over
    auction.call("pass")
    assert auction.is_over and auction.contract is None


# -- A7 contract scoring ---------------------------------------------------------------------------


def test_a7_seed_example_bid_240_with_19_trickpile_cards_sells_3_and_scores_490() -> None:
    result = score_contract(240, 0, trickpile=19, in_progress=8, needed=5, completed=0)
    assert (result.made, result.sold, result.total) == (True, 3, 490)
    assert ("3 calypso cards sold × 20", 60) in result.breakdown


def test_a7_score_lines_count_one_card_in_the_singular() -> None:
    from calypso.auction.bidding import Item, ScoreLine
    from calypso.words.auction import score_line

    for line, english in [
        (ScoreLine(Item.TRICKPILE, 1, 10), "1 trickpile card × 10"),
        (ScoreLine(Item.SOLD, 1, 20), "1 calypso card sold × 20"),
        (ScoreLine(Item.SOLD, 2, 40), "2 calypso cards sold × 20"),
    ]:
        assert str(line) == score_line(line) == english


def test_a7_seed_example_doubled_730_and_failed_doubled_minus_480() -> None:
    assert score_contract(240, 0, 19, 8, 5, 0, doubled=1).total == 730
    failed = score_contract(240, 0, 19, 2, 5, 0, doubled=1)  # only 2 cards to sell
    assert (failed.made, failed.sold, failed.total) == (False, 0, -480)


def test_a7_redoubled_multiplies_only_the_bid_points_by_four() -> None:
    assert score_contract(200, 0, 25, 0, 13, 0, doubled=2).total == 250 + 800


def test_a7_the_bonus_table_is_40_plus_10_n_squared() -> None:
    table = [50, 80, 130, 200, 290, 400, 530, 680, 850, 1040, 1250, 1480, 1730]
    assert [calypso_bonus(n) for n in range(1, 14)] == table


def test_a7_a_made_calypso_bid_scores_points_bid_bonus_and_500() -> None:
    result = score_contract(20, 1, trickpile=4, in_progress=2, needed=4, completed=1)
    assert result.made and result.total == 40 + 20 + 200 + 500


def test_a7_a_second_bid_calypso_counts_13_needed() -> None:
    result = score_contract(0, 2, trickpile=0, in_progress=0, needed=3, completed=2)
    assert result.total == 0 + 130 + 1730 + 1000


def test_a7_a_failed_calypso_bid_loses_points_bonus_and_500_per_missing_calypso() -> None:
    result = score_contract(20, 1, trickpile=30, in_progress=5, needed=4, completed=0)
    assert (result.made, result.total) == (False, -20 - 200 - 500)


def test_a7_no_selling_without_the_bid_calypsos() -> None:
    result = score_contract(100, 1, trickpile=5, in_progress=12, needed=2, completed=0)
    assert (result.made, result.sold) == (False, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((245, 0, 19, 3, 5, 0), "multiple of 10"),
        ((240, 0, -1, 3, 5, 0), "bad trickpile -1"),
        ((240, 0, 19, 13, 5, 0), "bad cards in progress 13"),
        ((240, 0, 19, 3, 0, 0), "bad cards needed 0"),
        ((240, 0, 19, 3, 5, 0, 3), "bad doubled 3"),
    ],
)
def test_bad_contract_figures_name_the_value(args: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_contract(*args)


# -- A8, P4 misère --------------------------------------------------------------------------------


def test_a8_seed_example_10_18_23_cards() -> None:
    assert score_misere([100, 180, 230]) == [0, -180, -330]


def test_a8_ties() -> None:
    assert score_misere([200, 200, 100]) == [-300, -300, 0]  # tied for high
    assert score_misere([300, 100, 100]) == [-400, 0, 0]  # tied for low
    assert score_misere([170, 170, 170]) == [-170, -170, -170]
    with pytest.raises(ValueError, match="three whole numbers"):
        score_misere([10, 20])


def test_p4_misere_sides() -> None:
    assert score_misere_sides(300, 220) == (-300, 0)
    assert score_misere_sides(100, 420) == (0, -420)
    assert score_misere_sides(260, 260) == (-260, -260)


# -- A2 setups ------------------------------------------------------------------------------------


def test_a2_standard_setup_is_the_project_ruling_for_everyone() -> None:
    setup = deal_setup("standard", 3, 0, random.Random(1))
    assert all(cards == tuple(sorted(STANDARD_SETUP)) for cards in setup.cards)
    assert len(setup.deck) == 208 - 3 * 24


def test_a2_balanced_gives_everyone_the_dealers_distinct_cards() -> None:
    setup = deal_setup("balanced", 3, 1, random.Random(4))
    assert setup.cards[0] == setup.cards[1] == setup.cards[2]
    assert len(set(setup.cards[1])) == len(setup.cards[1]) <= 30
    assert Counter(setup.deck) + Counter(c for h in setup.cards for c in h) == Counter(
        {c: 4 for c in ALL_CARDS}
    )


def test_a2_random_and_random_equal() -> None:
    rand = deal_setup("random", 3, 0, random.Random(2))
    assert all(len(set(cards)) == len(cards) for cards in rand.cards)
    equal = deal_setup("random-equal", 3, 0, random.Random(2))
    assert len({len(cards) for cards in equal.cards}) == 1
    assert deal_setup("none", 3, 0, random.Random(2)).cards == ((), (), ())


def test_a2_a_suit_complete_at_setup_goes_back_and_everyone_scores_500() -> None:
    class HeartsOnTop(random.Random):
        """Puts one of each heart where the 30 turned cards come from."""

        def shuffle(self, x: MutableSequence[Card]) -> None:
            random.Random(0).shuffle(x)
            hearts = [c for c in ALL_CARDS if c.suit == Suit.HEARTS]
            for card in hearts:
                x.remove(card)
            x += hearts

    setup = deal_setup("balanced", 3, 0, HeartsOnTop())
    assert setup.bonus == (500, 500, 500)
    assert all(c.suit != Suit.HEARTS for cards in setup.cards for c in cards)
    game_bonus = AuctionGame(
        3, setup_cards={"N": [], "E": [], "W": []}, setup_bonus={"N": 500, "E": 500, "W": 500}
    ).scores
    assert game_bonus == {"N": 500, "E": 500, "W": 500}


def test_bad_setup_and_options_are_refused() -> None:
    with pytest.raises(ValueError, match="bad setup 'lots'"):
        AuctionGame(3, setup="lots")
    with pytest.raises(ValueError, match="bad players 5"):
        AuctionGame(5)
    with pytest.raises(ValueError, match="bad hands 10: expected a multiple of 3"):
        AuctionGame(3, hands=10)


# -- A1, A3, A5, A6, A8 through the game ----------------------------------------------------------


def play_to_trumps(game: AuctionGame, *texts: str) -> None:
    for text in texts:
        game.call(text)


def test_a1_a3_three_seats_17_cards_eldest_calls_first() -> None:
    game = AuctionGame(3, seed=5, setup="none")
    assert game.seats == ("N", "E", "W")
    assert all(len(game.hand(s)) == 17 for s in game.seats)
    assert game.turn == "E"  # dealer N, eldest on the left
    with pytest.raises(ValueError, match="it is E's turn, not W's"):
        game.call("pass", seat="W")


def test_a5_a_declarer_who_is_not_eldest_leads_from_the_moment_the_auction_is_won() -> None:
    game = AuctionGame(3, seed=5, setup="none")
    play_to_trumps(game, "pass", "170D", "pass", "pass")
    assert game.phase is Phase.TRUMPS and game.turn == "W"
    assert game.trick_leader == "W"  # A5: the declarer leads, not eldest (E)
    game.choose_trumps({"N": "S", "E": "H"})
    assert (game.trick_leader, game.turn) == ("W", "W")


def test_a5_declarer_gives_the_other_suits_and_leads() -> None:
    game = AuctionGame(3, seed=5, setup="none")
    play_to_trumps(game, "170D", "pass", "pass")
    assert game.phase is Phase.TRUMPS and game.turn == "E"
    with pytest.raises(ValueError, match="♦ is the declarer's"):
        game.choose_trumps({"N": "D", "W": "S"})
    with pytest.raises(ValueError, match="every player needs a different suit"):
        game.choose_trumps({"N": "S", "W": "S"})
    with pytest.raises(ValueError, match="gives a suit to each of N, W"):
        game.choose_trumps({"N": "S"})
    game.choose_trumps({"N": "S", "W": "H"})
    assert [game.trump(s) for s in "NEW"] == [Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS]
    assert (game.phase, game.turn) == (Phase.PLAY, "E")  # declarer leads; clubs are plain


def test_a6_won_cards_go_to_the_winners_calypso_of_their_trump_or_the_trickpile() -> None:
    game = AuctionGame(3, seed=5, setup="none")
    play_to_trumps(game, "170D", "pass", "pass")
    game.choose_trumps({"N": "S", "W": "H"})
    trick = None
    while trick is None:
        trick = game.play(game.legal_plays()[0])
    winner = trick.winner
    trump = game.trump(winner)
    assert trump is not None
    in_calypso = game.calypso(winner, trump).cards()
    pile = game.trickpile(winner)
    assert sorted(in_calypso + pile) == sorted(trick.cards)
    assert all(c.suit == trump for c in in_calypso)
    others = [s for s in Suit if s != trump]
    assert all(not game.calypso(winner, s).cards() for s in others)


def test_a8_misere_has_no_trumps_and_eldest_leads() -> None:
    game = AuctionGame(3, seed=5, setup="none")
    play_to_trumps(game, "pass", "pass", "pass")
    assert game.phase is Phase.PLAY and game.turn == "E"
    assert all(game.trump(s) is None for s in game.seats)


def test_a7_selling_moves_cards_from_the_calypso_to_the_sin_bin() -> None:
    from calypso.engine.simulate import simulate

    record = simulate("auction-calypso", seed=3, players=3)
    sales = [d.auction for d in record.deals if d.auction and d.auction.sold]
    assert sales, "seed 3 has a hand where declarer sells"
    assert all(d.contract is not None and d.contract.calypsos == 0 for d in sales)


def test_p1_p3_partnership_cards_go_to_the_partners_calypso() -> None:
    game = AuctionGame(4, seed=2, setup="none")
    assert game.scorers == ("NS", "EW") and all(len(game.hand(s)) == 13 for s in game.seats)
    play_to_trumps(game, "170S", "pass", "pass", "pass")  # E declares spades
    game.choose_trumps({"N": "H", "S": "C", "W": "D"})
    for _ in range(13 * 4):
        trick = game.play(game.legal_plays()[0])
        if trick is None:
            continue
        winner = game.index(trick.winner)
        partner = game.seats[(winner + 2) % 4]
        partner_suit = game.trump(partner)
        if partner_suit is not None and any(c.suit == partner_suit for c in trick.cards):
            assert game.calypso(partner, partner_suit).cards()
            break


def test_a10_and_p5_defaults_and_the_end_bonus() -> None:
    assert AuctionGame(3).total_hands == 18 and AuctionGame(4).total_hands == 16
    from calypso.engine.simulate import simulate

    record = simulate("auction-calypso", seed=8, players=3, hands=3, setup="standard")
    hand_total = {s: sum(d.score[s] for d in record.deals) for s in record.seats}
    assert all(record.final_scores[s] >= hand_total[s] for s in record.seats)
    assert any(record.final_scores[s] > hand_total[s] for s in record.seats)


def test_calls_and_plays_out_of_phase_are_refused() -> None:
    game = AuctionGame(3, seed=1, setup="none")
    with pytest.raises(ValueError, match="no card can be played now"):
        game.play(game.hand("E")[0])
    with pytest.raises(ValueError, match="trumps are chosen by the declarer"):
        game.choose_trumps({"N": "S"})
    play_to_trumps(game, "pass", "pass", "pass")
    with pytest.raises(ValueError, match="no call can be made now"):
        game.call("pass")


def test_standard_setup_cards_are_in_every_players_calypsos() -> None:
    game = AuctionGame(3, seed=1, setup="standard")
    for seat in game.seats:
        held = [c for s in Suit for c in game.calypso(seat, s).cards()]
        assert sorted(held) == sorted(parse_cards(" ".join(str(c) for c in STANDARD_SETUP)))


def test_a3_p1_the_deal_rotates_left_every_hand() -> None:
    from calypso.engine.simulate import simulate

    for players, seats in ((3, "NEW"), (4, "NESW")):
        record = simulate(
            "auction-calypso", seed=2, players=players, hands=6 if players == 3 else 5
        )
        dealers = [d.dealer for d in record.deals]
        assert dealers == [seats[i % players] for i in range(len(dealers))]
        eldest = [d.auction.auction[0].seat for d in record.deals if d.auction]
        assert eldest == [seats[(i + 1) % players] for i in range(len(eldest))]


@pytest.mark.parametrize("players", [3, 4])
def test_a7_p4_every_hands_scores_follow_from_its_piles_and_calypsos(players: int) -> None:
    from calypso.auction.bots import auction_bots

    game = AuctionGame(players, seed=11, hands=6 if players == 3 else 4)
    bots = auction_bots(players, 11)
    while not game.is_over:
        game.apply(bots[game.index(str(game.turn))].choose(game))
    checked = 0
    for hand in game.history:
        if hand.contract is None:
            continue
        d = hand.contract.declarer
        side = [d, (d + 2) % 4] if players == 4 else [d]
        defenders = [p for p in range(players) if p not in side]
        piles, done = hand.trickpiles, hand.completed
        assert hand.contract_score is not None
        if players == 3:  # A7: each defender half the two piles, plus 500 per own calypso
            share = 10 * (piles[defenders[0]] + piles[defenders[1]]) // 2
            for p in defenders:
                assert hand.scores[game.seats[p]] == share + 500 * done[p]
            assert hand.scores[game.seats[d]] == hand.contract_score.total
        else:  # P4: the defending side scores its piles in full and 500 per calypso
            defending = game.scorer(defenders[0])
            assert hand.scores[defending] == sum(10 * piles[p] + 500 * done[p] for p in defenders)
            partner_bonus = 500 * done[(d + 2) % 4] if hand.contract_score.made else 0
            assert hand.scores[game.scorer(d)] == hand.contract_score.total + partner_bonus
        checked += 1
    assert checked


def test_p4_the_partners_calypsos_count_only_when_the_contract_is_made() -> None:
    from calypso.auction import score_declaring_side

    made = score_contract(200, 0, trickpile=25, in_progress=0, needed=13, completed=0)
    failed = score_contract(300, 0, trickpile=5, in_progress=0, needed=13, completed=0)
    assert score_declaring_side(made, 2) == made.total + 1000
    assert score_declaring_side(failed, 2) == failed.total == -300
    with pytest.raises(ValueError, match="bad partner's completed calypsos 5"):
        score_declaring_side(made, 5)
