"""The keys of the exercise stages and the class quiz, checked against the engine's own verdicts
(docs/rulings.md C1, C3, C4, C6, C7, A7, A8): every stage over seeds 1-300 (stage play 1-20).

Expected answers come from the engine's functions (resolve_trick, legal_plays, route,
score_side, score_contract, score_misere; for stage play the game the position comes from,
the solver and the game's score), fed with what the learner is shown: the trick, the
hand and the facts, parsed back from the words. Nothing here copies what an exercise prints.
"""

from __future__ import annotations

import functools
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calypso.auction.bidding import score_contract, score_misere
from calypso.engine.cards import ALL_CARDS, Suit, parse_card
from calypso.engine.tricks import Rule, legal_plays, resolve_trick
from calypso.lessons.exercises import QUESTIONS, Exercise, make_stage, stages_of
from calypso.lessons.exercises.play import GameTrick
from calypso.lessons.quiz import make_quiz
from calypso.partnership.calypsos import Calypso, Where, route
from calypso.partnership.game import SEATS
from calypso.partnership.scoring import score_side
from calypso.partnership.solver import solve

SEEDS = range(1, 301)
MOST = 0.40
"""No answer, by value or by position among the choices, may be right more often than this."""


PLAY_SEEDS = range(1, 21)
"""The seeds of stage ``play``, whose questions each take the solver's searches."""


@functools.cache
def one_stage(stage: str) -> tuple[Exercise, ...]:
    """Every exercise of the stage ``stage`` for seeds 1-300 (``play``: :data:`PLAY_SEEDS`)."""
    seeds = PLAY_SEEDS if stage == "play" else SEEDS
    return tuple(e for seed in seeds for e in make_stage(stage, seed))


@functools.cache
def stage_exercises(chapter: str) -> tuple[Exercise, ...]:
    """Every exercise of ``chapter``'s stages (practice and closing) for seeds 1-300."""
    return tuple(e for stage in stages_of(chapter) for e in one_stage(stage.id))


def keys(exercise: Exercise) -> list[str]:
    return [choice.key for choice in exercise.choices]


@pytest.mark.parametrize("stage", list(QUESTIONS))
def test_every_answer_is_one_of_the_choices_once(stage: str) -> None:
    exercises = one_stage(stage)
    assert len(exercises) == QUESTIONS[stage].size * len(PLAY_SEEDS if stage == "play" else SEEDS)
    for exercise in exercises:
        assert keys(exercise).count(exercise.answer) == 1


@pytest.mark.parametrize("stage", list(QUESTIONS))
def test_no_answer_is_right_in_more_than_two_fifths_of_a_stage(stage: str) -> None:
    exercises = one_stage(stage)
    values = Counter(e.answer for e in exercises)
    places = Counter(keys(e).index(e.answer) for e in exercises)
    from_end = Counter(len(e.choices) - keys(e).index(e.answer) for e in exercises)
    for name, tally in (("value", values), ("position", places), ("place from end", from_end)):
        top, count = tally.most_common(1)[0]
        assert count / len(exercises) <= MOST, f"{stage}: {name} {top!r} {count}"


# -- tricks: the winner the engine gives ------------------------------------------------------


def trumps_in_play(exercise: Exercise, seats: tuple[str, ...]) -> list[Suit]:
    return [exercise.trumps[SEATS.index(seat)] for seat in seats]


def test_02_the_answer_is_the_engines_winner() -> None:
    for exercise in stage_exercises("who-wins"):
        trick = exercise.trick
        assert trick is not None
        result = resolve_trick(trick.cards, trumps_in_play(exercise, trick.seats))
        assert exercise.answer == trick.seats[result.winner]
        assert exercise.rule == result.rule.value


def test_08_the_answer_is_the_engines_winner_under_the_game_named() -> None:
    for exercise in stage_exercises("cousins"):
        trick = exercise.trick
        assert trick is not None
        seats = exercise.played_by
        if exercise.personal:
            result = resolve_trick(trick.cards, trumps_in_play(exercise, seats))
        else:
            result = resolve_trick(trick.cards, trump=exercise.shared_trump)
        assert exercise.answer == seats[result.winner]


