"""The expert bot (calypso/partnership/expert.py): it sees only its seat's view (docs/rulings.md,
C2, C3, C5), its layouts agree with that view, its quick table plays as the engine does (C4, C6,
C7), and its judgements are seeded.

Expected answers come from the engine itself replaying a layout (a layout that contradicts a
card played cannot be replayed: C3), from counting cards here, or from the solver on a
position with every hand shown.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calypso.engine.cards import ALL_CARDS, Card
from calypso.engine.tricks import IllegalPlay
from calypso.partnership.bots import make_bot, make_players
from calypso.partnership.expert import (
    ExpertBot,
    Judgement,
    Table,
    View,
    judge,
    layout_game,
    sample_layout,
)
from calypso.partnership.game import SEATS, SIDES, Game


def advanced(seed: int, cards: int, *, bots: str = "greedy", **options: object) -> Game:
    """A game of ``seed`` after ``cards`` cards played by seeded bots."""
    game = Game(seed=seed, **options)  # type: ignore[arg-type]
    players = make_players(bots, seed)
    for _ in range(cards):
        game.play(players[game.index(game.turn or "N")].choose(game))
    return game


def hidden_swaps(game: Game) -> list[Game]:
    """Games that reached the same position by the same cards, with two cards the seat to play
    has not seen exchanged between another seat's hand and another hand or a later deal."""
    me = game.index(game.turn or "N")
    deal = game.deal_number
    dealt = [[list(hand) for hand in d] for d in game.dealt]
    played = Counter(c for t in game.tricks[-1] for c in t.cards) + Counter(game.trick)
    found = []
    for other in range(4):
        held = Counter(game.hand(other))
        if other == me or not held:
            continue
        mine = max(held)
        places = [(deal, p) for p in range(4) if p not in (me, other)]
        places += [(d, p) for d in range(deal + 1, 4) for p in range(4)]
        for d, p in places:
            theirs = [c for c in dealt[d][p] if c != mine and (d > deal or c not in played)]
            if not theirs:
                continue
            swapped = [[list(hand) for hand in deal_] for deal_ in dealt]
            swapped[deal][other].remove(mine)
            swapped[deal][other].append(theirs[0])
            swapped[d][p].remove(theirs[0])
            swapped[d][p].append(mine)
            twin = Game(seed=game.seed, options=game.options, hands=swapped)
            try:
                for card in game.moves:
                    twin.play(card)
            except IllegalPlay:
                continue
            found.append(twin)
            break
    return found


@pytest.mark.parametrize(("seed", "cards"), [(3, 0), (5, 37), (8, 52 + 41), (11, 3 * 52 + 33)])
def test_same_view_same_card(seed: int, cards: int) -> None:
    """Two positions that look the same from the seat, the hidden cards dealt differently, get
    the same judgement and the same card from the same seed."""
    game = advanced(seed, cards)
    twins = hidden_swaps(game)
    assert twins
    for twin in twins:
        assert any(twin.hand(s) != game.hand(s) for s in SEATS) or twin.dealt != game.dealt
        assert View.of(twin) == View.of(game)
        assert judge(twin, 4, random.Random(9)) == judge(game, 4, random.Random(9))
        one, two = ExpertBot(random.Random(2), 3), ExpertBot(random.Random(2), 3)
        assert one.choose(twin) == two.choose(game)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    cards=st.integers(0, 207),
    draw=st.integers(0, 2**32),
    bots=st.sampled_from(["random", "greedy"]),
    all_fours=st.booleans(),
)
def test_layouts_agree_with_the_view(
    seed: int, cards: int, draw: int, bots: str, all_fours: bool
) -> None:
    """Every layout keeps the seat's own hand and each seat's number of cards, holds at most
    four copies of a card with everything played, and replays every card played under the
    rules (so no seat holds a suit it has shown it lacks: C3, C5's all-fours)."""
    game = advanced(seed, cards, bots=bots, all_fours=all_fours)
    view = View.of(game)
    hands = sample_layout(view, random.Random(draw))
    me = game.index(game.turn or "N")
    assert sorted(hands[me]) == sorted(game.hand(me))
    assert [len(h) for h in hands] == [len(game.hand(s)) for s in SEATS]
    copies = Counter(game.moves) + Counter(c for h in hands for c in h)
    assert max(copies.values()) <= 4
    twin = layout_game(view, hands)
    assert [sorted(twin.hand(s)) for s in SEATS] == [sorted(h) for h in hands]
    calypsos = [(k.mask, k.completed) for k in game.calypsos()]
    assert [(k.mask, k.completed) for k in twin.calypsos()] == calypsos
    assert twin.score().totals == game.score().totals


