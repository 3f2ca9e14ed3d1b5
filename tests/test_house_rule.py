"""The teacher's house rule travels with the class (issue 33, item 3; docs/rulings.md C5).

The desk chooses it and keeps it in its link; the students' link carries it when it is not
the standard rule, and older links open as before; a student's page keeps it in the browser
(``ClassMember``), and the quiz, the exercises and chapter 05's table play under it and say so,
and Endings too, while the ideas keep the rules as written and say that.

The expected winners here come from the rulings' words (:func:`winner_by_the_words`), never from
the engine; the best card of a position under the rule from tests/solver_brute.py.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import pytest
from solver_brute import card_values

from calypso.classroom.board import Board
from calypso.engine.cards import Card, Suit, parse_card
from calypso.engine.tricks import TrumpLead
from calypso.lessons.exercises import make_stage
from calypso.lessons.exercises.endings import Attempt, make_problem
from calypso.lessons.house import STANDARD, HouseRule
from calypso.lessons.quiz import make_quiz
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
from calypso.widgets import quiz as quiz_module
from calypso.widgets.desk import ClassLink, ClassSetup, handout_examples
from calypso.widgets.endings import EndingSet, problem_seed
from calypso.widgets.exercise import ExerciseSet
from calypso.widgets.ideas import Idea
from calypso.widgets.member import ClassMember
from calypso.widgets.play import PlayLink, PlayTable
from calypso.widgets.quiz import Quiz
from calypso.widgets.quizpage import KeptRun, QuizLink

RUFF_WINS = HouseRule(TrumpLead.RUFF_WINS)
ALL_FOURS = HouseRule(all_fours=True)
BOTH = HouseRule(TrumpLead.RUFF_WINS, True)


def winner_by_the_words(
    leader: str, cards: tuple[Card, ...], trumps: tuple[Suit, ...], ruff_wins: bool
) -> str:
    """Who wins a trick by C4 and C5's words: each player's own suit is their trump (C1); a
    ruff is a card of the player's own suit played to another suit's lead. The leader's own
    suit led: unruffed, the leader wins (C4.1); ruffed, the led card and the ruffs compare
    ranks (C4.2), or under ruff-wins the led card is out of the running and the highest ruff
    wins (C5). Another suit led: the highest ruff (C4.4), else the highest card of the led suit
    (C4.3). Equal ranks: the one played earliest (C4.5)."""
    start = SEATS.index(leader)
    seats = [SEATS[(start + i) % 4] for i in range(len(cards))]
    own = [trumps[SEATS.index(seat)] for seat in seats]
    led = cards[0].suit
    ruffs = [i for i in range(1, len(cards)) if cards[i].suit == own[i] != led]
    if led == own[0]:
        if not ruffs:
            return seats[0]
        competing = ruffs if ruff_wins else [0, *ruffs]
    else:
        competing = ruffs or [i for i, card in enumerate(cards) if card.suit == led]
    best = max(int(cards[i].rank) for i in competing)
    return seats[next(i for i in competing if int(cards[i].rank) == best)]


def c5_tricks(puzzles: list[Any]) -> list[Any]:
    """The puzzles C5 decides otherwise than C4.2: the leader's own suit led and ruffed, the
    led card outranking (or level with) every ruff, so that C4.2 gives the leader the trick."""
    found = []
    for puzzle in puzzles:
        trick = puzzle.trick
        owns = [trick.trumps[SEATS.index(seat)] for seat in trick.seats]
        led = trick.cards[0].suit
        ruffed = any(c.suit == own != led for c, own in zip(trick.cards, owns, strict=True))
        c42 = winner_by_the_words(trick.leader, trick.cards, trick.trumps, ruff_wins=False)
        if led == owns[0] and ruffed and c42 == trick.leader:
            found.append(puzzle)
    return found


# -- the desk and the links ------------------------------------------------------------------------


@pytest.mark.parametrize("rule", [STANDARD, RUFF_WINS, ALL_FOURS, BOTH])
def test_the_desk_link_keeps_the_house_rule(rule: HouseRule) -> None:
    link = ClassLink("ROOM7", 2, "B", rule)
    text = link.to_link()
    assert ClassLink.from_link(text) == link
    assert (text == "ROOM7.2.B") is rule.standard


def test_an_older_desk_link_opens_with_the_standard_rule_and_a_bad_rule_is_refused() -> None:
    assert ClassLink.from_link("ROOM7.3.A").rule == STANDARD
    for bad in ("ROOM7.3.A.x1", "ROOM7.3.A.w2", "ROOM7.3.A.w1.more"):
        with pytest.raises(ValueError, match="does not name a class setup"):
            ClassLink.from_link(bad)


def test_the_class_setup_chooses_the_house_rule_with_words_beside_each_choice() -> None:
    desk = ClassSetup(code="room7", level=2)
    assert desk.house_rule == STANDARD
    assert desk.students_fragment == "quiz=ROOM7.2.1.A.c"
    assert "As the rules are written" in desk.lead_words.value
    assert "As the rules are written" in desk.fours_words.value
    desk.trump_lead.value = "ruff-wins"
    desk.all_fours.value = True
    assert desk.house_rule == BOTH
    assert desk.students_fragment == "quiz=ROOM7.2.1.A.c.w1"
    assert desk.link.value == "ROOM7.2.A.w1"
    assert "highest ruff" in desk.lead_words.value and "any time" in desk.fours_words.value
    assert desk.puzzles == make_quiz("ROOM7", 2, rule=BOTH)
    again = ClassSetup()
    again.open_link("ROOM7.2.A.w0")
    assert again.house_rule == RUFF_WINS and again.class_code == "ROOM7"
    again.open_link("ROOM7.2.A")  # an older link: the standard rule
    assert again.house_rule == STANDARD


def test_the_desks_sheets_follow_the_house_rule() -> None:
    """The answer key gives C5's winners, and the handout's case of a ruffed own lead is C5's,
    on a trick whose winner C5 changes (worked out here from the rulings' words)."""
    desk = ClassSetup(code="room7", level=2)
    desk.trump_lead.value = "ruff-wins"
    pages = [
        base64.b64decode(data).decode()
        for data in re.findall(r"base64,([A-Za-z0-9+/=]+)", desk.sheets.value)
    ]
    worksheet, key, handout = pages[:3]
    assert "C5.ruff-wins" in worksheet and "C5.ruff-wins" in key and "C5.ruff-wins" in handout
    [(_rule, trick)] = [(r, t) for r, t in handout_examples(RUFF_WINS) if r.value == "C5.ruff-wins"]
    ranked = winner_by_the_words(trick.leader, trick.cards, trick.trumps, ruff_wins=False)
    c5 = winner_by_the_words(trick.leader, trick.cards, trick.trumps, ruff_wins=True)
    assert ranked != c5 == trick.winning_seat()


@pytest.mark.parametrize("rule", [STANDARD, RUFF_WINS, BOTH])
def test_the_students_link_carries_the_house_rule_only_when_not_standard(rule: HouseRule) -> None:
    link = QuizLink("ROOM7", 2, 1, fixed=True, rule=rule)
    text = link.to_link()
    assert QuizLink.from_link(text) == link
    assert text.endswith(".c") is rule.standard
    projector = QuizLink("ROOM7", 2, 4, "B", projector=True, rule=rule)
    assert QuizLink.from_link(projector.to_link()) == projector


def test_older_quiz_links_open_as_before_and_a_rule_needs_a_class_link() -> None:
    assert QuizLink.from_link("ROOM7.2.3") == QuizLink("ROOM7", 2, 3)
    assert QuizLink.from_link("ROOM7.2.1.A.c").rule == STANDARD
    for bad in ("ROOM7.2.1.A.c.z9", "ROOM7.2.1.A..w0", "ROOM7.2.1.A.c.w0.x"):
        with pytest.raises(ValueError, match="does not name a puzzle"):
            QuizLink.from_link(bad)


def test_the_kept_run_keeps_its_rule_and_an_older_run_is_standard() -> None:
    run = KeptRun("Ann", "ROOM7", 2, "A", {1: "N"}, rule=RUFF_WINS)
    assert run.to_page()["rule"] == "w0"
    assert KeptRun.from_page(run.to_page()) == run
    older = KeptRun("Ann", "ROOM7", 2, "A", {1: "N"}).to_page()
    assert "rule" not in older and KeptRun.from_page(older).rule == STANDARD  # type: ignore[union-attr]
    assert KeptRun.from_page({**older, "rule": "q7"}) is None


# -- what the browser keeps ------------------------------------------------------------------------


def sent_by(member: ClassMember, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(member, "send", sent.append)
    return sent


def test_the_browser_keeps_the_rule_with_the_class_and_any_widget_reads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    member = ClassMember()
    sent = sent_by(member, monkeypatch)
    heard: list[HouseRule] = []
    member.on_rule(heard.append)
    member.keep_rule("ROOM7", RUFF_WINS)
    assert sent[-1] == {"type": "rule", "code": "ROOM7", "rule": "w0"}
    assert member.house_rule == RUFF_WINS and heard == [RUFF_WINS]
    member.join("ROOM7", "Ann")  # the board took an answer: the rule stays, the class is the same
    assert member.member == {"code": "ROOM7", "name": "Ann", "rule": "w0"}
    member.join("ROOM8", "Ann")  # another class: its own rule, none known
    assert member.house_rule == STANDARD and heard == [RUFF_WINS, STANDARD]
    member.member = {"code": "ROOM8", "rule": "nonsense"}  # the student's storage: anything
    assert member.house_rule == STANDARD


# -- the quiz --------------------------------------------------------------------------------------


def test_a_page_opened_by_a_ruff_wins_class_link_answers_by_c5(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    quiz = Quiz(name="Ann")
    sent = sent_by(quiz.member, monkeypatch)
    quiz.open_link("ROOM7.2.1.A.c.w0")
    assert quiz.rule == RUFF_WINS
    assert sent[-1] == {"type": "rule", "code": "ROOM7", "rule": "w0"}
    assert "House rule: a ruff beats a lead" in quiz.house_words.value
    assert quiz.link.value == "ROOM7.2.1.A.c.w0"
    ruled = c5_tricks(quiz.puzzles)
    assert ruled, "a ruff-wins level 2 quiz asks a ruffed own lead whose led card outranks"
    for puzzle in quiz.puzzles:
        trick = puzzle.trick
        assert puzzle.answer == winner_by_the_words(
            trick.leader, trick.cards, trick.trumps, ruff_wins=True
        )
    quiz.index = quiz.puzzles.index(ruled[0])
    quiz.show()
    trick = ruled[0].trick
    c5 = winner_by_the_words(trick.leader, trick.cards, trick.trumps, ruff_wins=True)
    assert c5 != trick.leader  # under C4.2 the leader would take it
    quiz.pick(c5)
    assert quiz.right == 1 and quiz.table.verdict["tone"] == "right"


def test_the_live_board_marks_a_ruff_wins_answer_by_c5(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    board = Board(tmp_path / "board.sqlite")
    monkeypatch.setattr(quiz_module, "class_board", lambda: board)
    quiz = Quiz(name="Ann")
    quiz.open_link("ROOM7.2.1.A.c.w0")
    puzzle = c5_tricks(quiz.puzzles)[0]
    quiz.index = quiz.puzzles.index(puzzle)
    quiz.show()
    trick = puzzle.trick
    c5 = winner_by_the_words(trick.leader, trick.cards, trick.trumps, ruff_wins=True)
    quiz.pick(c5)
    [row] = board.sheet("ROOM7", board.teacher_key).answers
    assert (row.name, row.answer, row.correct, row.rule) == ("Ann", c5, True, "C5.ruff-wins")


def test_a_standard_class_link_shows_no_house_rule_and_asks_the_standard_quiz() -> None:
    quiz = Quiz(name="Ann")
    quiz.open_link("ROOM7.2.1.A.c")
    assert quiz.rule == STANDARD and quiz.house_words.value == ""
    assert quiz.puzzles == make_quiz("ROOM7", 2)


def test_a_typed_class_code_takes_the_rule_the_browser_keeps_for_it() -> None:
    quiz = Quiz(code="ROOM9", level=3)
    quiz.member.member = {"code": "ROOM7", "rule": "w0"}  # as the page reports it
    assert quiz.rule == STANDARD  # another class's rule
    quiz.code.value = "ROOM7"
    assert quiz.rule == RUFF_WINS and quiz.puzzles == make_quiz("ROOM7", 3, rule=RUFF_WINS)


def test_a_projectors_link_keeps_the_rule_but_shows_the_class_the_trick_only() -> None:
    quiz = Quiz()
    quiz.open_link("ROOM7.2.3.A.p.w0")
    assert quiz.rule == RUFF_WINS and quiz.puzzles == make_quiz("ROOM7", 2, rule=RUFF_WINS)
    assert quiz.house_words.layout.display == "none"
    assert quiz.member.member == {}  # the teacher's browser keeps no class's rule


def test_the_ruff_wins_quiz_level_1_is_the_standard_one() -> None:
    """Plain leads only: C5 changes none of them."""
    plain = make_quiz("ROOM7", 1)
    ruled = make_quiz("ROOM7", 1, rule=RUFF_WINS)
    assert [(p.trick.cards, p.answer) for p in plain] == [(p.trick.cards, p.answer) for p in ruled]


# -- the exercises ---------------------------------------------------------------------------------


@pytest.mark.parametrize("stage", ["who-wins-own", "who-wins"])
def test_who_wins_under_ruff_wins_answers_by_c5(stage: str) -> None:
    asked = [e for seed in range(1, 41) for e in make_stage(stage, seed, rule=RUFF_WINS)]
    differs = 0
    for exercise in asked:
        trick = exercise.trick
        assert trick is not None
        assert exercise.answer == winner_by_the_words(
            trick.leader, trick.cards, tuple(exercise.trumps), ruff_wins=True
        )
        differs += exercise.answer != winner_by_the_words(
            trick.leader, trick.cards, tuple(exercise.trumps), ruff_wins=False
        )
    assert differs >= len(asked) // 10, "the stage asks the tricks C5 decides otherwise"
    assert any(e.rule == "C5.ruff-wins" for e in asked)


def test_a_stage_the_rule_does_not_change_is_the_same_and_the_standard_rule_changes_nothing() -> (
    None
):
    assert make_stage("scoring", 4, rule=BOTH) == make_stage("scoring", 4)
    assert make_stage("who-wins", 4, rule=STANDARD) == make_stage("who-wins", 4)


def test_the_play_stage_under_the_house_rule_keys_the_brute_force_best() -> None:
    for exercise in make_stage("play", 2, rule=BOTH):
        game = exercise.trick.game()  # type: ignore[union-attr]
        assert game.options.trump_lead is TrumpLead.RUFF_WINS and game.options.all_fours
        values = card_values(game)
        assert set(values) == {parse_card(c.key) for c in exercise.choices}
        best = max(values.values())
        assert [str(c) for c, v in values.items() if v == best] == [exercise.answer]


def test_the_exercise_widget_asks_under_the_browsers_rule_and_says_so() -> None:
    own = ExerciseSet("who-wins-own", seed=5)
    assert own.words.value == ""
    own.member.member = {"code": "ROOM7", "rule": "w0"}
    assert own.stage == make_stage("who-wins-own", 5, rule=RUFF_WINS)
    assert "ruff beats" in own.words.value
    follow = ExerciseSet("table-follow", seed=5)
    follow.member.member = {"code": "ROOM7", "rule": "r1"}
    assert follow.stage == make_stage("table-follow", 5)
    assert "as the rules are written" in follow.words.value
    scoring = ExerciseSet("scoring", seed=5)
    scoring.member.member = {"code": "ROOM7", "rule": "w1"}
    assert scoring.words.value == ""


# -- chapter 05's table ----------------------------------------------------------------------------


def test_chapter_05s_table_plays_under_the_browsers_rule_and_its_link_keeps_it() -> None:
    table = PlayTable(seed=5, seat="S")
    assert table.house_words.value == ""
    table.member.member = {"code": "ROOM7", "rule": "w1"}
    options = table.game.options
    assert options.trump_lead is TrumpLead.RUFF_WINS and options.all_fours
    assert "ruff beats" in table.house_words.value and "any time" in table.house_words.value
    card = table.game.legal_plays()[0]
    table.play(card)
    assert PlayLink.from_link(table.link.value).rule == BOTH
    again = PlayTable()
    again.open_link(table.link.value)
    assert again.game.options == table.game.options and again.moves == table.moves
    again.member.member = {"code": "ROOM7", "rule": "r0"}  # a link's rule wins
    assert again.game.options.all_fours


def test_all_fours_at_the_table_lets_you_play_your_own_trump_holding_the_suit_led() -> None:
    """C5: with all fours, a player holding the suit led may also play their own suit."""
    for seed in range(1, 30):
        table = PlayTable(seed=seed, seat="S")
        table.member.member = {"code": "ROOM7", "rule": "r1"}
        game = table.game
        trick, hand, own = game.trick, game.hand("S"), DEFAULT_TRUMPS[SEATS.index("S")]
        if game.turn != "S" or not trick:
            continue
        led = trick[0].suit
        if led != own and any(c.suit == led for c in hand) and any(c.suit == own for c in hand):
            legal = set(game.legal_plays())
            assert {c for c in hand if c.suit in (led, own)} == legal
            return
    pytest.fail("no position with both the suit led and one's own suit in hand")


def test_an_older_table_link_opens_under_the_standard_rule() -> None:
    table = PlayTable()
    table.open_link("5.S")
    assert table.game.options.trump_lead is TrumpLead.RANKED
    assert not table.game.options.all_fours and table.house_words.value == ""


# -- Endings under the house rule, the ideas as written ------------------------------------------


@pytest.mark.parametrize("seed", [3, 11])
def test_an_ending_under_the_house_rule_is_proved_by_the_brute_force_under_it(seed: int) -> None:
    problem = make_problem(seed, BOTH)
    game = problem.game()
    assert game.options.trump_lead is TrumpLead.RUFF_WINS and game.options.all_fours
    values = card_values(game)
    assert problem.target == max(values.values())
    assert values[problem.greedy] <= problem.target - 20
    attempt = Attempt(problem)
    while not attempt.over:
        attempt = attempt.play(problem.line[len(attempt.played)])
    assert attempt.passed


def test_endings_play_under_the_browsers_rule_and_say_so() -> None:
    endings = EndingSet(seed=1)
    assert endings.house_words.value == "" and endings.problem.rule == STANDARD
    endings.member.member = {"code": "ROOM7", "rule": "w1"}
    assert endings.problem == make_problem(problem_seed(1, 0), BOTH)
    assert "House rule" in endings.house_words.value
    endings.open_link("1.1")
    assert endings.problem == make_problem(problem_seed(1, 1), BOTH)


def test_the_ideas_keep_the_rules_as_written_and_say_so_only_under_a_house_rule() -> None:
    idea = Idea()
    before = idea.position
    assert idea.house_words.value == ""
    idea.member.member = {"code": "ROOM7", "rule": "w0"}
    assert "keep the rules as written" in idea.house_words.value
    idea.member.member = {"code": "ROOM7"}
    assert idea.house_words.value == "" and idea.position == before
