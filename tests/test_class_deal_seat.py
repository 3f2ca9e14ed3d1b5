"""The class deal on a student's page (issue 33, items 1 and 2, the student's side): the widget
driven through every state with a real board in a temporary folder, as the classroom server
runs it.

Expected costs and best cards come from the brute force (tests/solver_brute.py), the reasons
true of a card from :func:`calypso.lessons.why.facts` (the engine's reading of the trick, not the
widget's); the grades follow issue 33's rule: a card that costs nothing is right, a right card
with a reason not true of it is right for the wrong reason, any other card is wrong.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from solver_brute import card_values

from calypso.classroom.board import BOARD_ENV, Board, DatabaseError
from calypso.classroom.classdeal import Position
from calypso.engine.cards import Card
from calypso.i18n import card_text
from calypso.lessons.why import Reason, facts
from calypso.partnership.game import Game
from calypso.widgets.classdeal import ClassDealSeat
from calypso.widgets.quiz import Quiz

CODE = "ROOM7"
ENDING = 3
"""An ending whose position asks why, with a best card and a worse one (tests/test_class_deal)."""


@pytest.fixture
def board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Board:
    path = tmp_path / "class-board.sqlite"
    monkeypatch.setenv(BOARD_ENV, str(path))
    return Board(path)


def student(name: str = "Ann") -> ClassDealSeat:
    return ClassDealSeat(Quiz(code=CODE, name=name), refresh=0)


def costs(position: Position) -> dict[Card, int]:
    values = card_values(position.game())
    top = max(values.values())
    return {card: top - value for card, value in values.items()}


def texts(value: Any, seen: set[int]) -> Iterator[str]:
    """Every string in a synced trait's value, and in the widgets it holds; not the card
    table's own vocabulary (``words``, the same on every table, whatever it shows)."""
    if isinstance(value, w.Widget):
        if id(value) in seen:
            return
        seen.add(id(value))
        for name in value.keys:
            if not name.startswith("_") and name != "words":
                yield from texts(getattr(value, name), seen)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item, seen)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts(item, seen)


def page(seat: ClassDealSeat) -> str:
    """Everything the widget sends the page."""
    return "\n".join(texts(seat, set()))


def shown(widget: w.Widget) -> bool:
    return bool(widget.layout.display != "none")


def play(seat: ClassDealSeat, card: Card, reason: Reason | None = None) -> None:
    seat.table.receive({"type": "card", "card": str(card)})
    if reason is not None:
        seat.reasons.value = reason.value
    seat.send.click()


def test_without_the_classroom_server_one_line_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BOARD_ENV, raising=False)
    seat = student()
    assert seat.state == "off" and "classroom server" in seat.line.value
    assert seat.table not in seat.children and seat.answer_row not in seat.children


def test_it_waits_for_a_name_then_for_the_teacher(board: Board) -> None:
    quiz = Quiz(code=CODE, name="")
    seat = ClassDealSeat(quiz, refresh=0)
    assert seat.state == "waiting" and "Type your name" in seat.line.value
    assert not shown(seat.table) and not shown(seat.answer_row)
    quiz.name.value = "Ann"
    assert seat.state == "waiting" and "Type your name" not in seat.line.value
    assert "appears here by itself" in seat.line.value
    board.start_deal(CODE, board.teacher_key, Position.from_ending(ENDING))
    seat.refresh()
    assert seat.state == "playing" and "Class deal 1" in seat.line.value
    quiz.code.value = "ROOM8"  # another class: no deal there
    assert seat.state == "waiting"


def test_a_deal_at_the_table_every_hand_face_up_near_the_end(board: Board) -> None:
    position = Position.from_ending(ENDING)
    board.start_deal(CODE, board.teacher_key, position)
    seat = student()
    game = position.game()
    to_play = str(game.turn)
    bottom = seat.table.seats[0]
    assert (bottom["seat"], bottom["place"], bottom["role"]) == (to_play, "bottom", "you")
    assert [c["text"] for c in seat.table.hand] == [str(c) for c in game.hand(to_play)]
    playable = {c["text"] for c in seat.table.hand if c["playable"]}
    assert playable == {str(card) for card in costs(position)}
    for other in seat.table.seats[1:]:
        held = [c["text"] for c in other["shown"]]
        assert sorted(held) == sorted(str(c) for c in game.hand(other["seat"]))
    assert [c["text"] for c in seat.table.hand if c["hint"] or c["cost"]] == []
    assert shown(seat.reasons) and seat.reasons.value == ""
    offered = {option["value"] for option in seat.reasons.options}
    assert offered and offered <= {r.value for r in Reason}


def test_beyond_the_solver_only_the_student_s_hand_shows(board: Board) -> None:
    game = Game(5)
    for _ in range(20):
        game.play(game.legal_plays()[0])
    board.start_deal(CODE, board.teacher_key, Position.from_game(game))
    seat = student()
    assert seat.state == "playing" and not shown(seat.reasons)
    for other in seat.table.seats[1:]:
        assert other["shown"] == [] and other["count"] == len(game.hand(other["seat"]))
    card = game.legal_plays()[0]
    play(seat, card)
    assert seat.state == "sent" and card_text(card) in seat.line.value


