"""Play this position with the class: the teacher's side of the class deal (issue 33), on the
desk of the classroom server.

The teacher picks a position from one of three places (:mod:`calypso.widgets.dealsources`): an
ending of chapter 06 by its number, under the class's house rule; a game on chapter 05's table
by its link; or a point of a game record, those two under the rules they were played with. The
card table previews it, with a few plain sentences: who is to play, how many tricks are left,
whether the solver prices every card or the expert estimates, whether the students are asked
why. *Start it for the class* puts it on the class board with the teacher key of the live board
above; the students' pages show it from then on.

As the answers arrive (the live board's refresh), :func:`split_html` shows how the class split,
card by card: each card's cost (exact, or "about" the expert's average), how many chose it and
who, the right cards given for a wrong reason, and who has not answered yet. *Show the answer
to the class* closes the deal; then *Show the best line* steps the solver's line from the
position, card by card, where the deal's end is within its reach. *Big cards for a projector*
turns the panel into the class's view: the table with big cards and the step buttons, nothing
else.

>>> print(cost_words(0, True), "·", cost_words(20, True), "·", cost_words(15, False))
best · 20 points · about 15 points
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from calypso.classroom.board import Board
from calypso.classroom.boardinput import BoardError
from calypso.classroom.classdeal import Asked, Position, PositionError
from calypso.classroom.classview import ClassDeal, ClassView, DealView
from calypso.drawing import faces
from calypso.engine.cards import Card
from calypso.engine.record import Record
from calypso.i18n import N_, _, card_text, join, ngettext, number, seat_name, side_name
from calypso.lessons.exercises import STAGES
from calypso.lessons.exercises.endings import TRICKS_LEFT
from calypso.lessons.exercises.play import standing
from calypso.lessons.house import HouseRule
from calypso.lessons.why import Grade
from calypso.partnership.advice import HINT_TRICKS
from calypso.partnership.game import SEATS
from calypso.partnership.solver import solve
from calypso.widgets.base import Panel, button, number_box
from calypso.widgets.cardtable import CardTable
from calypso.widgets.dealsources import (
    ENDINGS_MOST,
    best_line,
    ending_position,
    lay_position,
    link_position,
    preview_words,
    read_record,
    record_cards,
    record_position,
)
from calypso.widgets.felt import draw_trick
from calypso.widgets.liveboard import ClassBoard
from calypso.words.tricks import refusal_reason

OFF = N_(
    "The class deal works under the classroom server only: start it with make serve CLASS=30, "
    "then open this page at the address it prints. Positions can still be previewed here."
)
"""What the panel says where no classroom server runs."""


def cost_words(cost: int, exact: bool) -> str:
    """A card's cost as the board shows it: ``best``, ``20 points`` or ``about 15 points``.

    >>> cost_words(0, True), cost_words(20, True), cost_words(15, False)
    ('best', '20 points', 'about 15 points')
    """
    if cost == 0:
        return _("best")
    if exact:
        return _("{points} points").format(points=number(cost))
    return _("about {points} points").format(points=number(cost))


def split_html(view: DealView, students: Sequence[str] = ()) -> str:
    """How the class split on the current deal, card by card, for the teacher: each card's
    cost, a bar and count of the students who chose it and their names; the right cards given
    for a wrong reason; who of ``students`` (those on the board) has not answered yet."""
    deal, prices = view.deal, view.prices
    answered = len(view.answers)
    state = _("answer shown") if deal.revealed else _("answer not shown yet")
    head = ngettext(
        "Class deal {n}: {count} answer so far, {state}.",
        "Class deal {n}: {count} answers so far, {state}.",
        answered,
    ).format(n=deal.number, count=answered, state=state)
    split = view.split()
    top = max((len(names) for names in split.values()), default=0) or 1
    rows = []
    for price in prices.cards:
        names = split[price.card]
        share = 100 * len(names) / top
        bar = (
            '<span aria-hidden="true" class="calypso-deal-bar" style="display:inline-block;'
            f"height:0.8em;width:{share * 0.06:.2f}em;background:var(--calypso-accent, #0b6e69);"
            'margin-right:0.3em"></span>'
        )
        rows.append(
            [
                faces.card_ink(price.card),
                escape(cost_words(price.cost, prices.exact)),
                f'<span class="calypso-deal-count">{bar}{len(names)}</span>',
                escape(join(names)),
            ]
        )
    headings = [escape(h) for h in (_("Card"), _("Cost"), _("Students"), _("Who chose it"))]
    caption = escape(_("How the class split, card by card"))
    parts = [
        f"<p data-deal-head>{escape(head)}</p>",
        faces.table(
            rows,
            headings,
            caption=caption,
            attrs="data-deal-split",
            row_attrs=[f"data-card='{price.card}'" for price in prices.cards],
            row_headers=True,
        ),
    ]
    if not prices.exact:
        parts.append(
            "<p class='calypso-muted'>"
            + escape(
                _("Costs are the expert's average over {n} layouts of the hidden cards.").format(
                    n=prices.samples
                )
            )
            + "</p>"
        )
    if view.reasons:
        wrong = [a.name for a in view.answers if a.marked.grade is Grade.WRONG_REASON]
        line = ngettext(
            "Right card, wrong reason: {n} student",
            "Right card, wrong reason: {n} students",
            len(wrong),
        ).format(n=len(wrong))
        who = f" ({escape(join(wrong))})" if wrong else ""
        parts.append(f"<p data-wrong-reason>{escape(line)}{who}</p>")
    waiting = [name for name in students if name not in {a.name for a in view.answers}]
    if waiting:
        line = _("Not answered yet: {names}.").format(names=join(waiting))
        parts.append(f"<p data-waiting>{escape(line)}</p>")
    return f'<div class="calypso-deal-split">{"".join(parts)}</div>'


class ClassDealPanel(Panel):
    """*Play this position with the class*, on the desk beside the live ``board`` (whose class
    code and teacher key it uses, and whose refresh brings the answers in).

    >>> panel = ClassDealPanel(ClassBoard(refresh=0))
    >>> panel.ending.value = 2
    >>> panel.position == ending_position(2), panel.table.seats[0]["seat"] == panel.turn
    (True, True)
    """

    def __init__(self, board: ClassBoard) -> None:
        self.board = board
        self.position: Position | None = None
        self.asked: Asked | None = None
        self.record: Record | None = None
        self.deal: ClassDeal | None = None
        """The class's current deal, as the board last said."""
        self.line: tuple[Card, ...] = ()
        self.step: int | None = None
        """While the best line is shown: how many of its cards are played."""
        self.source = w.ToggleButtons(
            options=[
                (_("An ending (chapter 6)"), "ending"),
                (_("A game on chapter 5's table"), "link"),
                (_("A game record"), "record"),
            ],
            value="ending",
            description=_("Position from"),
            style={"button_width": "auto", "description_width": "initial"},
        )
        self.ending = number_box(_("Ending"), 1, low=1, high=ENDINGS_MOST, width="12em")
        size = STAGES["endings"].size
        ending_help = _(
            "Endings are numbered as chapter 6 deals them: 1 to {size} are its first stage, "
            "{next} to {end} the ones a student gets after pressing “Try this stage again”, and "
            "so on."
        ).format(size=size, next=size + 1, end=2 * size)
        self.link = w.Text(
            description=_("Link to the game"),
            placeholder="…05-play-a-game.ipynb#play=5.S.QS",
            continuous_update=False,
            layout=w.Layout(width="40em", max_width="100%"),
            style={"description_width": "initial"},
        )
        link_help = _(
            "Play the game on chapter 5's table up to the position, then copy the page's link "
            "(Copy link) and paste it here."
        )
        self.upload = w.FileUpload(accept=".json", multiple=False, description=_("Load a record"))
        self.after = number_box(
            _("After card"), 0, low=0, high=0, slider=True, width="30em", label_width="initial"
        )
        self.after.layout.max_width = "100%"
        record_help = _("A record saved from chapter 5's table; choose after which card.")
        self.rows = {
            "ending": w.VBox([self.ending, _help(ending_help)]),
            "link": w.VBox([self.link, _help(link_help)]),
            "record": w.VBox(
                [w.HBox([self.upload, self.after], layout=_wrapping()), _help(record_help)]
            ),
        }
        self.title = w.HTML()
        self.facts = w.HTML()
        self.table = CardTable(label=_("The class's position"), empty_text="")
        self.start_button = button(_("Start it for the class"), icon="play")
        self.live = w.HTML()
        self.reveal_button = button(_("Show the answer to the class"), icon="eye")
        self.line_button = button(_("Show the best line"), icon="list-ol")
        self.back = button(_("Previous card"), icon="step-backward")
        self.forward = button(_("Next card"), icon="step-forward")
        self.big = w.Checkbox(value=False, description=_("Big cards for a projector"), indent=False)
        w.link((self.big, "value"), (self.table, "presenter"))
        self.source.observe(self.guard(lambda _: self.choose()), "value")
        self.ending.observe(self.guard(lambda _: self.choose()), "value")
        self.link.observe(self.guard(lambda _: self.choose()), "value")
        self.upload.observe(self.guard(lambda _: self.load_record()), "value")
        self.after.observe(self.guard(lambda _: self.choose()), "value")
        self.start_button.on_click(self.guard(lambda _: self.start()))
        self.reveal_button.on_click(self.guard(lambda _: self.reveal()))
        self.line_button.on_click(self.guard(lambda _: self.show_line()))
        self.back.on_click(self.guard(lambda _: self.go(-1)))
        self.forward.on_click(self.guard(lambda _: self.go(1)))
        self.big.observe(self.guard(lambda _: self.project()), "value")
        board.on_show(self.guard(self.refresh))
        if board.setup is not None:
            for control in (board.setup.trump_lead, board.setup.all_fours):
                control.observe(self.guard(lambda _: self.choose()), "value")
        self.choosing = w.VBox([self.source, *self.rows.values(), self.title, self.facts])
        self.actions = w.HBox(
            [self.start_button, self.reveal_button, self.line_button], layout=_wrapping()
        )
        self.steps = w.HBox([self.back, self.forward, self.big], layout=_wrapping())
        super().__init__(
            _("Play this position with the class"),
            [self.choosing, self.table, self.steps, self.actions, self.live],
        )
        self.add_class("calypso-desk-deal")
        if board.board is None:
            self.live.value = f"<p data-deal-off>{escape(_(OFF))}</p>"
        self.choose()

    @property
    def turn(self) -> str | None:
        """The seat to play in the position chosen."""
        return None if self.position is None else self.position.game().turn

    @property
    def house_rule(self) -> HouseRule:
        """The class's house rule, as the desk's class setup chooses it (the standard rules
        on a desk without a setup)."""
        setup = self.board.setup
        return HouseRule() if setup is None else setup.house_rule

    # -- choosing the position -------------------------------------------------------------------

    def choose(self) -> None:
        """Read the position from the source chosen and preview it; a position the class
        cannot play is refused in words and the preview empties."""
        for name, row in self.rows.items():
            row.layout.display = None if name == self.source.value else "none"
        self.after.layout.display = None if self.record is not None else "none"
        self.step, self.line = None, ()
        self.position = self.asked = None
        self.message.clear()
        try:
            self.position = self._chosen()
        except PositionError as error:
            self.draw()
            raise ValueError(str(error)) from None
        if self.position is not None:
            self.asked = Asked(self.position)
        self.draw()

    def _chosen(self) -> Position | None:
        source = self.source.value
        if source == "ending":
            return ending_position(self.ending.value, self.house_rule)
        if source == "link":
            return link_position(self.link.value) if self.link.value else None
        if self.record is None:
            return None
        return record_position(self.record, self.after.value)

    def load_record(self) -> None:
        """A record file uploaded: the slider ranges over its cards, starting where chapter 6's
        endings start, three tricks before the end of the game's last deal."""
        files = self.upload.value
        if not files:
            return
        self.record = None
        try:
            self.record = read_record(bytes(files[0]["content"]))
        except PositionError as error:
            self.choose()  # the record shown before goes with its preview
            raise ValueError(str(error)) from None
        last = record_cards(self.record) - 1
        with self.after.hold_trait_notifications():
            self.after.max = last
            self.after.value = max(0, last + 1 - TRICKS_LEFT * len(SEATS))
        self.choose()

    # -- the class -----------------------------------------------------------------------------

    def _board(self) -> Board:
        """The class board, once the teacher key is typed in the live board above."""
        board = self.board.board
        if board is None:
            raise ValueError(_(OFF))
        if not self.board.key.value:
            raise ValueError(
                _("Type the teacher key in the live class board above first: the deal needs it.")
            )
        return board

    def start(self) -> None:
        """*Start it for the class*: the position previewed becomes the class's deal."""
        if self.position is None:
            raise ValueError(_("Choose a position first."))
        board = self._board()
        try:
            deal = board.start_deal(self.board.code.value, self.board.key.value, self.position)
        except BoardError as error:
            raise ValueError(self._refusal(error)) from None
        self.deal, self.step, self.line = deal, None, ()
        self.board.show()
        self.message.good(
            _("Class deal {n} started: your students' pages show it now.").format(n=deal.number)
        )
        self.draw()

    def reveal(self) -> None:
        """*Show the answer to the class*: the deal takes no more answers and each student's
        page shows the student's own result."""
        board = self._board()
        try:
            self.deal = board.reveal_deal(self.board.code.value, self.board.key.value)
        except BoardError as error:
            raise ValueError(self._refusal(error)) from None
        self.board.show()
        self.message.good(
            _(
                "The answer is shown: each student's page now shows their own result, and the "
                "deal takes no more answers."
            )
        )
        self.draw()

    def _refusal(self, error: BoardError) -> str:
        if error.reason == "key":
            return _(
                "That is not the teacher's key for this board: type the key the classroom "
                "server printed in the live class board above."
            )
        if error.reason == "deal":
            return _("No position is being played with this class: start one first.")
        return str(error)

    def refresh(self, view: ClassView | None = None) -> None:
        """Read the class's current deal and its answers (the live board's refresh)."""
        board = self.board.board
        if board is None or not self.board.key.value:
            return
        deal_view = board.deal_view(self.board.code.value, self.board.key.value)
        deal = None if deal_view is None else deal_view.deal
        if deal_view is None:
            self.live.value = (
                "<p>" + escape(_("No position has been played with this class.")) + "</p>"
            )
        else:
            students = view.students if view is not None else ()
            self.live.value = split_html(deal_view, students)
        if deal != self.deal:
            if deal is None or self.deal is None or deal.key != self.deal.key:
                self.step, self.line = None, ()  # another deal: its line is not this one
            self.deal = deal
            self.draw()
        self._buttons()

    # -- the best line ---------------------------------------------------------------------------

    def show_line(self) -> None:
        """*Show the best line* of the class's deal, once its answer is shown: the position,
        then a card each *Next card*."""
        if self.deal is None:
            raise ValueError(_("No position is being played with this class: start one first."))
        if not self.deal.revealed:
            raise ValueError(_("Show the answer to the class first: the best line gives it away."))
        line = best_line(self.deal.position)
        if not line:
            raise ValueError(
                _(
                    "The best line is shown only within a deal's last {most} tricks, where the "
                    "solver reaches: this position is further from the deal's end."
                ).format(most=HINT_TRICKS)
            )
        self.line, self.step = line, 0
        self.draw()

    def go(self, by: int) -> None:
        """Step the best line ``by`` cards (1: next, -1: previous)."""
        if self.step is None:
            raise ValueError(_("There is no next card: the best line is not being shown."))
        self.step = min(max(self.step + by, 0), len(self.line))
        self.draw()

    def project(self) -> None:
        """Big cards for a projector: only the table and the step buttons stay."""
        big = self.big.value
        for part in (self.choosing, self.actions, self.live):
            part.layout.display = "none" if big else None
        self.draw()

    # -- drawing ---------------------------------------------------------------------------------

    def _buttons(self) -> None:
        deal = self.deal
        self.start_button.disabled = self.position is None
        self.reveal_button.disabled = deal is None or deal.revealed
        self.line_button.disabled = deal is None or not deal.revealed
        stepping = self.step is not None
        self.back.layout.display = self.forward.layout.display = None if stepping else "none"
        self.back.disabled = not stepping or self.step == 0
        self.forward.disabled = not stepping or self.step == len(self.line)

    def draw(self) -> None:
        """The table: the best line's step while it is shown, else the position chosen."""
        self._buttons()
        if self.step is not None and self.deal is not None:
            self.table.layout.display = None
            self._draw_step(self.deal.position, self.step)
            return
        position = self.position
        self.table.layout.display = "none" if position is None else None
        if position is None or self.asked is None:
            self.title.value = self.facts.value = ""
            self.table.question = ""
            self.table.seats = []
            self.table.clear()
            return
        game = position.game()
        turn = str(game.turn)
        live = self.deal is not None and self.deal.key == position.key
        if live and self.deal is not None:
            title = _("Class deal {n}, as the students see it.").format(n=self.deal.number)
        else:
            title = _("Preview: the class does not see this position yet.")
        self.title.value = f"<p data-deal-title><b>{escape(title)}</b></p>"
        said = preview_words(position, self.asked)
        if HouseRule(position.trump_lead, position.all_fours) != self.house_rule:
            said.append(
                _(
                    "This position keeps the rules its game was played under, not your "
                    "class's house rule."
                )
            )
        self.facts.value = "".join(f"<p>{escape(s)}</p>" for s in said[1:])
        open_hands = self.asked.prices.exact or (
            live and self.deal is not None and self.deal.revealed
        )
        table = self.table
        with table.hold_sync():
            table.question = said[0]
            table.facts = []
            lay_position(table, game, open_hands=bool(open_hands))
            why = {card: refusal_reason(no) for card, no in game.refusals().items()}
            table.show_hand(sorted(game.hand(turn)), playable=game.legal_plays(), why=why)
            table.status = ""

    def _draw_step(self, position: Position, step: int) -> None:
        """The best line after ``step`` of its cards, every hand face up."""
        game = position.game()
        first = str(game.turn)
        for card in self.line[:step]:
            game.play(card)
        over = step == len(self.line)
        table = self.table
        with table.hold_sync():
            table.question = _("The best line, card {n} of {count}.").format(
                n=step, count=len(self.line)
            )
            table.facts = []
            table.set_table(
                SEATS,
                dict(zip(SEATS, game.options.trumps, strict=True)),
                you=first,
                partners=True,
                rotate=True,
                shown={} if over else {s: sorted(game.hand(s)) for s in SEATS},
            )
            draw_trick(table, game, game.turn, last=step > 0)
            table.show_hand([])
            table.status = self._step_status(position, step)

    def _step_status(self, position: Position, step: int) -> str:
        if step == 0:
            return _("The best line from the position: press Next card to play it card by card.")
        card = self.line[step - 1]
        game = position.game()
        seat = None
        for played in self.line[:step]:
            seat = game.turn
            game.play(played)
        said = _("{seat} plays {card}.").format(seat=seat_name(str(seat)), card=card_text(card))
        if step == len(self.line):
            best = solve(position.game()).best.value
            side = side_name(position.game().side(str(position.game().turn)))
            said += " " + _("The deal is over: {side} end it {standing}.").format(
                side=side, standing=standing(best)
            )
        return said


def _help(text: str) -> w.HTML:
    """A field's plain words beneath it."""
    note = w.HTML(f"<p>{escape(text)}</p>")
    note.add_class("calypso-field-help")
    return note


def _wrapping() -> w.Layout:
    """A row of controls that wraps on a narrow screen (a layout of its own: hiding one row
    must not hide another)."""
    return w.Layout(flex_flow="row wrap", align_items="center")
