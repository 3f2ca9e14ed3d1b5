"""The class quiz: "who wins this trick?" on the card table, with the answer beside the winner.

The learner types a name or initials first: a seat picked before then only asks for it. Each
puzzle's trick is laid on a :class:`~calypso.widgets.cardtable.CardTable` in reveal mode: the
winner stays hidden until the learner picks a seat (a click on the seat, its letter key, or a
button under the table). Then the winning card is marked, the verdict and its ruling appear
next to it, and the table's *Next puzzle* button (or Enter) goes on. After the last answer that
button says *See my result*: the ending and the result code (with a *Copy code* button) stay
on the page until the learner starts again and says yes when asked. The class code, level and
puzzle are in the page address (key ``quiz``, a :class:`QuizLink`), so a link opens the same
puzzle. A class's link (the teacher's desk gives it, and the board's projector links) fixes the
level and the version: the page names them in words instead of offering them to change.

The run so far (name, quiz, answers, place: a :class:`KeptRun`) stays in the student's browser,
so a reload (after a server restart, say) carries on where it stopped. Big cards for a
projector (ticked, or a projector's link) show the class only the question and the trick, with
the verdict beside the cards once a seat is chosen or *Reveal* (R) pressed.

>>> quiz = Quiz(code="ROOM12", name="Ann")
>>> quiz.pick(quiz.puzzle.answer)
>>> quiz.right, quiz.asked, quiz.table.verdict["tone"]
(1, 1, 'right')
>>> quiz.advance()
>>> quiz.link.value
'ROOM12.1.2'
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from calypso.classroom.board import DatabaseError, class_board
from calypso.classroom.results import MAX_NAME, BadName, QuizResult, normalise_name
from calypso.drawing import tricks
from calypso.i18n import N_, _, seat_name
from calypso.lessons.chapters import find_chapter
from calypso.lessons.house import HouseRule
from calypso.lessons.quiz import LEVELS, VERSIONS, Puzzle, make_quiz, normalise_code
from calypso.partnership.game import SEATS
from calypso.widgets.base import Field, Panel, button
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.widgets.member import ClassMember, HouseLine, house_html
from calypso.widgets.progress import Progress, page_name
from calypso.widgets.quizpage import NO_PUZZLE, CopyCode, KeptRun, QuizPage
from calypso.widgets.quizpage import RUN_KEY as RUN_KEY  # read from here by older code
from calypso.widgets.quizpage import QuizLink as QuizLink  # read from here by older code

NEXT, SEE = N_("Next puzzle"), N_("See my result")
CLEARED = N_("Your score and result code will be cleared.")
NAME_WORDS = {
    "empty": N_("Type your name or initials first, so that your teacher knows whose result it is."),
    "long": N_("That is too long: use at most {most} letters (initials are fine)."),
    "characters": N_(
        "Use letters and digits, with spaces, dots, dashes or apostrophes between them."
    ),
}
"""What is wrong with a name, in a learner's words, by the engine's reason (catalog messages;
``{most}`` is :data:`~calypso.classroom.results.MAX_NAME`)."""
CHAPTER = find_chapter("quiz").page
"""The quiz's page on the site (``.ipynb`` under Voila, ``.html`` on the static site)."""


def chapter_page(chapter: str = CHAPTER) -> str:
    """The quiz's page name (or ``chapter``'s) where this Python runs: ``.html`` on the static
    site, ``.ipynb`` under Voila (see :func:`~calypso.widgets.progress.page_name`).

    >>> chapter_page()
    '08-class-quiz.ipynb'
    """
    return page_name(chapter)


PROJECTOR_NAME = "Whole class"
"""The name a projector's link answers under: the class answers together, not one student."""


