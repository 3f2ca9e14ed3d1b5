"""Engine pieces the chapters stand on: game history, quizzes, loading records, undo, verdicts."""

import json
from collections import Counter
from typing import Any

import pytest

from calypso import Game, IllegalPlay, Record, RecordError, make_players, simulate
from calypso.drawing.printed import answer_key, worksheet
from calypso.engine.tricks import Rule
from calypso.lessons.quiz import LEVELS, make_quiz, normalise_code
from calypso.partnership.game import SEATS
from calypso.partnership.history import trick_steps
from calypso.partnership.match import load_game
from calypso.words.partnership import destinations
from calypso.words.tricks import explain


@pytest.fixture(scope="module")
def finished() -> Game:
    game = Game(seed=3)
    game.play_out(make_players("greedy", seed=3))
    return game


def test_history_has_every_trick_and_sends_every_card_somewhere(finished: Game) -> None:
    steps = trick_steps(finished)
    assert [(s.deal, s.number) for s in steps] == [
        (d, n) for d in range(1, 5) for n in range(1, 14)
    ]
    for step in steps:
        assert len(destinations(step.places)) == 4
        for card, destination in zip(step.trick.cards, destinations(step.places), strict=True):
            assert destination in {"NS pile", "EW pile"} or destination == (
                f"{next(s for s in SEATS if finished.trump(s) == card.suit)}'s calypso"
            )
    last = steps[-1]
    assert last.piles == {side: len(finished.pile(side)) for side in ("NS", "EW")}
    assert {s: st.completed for s, st in last.seats.items()} == {
        s: finished.calypso(s).completed for s in SEATS
    }


def test_history_counts_calypso_cards_and_pile_cards_exactly(finished: Game) -> None:
    steps = trick_steps(finished)
    went = Counter(d.split()[-1] for step in steps for d in destinations(step.places))
    in_calypsos = sum(st.progress for st in steps[-1].seats.values())
    assert went["pile"] == sum(steps[-1].piles.values())
    assert went["calypso"] == in_calypsos
    assert any(step.completed for step in steps)


def test_quiz_same_code_same_puzzles_other_code_other_puzzles() -> None:
    assert make_quiz("room-7", 2) == make_quiz("ROOM-7", 2)
    assert make_quiz("room-7", 2) != make_quiz("room-8", 2)
    for level, (_, rules) in LEVELS.items():
        assert {p.result.rule for p in make_quiz("X", level, 12)} <= set(rules)


def test_quiz_level_names_say_what_their_puzzles_are() -> None:
    """Level 1 leads only suits that are not the leader's own; level 2 mixes leads of the
    leader's own trump with such plain leads, ruffed or not (C4.1 to C4.4), and no ties."""

    def own_lead(puzzle: Any) -> bool:
        trick = puzzle.trick
        return bool(trick.cards[0].suit == trick.trumps[SEATS.index(trick.leader)])

    for code in ("X", "ROOM12"):
        assert not any(own_lead(p) for p in make_quiz(code, 1))
        mixed = make_quiz(code, 2)
        assert {own_lead(p) for p in mixed} == {True, False}
        assert {p.result.rule for p in mixed} == {
            Rule.LEADER_TRUMP_UNRUFFED,
            Rule.LEADER_TRUMP_RUFFED,
            Rule.PLAIN_LEAD_UNRUFFED,
            Rule.PLAIN_LEAD_RUFFED,
        }
    assert [name for name, _rules in LEVELS.values()][:2] == [
        "Plain leads",
        "Own-trump leads and plain leads",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [(("a b", 1), "bad class code 'a b'"), (("A", 4), "bad level 4"), (("A", 1, 0), "bad number")],
)
def test_bad_quiz_settings_name_the_value(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_quiz(*args)
    assert normalise_code(" ab-1 ") == "AB-1"


def test_the_worksheet_holds_no_answers_and_the_answer_key_holds_them_all() -> None:
    quiz = make_quiz("ROOM12", 3, 5)
    page = worksheet(quiz, "ROOM12", "Ties")
    assert page.startswith("<!DOCTYPE html>") and page.count("Puzzle ") == 5
    key = answer_key(quiz, "ROOM12", "Ties")
    for puzzle in quiz:
        sentence = explain(puzzle.result).replace("'", "&#x27;")
        assert sentence not in page and sentence in key
        assert f"<td>{puzzle.number}</td><td>{puzzle.answer}</td>" in key


def test_load_game_replays_a_record_to_its_end_and_refuses_a_bad_one() -> None:
    record = simulate("calypso", seed=4)
    game = load_game(Record.from_json(record.to_json()))
    assert game.is_over and game.score().totals == record.final_scores
    data = json.loads(record.to_json())
    data["deals"][0]["tricks"][0]["winner"] = (
        "W" if data["deals"][0]["tricks"][0]["winner"] != "W" else "N"
    )
    with pytest.raises(RecordError, match="does not replay: deal 1 trick 1"):
        load_game(Record.from_dict(data))


def test_undo_several_cards_at_once_and_its_limits() -> None:
    game = Game(seed=2)
    players = make_players("random", 2)
    for _ in range(9):
        game.play(players[SEATS.index(game.turn)].choose(game))
    first_of_three = game.moves[-3]
    assert game.undo(3) == first_of_three and len(game.moves) == 6
    with pytest.raises(IllegalPlay, match="7 card\\(s\\) asked for, 6 played"):
        game.undo(7)
    with pytest.raises(ValueError, match="bad count 0"):
        game.undo(0)


def test_trick_result_gives_the_engine_explanation_of_a_played_trick(finished: Game) -> None:
    trick = finished.tricks[0][0]
    result = finished.trick_result(trick)
    assert trick.seats[result.winner] == trick.winner and result.rule is trick.rule
    assert explain(result).endswith(".")
