"""The move-by-move game: docs/rulings.md, C1-C3, C6-C7 as a Game object drives them."""

from collections import Counter

import pytest

from calypso import Game, IllegalPlay, Suit, make_players, parse_card
from calypso.partnership.game import SEATS, parse_trumps


def state(game: Game) -> tuple[object, ...]:
    """Everything a player can see, for comparing two moments of a game."""
    return (
        game.turn,
        game.deal_number,
        game.trick,
        game.trick_leader,
        [game.hand(s) for s in SEATS],
        [(game.calypso(s).cards(), game.calypso(s).completed) for s in SEATS],
        game.pile("NS"),
        game.pile("EW"),
        [list(d) for d in game.tricks],
        game.score().totals,
    )


def play_tricks(game: Game, tricks: int) -> None:
    players = make_players("random", seed=game.seed)
    for _ in range(4 * tricks):
        game.play(players[SEATS.index(game.turn)].choose(game))


def test_c1_default_trumps_and_partners() -> None:
    game = Game()
    assert [game.trump(s) for s in SEATS] == [Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS]
    assert (game.partner("N"), game.partner("E"), game.side("S"), game.side("W")) == (
        "S",
        "W",
        "NS",
        "EW",
    )


def test_c1_any_four_distinct_trumps_may_be_assigned() -> None:
    game = Game(trumps={"N": "S", "E": "C", "S": "H", "W": "D"})
    assert game.trump("N") is Suit.SPADES and game.calypso("W").suit is Suit.DIAMONDS
    assert parse_trumps("C D H S") == parse_trumps(["C", "D", "H", "S"])
    with pytest.raises(ValueError, match="bad trumps 'H H S C': expected four different suits"):
        Game(trumps="HHSC")
    with pytest.raises(ValueError, match="expected a suit for each of N, E, S, W"):
        Game(trumps={"N": "S"})


def test_c2_one_shuffle_gives_four_deals_of_13_that_use_the_whole_pack() -> None:
    game = Game(seed=11)
    assert len(game.dealt) == 4 and all(len(h) == 13 for deal in game.dealt for h in deal)
    counts = Counter(c for deal in game.dealt for hand in deal for c in hand)
    assert sum(counts.values()) == 208 and set(counts.values()) == {4}


def test_c2_dealer_passes_left_and_dealers_left_leads() -> None:
    game = Game(seed=5)
    leaders = []
    for _ in range(4):
        leaders.append((game.dealer, game.turn))
        play_tricks(game, 13)
    assert leaders == [(3, "N"), (0, "E"), (1, "S"), (2, "W")]
    assert game.is_over and game.turn is None and game.legal_plays() == []


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    assert Game(seed=3).dealt == Game(seed=3).dealt != Game(seed=4).dealt


def test_c3_must_follow_suit_and_the_error_says_why_and_nothing_changes() -> None:
    game = Game(seed=2)
    lead = game.hand("N")[0]
    game.play(lead)
    follow = [c for c in game.hand("E") if c.suit == lead.suit]
    other = [c for c in game.hand("E") if c.suit != lead.suit]
    assert follow and other, "seed 2 gives E both a follow and a discard"
    before = state(game)
    with pytest.raises(IllegalPlay, match=f"must follow {lead.suit.symbol}"):
        game.play(other[0])
    assert state(game) == before


def test_c3_trick_winner_leads_the_next_trick() -> None:
    game = Game(seed=9)
    for _ in range(5):
        players = make_players("random", seed=1)
        trick = None
        while trick is None:
            trick = game.play(players[SEATS.index(game.turn)].choose(game))
        assert game.turn == trick.winner == game.trick_leader


def test_wrong_turn_unknown_card_and_finished_game_are_refused_clearly() -> None:
    game = Game(seed=1)
    card = game.hand("E")[0]
    with pytest.raises(IllegalPlay, match="it is N's turn, not E's"):
        game.play(card, seat="E")
    missing = next(c for c in map(parse_card, ["AS", "AH", "AD", "AC"]) if c not in game.hand("N"))
    with pytest.raises(IllegalPlay, match=f"{missing.symbol} is not in the hand"):
        game.play(missing)
    with pytest.raises(ValueError, match="bad card 'ZZ'"):
        game.play("ZZ")
    with pytest.raises(ValueError, match="bad seat 'X'"):
        game.play(game.hand("N")[0], seat="X")
    play_tricks(game, 52)
    with pytest.raises(IllegalPlay, match="the game is over"):
        game.play("AS")


def test_undo_restores_every_piece_of_state_across_tricks_and_deals() -> None:
    game = Game(seed=4)
    play_tricks(game, 13)
    before = state(game)
    played = [game.legal_plays()[0]]
    game.play(played[0])
    assert game.undo() == played[0]
    assert state(game) == before
    play_tricks(game, 1)
    game.undo()
    game.undo()
    game.undo()
    game.undo()
    assert state(game) == before
    with pytest.raises(IllegalPlay, match="nothing to undo"):
        Game().undo()


def test_c7_final_score_follows_the_formula_from_the_table_state() -> None:
    game = Game(seed=8)
    sheet = game.play_out(make_players("greedy", seed=8))
    for s, side in enumerate(("NS", "EW")):
        players = [game.calypso(seat) for seat in SEATS[s::2]]
        calypso_points = sum(sum((500, 750, 1000, 1000)[: k.completed]) for k in players)
        expected = (
            calypso_points + 20 * sum(k.in_progress for k in players) + 10 * len(game.pile(side))
        )
        assert sheet.totals[side] == expected


def test_hands_can_be_given_instead_of_a_shuffle_and_are_checked() -> None:
    dealt = Game(seed=6).dealt
    assert Game(hands=dealt).dealt == dealt
    as_text = [
        {seat: [str(c) for c in hand] for seat, hand in zip(SEATS, deal, strict=True)}
        for deal in dealt
    ]
    assert Game(hands=as_text).dealt == dealt
    short = [list(deal) for deal in dealt]
    short[1][2] = short[1][2][:12]
    with pytest.raises(ValueError, match="deal 2 gives S 12 cards, expected 13"):
        Game(hands=short)
    swapped = [list(deal) for deal in dealt]
    swapped[0][0] = (swapped[0][1][0], *swapped[0][0][1:])
    with pytest.raises(ValueError, match="expected exactly 4 of each card"):
        Game(hands=swapped)
    with pytest.raises(ValueError, match="bad hands: expected 4 deals"):
        Game(hands=dealt[:3])


def test_bad_options_name_the_value() -> None:
    with pytest.raises(ValueError, match="bad seed 'x'"):
        Game(seed="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bad all_fours 'yes'"):
        Game(all_fours="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bad seat 'Q'"):
        Game(first_dealer="Q")
    with pytest.raises(ValueError, match="bad side 'NE'"):
        Game().pile("NE")


def test_game_draws_itself() -> None:
    game = Game(seed=1)
    html = game._repr_html_()
    assert "to play" in html and "calypso-card" in html
    assert "deal 1" in repr(game)
