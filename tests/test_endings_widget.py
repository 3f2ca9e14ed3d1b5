"""The Endings stage's table (calypso/widgets/endings.py): what it shows at each point of a
problem, the stars it gives, the best line step by step, and its links. The problems and their
targets are the engine's (calypso/lessons/exercises/endings.py, checked against the brute force in
tests/test_endings.py); what is checked here is that the widget shows them and no more."""

from __future__ import annotations

import pytest
from solver_brute import card_values

from calypso.partnership.game import SEATS
from calypso.widgets.endings import EndingLink, EndingSet, problem_seed


def play_line(stage: EndingSet) -> None:
    """Play the problem's best line for the learner's side."""
    line = stage.problem.line
    while not stage.attempt.over:
        stage.play(line[len(stage.attempt.played)])


def play_wrong(stage: EndingSet) -> None:
    """Lead a card that falls short of the target by the brute force, then play anything legal
    to the end."""
    problem = stage.problem
    values = card_values(problem.game())
    stage.play(next(card for card, value in values.items() if value < problem.target))
    while not stage.attempt.over:
        stage.play(stage.attempt.game().legal_plays()[0])


def test_the_start_shows_the_leader_s_hand_below_and_every_other_hand_face_up() -> None:
    stage = EndingSet(seed=2)
    game = stage.problem.game()
    leader = str(game.turn)
    assert [c["text"] for c in stage.table.hand] == [str(c) for c in game.hand(leader)]
    assert {c["text"] for c in stage.table.hand if c["playable"]} == {
        str(c) for c in game.legal_plays()
    }
    panels = {s["seat"]: [c["text"] for c in s["shown"]] for s in stage.table.seats}
    assert panels[leader] == []
    for seat in SEATS:
        if seat != leader:
            assert panels[seat] == [str(c) for c in sorted(game.hand(seat))]
    assert stage.table.question == stage.problem.heading
    assert stage.retry.disabled and not stage.best.disabled
    assert stage.link.value == "2.0"


def test_the_best_line_at_the_first_try_earns_three_stars_and_offers_the_next_ending() -> None:
    stage = EndingSet(seed=1)
    play_line(stage)
    assert stage.attempt.passed and stage.earned == {0: 3}
    assert stage.table.reply["tone"] == "right"
    assert stage.table.next_label == "Next ending"
    assert stage.table.hand == [] and all(s["shown"] == [] for s in stage.table.seats)
    stage.table.receive({"type": "next"})
    assert stage.index == 1 and stage.attempt.played == ()


def test_a_wrong_line_fails_names_its_first_costly_card_and_the_second_try_earns_two() -> None:
    stage = EndingSet(seed=1)
    play_wrong(stage)
    assert stage.attempt.over and not stage.attempt.passed and stage.earned == {}
    slip = stage.attempt.slip()
    assert slip is not None and slip.cost > 0
    reply = stage.table.reply
    assert reply["tone"] == "wrong" and slip.words in reply["text"]
    assert stage.table.next_label == ""
    stage.try_again()
    assert stage.attempt.played == () and stage.tries == 2
    play_line(stage)
    assert stage.earned == {0: 2}


def test_the_best_line_steps_card_by_card_and_then_earns_one_star_at_most() -> None:
    stage = EndingSet(seed=3)
    line = stage.problem.line
    stage.show_line()
    assert stage.step.layout.display is None and stage.table.hand == []
    for n in range(1, len(line) + 1):
        stage.next_card()
        assert stage.attempt.played == line[:n]
    assert stage.step.layout.display == "none"
    with pytest.raises(ValueError, match="no next card"):
        stage.next_card()
    with pytest.raises(ValueError, match="best line is being shown"):
        stage.play(line[0])
    stage.try_again()
    play_line(stage)
    assert stage.earned == {0: 1}


def test_a_link_opens_the_problem_and_the_learner_s_cards_and_a_bad_one_says_so() -> None:
    stage = EndingSet(seed=1)
    stage.go(3)
    stage.play(stage.problem.line[0])
    text = stage.link.value
    seed, index, *cards = text.split(".")
    assert (int(seed), int(index), cards) == (1, 3, [str(stage.problem.line[0])])
    other = EndingSet(seed=9)
    other.open_link(text)
    assert other.index == 3 and other.attempt == stage.attempt
    assert other.problem.seed == problem_seed(1, 3)
    with pytest.raises(ValueError, match="does not name an ending"):
        EndingLink.from_link("one.two")
    other.link.opened = "1.0.ZZ"
    assert "not a card" in other.message.value


def test_a_finished_stage_says_so_and_deals_new_endings_on_request() -> None:
    stage = EndingSet(seed=4)
    for index in range(stage.size):
        stage.go(index)
        play_line(stage)
    assert stage.finished and stage.table.ending["title"].startswith("Stage complete: 15 of 15")
    assert stage.again.layout.display is None
    stage.again.click()
    assert stage.seed == 5 and stage.earned == {} and stage.index == 0
