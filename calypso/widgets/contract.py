"""Auction Calypso on paper: which of two bids is higher (A4), the contract calculator that
scores a hand with its selling and doubling line by line (A7), and the calypso bonus table. The
comparer and the calculator keep what they show in the page address, so a link reproduces it.

>>> compare = BidComparer()
>>> compare.first.value, compare.second.value = "170S", "170C"
>>> "170♠ outranks 170♣" in compare.verdict.value, compare.link.value
(True, '170S.170C')
>>> ContractCalculator().score.total
490
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from html import escape
from typing import ClassVar

import ipywidgets as w

from calypso.auction import (
    MAX_CALYPSOS,
    MIN_POINTS_WITHOUT_CALYPSOS,
    MULTIPLIERS,
    BadBid,
    Bid,
    calypso_bonus,
    parse_bid,
    score_contract,
)
from calypso.drawing import auction
from calypso.engine.limits import OutOfRange
from calypso.i18n import N_, _, ngettext
from calypso.widgets.base import Field, Panel, number_box, range_words, stale
from calypso.widgets.link import PageLink
from calypso.words.auction import higher

BID_WORDS = {
    "form": N_(
        "“{text}” is not a bid: write points and a suit letter, like 170C, or calypsos, "
        "a plus sign, points and a suit, like 1+20S."
    ),
    "step": N_("“{text}” is not a bid: points go in tens (170, 180, ...)."),
    "minimum": N_("“{text}” is too low: a bid with no calypsos needs at least {points} points."),
    "calypsos": N_("“{text}” asks too much: a bid names 0 to {most} calypsos."),
}
"""Why a typed bid cannot be made, in a learner's words, by the engine's reason."""


def bid_words(reason: str, text: str) -> str:
    """Why the bid typed as ``text`` cannot be made, by the engine's ``reason`` (:class:`BadBid`).

    >>> bid_words("minimum", "160C")
    '“160C” is too low: a bid with no calypsos needs at least 170 points.'
    """
    return _(BID_WORDS[reason]).format(
        text=text, points=MIN_POINTS_WITHOUT_CALYPSOS, most=MAX_CALYPSOS
    )


@dataclass(frozen=True)
class BidsLink:
    """What a link to the bid comparer holds: two bids, ``+`` written ``_``.

    >>> link = BidsLink.from_link("1_20S.170C")
    >>> link.first.calypsos, link.second.points, link.to_link()
    (1, 170, '1_20S.170C')
    """

    first: Bid
    second: Bid

    def to_link(self) -> str:
        return f"{self.first}.{self.second}".replace("+", "_")

    @classmethod
    def from_link(cls, text: str) -> BidsLink:
        """Read a link's text; a bid that cannot be made, or not two, raise ``ValueError``."""
        first, second = (parse_bid(bid) for bid in text.replace("_", "+").split("."))
        return cls(first, second)


@dataclass(frozen=True)
class ContractLink:
    """What a link to the contract calculator holds: the six numbers in the order they are
    asked, then 0, 1 or 2 for undoubled, doubled or redoubled (numbers the rules do not allow
    are kept, so that their notes show).

    >>> ContractLink.from_link("240.0.19.5.8.0.0").values[-1], ContractLink((1,) * 7).to_link()
    (0, '1.1.1.1.1.1.1')
    """

    values: tuple[int, ...]

    def to_link(self) -> str:
        return ".".join(str(value) for value in self.values)

    @classmethod
    def from_link(cls, text: str) -> ContractLink:
        """Read a link's text; anything else raises ``ValueError``."""
        numbers = text.split(".")
        if not (
            len(numbers) == 7
            and all(n.isdigit() and len(n) <= 4 for n in numbers)
            and int(numbers[-1]) < len(MULTIPLIERS)
        ):
            raise ValueError(f"bad contract {text!r}")
        return cls(tuple(int(n) for n in numbers))


