"""Reveal hides every answer (issue 15, item 5): with *Hide the winner until Reveal* on, nothing
the trick builder holds, in any widget of its tree, names the winner before Reveal; after it,
the verdict and its ruling are back.

Expected winners come from the engine (calypso.engine.tricks.resolve_trick), never from the widget,
under the rulings (../shared/RULINGS.md): C1 seats N E S W clockwise, default personal trumps
N♥ E♦ S♠ W♣; C4 decides each trick; C5 names the ruff-wins variant.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import ipywidgets as w
import pytest

from calypso.engine.cards import Card
from calypso.engine.table import play_order
from calypso.engine.tricks import CALYPSO_RULES, TrickResult, TrumpLead, resolve_trick
from calypso.lessons.examples import WORKED_EXAMPLES, WorkedExample, random_trick
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
from calypso.widgets import TrickBuilder
from calypso.widgets.trickstate import VARIANTS

BUILDER = TrickBuilder(link=None)


def texts(value: Any, seen: set[int]) -> Iterator[str]:
    """Every string in a trait's value, and in the widgets it holds (children, layouts)."""
    if isinstance(value, w.Widget):
        yield from widget_texts(value, seen)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from texts(item, seen)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts(item, seen)


def widget_texts(widget: w.Widget, seen: set[int]) -> Iterator[str]:
    """Every string a widget's synced traits hold (what the page is sent), its children's too:
    HTML values, descriptions, tooltips, options, the card table's trick and verdict."""
    if id(widget) in seen:
        return
    seen.add(id(widget))
    for name in widget.keys:
        if not name.startswith("_"):  # not the model's name nor the table's script and style
            yield from texts(getattr(widget, name), seen)


def everything(builder: TrickBuilder) -> str:
    return "\n".join(widget_texts(builder, set()))


def giveaways(result: TrickResult, seats: Sequence[str], complete: bool) -> list[str]:
    """Patterns that would tell the winner: its seat in a sentence, its card in a verdict, the
    ruling that decided it."""
    seat = re.escape(seats[result.winner])
    card = re.escape(result.winning_card.symbol)
    found = [
        rf"\b{seat} wins\b",
        rf"\b{seat}'s\b",
        rf"\b{seat}\b</b> (wins|is winning)",
        rf"\b{seat} is winning\b",
        r"takes the trick",
        r"winning so far",
        r"the engine (agrees|DISAGREES)",
        rf"with {card}",
        rf"{card} (wins|is winning|takes)",
        rf"\({card},",
        rf"(?<![\w.]){re.escape(result.rule.value)}(?![\w.-])",
    ]
    return found if complete else found[:-1]  # a trick in progress has a ruling "as things stand"


def assert_hidden(builder: TrickBuilder, result: TrickResult, seats: Sequence[str]) -> None:
    shown = everything(builder)
    for pattern in giveaways(result, seats, complete=len(result.cards) == 4):
        assert not re.search(pattern, shown), f"{pattern!r} gives the winner away:\n{shown}"
    table = builder.trick
    assert table.verdict == {} and table.standing == ""
    assert not any(entry["winning"] or entry["mark"] for entry in table.trick)


def engine(leader: str, cards: Sequence[Card], variant: str) -> tuple[TrickResult, tuple[str, ...]]:
    seats = play_order(leader, SEATS)
    trumps = [DEFAULT_TRUMPS[SEATS.index(seat)] for seat in seats[: len(cards)]]
    return resolve_trick(cards, trumps, trump_lead=VARIANTS[variant][1]), seats


def reveal(builder: TrickBuilder) -> None:
    builder.trick.receive({"type": "reveal"})  # what the Reveal button and the R key send