def test_nothing_about_the_answer_reaches_the_page_before_the_reveal(board: Board) -> None:
    position = Position.from_ending(ENDING)
    board.start_deal(CODE, board.teacher_key, position)
    cost = costs(position)
    worse = max(cost, key=cost.__getitem__)
    seat = student()
    before = page(seat)
    seat.table.receive({"type": "card", "card": str(worse)})
    chosen = page(seat)
    seat.reasons.value = seat.reasons.options[0]["value"]
    seat.send.click()
    assert seat.state == "sent"
    assert f"Sent: {card_text(worse)}. Your teacher shows the answer" in seat.line.value
    for text in (before, chosen, page(seat)):
        found = re.findall(
            rf"\bcosts?\b|\bpoints?\b|best card|\bRight\b|not true|wrong|\u2212|{cost[worse]}",
            text,
        )
        assert found == [], found
    # the hand marks the student's own card, and nothing about any card's worth
    assert {c["text"]: c["mark"] for c in seat.table.hand if c["mark"]} == {str(worse): "chosen"}


def test_after_the_reveal_each_student_reads_their_own_mark(board: Board) -> None:
    position = Position.from_ending(ENDING)
    board.start_deal(CODE, board.teacher_key, position)
    cost = costs(position)
    best = sorted(card for card, c in cost.items() if c == 0)
    worse = max(cost, key=cost.__getitem__)
    holds = facts(position.game())
    seats = {name: student(name) for name in ("Ann", "Bob", "Cy", "Dora")}
    offered = [Reason(option["value"]) for option in seats["Ann"].reasons.options]
    right = next(r for r in offered if r in holds[best[0]])
    wrong = next(r for r in offered if r not in holds[best[0]])
    play(seats["Ann"], best[0], right)
    play(seats["Bob"], best[0], wrong)
    play(seats["Cy"], worse, right)
    board.reveal_deal(CODE, board.teacher_key)
    for seat in seats.values():
        seat.refresh()
        assert seat.state == "shown" and shown(seat.result) and not shown(seat.answer_row)
        said = unescape(re.sub(r"<[^>]+>", "", seat.result.value))
        named = " and ".join(card_text(c) for c in best)
        assert f"best card{'s' if len(best) > 1 else ''}: {named}." in said
        marks = {c["text"]: c["mark"] for c in seat.table.hand}
        assert {t for t, m in marks.items() if m == "right"} == {str(c) for c in best}
        assert not any(c["playable"] for c in seat.table.hand)
    ann, bob, cy, dora = (unescape(re.sub(r"<[^>]+>", "", s.result.value)) for s in seats.values())
    assert ann.startswith(f"Right: {card_text(best[0])} is one of the best cards, and your reason")
    assert bob.startswith(
        f"{card_text(best[0])} is one of the best cards, but your reason is not true of it: "
        f"“{wrong.words.rstrip('.')}”."
    )
    true = [f"“{r.words.rstrip('.')}”" for r in offered if r in holds[best[0]]]
    assert "What is true of it: " in bob and all(t in bob for t in true)
    assert cy.startswith(f"{card_text(worse)} costs {cost[worse]} points against the best card.")
    assert {c["text"]: c["mark"] for c in seats["Cy"].table.hand}[str(worse)] == "wrong"
    assert dora.startswith("You did not answer this deal.")


def test_a_new_deal_replaces_the_old_one(board: Board) -> None:
    board.start_deal(CODE, board.teacher_key, Position.from_ending(ENDING))
    seat = student()
    board.reveal_deal(CODE, board.teacher_key)
    seat.refresh()
    assert seat.state == "shown"
    following = Position.from_ending(4)
    board.start_deal(CODE, board.teacher_key, following)
    seat.refresh()
    assert seat.state == "playing" and "Class deal 2" in seat.line.value
    assert not shown(seat.result) and seat.card is None and not seat.reasons.disabled
    game = following.game()
    assert [c["text"] for c in seat.table.hand] == [str(c) for c in game.hand(str(game.turn))]


def test_a_student_s_first_answer_stays(board: Board) -> None:
    position = Position.from_ending(ENDING)
    board.start_deal(CODE, board.teacher_key, position)
    first, second = sorted(costs(position))[:2]
    seat = student()
    reason = Reason(seat.reasons.options[0]["value"])
    play(seat, first, reason)
    again = student()  # the page opened again: it says at once what was sent, no mark
    assert again.state == "sent" and f"Your first answer stays: {card_text(first)}" in (
        again.line.value
    )
    play(again, second, reason)  # nothing to send from there
    assert board.sent_card(CODE, "Ann", position.key) == first
    assert board.my_deal_answer(CODE, "Ann", position.key) is None