class BidComparer(Panel):
    """Type two bids and see which one outranks the other, and why (A4).

    A bid that cannot be made is marked where it was typed, with a note saying why, and the
    comparison is greyed until it is put right. The page address (key ``bids``) holds the two
    bids as they are written, a ``_`` for each ``+`` (``270S.1_20S``), while both can be made.
    """

    DEFAULT = ("270S", "1+20S")
    """The two bids the comparer starts with."""

    def __init__(
        self, first: str = DEFAULT[0], second: str = DEFAULT[1], link: str = "bids"
    ) -> None:
        self.first = w.Text(value=first, description=_("Bid A"), layout=w.Layout(width="14em"))
        self.second = w.Text(value=second, description=_("Bid B"), layout=w.Layout(width="14em"))
        self.fields = [Field(self.first), Field(self.second)]
        self.verdict = w.HTML()
        self.link = PageLink(key=link)
        for box in (self.first, self.second):
            box.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        super().__init__(
            _("Which bid is higher?"),
            [w.HBox(self.fields, layout=w.Layout(flex_flow="row wrap")), self.verdict, self.link],
        )
        self.update()

    def open_link(self, text: str) -> None:
        """Compare the two bids a link holds; a link that holds no two bids shows the usual
        two, and says so."""
        try:
            link = BidsLink.from_link(text)
        except ValueError:  # a bid that cannot be made, or not two of them
            self.first.value, self.second.value = self.DEFAULT
            raise ValueError(
                _("That link does not hold two bids, so here are the usual two.")
            ) from None
        self.first.value, self.second.value = str(link.first), str(link.second)

    def _read(self, field: Field) -> Bid | None:
        field.fine()
        try:
            return parse_bid(field.control.value)
        except BadBid as error:
            field.problem(bid_words(error.reason, field.control.value.strip()))
            return None

    def update(self) -> None:
        a, b = (self._read(field) for field in self.fields)
        stale(self.verdict, a is None or b is None)
        if a is None or b is None:
            self.link.value = ""
            return
        self.link.value = BidsLink(a, b).to_link()
        if a == b:
            text = _("{a} and {b} are the same bid: neither outranks the other.").format(
                a=a.symbol, b=b.symbol
            )
        else:
            high, low = (a, b) if a.beats(b) else (b, a)
            why = high.beats(low)
            assert why is not None
            text = _("{high} outranks {low}: {why}.").format(
                high=high.symbol, low=low.symbol, why=higher(why)
            )
        self.verdict.value = (
            f'<p class="calypso-verdict" style="font-size:1.1em">{escape(text)}</p>'
        )
        self.message.clear()


_int_box = partial(number_box, width="calc(100% - 4px)", label_width="initial")  # 4px: margins
"""The calculator's number boxes: each label as long as its words, the box taking the rest of
its column (so a long label never pushes the box out of a phone's panel)."""


