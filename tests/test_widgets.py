"""Widget flows a learner can reach that the chapters' own checks do not walk through.

Every callback runs through Panel.guard, so these also check that a mistake becomes a visible
message and leaves the widget usable.
"""

import pathlib
import re

import ipywidgets as w
import pytest

import calypso.widgets
from calypso import call_bridge, collett_whist
from calypso.auction.game import Phase
from calypso.engine.cards import ALL_CARDS, Suit
from calypso.engine.tricks import legal_plays
from calypso.partnership.game import SEATS, Game
from calypso.whist import CallTime
from calypso.widgets import (
    AuctionTable,
    ContractCalculator,
    PlayTable,
    Quiz,
    ThreeRules,
    TrickBuilder,
    WhistScoring,
)


def test_declaring_in_the_auction_table_and_handing_out_trumps() -> None:
    table = AuctionTable(seed=2, seat="N")
    assert (table.game.turn, table.game.phase) == ("N", Phase.AUCTION)
    table.bid_points.value = 400
    table.bid.click()
    assert (table.game.phase, table.game.turn) == (Phase.TRUMPS, "N")
    give = next(
        c
        for c in table.trump_choice.children
        if getattr(c, "description", "") == "Give these trumps"
    )
    give.click()
    assert table.game.phase is Phase.PLAY
    assert all(table.game.trump(s) is not None for s in table.game.seats)


def test_the_player_given_clubs_is_shown_with_clubs_not_as_no_trump() -> None:
    # A5: the declarer hands each opponent a suit; clubs is a suit like any other (it is the
    # lowest in bidding order, and the engine's first suit, which once read as "none").
    table = AuctionTable(seed=2, seat="N")
    table.bid_points.value, table.bid_suit.value = 400, "S"
    table.bid.click()
    pickers = {c.description: c for c in table.trump_choice.children if hasattr(c, "options")}
    pickers["E"].value, pickers["W"].value = "C", "D"
    give = [c for c in table.trump_choice.children if isinstance(c, w.Button)]
    give[0].click()
    assert table.game.trump("E") is Suit.CLUBS
    assert "E ♣" in table.status.value and "no trump" not in table.status.value


def test_an_illegal_bid_is_a_message_and_the_auction_is_unchanged() -> None:
    table = AuctionTable(seed=2, seat="N")
    calls_before = list(table.game.auction.calls)
    table.bid_points.value = 100  # below 170 with no calypsos
    table.bid.click()
    assert "at least 170 points" in table.message.value
    assert table.game.auction.calls == calls_before


def test_playing_all_four_seats_to_the_end_offers_the_record() -> None:
    table = PlayTable(seed=3, seat="all four")
    while not table.game.is_over:
        table.play(table.game.legal_plays()[0])
    assert "Game over" in table.felt.status
    assert 'download="calypso-seed-3.json"' in table.download.value
    table.hint.click()
    assert "nothing for you to play" in table.message.value


def test_the_last_quiz_puzzle_ends_on_the_result_which_next_never_clears() -> None:
    quiz = Quiz(code="END", count=2, name="Ann")
    quiz.table.receive({"type": "next"})  # not answered yet
    assert "Choose a winner" in quiz.message.value and quiz.index == 0
    quiz.answer(quiz.puzzle.answer)
    quiz.table.receive({"type": "next"})
    quiz.answer("N" if quiz.puzzle.answer != "N" else "E")
    assert "Quiz complete" in quiz.score.value and quiz.table.next_label == "See my result"
    assert all(b.disabled for b in quiz.answers) and not quiz.table.seat_pick
    quiz.answers[0].click()
    assert "answered already" in quiz.message.value
    for _ in range(3):  # Enter, again and again: the result stays
        quiz.table.receive({"type": "next"})
    assert (quiz.index, quiz.asked, quiz.table.next_label) == (1, 2, "See my result")
    assert "data-result-code" in quiz.ending.value


def test_legal_play_checking_offers_only_legal_cards_and_says_why_not() -> None:
    builder = TrickBuilder()
    builder.check_legal.value = True
    for seed in range(1, 4):
        builder.seed.value = seed
        assert builder.played == []  # a new deal starts the trick afresh
        game = Game(seed)
        for position in range(4):
            seat = builder.seats[position]
            hand, before = game.hand(seat), builder.played
            allowed = legal_plays(hand, before, game.trump(seat))  # C3
            cells = [c for row in builder.picker.rows for c in row["cards"]]
            offered = [c["text"] for c in cells if c["playable"]]
            assert sorted(offered) == sorted({str(c) for c in allowed}), (seed, seat)
            refused = next((c for c in cells if not c["playable"]), None)
            assert refused is None or refused["why"]
            builder.picker.receive({"type": "pick", "card": offered[-1]})
        assert len(builder.played) == 4
    builder.set_trick("N", "AS")
    assert builder.winner == "N" and len(builder.played) == 1


