"""One position played by the whole class (issue 33): positions and their text, each card's
price against the brute force of tests/solver_brute.py, marks, and the class board's deal
(start, answers from thirty students at once with a restart mid-class, refusals that store
nothing, nothing shown to a student before the reveal)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from solver_brute import card_values

from calypso import simulate
from calypso.classroom.board import Board, BoardError
from calypso.classroom.classdeal import Position, PositionError, mark, price
from calypso.engine.cards import ALL_CARDS, Card
from calypso.lessons.why import Grade, facts
from calypso.partnership.game import Game


def _brute_costs(position: Position) -> dict[Card, int]:
    values = card_values(position.game())
    top = max(values.values())
    return {card: top - value for card, value in values.items()}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), played=st.integers(0, 207), fours=st.booleans())
def test_a_position_reads_back_from_its_text(seed: int, played: int, fours: bool) -> None:
    game = Game(seed, all_fours=fours, trump_lead="ruff-wins" if seed % 2 else "ranked")
    for _ in range(played):
        game.play(game.legal_plays()[-1])
    position = Position.from_game(game)
    again = Position.from_text(position.to_text())
    assert again == position and again.key == position.key
    assert again.game().moves == game.moves and again.game().hand("N") == game.hand("N")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("7", "expected seed"),
        ("7.x0", "expected seed"),
        ("7.r0.ZZ", "expected seed"),
    ],
)
def test_a_bad_position_is_refused_in_one_line(text: str, why: str) -> None:
    with pytest.raises(PositionError, match=why):
        Position.from_text(text)


def test_a_card_the_game_refuses_makes_no_position() -> None:
    held = set(Game(7).hand("N"))
    missing = next(card for card in ALL_CARDS if card not in held)
    with pytest.raises(PositionError, match=r"bad position: .*not in the hand"):
        Position.from_text(f"7.r0.{missing}")


def test_a_finished_game_and_other_trumps_are_no_class_position() -> None:
    game = Game(3)
    game.play_out([_First()] * 4)
    with pytest.raises(PositionError, match="game is over"):
        Position.from_game(game)
    with pytest.raises(PositionError, match="bad trumps N♠ E♣ S♥ W♦: a class position"):
        Position.from_game(Game(3, trumps="SCHD"))


class _First:
    def choose(self, game: Game) -> Card:
        return game.legal_plays()[0]


def test_a_record_s_point_is_the_game_at_that_card() -> None:
    record = simulate("calypso", 12, bots="greedy", trump_lead="ruff-wins")
    position = Position.from_record(record, 150)
    game = Game(12, trump_lead="ruff-wins")
    cards = [c for deal in record.deals for trick in deal.tricks for c in trick.cards]
    for card in cards[:150]:
        game.play(card)
    assert position == Position.from_game(game)
    with pytest.raises(PositionError, match="bad move 208"):
        Position.from_record(record, 208)
    match = simulate("calypso", 1, target=3000)
    with pytest.raises(PositionError, match="one Calypso game"):
        Position.from_record(match, 5)


@pytest.mark.parametrize("seed", range(8))
def test_an_ending_s_prices_are_the_brute_force_s(seed: int) -> None:
    position = Position.from_ending(seed)
    prices = price(position)
    assert prices.exact and prices.seat == position.game().turn
    assert {p.card: p.cost for p in prices.cards} == _brute_costs(position)


def test_beyond_the_solver_the_expert_prices_every_legal_card_and_the_same_way_twice() -> None:
    game = Game(5)
    for _ in range(20):
        game.play(game.legal_plays()[0])
    position = Position.from_game(game)
    first, second = price(position), price(position)
    assert not first.exact and first.samples > 0 and first == second
    assert {p.card for p in first.cards} == set(game.legal_plays())
    assert min(p.cost for p in first.cards) == 0


@pytest.mark.parametrize("seed", range(2, 6))
def test_marks_follow_the_brute_force_s_costs_and_the_reasons_true_of_the_card(seed: int) -> None:
    position = Position.from_ending(seed)
    costs = _brute_costs(position)
    holds = facts(position.game())
    for card, cost in costs.items():
        marked = mark(position, card)
        assert marked.cost == cost
        if cost:
            assert marked.grade is Grade.WRONG_CARD
            continue
        for reason in holds[card] | {r for true in holds.values() for r in true}:
            want = Grade.RIGHT if reason in holds[card] else Grade.WRONG_REASON
            assert mark(position, card, reason).grade is want


def _answers(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT * FROM deal_answers ORDER BY name").fetchall()


def test_a_class_deal_from_start_to_reveal(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    key = board.teacher_key
    position = Position.from_ending(3)
    assert board.current_deal("ROOM7") is None
    with pytest.raises(BoardError, match="not the teacher's key"):
        board.start_deal("ROOM7", "guess", position)
    deal = board.start_deal("room7", key, position)
    assert deal.number == 1 and board.current_deal("ROOM7") == deal
    costs = _brute_costs(position)
    best = next(card for card, cost in costs.items() if not cost)
    worse = next(card for card, cost in costs.items() if cost)
    view = board.deal_view("ROOM7", key)
    assert view is not None and view.reasons  # this ending asks why
    right = next(r for r in view.reasons if r in facts(position.game())[best])
    wrong = next(r for r in view.reasons if r not in facts(position.game())[best])

    stored = board.answer_deal("ROOM7", "Ann", deal.key, str(best), right.value)
    assert (stored.card, stored.cost, stored.grade) == (best, 0, Grade.RIGHT)
    board.answer_deal("ROOM7", "Bob", deal.key, str(best), wrong.value)
    board.answer_deal("ROOM7", "Cy", deal.key, str(worse), right.value)
    again = board.answer_deal("ROOM7", "Cy", deal.key, str(best), right.value)
    assert again.card == worse and again.grade is Grade.WRONG_CARD  # the first answer stays

    assert board.my_deal_answer("ROOM7", "Ann", deal.key) is None  # nothing before the reveal
    view = board.deal_view("ROOM7", key)
    assert view is not None
    assert [a.name for a in view.answers] == ["Ann", "Bob", "Cy"]
    assert view.split()[best] == ["Ann", "Bob"] and view.split()[worse] == ["Cy"]
    assert list(view.split()) == [p.card for p in view.prices.cards]
    assert view.count(Grade.WRONG_REASON) == 1 and view.count(Grade.WRONG_CARD) == 1
    assert view.prices.cost(worse) == costs[worse]

    board.reveal_deal("ROOM7", key)
    mine = board.my_deal_answer("ROOM7", "Bob", deal.key)
    assert mine is not None and mine.grade is Grade.WRONG_REASON and mine.reason is wrong
    with pytest.raises(BoardError, match="takes no more answers"):
        board.answer_deal("ROOM7", "Dóra", deal.key, str(best), right.value)

    following = board.start_deal("ROOM7", key, Position.from_ending(4))
    assert following.number == 2 and not following.revealed
    with pytest.raises(BoardError, match="not playing a position"):
        board.answer_deal("ROOM7", "Dóra", deal.key, str(best), right.value)


def test_refused_deal_answers_store_nothing(tmp_path: Path) -> None:
    board = Board(tmp_path / "class.db")
    position = Position.from_ending(3)
    deal = board.start_deal("ROOM7", board.teacher_key, position)
    view = board.deal_view("ROOM7", board.teacher_key)
    assert view is not None
    best, reason = view.prices.best[0], view.reasons[0].value
    illegal = next(c for c in position.game().hand("N") if c not in view.split())
    for code, name, key, card, why, words in [
        ("ROOM8", "Ann", deal.key, str(best), reason, "not playing a position"),
        ("ROOM7", "Ann", "0" * 12, str(best), reason, "not playing a position"),
        ("ROOM7", "Ann", deal.key, "ZZ", reason, "not a card the seat"),
        ("ROOM7", "Ann", deal.key, str(illegal), reason, "not a card the seat"),
        ("ROOM7", "Ann", deal.key, str(best), "because", "not one of the reasons"),
        ("ROOM7", "Ann", deal.key, str(best), "", "not one of the reasons"),
        ("ROOM7", "=cmd", deal.key, str(best), reason, "A name is"),
        ("ROOM7", "Ann", deal.key, "Q" * 500, reason, "not a card the seat"),
    ]:
        with pytest.raises(BoardError, match=words):
            board.answer_deal(code, name, key, card, why)
    assert _answers(board.path) == []


def test_thirty_students_answer_a_class_deal_at_once_with_a_restart_mid_class(
    tmp_path: Path,
) -> None:
    path = tmp_path / "room.db"
    boards = [Board(path)]
    position = Position.from_ending(4)
    deal = boards[0].start_deal("ROOM12", boards[0].teacher_key, position)
    view = boards[0].deal_view("ROOM12", boards[0].teacher_key)
    assert view is not None
    cards = [p.card for p in view.prices.cards]
    reasons = [r.value for r in view.reasons] or [""]
    restart = threading.Barrier(30, action=lambda: boards.append(Board(path)))
    errors: list[BaseException] = []
    chosen: dict[str, Card] = {}

    def student(i: int) -> None:
        try:
            name = f"Student {i}"
            chosen[name] = cards[i % len(cards)]
            reason = reasons[i % len(reasons)]
            if i % 2:  # half the class answers after the restart
                restart.wait()
            boards[-1].answer_deal("room12", name, deal.key, str(chosen[name]), reason)
            if not i % 2:
                restart.wait()
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=student, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[:3]
    later = Board(path)
    view = later.deal_view("ROOM12", later.teacher_key)
    assert view is not None and len(view.answers) == 30 == len(_answers(path))
    for answer in view.answers:
        assert answer.marked.card == chosen[answer.name]
        assert answer.marked.cost == _brute_costs(position)[answer.marked.card]
