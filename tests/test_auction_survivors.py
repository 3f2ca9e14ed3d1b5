"""Auction Calypso cases that mutation testing (issue 22, docs/mutation.md) found no test for:
P4's scores by sides and A10's end bonus, a doubled contract and the cards it sells (A7), the
sin-bin when the green room runs out (A9, P5), A2 setups that turn up a complete suit, and the
state of a hand before its contract (P2, A5).

Every expected figure is worked out here from docs/rulings.md, never read from the engine.

The four-player games start from *full* calypsos: every player holds 2 to K of each suit (48
cards; A9 and P5 allow up to 12 per calypso in progress), standing for calypsos grown over
earlier hands. Only the 16 aces are then free, so P5 deals 4 cards to each player.
"""

import random
from collections import Counter
from collections.abc import MutableSequence
from typing import TypedDict, Unpack

import pytest

from calypso.auction.bidding import IllegalCall
from calypso.auction.game import AuctionGame, Phase, Setup, deal_setup
from calypso.engine.cards import ALL_CARDS, SUITS, Card, Suit, parse_card, parse_cards

FOUR = ("N", "E", "S", "W")
ACES = [c for c in ALL_CARDS if c.rank == 14]
TWO_TO_KING = [str(c) for c in ALL_CARDS if c.rank != 14]

# The hand played below (E declares diamonds, gives W spades, N clubs, S hearts; E leads):
#   1. E AS, S AS, W AS, N AS   spades, nobody's own led suit, no ruff: tie of aces, the
#                               earliest wins (C4.3, C4.5): E. W's spade calypso takes the
#                               first AS and is complete; one spare AS starts W's next one
#                               (C6); two go to the pile.            E's pile: 2 cards
#   2. E AH, S AH, W AH, N AC   N, void in hearts, ruffs (C4.4): N wins. N's clubs complete
#                               with AC; S's hearts complete with the first AH, a spare AH
#                               starts S's next one, one AH to the pile.    N's pile: 1
#   3. N AD, E AD, S AD, W AD   diamonds, not N's own, no ruff: the earliest ace, N (C4.3,
#                               C4.5). Diamonds are nobody's on N-S: all four to the pile. 5
#   4. N AC, E AC, S AH, W AC   N leads own clubs, S ruffs with AH: the led ace and the ruff
#                               tie, the earliest wins (C4.2, C4.5): N. One AC starts N's
#                               next club calypso; two AC and AH are spares.  N's pile: 8
PLAYS = [
    ("E", "AS"), ("S", "AS"), ("W", "AS"), ("N", "AS"),
    ("E", "AH"), ("S", "AH"), ("W", "AH"), ("N", "AC"),
    ("N", "AD"), ("E", "AD"), ("S", "AD"), ("W", "AD"),
    ("N", "AC"), ("E", "AC"), ("S", "AH"), ("W", "AC"),
]  # fmt: skip
DEAL = {seat: [card for who, card in PLAYS if who == seat] for seat in FOUR}
TRUMPS = {"W": "S", "N": "C", "S": "H"}


class Choices(TypedDict, total=False):
    """What a test chooses for the game below: its seed, hands and deals."""

    seed: int
    hands: int
    deals: list[dict[str, list[str]]]


def full_calypsos(**more: Unpack[Choices]) -> AuctionGame:
    """Four players, first dealer N (so E is eldest), each holding 2 to K of every suit."""
    return AuctionGame(4, setup_cards={seat: TWO_TO_KING for seat in FOUR}, **more)


def contract_hand(game: AuctionGame, *calls: str) -> None:
    """E bids 170 points in diamonds, the calls given follow, and the hand above is played."""
    for call in ("170D", *calls):
        game.call(call)
    assert game.phase is Phase.TRUMPS
    game.choose_trumps(TRUMPS)
    for seat, card in PLAYS:
        game.play(card, seat=seat)


def in_progress(game: AuctionGame, seat: str) -> int:
    return sum(len(game.calypso(seat, suit).cards()) for suit in SUITS)


