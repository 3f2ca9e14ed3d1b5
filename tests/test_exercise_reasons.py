"""Why a wrong answer is wrong: every wrong key of every stage has a one-sentence reason, and
the reason names what the rulings say decides (docs/rulings.md C1, C4, C6, C7, A4, A7, A8, W5,
B4). Expected facts come from plain oracles written here from the rulings' words, or from the
trick as the learner sees it, never from the sentence under test.
"""

from __future__ import annotations

import random
import re

import pytest
from test_exercises import c4_winner

from calypso.engine.cards import ALL_CARDS, Card, Suit, parse_card
from calypso.lessons.examples import ExampleTrick
from calypso.lessons.exercises import QUESTIONS, Exercise, make_stage
from calypso.lessons.reasons import Why, why_not
from calypso.partnership.game import SEATS

SEEDS = range(1, 121)
PLAY_SEEDS = range(1, 13)
"""The seeds of stage ``play``, whose questions each take the solver's searches."""
ACROSS = {"N": "S", "S": "N", "E": "W", "W": "E"}


def c4_why(cards: list[Card], trumps: list[Suit], i: int) -> Why:
    """C4's words: why card ``i`` does not win (the ranked rule, personal trumps)."""
    led = cards[0].suit
    ruffs = [j for j in range(1, len(cards)) if cards[j].suit == trumps[j] != led]
    if i > 0 and cards[i].suit != led and i not in ruffs:
        return Why.OFF_SUIT  # neither following nor a ruff: it cannot compete
    if led == trumps[0] and not ruffs:
        return Why.LEAD_STANDS  # C4.1
    if led == trumps[0] and i not in ruffs and i != 0:
        return Why.LEAD_AND_RUFFS  # C4.2: followers do not compete
    if led != trumps[0] and ruffs and i not in ruffs:
        return Why.RUFFED  # C4.4: only ruffs compete
    winner = c4_winner(cards, trumps)
    return Why.EQUAL_LATER if cards[i].rank == cards[winner].rank else Why.LOWER


def test_why_not_agrees_with_c4_on_random_tricks() -> None:
    rng = random.Random(17)
    seen = set()
    for _ in range(4000):
        cards = [rng.choice(ALL_CARDS[:26]) for _ in range(4)]  # two suits: many copies, ties
        if rng.random() < 0.5:
            cards = [rng.choice(ALL_CARDS) for _ in range(4)]
        trumps = rng.sample(list(Suit), 4)
        winner = c4_winner(cards, trumps)
        for i in range(4):
            if i == winner:
                with pytest.raises(ValueError, match="takes this trick"):
                    why_not(cards, trumps, i)
                continue
            beaten = why_not(cards, trumps, i)
            assert beaten.kind is c4_why(cards, trumps, i), (cards, trumps, i)
            assert beaten.winner == winner and beaten.winning_card == cards[winner]
            seen.add(beaten.kind)
    assert seen == set(Why)


def test_the_reviewers_examples_in_one_sentence() -> None:
    off = why_not(["9H", "8D"], ["S", "C"], 1).sentence(["E", "N"])
    assert off == "N's 8♦ does not follow the ♥ lead and is not a ruff: N's trump is ♣"
    lower = why_not(["KS", "9S"], ["H", "D"], 1).sentence(["E", "W"])
    assert lower == "W's 9♠ follows the ♠ lead, but E's K♠ is higher"
    tie = why_not(["5C", "KH", "KD"], ["S", "H", "D"], 2).sentence("WNE")
    assert tie.startswith("E's K♦ is a ruff") and "N's K♥ was played first" in tie  # C4.5


def test_a_shared_trump_and_no_trump_are_worded_as_the_whist_games_have_them() -> None:
    trumped = why_not(["9H", "AH", "2S"], [Suit.SPADES], 1, shared=True)
    assert trumped.kind is Why.RUFFED and "2♠ is a trump" in trumped.sentence("NES")
    off = why_not(["9H", "AD"], [None], 1, shared=True)
    assert off.kind is Why.OFF_SUIT and "there are no trumps" in off.sentence("NE")


