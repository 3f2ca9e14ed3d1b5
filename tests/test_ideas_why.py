"""*Right card, wrong reason* in practice (issue 33, item 2): chapter 07's ideas ask why once
the learner has played a best card, where the position offers reasons that tell a right card
from a wrong one. Which reasons are true of a card comes from :func:`calypso.lessons.why.facts`
(held to the brute force in tests/test_why.py), never from the page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from calypso.lessons import ideas
from calypso.lessons.why import facts, question
from calypso.widgets.ideas import Idea


def positions() -> Iterator[tuple[str, int]]:
    for key, idea in ideas.IDEAS.items():
        for index in range(len(idea.spots)):
            yield key, index


def asks(idea: Idea) -> bool:
    return bool(idea.asking.layout.display != "none")


@pytest.mark.parametrize(("key", "index"), list(positions()))
def test_a_best_card_is_asked_why_and_each_reason_marked_by_what_is_true_of_it(
    key: str, index: int
) -> None:
    idea = Idea(key, index)
    game = idea.position.game()
    assert not asks(idea)
    try:
        offered = question(game).reasons
    except ValueError:
        offered = ()
    best = idea.position.best
    true = facts(game)[best]
    idea.play(best)
    assert asks(idea) == bool(offered)
    for reason in offered:
        idea.play(best)  # asked again: the reasons offered afresh
        assert [option["value"] for option in idea.reasons.options] == [r.value for r in offered]
        idea.reasons.value = reason.value
        idea.check.click()
        said = idea.why_said.value
        if reason in true:
            assert "Right card, right reason" in said, (key, index, reason)
        else:
            assert "Right card, wrong reason" in said and "What is true of it" in said
        assert idea.reasons.disabled


@pytest.mark.parametrize("key", ["ruff", "feed"])
def test_a_costly_card_or_the_answer_shown_asks_nothing(key: str) -> None:
    idea = Idea(key)
    worse = next(cost.card for cost in idea.position.costs if cost.cost)
    idea.play(worse)
    assert not asks(idea)
    idea.show_answer()
    assert not asks(idea)
    idea.play(idea.position.best)
    assert not asks(idea)  # the answer was shown: nothing left to earn
    idea.another_position()
    assert not asks(idea) and idea.asked is None


def test_checking_without_a_reason_says_so() -> None:
    idea = Idea("ruff")  # its first position asks why
    idea.play(idea.position.best)
    assert asks(idea)
    with pytest.raises(ValueError, match="Choose a reason first"):
        idea.check_reason()