class ContractCalculator(Panel):
    """Declarer's score for a hand, with selling and doubling shown line by line (A7).

    A number the rules do not allow is marked where it was typed, with a note in plain words,
    and the score is greyed until it is put right. The page address (key ``contract``) holds
    the six numbers in the order they are asked, then 0, 1 or 2 for undoubled, doubled or
    redoubled: ``240.0.19.5.8.0.1``.
    """

    WORDS: ClassVar[dict[str, tuple[str, str]]] = {
        "bid calypsos": (N_("calypsos bid"), N_("a bid names 0 to {most} calypsos")),
        "trickpile": (
            N_("cards in the trickpile"),
            N_(
                "a hand deals 51 cards to three players, 52 to four, so a trickpile holds at "
                "most that"
            ),
        ),
        "cards in progress": (N_("cards in progress"), N_("a calypso in progress has 0 to 12")),
        "cards needed": (N_("cards still needed"), N_("a calypso needs 1 to 13 more cards")),
        "completed calypsos": (N_("completed calypsos"), N_("a hand completes 0 to {most}")),
    }
    """For each number the engine checks: what it counts, as a noun after its number ("60
    cards in the trickpile", which a language may word otherwise than the box's label), and
    what the rules allow (catalog messages, ``{most}`` the most calypsos a bid names)."""

    DEFAULT = (240, 0, 19, 5, 8, 0, 0)
    """What the calculator starts with, in a link's order: A7's example contract."""

    def __init__(self, link: str = "contract") -> None:
        self.points = _int_box(_("bid points"), 240, step=10)
        self.calypsos = _int_box(_("bid calypsos"), 0)
        self.trickpile = _int_box(_("trickpile cards"), 19)
        self.in_progress = _int_box(_("cards in progress"), 5)
        self.needed = _int_box(_("needed at the start"), 8)
        self.completed = _int_box(_("calypsos completed"), 0)
        self.doubled = w.ToggleButtons(
            options=[(_("undoubled"), 0), (_("doubled"), 1), (_("redoubled"), 2)],
            value=0,
            style={"button_width": "7em"},
        )
        self.fields = {
            "bid points": Field(self.points),
            "bid calypsos": Field(self.calypsos),
            "trickpile": Field(self.trickpile),
            "cards in progress": Field(self.in_progress),
            "cards needed": Field(self.needed),
            "completed calypsos": Field(self.completed),
        }
        self.result = w.HTML()
        self.link = PageLink(key=link)
        self.score = score_contract(*self.DEFAULT)
        for box in self.controls:
            box.observe(self.guard(lambda _: self.update()), "value")
        self.link.on_open(self.guard(self.open_link))
        grid = w.GridBox(
            list(self.fields.values()),
            layout=w.Layout(
                grid_template_columns="repeat(auto-fill, minmax(min(18em, 100%), 1fr))"
            ),
        )
        super().__init__(_("Contract calculator"), [grid, self.doubled, self.result, self.link])
        self.update()

    @property
    def controls(self) -> list[w.DOMWidget]:
        """The six number boxes and the doubling, in the order a link holds them."""
        return [*(field.control for field in self.fields.values()), self.doubled]

    def open_link(self, text: str) -> None:
        """Score the contract a link holds, even with numbers the rules do not allow (their
        notes show too); a link that holds no contract shows A7's example, and says so."""
        try:
            values, fine = ContractLink.from_link(text).values, True
        except ValueError:
            values, fine = self.DEFAULT, False
        for control, value in zip(self.controls, values, strict=True):
            control.value = value
        if not fine:
            raise ValueError(_("That link does not hold a contract, so here is A7's example."))

    def update(self) -> None:
        for field in self.fields.values():
            field.fine()
        self.link.value = ContractLink(tuple(c.value for c in self.controls)).to_link()
        try:
            self.score = score_contract(
                self.points.value,
                self.calypsos.value,
                self.trickpile.value,
                self.in_progress.value,
                self.needed.value,
                self.completed.value,
                self.doubled.value,
            )
        except OutOfRange as error:
            noun, limits = self.WORDS[error.what]
            allowed = _(limits).format(most=MAX_CALYPSOS)
            self.fields[error.what].problem(range_words(error, _(noun), allowed))
            stale(self.result, True)
            return
        except BadBid as error:
            self.fields["bid points"].problem(
                bid_words(error.reason, _("{points} points").format(points=self.points.value))
            )
            stale(self.result, True)
            return
        stale(self.result, False)
        score = self.score
        steps = [
            ngettext(
                "Card points: {cards} trickpile card × 10 = {points}.",
                "Card points: {cards} trickpile cards × 10 = {points}.",
                self.trickpile.value,
            ).format(cards=self.trickpile.value, points=score.card_points)
        ]
        if not score.calypsos_made:
            steps.append(
                ngettext(
                    "Only {made} of the {bid} bid calypso completed: the contract fails, and "
                    "nothing may be sold.",
                    "Only {made} of the {bid} bid calypsos completed: the contract fails, and "
                    "nothing may be sold.",
                    self.calypsos.value,
                ).format(made=self.completed.value, bid=self.calypsos.value)
            )
        elif score.short:
            steps.append(
                ngettext(
                    "{short} points short of the bid: selling {sell} card(s) at 20 each would "
                    "close the gap; {held} are in progress to sell.",
                    "{short} points short of the bid: selling {sell} card(s) at 20 each would "
                    "close the gap; {held} are in progress to sell.",
                    score.to_sell,
                ).format(short=score.short, sell=score.to_sell, held=self.in_progress.value)
            )
        else:
            steps.append(_("The card points reach the bid: nothing needs selling."))
        steps.append(
            _("The bid points count × {times} ({doubling}).").format(
                times=MULTIPLIERS[self.doubled.value], doubling=self.doubled.label
            )
        )
        self.result.value = auction.contract_score(score, steps)
        self.message.clear()


class BonusTable(Panel):
    """The calypso bonus, 40 + 10n² for n cards still needed, as a table drawn to scale (A7)."""

    def __init__(self) -> None:
        bonuses = {n: calypso_bonus(n) for n in range(1, 14)}
        title = _("The calypso bonus by cards still needed at the start of the hand:")
        table = auction.bonus_table(bonuses)
        super().__init__(_("The calypso bonus"), [w.HTML(f"<p>{escape(title)}</p>{table}")])
