"""The class deal on a student's page (issue 33): the position the teacher plays with the whole
class, at the student's table, and the student's own result once the teacher shows the answer.

:class:`ClassDealSeat` reads the classroom server's board
(:func:`calypso.classroom.board.class_board`) for the class code and name typed into the page's quiz
(or, without a quiz, the ones the browser remembers, :class:`~calypso.widgets.member.ClassMember`),
every few seconds from a daemon thread. When the teacher starts a class deal, it draws the position
on the card table with the seat to play at the bottom: every other hand face up where the solver
prices the cards exactly (as chapter 06's endings show them), else only the student's own hand. The
student clicks a legal card (and may change it), picks why from the reasons the position offers when
it asks (:class:`calypso.lessons.why.Question`), and sends the answer to the board, which marks it.

Nothing about the answer reaches the page before the teacher shows it: the widget sends the
page the position, the reasons offered and the card chosen, never a price or a grade. Once the
teacher shows the answer, the page says what the student's card earned (:func:`result_html`)
and which cards were best; a new deal replaces the old one by itself.

Without the classroom server there is no board, and the widget says only that:

>>> seat = ClassDealSeat(refresh=0)
>>> seat.state
'off'
>>> "classroom server" in seat.line.value
True
"""

from __future__ import annotations

import threading
from html import escape
from typing import Any

import ipywidgets as w

from calypso.classroom.board import Board, ClassDeal, DatabaseError, class_board
from calypso.classroom.classdeal import Asked, Marked, Prices
from calypso.drawing import faces, partnership
from calypso.engine.cards import Card
from calypso.i18n import N_, _, card_text, join, ngettext, number, seat_name
from calypso.lessons.house import HouseRule
from calypso.lessons.quiz import normalise_code
from calypso.lessons.why import Grade, Question
from calypso.widgets.base import Message, Panel, button
from calypso.widgets.cardtable import CardTable
from calypso.widgets.dealsources import lay_position
from calypso.widgets.member import ClassMember
from calypso.widgets.quiz import PROJECTOR_NAME, Quiz
from calypso.widgets.reasons import ReasonChoice, quoted, true_reasons_html
from calypso.words.tricks import refusal_reason

REFRESH = 2.0
"""Seconds between two readings of the board."""

OFF = N_(
    "The class deal works when your teacher runs the classroom server: on this page there is "
    "none, so there is no class deal here."
)
WAITING = N_("When your teacher starts a class deal, it appears here by itself.")
NO_NAME = N_("Type your name and your class code in the quiz above first.")
LIVE = N_("Class deal {number}: your teacher plays this position with the class.")
PLAYING = N_("You play {seat}'s cards. Which card do you play?")
SENT = N_("Sent: {card}. Your teacher shows the answer to the whole class.")
KEPT = N_("Your first answer stays: {card}. Your teacher shows the answer to the whole class.")
SHOWN = N_("Class deal {number}: your teacher has shown the answer.")
UNREAD = N_("Your teacher's board could not be read just now: the page tries again by itself.")
NOT_SENT = N_("Your answer did not reach your teacher's board: press Send my answer again.")