def test_an_illegal_typed_card_is_refused_in_words_beside_the_field() -> None:
    builder = TrickBuilder()
    builder.check_legal.value = True
    hand = Game(1).hand(builder.seats[0])
    stranger = next(c for c in ALL_CARDS if c not in hand)
    builder.type_text(str(stranger))
    assert f"cannot play {stranger.symbol} there" in builder.text_field.note.value
    assert builder.played == []


def test_whist_scoring_asks_the_engine_which_calls_are_bonuses_and_which_rounds_have_none() -> None:
    scoring = WhistScoring()
    low, high = call_bridge.CALLS
    for bid in range(low, high + 1):
        scoring.cb_call.value = bid
        assert ("a bonus call" in scoring.cb_score.value) == call_bridge.is_bonus_call(bid)
    assert next(b for b in range(low, high + 1) if call_bridge.is_bonus_call(b)) == 8  # B5
    for number in range(1, collett_whist.ROUNDS + 1):
        scoring.cw_round.value = number
        no_calls = collett_whist.round_plan(number).calls is CallTime.NONE
        assert scoring.cw_call.disabled == no_calls == (number == 10), number  # W3
        assert scoring.cw_call.max == collett_whist.cards_in_round(number)


def test_the_contract_calculator_shows_the_engines_sale_and_its_reasons() -> None:
    calculator = ContractCalculator()  # A7's seed example: bid 240, 19 trickpile cards
    score = calculator.score
    assert (score.card_points, score.short, score.to_sell, score.sold) == (190, 50, 3, 3)
    assert "selling 3 card(s)" in calculator.result.value
    calculator.in_progress.value = 2  # too few to sell: failed, nothing sold, still 3 needed
    score = calculator.score
    assert (score.made, score.sold, score.to_sell) == (False, 0, 3)
    assert "selling 3 card(s)" in calculator.result.value
    calculator.calypsos.value = 1  # condition (i) fails first
    assert not calculator.score.calypsos_made
    assert "Only 0 of the 1 bid calypso completed" in calculator.result.value


def test_widgets_draw_their_tables_through_the_renderer() -> None:
    for path in pathlib.Path(calypso.widgets.__file__).parent.glob("*.py"):
        source = path.read_text()
        assert not re.search(r"<(table|tr|td|th)\b", source), path.name


def test_one_trick_three_games_seats_each_game_in_its_own_play_order() -> None:
    three = ThreeRules(cards="2S AS KS QS", leader="S")
    rows = {row["game"]: row for row in three.rows}
    # Calypso, default trumps N♥ E♦ S♠ W♣: S leads its own trump and nobody ruffs (C4.1).
    assert rows["Calypso"]["seats"] == ("S", "W", "N", "E")
    assert (rows["Calypso"]["winner"], rows["Calypso"]["result"].rule.value) == ("S", "C4.1")
    # Call Bridge plays counter-clockwise, N W S E (B1): from S that is S, E, N, W, so the A♠
    # is East's, and the highest spade wins (B4).
    assert rows["Call Bridge"]["seats"] == ("S", "E", "N", "W")
    assert rows["Call Bridge"]["winner"] == "E"
    assert 'data-game="Call Bridge"' in three.table.value
    # Collett Whist sits clockwise (W1); with ♦ turned, the highest ♠ (W's ace) wins (W5).
    assert rows["Collett Whist"]["winner"] == "W"


def test_the_auction_tables_declarer_must_give_each_other_player_a_different_suit() -> None:
    """A5: the declarer hands each other player a suit of their own; the same suit twice is
    refused in a learner's words (no engine line) and the trumps wait to be given again."""
    from calypso.auction import Bid, Call, CallKind
    from calypso.widgets import AuctionTable

    table = AuctionTable(seed=7, seat="N")
    table.human_call(Call(CallKind.BID, Bid(4, 990, Suit.SPADES)))  # no bid outranks it
    assert table.game.phase is Phase.TRUMPS and table.game.turn == "N"
    with pytest.raises(ValueError, match=r"^Give every other player a different suit\.$"):
        table.human_trumps({"E": "H", "W": "H"})
    assert table.game.phase is Phase.TRUMPS
    table.human_trumps({"E": "H", "W": "D"})
    assert table.game.phase.value == Phase.PLAY.value  # (mypy keeps the narrowing above)


