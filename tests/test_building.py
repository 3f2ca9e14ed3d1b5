"""Chapter 03's stepper shows each trick once, on the card table, and says there when a trick
completes a calypso (issue 17 item 6).

Expected facts come from the engine: the game the greedy bots play from a seed, replayed one
trick at a time (``Game.play``), says which seat completed a calypso with which trick (C6) and
who won it (C4); ``trick_steps`` says where each card went (C6: a seat's calypso or the winning
side's pile).
"""

from __future__ import annotations

import re

from calypso.partnership.bots import make_players
from calypso.partnership.game import SEATS, Game
from calypso.widgets import BuildingStepper
from calypso.words.partnership import destinations


def completions(seed: int) -> list[tuple[str, ...]]:
    """For each trick of the bots' game of ``seed``, the seats whose completed calypsos went up."""
    game = Game(seed)
    game.play_out(make_players("greedy", seed))
    replay = Game(seed, options=game.options, hands=game.dealt, first_dealer=game.first_dealer)
    found = []
    before = {seat: 0 for seat in SEATS}
    for card in game.moves:
        trick = replay.play(card)
        if trick is None:
            continue
        after = {seat: replay.calypso(seat).completed for seat in SEATS}
        found.append(tuple(seat for seat in SEATS if after[seat] > before[seat]))
        before = after
    return found


def test_each_trick_is_on_the_felt_once_with_its_number_and_news_of_any_calypso_completed() -> None:
    stepper = BuildingStepper(seed=3)
    expected = completions(3)
    assert len(expected) == len(stepper.steps) == 52
    assert any(expected), "seed 3 completes a calypso (else the test proves nothing)"
    for number, completed in enumerate(expected, 1):
        stepper.slider.value = number
        step = stepper.step
        deal, within = divmod(number - 1, 13)
        assert stepper.felt.status == f"Deal {deal + 1}, trick {within + 1}"
        assert [c["card"]["text"] for c in stepper.felt.trick] == [str(c) for c in step.trick.cards]
        assert stepper.felt.verdict["seat"] == step.trick.winner
        # Under the felt: no card faces again, and no second trick number.
        assert "data-card" not in stepper.view.value
        assert "trick" not in re.sub(r"<[^>]+>", "", stepper.view.value).lower()
        feedback = stepper.felt.verdict.get("feedback", "")
        if completed:
            assert feedback.startswith(" and ".join(completed) + " ")
            assert "completed a calypso!" in feedback
            assert stepper.felt.verdict["tone"] == "right"
        else:
            assert feedback == ""


def test_under_the_felt_every_card_of_the_trick_is_said_to_go_where_the_engine_put_it() -> None:
    stepper = BuildingStepper(seed=3)
    for number in (1, 13, 28, 52):
        stepper.slider.value = number
        step = stepper.step
        text = re.sub(r"<[^>]+>", "", stepper.view.value)
        sentence = text.split("Where the cards went: ", 1)[1].split(".", 1)[0]
        groups = {
            place: cards for cards, place in (part.split(" → ") for part in sentence.split("; "))
        }
        for seat, card, place in zip(
            step.trick.seats, step.trick.cards, destinations(step.places), strict=True
        ):
            assert f"{card.symbol} ({seat}'s)" in groups[place]
