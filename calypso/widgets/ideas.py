"""An idea of good play (:mod:`calypso.lessons.ideas`) tried at once on the card table.

The table shows one of the idea's positions with every hand face up: the learner's seat has its
cards along the bottom, the other three hands lie in their panels, the trick in progress on the
felt, and the calypsos and score under the table. The learner plays a card and the table says
what it is worth with every hand shown, from the solver's values (docs/solver.md): right, or
what it costs and why, with the idea at work in words. Any card may be tried in turn; the
position stays. *Show the answer* marks the best card and draws each other card's cost on it;
*Try another position* moves to the idea's next stored position (round to the first). The
position and the last card tried are in the page address, under a key of each idea's own
(``idea-own-suit=1.3H``), so a link opens the same position and verdict.

>>> idea = Idea("ruff")
>>> idea.play(idea.position.best)
>>> idea.table.reply["tone"], idea.tried == [idea.position.best]
('right', True)
>>> idea.another_position()
>>> idea.index, idea.table.reply
(1, {})
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from calypso.drawing import partnership
from calypso.engine.cards import Card, parse_card
from calypso.i18n import N_, _, card_text, seat_name
from calypso.lessons import ideas, why
from calypso.lessons.house import HouseRule
from calypso.partnership.game import SEATS
from calypso.widgets.base import Panel, button
from calypso.widgets.cardtable import CardTable
from calypso.widgets.felt import draw_trick
from calypso.widgets.link import PageLink
from calypso.widgets.member import IDEAS_AS_WRITTEN, ClassMember, HouseLine, as_written_html
from calypso.widgets.reasons import ReasonChoice, quoted, true_reasons_html
from calypso.widgets.tabledata import Reply
from calypso.words.tricks import refusal_reason

WHY_NOW = N_("Now say why it is the best card: pick the reason that is true of it.")


class Idea(Panel):
    """One idea's positions on the card table: play a card, read its verdict."""

    def __init__(self, key: str = "own-suit", index: int = 0) -> None:
        if key not in ideas.IDEAS:
            raise ValueError(f"bad idea {key!r}: expected one of {', '.join(ideas.IDEAS)}")
        self.idea = ideas.IDEAS[key]
        self.index = index % len(self.idea.spots)
        self.position = self.idea.position(self.index)
        self.tried: list[Card] = []
        """The cards tried on the position shown, in order."""
        self.answered = False
        """Whether *Show the answer* was pressed on the position shown."""
        self.heading = w.HTML()
        self.table = CardTable(label=_("The position's table: {idea}").format(idea=self.name))
        self.scores = w.HTML()
        self.reasons = ReasonChoice(legend=_("Why is it the best card?"))
        self.check = button(_("Check my reason"), icon="check")
        self.why_said = w.HTML()
        self.asking = w.VBox([self.reasons, self.check, self.why_said])
        self.asking.add_class("calypso-idea-why")
        self.asking.layout.display = "none"
        self.asked: why.Question | None = None
        """What the position asks of its best card (None: no reason tells it apart)."""
        self.another = button(_("Try another position"), icon="refresh")
        self.answer = button(_("Show the answer"), icon="eye")
        self.link = PageLink(key=f"idea-{key}")
        self.member = ClassMember()
        self.house_words = HouseLine()
        self.member.on_rule(self.guard(self._house_rule))
        self.table.on_card(self.guard(self.play))
        self.link.on_open(self.guard(self.open_link))
        self.another.on_click(self.guard(lambda _: self.another_position()))
        self.answer.on_click(self.guard(lambda _: self.show_answer()))
        self.check.on_click(self.guard(lambda _: self.check_reason()))
        actions = w.HBox(
            [self.answer, self.another, self.link], layout=w.Layout(flex_flow="row wrap")
        )
        super().__init__(
            self.name,
            [
                self.heading,
                self.house_words,
                self.table,
                self.asking,
                actions,
                self.scores,
                self.member,
            ],
        )
        self.add_class("calypso-idea")
        self.show()

    def _house_rule(self, rule: HouseRule) -> None:
        """The class's house rule the browser holds: this section keeps the rules as written,
        and says so when the class plays under another."""
        self.house_words.say(as_written_html(rule, IDEAS_AS_WRITTEN))

    @property
    def name(self) -> str:
        return _(self.idea.name)

    # -- moves ---------------------------------------------------------------------------------

    def play(self, card: Card) -> None:
        """Try ``card`` on the position: the table says what it is worth; a best card is
        then asked why, where the position offers reasons that tell a right card from a
        wrong one (:func:`calypso.lessons.why.question`)."""
        verdict = self.position.verdict(card)
        if card not in self.tried:
            self.tried.append(card)
        self.show(verdict)
        self._ask(card if verdict.right and not self.answered else None)

    def check_reason(self) -> None:
        """*Check my reason*: a reason true of the card is right; any other is the right card
        for the wrong reason, and the sentence says what is true of it."""
        asked, card, reason = self.asked, self.tried[-1] if self.tried else None, None
        if asked is not None:
            reason = self.reasons.chosen()
        if asked is None or card is None or card not in asked.best:
            return
        if reason is None:
            raise ValueError(_("Choose a reason first."))
        grade = why.grade(asked, card, reason)
        if grade is why.Grade.RIGHT:
            said = _("Right card, right reason: {reason} is true of {card}.").format(
                reason=quoted(reason), card=card_text(card)
            )
            self.why_said.value = f'<p class="calypso-good" role="status">{escape(said)}</p>'
        else:
            said = _("Right card, wrong reason: {reason} is not what is true of {card}.").format(
                reason=quoted(reason), card=card_text(card)
            )
            more = true_reasons_html(card, asked)
            text = f"{escape(said)} {more}"
            self.why_said.value = f'<p class="calypso-error" role="status">{text}</p>'
        self.reasons.disabled = True
        self.check.layout.display = "none"

    def _ask(self, card: Card | None) -> None:
        """Offer the reasons for ``card`` (a best card), or hide the question."""
        asked = self.asked if card is not None else None
        if card is not None and asked is None:
            try:
                asked = why.question(self.position.game())
            except ValueError:
                asked = None
            self.asked = asked
        if asked is None or card is None or card not in asked.best:
            self.asking.layout.display = "none"
            return
        self.reasons.offer(asked.reasons)
        self.check.layout.display = None
        self.why_said.value = f'<p class="calypso-muted">{escape(_(WHY_NOW))}</p>'
        self.asking.layout.display = None

    def show_answer(self) -> None:
        """Mark the best card and draw every other card's cost on it."""
        self.answered = True
        self.show(self.position.verdict(self.position.best), answer=True)
        self._ask(None)

    def another_position(self) -> None:
        """Move to the idea's next stored position, from the last round to the first."""
        self.go(self.index + 1)

    def go(self, index: int) -> None:
        """Show stored position ``index`` (counted round), nothing tried yet."""
        self.index = index % len(self.idea.spots)
        self.position = self.idea.position(self.index)
        self.tried, self.answered, self.asked = [], False, None
        self.show()
        self._ask(None)

    def open_link(self, text: str) -> None:
        """Open the position and the card tried that a link names (``1.3H``); anything else
        raises ``ValueError`` in a learner's words, the first position shown."""
        index, _dot, card = text.partition(".")
        if not index.isdigit():
            self.go(0)
            raise ValueError(
                _("That link does not name a position of this idea: here is the first.")
            )
        self.go(int(index))
        if card:
            try:
                chosen = parse_card(card)
            except ValueError as error:
                raise ValueError(_("{text} is not a card.").format(text=card)) from error
            self.play(chosen)

    # -- drawing -------------------------------------------------------------------------------

    def show(self, verdict: ideas.Verdict | None = None, *, answer: bool = False) -> None:
        position = self.position
        game = position.game()
        seat = position.seat
        where = _("Position {n} of {count}").format(n=self.index + 1, count=len(self.idea.spots))
        rules = _("Rulings: {rules}").format(rules=", ".join(self.idea.rules))
        self.heading.value = f'<p class="calypso-muted">{escape(where)} · {escape(rules)}</p>'
        table = self.table
        with table.hold_sync():
            table.question = position.question
            table.facts = self._facts()
            table.set_table(
                SEATS,
                dict(zip(SEATS, game.options.trumps, strict=True)),
                you=seat,
                partners=True,
                shown={other: sorted(game.hand(other)) for other in SEATS if other != seat},
            )
            draw_trick(table, game, seat, last=False)
            why = {card: refusal_reason(no) for card, no in game.refusals().items()}
            wrong = [card for card in self.tried if card != position.best and not self._free(card)]
            if self.answered:
                priced = {
                    cost.card: (cost.cost, cost.words) for cost in position.costs if cost.cost
                }
                table.show_hand(
                    game.hand(seat),
                    playable=game.legal_plays(),
                    why=why,
                    hint=position.best,
                    hint_why=position.lesson(),
                    wrong=wrong,
                    costs=priced,
                )
            else:
                table.show_hand(game.hand(seat), playable=game.legal_plays(), why=why, wrong=wrong)
            table.status = _("{seat} to play: one of the outlined cards.").format(
                seat=seat_name(seat)
            )
            table.reply = dict(self._reply(verdict, answer)) if verdict is not None else {}
        self.scores.value = partnership.calypsos_and_score(game)
        self.link.value = ".".join([str(self.index), *(str(card) for card in self.tried[-1:])])

    def _free(self, card: Card) -> bool:
        """Whether ``card`` costs nothing (it ties with the best)."""
        return any(cost.card == card and not cost.cost for cost in self.position.costs)

    def _facts(self) -> list[str]:
        """What the learner is told beside the question: every hand is shown, and for the
        counting idea what counting the copies gives."""
        facts = [
            _(
                "Every hand is shown, and the solver plays each card with both sides at their "
                "best to the deal's end."
            )
        ]
        if self.idea.key == "count":
            counted = "; ".join(
                _("above your {card}: {n} not yet seen").format(card=card_text(card), n=n)
                for card, n in ideas.tally(self.position.game())
            )
            facts.append(
                _(
                    "Copies counted (played in this game so far, or in your hand): {counted}."
                ).format(counted=counted)
            )
        return facts

    def _reply(self, verdict: ideas.Verdict, answer: bool) -> Reply:
        if answer:
            title = _("The answer: {card}.").format(card=card_text(verdict.card))
            text = _(
                "It is marked in your hand, with why under the table; every card that costs "
                "points has its cost written on it, and why is listed there too."
            )
            return Reply(tone="right", title=title, text=text)
        return Reply(
            tone="right" if verdict.right else "wrong",
            title=verdict.title,
            text=verdict.text
            if verdict.right
            else " ".join([verdict.text, _("Try another card, or Show the answer.")]),
        )
