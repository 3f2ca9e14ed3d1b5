"""The class quiz: "who wins this trick?" with instant feedback, a score and a worksheet.

>>> quiz = Quiz(code="ROOM12")
>>> quiz.answer(quiz.puzzle.answer)
>>> quiz.right, quiz.asked
(1, 1)
"""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as w

from calypso import render
from calypso.game import SEATS
from calypso.quiz import LEVELS, Puzzle, make_quiz, normalise_code
from calypso.widgets.base import Panel, button


class Quiz(Panel):
    """Ten puzzles for a class code and level; answer by clicking the winning seat."""

    def __init__(self, code: str = "CLASS-1", level: int = 1, count: int = 10) -> None:
        self.count = count
        self.puzzles: list[Puzzle] = []
        self.index = 0
        self.right = self.asked = 0
        self.code = w.Text(
            value=code,
            description="Class code",
            layout=w.Layout(width="16em"),
            style={"description_width": "initial"},
        )
        self.level = w.ToggleButtons(
            options=[(f"{n}. {name}", n) for n, (name, _) in LEVELS.items()],
            value=level,
            description="Level",
            style={"button_width": "13em"},
        )
        self.start = button("Start the quiz", icon="play")
        self.question = w.HTML()
        self.answers = [button(seat, width="4em") for seat in SEATS]
        self.next = button("Next puzzle", icon="arrow-right")
        self.score = w.HTML()
        self.feedback = w.HTML()
        self.sheet = w.HTML()
        self.start.on_click(self.guard(lambda _: self.begin()))
        self.next.on_click(self.guard(lambda _: self.advance()))
        for seat, answer_button in zip(SEATS, self.answers, strict=True):
            answer_button.on_click(self.guard(lambda _, s=seat: self.answer(s)))
        children = [
            w.HBox([self.code, self.start]),
            self.level,
            self.score,
            self.question,
            w.HBox(
                [w.HTML("Winner:"), *self.answers, self.next], layout=w.Layout(align_items="center")
            ),
            self.feedback,
            self.sheet,
        ]
        super().__init__("Class quiz: who wins this trick?", children)
        self.begin()

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    def begin(self) -> None:
        """A fresh quiz for the class code and level shown."""
        code = normalise_code(self.code.value)
        self.puzzles = make_quiz(code, self.level.value, self.count)
        self.index, self.right, self.asked = 0, 0, 0
        self.code.value = code
        self.sheet.value = self._worksheet_link(code)
        self.show()

    def answer(self, seat: str) -> None:
        if self.asked > self.index:
            raise ValueError("this puzzle is answered already: go on to the next one")
        self.asked += 1
        result = self.puzzle.result
        winner = self.puzzle.answer
        if seat == winner:
            self.right += 1
            self.feedback.value = (
                f'<p class="calypso-good" data-verdict="right">Right! {winner} wins '
                f"({result.rule.value}). {escape(result.explanation)}</p>"
            )
        else:
            self.feedback.value = (
                f'<p class="calypso-error" data-verdict="wrong">Not quite: {winner} '
                f"wins, not {seat} ({result.rule.value}). "
                f"{escape(result.explanation)}</p>"
            )
        self.question.value = render.puzzle(self.puzzle, reveal=True)
        self._controls()

    def advance(self) -> None:
        if self.index + 1 >= len(self.puzzles):
            raise ValueError("that was the last puzzle: start the quiz again for another round")
        self.index += 1
        self.show()

    def show(self) -> None:
        self.question.value = render.puzzle(self.puzzle)
        self.feedback.value = ""
        self._controls()
        self.message.clear()

    def _controls(self) -> None:
        answered = self.asked > self.index
        for answer_button in self.answers:
            answer_button.disabled = answered
        self.next.disabled = not answered or self.index + 1 >= len(self.puzzles)
        done = answered and self.index + 1 == len(self.puzzles)
        status = " Quiz complete!" if done else ""
        self.score.value = (
            f"<p>Puzzle {self.index + 1} of {len(self.puzzles)} · score "
            f'<b data-score="{self.right}">{self.right} / {self.asked}</b>{status}</p>'
        )

    def _worksheet_link(self, code: str) -> str:
        name, _ = LEVELS[self.level.value]
        page = render.worksheet(self.puzzles, code, name)
        data = base64.b64encode(page.encode()).decode()
        filename = f"calypso-quiz-{code}-level{self.level.value}.html"
        return (
            f'<p><a download="{escape(filename)}" href="data:text/html;base64,{data}">'
            f"⬇ Printable worksheet with answer key ({escape(filename)})</a></p>"
        )