class Quiz(Panel):
    """Ten puzzles for a class code and level; answer by picking the winning seat."""

    def __init__(
        self, code: str = "CLASS-1", level: int = 1, count: int = 10, name: str = ""
    ) -> None:
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
        self.kept: QuizResult | None = None
        """The result of the last quiz finished as asked: on the page until a confirmed restart."""
        self.run: KeptRun | None = None
        """The run the browser keeps (read as the page opens, then written as the quiz goes)."""
        self._arrived: tuple[str, str, int, str] | None = None
        self._starting = False
        self.name = w.Text(
            value=name,
            description=_("Your name or initials"),
            placeholder=_("e.g. Anna K."),
            layout=w.Layout(width="calc(100% - 4px)", max_width="22em"),  # 4px: its margins
            style={"description_width": "initial"},
        )
        self.name_field = Field(self.name)
        self.code = w.Text(
            value=code,
            description=_("Class code"),
            continuous_update=False,  # the code is read on Enter (or on leaving the box)
            layout=w.Layout(width="16em"),
            style={"description_width": "initial"},
        )
        self.level = w.ToggleButtons(
            options=[(". ".join((str(n), _(name))), n) for n, (name, _rules) in LEVELS.items()],
            value=level,
            description=_("Level"),
            style={"button_width": "auto"},  # each level's name whole, in any language
        )
        self.version = w.ToggleButtons(
            options=[(_("version {v}").format(v=v), v) for v in VERSIONS],
            value="A",
            description=_("Version"),
            tooltips=[_("the class's first set of puzzles"), _("a second set, for neighbours")],
            style={"button_width": "7em"},
        )
        self.fixed = False
        """Whether a class's link fixed the level and the version (:meth:`fix`)."""
        self.fixed_words = w.HTML(layout=w.Layout(display="none"))
        self.rule = HouseRule()
        """The class's house rule the quiz shown is drawn and answered under."""
        self.linked: dict[str, HouseRule] = {}
        """The house rule a class's link gave, by its class code."""
        self.house_words = HouseLine()
        self.start = button(_("Start the quiz"), icon="play")
        self.big = w.Checkbox(value=False, description=_("Big cards for a projector"), indent=False)
        self.table = CardTable(
            label=_("Quiz table"),
            reveal_mode=True,
            seat_pick=True,
            next_label=_(NEXT),
            page_keys=True,
        )
        self.answers = [button(seat_name(seat)) for seat in SEATS]
        for answer_button in self.answers:  # as wide as the seat's name (Észak, Nyugat), or more
            answer_button.layout.min_width = "4em"
        self.score = w.HTML()
        self.score.add_class("calypso-quiz-line")
        self.ending = w.HTML()
        self.ending.add_class("calypso-quiz-ending")
        self.copy = CopyCode()
        self.handin_note = w.HTML()
        self.handin = w.HBox(
            [self.handin_note, self.copy],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.again = button(_("Try these again"), icon="undo")
        self.harder = button(_("Next level"), icon="arrow-up")
        self.restart = button(_("Start again"), icon="refresh")
        self.finish = w.HBox(
            [self.again, self.harder, self.restart], layout=w.Layout(flex_flow="row wrap")
        )
        self.yes = button(
            _("Yes"), tooltip=_("Yes: clear my score and result code, and start again")
        )
        self.no = button(_("No"), tooltip=_("No: keep my score and result code"))
        asked = escape(_("Start again?"))
        self.confirm = w.HBox(
            [w.HTML(f"<b>{asked}</b> {escape(_(CLEARED))}"), self.yes, self.no],
            layout=w.Layout(flex_flow="row wrap", align_items="center", display="none"),
        )
        self.confirm.add_class("calypso-quiz-confirm")
        self.link = PageLink(key="quiz")
        self.member = ClassMember()
        self.page = QuizPage()
        self.bests = Progress.quiz()
        self.start.on_click(self.guard(lambda _: self.start_quiz()))
        self.name.observe(self.guard(lambda _: self._name_changed()), "value")
        self.code.observe(self.guard(lambda _: self._restart()), "value")
        self.level.observe(self.guard(lambda _: self._restart()), "value")
        self.version.observe(self.guard(lambda _: self._restart()), "value")
        self.again.on_click(self.guard(lambda _: self.retry()))
        self.harder.on_click(self.guard(lambda _: self.next_level()))
        self.restart.on_click(self.guard(lambda _: self.ask_to_restart()))
        self.yes.on_click(self.guard(lambda _: self.start_again()))
        self.no.on_click(self.guard(lambda _: self.keep_result()))
        w.link((self.big, "value"), (self.table, "presenter"))
        self.big.observe(self.guard(lambda _: self._project()), "value")
        self.page.observe(self.guard(lambda change: self._held(change["new"])), "held")
        self.member.on_rule(self.guard(lambda _rule: self._rule_kept()))
        self.table.on_seat(self.guard(self.pick))
        self.table.on_reveal(self.guard(self._revealed))
        self.table.on_next(self.guard(self.advance))
        self.link.on_open(self.guard(self.open_link))
        for seat, answer_button in zip(SEATS, self.answers, strict=True):
            answer_button.on_click(self.guard(lambda _, s=seat: self.pick(s)))
        self.code_row = w.HBox([self.code, self.start], layout=w.Layout(flex_flow="row wrap"))
        self.answer_row = w.HBox(
            [w.HTML(escape(_("Or choose the winner here:"))), *self.answers],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        children = [
            self.name_field,
            self.code_row,
            self.level,
            self.version,
            self.fixed_words,
            self.house_words,
            self.score,
            self.table,
            self.answer_row,
            self.ending,
            self.handin,
            self.finish,
            self.confirm,
            self.bests,
            w.HBox([self.big, self.link], layout=w.Layout(flex_flow="row wrap")),
            self.member,
            self.page,
        ]
        super().__init__(_("Class quiz: who wins this trick?"), children)
        self.heading = self.children[0]
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

    @property
    def over(self) -> bool:
        """Whether every puzzle of the round is answered."""
        return len(self.done) == len(self.puzzles)

    @property
    def student(self) -> str:
        """The name the result will carry ("" while the box holds no name a result can)."""
        try:
            return normalise_name(self.name.value)
        except BadName:
            return ""

    def _check_name(self) -> bool:
        """Say next to the name box what is wrong with the name, if anything."""
        try:
            normalise_name(self.name.value)
        except BadName as error:
            self.name_field.problem(_(NAME_WORDS[error.reason]).format(most=MAX_NAME))
            return False
        self.name_field.fine()
        return True

    def _name_changed(self) -> None:
        self._check_name()
        self._controls()

    def start_quiz(self) -> None:
        """The *Start the quiz* button, once there is a name: the run this browser keeps for
        the same quiz and name goes on, else a fresh quiz starts. Either way the student is on
        the teacher's board from now on."""
        if self._check_name():
            self.begin()
            self._keep_run()
            self._arrive()

    def _restart(self) -> None:
        if not self._starting:
            self.begin()

    def begin(self, at: int = 0) -> None:
        """A fresh quiz for the class code and level shown, at puzzle ``at`` (0 is the first)."""
        try:
            code = normalise_code(self.code.value)
        except ValueError:
            raise ValueError(
                _(
                    "“{code}” is not a class code: use 1 to 24 letters, digits or dashes, like "
                    "ROOM12."
                ).format(code=self.code.value.strip())
            ) from None
        self.rule = self.class_rule(code)
        self.house_words.say(house_html(self.rule), shown=not self.big.value)
        self.puzzles = make_quiz(code, self.level.value, self.count, self.version.value, self.rule)
        self.index, self.right, self.done = min(at, len(self.puzzles) - 1), 0, set()
        self.missed, self.retrying = {}, False
        self.confirm.layout.display = "none"
        self._starting = True
        try:
            self.code.value = code
        finally:
            self._starting = False
        if not self._resume():
            self.show()

    def class_rule(self, code: str) -> HouseRule:
        """The house rule of class ``code``: the one its class's link gave on this page, else
        the one the browser keeps for it (:class:`~calypso.widgets.member.ClassMember`), else
        the standard rule."""
        if code in self.linked:
            return self.linked[code]
        if self.member.member.get("code") == code:
            return self.member.house_rule
        return HouseRule()

    def _rule_kept(self) -> None:
        """The browser reported the house rule it keeps: the quiz shown takes it up if it is
        its class's and nothing is answered yet."""
        if not self.done and self.class_rule(self.code.value) != self.rule:
            self.begin(self.index)

    def _held(self, held: object) -> None:
        """The page says which run the browser keeps: it goes on at once if it is this
        quiz's, else when its quiz is opened (a class's link, its code typed, *Start*)."""
        self.run = KeptRun.from_page(held, self.count)
        if not self.done:
            self._resume()

    def _resume(self) -> bool:
        """Go on with the kept run, if it is for the quiz shown and for the name in the box (or
        the box is empty): its name, answers, score and place come back; the answers stay off
        the board, which has them already. True if it went on."""
        run = self.run
        if (
            run is None
            or self.retrying
            or self.done
            or (run.code, run.level, run.version) != self._quiz
            or run.rule != self.rule
            or (self.name.value.strip() and self.student != run.name)
            or max(run.answers, default=0) > len(self.puzzles)
        ):
            return False
        if not self.name.value.strip():
            self.name.value = run.name
        self.right, self.done, self.missed = 0, set(), {}
        for number, seat in run.answers.items():
            self.done.add(number - 1)
            if seat == self.puzzles[number - 1].answer:
                self.right += 1
            else:
                self.missed[number - 1] = seat
        self.index = min(run.place, len(self.puzzles)) - 1
        if run.kept and self.over:
            self.kept = self.result
        self.show()
        if self.answered:
            self._reveal(run.answers[self.index + 1])
        self.message.info(
            _("Your answers so far are back: {right} right of {asked}.").format(
                right=self.right, asked=self.asked
            )
        )
        self._arrive()
        return True

    @property
    def _quiz(self) -> tuple[str, int, str]:
        """The class code, level and version of the quiz shown."""
        return self.code.value, self.level.value, self.version.value

    def _keep_run(self) -> None:
        """Keep the run so far in the browser (not a projector's, not a second try's)."""
        if self.retrying or self.student in ("", PROJECTOR_NAME):
            return
        chosen = {i: self.missed.get(i, self.puzzles[i].answer) for i in self.done}
        answers = {self.puzzles[i].number: seat for i, seat in chosen.items()}
        kept = self.over and self.kept == self.result
        self.run = KeptRun(self.student, *self._quiz, answers, self.index + 1, kept, self.rule)
        self.page.keep(self.run)

    def _arrive(self) -> None:
        """Under the classroom server, put the student on the teacher's board (its roster) as
        they start, before any answer; once for each name and quiz. The browser then
        remembers the class and the name, as after an answer."""
        board = class_board()
        arriving = (self.code.value, self.student, self.level.value, self.version.value)
        if board is None or self.student in ("", PROJECTOR_NAME) or arriving == self._arrived:
            return
        try:
            board.arrive(*arriving)
        except (ValueError, OSError, DatabaseError):
            self.message.info(
                _(
                    "Your teacher's live board did not hear that you started; your answers "
                    "will still try to reach it."
                )
            )
            return
        self._arrived = arriving
        self.member.join(self.code.value, self.student)

    def open_link(self, text: str) -> None:
        """Open the quiz and puzzle a link names (:class:`QuizLink`); a projector's link shows
        big cards and answers for the whole class."""
        link = QuizLink.from_link(text)
        if link.number > self.count:
            raise ValueError(_(NO_PUZZLE))
        if link.fixes:
            self.fix(link.level, link.version)
            code = normalise_code(link.code)
            self.linked[code] = link.rule
            if link.fixed:
                self.member.keep_rule(code, link.rule)
        if link.projector:
            self.big.value = True
        self._starting = True
        try:
            self.code.value, self.level.value = link.code, link.level
            self.version.value = link.version
        finally:
            self._starting = False
        self.begin(link.number - 1)

    def fix(self, level: int, version: str) -> None:
        """A class's link fixed the level and version: the page names them in words, and the
        controls that would change them go (and so does *Next level*)."""
        self.fixed = True
        name = _(LEVELS[level][0])
        words = _(
            "Level {level}: {name} · version {version}, as your teacher's link set them."
        ).format(level=level, name=name, version=version)
        self.fixed_words.value = f'<p class="calypso-quiz-fixed" data-fixed>{escape(words)}</p>'
        self._project()

    def _project(self) -> None:
        """Big cards for a projector: the class sees the question and the trick only (and,
        once a seat is chosen, the verdict beside the cards, its ruling C5's under a house rule
        of ruff-wins); the student's controls and the house rule's line go, and the answers are
        the whole class's. Unticked, the controls come back."""
        big = self.big.value
        if big and not self.name.value.strip():
            self.name.value = PROJECTOR_NAME
        for part in (
            self.heading,
            self.name_field,
            self.code_row,
            self.answer_row,
            self.bests,
        ):
            part.layout.display = "none" if big else None
        self.house_words.say(self.house_words.value, shown=not big)
        if big:
            self.add_class("calypso-quiz-projector")
        else:
            self.remove_class("calypso-quiz-projector")
        self.level.layout.display = self.version.layout.display = (
            "none" if big or self.fixed else None
        )
        self.fixed_words.layout.display = None if self.fixed and not big else "none"
        self._controls()

    def pick(self, seat: str) -> None:
        """The learner picks ``seat`` on the page: an answer once there is a name (until then,
        the name box says what it needs)."""
        if self._check_name():
            self.answer(seat)

    def answer(self, seat: str) -> None:
        """Answer the puzzle shown: ``seat`` is the choice of winner (the page's picks come
        through :meth:`pick`, which asks for a name first)."""
        if self.answered:
            raise ValueError(_("This puzzle is answered already: go on to the next one."))
        self.done.add(self.index)
        winner = self.puzzle.answer
        if seat != winner:
            self.missed[self.index] = seat
        else:
            self.right += 1
        if self.over and not self.retrying:
            self.kept = self.result
            self.bests.record_quiz(self.level.value, self.right, len(self.puzzles))
        self._reveal(seat)
        self._to_board(seat)
        self._keep_run()

    def _reveal(self, seat: str) -> None:
        """Show the winner of the puzzle shown, and what choosing ``seat`` was worth."""
        winner = self.puzzle.answer
        if seat == winner:
            said = _("Right! You chose {seat}, and {winner} takes the trick.")
        else:
            said = _("Not quite: you chose {seat}, but {winner} takes the trick.")
        said = said.format(seat=seat_name(seat), winner=seat_name(winner))
        with self.table.hold_sync():
            self.table.give_feedback(said, right=seat == winner)
            self.table.seat_pick = False
            self.table.next_label = _(SEE if self.index + 1 == len(self.puzzles) else NEXT)
            self.table.revealed = True
        self._controls()

    def _revealed(self) -> None:
        """The table's *Reveal* key (R) before a seat is chosen: the winner is hidden again,
        for the answer is a seat (the class's, on a projector)."""
        if self.answered:
            return
        self.table.revealed = False
        raise ValueError(
            _("Choose the seat the class picked: click it, or press its letter.")
            if self.big.value
            else _("Choose a winner for this puzzle first.")
        )

    def _to_board(self, seat: str) -> None:
        """Under the classroom server, the answer also goes to the teacher's live board, which
        decides right or wrong itself under the class's house rule (a first answer counts; a
        second try's do not). The
        browser then remembers the class and name, so the student's exercise stars in every
        chapter reach the same board. A projector's answers are the class's, and stay off it."""
        board = class_board()
        if board is None or self.retrying or self.student in ("", PROJECTOR_NAME):
            return
        try:
            stored = board.record(
                self.code.value,
                self.student,
                self.level.value,
                self.version.value,
                self.puzzle.number,
                seat,
                rule=self.rule,
            )
            self.member.join(stored.class_code, stored.name)
        except (ValueError, OSError, DatabaseError):
            self.message.info(
                _(
                    "Your teacher's live board did not get this answer; your result code still "
                    "has it."
                )
            )

    def advance(self) -> None:
        """Go on to the next puzzle; after the last one, bring the result into view (it stays:
        only :meth:`start_again` clears it)."""
        if not self.answered:
            raise ValueError(_("Choose a winner for this puzzle first."))
        if self.index + 1 >= len(self.puzzles):
            self.copy.bring_into_view()
            return
        self.index += 1
        self.show()
        self._keep_run()
        self.page.show_line()

    def ask_to_restart(self) -> None:
        """The *Start again* button: ask first, for a restart clears the score and the code."""
        self.confirm.layout.display = None

    def keep_result(self) -> None:
        """*No* to starting again: everything stays as it was."""
        self.confirm.layout.display = "none"

    def start_again(self) -> None:
        """*Yes* to starting again: the result code and the run kept in the browser go, and
        the quiz starts afresh."""
        self.kept, self.run = None, None
        self.page.forget()
        self.begin()
        self._keep_run()

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
            self.table.next_label = _(NEXT)
        if not self.retrying:
            here = QuizLink(
                self.code.value,
                self.level.value,
                self.index + 1,
                self.version.value,
                fixed=self.fixed,
                rule=self.rule,
            )
            self.link.value = here.to_link()
        self._controls()
        self.message.clear()

    def _controls(self) -> None:
        for answer_button in self.answers:
            answer_button.disabled = self.answered
        over = self.over
        status = " " + escape(_("Quiz complete!")) if over else ""
        first = escape(_("Type your name or initials above to answer."))
        waiting = "" if self.student else f'<p class="calypso-muted">{first}</p>'
        values = {
            "number": f"<b>{self.index + 1}</b>",
            "count": len(self.puzzles),
            "leader": seat_name(self.puzzle.trick.leader),
            "score": f'<b data-score="{self.right}">{self.right} / {self.asked}</b>',
        }
        if self.big.value:
            line = _("Puzzle {number} of {count}: {leader} leads. Who wins this trick?")
            waiting = ""
        elif self.retrying:
            line = _(
                "Puzzle {number} of {count} (a second try at your misses): {leader} leads · "
                "score {score}"
            )
        else:
            line = _("Puzzle {number} of {count}: {leader} leads · score {score}")
        self.score.value = f"<p>{line.format(**values)}{status}</p>{waiting}"
        self.ending.value = self._ending() if over else ""
        self._handin(in_ending=over and not self.retrying)
        self.finish.layout.display = None if over else "none"
        self.again.layout.display = None if over and self.missed else "none"
        harder = over and not self.fixed and self.level.value < max(LEVELS)
        self.harder.layout.display = None if harder else "none"

    def _handin(self, in_ending: bool) -> None:
        """The kept result's *Copy code* button, beside the code: the ending shows the code
        when it is this round's; otherwise a line above the button does."""
        kept = self.kept
        self.copy.text = kept.encode() if kept else ""
        self.handin.layout.display = None if kept and not self.big.value else "none"
        if kept is None or in_ending:
            self.handin_note.value = ""
            return
        code = f'<code class="calypso-result-code" data-kept-code>{escape(kept.encode())}</code>'
        before = _(
            "Your result code from the quiz before (level {level}, version {version}: {score} of "
            "{count}): {code}"
        ).format(
            level=kept.level, version=kept.version, score=kept.score, count=kept.count, code=code
        )
        self.handin_note.value = f"<p>{before}</p>"

    @property
    def result(self) -> QuizResult:
        """The learner's result for the quiz as asked (not for a second try at the misses)."""
        return QuizResult(
            self.code.value,
            self.level.value,
            self.version.value,
            len(self.puzzles),
            frozenset(i + 1 for i in self.missed),
            self.student,
        )

    def _ending(self) -> str:
        """What the end of a quiz says: the misses with the right answer and its ruling, a
        tally by ruling, and (for the quiz as asked) the result code to hand in."""
        return tricks.quiz_ending(
            [(self.puzzles[i], seat) for i, seat in sorted(self.missed.items())],
            right=self.right,
            asked=len(self.puzzles),
            code=None if self.retrying or self.kept is None else self.kept.encode(),
        )

    def retry(self) -> None:
        """A second try at just the puzzles missed (no result code comes of it)."""
        if not self.missed:
            raise ValueError(_("Nothing to try again: every answer was right."))
        again = [self.puzzles[i] for i in sorted(self.missed)]
        self.puzzles, self.retrying = again, True
        self.index, self.right, self.done, self.missed = 0, 0, set(), {}
        self.show()

    def next_level(self) -> None:
        """The same class code at the next level."""
        if self.level.value >= max(LEVELS):
            raise ValueError(_("This is the last level already."))
        self.level.value += 1
