"""What every card costs, in points and in words (calypso/partnership/advice.py; issue 31, items 5
and 6).

Every expected cost comes from the plain brute force of tests/solver_brute.py (the best card's
value minus the card's), never from the solver. Hand-built endings (the two-trick endings of
tests/test_solver.py: N has won eleven heart tricks by C4.1 and lacks only A♥) check that the
words name the right trick, seat, ruling (C4.1, C4.4) and cards, and a calypso missed (C6).
Every sentence of a seeded sample is checked against its two lines played again in a separate
copy of the game: the trick it names is the first whose winner, calypsos or piles differ, its
winner, winning card and ruling are the engine's, and the cards it says a calypso does or does
not get are the ones that calypso gained in each line.
"""

from __future__ import annotations

from typing import Any

import pytest
from solver_brute import Ending, branch, card_values, spread, state
from test_solver import ending

from calypso.engine.cards import Card
from calypso.i18n import card_text
from calypso.partnership.advice import CardCost, TrickPlay, costs, review
from calypso.partnership.game import SEATS, SIDES, Game


def by_card(found: tuple[CardCost, ...]) -> dict[str, int]:
    return {str(cost.card): cost.cost for cost in found}


def brute_costs(game: Game) -> dict[str, int]:
    values = card_values(game)
    best = max(values.values())
    return {str(card): best - value for card, value in values.items()}


def test_a_ruff_that_beats_the_learners_card_is_named_with_c4_4() -> None:
    game = ending({"N": "7C AS", "E": "QD 4S", "S": "AD KS", "W": "4C 8S"}, played="7C QD")
    # Trick 12: N leads 7C (W's suit), E ruffs with QD. S, out of clubs, ruffs higher with KS
    # (C4.4): S wins, KS into S's calypso, then AD takes the last trick alone (C4.3) with
    # three spades for S's calypso: NS +50 +70. With AD instead, E's QD ruff wins (C4.4):
    # QD and AD into E's calypso, 7C and 4C into W's; the last spades go to N's AS, +80 for
    # NS: -80 +80. AD costs 120.
    found = costs(game)
    assert by_card(found) == brute_costs(game) == {"KS": 0, "AD": 120}
    words = found[1].words
    assert words.startswith("A♦ costs 120: trick 12 goes to E's Q♦, the highest ruff (C4.4)")
    assert "your calypso does not get K♠" in words and "E's calypso gets Q♦ and A♦" in words
    assert found[0].words == ""


def test_a_lead_of_the_leaders_own_trump_left_standing_is_named_with_c4_1() -> None:
    game = ending({"N": "QH 2S", "E": "KD 6C", "S": "QH 3C", "W": "KH 7C"}, played="QH")
    # E, out of hearts, can ruff N's QH with KD: K beats Q (C4.2), KD into E's calypso and
    # three hearts onto EW's pile, +50; E leads 6C and W's 7C wins it (C4.3), three clubs
    # into W's calypso and 2S on the pile, +70. Throwing 6C leaves N's lead unruffed: N wins
    # by C4.1 (NS +40); E's KD then ruffs N's 2S (C4.4), +70 for EW. 6C costs 120 - 30.
    found = costs(game)
    assert by_card(found) == brute_costs(game) == {"KD": 0, "6C": 90}
    assert found[1].words == (
        "6♣ costs 90: trick 12 goes to N's Q♥, a lead of the leader's own trump that nobody "
        "ruffed (C4.1), and your calypso does not get K♦ from it."
    )


def test_a_partners_calypso_left_incomplete_is_named_with_its_missing_card() -> None:
    game = ending({"N": "QH 2C", "E": "3D 4D", "S": "AH KH", "W": "5C 6C"}, played="QH 3D")
    # N led his own trump and E ruffed low: N's QH wins by C4.2 whatever W ruffs with. S's AH
    # fills the only gap of N's calypso (C6: completed, and the trick's spare QH starts the
    # next one); with KH, a spare, the AH falls to E's diamond ruff in the last trick.
    found = costs(game)
    assert by_card(found) == brute_costs(game) == {"AH": 0, "KH": 260}
    words = found[1].words
    assert words.startswith("K♥ costs 260: trick 12 goes to your partner N's Q♥")
    assert "(C4.2)" in words and "it does not complete your partner N's calypso" in words
    assert "A♥" in words


SAMPLE = [*spread(96, 2, start=500), *spread(32, 3, start=700)]
"""Seeded endings of two and three tricks under every option (tests/solver_brute.py)."""


@pytest.fixture(scope="module")
def sample() -> list[tuple[Ending, Game, tuple[CardCost, ...]]]:
    found = []
    for at in SAMPLE:
        game = at.game()
        before = state(game)
        found.append((at, game, costs(game)))
        assert state(game) == before, at
    return found


def test_costs_are_the_brute_forces_and_only_costly_cards_have_words(
    sample: list[tuple[Ending, Game, tuple[CardCost, ...]]],
) -> None:
    costly = 0
    for at, game, found in sample:
        assert by_card(found) == brute_costs(game), at
        assert [cost.cost for cost in found] == sorted(cost.cost for cost in found), at
        for cost in found:
            assert (cost.words == "") == (cost.cost == 0), (at, cost)
            costly += cost.cost > 0
    assert costly >= 20


