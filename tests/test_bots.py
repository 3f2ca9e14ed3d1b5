"""The bots: seeded, legal, and the greedy one plays better than chance."""

import pytest

from calypso import Game, make_players, simulate
from calypso.partnership.game import SEATS


def test_bots_are_seeded() -> None:
    assert simulate("calypso", 5, bots="greedy") == simulate("calypso", 5, bots="greedy")
    assert simulate("calypso", 5).deals != simulate("calypso", 6).deals


def test_greedy_partners_beat_random_partners_most_of_the_time() -> None:
    wins = 0
    games = 40
    for seed in range(games):
        game = Game(seed)
        sheet = game.play_out(make_players(["greedy", "random", "greedy", "random"], seed))
        wins += sheet.totals["NS"] > sheet.totals["EW"]
    assert wins >= 0.75 * games


def test_greedy_leads_its_own_needed_trump_when_it_can() -> None:
    game = Game(3)
    bot = make_players("greedy", 3)[0]
    own = [c for c in game.hand("N") if c.suit == game.trump("N")]
    assert own, "seed 3 gives N hearts"
    assert bot.choose(game) == max(own, key=lambda c: c.rank)


def test_bad_bot_names_are_refused() -> None:
    with pytest.raises(ValueError, match="bad bot 'clever': expected one of random, greedy"):
        make_players("clever", 1)
    with pytest.raises(ValueError, match="expected one name or four"):
        make_players(["random", "greedy"], 1)
    with pytest.raises(ValueError, match="expected 4, one per seat"):
        Game().play_out(make_players("random", 1)[:3])


def test_a_bot_has_nothing_to_choose_once_the_game_is_over() -> None:
    game = Game(2)
    players = make_players("greedy", 2)
    game.play_out(players)
    with pytest.raises(ValueError, match="the game is over"):
        players[SEATS.index("N")].choose(game)
