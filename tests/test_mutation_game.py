"""A game of Calypso (calypso/partnership/game.py) where mutation testing (issue 22) found gaps.

The expected outcomes come from docs/rulings.md: the options' defaults leave C4 as it stands
(C5), the dealt hands are four deals of four 13-card hands from the 208-card pack (C2), a trick
decided under the ruff-wins option reports C5.ruff-wins, and an undo takes back cards played.
"""

import pytest

from calypso.engine.cards import Suit, pack, parse_cards
from calypso.engine.table import Trick
from calypso.engine.tricks import IllegalPlay, Rule, TrumpLead
from calypso.partnership.game import (
    CalypsoOptions,
    Game,
    all_fours_option,
    deal_pack,
    trump_lead_option,
)


def test_c5_the_all_fours_option_is_off_by_default_and_takes_only_true_or_false() -> None:
    field = all_fours_option()
    assert field.default is False
    parse = field.metadata["parse"]
    assert parse("all_fours", True) is True
    with pytest.raises(ValueError, match=r"^bad all_fours 'yes': expected True or False$"):
        parse("all_fours", "yes")
    assert field.metadata["help"] == "a player may play their own trump at any time"


def test_c5_the_trump_lead_option_is_ranked_by_default_and_offers_both_rules() -> None:
    field = trump_lead_option()
    assert field.default is TrumpLead.RANKED
    parse = field.metadata["parse"]
    assert parse("trump_lead", "ruff-wins") is TrumpLead.RUFF_WINS
    with pytest.raises(ValueError, match="bad trump_lead 'first'"):
        parse("trump_lead", "first")
    assert field.metadata["choices"] == ("ranked", "ruff-wins")
    assert field.metadata["cli_type"] is str
    assert field.metadata["help"].startswith("how a ruff fares against a lead of the leader's")


def test_c5_a_game_with_no_options_plays_c4_as_it_stands() -> None:
    options = CalypsoOptions()
    assert (options.trump_lead, options.all_fours) == (TrumpLead.RANKED, False)


def four_deals() -> list[dict[str, list[str]]]:
    """The unshuffled 208-card pack dealt four times (C2), each hand as card texts."""
    dealt = deal_pack(pack(4), 3)
    return [
        {seat: [str(c) for c in hand] for seat, hand in zip("NESW", deal, strict=True)}
        for deal in dealt
    ]


def test_c2_hands_must_give_each_deal_a_hand_for_every_seat() -> None:
    deals = four_deals()
    del deals[1]["W"]
    with pytest.raises(
        ValueError, match=r"^bad hands: deal 2 must give a hand to each of N, E, S, W$"
    ):
        Game(hands=deals)
    listed = [list(deal.values()) for deal in four_deals()]
    listed[2] = listed[2][:3]
    with pytest.raises(
        ValueError, match=r"^bad hands: deal 3 must give a hand to each of N, E, S, W$"
    ):
        Game(hands=listed)


def test_c2_hands_as_given_are_the_hands_played() -> None:
    deals = four_deals()
    game = Game(hands=deals)
    assert game.hand("N") == parse_cards(deals[0]["N"])
    assert game.dealt[3][2] == tuple(sorted(parse_cards(deals[3]["S"])))


def test_undo_may_take_back_every_card_played_but_no_more() -> None:
    game = Game(seed=4)
    first = game.legal_plays()[0]
    game.play(first)
    second = game.legal_plays()[0]
    game.play(second)
    assert game.undo(2) == first
    assert game.moves == [] and game.turn == "N"
    with pytest.raises(IllegalPlay, match=r"^nothing to undo: 1 card\(s\) asked for, 0 played"):
        game.undo()


