"""The class deal on the teacher's desk (issue 33, item 1): a position from each source (an
ending, a link to chapter 05's table, a record file), refusals in plain words, the start with
and without the teacher key, the class's split as students answer through the board (costs from
the brute force of tests/solver_brute.py), the reveal, and the best line stepped to its end."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape
from pathlib import Path

import pytest
from solver_brute import best_value, card_values

from calypso import simulate
from calypso.classroom.board import BOARD_ENV, Board
from calypso.classroom.boardinput import BoardError
from calypso.classroom.classdeal import Position, PositionError
from calypso.engine.cards import Card
from calypso.engine.tricks import TrumpLead
from calypso.lessons.exercises.endings import make_problem
from calypso.lessons.house import HouseRule
from calypso.lessons.why import question
from calypso.partnership.game import Game
from calypso.widgets.dealsources import ending_position
from calypso.widgets.desk import ClassSetup
from calypso.widgets.deskdeal import ClassDealPanel
from calypso.widgets.endings import EndingSet
from calypso.widgets.liveboard import ClassBoard
from calypso.widgets.play import PlayTable

CODE = "ROOM7"


def uploaded(content: bytes) -> dict[str, object]:
    """A file as the upload button hands it to Python."""
    when = dt.datetime.now(tz=dt.UTC)
    return {"name": "g.json", "type": "", "size": len(content), "content": content,
            "last_modified": when}  # fmt: skip


def text(html: str) -> str:
    """What a person reads of some HTML."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def said(panel: ClassDealPanel) -> str:
    """The panel's message line as a person reads it."""
    return text(panel.message.value)


@pytest.fixture
def board_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "class-board.sqlite"
    monkeypatch.setenv(BOARD_ENV, str(path))
    return path


@pytest.fixture
def panel(board_file: Path) -> ClassDealPanel:
    return ClassDealPanel(ClassBoard(code=CODE, refresh=0))


def keyed(panel: ClassDealPanel) -> Board:
    board = panel.board.board
    assert board is not None
    panel.board.key.value = board.teacher_key
    return board


def test_an_ending_is_the_one_chapter_6_deals_under_that_number(panel: ClassDealPanel) -> None:
    stage = EndingSet(seed=1)
    stage.go(2)
    panel.ending.value = 3
    assert panel.position is not None
    assert panel.position.game().moves == stage.problem.game().moves
    again = EndingSet(seed=1)
    again.start(2)  # Try this stage again: the next stage's first ending is the sixth
    panel.ending.value = 6
    assert panel.position.game().moves == again.problem.game().moves
    words = " ".join([panel.table.question, text(panel.facts.value)])
    seat = {"N": "North", "E": "East", "S": "South", "W": "West"}[panel.turn or ""]
    assert f"{seat} to play" in words and "3 tricks left" in words
    deal = len(panel.position.moves) // 52 + 1  # 13 tricks of 4 cards a deal
    assert f"in deal {deal} of 4" in words
    assert "The solver prices every card exactly" in words
    # the seat to play sits at the bottom with its hand; every other hand lies face up
    assert panel.table.seats[0]["seat"] == panel.turn
    assert all(len(seat["shown"]) == 3 for seat in panel.table.seats[1:])
    assert len(panel.table.hand) == 3


def test_a_link_to_chapter_5_s_table_opens_the_game_where_it_stands(
    panel: ClassDealPanel,
) -> None:
    table = PlayTable(seed=9, seat="S")
    while len(table.game.moves) < 10:
        if table.seating.yours():
            table.play(table.game.legal_plays()[0])
        else:
            table.next_trick()
    address = f"http://10.0.0.2:8866/voila/render/05-play-a-game.ipynb#play={table.link_text()}"
    panel.source.value = "link"
    panel.link.value = address
    assert panel.position is not None
    assert panel.position.game().moves == table.game.moves
    assert panel.turn == table.game.turn == "S"
    words = text(panel.facts.value)
    assert "the expert's estimate" in words and "not asked why" in words
    assert "not your class's house rule" not in words
    # beyond the solver's reach the class sees its own hand only: the others lie face down
    assert all(seat["shown"] == [] and seat["count"] for seat in panel.table.seats[1:])


def test_a_link_under_a_house_rule_keeps_it(panel: ClassDealPanel) -> None:
    panel.source.value = "link"
    panel.link.value = "#play=3.S.w1"
    assert panel.position is not None and panel.position.trump_lead is TrumpLead.RUFF_WINS
    words = text(panel.facts.value)
    assert "a ruff beats a lead" in words and "not your class's house rule" in words