def test_voids_are_read_from_the_cards_played() -> None:
    """A seat that did not follow suit lacks that suit for the rest of the deal (C3); under
    all-fours, a card of its own trump proves nothing (C5): E plays a diamond, its own trump,
    to a heart lead; S plays a club."""
    hands = [
        {
            "N": ["2H", "3H", "4H", *["2C"] * 4, *["3C"] * 4, "4C", "5C"],
            "E": ["5D", *["2D"] * 4, *["3D"] * 4, *["4D"] * 4],
            "S": ["7C", *["2S"] * 4, *["3S"] * 4, *["4S"] * 4],
            "W": ["7H", "8H", *["6C"] * 4, *["8C"] * 4, *["9C"] * 3],
        }
    ]
    rest = Counter(c for c in ALL_CARDS for _ in range(4))
    rest.subtract(Card.parse(c) for h in hands[0].values() for c in h)
    later = sorted(rest.elements())
    deals = [hands[0]] + [
        {s: later[52 * d + 13 * i : 52 * d + 13 * i + 13] for i, s in enumerate(SEATS)}
        for d in range(3)
    ]
    for all_fours, e_void in ((False, True), (True, False)):
        game = Game(hands=deals, all_fours=all_fours)
        for card in ("2H", "2D", "7C"):
            game.play(card)
        view = View.of(game)
        assert view.voids[1] == (frozenset({Card.parse("2H").suit}) if e_void else frozenset())
        assert view.voids[2] == frozenset({Card.parse("2H").suit})
        assert view.voids[0] == view.voids[3] == frozenset()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), cards=st.integers(0, 207), draw=st.integers(0, 2**32))
def test_the_table_plays_as_the_engine(seed: int, cards: int, draw: int) -> None:
    """The expert's quick table, given the true hands, ends the deal with the engine's score."""
    game = advanced(seed, cards, trump_lead=("ranked", "ruff-wins")[draw % 2])
    me = game.index(game.turn or "N")
    table = Table(View.of(game), [game.hand(s) for s in SEATS])
    deal = game.deal_number
    rng = random.Random(draw)
    while game.deal_number == deal and game.turn is not None:
        assert sorted(table.legal()) == sorted(game.legal_plays())
        card = rng.choice(table.legal())
        table.play(card)
        game.play(card)
    totals = game.deal_scores[-1]
    side = SIDES[me % 2]
    other = SIDES[1 - me % 2]
    assert table.left == 0
    assert table.value(me) == totals[side] - totals[other]


def test_the_solver_values_each_layout_near_the_end() -> None:
    """With one layout and few tricks left, a card's mean is the solver's value of the position
    dealt that way, and the best card is best in that one layout."""
    game = advanced(4, 52 + 13 * 4 - 8)
    view = View.of(game)
    hands = sample_layout(view, random.Random(1))
    from calypso.partnership.solver import solve

    values = {cv.card: cv.value for cv in solve(layout_game(view, hands)).cards}
    judgement = judge(game, 1, random.Random(1))
    assert judgement.solved and judgement.samples == 1
    assert {j.card: j.mean for j in judgement.cards} == values
    assert judgement.best.best_in == 1
    assert judgement.best.mean == max(values.values())


def test_a_judgement_adds_up() -> None:
    """Means are over ``samples`` layouts, each layout's best card or cards counted once each,
    every distinct legal card judged once, best mean first."""
    game = advanced(6, 20)
    judgement = judge(game, 5, random.Random(3))
    assert isinstance(judgement, Judgement)
    assert judgement.seat == game.turn
    assert sorted(j.card for j in judgement.cards) == sorted(set(game.legal_plays()))
    assert [j.mean for j in judgement.cards] == sorted(
        (j.mean for j in judgement.cards), reverse=True
    )
    assert all(0 <= j.best_in <= judgement.samples for j in judgement.cards)
    assert sum(j.best_in for j in judgement.cards) >= judgement.samples
    assert judgement.cost(judgement.best.card) == 0
    with pytest.raises(ValueError, match="not a legal card"):
        judgement.cost(next(c for c in ALL_CARDS if c not in game.legal_plays()))


def test_a_single_choice_needs_no_layouts() -> None:
    game = advanced(2, 0)
    while len(set(game.legal_plays())) > 1:
        game.play(GreedyPick.choose(game))
    judgement = judge(game, 5, random.Random(0))
    assert judgement.samples == 0 and len(judgement.cards) == 1


class GreedyPick:
    """Plays the lowest legal card (a quick way to reach a forced play)."""

    @staticmethod
    def choose(game: Game) -> Card:
        return min(game.legal_plays())


def test_seeded_and_registered() -> None:
    """The same seed gives the same card; the expert is chosen by name like every bot."""
    game = advanced(7, 30)
    first = ExpertBot(random.Random(5), 4).choose(game)
    assert first == ExpertBot(random.Random(5), 4).choose(game)
    assert first in game.legal_plays()
    bot = make_bot("expert", random.Random(0))
    assert isinstance(bot, ExpertBot) and bot.name == "expert"
    with pytest.raises(ValueError, match="bad samples"):
        judge(game, 0)
