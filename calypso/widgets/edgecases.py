"""Every case of C4 and C5 on the card table, one at a time, each with a fresh example on request
(chapter 02's explorer); the case a page shows is in its address (:class:`CaseLink`).

>>> explorer = EdgeCaseExplorer(seed=1)
>>> explorer.link.value
'C4.1-0'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import ipywidgets as w

from calypso.engine.tricks import CALYPSO_RULES, Rule
from calypso.i18n import _, rule_label
from calypso.lessons.examples import ExampleTrick, random_trick
from calypso.partnership.game import SEATS
from calypso.widgets.base import Panel, button
from calypso.widgets.cardtable import CardTable
from calypso.widgets.link import PageLink
from calypso.words.tricks import rule_summary


@dataclass(frozen=True)
class CaseLink:
    """What a link to the every-case explorer holds: the case's id (C4, C5) and how many fresh
    examples were drawn for it, joined by a dash.

    >>> CaseLink.from_link("C4.5-2"), CaseLink(Rule.TIE_FIRST_PLAYED, 0).to_link()
    (CaseLink(rule=<Rule.TIE_FIRST_PLAYED: 'C4.5'>, draws=2), 'C4.5-0')
    >>> CaseLink.from_link("C9.9-1")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a case of C4 or C5: here is the first.
    """

    rule: Rule
    draws: int

    def to_link(self) -> str:
        return f"{self.rule.value}-{self.draws}"

    @classmethod
    def from_link(cls, text: str) -> CaseLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        case, _dash, drawn = text.rpartition("-")
        rule = next((r for r in CALYPSO_RULES if r.value == case), None)
        if rule is None or not drawn.isdigit() or len(drawn) > 6:
            raise ValueError(_("That link does not name a case of C4 or C5: here is the first."))
        return cls(rule, int(drawn))


class EdgeCaseExplorer(Panel):
    """Every case of C4 (and the C5 ruff-wins rule, docs/rulings.md), one at a time on the card
    table, each with a fresh example on request. The case and how many fresh examples were
    drawn for it are in the page address (key ``case``), so a link shows the same trick.

    >>> explorer = EdgeCaseExplorer()
    >>> explorer.rule.value = Rule.TIE_FIRST_PLAYED
    >>> explorer.table.verdict["rule"], explorer.link.value
    ('C4.5', 'C4.5-0')
    """

    def __init__(self, seed: int = 1) -> None:
        self.seed = seed
        self.draws = dict.fromkeys(CALYPSO_RULES, 0)
        self.examples: dict[Rule, ExampleTrick] = {}
        self.rule = w.ToggleButtons(
            options=[(rule_label(rule.value), rule) for rule in CALYPSO_RULES],
            value=CALYPSO_RULES[0],
            tooltips=[rule_summary(rule) for rule in CALYPSO_RULES],
            style={"button_width": "auto"},
        )
        self.summary = w.HTML()
        self.again = button(
            _("Draw another"), icon="refresh", tooltip=_("another trick of this case")
        )
        self.table = CardTable(label=_("A trick decided by this case"))
        self.link = PageLink(key="case")
        self.rule.observe(self.guard(lambda change: self.show(change["new"])), "value")
        self.again.on_click(self.guard(lambda _: self.draw(self.rule.value)))
        self.link.on_open(self.guard(self.open_link))
        super().__init__(
            _("Every case, with an example"),
            [
                self.rule,
                w.HBox(
                    [self.summary, self.again],
                    layout=w.Layout(
                        flex_flow="row wrap",
                        align_items="center",
                        justify_content="space-between",
                    ),
                ),
                self.table,
                self.link,
            ],
        )
        self.show(self.rule.value)

    def draw(self, rule: Rule) -> None:
        self.draws[rule] += 1
        self.show(rule)

    def open_link(self, text: str) -> None:
        """Show the trick a link names (:class:`CaseLink`)."""
        link = CaseLink.from_link(text)
        rule = link.rule
        self.draws[rule] = link.draws
        if self.rule.value == rule:
            self.show(rule)
        self.rule.value = rule

    def show(self, rule: Rule) -> None:
        rng = random.Random(f"edge/{self.seed}/{rule.value}/{self.draws[rule]}")
        trick = random_trick(rule, rng, trump_lead=rule.trump_lead)
        self.examples[rule] = trick
        self.summary.value = (
            f'<p style="margin:0"><span class="calypso-rule">{rule_label(rule.value)}</span> '
            f"{rule_summary(rule)}</p>"
        )
        self.table.set_table(SEATS, trick.trumps, bottom="S", partners=True)
        self.table.show_trick(
            trick.cards,
            trick.seats,
            trick.trumps_in_order(),
            trick.result(),
            trump_lead=trick.trump_lead,
        )
        self.link.value = CaseLink(rule, self.draws[rule]).to_link()