def test_a_record_file_gives_the_game_after_the_card_chosen(panel: ClassDealPanel) -> None:
    record = simulate("calypso", 12, bots="greedy", trump_lead="ruff-wins")
    cards = [c for deal in record.deals for trick in deal.tricks for c in trick.cards]
    panel.source.value = "record"
    panel.upload.value = (uploaded(record.to_json().encode()),)
    assert panel.after.max == len(cards) - 1
    assert panel.position is not None and len(panel.position.moves) == panel.after.value
    assert "1 to 5 are its first stage, 6 to 10" in text(panel.rows["ending"].children[1].value)
    panel.after.value = 150
    game = Game(12, trump_lead="ruff-wins")
    for card in cards[:150]:
        game.play(card)
    assert panel.position.game().moves == game.moves
    assert panel.position.trump_lead is TrumpLead.RUFF_WINS  # the record's own rule
    assert "a ruff beats a lead" in text(panel.facts.value)
    panel.upload.value = (uploaded(b"not a record"),)  # another file, not a record
    assert "not a Calypso game record" in said(panel)
    assert panel.position is None and panel.table.layout.display == "none"


@pytest.mark.parametrize(
    ("source", "value", "said"),
    [
        ("link", "nothing like a link", "not a link to a game on chapter 5's table"),
        ("link", "#play=5.S.QS.QS.QS", "cards do not fit its game"),
        ("record", b"{", "not a Calypso game record"),
        ("record", b"", "not a Calypso game record"),
    ],
)
def test_a_position_the_class_cannot_play_is_refused_in_one_line(
    panel: ClassDealPanel, source: str, value: object, said: str
) -> None:
    panel.source.value = source
    if source == "link":
        panel.link.value = value
    else:
        panel.upload.value = (uploaded(value),)  # type: ignore[arg-type]
    assert said in text(panel.message.value) and panel.message.tone == "error"
    assert "Traceback" not in panel.message.value and "\n" not in panel.message.value
    assert panel.position is None and panel.start_button.disabled
    assert panel.table.layout.display == "none"  # no empty table under the refusal
    panel.source.value = "ending"  # another source: the refusal goes with the old one
    assert panel.message.value == "" and panel.table.layout.display is None


def test_an_ending_follows_the_house_rule_the_class_setup_chooses(board_file: Path) -> None:
    setup = ClassSetup(code=CODE)
    panel = ClassDealPanel(ClassBoard(setup=setup, refresh=0))
    assert panel.position is not None and panel.position.trump_lead is TrumpLead.RANKED
    setup.all_fours.value = True
    assert panel.position is not None and panel.position.all_fours
    # the problem chapter 06 deals a student of that class first
    chapter = make_problem(5, HouseRule(all_fours=True)).game()  # stage 1, problem 1: seed 5
    assert panel.position.moves == tuple(chapter.moves) and chapter.options.all_fours
    assert "even holding the suit led" in text(panel.facts.value)


def test_a_match_record_and_a_position_beyond_the_house_rule_are_refused() -> None:
    panel = ClassDealPanel(ClassBoard(refresh=0))
    panel.source.value = "record"
    panel.upload.value = (uploaded(simulate("calypso", 1, target=3000).to_json().encode()),)
    assert "more than one game" in said(panel)
    rule = HouseRule(TrumpLead.RUFF_WINS, all_fours=True)
    ruled = ending_position(6, rule)
    chapter = make_problem(10, rule).game()  # stage 2, problem 1: seed 10
    assert ruled.all_fours and ruled.moves == tuple(chapter.moves)
    assert panel.house_rule == HouseRule()
    with pytest.raises(PositionError, match="There is no ending 0"):
        ending_position(0)


