"""The reasons for a card (calypso/lessons/why.py) against a brute force written here.

For each card of the player to move, every continuation of the trick in which each later player
plays a card of best value (by tests/solver_brute.py's plain minimax) is followed on the
engine's own ``Game.play``. Who takes the trick is read off the engine's trick, and where the
card went is worked out here from C6 alone: the winner's calypso, then the partner's, each take
the cards of their suit in play order, one per missing rank, and a calypso completed by the
trick starts again with its spares. A claim about the trick is true when it holds in every such
continuation. Ruffs and leads are judged from C4 and C5 as written, not by the engine.
"""

from __future__ import annotations

import itertools

import pytest
from solver_brute import Ending, branch, card_values

from calypso.engine.cards import Card
from calypso.lessons.why import Grade, Reason, facts, grade, question
from calypso.partnership.game import SEATS, Game, partner_of

ENDINGS = [
    Ending(seed, deal, tricks_left, played, trump_lead=lead, all_fours=fours)
    for seed, (deal, tricks_left, played), (lead, fours) in zip(
        range(60),
        itertools.cycle(
            [(1, 2, 0), (2, 2, 1), (3, 1, 0), (4, 2, 2), (1, 2, 3), (2, 1, 2), (4, 2, 0)]
        ),
        itertools.cycle([("ranked", False), ("ruff-wins", False), ("ranked", True)]),
        strict=False,
    )
]

ASKED = [
    Ending(6, 3, 2, 0),
    Ending(9, 2, 2, 0),
    Ending(10, 3, 2, 2),
    Ending(26, 3, 2, 0),
    Ending(32, 1, 2, 0, bots="greedy"),
    Ending(40, 1, 2, 2),
    Ending(48, 1, 2, 0),
    Ending(50, 3, 2, 2),
    Ending(89, 2, 2, 2),
]
"""Positions with a question to ask (found by a scan of seeds 0-89): a reason true of a best
card, and one true only of a worse card."""


def _goes_to(trick: list[Card], winner: int, game: Game, mine: int) -> str:
    """Whose calypso card ``mine`` of the trick goes into (a seat), or "pile" (C6)."""
    card = trick[mine]
    for seat in (winner, (winner + 2) % 4):
        if card.suit != game.options.trumps[seat]:
            continue
        held = {c.rank for c in game.calypso(SEATS[seat]).cards()}
        taken: list[int] = []
        spares: list[int] = []
        for i, c in enumerate(trick):
            if c.suit == card.suit:
                (spares if c.rank in held else taken).append(i)
                held.add(c.rank)
        if mine in taken:
            return SEATS[seat]
        if len(held) == 13:  # completed: the spares start the next run, one per rank
            earlier = {trick[i].rank for i in spares if i < mine}
            return SEATS[seat] if card.rank not in earlier else "pile"
    return "pile"


def _ends(game: Game, card: Card) -> set[tuple[str, str]]:
    """(who takes the trick, where ``card`` goes) in every best continuation of the trick."""
    mine = len(game.trick)
    found: set[tuple[str, str]] = set()

    def play(position: Game, reply: Card) -> None:
        cards = [*position.trick, reply]
        twin = branch(position)
        done = twin.play(reply)
        if done is None:
            values = card_values(twin)
            for best in (c for c, v in values.items() if v == max(values.values())):
                play(twin, best)
        else:
            found.add((done.winner, _goes_to(cards, SEATS.index(done.winner), position, mine)))

    play(game, card)
    return found


def _beats_so_far(game: Game, card: Card) -> bool:
    """C4/C5 read as written: does ``card`` (a ruff) beat every card of the trick so far?"""
    order = game.order_from(game.index(game.trick_leader))
    led = game.trick[0]
    leader_trump = game.options.trumps[order[0]]
    ruffs = [
        c
        for i, c in enumerate(game.trick)
        if i and c.suit == game.options.trumps[order[i]] and c.suit != led.suit
    ]
    if led.suit == leader_trump and game.options.trump_lead.value == "ruff-wins":
        return all(card.rank > r.rank for r in ruffs)
    if led.suit == leader_trump:
        return all(card.rank > c.rank for c in [led, *ruffs])
    return all(card.rank > r.rank for r in ruffs)


def _expected(game: Game) -> dict[Card, set[Reason]]:
    seat = str(game.turn)
    partner = partner_of(seat)
    values = card_values(game)
    ends = {card: _ends(game, card) for card in values}
    lost = all(w not in (seat, partner) for found in ends.values() for w, _ in found)
    own = game.options.trumps[SEATS.index(seat)]
    out: dict[Card, set[Reason]] = {}
    for card, found in ends.items():
        true = set()
        wins = all(w == seat for w, _ in found)
        if wins:
            true.add(Reason.WINS)
            others = [ends[c] for c in ends if c != card]
            if all(all(w != seat for w, _ in f) for f in others):
                true.add(Reason.ONLY_WINNER)
        if all(w == partner for w, _ in found):
            true.add(Reason.PARTNER_TAKES)
        if all(goes == partner for _, goes in found):
            true.add(Reason.FEEDS_PARTNER)
        if all(goes == seat for _, goes in found):
            true.add(Reason.FEEDS_OWN)
        if lost and values[card] == max(values.values()):
            true.add(Reason.LOST_ANYWAY)
        if not game.trick and card.suit == own:
            true.add(Reason.OWN_LEAD)
        if game.trick and card.suit == own != game.trick[0].suit and _beats_so_far(game, card):
            true.add(Reason.RUFF_BEATS)
        out[card] = true
    return out


@pytest.mark.parametrize("ending", ENDINGS, ids=str)
def test_the_reasons_true_of_each_card_are_the_brute_force_s(ending: Ending) -> None:
    game = ending.game()
    assert {card: set(true) for card, true in facts(game).items()} == _expected(game)


@pytest.mark.parametrize("ending", ASKED, ids=str)
def test_a_question_offers_true_and_tempting_reasons_and_grades_by_them(ending: Ending) -> None:
    game = ending.game()
    ask = question(game)
    expected = _expected(game)
    assert {card: set(true) for card, true in ask.holds.items()} == expected
    values = card_values(game)
    assert set(ask.best) == {c for c, v in values.items() if v == max(values.values())}
    right = set().union(*(expected[c] for c in ask.best))
    order = list(Reason)
    assert 2 <= len(ask.reasons) <= 4 and list(ask.reasons) == sorted(ask.reasons, key=order.index)
    assert any(r in right for r in ask.reasons) and any(r not in right for r in ask.reasons)
    for reason in ask.reasons:
        if reason not in right:  # a temptation: true of a worse card
            assert any(reason in expected[c] for c in expected if c not in ask.best)
    for best in ask.best:
        for reason in ask.reasons:
            want = Grade.RIGHT if reason in expected[best] else Grade.WRONG_REASON
            assert grade(ask, best, reason) is want
    for worse in (c for c in values if c not in ask.best):
        assert grade(ask, worse, ask.reasons[0]) is Grade.WRONG_CARD


def test_a_position_with_nothing_to_tell_apart_asks_nothing() -> None:
    game = Ending(0, 1, 2, 0).game()
    with pytest.raises(ValueError, match="no reason to tell"):
        question(game)


def test_a_finished_game_has_no_card_to_give_a_reason_for() -> None:
    game = Ending(1, 4, 1, 3).game()
    game.play(game.legal_plays()[0])
    with pytest.raises(ValueError, match="game is over"):
        facts(game)