def wrong_keys(exercise: Exercise) -> list[str]:
    return [c.key for c in exercise.choices if c.key != exercise.answer]


@pytest.mark.parametrize("stage", list(QUESTIONS))
def test_every_wrong_key_has_one_sentence_and_the_right_key_none(stage: str) -> None:
    # Stage play's sentence may say where a line parts and, after a semicolon, where it loses.
    stop = r"[.!?]\s" if stage == "play" else r"[.;!?]\s"
    for seed in PLAY_SEEDS if stage == "play" else SEEDS:
        for exercise in make_stage(stage, seed):
            assert sorted(k for k, _ in exercise.why) == sorted(wrong_keys(exercise))
            for key in wrong_keys(exercise):
                reason = exercise.reason(key)
                assert reason and not re.search(stop, reason), reason  # one sentence
                assert not reason.endswith(".") and "\n" not in reason
            with pytest.raises(ValueError, match="not a wrong choice"):
                exercise.reason(exercise.answer)


def stages_in(*chapters: str) -> list[str]:
    """The ids of the stages of these chapters (slugs)."""
    return [s for s in QUESTIONS if QUESTIONS[s].chapter in chapters]


def trick_of(exercise: Exercise) -> ExampleTrick:
    """The exercise's trick (the test fails for an exercise without one)."""
    assert exercise.trick is not None, exercise.question
    return exercise.trick


def played(exercise: Exercise) -> dict[str, Card]:
    return dict(zip(exercise.played_by, trick_of(exercise).cards, strict=False))


@pytest.mark.parametrize("stage", stages_in("who-wins", "cousins"))
def test_a_wrong_seat_is_told_its_own_card_and_the_card_that_beats_it(stage: str) -> None:
    for seed in SEEDS:
        for exercise in make_stage(stage, seed):
            cards = played(exercise)
            winning = cards[exercise.answer]
            for seat in wrong_keys(exercise):
                reason = exercise.reason(seat)
                assert reason.startswith(f"{seat}'s {cards[seat].symbol} ")
                if "does not follow" in reason:
                    led = trick_of(exercise).cards[0].suit
                    assert cards[seat].suit != led
                    if exercise.personal:  # C4: not a ruff either
                        own = exercise.trumps[SEATS.index(seat)]
                        assert cards[seat].suit != own and f"trump is {own.symbol}" in reason
                else:
                    assert f"{exercise.answer}'s {winning.symbol}" in reason


def test_02_reasons_match_c4_for_the_trick_shown() -> None:
    for seed in SEEDS:
        for exercise in make_stage("who-wins", seed):
            seats = exercise.played_by
            cards = list(trick_of(exercise).cards)
            trumps = [exercise.trumps[SEATS.index(s)] for s in seats]
            for seat in wrong_keys(exercise):
                kind = c4_why(cards, trumps, seats.index(seat))
                reason = exercise.reason(seat)
                expected = {
                    Why.OFF_SUIT: "is not a ruff",
                    Why.LEAD_STANDS: "nobody ruffed",
                    Why.LEAD_AND_RUFFS: "only the led card and the ruffs compete",
                    Why.RUFFED: "is a ruff",
                    Why.LOWER: "is higher",
                    Why.EQUAL_LATER: "was played first",
                }[kind]
                assert expected in reason, (kind, reason)


PARTS = re.compile(
    r"(?P<card>\S+) costs (?P<cost>[\d,]+)(?:: trick (?P<trick>\d+) goes to (?:your (?P<mine>\S+)|"
    r"(?:your partner )?(?P<seat>\w)'s (?P<taker>\S+)), [^()]+ \((?P<rule>C[45][.\d]*)\))?"
)


def holdings(exercise: Exercise) -> dict[str, set[str]]:
    """Every card each seat holds or has played to the trick, as the learner is shown them:
    the trick, the hand, and the other hands face up on the table."""
    found: dict[str, set[str]] = {seat: set() for seat in SEATS}
    for seat, card in played(exercise).items():
        found[seat].add(card.symbol)
    you = next(s for s in SEATS if f"You are {s}," in exercise.question)
    found[you] |= {card.symbol for card in exercise.hand}
    for seat, cards in exercise.shown:
        found[seat] |= {card.symbol for card in cards}
    return found