def _play_s_to(tricks_left: int, seed: int) -> PlayTable:
    """Chapter 05's table with S playing its last legal card each turn, until S is to play
    with ``tricks_left`` tricks of the first deal to go (the trick in play included)."""
    table = PlayTable(seed=seed, seat="S")
    while 13 - len(table.game.tricks[-1]) > tricks_left or not table.seating.yours():
        if table.seating.waiting():
            table.next_trick()
        else:
            table.play(table.game.legal_plays()[-1])
    return table


def test_the_hint_early_in_a_deal_is_the_experts_view_over_layouts_and_says_so() -> None:
    import random

    from calypso.i18n import card_text
    from calypso.partnership.bots import GreedyBot
    from calypso.partnership.expert import SAMPLES, judge
    from calypso.widgets.tabledata import MINUS

    table = PlayTable(seed=3, seat="S")
    judgement = judge(table.game, SAMPLES, random.Random(len(table.game.moves)))
    table.hint.click()
    hinted = [card["text"] for card in table.felt.hand if card["hint"]]
    assert hinted == [str(judgement.best.card)]
    assert f"dealt the cards you cannot see {judgement.samples} ways" in table.felt.hint
    costs = {str(j.card): round(judgement.best.mean - j.mean) for j in judgement.cards[1:]}
    shown = {card["text"]: card["cost"] for card in table.felt.hand if card["playable"]}
    assert shown == {
        text: MINUS + str(costs[text]) if costs.get(text, 0) > 0 else "" for text in shown
    }
    assert len(table.felt.hint_notes) == sum(cost > 0 for cost in costs.values())
    greedy = GreedyBot(random.Random(len(table.game.moves))).choose(table.game)
    habit = "agrees" if greedy == judgement.best.card else f"would play {card_text(greedy)}"
    assert f"The greedy habit {habit}" in table.felt.hint


def test_the_hint_in_the_last_tricks_puts_the_brute_forces_costs_on_the_cards() -> None:
    from solver_brute import card_values

    from calypso.widgets.tabledata import MINUS

    table = _play_s_to(3, seed=3)
    values = card_values(table.game)
    best = max(values.values())
    table.hint.click()
    assert table.felt.hint.startswith("With every hand shown, A♦ is best.")
    shown = {card["text"]: card["cost"] for card in table.felt.hand if card["playable"]}
    expected = {str(c): MINUS + str(best - v) if v < best else "" for c, v in values.items()}
    assert shown == expected == {"7D": MINUS + "110", "AD": "", "3S": MINUS + "340"}
    hinted = [card["text"] for card in table.felt.hand if card["hint"]]
    assert hinted == ["AD"]
    assert [note.split(":")[0] for note in table.felt.hint_notes] == [
        "7♦ costs 110",
        "3♠ costs 340",
    ]
    table.play(table.game.legal_plays()[0])
    assert table.felt.hint_notes == [] and table.felt.hint == ""


def test_review_my_play_appears_once_a_deal_is_over_and_lists_costly_plays() -> None:
    from calypso.i18n import card_text
    from calypso.partnership.advice import replayed, review

    table = _play_s_to(2, seed=1)
    assert table.review.layout.display == "none"
    table.review.click()
    assert "once it is over" in table.message.value
    while not table.game.deal_scores:
        if table.seating.waiting():
            table.next_trick()
        else:
            table.play(table.game.legal_plays()[-1])
    assert table.review.layout.display == ""
    table.review.click()
    found = review(table.game, 1, "S")
    assert found and all(m.words in table.review_box.value.replace("&#x27;", "'") for m in found)
    assert "Deal 1, tricks 9 to 13" in table.review_box.value
    assert "right choice on what you could see" in table.review_box.value
    assert "<details><summary>The best line from there</summary>" in table.review_box.value
    text = re.sub("<[^>]+>", "", table.review_box.value)  # a line starts at its trick's lead
    first = found[0]  # its line is shown from its trick's lead, the best card in its place
    then = replayed(table.game, first.moves)
    seats = SEATS[SEATS.index(then.trick_leader) :] + SEATS[: SEATS.index(then.trick_leader)]
    cards = [*then.trick, first.best]
    shown = [f"{seat} {card_text(card)}" for seat, card in zip(seats, cards, strict=False)]
    assert f"trick {first.trick}: {', '.join(shown)}" in text
    table.new_game()
    assert table.review_box.value == "" and table.review.layout.display == "none"