# -- stage 05: the card that scores most, every hand shown -----------------------------------


def held(exercise: Exercise) -> dict[str, list[str]]:
    """Every other seat's hand as the table shows it face up, by seat."""
    return {seat: sorted(card.symbol for card in cards) for seat, cards in exercise.shown}


def check_05(exercise: Exercise) -> None:
    """The position is the seeded game's, three tricks before its deal's end; the hands shown
    are the game's; the choices are the cards the mover may play (C3); the key is the
    solver's best card, 20 points or more above every other, and its line played in the
    engine scores the value the explanation gives (C7)."""
    trick = exercise.trick
    assert isinstance(trick, GameTrick)
    game = trick.game()
    mover = str(game.turn)
    assert exercise.question.startswith(f"You are {mover}, and every hand is shown.")
    assert len(game.tricks[-1]) == 10 and tuple(game.trick) == trick.cards
    assert sorted(exercise.hand) == sorted(game.hand(mover))
    assert held(exercise) == {
        seat: sorted(c.symbol for c in game.hand(seat)) for seat in SEATS if seat != mover
    }
    assert sorted(keys(exercise)) == sorted({str(c) for c in game.legal_plays()})
    solution = solve(game)
    assert str(solution.best.card) == exercise.answer
    assert solution.cards[0].value - solution.cards[1].value >= 20
    side, deal = game.side(mover), game.deal_number
    other = next(s for s in ("NS", "EW") if s != side)
    for card in solution.best.line:
        game.play(card)
    totals = game.deal_scores[deal]  # C7, the moment the deal's last trick is over
    value = totals[side] - totals[other]
    standing = f"{value:,} points ahead" if value > 0 else f"{-value:,} points behind"
    standing = standing if value else "level with the other side"
    assert standing in exercise.explanation, (standing, exercise.explanation)


def test_05_the_key_is_the_solvers_best_card_in_the_seeded_games_position() -> None:
    for exercise in one_stage("play"):
        check_05(exercise)


def test_05_the_reviewers_example_has_no_single_winning_card_for_the_side() -> None:
    """Issue 21's case: N leads 3♠, E 9♠, S K♥, W holds J♣ K♦ 5♥. E is W's partner and
    takes the trick unless W overtakes (C4.3), so every card wins for the side and the stage
    may not ask it; the old key accepted J♣ alone."""
    cards = [parse_card(c) for c in ("3S", "9S", "KH")]
    trumps = [Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS]
    hand = [parse_card(c) for c in ("JC", "KD", "5H")]
    winners = [resolve_trick([*cards, c], trumps).winner for c in legal_plays(hand, cards)]
    assert winners == [3, 1, 1]


# -- stage 03: where each card goes, twins included -------------------------------------------

ASKED = re.compile(r"(\w) wins this trick\. Where does (\w)'s (\S+) go\?")


def group(pattern: str, text: str) -> str:
    """What the first group of ``pattern`` holds at its first match in ``text`` (the test
    fails when there is none)."""
    found = re.search(pattern, text)
    assert found is not None, (pattern, text)
    return found[1]


def runs_from_facts(exercise: Exercise) -> list[Calypso]:
    """The winner's and the partner's calypsos in progress, read back from the facts."""
    runs = []
    for fact in exercise.facts:
        suit = Suit.parse(group(r"\((.)\)", fact))
        listed = fact.split(": ", 1)[1]
        cards = [] if listed == "no cards yet" else [parse_card(c) for c in listed.split()]
        runs.append(Calypso(suit, cards))
    return runs


def where_key(place: tuple[Where, Suit | None], runs: list[Calypso]) -> str:
    where, suit = place
    if where is Where.CALYPSO:
        return "winner" if suit == runs[0].suit else "partner"
    return str(where.value)


