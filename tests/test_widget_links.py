"""Links of chapters 04, 09 and 10's calculators and trainers: what a widget shows goes into its
key of the page address, and a fresh widget opened with that text shows the same; a link that
holds nothing it can show falls back to the widget's first state with a message in plain words.
Every key is unique on its page.

Expected scores come from the rulings (docs/rulings.md): C7 for a side's score, A7 for a
contract, B5 and W6 for the whist games, A4 for which bid is higher.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from calypso.engine.cards import parse_cards
from calypso.engine.tricks import IllegalPlay, check_play
from calypso.widgets import (
    BidComparer,
    CardFlow,
    ContractCalculator,
    GameReport,
    OvertrumpTrainer,
    ScoreCalculator,
    WhistScoring,
)
from calypso.widgets.link import PageLink

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def reopened(widget: Any, fresh: Any) -> Any:
    """``fresh`` opened with the link ``widget`` wrote, as a page opening that address does."""
    assert widget.link.value
    fresh.link.opened = widget.link.value
    return fresh


def error(widget: Any) -> str:
    return str(widget.message.value)


# -- 04: the score calculator and a whole game ---------------------------------------------------


def test_score_calculator_link_restores_the_five_numbers_and_c7s_total() -> None:
    calculator = ScoreCalculator()
    calculator.completed["N"].value, calculator.in_progress["N"].value = 2, 5
    calculator.completed["S"].value, calculator.in_progress["S"].value = 1, 3
    calculator.pile.value = 40
    assert calculator.link.value == "2.5.1.3.40"
    fresh = reopened(calculator, ScoreCalculator())
    assert [box.value for box in fresh.boxes] == [2, 5, 1, 3, 40]
    # C7: 500 + 750 for N's two calypsos, 500 for S's one, 20 a card in progress, 10 a pile card.
    assert fresh.side.total == 500 + 750 + 500 + 20 * (5 + 3) + 10 * 40
    assert f'data-total="{fresh.side.total}"' in fresh.breakdown.value


def test_score_calculator_link_keeps_a_number_the_rules_refuse_with_its_note() -> None:
    calculator = ScoreCalculator()
    calculator.in_progress["S"].value = 13  # C6: 13 ranks complete a calypso, so 0 to 12
    fresh = reopened(calculator, ScoreCalculator())
    assert fresh.in_progress["S"].value == 13
    assert "too many" in fresh.fields["cards in progress", "S"].note.value


def test_score_calculator_bad_link_starts_from_zero_and_says_so() -> None:
    calculator = ScoreCalculator()
    calculator.pile.value = 12
    calculator.link.opened = "2.5.x"
    assert [box.value for box in calculator.boxes] == [0] * 5
    assert "does not hold five numbers" in error(calculator)


def test_game_report_link_restores_the_game_of_its_seed() -> None:
    from calypso.partnership.bots import make_players
    from calypso.partnership.game import Game

    report = GameReport(seed=3)
    report.seed.value = 11
    assert report.link.value == "11"
    fresh = reopened(report, GameReport(seed=3))
    game = Game(11)
    game.play_out(make_players("greedy", 11))
    assert fresh.seed.value == 11
    assert fresh.game.score().totals == game.score().totals
    fresh.link.opened = "eleven"
    assert fresh.seed.value == 3 and "does not name a game" in error(fresh)


# -- 07: bids, a contract, the cards between hands ------------------------------------------------


def test_bid_comparer_link_restores_both_bids_and_the_verdict() -> None:
    comparer = BidComparer()
    comparer.first.value, comparer.second.value = "990S", "1+0C"
    assert comparer.link.value == "990S.1_0C"
    fresh = reopened(comparer, BidComparer())
    assert (fresh.first.value, fresh.second.value) == ("990S", "1+0C")
    # A4: calypsos first, so one calypso for 0 points outranks 990 points with none.
    assert "1+0♣ outranks 990♠" in fresh.verdict.value


def test_bid_comparer_writes_no_link_for_a_bid_that_cannot_be_made() -> None:
    comparer = BidComparer()
    comparer.first.value = "160C"  # A4: with no calypsos a bid needs at least 170 points
    assert comparer.link.value == ""
    comparer.link.opened = "160C.170S"
    assert (comparer.first.value, comparer.second.value) == BidComparer.DEFAULT
    assert "does not hold two bids" in error(comparer)


def test_contract_calculator_link_restores_a7s_doubled_example() -> None:
    calculator = ContractCalculator()
    calculator.doubled.value = 1
    assert calculator.link.value == "240.0.19.5.8.0.1"
    fresh = reopened(calculator, ContractCalculator())
    assert [c.value for c in fresh.controls] == [240, 0, 19, 5, 8, 0, 1]
    # A7's own check: 240 bid, 19 trickpile cards, 3 sold, doubled: 190 + 60 + 480.
    assert fresh.score.total == 190 + 60 + 480
    assert 'data-total="730"' in fresh.result.value


def test_contract_calculator_bad_link_shows_a7s_example_and_says_so() -> None:
    calculator = ContractCalculator()
    calculator.trickpile.value = 30
    calculator.link.opened = "240.0.19.5.8.0.3"  # no fourth doubling
    assert [c.value for c in calculator.controls] == list(ContractCalculator.DEFAULT)
    assert "does not hold a contract" in error(calculator)


def test_card_flow_link_restores_the_game_and_the_hand() -> None:
    flow = CardFlow(seed=2)
    flow.seed.value, flow.hand_slider.value = 5, 3
    assert flow.link.value == "5.3"
    fresh = reopened(flow, CardFlow(seed=2))
    assert (fresh.seed.value, fresh.hand_slider.value) == (5, 3)
    assert fresh.view.value == flow.view.value
    fresh.link.opened = "5.9"  # a game of six hands
    assert (fresh.seed.value, fresh.hand_slider.value) == (2, 1)
    assert "does not name a hand" in error(fresh)


# -- 08: must you beat the spades, and the whist scores ------------------------------------------


def test_overtrump_trainer_link_restores_the_situation_and_the_card_tried() -> None:
    from calypso.whist import call_bridge

    trainer = OvertrumpTrainer(seed=1)
    trainer.seed.value = 4
    hand, trick = trainer.situation
    card = hand[-1]
    trainer.try_card(card)
    assert trainer.link.value == f"4.{card}"
    fresh = reopened(trainer, OvertrumpTrainer(seed=1))
    assert fresh.situation == (hand, trick)
    try:  # B3: a player who cannot follow suit must beat the spades if they can
        check_play(hand, trick, card, must_overtrump=call_bridge.VARIANT.must_overtrump)
        legal = "yes"
    except IllegalPlay:
        legal = "no"
    assert f'data-legal="{legal}"' in fresh.answer.value


def test_overtrump_trainer_bad_link_shows_the_first_situation() -> None:
    hand = OvertrumpTrainer(seed=4).situation[0]
    missing = next(c for c in parse_cards("2S 3S 4S 2H 3H 2D") if c not in hand)
    for text in ("x", "4.2Z", f"4.{missing}"):
        trainer = OvertrumpTrainer(seed=1)
        trainer.seed.value = 6
        trainer.link.opened = text
        assert trainer.seed.value == 1 and trainer.answer.value == "", text
        assert "does not name a situation" in error(trainer)


def test_whist_scoring_link_restores_the_five_sliders_and_b5_w6_scores() -> None:
    scoring = WhistScoring()
    scoring.cb_call.value, scoring.cb_tricks.value = 8, 9
    scoring.cw_round.value, scoring.cw_call.value, scoring.cw_tricks.value = 3, 2, 2
    assert scoring.link.value == "8.9.3.2.2"
    fresh = reopened(scoring, WhistScoring())
    assert [s.value for s in fresh.sliders] == [8, 9, 3, 2, 2]
    assert 'data-score="13"' in fresh.cb_score.value  # B5: a bonus call of 8 made with 9
    assert 'data-score="5"' in fresh.cw_score.value  # W6: exactly 2 called and taken, 3 + 2


@pytest.mark.parametrize("text", ["4.5.19.2.2", "13.5.5.2.2", "4.5.3.4.0", "4.5"])
def test_whist_scoring_bad_link_keeps_the_first_values(text: str) -> None:
    # W2: 18 rounds, round 3 deals 3 cards, so no call of 4; B2: a call of 2 to 12.
    scoring = WhistScoring()
    first = [s.value for s in scoring.sliders]
    scoring.cb_call.value = 9
    scoring.link.opened = text
    assert [s.value for s in scoring.sliders] == first
    assert "does not hold scores" in error(scoring)


# -- every key once on its page --------------------------------------------------------------------


def links_in(widget: Any) -> list[str]:
    """The keys of every link in a widget and its children."""
    if isinstance(widget, PageLink):
        return [widget.key]
    children = getattr(widget, "children", ())
    return [key for child in children for key in links_in(child)]


@pytest.mark.parametrize("chapter", [p.stem for p in sorted(NOTEBOOKS.glob("0*.ipynb"))])
def test_every_link_key_is_unique_on_its_page(chapter: str) -> None:
    cells = json.loads((NOTEBOOKS / f"{chapter}.ipynb").read_text())["cells"]
    names: dict[str, Any] = {}
    keys: list[str] = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            tree.body.pop()
        else:
            last = None
        exec(compile(tree, chapter, "exec"), names)
        if last is not None:
            shown = eval(compile(ast.Expression(last.value), chapter, "eval"), names)
            if isinstance(shown, w.Widget):
                keys += links_in(shown)
    assert keys and len(keys) == len(set(keys)), keys