def replay_line(game: Game, line: tuple[Card, ...]) -> list[tuple[Any, ...]]:
    """Each trick ``line`` completes, on a separate copy of ``game`` (tests/solver_brute.py):
    the trick, every seat's calypso (rank mask, completed count) before and after it, the
    piles' sizes after it, and the points it brought each side."""
    twin = branch(game)
    found = []
    for card in line:
        totals = twin.score().totals
        before = tuple((k.mask, k.completed) for k in twin.calypsos())
        done = twin.play(card)
        if done is not None:
            after = twin.score().totals
            found.append(
                (
                    done,
                    before,
                    tuple((k.mask, k.completed) for k in twin.calypsos()),
                    tuple(len(twin.pile(side)) for side in SIDES),
                    tuple(after[side] - totals[side] for side in SIDES),
                )
            )
    return found


def check_words(game: Game, cost: CardCost, best: CardCost) -> None:
    """``cost``'s sentence against both lines played again: see the module's help."""
    you = str(game.turn)
    side = game.side(you)
    mine, theirs = replay_line(game, cost.line), replay_line(game, best.line)
    first = len(game.tricks[-1]) + 1
    assert cost.partings, cost
    parting = cost.partings[0]
    k = parting.line.number - first
    for i in range(k):  # every trick before the parting one: the same winner and places
        assert mine[i][0].winner == theirs[i][0].winner and mine[i][2:] == theirs[i][2:]
    assert mine[k][0].winner != theirs[k][0].winner or mine[k][2:] != theirs[k][2:]
    for where in cost.partings:
        ours, other = mine[where.line.number - first], theirs[where.line.number - first]
        trick = ours[0]
        assert where.line.trick == trick and where.best.trick == other[0]
        assert where.line.gains == ours[4] and where.best.gains == other[4]
        won = trick.cards[trick.seats.index(trick.winner)]
        assert f"trick {where.line.number} goes to " in cost.words
        assert f"{trick.winner}'s {card_text(won)}" in cost.words or (
            trick.winner == you and f"your {card_text(won)}" in cost.words
        )
        assert f"({trick.rule.value})" in cost.words
        for play, (_, before, after, _, _) in ((where.line, ours), (where.best, other)):
            check_calypsos(play, before, after)
    if len(cost.partings) == 2:
        assert parting.line.net(side) >= parting.best.net(side)
        assert cost.partings[1].line.net(side) < cost.partings[1].best.net(side)
        assert "; then trick " in cost.words


def check_calypsos(
    play: TrickPlay, before: tuple[tuple[int, int], ...], after: tuple[tuple[int, int], ...]
) -> None:
    """The cards the words say a trick put into each calypso are the ranks that calypso
    gained in the engine's replay (when the trick completed none), and the calypsos said to
    be completed are the ones whose count went up."""
    completed = [s for i, s in enumerate(SEATS) if after[i][1] > before[i][1]]
    assert list(play.completed) == completed
    if completed:
        return
    for i, seat in enumerate(SEATS):
        gained = after[i][0] & ~before[i][0]
        into = sorted(c % 13 for owner, c in play.into if owner == seat)
        assert into == [r for r in range(13) if gained >> r & 1]


def test_every_sentence_of_the_sample_is_true_of_its_lines(
    sample: list[tuple[Ending, Game, tuple[CardCost, ...]]],
) -> None:
    for _at, game, found in sample:
        for cost in found:
            if cost.cost:
                check_words(game, cost, found[0])


def test_review_finds_exactly_the_plays_the_brute_force_says_cost_points() -> None:
    game = Ending(seed=37, deal=2, tricks_left=13, played=0).game()  # deal 1 just over
    found = review(game, 1, tricks=3)
    expected = []
    twin = Game(game.seed, options=game.options, hands=game.dealt)
    for moves, card in enumerate(game.moves[:52]):
        if moves >= 40 and len(set(twin.legal_plays())) > 1:
            cost = brute_costs(twin)[str(card)]
            if cost:
                expected.append((moves, str(twin.turn), str(card), cost, len(twin.tricks[-1]) + 1))
        twin.play(card)
    assert [(m.moves, m.seat, str(m.card), m.cost, m.trick) for m in found] == expected
    assert len(expected) == 3
    assert all(m.deal == 1 and m.words.startswith(card_text(m.card)) for m in found)
    assert review(game, 1, "S", tricks=3) == tuple(m for m in found if m.seat == "S")


def test_review_refuses_a_deal_not_begun_and_bad_seats() -> None:
    game = Game(seed=1)
    with pytest.raises(ValueError, match="bad deal 2"):
        review(game, 2)
    with pytest.raises(ValueError, match="bad seats"):
        review(game, 1, "X")
    assert review(game, 1) == ()


def test_costs_refuses_a_position_the_solver_does_not_reach() -> None:
    with pytest.raises(ValueError, match="13 tricks from the deal's end"):
        costs(Game(seed=1))
