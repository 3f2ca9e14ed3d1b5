"""The class quiz: "who wins this trick?" on the card table, with the answer beside the winner.

Each puzzle's trick is laid on a :class:`~calypso.widgets.cardtable.CardTable` in reveal mode:
the winner stays hidden until the learner picks a seat (a click on the seat, its letter key,
or a button under the table). Then the winning card is marked, the verdict and its ruling
appear next to it, and the table's *Next puzzle* button (or Enter) goes on. The class code,
level and puzzle are in the page address (key ``quiz``), so a link opens the same puzzle.

>>> quiz = Quiz(code="ROOM12")
>>> quiz.answer(quiz.puzzle.answer)
>>> quiz.right, quiz.asked, quiz.table.verdict["tone"]
(1, 1, 'right')
>>> quiz.advance()
>>> quiz.link.value
'ROOM12.1.2'
"""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as w

from calypso import render
from calypso.game import SEATS
from calypso.quiz import LEVELS, VERSIONS, Puzzle, make_quiz, normalise_code
from calypso.results import QuizResult
from calypso.widgets.base import Panel, button
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink

NEXT, AGAIN = "Next puzzle", "Start again"


def link_text(code: str, level: int, number: int, version: str = "A") -> str:
    """What the page address holds for a quiz: class code, level, puzzle number and, for
    version B, the version.

    >>> link_text("ROOM12", 2, 3), link_text("ROOM12", 2, 3, "B")
    ('ROOM12.2.3', 'ROOM12.2.3.B')
    """
    return f"{code}.{level}.{number}" + ("" if version == "A" else f".{version}")


