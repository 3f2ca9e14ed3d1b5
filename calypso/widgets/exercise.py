"""A stage of exercises with stars: ask on the card table, take the answer there, say why.

Questions, answers, explanations and the reason each wrong answer is wrong come from
:mod:`calypso.lessons.exercises`; this widget asks them one at a time on the card table, where they
are answered: a seat is clicked (or its letter key pressed), a card of the hand is played, or
one of the table's big choice buttons is pressed (or its number key). A wrong answer is marked
where it was given, with its reason; a right one earns three stars at the first try, two at the
second and one after that, with one explanation and its ruling; *Try this stage again* asks
the next seed's exercises, new ones of the same kind, so stars come from the rules and not from
remembered answers. The widget is headed by the stage's name. The browser's
:class:`~calypso.widgets.progress.Progress` store keeps the stars and where the stage was left,
so a reload finds it there. Under the classroom server, a student who has answered the class
quiz also sends each exercise's stars to the teacher's live board
(:class:`~calypso.widgets.member.ClassMember`). The stage and the exercise reached are in the
page address (key ``ex``, or ``ex-...`` for a practice stage), and a link wins over what the
browser kept. A student who opened a class's link with a house rule (C5) is asked the stages it
changes under it, with its words above the table; a stage that keeps the rules as written says
so (:func:`calypso.lessons.exercises.as_written`).

>>> stage = ExerciseSet("scoring", seed=3)
>>> wrong = next(c.key for c in stage.exercise.choices if c.key != stage.exercise.answer)
>>> stage.choose(wrong)
>>> stage.table.reply["title"], stage.table.reply["text"] == stage.exercise.reason(wrong) + "."
('Not that one.', True)
>>> stage.choose(stage.exercise.answer)
>>> stage.earned
{0: 2}
>>> stage.link.value
'3.0'
>>> ExerciseSet("scoring-worth").link.key  # a practice stage has a key of its own
'ex-worth'
>>> own = ExerciseSet("who-wins-own", seed=3)
>>> own.member.keep_rule("ROOM7", HouseRule.from_text("w0"))  # as the page reports it
>>> own.stage == make_stage("who-wins-own", 3, rule=own.rule), "ruff beats" in own.words.value
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from calypso.engine.table import play_order
from calypso.engine.tricks import Rule, refusals
from calypso.i18n import N_, _, ngettext
from calypso.lessons.chapters import find_chapter
from calypso.lessons.exercises import STAGES, Exercise, as_written, make_stage, stages_of, stars
from calypso.lessons.glossary import glossary_html
from calypso.lessons.house import STANDARD, HouseRule
from calypso.partnership.game import SEATS
from calypso.widgets.base import Panel, button
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.widgets.member import ClassMember, HouseLine, house_html
from calypso.widgets.progress import Progress, chapters, next_step, stage_heading
from calypso.widgets.quiz import chapter_page
from calypso.widgets.tabledata import ChoiceData, Ending, Reply, rule_data
from calypso.words.tricks import refusal_reason, rule_summary

STAR, NO_STAR = "★", "☆"

WELCOME = find_chapter("welcome").page
"""The welcome page, with the map of every chapter: the way on after the last stage."""

NEXT = N_("Next exercise")


@dataclass(frozen=True)
class StageLink:
    """What a link to a stage of exercises holds: the stage's seed and the exercise reached
    (0 is the first), as ``"seed.index"``.

    >>> StageLink.from_link("3.0"), StageLink(12, 4).to_link()
    (StageLink(seed=3, index=0), '12.4')
    >>> StageLink.from_link("3")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name an exercise: here is the first one.
    """

    seed: int
    index: int

    def to_link(self) -> str:
        return f"{self.seed}.{self.index}"

    @classmethod
    def from_link(cls, text: str) -> StageLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        seed, dot, index = text.partition(".")
        if not (dot and seed.isdigit() and index.isdigit()):
            raise ValueError(_("That link does not name an exercise: here is the first one."))
        return cls(int(seed), int(index))


def star_text(count: int, of: int = 3) -> str:
    """``count`` filled stars out of ``of``, as text: ``star_text(2)`` is ``'★★☆'``."""
    return STAR * count + NO_STAR * (of - count)


def _rule_summary(rule: str) -> str:
    known = {r.value: r for r in Rule}
    return rule_summary(known[rule]) if rule in known else ""


class ExerciseSet(Panel):
    """A stage (a chapter's closing stage, or a short practice stage after a section): a few
    exercises drawn from a seed, asked and answered on the card table, with stars."""

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
        self.tried: list[str] = []
        """The wrong keys tried at the exercise shown, in order."""
        self.linked: tuple[int, int] | None = None
        """The seed and exercise a link opened the page at: it wins over what was kept, unless
        both name the same place (a reload keeps the stage's own address)."""
        self.restored = False
        self.rule = STANDARD
        """The house rule of the class this browser answers for (the standard rule unless a
        class's link gave one)."""
        self.heading = w.HTML()
        self.words = HouseLine()
        self.table = CardTable(label=_("The exercise's table"), stage=stage)
        self.again = button(_("Try this stage again"), icon="refresh")
        self.progress = Progress(chapter=stage, chapters=chapters())
        self.link = PageLink(key=STAGES[stage].link_key)
        self.member = ClassMember()
        self.table.on_next(self.guard(lambda: self.go(self.index + 1)))
        self.again.on_click(self.guard(lambda _: self._again()))
        self.table.on_card(self.guard(lambda card: self.choose(str(card))))
        self.table.on_seat(self.guard(self.choose))
        self.table.on_choice(self.guard(self.choose))
        self.link.on_open(self.guard(self.open_link))
        self.member.on_rule(self.guard(self.take_rule))
        self.progress.observe(self.guard(lambda change: self.restore(change["new"])), "kept")
        children = [
            self.progress,
            self.member,
            self.heading,
            self.words,
            self.table,
            self.again,
            self.link,
        ]
        super().__init__(stage_heading(STAGES[stage]), children)
        self.add_class("calypso-exercises")
        self.start(seed)

    @staticmethod
    def rule_ids() -> Panel:
        """The list of every ruling id an exercise's answer can name, each with its words, its
        anchor (``#rule-C4.4``, where each id on the card table links to) and a link to the
        section that teaches it (:func:`calypso.lessons.glossary.glossary_html`): chapter 00's
        "Rule ids".

        >>> 'id="rule-C4.4"' in ExerciseSet.rule_ids().children[1].value
        True
        """
        return Panel("", [w.HTML(glossary_html())])

    @property
    def exercise(self) -> Exercise:
        return self.stage[self.index]

    @property
    def house(self) -> HouseRule:
        """The rule this stage's questions are asked under: the class's house rule if it changes
        them, else the standard rule."""
        return self.rule if STAGES[self.stage_id].house else STANDARD

    def take_rule(self, rule: HouseRule) -> None:
        """The browser holds the house rule ``rule``: say so, and ask the exercise shown (and
        those after it) under it if it changes this stage."""
        before, self.rule = self.house, rule
        kept = as_written(self.stage_id, rule)
        if self.house == rule:
            self.words.say(house_html(rule))
        elif kept:
            self.words.say(f'<p class="calypso-muted" data-house-rule>{escape(kept)}</p>')
        else:
            self.words.say("")
        if self.house != before:
            earned = self.earned
            self.stage = make_stage(self.stage_id, self.seed, rule=self.house)
            self.earned = earned
            self.go(self.index)

    @property
    def finished(self) -> bool:
        return len(self.earned) == len(self.stage)

    def start(self, seed: int, index: int = 0) -> None:
        """Begin the stage drawn from ``seed``, at exercise ``index`` (the first by default)."""
        self.seed = seed
        self.stage = make_stage(self.stage_id, seed, rule=self.house)
        self.earned = {}
        self.go(min(index, len(self.stage) - 1))

    def _again(self) -> None:
        """Begin the stage again from the button at its end, with new exercises of the same
        kind: those of the next seed, which the page's address then names (a link to the
        stage's first try still opens that one). The keyboard goes to the question."""
        self.start(self.seed + 1)
        self.table.focus_question()

    def go(self, index: int) -> None:
        """Show exercise ``index`` of the stage (0 is the first)."""
        if not 0 <= index < len(self.stage):
            raise ValueError(
                _("There is no exercise {n} here: this stage has {count}.").format(
                    n=index + 1, count=len(self.stage)
                )
            )
        self.index, self.attempts, self.tried = index, 0, []
        self.earned = {k: v for k, v in self.earned.items() if k < index}
        self.link.value = StageLink(self.seed, index).to_link()
        self.show()
        self._remember()

    def open_link(self, text: str) -> None:
        """Open the stage and exercise a link names (:class:`StageLink`)."""
        link = StageLink.from_link(text)
        self.linked = (link.seed, link.index)
        if self.restored and (self.seed, self.index) == self.linked:
            return  # a reload: the browser kept this very place, stars and tries included
        self.start(link.seed, link.index)  # straight there: the address never names another

    def choose(self, key: str) -> None:
        """Answer the exercise shown with the choice ``key``."""
        if self.index in self.earned or key in self.tried:
            return
        exercise = self.exercise
        if key not in [c.key for c in exercise.choices]:
            raise ValueError(_("That is not one of the answers offered."))
        self.attempts += 1
        if not exercise.is_right(key):
            self.tried.append(key)
            self.show()
            self._remember()
            return
        earned = stars(self.attempts)
        self.earned[self.index] = earned
        self.progress.record(self.index, earned)
        self.member.send_stars(self.stage_id, self.index + 1, earned)
        self.show()
        self._remember()

    # -- kept in the browser -------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """Where the stage is, as the browser keeps it: seed, exercise reached, stars per
        exercise answered and the wrong keys tried at the exercise shown."""
        return {
            "seed": self.seed,
            "index": self.index,
            "stars": [self.earned.get(i, 0) for i in range(len(self.stage))],
            "tried": list(self.tried),
        }

    def _remember(self) -> None:
        self.progress.remember(self.state())

    def restore(self, kept: Mapping[str, Any]) -> None:
        """Go back to where the stage was left (:meth:`state`, as the browser kept it), unless
        a link opened the page elsewhere; anything that does not fit this stage is ignored."""
        if not kept:
            return
        seed, index = kept.get("seed"), kept.get("index")
        if self.linked is not None and self.linked != (seed, index):
            return
        got, tried = kept.get("stars"), kept.get("tried")
        if not (isinstance(seed, int) and seed >= 0 and isinstance(index, int)):
            return
        stage = make_stage(self.stage_id, seed, rule=self.house)
        if not (0 <= index < len(stage) and isinstance(got, list) and isinstance(tried, list)):
            return
        earned = {i: n for i, n in enumerate(got[: len(stage)]) if n in (1, 2, 3)}
        wrong = {k for k, _ in stage[index].why}
        self.seed, self.stage, self.index, self.earned = seed, stage, index, earned
        self.tried = [k for k in dict.fromkeys(tried) if k in wrong]
        self.attempts = len(self.tried)
        self.link.value = StageLink(seed, index).to_link()
        self.restored = True
        self.show()

    # -- drawing -----------------------------------------------------------------------------

    def show(self) -> None:
        exercise = self.exercise
        answered = self.index in self.earned
        got = " ".join(star_text(n) for _i, n in sorted(self.earned.items()))
        where = _("Exercise {n} of {count}").format(n=self.index + 1, count=len(self.stage))
        so_far = _("stars so far")
        self.heading.value = (
            f'<p class="calypso-muted">{where}'
            + (f' · <span aria-label="{so_far}">{got}</span>' if got else "")
            + "</p>"
        )
        last = self.index == len(self.stage) - 1
        table = self.table
        with table.hold_sync():
            table.question = exercise.question
            table.facts = list(exercise.facts)
            self._draw_table(exercise, answered)
            by_seat = _by_seat(exercise)
            table.seat_pick = by_seat and not answered
            marks = {key: "wrong" for key in self.tried}
            if answered:
                marks[exercise.answer] = "right"
            table.seat_marks = marks if by_seat else {}
            table.seat_why = (
                {key: _sentence(exercise.reason(key)) for key in self.tried} if by_seat else {}
            )
            table.choices = [] if by_seat or exercise.hand else self._choices(exercise, answered)
            table.reply = dict(self._reply(exercise, answered))
            table.next_label = _(NEXT) if answered and not last else ""
            table.ending = dict(self._ending()) if self.finished else {}
        self.again.layout.display = None if self.finished else "none"

    def _draw_table(self, exercise: Exercise, answered: bool) -> None:
        trick = exercise.trick
        own = dict(zip(SEATS, exercise.trumps, strict=True)) if exercise.personal else {}
        if trick is None:
            self.table.clear()
            if _by_seat(exercise) or exercise.chapter == "table":
                self.table.set_table(SEATS, own, bottom="S")  # the seats: no sides given away
            else:
                self.table.seats = []
            return
        you = play_order(trick.leader, SEATS)[len(trick.cards)] if exercise.hand else None
        self.table.set_table(
            SEATS,
            own,
            you=you,
            bottom="S",
            partners=exercise.personal,
            shown=dict(exercise.shown),
            rotate=you is not None,
        )
        cards, seats = list(trick.cards), list(exercise.played_by)
        refused = refusals(
            exercise.hand, trick.cards, own.get(str(you)), all_fours=self.house.all_fours
        )
        played = [c for c in exercise.hand if str(c) == exercise.answer and c not in refused]
        if answered and played:  # the card answered is played; a card that may not be, is not
            cards.append(played[0])
            seats.append(str(you))
        order = [own.get(seat) for seat in seats]
        known = not _by_seat(exercise) and not exercise.hand  # 03 names the winner
        shown = (answered or known) and len(cards) == len(SEATS)
        result = exercise.result if shown else None  # the engine's verdict, as the exercise has it
        turn = None if answered else you
        self.table.show_trick(cards, seats, order, result, turn=turn)
        if result is not None and known:
            self.table.verdict = {}  # the winner is in the question; the answer is elsewhere
        elif result is not None:  # the one explanation, with the ruling as the exercise names it
            self.table.verdict = {
                **self.table.verdict,
                **rule_data(exercise.rule),
                "sentence": exercise.explanation,
            }
        if exercise.hand and not answered:
            offered = {c.key for c in exercise.choices} - set(self.tried)
            why = {card: refusal_reason(no) for card, no in refused.items()}
            self.table.show_hand(
                exercise.hand,
                playable=[c for c in exercise.hand if str(c) in offered],
                why=lambda c: exercise.reason(str(c)) if str(c) in self.tried else why[c],
                wrong=[c for c in exercise.hand if str(c) in self.tried],
            )
        else:
            self.table.show_hand([])

    def _choices(self, exercise: Exercise, answered: bool) -> list[ChoiceData]:
        def mark(key: str) -> str:
            if key in self.tried:
                return "wrong"
            if answered:
                return "right" if key == exercise.answer else "done"
            return ""

        choices = []
        for choice in exercise.choices:
            data = ChoiceData(key=choice.key, label=choice.label, mark=mark(choice.key))
            if choice.key in self.tried:
                data["why"] = _sentence(exercise.reason(choice.key))
            choices.append(data)
        return choices

    def _reply(self, exercise: Exercise, answered: bool) -> Reply | dict[str, str]:
        if not answered:
            if not self.tried:
                return {}
            return Reply(
                tone="wrong",
                title=_("Not that one."),
                text=_sentence(exercise.reason(self.tried[-1])),
            )
        earned = self.earned[self.index]
        title = _("Right: {answer}. {stars} ({earned} of 3 stars)").format(
            answer=exercise.answer_label, stars=star_text(earned), earned=earned
        )
        if self.table.verdict:  # the trick's verdict on the felt carries the explanation
            return Reply(tone="right", title=title, text="")
        return Reply(
            tone="right",
            title=title,
            text=exercise.explanation,
            **rule_data(exercise.rule),
            summary=_rule_summary(exercise.rule),
        )

    def _ending(self) -> Ending:
        total, most = sum(self.earned.values()), 3 * len(self.stage)
        missing = most - total
        if missing == 0:
            text = _("Every star of this stage is yours: three for each exercise.")
        else:
            text = ngettext(
                "{count} more star can be earned here: “Try this stage again” asks new "
                "exercises of the same kind, and each one answered at the first try earns three.",
                "{count} more stars can be earned here: “Try this stage again” asks new "
                "exercises of the same kind, and each one answered at the first try earns three.",
                missing,
            ).format(count=missing)
        ending = Ending(
            title=_("Stage complete: {total} of {most} stars").format(total=total, most=most),
            text=text,
            stars=" ".join(star_text(self.earned[i]) for i in sorted(self.earned)),
            celebrate=True,
        )
        step = next_step(self.stage_id)
        if step is None:
            ending["go_label"] = _("Back to the map of chapters")
            ending["go_href"] = chapter_page(WELCOME)
            return ending
        here = [s.id for s in stages_of(STAGES[self.stage_id].chapter)]
        after = here[here.index(self.stage_id) + 1 :]
        ending["go_href"] = step["href"]
        if after:  # on this page: the table scrolls to it and keeps the page's address
            ending["go_label"] = _("Next: {title}").format(title=step["title"])
            ending["go_stage"] = after[0]
        else:
            ending["go_label"] = _("Next chapter: {title}").format(title=step["title"])
        return ending


def _by_seat(exercise: Exercise) -> bool:
    """The exercise is answered by picking a seat at the table."""
    return {c.key for c in exercise.choices} == set(SEATS)


def _sentence(text: str) -> str:
    """A reason as a sentence: capital first letter, full stop."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