def asked_card(exercise: Exercise) -> tuple[int, list[Calypso]]:
    trick = exercise.trick
    assert trick is not None
    match = ASKED.fullmatch(exercise.question)
    assert match is not None
    winner, seat, symbol = match.groups()
    assert winner == trick.winning_seat()
    index = trick.seats.index(seat)
    assert trick.cards[index].symbol == symbol
    runs = runs_from_facts(exercise)
    mine = dict(zip(SEATS, exercise.trumps, strict=True))
    partner = SEATS[(SEATS.index(winner) + 2) % 4]
    assert [r.suit for r in runs] == [mine[winner], mine[partner]]
    return index, runs


def test_03_the_answer_is_where_route_sends_the_card() -> None:
    for exercise in stage_exercises("calypsos"):
        index, runs = asked_card(exercise)
        trick = exercise.trick
        assert trick is not None
        assert exercise.answer == where_key(route(trick.cards, runs)[index], runs)


def test_03_a_later_copy_of_a_needed_card_is_a_spare_and_the_words_say_the_first_filled_it() -> (
    None
):
    twins = 0
    for exercise in stage_exercises("calypsos"):
        index, runs = asked_card(exercise)
        trick = exercise.trick
        assert trick is not None
        card = trick.cards[index]
        first = trick.cards.index(card)
        run = next((r for r in runs if r.suit == card.suit), None)
        if first == index or run is None or not run.needs(card):
            continue
        twins += 1
        places = route(trick.cards, runs)
        assert places[first][0] is Where.CALYPSO, "the copy played first fills the gap (C6)"
        assert exercise.answer in ("pile", "next")
        assert exercise.answer == places[index][0].value
        assert f"{trick.seats[first]}'s {card.symbol}, played earlier in this trick" in (
            exercise.explanation
        )
    assert twins >= 50, "twins stay in the stage"


def test_03_a_first_copy_with_a_later_twin_says_it_fills_the_gap() -> None:
    seen = 0
    for exercise in stage_exercises("calypsos"):
        index, _ = asked_card(exercise)
        trick = exercise.trick
        assert trick is not None
        if (
            exercise.answer in ("winner", "partner")
            and trick.cards[index] in trick.cards[index + 1 :]
        ):
            seen += 1
            assert "This copy was played first, so it fills the gap" in exercise.explanation
    assert seen >= 50


copies = st.lists(st.integers(min_value=0, max_value=3), min_size=2, max_size=4)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(list(Suit)),
    st.integers(min_value=0, max_value=12),
    st.lists(st.integers(min_value=0, max_value=51), min_size=0, max_size=2),
    st.sets(st.integers(min_value=0, max_value=12), max_size=12),
    st.permutations(range(4)),
)
def test_route_fills_a_gap_with_the_copy_played_first(
    suit: Suit, rank: int, others: list[int], held: set[int], order: tuple[int, ...]
) -> None:
    """C6: two copies of a card a calypso needs: the first played goes in, later ones are
    spares (onto the pile, or into the next calypso when the trick completes this one)."""
    card = ALL_CARDS[suit * 13 + rank]
    held.discard(rank)
    run = Calypso(suit, [ALL_CARDS[suit * 13 + r] for r in held])
    fill = [ALL_CARDS[i] for i in others]
    cards = [card, card, *fill][:4]
    cards = [cards[i] for i in order if i < len(cards)]
    places = route(cards, [run])
    at = [i for i, c in enumerate(cards) if c == card]
    assert places[at[0]] == (Where.CALYPSO, suit)
    assert all(places[i][0] is not Where.CALYPSO for i in at[1:])


# -- scores: every fact the score depends on is stated ----------------------------------------

CONTRACT = re.compile(r"The contract: (?:(\d+) calypso and )?(\d+) points")


def count_in(text: str) -> int:
    return 0 if text == "no" else int(text)


