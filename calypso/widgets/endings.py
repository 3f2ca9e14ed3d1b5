"""Endings: a deal's last tricks with every hand shown, played for one side against the solver.

Each problem of the stage (:mod:`calypso.lessons.exercises.endings`) sits on the card table: the
seat to play has its cards along the bottom, every other hand lies face up in its seat's panel, and
the calypsos and the score are listed under the table. The learner plays both seats of their
side; the solver answers for the other side at once, always with its side's best card, so a
line that gives points away anywhere falls short. When the deal is over the table says whether
the target was reached, and if not, which card first cost points and why. *Try again* starts
the problem over; *Show the best line* steps it card by card with *Next card*. Stars as in
every stage: three for the target at the first try, two at the second, one after that or once
the best line has been shown. The stage's seed, the problem reached and the learner's cards
are in the page address (key ``ex``), so a link opens the same position. A student whose class
plays under a house rule (C5, kept in the browser by a class's link) gets the problems made, and
the solver's answers, under it, with its words above the table.

>>> stage = EndingSet(seed=1)
>>> problem = stage.attempt.problem
>>> while not stage.attempt.over:
...     stage.play(problem.line[len(stage.attempt.played)])
>>> stage.attempt.passed, stage.earned
(True, {0: 3})
>>> stage.table.reply["tone"], stage.table.next_label
('right', 'Next ending')
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as w

from calypso.drawing import partnership
from calypso.engine.cards import Card
from calypso.i18n import N_, _, card_text, seat_name
from calypso.lessons.exercises import STAGES, stars
from calypso.lessons.exercises.endings import Attempt, Problem, from_link, make_problem
from calypso.lessons.house import STANDARD, HouseRule
from calypso.partnership.game import SEATS
from calypso.widgets.base import Panel, button
from calypso.widgets.cardtable import CardTable
from calypso.widgets.exercise import star_text
from calypso.widgets.felt import draw_trick
from calypso.widgets.link import PageLink
from calypso.widgets.member import ClassMember, HouseLine, house_html
from calypso.widgets.progress import Progress, chapters, next_step, stage_heading
from calypso.widgets.tabledata import Ending, Reply
from calypso.words.tricks import refusal_reason

NEXT_ENDING = N_("Next ending")
NEXT_CARD = N_("Next card")


def problem_seed(seed: int, index: int) -> int:
    """The seed of problem ``index`` (0 is the first) of the stage drawn from ``seed``: each
    stage seed has problems of its own, and the same seed always the same problems.

    >>> [problem_seed(1, i) for i in range(5)]
    [5, 6, 7, 8, 9]
    """
    return seed * STAGES["endings"].size + index


@dataclass(frozen=True)
class EndingLink:
    """What a link to the Endings stage holds: the stage's seed, the problem reached (0 is the
    first) and the learner's own cards played on it, joined by dots.

    >>> EndingLink.from_link("1.2.QC.4H")
    EndingLink(seed=1, index=2, cards=('QC', '4H'))
    >>> EndingLink(3, 0).to_link()
    '3.0'
    >>> EndingLink.from_link("x")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name an ending: here is the first one.
    """

    seed: int
    index: int
    cards: tuple[str, ...] = ()

    def to_link(self) -> str:
        return ".".join([str(self.seed), str(self.index), *self.cards])

    @classmethod
    def from_link(cls, text: str) -> EndingLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        seed, _dot, rest = text.partition(".")
        index, _dot, cards = rest.partition(".")
        if not (seed.isdigit() and index.isdigit()):
            raise ValueError(_("That link does not name an ending: here is the first one."))
        return cls(int(seed), int(index), tuple(cards.split(".")) if cards else ())


class EndingSet(Panel):
    """The Endings stage: a few problems drawn from a seed, each played out on the card table
    against the solver, with stars."""

    def __init__(self, stage: str = "endings", seed: int = 1) -> None:
        if stage not in STAGES or STAGES[stage].draw is not None:
            raise ValueError(f"bad stage {stage!r}: expected a stage of endings")
        self.stage_id = stage
        self.size = STAGES[stage].size
        self.seed = seed
        self.index = 0
        self.rule = STANDARD
        """The house rule of the class this browser answers for: the problems are made, and
        the solver answers, under it."""
        self.attempt = Attempt(make_problem(problem_seed(seed, 0)))
        self.tries = 1
        """The attempt at the problem shown: 1 for the first."""
        self.shown_line = False
        """Whether *Show the best line* was used on the problem shown."""
        self.steps: tuple[Attempt, ...] = ()
        """The best line card by card while it is shown; the step shown is :attr:`attempt`."""
        self.earned: dict[int, int] = {}
        """Stars earned so far, by problem (0 is the first)."""
        self.heading = w.HTML()
        self.table = CardTable(label=_("The ending's table"), stage=stage, piles=True)
        self.scores = w.HTML()
        self.retry = button(_("Try again"), icon="undo")
        self.best = button(_("Show the best line"), icon="eye")
        self.step = button(_(NEXT_CARD), icon="step-forward")
        self.again = button(_("Try this stage again"), icon="refresh")
        self.progress = Progress(chapter=stage, chapters=chapters())
        self.link = PageLink(key=STAGES[stage].link_key)
        self.member = ClassMember()
        self.house_words = HouseLine()
        self.member.on_rule(self.guard(self._house_rule))
        self.table.on_card(self.guard(self.play))
        self.table.on_next(self.guard(lambda: self.go(self.index + 1)))
        self.retry.on_click(self.guard(lambda _: self.try_again()))
        self.best.on_click(self.guard(lambda _: self.show_line()))
        self.step.on_click(self.guard(lambda _: self.next_card()))
        self.again.on_click(self.guard(lambda _: self.start(self.seed + 1)))
        self.link.on_open(self.guard(self.open_link))
        actions = w.HBox(
            [self.step, self.retry, self.best, self.link], layout=w.Layout(flex_flow="row wrap")
        )
        children = [
            self.progress,
            self.member,
            self.heading,
            self.house_words,
            self.table,
            actions,
            self.scores,
            self.again,
        ]
        super().__init__(stage_heading(STAGES[stage]), children)
        self.add_class("calypso-exercises")
        self.start(seed)

    def _house_rule(self, rule: HouseRule) -> None:
        """The class's house rule the browser holds: say so, and make the problem shown (and
        those after it) again under it."""
        self.house_words.say(house_html(rule))
        if rule != self.rule:
            self.rule = rule
            self.go(self.index)

    @property
    def problem(self) -> Problem:
        return self.attempt.problem

    @property
    def finished(self) -> bool:
        return len(self.earned) == self.size

    # -- moves ---------------------------------------------------------------------------------

    def start(self, seed: int, index: int = 0) -> None:
        """Begin the stage drawn from ``seed`` at problem ``index`` (the first by default)."""
        self.seed, self.earned = seed, {}
        self.go(index)

    def go(self, index: int) -> None:
        """Show problem ``index`` of the stage (0 is the first), from its start."""
        if not 0 <= index < self.size:
            raise ValueError(
                _("There is no ending {n} here: this stage has {count}.").format(
                    n=index + 1, count=self.size
                )
            )
        self.index = index
        self.earned = {k: v for k, v in self.earned.items() if k < index}
        self._begin(Attempt(make_problem(problem_seed(self.seed, index), self.rule)))

    def _begin(self, attempt: Attempt, tries: int = 1) -> None:
        self.attempt, self.tries, self.shown_line, self.steps = attempt, tries, False, ()
        self.show()

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat of the learner's side on turn; the solver answers."""
        if self.steps:
            raise ValueError(_("The best line is being shown: press Try again to play."))
        self.attempt = self.attempt.play(card)
        if self.attempt.passed and self.index not in self.earned:
            earned = 1 if self.shown_line else stars(self.tries)
            self.earned[self.index] = earned
            self.progress.record(self.index, earned)
            self.member.send_stars(self.stage_id, self.index + 1, earned)
        self.show()

    def try_again(self) -> None:
        """Start the problem shown over, as the next try."""
        shown = self.shown_line
        self._begin(Attempt(self.problem), self.tries + 1)
        self.shown_line = shown

    def show_line(self) -> None:
        """Step the best line from the problem's start, one card each *Next card*."""
        self.shown_line = True
        self.steps = self.problem.steps()
        self.attempt = self.steps[0]
        self.show()

    def next_card(self) -> None:
        """While the best line is shown, play its next card."""
        if not self.steps or self.attempt.over:
            raise ValueError(_("There is no next card: the best line is not being shown."))
        self.attempt = self.steps[len(self.attempt.played) + 1]
        self.show()

    def open_link(self, text: str) -> None:
        """Open the stage, problem and cards a link names (:class:`EndingLink`); a link that
        plays a problem to its end opens its start, as stars come from playing."""
        link = EndingLink.from_link(text)
        self.start(link.seed, min(link.index, self.size - 1))
        attempt = from_link(".".join([self.problem.to_link(), *link.cards]), self.rule)
        self._begin(Attempt(self.problem) if attempt.over else attempt)  # no stars by link

    # -- drawing -------------------------------------------------------------------------------

    def show(self) -> None:
        attempt, problem = self.attempt, self.problem
        game = attempt.game()
        got = " ".join(star_text(n) for _i, n in sorted(self.earned.items()))
        where = _("Ending {n} of {count}").format(n=self.index + 1, count=self.size)
        so_far = _("stars so far")
        self.heading.value = (
            f'<p class="calypso-muted">{where}'
            + (f' · <span aria-label="{so_far}">{got}</span>' if got else "")
            + "</p>"
        )
        playing = attempt.ours and not self.steps
        bottom = str(attempt.turn) if playing else problem.seats[0]
        # The seat to play has its cards along the bottom, every other hand lies in its panel;
        # none once the deal is over (the engine has dealt the next deal's hands by then).
        hand = bottom if playing else None
        table = self.table
        with table.hold_sync():
            table.question = problem.heading
            table.facts = [problem.words]
            table.set_table(
                SEATS,
                dict(zip(SEATS, game.options.trumps, strict=True)),
                you=bottom,
                partners=True,
                shown={} if attempt.over else {s: sorted(game.hand(s)) for s in SEATS if s != hand},
            )
            # At the end of the learner's own line the verdict on the line takes the answer
            # area alone (the last trick is named in the status line), so it stays short.
            if attempt.over and not self.steps:
                table.show_trick([], list(SEATS))
                table.mark()  # the deal is over: nobody leads or plays
            else:
                draw_trick(self.table, game, attempt.turn, last=bool(attempt.played))
            if playing:
                why = {card: refusal_reason(no) for card, no in game.refusals().items()}
                table.show_hand(game.hand(bottom), playable=game.legal_plays(), why=why)
            else:
                table.show_hand([])
            table.status = self._status(attempt)
            table.reply = dict(self._reply())
            table.next_label = self._next_label()
            table.ending = dict(self._ending()) if self.finished and attempt.over else {}
        self.scores.value = partnership.calypsos_and_score(game)
        self.retry.disabled = not attempt.played and not self.steps
        self.best.disabled = bool(self.steps)
        self.step.layout.display = None if self.steps and not attempt.over else "none"
        self.again.layout.display = None if self.finished else "none"
        self.link.value = EndingLink(self.seed, self.index, self._mine()).to_link()

    def _mine(self) -> tuple[str, ...]:
        """The learner's own cards played so far (none while the best line is shown)."""
        if self.steps:
            return ()
        return tuple(self.attempt.to_link().split(".")[1:])

    def _status(self, attempt: Attempt) -> str:
        """Where the play is, and the last trick won when the trick on the table is a new one."""
        game = attempt.game()
        parts = []
        done, verdict = game.last_trick, game.last_verdict()
        won = len(attempt.played) - len(game.trick) >= len(SEATS)  # a trick won since the start
        shown = game.trick or (attempt.over and not self.steps)  # the trick is off the felt
        if shown and done is not None and verdict is not None and won:
            plays = ", ".join(
                f"{seat_name(seat)} {card_text(card)}"
                for seat, card in zip(done.seats, done.cards, strict=True)
            )
            parts.append(
                _("Last trick: {plays}; {seat} took it ({rule}).").format(
                    plays=plays, seat=seat_name(done.seats[verdict.winner]), rule=verdict.rule.value
                )
            )
        if self.steps:
            parts.append(
                _("The best line, card {n} of {count}.").format(
                    n=len(attempt.played), count=len(self.problem.line)
                )
                if attempt.played
                else _("The best line from the start: press Next card to play it card by card.")
            )
        elif attempt.ours:
            parts.append(
                _("{seat} to play: one of the outlined cards.").format(
                    seat=seat_name(str(attempt.turn))
                )
            )
        return " ".join(parts)

    def _reply(self) -> Reply | dict[str, str]:
        attempt = self.attempt
        if not attempt.over:
            return {}
        if self.steps:
            return Reply(tone="right", title=_("The best line"), text=attempt.verdict())
        if attempt.passed:
            earned = self.earned[self.index]
            title = _("Found: {stars} ({earned} of 3 stars)").format(
                stars=star_text(earned), earned=earned
            )
            return Reply(tone="right", title=title, text=attempt.verdict())
        return Reply(
            tone="wrong",
            title=_("Not this time: press Try again, or Show the best line."),
            text=attempt.verdict(),
        )

    def _next_label(self) -> str:
        if self.attempt.passed and not self.steps and self.index < self.size - 1:
            return _(NEXT_ENDING)
        return ""

    def _ending(self) -> Ending:
        total, most = sum(self.earned.values()), 3 * self.size
        ending = Ending(
            title=_("Stage complete: {total} of {most} stars").format(total=total, most=most),
            text=_("“Try this stage again” deals new endings."),
            stars=" ".join(star_text(self.earned[i]) for i in sorted(self.earned)),
            celebrate=True,
        )
        step = next_step(self.stage_id)
        if step is not None:
            ending["go_label"] = _("Next chapter: {title}").format(title=step["title"])
            ending["go_href"] = step["href"]
        return ending