def test_starting_needs_the_classroom_server_and_the_teacher_key(
    panel: ClassDealPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel.start_button.click()
    assert "Type the teacher key" in said(panel)
    panel.board.key.value = "not the key"
    panel.start_button.click()
    assert "not the teacher's key" in said(panel)
    board = panel.board.board
    assert board is not None and board.current_deal(CODE) is None
    monkeypatch.delenv(BOARD_ENV)
    off = ClassDealPanel(ClassBoard(refresh=0))
    assert "classroom server only" in text(off.live.value)
    off.start_button.click()
    assert "classroom server only" in said(off)


def brute_costs(position: Position) -> dict[Card, int]:
    values = card_values(position.game())
    top = max(values.values())
    return {card: top - value for card, value in values.items()}


def test_the_class_split_arrives_card_by_card_with_costs_and_names(
    panel: ClassDealPanel,
) -> None:
    board = keyed(panel)
    panel.ending.value = 1
    position = panel.position
    assert position is not None
    panel.start_button.click()
    deal = board.current_deal(CODE)
    assert deal is not None and deal.position == position
    assert "Class deal 1 started" in said(panel)
    costs = brute_costs(position)
    best = min(costs, key=lambda c: costs[c])
    worst = max(costs, key=lambda c: costs[c])
    asked = question(position.game())
    false = [r for r in asked.reasons if r not in asked.holds[best]]
    true = [r for r in asked.reasons if r in asked.holds[best]]
    board.arrive(CODE, "Dan", 1, "A")
    board.answer_deal(CODE, "Ann", deal.key, str(best), true[0].value if true else "")
    board.answer_deal(CODE, "Bob", deal.key, str(worst), asked.reasons[0].value)
    if false:
        board.answer_deal(CODE, "Cy", deal.key, str(best), false[0].value)
    panel.board.show()
    live = panel.live.value
    rows = dict(re.findall(r"<tr data-card='(\w+)'>(.*?)</tr>", live))
    assert set(rows) == {str(c) for c in costs}
    for card, cost in costs.items():
        shown = text(rows[str(card)])
        assert ("best" if cost == 0 else f"{cost} points") in shown
    assert "Ann" in text(rows[str(best)]) and "Bob" in text(rows[str(worst)])
    wrong = "1 student (Cy)" if false else "0 students"
    assert f"Right card, wrong reason: {wrong}" in text(live)
    assert "Not answered yet: Dan." in text(live)
    assert "answer not shown yet" in text(live)


def test_reveal_then_the_best_line_steps_to_where_best_play_leaves_the_deal(
    panel: ClassDealPanel,
) -> None:
    board = keyed(panel)
    panel.ending.value = 2
    position = panel.position
    assert position is not None
    panel.start_button.click()
    panel.line_button.click()
    assert "Show the answer to the class first" in said(panel)
    assert panel.step is None
    panel.reveal_button.click()
    deal = board.current_deal(CODE)
    assert deal is not None and deal.revealed and panel.reveal_button.disabled
    with pytest.raises(BoardError, match="shown the answer"):
        board.answer_deal(CODE, "Eve", deal.key, str(position.game().legal_plays()[0]))
    panel.line_button.click()
    assert panel.step == 0 and not panel.back.layout.display
    game = position.game()
    mover = str(game.turn)
    side = game.side(mover)
    while (step := panel.step or 0) < len(panel.line):
        legal = game.legal_plays()
        panel.forward.click()
        assert panel.step == step + 1
        card = panel.line[step]
        assert card in legal
        game.play(card)
        assert str(card) in str(panel.table.trick) or not game.trick
    assert len(panel.line) == 12 and panel.forward.disabled
    totals = game.score().totals
    other = next(s for s in totals if s != side)
    assert totals[side] - totals[other] == best_value(position.game())
    assert "The deal is over" in panel.table.status
    panel.back.click()
    assert panel.step == len(panel.line) - 1 and not panel.forward.disabled
    # Another class's code shows that class: no deal there, so no line either.
    panel.board.code.value = "ROOM8"
    assert panel.step is None and panel.deal is None
    assert "No position has been played" in text(panel.live.value)


def test_a_new_deal_can_start_at_any_time_and_the_old_answers_stay(
    panel: ClassDealPanel,
) -> None:
    board = keyed(panel)
    panel.ending.value = 1
    panel.start_button.click()
    first = board.current_deal(CODE)
    assert first is not None
    board.answer_deal(CODE, "Ann", first.key, str(first.position.game().legal_plays()[0]),
                      _any_reason(first.position))  # fmt: skip
    panel.ending.value = 4
    panel.start_button.click()
    second = board.current_deal(CODE)
    assert second is not None and second.number == 2 and second.key != first.key
    assert "Class deal 2: 0 answers so far" in text(panel.live.value)
    panel.ending.value = 1
    panel.start_button.click()  # the first position again: its answer is still there
    assert "Class deal 3: 1 answer so far" in text(panel.live.value)


def _any_reason(position: Position) -> str:
    asked = question(position.game())
    return asked.reasons[0].value if asked.reasons else ""


def test_big_cards_leave_the_table_and_the_steps_alone(panel: ClassDealPanel) -> None:
    panel.big.value = True
    assert panel.table.presenter
    for part in (panel.choosing, panel.actions, panel.live):
        assert part.layout.display == "none"
    assert panel.steps.layout.display is None and panel.big.layout.display is None
    panel.big.value = False
    assert panel.choosing.layout.display is None and not panel.table.presenter