def test_p4_a7_a_doubled_contract_made_with_both_sides_completing_calypsos() -> None:
    """A7 with m = 2 (S doubled) and P4: E's side has 2 pile cards (20 points), short 150
    of the 170 bid, so E sells the fewest cards covering it, 8 at 20, the highest-ranked of
    E's diamonds (A7). Made: 170 x 2 + 20 + 8 x 20 = 520 for E, who completed nothing, plus
    500 for W's completed spades (P4) = 1,020. N-S, defending, score their 8 pile cards in
    full, 80, plus 500 for each of N's and S's completed calypsos: 1,080 (P4)."""
    game = full_calypsos(hands=1, deals=[DEAL])
    contract_hand(game, "double", "pass", "pass", "pass")
    hand = game.history[0]
    assert hand.contract is not None and hand.contract.doubled == 1
    assert hand.trickpiles == (8, 2, 0, 0)
    assert hand.completed == (1, 0, 1, 1)
    assert hand.scores == {"EW": 1020, "NS": 1080}
    assert sorted(hand.sold) == parse_cards("6D 7D 8D 9D 10D JD QD KD")
    assert game.calypso("E", "D").cards() == parse_cards("2D 3D 4D 5D")


def test_p4_the_same_contract_undoubled_scores_the_bid_points_once() -> None:
    """A7 with m = 1: 170 + 20 + 160 = 350 for E, 850 with W's 500 (P4); N-S 1,080."""
    game = full_calypsos(hands=1, deals=[DEAL])
    contract_hand(game, "pass", "pass", "pass")
    assert game.history[0].scores == {"EW": 850, "NS": 1080}


def test_a10_p5_the_end_bonus_is_20_per_card_in_progress_summed_over_both_partners() -> None:
    """After the one hand: N holds 36 + its new AC run, S 36 + its new AH run, 37 each; E 36
    + 4 diamonds, W 36 + its new AS run. A10 counted per side (P5): N-S 20 x 74 = 1,480,
    E-W 20 x 77 = 1,540, on top of the hand's 1,080 and 850."""
    game = full_calypsos(hands=1, deals=[DEAL])
    contract_hand(game, "pass", "pass", "pass")
    assert game.phase is Phase.OVER
    assert [in_progress(game, seat) for seat in FOUR] == [37, 40, 37, 37]
    assert game.final_bonus == {"NS": 1480, "EW": 1540}
    assert game.scores == {"NS": 1080 + 1480, "EW": 850 + 1540}


def test_p5_full_calypsos_leave_16_free_cards_so_each_player_is_dealt_4() -> None:
    """P5: the 16 aces are all the green room holds; each of four players gets an equal
    share, 4 cards, and the green room is used up."""
    game = full_calypsos(seed=3)
    assert [len(game.hand(seat)) for seat in FOUR] == [4, 4, 4, 4]
    places = game.places()
    assert places["hands"] == Counter({ace: 4 for ace in ACES})
    assert places["green room"] == Counter()


def test_a9_the_sin_bin_supplies_what_the_green_room_lacks_and_no_more() -> None:
    """After the hand above, the green room holds the three completed calypsos (39 cards:
    N's clubs, S's hearts, W's spades) and the sin-bin the 10 pile cards and 8 sold cards
    (18). Hand 2 deals 13 each (52 cards, P5: 57 are available): all 39 of the green room,
    then 13 from the sin-bin (A9), which keeps the other 5."""
    game = full_calypsos(hands=2, deals=[DEAL])
    contract_hand(game, "pass", "pass", "pass")
    first_bin = Counter(game.history[0].sold) + Counter(
        c for trick in game.history[0].tricks for c in trick.cards
    )
    assert len(game.history) == 1
    places = game.places()
    assert [len(game.hand(seat)) for seat in FOUR] == [13, 13, 13, 13]
    assert places["green room"] == Counter()
    assert sum(places["sin-bin"].values()) == 5
    assert not places["sin-bin"] - first_bin
    assert sum(sum(c.values()) for c in places.values()) == 208


