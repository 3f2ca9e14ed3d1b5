"""One ending on the page (issue 35): the words for every kind of ending and for what ended (a
game, a hand, a round) in English and Hungarian, the block that draws them, and each trick
table ending with them.

The expected sentences are written from the rulings: the side with more points wins and two
level sides draw (C7); players on equal highest totals share the win (A10, B6, W7); a hand's
or a round's scores are signed and win no game (A10, B6, W7: the game's totals do). The
tables' expected scores come from the game's records and score sheet, never from the ending's
own code."""

from __future__ import annotations

import random
import re

import pytest

from calypso.drawing.ending import ending_block, ending_line
from calypso.engine.outcome import Outcome, Span
from calypso.i18n import language
from calypso.partnership.bots import RandomBot
from calypso.partnership.game import Game
from calypso.widgets.auction import AuctionTable
from calypso.widgets.cousins import WhistTable
from calypso.widgets.play import PlayTable
from calypso.words.outcome import headline, result

GAME, HAND, ROUND = Span.GAME, Span.HAND, Span.ROUND

ENDINGS = [
    # (scores, sides, span, English, Hungarian); sides that are Calypso's draw (C7) when level
    (
        {"NS": 2410, "EW": 1980},
        True,
        GAME,
        "Game over. NS wins: NS 2,410 to EW 1,980.",
        "Vége a játszmának. ÉD nyert: ÉD 2410, KNy 1980.",
    ),
    (
        {"NS": 2000, "EW": 2000},
        True,
        GAME,
        "Game over. A draw: NS 2,000 to EW 2,000.",
        "Vége a játszmának. Döntetlen: ÉD 2000, KNy 2000.",
    ),
    (
        {"NS": 2000, "EW": 2000},
        None,
        GAME,
        "Game over. Both sides share the win: NS 2,000 to EW 2,000.",
        "Vége a játszmának. Mindkét oldal osztozik a győzelmen: ÉD 2000, KNy 2000.",
    ),
    (
        {"N": 1200, "E": 1200, "W": 800},
        False,
        GAME,
        "Game over. N and E share the win: N 1,200, E 1,200, W 800.",
        "Vége a játszmának. Észak és Kelet osztozik a győzelmen: Észak 1200, Kelet 1200, "
        "Nyugat 800.",
    ),
    (
        {"N": 500, "E": 500, "W": 500},
        False,
        GAME,
        "Game over. Every player shares the win: N 500, E 500, W 500.",
        "Vége a játszmának. Minden játékos osztozik a győzelmen: Észak 500, Kelet 500, Nyugat 500.",
    ),
    (
        {"A": 31, "B": 28, "C": 12},
        False,
        GAME,
        "Game over. A wins: A 31, B 28, C 12.",
        "Vége a játszmának. „A” nyert: „A” 31, „B” 28, „C” 12.",
    ),
    (
        {"N": 930, "E": 70, "W": 70},
        False,
        HAND,
        "Hand over. Scores: N +930, E +70, W +70.",
        "Vége az osztásnak. Pontszámok: Észak +930, Kelet +70, Nyugat +70.",
    ),
    (
        {"NS": 0, "EW": -280},
        True,
        HAND,
        "Hand over. Scores: NS +0, EW -280.",
        "Vége az osztásnak. Pontszámok: ÉD +0, KNy −280.",
    ),
    (
        {"N": 13, "E": -3, "S": 3, "W": -3},
        False,
        ROUND,
        "Round over. Scores: N +13, E -3, S +3, W -3.",
        "Vége a fordulónak. Pontszámok: Észak +13, Kelet −3, Dél +3, Nyugat −3.",
    ),
]