def result_html(marked: Marked | None, prices: Prices, why: Question | None) -> str:
    """What the student reads once the answer is shown: how their card (and reason) fared,
    in words, then the best card or cards; cards in their suit's colour.

    >>> from calypso.classroom.classdeal import CardPrice
    >>> king, two = Card.parse("KC"), Card.parse("2C")
    >>> prices = Prices("S", (CardPrice(two, 0), CardPrice(king, 10)), True)
    >>> text = result_html(Marked(king, None, 10, Grade.WRONG_CARD), prices, None)
    >>> "costs 10 points" in text and "The best card:" in text
    True
    >>> "did not answer" in result_html(None, prices, None)
    True
    """
    sentences = []
    if marked is None:
        sentences.append(escape(_("You did not answer this deal.")))
    else:
        card = faces.card_ink(marked.card)
        if marked.grade is Grade.WRONG_CARD:
            exact = ngettext(
                "{card} costs {points} point against the best card.",
                "{card} costs {points} points against the best card.",
                marked.cost,
            )
            average = ngettext(
                "{card} costs {points} point against the best card, on average over the ways "
                "the hidden cards may lie.",
                "{card} costs {points} points against the best card, on average over the ways "
                "the hidden cards may lie.",
                marked.cost,
            )
            said = exact if prices.exact else average
            sentences.append(escape(said).format(card=card, points=number(marked.cost)))
        elif marked.grade is Grade.RIGHT:
            said = (
                _("Right: {card} is one of the best cards.")
                if why is None
                else _("Right: {card} is one of the best cards, and your reason is true of it.")
            )
            sentences.append(escape(said).format(card=card))
        else:
            said = (
                _("{card} is one of the best cards, but you gave no reason for it.")
                if marked.reason is None
                else _(
                    "{card} is one of the best cards, but your reason is not true of it: {reason}."
                )
            )
            given = "" if marked.reason is None else escape(quoted(marked.reason))
            sentences.append(escape(said).format(card=card, reason=given))
            sentences.append(true_reasons_html(marked.card, why))
    best = prices.best
    named = ngettext("The best card: {cards}.", "The best cards: {cards}.", len(best))
    sentences.append(escape(named).format(cards=join([faces.card_ink(c) for c in best])))
    return " ".join(sentences)