def test_c5_the_verdict_on_a_trick_of_a_ruff_wins_game_follows_that_option() -> None:
    """E (♦) leads A♦ and S (♠) ruffs with 2♠: under ruff-wins any ruff beats the led card
    (C5.ruff-wins); under the default ranking the ace keeps the trick (C4.2)."""
    made = Trick(
        "E",
        tuple(parse_cards("AD 2S 3D 4D")),
        "S",
        Rule.RUFF_BEATS_TRUMP_LEAD,
        ("E", "S", "W", "N"),
    )
    result = Game(trump_lead="ruff-wins").trick_result(made)
    assert (result.winner, result.rule) == (1, Rule.RUFF_BEATS_TRUMP_LEAD)
    ranked = Game().trick_result(made)
    assert (ranked.winner, ranked.rule) == (0, Rule.LEADER_TRUMP_RUFFED)


def test_the_repr_says_the_deal_whose_turn_it_is_and_the_trick_in_progress() -> None:
    game = Game(seed=2)
    assert repr(game) == "<Game seed=2 deal 1, N to play>"
    card = game.legal_plays()[0]
    game.play(card)
    assert repr(game) == f"<Game seed=2 deal 1, E to play, trick {card.symbol}>"


def test_the_repr_of_a_finished_game_says_it_is_over() -> None:
    game = Game(seed=5)
    while game.turn is not None:
        game.play(game.legal_plays()[0])
    assert repr(game) == "<Game seed=5 over>"
    with pytest.raises(IllegalPlay, match=r"^the game is over: no more cards can be played$"):
        game.play("2C")


def test_c1_default_trumps_and_seats() -> None:
    game = Game()
    assert [game.trump(s) for s in "NESW"] == [
        Suit.HEARTS,
        Suit.DIAMONDS,
        Suit.SPADES,
        Suit.CLUBS,
    ]
    assert game.seed == 0


def suit_hands(swap: bool = False) -> list[dict[str, list[str]]]:
    """Four deals in which every seat holds its own trump suit whole (C1: N ♥, E ♦, S ♠, W ♣);
    with ``swap`` N and E trade 2♥ and 2♦ in the first deal."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    deal = {seat: [f"{r}{suit}" for r in ranks] for seat, suit in zip("NESW", "HDSC", strict=True)}
    first = {seat: list(cards) for seat, cards in deal.items()}
    if swap:
        first["N"][0], first["E"][0] = "2D", "2H"
    return [first, deal, deal, deal]


def test_c5_ruff_wins_in_a_game_any_ruff_takes_a_lead_of_the_leaders_own_trump() -> None:
    """N leads A♥, its own trump; E, S and W are out of hearts and ruff with 3♦, 2♠, 2♣."""
    for trump_lead, winner, rule in (
        ("ruff-wins", "E", Rule.RUFF_BEATS_TRUMP_LEAD),
        ("ranked", "N", Rule.LEADER_TRUMP_RUFFED),
    ):
        game = Game(hands=suit_hands(), trump_lead=trump_lead)
        for card in ("AH", "3D", "2S"):
            game.play(card)
        trick = game.play("2C")
        assert trick is not None
        assert (trick.winner, trick.rule) == (winner, rule)


def test_c5_all_fours_in_a_game_offers_the_own_trump_beside_the_suit_led() -> None:
    hands = suit_hands(swap=True)
    plain = Game(hands=hands)
    plain.play("AH")
    assert plain.legal_plays() == parse_cards("2H")
    fours = Game(hands=hands, all_fours=True)
    fours.play("AH")
    assert fours.legal_plays() == parse_cards("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2H")
    fours.play("5D")
    assert fours.turn == "S"


@pytest.mark.parametrize("first_dealer", range(4))
def test_c2_each_deal_starts_at_the_left_of_a_dealer_one_seat_further_left(
    first_dealer: int,
) -> None:
    """The unshuffled pack is four decks in order, so 2♣ opens each deal and goes to the seat
    on the dealer's left; the dealer moves one seat to the left every deal."""
    two_clubs = parse_cards("2C")[0]
    for number, deal in enumerate(deal_pack(pack(4), first_dealer)):
        eldest = (first_dealer + number + 1) % 4
        assert deal[eldest][0] == two_clubs
        assert all(two_clubs not in hand for seat, hand in enumerate(deal) if seat != eldest)