def test_a9_while_the_green_room_lasts_the_sin_bin_sits_out_the_next_hand() -> None:
    """A9: a misère hand (A8) puts all 51 cards on trickpiles; they are the sin-bin for the
    whole of hand 2, which is dealt from the green room (208 - 51 - 51 = 106 left there)."""
    game = AuctionGame(3, seed=4, setup="none")
    for _ in range(3):
        game.call("pass")
    while not game.history:
        game.play(game.legal_plays()[0])
    played = Counter(c for trick in game.history[0].tricks for c in trick.cards)
    places = game.places()
    assert places["sin-bin"] == played
    assert sum(places["green room"].values()) == 208 - 51 - 51


def test_a9_given_hands_may_not_deal_a_card_from_nowhere() -> None:
    """A misère first hand puts the 16 aces in the sin-bin, and no calypso completes: the
    green room is empty. A second hand dealing two 2♣, whose four copies lie in the players'
    calypsos, takes cards neither from the green room nor from the sin-bin (A9)."""
    second = {seat: list(cards) for seat, cards in DEAL.items()}
    for seat in ("E", "W"):  # each gives up an ace of clubs for a 2 of clubs
        second[seat] = [c for c in second[seat] if c != "AC"] + ["2C"]
    game = full_calypsos(deals=[DEAL, second])
    for _ in range(4):
        game.call("pass")
    with pytest.raises(
        ValueError,
        match=r"^bad hands: hand 2 deals 2C 2C, which are not in the green room or the sin-bin$",
    ):
        while not game.history:
            game.play(game.legal_plays()[0])


def test_p2_in_a_game_the_bidders_partner_may_not_double() -> None:
    """P2: either opponent may double, the bidder's partner may not."""
    game = AuctionGame(4, seed=1, setup="none")
    game.call("170C")  # E, eldest
    game.call("pass")  # S
    with pytest.raises(IllegalCall, match="only an opponent of the bidder may double"):
        game.call("double")  # W, E's partner
    game.call("pass")
    game.call("double")  # N, an opponent
    assert game.auction.doubled == 1


@pytest.mark.parametrize("players", [3, 4])
def test_a5_nobody_has_a_trump_before_the_contract_and_the_declarer_will_lead(players: int) -> None:
    """A5: the trumps come with the contract, so during the auction nobody holds one; once
    eldest's bid wins, the declarer, eldest, is the one to lead the first trick."""
    game = AuctionGame(players, seed=2, setup="none")
    assert [game.trump(seat) for seat in game.seats] == [None] * players
    game.call("170C")
    for _ in range(players - 1):
        game.call("pass")
    assert game.phase is Phase.TRUMPS
    assert [game.trump(seat) for seat in game.seats] == [None] * players
    assert game.trick_leader == "E"


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("dealer", [-1, 3, 4, "1", None])
def test_a3_p1_the_first_dealer_is_one_of_the_seats(players: int, dealer: int | str | None) -> None:
    """A3, P1: the deal starts at a seat of the table, 0 to 2 for three, 0 to 3 for four."""
    if dealer == 3 and players == 4:
        assert AuctionGame(players, first_dealer=dealer).dealer == 3
        return
    with pytest.raises(
        ValueError,
        match=rf"^bad first dealer {dealer!r}: expected 0 to {players - 1}$",
    ):
        AuctionGame(players, first_dealer=dealer)  # type: ignore[arg-type]


def test_p5_a2_a_sides_setup_bonus_counts_both_partners() -> None:
    game = AuctionGame(
        4,
        setup_cards=dict.fromkeys(FOUR, ()),
        setup_bonus={"N": 500, "E": 0, "S": 500, "W": 0},
    )
    assert game.scores == {"NS": 1000, "EW": 0}


# -- A2 setups with a chosen shuffle ---------------------------------------------------------


class Stacked(random.Random):
    """A shuffle that first leaves ``top`` to be turned first (the pack is turned from its
    end), then shuffles nothing more: leaving the order as it is is one possible shuffle."""

    def __init__(self, top: list[Card]) -> None:
        super().__init__(0)
        self.top = top
        self.shuffles = 0

    def shuffle(self, x: MutableSequence[Card], *args: object, **kwargs: object) -> None:
        self.shuffles += 1
        if self.shuffles > 1:
            return
        rest = list(x)
        for card in self.top:
            rest.remove(card)
        x[:] = rest + self.top[::-1]