class ClassDealSeat(Panel):
    """The class deal on a student's page: waiting for the teacher, the position to answer,
    the answer sent, and the student's own result once shown (:attr:`state` is ``"off"``,
    ``"waiting"``, ``"playing"``, ``"sent"`` or ``"shown"``). It reads the board every
    ``refresh`` seconds (0: only when asked, :meth:`refresh`) until :meth:`stop`."""

    def __init__(self, quiz: Quiz | None = None, *, refresh: float = REFRESH) -> None:
        self.board: Board | None = class_board()
        self.quiz = quiz
        self.member = ClassMember() if quiz is None else quiz.member
        self.state = "off"
        self.deal: ClassDeal | None = None
        self.asked: Asked | None = None
        self.card: Card | None = None
        """The card chosen (not yet sent, or sent)."""
        self._shown: tuple[object, ...] | None = None
        self._lock = threading.RLock()
        self._stopped = threading.Event()
        self._unread = False
        """Whether the message line says the board could not be read."""
        self._said = ""
        """The waiting line last said (said again only when it changes)."""
        self.every = refresh
        self.line = Message()
        self.line.add_class("calypso-deal-line")
        self.table = CardTable(label=_("The class deal's table"), compact=True)
        self.scores = w.HTML()
        self.reasons = ReasonChoice(legend=_("Why this card?"))
        self.chosen = w.HTML()
        self.send = button(_("Send my answer"), icon="paper-plane")
        self.answer_row = w.HBox(
            [self.send, self.chosen], layout=w.Layout(flex_flow="row wrap", align_items="center")
        )
        self.result = w.HTML()
        self.table.on_card(self.guard(self.choose))
        self.send.on_click(self.guard(lambda _: self.send_answer()))
        if quiz is not None:
            quiz.code.observe(self.guard(lambda _: self._read()), "value")
            quiz.name.observe(self.guard(lambda _: self._read()), "value")
        self.member.observe(self.guard(lambda _: self._read()), "member")
        parts = [self.result, self.table, self.reasons, self.answer_row, self.scores]
        children = [self.line, *([] if self.board is None else parts)]
        if quiz is None:
            children.append(self.member)
        super().__init__(_("The class deal"), children)
        self.add_class("calypso-class-deal")
        if self.board is None:
            self.line.info(_(OFF))
            return
        self.refresh()
        if refresh:
            threading.Thread(target=self._keep_fresh, daemon=True).start()

    # -- who answers, and for which class -------------------------------------------------------

    def who(self) -> tuple[str, str] | None:
        """``(class code, name)`` the student answers under, or ``None`` before both are known:
        the quiz's class code and name, else the ones the browser remembers."""
        if self.quiz is None:
            return self.member.who()
        try:
            code = normalise_code(self.quiz.code.value)
        except ValueError:
            return None
        name = self.quiz.student
        return None if name in ("", PROJECTOR_NAME) else (code, name)

    # -- reading the board ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the board: wait for a deal, show a new one, or show the answer once the
        teacher has."""
        if self.board is None:
            return
        with self._lock:
            who = self.who()
            deal = None if who is None else self.board.current_deal(who[0])
            if who is None or deal is None:
                self._wait(named=who is not None)
                return
            shown = (who, deal.number, deal.key)
            if shown != self._shown:
                self._shown, self.deal, self.card = shown, deal, None
                self.asked = Asked(deal.position)
                sent = None if deal.revealed else self.board.sent_card(*who, deal.key)
                if deal.revealed:
                    self._show_answer(who)
                elif sent is not None:
                    self._sent(sent, _(KEPT))
                else:
                    self._play()
            elif deal.revealed and self.state != "shown":
                self.deal = deal
                self._show_answer(who)

    def _keep_fresh(self) -> None:
        """Read the board every few seconds until :meth:`stop`; a board that fails says so in
        the message line and is read again next time."""
        reading = self.guard(self._read)
        while not self._stopped.wait(self.every):
            reading()

    def _read(self) -> None:
        """:meth:`refresh`, a board that cannot be read said in plain words (until it can)."""
        try:
            self.refresh()
        except DatabaseError:
            self.message.error(_(UNREAD))
            self._unread = True
            return
        if self._unread:
            self._unread = False
            self.message.clear()

    def stop(self) -> None:
        """Stop reading the board."""
        self._stopped.set()

    def close(self) -> None:
        self.stop()
        super().close()

    # -- the states -------------------------------------------------------------------------------

    def _wait(self, *, named: bool) -> None:
        if self.state != "waiting":
            self.table.clear()
            self._said = ""
            self._shown = self.deal = self.asked = self.card = None
            self._parts(table=False)
            self.scores.value = self.result.value = ""
        self.state = "waiting"
        said = _(WAITING) if named else " ".join((_(NO_NAME), _(WAITING)))
        if said != self._said:
            self._said = said
            self.line.info(said)

    def _play(self) -> None:
        """A new deal to answer: the position at the table, the reasons offered."""
        assert self.deal is not None and self.asked is not None
        self.state = "playing"
        self.message.clear()
        why = self.asked.why
        self.reasons.offer(why.reasons if why else ())
        self._draw(playable=True)
        self._parts(table=True, answering=True, reasons=why is not None)
        self.chosen.value = ""
        self.line.info(_(LIVE).format(number=self.deal.number))

    def _draw(self, *, playable: bool) -> None:
        """The position on the table, the seat to play at the bottom with its hand; every
        other hand face up when the solver prices the cards exactly."""
        assert self.deal is not None and self.asked is not None
        position = self.deal.position
        game = position.game()
        seat = str(game.turn)
        exact = self.asked.prices.exact
        table = self.table
        with table.hold_sync():
            table.question = _(PLAYING).format(seat=seat_name(seat, full=True))
            facts = [
                _("Every hand is face up, as at the end of a deal in chapter 6.")
                if exact
                else _("You see your own hand; the others are face down.")
            ]
            rule = HouseRule(position.trump_lead, position.all_fours).words()
            table.facts = [*facts, rule] if rule else facts
            lay_position(table, game, open_hands=exact)
            if playable:
                why = {card: refusal_reason(no) for card, no in game.refusals().items()}
                table.show_hand(game.hand(seat), playable=game.legal_plays(), why=why)
                table.status = _("{seat} to play: click one of the outlined cards.").format(
                    seat=seat_name(seat)
                )
            else:
                closed = _("This deal takes no more answers.")
                table.show_hand(game.hand(seat), playable=[], why=closed)
        self.scores.value = partnership.calypsos_and_score(game)

    def _parts(
        self, *, table: bool, answering: bool = False, reasons: bool = False, result: bool = False
    ) -> None:
        """Show the parts of the widget a state uses, hide the others."""
        for part, on in [
            (self.table, table),
            (self.scores, table),
            (self.reasons, reasons),
            (self.answer_row, answering),
            (self.result, result),
        ]:
            part.layout.display = None if on else "none"

    # -- the student's answer ----------------------------------------------------------------

    def choose(self, card: Card) -> None:
        """A legal card clicked: it is the student's card until they send it (another click
        changes it)."""
        with self._lock:
            if self.state != "playing":
                return
            self.card = card
            self._mark(card)
            said = _("Your card: {card}. You may choose another until you send it.")
            self.chosen.value = escape(_("Your card: {card}")).format(card=faces.card_ink(card))
            self.table.status = said.format(card=card_text(card))
            self.message.clear()

    def _mark(self, card: Card) -> None:
        """Mark the student's card in their hand (and only it)."""
        self.table.hand = [
            {**face, "mark": "chosen" if face["text"] == str(card) else ""}
            for face in self.table.hand
        ]

    def send_answer(self) -> None:
        """*Send my answer*: the card (and the reason, where the position asks why) go to
        the board, which keeps the student's first answer; the page says only what was sent."""
        with self._lock:
            if self.board is None or self.state != "playing" or self.deal is None:
                return
            who = self.who()
            if who is None:
                raise ValueError(_(NO_NAME))
            if self.card is None:
                raise ValueError(_("Choose your card first: click one of the outlined cards."))
            asks, given = bool(self.reasons.options), self.reasons.chosen()
            if asks and given is None:
                raise ValueError(_("Choose why you play this card first."))
            reason = "" if given is None else given.value
            try:
                kept = self.board.answer_deal(*who, self.deal.key, str(self.card), reason).card
            except DatabaseError:
                self.message.error(_(NOT_SENT))
                return
            except ValueError as refused:
                self.refresh()  # the deal may have changed, or its answer been shown
                self.message.error(str(refused))
                return
            self._sent(kept, _(SENT) if kept == self.card else _(KEPT))

    def _sent(self, card: Card, said: str) -> None:
        """The answer is on the board: the card sent stays on the table, nothing else."""
        self.state = "sent"
        self.message.clear()
        self.card = card
        self._draw(playable=False)
        self._mark(card)
        self.reasons.disabled = True
        self._parts(table=True, reasons=bool(self.reasons.options))
        self.table.status = ""
        self.line.good(said.format(card=card_text(card)))

    def _show_answer(self, who: tuple[str, str]) -> None:
        """The teacher has shown the answer: the student's own mark, and the best cards."""
        assert self.board is not None and self.deal is not None and self.asked is not None
        marked = self.board.my_deal_answer(*who, self.deal.key)
        prices, why = self.asked.prices, self.asked.why
        self.state = "shown"
        self.message.clear()
        self._draw(playable=False)
        seat = seat_name(prices.seat, full=True)
        ticked = ngettext(
            "{seat}'s cards: the best card is ticked.",
            "{seat}'s cards: the best cards are ticked.",
            len(prices.best),
        )
        self.table.question = ticked.format(seat=seat)
        self.table.hand = [self._marked_card(face, marked, prices) for face in self.table.hand]
        self.table.status = ""
        self.reasons.disabled = True
        self.result.value = f'<p class="calypso-deal-result">{result_html(marked, prices, why)}</p>'
        self._parts(table=True, result=True)
        self.line.info(_(SHOWN).format(number=self.deal.number))

    @staticmethod
    def _marked_card(face: dict[str, Any], marked: Marked | None, prices: Prices) -> dict[str, Any]:
        """A card of the hand once the answer is shown: a best card ticked, the student's
        card crossed when it was not one."""
        text = face["text"]
        if text in {str(card) for card in prices.best}:
            return {**face, "mark": "right"}
        if marked is not None and str(marked.card) == text:
            return {**face, "mark": "wrong"}
        return face
