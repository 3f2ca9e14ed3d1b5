"""Who wins the trick: a trick builder with presets and variants, and an edge-case explorer.

>>> builder = TrickBuilder()
>>> builder.load("jack-diamonds-queen-spades")
>>> builder.winner, builder.result.rule.value
('S', 'C4.2')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as w

from calypso import render
from calypso.cards import ALL_CARDS, Card, Suit, parse_card
from calypso.examples import WORKED_EXAMPLES, ExampleTrick, WorkedExample, random_trick
from calypso.game import DEFAULT_TRUMPS, SEATS, Game
from calypso.table import play_order
from calypso.tricks import CALYPSO_RULES, Rule, TrickResult, TrumpLead, legal_plays, resolve_trick
from calypso.widgets.base import Message, Panel, button, seed_box
from calypso.widgets.cardtable import CardTable
from calypso.widgets.table import TrumpPicker

NO_CARD = "—"
VARIANTS = {  # label: (trump_lead, all_fours)
    "ranked": (TrumpLead.RANKED, False),
    "ruff-wins": (TrumpLead.RUFF_WINS, False),
    "all-fours": (TrumpLead.RANKED, True),
}
ORDINALS = ("1st", "2nd", "3rd", "4th")
ALL_OPTIONS = [(c.symbol, str(c)) for c in ALL_CARDS]


class TrickBuilder(Panel):
    """Build a trick card by card and see at once who wins it, by which rule, and why."""

    def __init__(self, preset: str = "nine-hearts-two-ruffs", seed: int = 1) -> None:
        self._syncing = False
        self.result: TrickResult | None = None
        message = Message()
        self.leader = w.ToggleButtons(
            options=SEATS, value="N", description="Leader", style={"button_width": "3em"}
        )
        self.trump_picker = TrumpPicker(message, lambda _: self.update())
        self.variant = w.ToggleButtons(
            options=list(VARIANTS),
            value="ranked",
            description="Rules",
            style={"button_width": "6.5em"},
            tooltips=[
                "C4: ranks decide (default)",
                "C5: any ruff beats an own-trump lead",
                "C5: your own trump may be played at any time",
            ],
        )
        self.check_legal = w.Checkbox(
            value=False, description="Deal hands and allow only legal plays", indent=False
        )
        self.seed = seed_box(seed, "hands seed")
        self.cards = [
            w.Dropdown(
                options=[NO_CARD],
                value=NO_CARD,
                layout=w.Layout(width="9.5em"),
                style={"description_width": "3.5em"},
            )
            for _ in range(4)
        ]
        self.presets = [
            button(example.title, tooltip=f"{example.source}: {example.note}")
            for example in WORKED_EXAMPLES
        ]
        self.hands = w.HTML()
        self.trick = CardTable(label="The trick on the table")
        # The verdict is shown on the table, beside the winning card; this HTML copy stays
        # up to date for code that reads it, but is not displayed twice.
        self.verdict = w.HTML()
        self.compare = w.HTML()
        for control in (self.leader, self.variant, self.check_legal, self.seed, *self.cards):
            control.observe(self.guard(lambda _: self.update()), "value")
        for example, preset_button in zip(WORKED_EXAMPLES, self.presets, strict=True):
            preset_button.on_click(self.guard(lambda _, key=example.key: self.load(key)))
        children = [
            w.HTML("<i>Worked examples from the rule texts (one click loads one):</i>"),
            w.HBox(self.presets, layout=w.Layout(flex_flow="row wrap")),
            self.leader,
            self.trump_picker,
            self.variant,
            w.HBox([self.check_legal, self.seed]),
            self.hands,
            w.HBox(self.cards, layout=w.Layout(flex_flow="row wrap")),
            self.trick,
            self.compare,
        ]
        super().__init__("Trick builder", children, message=message)
        self.load(preset)

    # -- reading -----------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return play_order(self.leader.value, SEATS)

    @property
    def played(self) -> list[Card]:
        """The cards chosen so far, up to the first empty position."""
        chosen = []
        for dropdown in self.cards:
            if dropdown.value == NO_CARD:
                break
            chosen.append(parse_card(dropdown.value))
        return chosen

    @property
    def winner(self) -> str | None:
        return None if self.result is None else self.seats[self.result.winner]

    def _trump(self, seat: str) -> Suit:
        return self.trump_picker.trumps[SEATS.index(seat)]

    # -- changing ----------------------------------------------------------------------------

    def load(self, key: str) -> None:
        """Show a worked example of the seed texts, by its key."""
        example = next((e for e in WORKED_EXAMPLES if e.key == key), None)
        if example is None:
            keys = ", ".join(e.key for e in WORKED_EXAMPLES)
            raise ValueError(f"bad preset {key!r}: expected one of {keys}")
        self.set_trick(example.leader, example.cards)
        self.message.info(self._source_note(example))

    def set_trick(
        self, leader: str, cards: Sequence[str | Card] | str, variant: str = "ranked"
    ) -> None:
        """Show a trick (default trumps, any cards) led by ``leader``, under ``variant``."""
        chosen = [parse_card(c) for c in (cards.split() if isinstance(cards, str) else cards)]
        if not 1 <= len(chosen) <= 4 or leader not in SEATS or variant not in VARIANTS:
            raise ValueError(
                f"bad trick {leader!r} {cards!r} {variant!r}: expected a seat N, E, S or W, "
                f"1 to 4 cards and a variant among {', '.join(VARIANTS)}"
            )
        self._syncing = True
        try:
            self.check_legal.value = False
            self.variant.value = variant
            self.trump_picker.set(DEFAULT_TRUMPS)
            self.leader.value = leader
            for position, dropdown in enumerate(self.cards):
                dropdown.options = [(NO_CARD, NO_CARD)] * bool(position) + ALL_OPTIONS
                dropdown.value = str(chosen[position]) if position < len(chosen) else NO_CARD
        finally:
            self._syncing = False
        self.update()

    def _source_note(self, example: WorkedExample) -> str:
        agrees = "agrees" if self.winner == example.winner else "DISAGREES"
        return (
            f"From {example.source}: {example.note} The text says {example.winner} wins; "
            f"the engine {agrees}."
        )

    def _hands(self) -> dict[str, list[Card]]:
        game = Game(self.seed.value, trumps=[s.letter for s in self.trump_picker.trumps])
        return {seat: game.hand(seat) for seat in SEATS}

    def _set_options(self, hands: dict[str, list[Card]] | None) -> list[str]:
        """Offer each position the cards it may play; return notes on picks that had to change.

        Positions after the first empty one are emptied: a trick is built in play order.
        """
        notes = []
        before: list[Card] = []
        all_fours = VARIANTS[self.variant.value][1]
        ended = False
        for position, (seat, dropdown) in enumerate(zip(self.seats, self.cards, strict=True)):
            dropdown.description = f"{ORDINALS[position]} {seat}"
            if ended:
                dropdown.options, dropdown.value = [(NO_CARD, NO_CARD)], NO_CARD
                continue
            allowed: Sequence[Card] = ALL_CARDS
            if hands is not None:
                trump = self._trump(seat)
                allowed = sorted(set(legal_plays(hands[seat], before, trump, all_fours=all_fours)))
            options = ALL_OPTIONS if hands is None else [(c.symbol, str(c)) for c in allowed]
            if position:
                options = [(NO_CARD, NO_CARD), *options]
            value = dropdown.value
            if value not in [v for _, v in options]:
                replacement = options[1][1] if position else options[0][1]
                if value != NO_CARD:
                    old, new = parse_card(value).symbol, parse_card(replacement).symbol
                    notes.append(f"{seat} cannot play {old} here, so it became {new}.")
                value = replacement
            dropdown.options, dropdown.value = options, value
            if value == NO_CARD:
                ended = True
            else:
                before.append(parse_card(value))
        return notes

    def update(self) -> None:
        """Recompute the options, the result and the comparison from the controls."""
        if self._syncing:
            return
        self._syncing = True
        try:
            hands = self._hands() if self.check_legal.value else None
            notes = self._set_options(hands)
        finally:
            self._syncing = False
        self.seed.layout.display = None if self.check_legal.value else "none"
        self.hands.value = (
            "" if hands is None else render.hands_table(hands, self.trump_picker.trumps)
        )
        played = self.played
        seats = self.seats[: len(played)]
        trumps = [self._trump(seat) for seat in seats]
        trump_lead = VARIANTS[self.variant.value][0]
        self.result = resolve_trick(played, trumps, trump_lead=trump_lead)
        self.trick.set_table(SEATS, self.trump_picker.trumps, bottom="S", partners=True)
        turn = self.seats[len(played)] if len(played) < len(SEATS) else None
        self.trick.show_trick(played, seats, trumps, self.result, turn=turn)
        self.verdict.value = render.verdict(self.result, seats)
        self.compare.value = render.variant_table(
            {
                name: resolve_trick(played, trumps, trump_lead=lead)
                for name, (lead, _) in VARIANTS.items()
            },
            seats,
            self.variant.value,
        )
        if notes:
            self.message.info(" ".join(notes))
        else:
            self.message.clear()


class EdgeCaseExplorer(Panel):
    """Every case of C4 (and the C5 ruff-wins rule, docs/rulings.md) with a fresh example."""

    def __init__(self, seed: int = 1) -> None:
        self.seed = seed
        self.draws = dict.fromkeys(CALYPSO_RULES, 0)
        self.examples: dict[Rule, ExampleTrick] = {}
        self.views = {rule: w.HTML() for rule in CALYPSO_RULES}
        rows = []
        for rule in CALYPSO_RULES:
            again = button(
                "Draw another", icon="refresh", tooltip=f"another trick decided by {rule.value}"
            )
            again.layout.flex = "0 0 auto"
            again.on_click(self.guard(lambda _, r=rule: self.draw(r)))
            rows.append(
                w.HBox(
                    [self.views[rule], again],
                    layout=w.Layout(
                        align_items="center",
                        justify_content="space-between",
                        border_bottom="1px solid #d5d3cc",
                    ),
                )
            )
        super().__init__("Every case, with an example", rows)
        for rule in CALYPSO_RULES:
            self.show(rule)

    def draw(self, rule: Rule) -> None:
        self.draws[rule] += 1
        self.show(rule)

    def show(self, rule: Rule) -> None:
        rng = random.Random(f"edge/{self.seed}/{rule.value}/{self.draws[rule]}")
        trick = random_trick(rule, rng, trump_lead=rule.trump_lead)
        self.examples[rule] = trick
        result = trick.result()
        self.views[rule].value = render.rule_example(rule, trick, result)
