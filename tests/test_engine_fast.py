"""The engine's fast paths against brute force written here from the rulings (docs/rulings.md,
C4, C5, W5, B4): one-pass trick verdicts and dealing by slices; and asking for the legal cards
first never lets an illegal card through, nor outlives an undo."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calypso.engine.cards import ALL_CARDS, Card, Suit
from calypso.engine.table import deal_out
from calypso.engine.tricks import IllegalPlay, Rule, trick_winner
from calypso.partnership.game import Game

SUIT_OR_NONE = st.sampled_from([None, *Suit])
CARDS = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=7)


def _earliest_highest(cards: list[Card], competing: list[int], rule: str) -> tuple[int, str]:
    """C4.5: among competing cards the highest rank wins; equal highest, the earliest (C4.5)."""
    top = max(cards[i] % 13 for i in competing)
    best = [i for i in competing if cards[i] % 13 == top]
    return best[0], "C4.5" if len(best) > 1 else rule


def personal_brute(
    cards: list[Card], trumps: list[Suit | None], ruff_wins: bool
) -> tuple[int, str]:
    """C4 and C5 as the rulings word them, one case at a time."""
    led = cards[0] // 13
    ruffs = [
        i
        for i in range(1, len(cards))
        if trumps[i] is not None and cards[i] // 13 == trumps[i] and trumps[i] != led
    ]
    if trumps[0] == led:
        if not ruffs:
            return 0, "C4.1"
        if ruff_wins:
            return _earliest_highest(cards, ruffs, "C5.ruff-wins")
        return _earliest_highest(cards, [0, *ruffs], "C4.2")
    if ruffs:
        return _earliest_highest(cards, ruffs, "C4.4")
    return _earliest_highest(cards, [i for i, c in enumerate(cards) if c // 13 == led], "C4.3")


def shared_brute(cards: list[Card], trump: Suit | None) -> tuple[int, str]:
    """W5: the highest trump if any was played, else the highest card of the led suit."""
    trumped = [i for i, c in enumerate(cards) if trump is not None and c // 13 == trump]
    if trumped:
        return _earliest_highest(cards, trumped, "W5.1")
    led = cards[0] // 13
    return _earliest_highest(cards, [i for i, c in enumerate(cards) if c // 13 == led], "W5.2")


@given(CARDS, st.lists(SUIT_OR_NONE, min_size=7, max_size=7), st.booleans())
def test_personal_trumps_verdict_is_the_brute_force(
    cards: list[Card], trumps: list[Suit | None], ruff_wins: bool
) -> None:
    winner, rule = trick_winner(cards, trumps[: len(cards)], ruff_wins)
    assert (winner, rule.value) == personal_brute(cards, trumps[: len(cards)], ruff_wins)


@given(CARDS, SUIT_OR_NONE)
def test_shared_trump_verdict_is_the_brute_force(cards: list[Card], trump: Suit | None) -> None:
    winner, rule = trick_winner(cards, [trump] * len(cards), shared=True)
    assert (winner, rule.value) == shared_brute(cards, trump)


def test_verdicts_of_a_few_known_tricks() -> None:
    """The rulings' own checks (C4): J♦ led by E, Q♠ ruffs; 9♥ led, 6♦ the highest ruff."""
    jd, qs = Card.parse("JD"), Card.parse("QS")
    assert trick_winner([jd, qs], [Suit.DIAMONDS, Suit.SPADES]) == (1, Rule.LEADER_TRUMP_RUFFED)
    tricks = [Card.parse(c) for c in ("9H", "4C", "6D")]
    assert trick_winner(tricks, [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS])[0] == 2


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=30), st.integers(2, 7), st.integers(0, 6))
def test_dealing_is_one_card_at_a_time_from_the_dealers_left(
    cards: list[Card], players: int, dealer: int
) -> None:
    dealer %= players
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat = dealer
    for card in cards:
        seat = (seat + 1) % players
        hands[seat].append(card)
    assert deal_out(cards, players, dealer) == tuple(tuple(sorted(h)) for h in hands)


def test_legal_cards_asked_first_still_refuse_an_illegal_card() -> None:
    """A turn's legal cards, once asked for, do not let another card through."""
    game = Game(seed=4)
    for _ in range(3):
        game.play(game.legal_plays()[0])
    legal = game.legal_plays()
    hand = game.hand(game.turn or "N")
    illegal = [c for c in hand if c not in legal] + [c for c in ALL_CARDS if c not in hand][:1]
    for card in illegal:
        with pytest.raises(IllegalPlay):
            game.play(card)
    assert game.legal_plays() == legal


def test_legal_cards_follow_undo() -> None:
    """After an undo the legal cards are the position's, not the ones kept before it."""
    game = Game(seed=9)
    for _ in range(6):
        game.play(game.legal_plays()[-1])
    game.legal_plays()
    game.undo(2)
    replayed = Game(seed=9)
    for card in game.moves:
        replayed.play(card)
    assert game.legal_plays() == replayed.legal_plays()
