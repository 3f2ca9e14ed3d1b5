"""A stage of exercises with stars: ask, let the learner try, explain, and keep the stars.

Questions, answers and explanations come from :mod:`calypso.exercises`; this widget asks them
one at a time (a trick or a hand drawn on the card table when there is one), gives three stars
for a right first answer, two for a second try and one after that, explains the answer with its
ruling, and tells the browser's :class:`~calypso.widgets.progress.Progress` store what was
earned. Under the classroom server, a student who has answered the class quiz also sends each
exercise's stars to the teacher's live board (:class:`~calypso.widgets.member.ClassMember`).
The stage and the exercise reached are in the page address (key ``ex``).

>>> stage = ExerciseSet("04", seed=3)
>>> wrong = next(c.key for c in stage.exercise.choices if c.key != stage.exercise.answer)
>>> stage.choose(wrong)
>>> stage.choose(stage.exercise.answer)
>>> stage.earned
{0: 2}
>>> stage.link.value
'3.0'
>>> ExerciseSet("04-worth").link.key  # a practice stage has a key of its own
'ex-worth'
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from calypso.board import DatabaseError, class_board
from calypso.exercises import STAGES, Exercise, make_stage, stars
from calypso.game import SEATS
from calypso.table import play_order
from calypso.tricks import Rule, resolve_trick
from calypso.widgets.base import Panel, button
from calypso.widgets.cardtable import CardTable, reasons
from calypso.widgets.link import PageLink
from calypso.widgets.member import ClassMember
from calypso.widgets.progress import Progress, chapters

STAR, NO_STAR = "★", "☆"


def star_text(count: int, of: int = 3) -> str:
    """``count`` filled stars out of ``of``, as text: ``star_text(2)`` is ``'★★☆'``."""
    return STAR * count + NO_STAR * (of - count)


def _rule_summary(rule: str) -> str:
    known = {r.value: r for r in Rule}
    return known[rule].summary if rule in known else ""


class ExerciseSet(Panel):
    """A stage (a chapter's closing stage, or a short practice stage after a section): a few
    exercises drawn from a seed, with stars."""

    def __init__(self, stage: str, seed: int = 1) -> None:
        if stage not in STAGES:
            raise ValueError(f"bad stage {stage!r}: expected one of {', '.join(STAGES)}")
        self.stage_id = stage
        """The stage's id, under which its stars are kept (the chapter's own for its
        closing stage)."""
        self.seed = seed
        self.stage: list[Exercise] = []
        self.index = 0
        self.attempts = 0
        self.earned: dict[int, int] = {}
        """Stars earned so far, by exercise (0 is the first)."""
        self.tried: set[str] = set()
        self.heading = w.HTML()
        self.question = w.HTML()
        self.table = CardTable(label="The exercise's table")
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = w.HTML()
        self.feedback.add_class("calypso-exercise-feedback")
        self.next = button("Next exercise", icon="arrow-right")
        self.again = button("Try this stage again", icon="undo")
        self.fresh = button("New exercises", icon="refresh")
        self.progress = Progress(chapter=stage, chapters=chapters())
        self.link = PageLink(key="ex" + stage[2:])
        self.member = ClassMember()
        self.board = class_board()
        self.member.observe(lambda _: self._say_where_stars_go(), "member")
        self.next.on_click(self.guard(lambda _: self.go(self.index + 1)))
        self.again.on_click(self.guard(lambda _: self.start(self.seed)))
        self.fresh.on_click(self.guard(lambda _: self.start(self.seed + 1)))
        self.table.on_card(self.guard(lambda card: self.choose(str(card))))
        self.link.on_open(self.guard(self.open_link))
        children = [
            self.progress,
            self.member,
            self.heading,
            self.question,
            self.table,
            self.choices,
            self.feedback,
            w.HBox([self.next, self.again, self.fresh], layout=w.Layout(flex_flow="row wrap")),
            self.link,
        ]
        super().__init__("Exercises", children)
        self.add_class("calypso-exercises")
        self.start(seed)

    @property
    def exercise(self) -> Exercise:
        return self.stage[self.index]

    @property
    def finished(self) -> bool:
        return len(self.earned) == len(self.stage)

    def start(self, seed: int, index: int = 0) -> None:
        """Begin the stage drawn from ``seed``, at exercise ``index`` (the first by default)."""
        self.seed = seed
        self.stage = make_stage(self.stage_id, seed)
        self.earned = {}
        self.go(min(index, len(self.stage) - 1))

    def go(self, index: int) -> None:
        """Show exercise ``index`` of the stage (0 is the first)."""
        if not 0 <= index < len(self.stage):
            raise ValueError(
                f"There is no exercise {index + 1} here: this stage has {len(self.stage)}."
            )
        self.index, self.attempts, self.tried = index, 0, set()
        self.earned = {k: v for k, v in self.earned.items() if k < index}
        self.link.value = f"{self.seed}.{index}"
        self.show()

    def open_link(self, text: str) -> None:
        """Open the stage and exercise a link names (``"seed.index"``)."""
        seed, _, index = text.partition(".")
        if not (seed.isdigit() and index.isdigit()):
            raise ValueError("That link does not name an exercise: here is the first one.")
        self.start(int(seed), int(index))  # straight there: the address never names another

    def choose(self, key: str) -> None:
        """Answer the exercise shown with the choice ``key``."""
        if self.index in self.earned or key in self.tried:
            return
        exercise = self.exercise
        if key not in [c.key for c in exercise.choices]:
            raise ValueError("That is not one of the answers offered.")
        self.attempts += 1
        if not exercise.is_right(key):
            self.tried.add(key)
            self.show()
            return
        earned = stars(self.attempts)
        self.earned[self.index] = earned
        self.progress.record(self.index, earned)
        self._to_board(earned)
        self.show()

    def _to_board(self, earned: int) -> None:
        """Under the classroom server, send the stars to the class's live board (the board
        keeps each exercise's best)."""
        who = self.member.who()
        if self.board is None or who is None:
            return
        try:
            self.board.record_stars(*who, self.stage_id, self.index + 1, earned)
        except (ValueError, OSError, DatabaseError):
            self.member.note = "Your teacher's live board did not get these stars."

    def _say_where_stars_go(self) -> None:
        who = self.member.who()
        self.member.note = (
            f"Your stars also go to your teacher's live board, for class {who[0]} as {who[1]}."
            if self.board is not None and who is not None
            else ""
        )

    # -- drawing -----------------------------------------------------------------------------

    def show(self) -> None:
        exercise = self.exercise
        answered = self.index in self.earned
        got = " ".join(star_text(n) for _, n in sorted(self.earned.items()))
        self.heading.value = (
            f'<p class="calypso-muted">Exercise {self.index + 1} of {len(self.stage)} · '
            f"stage {self.seed}"
            + (f' · <span aria-label="stars so far">{got}</span>' if got else "")
            + "</p>"
        )
        facts = "".join(f"<li>{escape(fact)}</li>" for fact in exercise.facts)
        asked = f'<p class="calypso-question"><b>{escape(exercise.question)}</b></p>'
        self.question.value = asked + (f"<ul>{facts}</ul>" if facts else "")
        self._draw_table(exercise, answered)
        self.choices.children = self._choice_buttons(exercise, answered)
        self.feedback.value = self._feedback(exercise, answered)
        last = self.index == len(self.stage) - 1
        self.next.layout.display = "none" if last or not answered else None
        self.again.layout.display = None if self.finished else "none"
        self.fresh.layout.display = None if self.finished else "none"

    def _draw_table(self, exercise: Exercise, answered: bool) -> None:
        trick = exercise.trick
        self.table.layout.display = None if trick is not None else "none"
        if trick is None:
            self.table.clear()
            return
        you = play_order(trick.leader, SEATS)[len(trick.cards)] if exercise.hand else None
        own = dict(zip(SEATS, exercise.trumps, strict=True)) if exercise.personal else {}
        self.table.set_table(SEATS, own, you=you, bottom="S", partners=exercise.personal)
        cards, seats = list(trick.cards), list(exercise.played_by)
        if exercise.hand and answered:
            cards.append(next(c for c in exercise.hand if str(c) == exercise.answer))
            seats.append(str(you))
        order = [own.get(seat) for seat in seats]
        result = None
        if answered and len(cards) == len(SEATS):
            result = (
                resolve_trick(cards, order)
                if exercise.personal
                else resolve_trick(cards, trump=exercise.shared_trump)
            )
        turn = None if result else you
        self.table.show_trick(cards, seats, order, result, turn=turn)
        if result is not None:  # the ruling as the exercise names it (Call Bridge's own B4 ids)
            self.table.verdict = {**self.table.verdict, "rule": exercise.rule}
        if exercise.hand and not answered:
            offered = {c.key for c in exercise.choices} - self.tried
            why = reasons(exercise.hand, trick.cards, own[str(you)])
            self.table.show_hand(
                exercise.hand,
                playable=[c for c in exercise.hand if str(c) in offered],
                why=lambda c: (
                    "you tried it: it does not win the trick for your side"
                    if str(c) in self.tried
                    else why[c]
                ),
            )
        else:
            self.table.show_hand([])

    def _choice_buttons(self, exercise: Exercise, answered: bool) -> tuple[w.Widget, ...]:
        if exercise.hand:
            return ()
        buttons = []
        for choice in exercise.choices:
            choice_button = button(choice.label)
            choice_button.disabled = answered or choice.key in self.tried
            if answered and choice.key == exercise.answer:
                choice_button.button_style = "success"
            choice_button.on_click(self.guard(lambda _, k=choice.key: self.choose(k)))
            buttons.append(choice_button)
        return tuple(buttons)

    def _feedback(self, exercise: Exercise, answered: bool) -> str:
        if not answered:
            if not self.tried:
                return ""
            return (
                '<p class="calypso-error" role="status">Not that one. Look again and try '
                "another answer.</p>"
            )
        earned = self.earned[self.index]
        summary = _rule_summary(exercise.rule)
        rule = f"Rule {exercise.rule}" + (f": {summary}" if summary else "")
        done = ""
        if self.finished:
            total = sum(self.earned.values())
            done = (
                f"<p><b>Stage complete: {total} of {3 * len(self.stage)} stars.</b> Try it again "
                "for more stars, or take new exercises.</p>"
            )
        return (
            f'<div role="status"><p class="calypso-good"><b>Right: '
            f"{exercise.answer_label}.</b> "
            f'<span aria-label="{earned} stars">{star_text(earned)}</span></p>'
            f"<p>{escape(exercise.explanation)}</p>"
            f'<p class="calypso-muted">{escape(rule)}</p>{done}</div>'
        )