@pytest.mark.parametrize("example", WORKED_EXAMPLES, ids=lambda e: e.key)
@pytest.mark.parametrize("presenter", [False, True], ids=["plain", "presenter"])
def test_a_worked_example_names_no_winner_before_reveal(
    example: WorkedExample, presenter: bool
) -> None:
    builder = BUILDER
    builder.presenter.value = presenter
    builder.reveal.value = True
    builder.load(example.key)
    result, seats = engine(example.leader, example.cards, "ranked")
    assert_hidden(builder, result, seats)
    # Some titles tell the answer ("9♥ led, J♠ ruffs highest"): in reveal mode, numbers.
    for title in (e.title for e in WORKED_EXAMPLES):
        assert title not in everything(builder)
    assert builder.trick.waiting and "Example" in builder.about.value

    reveal(builder)
    shown = everything(builder)
    winner = seats[result.winner]
    assert builder.trick.verdict["seat"] == winner
    assert builder.trick.verdict["rule"] == result.rule.value
    assert f"{winner} wins with {result.winning_card.symbol}" in shown
    assert f"{example.winner} wins; the engine agrees" in builder.about.value
    assert example.title in builder.about.value, "the example's own title comes back"
    assert f"<b>{winner}</b> wins ({result.winning_card.symbol}, {result.rule.value})" in (
        builder.compare.value
    )
    builder.presenter.value = False
    builder.reveal.value = False


def random_cases() -> Iterator[tuple[str, tuple[Card, ...], str]]:
    for seed in range(3):
        rng = random.Random(f"reveal/{seed}")
        for rule in CALYPSO_RULES:
            ranked = rule.trump_lead is TrumpLead.RANKED
            variant = rng.choice(["ranked", "own-trump"]) if ranked else "ruff-wins"
            trick = random_trick(rule, rng, trump_lead=rule.trump_lead)
            yield trick.leader, trick.cards, variant
            yield trick.leader, trick.cards[: rng.randint(1, 3)], variant  # a trick in progress


@pytest.mark.parametrize("leader, cards, variant", list(random_cases()))
def test_a_random_trick_names_no_winner_before_reveal(
    leader: str, cards: tuple[Card, ...], variant: str
) -> None:
    builder = BUILDER
    builder.reveal.value = True
    builder.set_trick(leader, cards, variant)
    result, seats = engine(leader, cards, variant)
    assert builder.variant.value == variant
    assert_hidden(builder, result, seats)

    reveal(builder)
    winner, card, rule = seats[result.winner], result.winning_card.symbol, result.rule.value
    if len(cards) == 4:
        assert (builder.trick.verdict["seat"], builder.trick.verdict["rule"]) == (winner, rule)
        assert f"{winner} wins with {card}" in everything(builder)
    else:
        assert builder.trick.standing.startswith(f"{winner}'s {card} is winning so far ({rule}")
    builder.reveal.value = False


def test_hiding_again_and_a_new_trick_hide_the_winner_again() -> None:
    builder = BUILDER
    builder.reveal.value = False
    builder.load("own-suit-led-ruffs-higher")  # N leads 9♥, S's J♠ ruffs highest (C4.2)
    result, seats = engine("N", WORKED_EXAMPLES[-1].cards, "ranked")
    assert builder.trick.verdict["seat"] == "S" == seats[result.winner]
    builder.reveal.value = True
    assert_hidden(builder, result, seats)
    reveal(builder)
    assert builder.trick.verdict["rule"] == "C4.2"
    builder.picker.receive({"type": "key", "key": "previous"})  # a new trick: hidden again
    previous = WORKED_EXAMPLES[-2]
    assert builder.example == previous
    assert_hidden(builder, *engine(previous.leader, previous.cards, "ranked"))
    builder.trick.receive({"type": "key", "key": "next"})  # N, from anywhere on the page
    assert builder.example == WORKED_EXAMPLES[-1]
    assert_hidden(builder, result, seats)
    builder.reveal.value = False
    assert builder.trick.verdict["seat"] == "S" and "S wins; the engine agrees" in (
        builder.about.value
    )
    assert builder.presets[-1].description == WORKED_EXAMPLES[-1].title


def test_the_builders_table_takes_its_keys_from_the_whole_page() -> None:
    table = TrickBuilder(link=None).trick
    assert table.page_keys and table.key_names == {"n": "next", "p": "previous"}