class Quiz(Panel):
    """Ten puzzles for a class code and level; answer by picking the winning seat."""

    def __init__(self, code: str = "CLASS-1", level: int = 1, count: int = 10) -> None:
        self.count = count
        self.puzzles: list[Puzzle] = []
        self.index = 0
        self.right = 0
        self.done: set[int] = set()
        """The puzzles answered (0 is the first)."""
        self.missed: dict[int, str] = {}
        """The puzzles answered wrongly, and the seat the learner chose."""
        self.retrying = False
        """Whether this is a second try at the misses (which gives no result code)."""
        self._starting = False
        self.code = w.Text(
            value=code,
            description="Class code",
            continuous_update=False,  # the code is read on Enter (or on leaving the box)
            layout=w.Layout(width="16em"),
            style={"description_width": "initial"},
        )
        self.level = w.ToggleButtons(
            options=[(f"{n}. {name}", n) for n, (name, _) in LEVELS.items()],
            value=level,
            description="Level",
            style={"button_width": "15em"},
        )
        self.version = w.ToggleButtons(
            options=[(f"version {v}", v) for v in VERSIONS],
            value="A",
            description="Sheet",
            tooltips=["the class's first set of puzzles", "a second set, for neighbours"],
            style={"button_width": "7em"},
        )
        self.start = button("Start the quiz", icon="play")
        self.big = w.Checkbox(value=False, description="Big cards for a projector", indent=False)
        self.table = CardTable(
            label="Quiz table", reveal_mode=True, seat_pick=True, next_label=NEXT
        )
        self.answers = [button(seat, width="4em") for seat in SEATS]
        self.score = w.HTML()
        self.ending = w.HTML()
        self.ending.add_class("calypso-quiz-ending")
        self.again = button("Try these again", icon="undo")
        self.harder = button("Next level", icon="arrow-up")
        self.finish = w.HBox([self.again, self.harder], layout=w.Layout(flex_flow="row wrap"))
        self.sheet = w.HTML()
        self.link = PageLink(key="quiz")
        self.start.on_click(self.guard(lambda _: self.begin()))
        self.code.observe(self.guard(lambda _: self._restart()), "value")
        self.level.observe(self.guard(lambda _: self._restart()), "value")
        self.version.observe(self.guard(lambda _: self._restart()), "value")
        self.again.on_click(self.guard(lambda _: self.retry()))
        self.harder.on_click(self.guard(lambda _: self.next_level()))
        w.link((self.big, "value"), (self.table, "presenter"))
        self.table.on_seat(self.guard(self.answer))
        self.table.on_next(self.guard(self.advance))
        self.link.on_open(self.guard(self.open_link))
        for seat, answer_button in zip(SEATS, self.answers, strict=True):
            answer_button.on_click(self.guard(lambda _, s=seat: self.answer(s)))
        children = [
            w.HBox([self.code, self.start], layout=w.Layout(flex_flow="row wrap")),
            self.level,
            self.version,
            self.score,
            self.table,
            w.HBox(
                [w.HTML("Or choose the winner here:"), *self.answers],
                layout=w.Layout(flex_flow="row wrap", align_items="center"),
            ),
            self.ending,
            self.finish,
            w.HBox([self.big, self.link], layout=w.Layout(flex_flow="row wrap")),
            self.sheet,
        ]
        super().__init__("Class quiz: who wins this trick?", children)
        self.add_class("calypso-quiz")
        self.begin()

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def asked(self) -> int:
        return len(self.done)

    @property
    def answered(self) -> bool:
        return self.index in self.done

    def _restart(self) -> None:
        if not self._starting:
            self.begin()

    def begin(self, at: int = 0) -> None:
        """A fresh quiz for the class code and level shown, at puzzle ``at`` (0 is the first)."""
        try:
            code = normalise_code(self.code.value)
        except ValueError:
            raise ValueError(
                f"“{self.code.value.strip()}” is not a class code: use 1 to 24 letters, "
                "digits or dashes, like ROOM12."
            ) from None
        self.puzzles = make_quiz(code, self.level.value, self.count, self.version.value)
        self.index, self.right, self.done = min(at, len(self.puzzles) - 1), 0, set()
        self.missed, self.retrying = {}, False
        self._starting = True
        try:
            self.code.value = code
        finally:
            self._starting = False
        self.sheet.value = self._worksheet_link(code)
        self.show()

    def open_link(self, text: str) -> None:
        """Open the quiz and puzzle a link names (``"CODE.level.number"``, then ``".B"`` for
        version B)."""
        code, level, number, version = [*text.split("."), "", "", "", ""][:4]
        version = version or "A"
        try:
            normalise_code(code)
            ok = int(level) in LEVELS and 1 <= int(number) <= self.count and version in VERSIONS
        except ValueError:
            ok = False
        if not ok:
            raise ValueError(
                "That link does not name a puzzle of this quiz, so here is the quiz as it starts."
            )
        self._starting = True
        try:
            self.code.value, self.level.value = code, int(level)
            self.version.value = version
        finally:
            self._starting = False
        self.begin(int(number) - 1)

    def answer(self, seat: str) -> None:
        """Answer the puzzle shown: ``seat`` is the learner's choice of winner."""
        if self.answered:
            raise ValueError("This puzzle is answered already: go on to the next one.")
        self.done.add(self.index)
        winner = self.puzzle.answer
        if seat != winner:
            self.missed[self.index] = seat
        if seat == winner:
            self.right += 1
            said = f"Right! You chose {seat}, and {winner} takes the trick."
        else:
            said = f"Not quite: you chose {seat}, but {winner} takes the trick."
        last = self.index + 1 == len(self.puzzles)
        with self.table.hold_sync():
            self.table.give_feedback(said, right=seat == winner)
            self.table.seat_pick = False
            self.table.next_label = AGAIN if last else NEXT
            self.table.revealed = True
        self._controls()

    def advance(self) -> None:
        """Go on to the next puzzle (after the last one, start the quiz again)."""
        if not self.answered:
            raise ValueError("Choose a winner for this puzzle first.")
        if self.index + 1 >= len(self.puzzles):
            self.begin()
            return
        self.index += 1
        self.show()

    def show(self) -> None:
        """Lay the puzzle's trick on the table, its winner hidden."""
        trick = self.puzzle.trick
        with self.table.hold_sync():
            self.table.set_table(SEATS, trick.trumps, bottom="S", partners=True)
            self.table.show_trick(
                list(trick.cards), list(trick.seats), trick.trumps_in_order(), self.puzzle.result
            )
            self.table.revealed = False
            self.table.seat_pick = True
            self.table.next_label = NEXT
        if not self.retrying:
            self.link.value = link_text(
                self.code.value, self.level.value, self.index + 1, self.version.value
            )
        self._controls()
        self.message.clear()

    def _controls(self) -> None:
        for answer_button in self.answers:
            answer_button.disabled = self.answered
        over = self.answered and len(self.done) == len(self.puzzles)
        status = " Quiz complete!" if over else ""
        practice = " (a second try at your misses)" if self.retrying else ""
        self.score.value = (
            f"<p>Puzzle <b>{self.index + 1}</b> of {len(self.puzzles)}{practice}: "
            f"{self.puzzle.trick.leader} leads · score "
            f'<b data-score="{self.right}">{self.right} / {self.asked}</b>{status}</p>'
        )
        self.ending.value = self._ending() if over else ""
        self.finish.layout.display = None if over else "none"
        self.again.layout.display = None if over and self.missed else "none"
        self.harder.layout.display = None if over and self.level.value < max(LEVELS) else "none"

    @property
    def result(self) -> QuizResult:
        """The learner's result for the quiz as asked (not for a second try at the misses)."""
        return QuizResult(
            self.code.value,
            self.level.value,
            self.version.value,
            len(self.puzzles),
            frozenset(i + 1 for i in self.missed),
        )

    def _ending(self) -> str:
        """What the end of a quiz says: the misses with the right answer and its ruling, a
        tally by ruling, and (for the quiz as asked) the result code to hand in."""
        return render.quiz_ending(
            [(self.puzzles[i], seat) for i, seat in sorted(self.missed.items())],
            right=self.right,
            asked=len(self.puzzles),
            code=None if self.retrying else self.result.encode(),
        )

    def retry(self) -> None:
        """A second try at just the puzzles missed (no result code comes of it)."""
        if not self.missed:
            raise ValueError("Nothing to try again: every answer was right.")
        again = [self.puzzles[i] for i in sorted(self.missed)]
        self.puzzles, self.retrying = again, True
        self.index, self.right, self.done, self.missed = 0, 0, set(), {}
        self.show()

    def next_level(self) -> None:
        """The same class code at the next level."""
        if self.level.value >= max(LEVELS):
            raise ValueError("This is the last level already.")
        self.level.value += 1

    def _worksheet_link(self, code: str) -> str:
        name, _ = LEVELS[self.level.value]
        version = self.version.value
        page = render.worksheet(self.puzzles, code, name, version)
        data = base64.b64encode(page.encode()).decode()
        filename = f"calypso-quiz-{code}-level{self.level.value}-{version}.html"
        return (
            f'<p><a class="calypso-button-link" download="{escape(filename)}" '
            f'href="data:text/html;base64,{data}">⬇ Printable worksheet, version {version}, '
            f'with answer key</a> <span class="calypso-muted">({escape(filename)})</span></p>'
        )