def cards_of(*suits: str, ranks: range = range(2, 15)) -> list[Card]:
    return [c for c in ALL_CARDS if c.suit in [Suit.parse(s) for s in suits] and c.rank in ranks]


def pack_holds_everything(setup: Setup) -> bool:
    """C2: the 208 cards are the starting cards plus the pack left for the deals."""
    everything = Counter(setup.deck) + Counter(c for cards in setup.cards for c in cards)
    return everything == Counter({c: 4 for c in ALL_CARDS})


@pytest.mark.parametrize("kind", ["balanced", "random-equal"])
def test_a2_two_complete_suits_turned_up_go_back_and_score_500_each(kind: str) -> None:
    """A2: the 30 turned cards hold every heart and every spade and 2-5 of clubs. Both
    complete suits go back to the pack, every player scores 500 for each (1,000), and the
    dealer keeps the four clubs."""
    top = cards_of("H", "S") + cards_of("C", ranks=range(2, 6))
    setup = deal_setup(kind, 3, 0, Stacked(top))
    assert setup.cards[0] == tuple(parse_cards("2C 3C 4C 5C"))
    if kind == "balanced":
        assert setup.bonus == (1000, 1000, 1000)
    else:  # the others draw their own cards (A2), none of them a complete suit
        assert setup.bonus == (1000, 0, 0)
    assert pack_holds_everything(setup)


def test_a2_random_a_players_complete_suit_goes_back_and_scores_500_for_them() -> None:
    """A2, random: N turns up all 13 hearts and 2-K of diamonds (25 distinct cards plus five
    repeats); hearts go back to the pack, N keeps the 12 diamonds and scores 500."""
    top = cards_of("H") + cards_of("D", ranks=range(2, 14)) + cards_of("C", ranks=range(2, 7))
    top[-5:] = cards_of("D", ranks=range(2, 7))  # five repeats instead of clubs
    setup = deal_setup("random", 3, 0, Stacked(top))
    assert setup.cards[0] == tuple(cards_of("D", ranks=range(2, 14)))
    assert setup.bonus[0] == 500
    assert pack_holds_everything(setup)


def test_a2_random_equal_draws_never_make_a_calypso_in_progress_of_13() -> None:
    """A2, random-equal: the dealer N turns 30 distinct cards (2-J of D, H and S). E then
    draws 2♣ to A♣ and 2-K♦, 2-7♥ one at a time: a calypso in progress holds at most 12
    cards (A9, C6), so A♣ goes back and E keeps 30 cards, 12 clubs among them. Nobody's suit
    was complete, so nobody scores a setup bonus."""
    dealer = cards_of("D", "H", "S", ranks=range(2, 12))
    drawn = cards_of("C") + cards_of("D", ranks=range(2, 14)) + cards_of("H", ranks=range(2, 8))
    setup = deal_setup("random-equal", 3, 0, Stacked(dealer + drawn))
    assert setup.cards[0] == tuple(sorted(dealer))
    assert setup.cards[1] == tuple(sorted(c for c in drawn if c != parse_card("AC")))
    for cards in setup.cards:
        assert len(cards) == 30
        assert all(sum(c.suit == s for c in cards) <= 12 for s in SUITS)
    assert setup.bonus == (0, 0, 0)
    assert pack_holds_everything(setup)


@pytest.mark.parametrize("kind", ["none", "standard", "balanced", "random-equal"])
def test_a2_without_a_complete_suit_nobody_scores_a_setup_bonus(kind: str) -> None:
    """A2 gives 500 only for a suit complete at setup: here the 30 cards turned up are 2-J of
    diamonds, hearts and spades, and the others of random-equal never hold 13 of a suit."""
    setup = deal_setup(kind, 3, 0, Stacked(cards_of("D", "H", "S", ranks=range(2, 12))))
    assert setup.bonus == (0, 0, 0)
    if kind in ("none", "standard"):
        assert AuctionGame(3, seed=1, setup=kind).scores == {"N": 0, "E": 0, "W": 0}