def test_refused_answers_say_why_in_plain_words_and_the_page_goes_on(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    position = Position.from_ending(ENDING)
    board.start_deal(CODE, board.teacher_key, position)
    card = sorted(costs(position))[0]
    seat = student()
    seat.send.click()
    assert "Choose your card first" in seat.message.value and seat.state == "playing"
    seat.table.receive({"type": "card", "card": str(card)})
    seat.send.click()
    assert "Choose why" in seat.message.value and seat.state == "playing"
    seat.reasons.value = seat.reasons.options[0]["value"]

    def broken(*args: object) -> None:
        raise DatabaseError("the class board could not be used: disk I/O error")

    monkeypatch.setattr(seat.board, "answer_deal", broken)
    seat.send.click()
    assert "did not reach your teacher&#x27;s board" in seat.message.value
    assert seat.state == "playing"
    monkeypatch.undo()
    monkeypatch.setenv(BOARD_ENV, str(board.path))
    board.reveal_deal(CODE, board.teacher_key)  # shown before this student sent
    seat.send.click()
    assert "takes no more answers" in seat.message.value and seat.state == "shown"
    assert "did not answer this deal" in seat.result.value


def test_without_a_quiz_the_class_the_browser_remembers_answers(board: Board) -> None:
    board.start_deal(CODE, board.teacher_key, Position.from_ending(ENDING))
    seat = ClassDealSeat(refresh=0)
    assert seat.state == "waiting" and seat.member in seat.children
    seat.member.member = {"code": CODE, "name": "Ann"}
    assert seat.state == "playing"


def test_the_page_reads_the_board_by_itself_and_stops(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat = ClassDealSeat(Quiz(code=CODE, name="Ann"), refresh=0.05)
    reader = next(t for t in threading.enumerate() if t.name.endswith("(_keep_fresh)"))
    board.start_deal(CODE, board.teacher_key, Position.from_ending(ENDING))
    wait_for(lambda: seat.state == "playing")

    def broken(code: str) -> None:
        raise DatabaseError("the class board could not be used: database is locked")

    monkeypatch.setattr(seat.board, "current_deal", broken)
    wait_for(lambda: "tries again by itself" in seat.message.value)
    monkeypatch.undo()
    wait_for(lambda: seat.message.value == "")  # read again: the words go
    board.reveal_deal(CODE, board.teacher_key)
    wait_for(lambda: seat.state == "shown")
    seat.close()
    reader.join(timeout=2)
    assert not reader.is_alive()


def wait_for(condition: Any, timeout: float = 5) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "the page did not catch up with the board"
        time.sleep(0.02)


@pytest.mark.parametrize("ending", [2, 4])
def test_every_card_and_reason_earns_the_mark_issue_33_gives_it(board: Board, ending: int) -> None:
    position = Position.from_ending(ending)
    board.start_deal(CODE, board.teacher_key, position)
    cost = costs(position)
    holds = facts(position.game())
    first = student("Student 0")
    offered: list[Reason | None] = [Reason(option["value"]) for option in first.reasons.options]
    answers = {}
    for i, (card, reason) in enumerate((c, r) for c in sorted(cost) for r in offered or [None]):
        seat = first if i == 0 else student(f"Student {i}")
        play(seat, card, reason)
        answers[seat] = (card, reason)
    board.reveal_deal(CODE, board.teacher_key)
    for seat, (card, reason) in answers.items():
        seat.refresh()
        said = unescape(re.sub(r"<[^>]+>", "", seat.result.value))
        if cost[card]:
            points = "point" if cost[card] == 1 else "points"
            assert said.startswith(f"{card_text(card)} costs {cost[card]} {points} against")
        elif reason is None or reason in holds[card]:
            assert said.startswith(f"Right: {card_text(card)} is one of the best cards")
        else:
            wrong = f"{card_text(card)} is one of the best cards, but your reason is not"
            assert said.startswith(wrong)


def test_thirty_pages_send_at_once_and_each_answer_is_stored_once(board: Board) -> None:
    """Thirty students' pages (each its own widget, as each its own kernel) send their answers
    at the same moment through the page's own code path: thirty rows, each the card its page
    chose, each page saying what it sent; a second press sends nothing more."""
    position = Position.from_ending(ENDING)
    board.start_deal(CODE, board.teacher_key, position)
    cards = sorted(costs(position))
    pages = [student(f"Student {i:02d}") for i in range(30)]
    chosen = {}
    for i, seat in enumerate(pages):
        seat.refresh()
        chosen[seat] = cards[i % len(cards)]
        seat.table.receive({"type": "card", "card": str(chosen[seat])})
        seat.reasons.value = seat.reasons.options[i % len(seat.reasons.options)]["value"]
    start = threading.Barrier(len(pages))

    def send(seat: ClassDealSeat) -> None:
        start.wait()
        seat.send.click()

    threads = [threading.Thread(target=send, args=(seat,)) for seat in pages]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for seat in pages:
        assert seat.state == "sent", seat.message.value
        assert f"Sent: {card_text(chosen[seat])}." in seat.line.value
        seat.send.click()
    view = board.deal_view(CODE, board.teacher_key)
    assert view is not None and len(view.answers) == 30
    stored = {answer.name: answer.marked.card for answer in view.answers}
    assert stored == {page.who()[1]: card for page, card in chosen.items()}  # type: ignore[index]