def contract_from_facts(facts: tuple[str, ...]) -> tuple[dict[str, int], int | None]:
    """Each argument of score_contract read from the facts, and apart the cards lacked
    (``needed``), ``None`` when not stated."""
    text = " | ".join(facts)
    contract = CONTRACT.search(text)
    assert contract is not None
    lacked = re.search(r"lacked (\d+) cards?", text)
    done = re.search(r"completed (no|\d+) calypsos? during this hand", text)
    assert done is not None, "how many calypsos declarer completed is always stated"
    stated = {
        "bid_points": int(contract[2]),
        "bid_calypsos": int(contract[1] or 0),
        "trickpile": int(group(r"trickpile: (\d+) cards?", text)),
        "in_progress": int(group(r"contract suit: (\d+) cards?", text)),
        "completed": count_in(done[1]),
        "doubled": 2 if "redoubled" in text else 1 if "doubled" in text else 0,
    }
    return stated, int(lacked[1]) if lacked else None


def contracts() -> list[Exercise]:
    return [e for e in stage_exercises("auction") if e.rule == "A7"]


def test_07_contract_scores_recomputed_from_the_facts_alone() -> None:
    """Each unstated argument (the cards lacked, when no calypso was bid) must not change the
    score: every value it could take gives the same total."""
    for exercise in contracts():
        given_facts, needed = contract_from_facts(exercise.facts)
        assert (needed is None) == (given_facts["bid_calypsos"] == 0)
        choices = range(1, 14) if needed is None else [needed]
        totals = {score_contract(**given_facts, needed=n).total for n in choices}
        assert totals == {int(exercise.answer)}


def test_07_calypsos_completed_are_stated_for_every_contract_and_some_score_them() -> None:
    completed = Counter(contract_from_facts(e.facts)[0]["completed"] for e in contracts())
    bare = [e for e in contracts() if contract_from_facts(e.facts)[0]["bid_calypsos"] == 0]
    assert completed[0] and completed[1]
    assert any(contract_from_facts(e.facts)[0]["completed"] for e in bare), (
        "a contract without a bid calypso may still earn 500 for one completed"
    )


def test_07_misere_scores_from_the_three_card_point_totals() -> None:
    names = ("first", "second", "third")
    for exercise in stage_exercises("auction"):
        if exercise.rule != "A8":
            continue
        points = [int(p) for p in re.findall(r"(\d+) card points", " ".join(exercise.facts))]
        assert len(points) == 3
        who = names.index(group(r"What does the (\w+) player score", exercise.question))
        assert exercise.answer == str(score_misere(points)[who])


SIDE_FACT = re.compile(r"(\w): (\d+) completed calypsos?, (\d+) cards? in the calypso in progress")


def test_04_side_scores_from_the_stated_calypsos_cards_and_pile() -> None:
    for exercise in stage_exercises("scoring"):
        name = group(r"^What does (\w\w) score\?$", exercise.question)
        players = []
        pile = None
        for fact in exercise.facts:
            if match := SIDE_FACT.fullmatch(fact):
                seat, done, progress = match.groups()
                players.append((seat, Suit.CLUBS, int(done), int(progress)))
            else:
                pile = int(group(rf"^{name}'s pile: (\d+) cards?$", fact))
        assert [p[0] for p in players] == list(name) and pile is not None
        assert exercise.answer == str(score_side(name, players, pile).total)


# -- the class quiz ---------------------------------------------------------------------------


def test_quiz_level_3_draws_every_case_c4_1_to_c4_5() -> None:
    cases = {"C4.1", "C4.2", "C4.3", "C4.4", "C4.5"}
    for code in ("ROOM12", "ROOM7", "A", "7B", "CLASS-3"):
        for version in ("A", "B"):
            quiz = make_quiz(code, level=3, version=version)
            assert {p.result.rule.value for p in quiz} == cases
            assert quiz == make_quiz(code.lower(), level=3, version=version)
    tally = Counter(p.result.rule for code in range(1, 41) for p in make_quiz(code, level=3))
    assert tally[Rule.LEADER_TRUMP_UNRUFFED] == 40  # one in each quiz of ten