@pytest.mark.parametrize(("scores", "sides", "span", "english", "hungarian"), ENDINGS)
def test_every_ending_is_worded_in_both_languages(
    scores: dict[str, int], sides: bool | None, span: Span, english: str, hungarian: str
) -> None:
    """``sides`` None: sides of Auction Calypso, which share a level win (P5, A10)."""
    draws = bool(sides)
    outcome = Outcome.highest(scores, over=True, sides=sides is not False, span=span, draws=draws)
    assert ending_line(outcome) == english
    with language("hu"):
        assert ending_line(outcome) == hungarian
    if span is not GAME:  # a hand or a round wins no game
        assert not re.search(r"\b(wins?|draw)\b", english)


def test_an_ending_not_yet_reached_says_nothing() -> None:
    for span in Span:
        going = Outcome.highest({"N": 3, "E": 0, "W": 1}, over=False, span=span)
        assert headline(going) == result(going) == ending_line(going) == ""
        assert ending_block(going, "<p>more</p>") == ""


def test_the_block_is_announced_and_names_what_ended() -> None:
    for span, name in ((GAME, "game"), (HAND, "hand"), (ROUND, "round")):
        outcome = Outcome.highest({"N": 40, "E": -20, "W": 0}, over=True, span=span)
        block = ending_block(outcome, "<p>detail</p>")
        assert block.startswith(f'<div class="calypso-ending calypso-{name}-end" role="status">')
        assert block.endswith("<p>detail</p></div>")
        assert f"<b>{headline(outcome)}</b> {result(outcome)}" in block


def _signed(scores: dict[str, int]) -> str:
    return ", ".join(f"{who} {points:+,}" for who, points in scores.items())


def test_the_play_table_ends_with_the_game_s_result() -> None:
    game = Game(seed=3)
    game.play_out([RandomBot(random.Random(1))] * 4)
    table = PlayTable(seed=3, seat="all four")
    table.seating.game, table.seating.moves = game, []  # as a game record is opened
    table.show()
    ns, ew = game.score().totals["NS"], game.score().totals["EW"]
    won = "A draw" if ns == ew else ("NS wins" if ns > ew else "EW wins")  # C7
    expected = f"Game over. {won}: NS {ns:,} to EW {ew:,}. The score sheet is below."
    assert table.felt.status == expected
    with language("hu"):
        table.show()
        assert table.felt.status.startswith("Vége a játszmának. ")
        assert table.felt.status.endswith(" A pontozólap lent látható.")


@pytest.mark.parametrize("players", [3, 4])
def test_the_auction_table_ends_with_the_hand_s_scores_and_its_summary(players: int) -> None:
    table = AuctionTable(seed=7, players=players)
    table.advance(10_000)
    hand = table.game.history[0]
    status = table.status.value
    assert status.startswith('<div class="calypso-ending calypso-hand-end" role="status">')
    assert f"<p><b>Hand over.</b> Scores: {_signed(hand.scores)}.</p>" in status
    # the hand's own summary follows (A7 or A8; P4 with sides), and no table repeats the scores
    assert ("(P4)" if players == 4 else "(A7)" if hand.contract else "(A8)") in status
    assert "<th>score</th>" not in status
    assert "wins" not in status
    with language("hu"):
        table.show()
        assert "<b>Vége az osztásnak.</b> Pontszámok: " in table.status.value


@pytest.mark.parametrize(
    ("game", "round_number", "players", "title"),
    [("collett-whist", 1, 5, "Collett Whist"), ("call-bridge", 5, 4, "Call Bridge")],
)
def test_the_whist_table_ends_with_the_round_s_scores(
    game: str, round_number: int, players: int, title: str
) -> None:
    table = WhistTable(game=game, seed=3, round_number=round_number, players=players)
    while not table.seating.over:
        if table.seating.waiting():
            table.next_trick()
        elif table.game.phase.value == "calls":
            table.human_call(table.call_box.min)
        else:
            table.human_card(table.game.legal_plays()[0])
    played = table.game.history[0]
    expected = f"Round over. Scores: {_signed(played.scores)}. {title}, round {played.number}."
    assert table.felt.status == expected
    with language("hu"):
        table.show()
        assert table.felt.status.startswith("Vége a fordulónak. Pontszámok: ")
        assert table.felt.status.endswith(f"{title}, {played.number}. forduló.")