def test_05_a_wrong_card_says_what_it_costs_and_who_takes_the_trick_where_its_line_parts() -> None:
    """Each wrong card's reason names it and what it costs, 20 points or more; where it names
    the trick its line parts at, that trick is one of the deal's last three, taken by a card
    its player holds or has played, by a ruling of C4 or C5."""
    for seed in PLAY_SEEDS:
        for exercise in make_stage("play", seed):
            cards = holdings(exercise)
            you = next(s for s in SEATS if f"You are {s}," in exercise.question)
            for key in wrong_keys(exercise):
                reason = exercise.reason(key)
                parts = PARTS.match(reason)
                assert parts is not None and parts["card"] == parse_card(key).symbol, reason
                assert int(parts["cost"].replace(",", "")) >= 20, reason
                if parts["trick"] is None:
                    continue
                assert 11 <= int(parts["trick"]) <= 13, reason
                seat = you if parts["mine"] else parts["seat"]
                assert (parts["mine"] or parts["taker"]) in cards[seat], (seat, reason)


def test_01_reasons_say_who_sits_where_as_c1_seats_them() -> None:
    for seed in SEEDS:
        for exercise in make_stage("table", seed):
            owner = {suit: SEATS[i] for i, suit in enumerate(exercise.trumps)}
            suits = exercise.question.startswith("Which suit")
            for key in wrong_keys(exercise):
                reason = exercise.reason(key)
                if suits:
                    suit = Suit.parse(key)
                    assert reason.startswith(f"{suit.symbol} is {owner[suit]}'s")
                elif "partner is" in reason:
                    partner = ACROSS[key]
                    suit = exercise.trumps[SEATS.index(partner)]
                    assert f"{key}'s partner is {partner}, whose trump is {suit.symbol}" in reason
                else:  # "Who is X's partner?": X itself, or a neighbour of X
                    question = re.fullmatch(r"Who is (\w)'s partner\?", exercise.question)
                    assert question is not None, exercise.question
                    asked = question[1]
                    said = "asked about" if key == asked else f"sits next to {asked}"
                    assert reason.startswith(f"{key} ") and said in reason


@pytest.mark.parametrize("stage", stages_in("calypsos"))
def test_03_reasons_name_the_card_or_the_calypso_it_cannot_join(stage: str) -> None:
    for seed in SEEDS:
        for exercise in make_stage(stage, seed):
            asked = re.search(r"'s (\d+|[JQKA])([♠♥♦♣]) go\?", exercise.question)
            assert asked is not None
            symbol = asked.group(1) + asked.group(2)
            for key in wrong_keys(exercise):
                reason = exercise.reason(key)
                assert (
                    symbol in reason
                    or f"a {asked.group(2)} card" in reason
                    or (f"builds {asked.group(2)}" in reason)
                ), reason


@pytest.mark.parametrize("stage", stages_in("scoring", "auction"))
def test_a_wrong_figure_or_bid_is_named_first(stage: str) -> None:
    for seed in SEEDS:
        for exercise in make_stage(stage, seed):
            label = {c.key: c.label for c in exercise.choices}
            for key in wrong_keys(exercise):
                assert exercise.reason(key).startswith(label[key])


A4_SUITS = "♣♦♥♠"


def bid_order(symbol: str) -> tuple[int, int, int]:
    """A4: calypsos first, then points, then suit (♣ lowest, then ♦, ♥, ♠)."""
    calypsos, points = symbol[:-1].split("+") if "+" in symbol else ("0", symbol[:-1])
    return int(calypsos), int(points), A4_SUITS.index(symbol[-1])


def test_07_a_lower_bid_is_shown_a_bid_offered_that_outranks_it() -> None:
    for seed in SEEDS:
        for exercise in make_stage("auction-bids", seed):
            for key in wrong_keys(exercise):
                lower = re.match(r"(\S+) is lower than (\S+):", exercise.reason(key))
                assert lower is not None, exercise.reason(key)
                mine, above = lower.groups()
                assert bid_order(above) > bid_order(mine)
                assert above in [c.label for c in exercise.choices]
