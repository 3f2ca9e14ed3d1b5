"""Chapter "calypsos": where each card of a won trick goes (C6)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from calypso.engine.cards import ALL_CARDS, Card, Suit
from calypso.i18n import N_, _, card_text, seat_name, side_name
from calypso.lessons.examples import ExampleTrick
from calypso.lessons.exercises.base import (
    Choice,
    Exercise,
    any_trumps,
)
from calypso.partnership.calypsos import Calypso, Where, route
from calypso.partnership.game import SEATS, partner_of
from calypso.words.tricks import cards_text

WHERE_CHOICES = (
    Choice("winner", N_("into the winner's calypso in progress, filling a gap")),
    Choice("partner", N_("into the partner's calypso in progress, filling a gap")),
    Choice("next", N_("it starts the winner's or the partner's next calypso")),
    Choice("pile", N_("onto the winning side's pile")),
)
"""Where a card of a won trick can go, labelled with English message ids (C6). Exactly one
holds for any card: a card that fills a gap in a calypso in progress is no spare, a spare that
starts the next calypso once the trick completes one fills no gap in the calypso in progress,
and a card on the pile is in no calypso."""
WHERE_KEYS = tuple(choice.key for choice in WHERE_CHOICES)
WHERE_TARGETS = ("winner", "partner", "next", "next", "pile", "pile")
"""The answers a question is drawn for, each as often as it is listed: a spare that starts the
next calypso, or one that goes onto the pile, twice as often as a card that fills a gap, so
that sending a card to whoever builds its suit is right in only a third of the questions."""


def _where_choices() -> tuple[Choice, ...]:
    """:data:`WHERE_CHOICES` in the page's language."""
    return tuple(Choice(choice.key, _(choice.label)) for choice in WHERE_CHOICES)


def _run(rng: random.Random, suit: Suit, trick: Sequence[Card]) -> Calypso:
    """A calypso in progress: sometimes one card short of complete, with that card in the
    trick, so that the trick finishes it."""
    needed = [c for c in trick if c.suit == suit]
    if needed and rng.random() < 0.4:
        last = rng.choice(needed)
        return Calypso(suit, [c for c in ALL_CARDS if c.suit == suit and c.rank != last.rank])
    size = rng.randint(0, 11)
    return Calypso(suit, rng.sample([c for c in ALL_CARDS if c.suit == suit], size))


def _completes(run: Calypso, trick: Sequence[Card]) -> bool:
    """Whether the trick's cards of the run's suit complete it (C6)."""
    after = run.copy()
    after.take(c for c in trick if c.suit == run.suit)
    return after.completed > run.completed


def _where_draw(rng: random.Random) -> tuple[ExampleTrick, list[Calypso]]:
    """A won trick with copies and the side's suits coming up often, and the calypsos in
    progress of its winner and the winner's partner, in that order (C6)."""
    trumps = any_trumps(rng)
    leader = rng.choice(SEATS)
    cards: list[Card] = []
    for _seat in SEATS:
        suit = rng.choice([*trumps, *trumps[:2]])  # the winner's side's suits come up often
        if cards and rng.random() < 0.3:
            suit = cards[0].suit
        pool = [c for c in ALL_CARDS if c.suit == suit]
        cards.append(rng.choice(cards) if cards and rng.random() < 0.25 else rng.choice(pool))
    trick = ExampleTrick(leader, tuple(cards), trumps)
    mine = dict(zip(SEATS, trumps, strict=True))
    winner = trick.winning_seat()
    return trick, [_run(rng, mine[winner], cards), _run(rng, mine[partner_of(winner)], cards)]


def _where_keys(trick: ExampleTrick, runs: Sequence[Calypso]) -> list[str]:
    """Where each card of the trick goes, as the keys of WHERE_CHOICES (C6, from ``route``)."""
    owner = {runs[0].suit: "winner", runs[1].suit: "partner"}
    keys = []
    for where, suit in route(trick.cards, runs):
        if where is Where.CALYPSO and suit is not None:
            keys.append(owner[suit])
        else:
            keys.append(where.value)
    return keys


def _earlier_copy(trick: ExampleTrick, index: int) -> str:
    """Who played the first copy of the trick's card at ``index``, in words."""
    first = trick.cards.index(trick.cards[index])
    return _("{seat}'s {card}, played earlier in this trick").format(
        seat=seat_name(trick.seats[first]), card=card_text(trick.cards[index])
    )


def _where_why(trick: ExampleTrick, runs: Sequence[Calypso], index: int, key: str) -> str:
    """Why the card at ``index`` goes where ``key`` says, in plain words (C6)."""
    card = trick.cards[index]
    winner = trick.winning_seat()
    seat = {runs[0].suit: winner, runs[1].suit: partner_of(winner)}
    side = "".join(sorted((winner, partner_of(winner)), key=SEATS.index))
    run = next((r for r in runs if r.suit == card.suit), None)
    names = {
        "winner": seat_name(winner),
        "partner": seat_name(partner_of(winner)),
        "suit": card.suit.symbol,
        "card": card_text(card),
        "side": side_name(side),
    }
    if run is None:
        return _(
            "Neither {winner} nor {partner} builds {suit}, so the card goes onto {side}'s pile."
        ).format(**names)
    owner = seat_name(seat[run.suit])
    later = card in trick.cards[index + 1 :]
    if key in ("winner", "partner"):
        why = _("{owner}'s calypso in progress is missing {card}, and it must go in.").format(
            owner=owner, **names
        )
        if later:
            why += " " + _(
                "This copy was played first, so it fills the gap; the later {card} in this "
                "trick is a spare."
            ).format(**names)
        return why
    filled = (
        _("{owner}'s calypso already held {card}").format(owner=owner, **names)
        if not run.needs(card)
        else _("{earlier}, filled that gap first").format(earlier=_earlier_copy(trick, index))
    )
    if key == "next":
        return _(
            "This trick completes {owner}'s calypso. This {card} was a spare at first "
            "({filled}), but once a calypso is completed, the spares of its suit from the same "
            "trick start the next one, one card of each rank."
        ).format(owner=owner, filled=filled, **names)
    why = _("This {card} is a spare: {filled}. Spares go onto {side}'s pile.").format(
        filled=filled, **names
    )
    if _completes(run, trick.cards):
        why += " " + _(
            "This trick completes {owner}'s calypso, and one spare of each rank starts the "
            "next one; an earlier spare {card} of this trick already does."
        ).format(owner=owner, **names)
    return why


def _where_not(trick: ExampleTrick, runs: Sequence[Calypso], index: int, key: str) -> str:
    """Why the card at ``index`` does not go where ``key`` says, in one sentence (C6, the
    facts ``route`` works from: whose suit it is, what the calypso in progress holds, whether
    the trick completes it)."""
    card = trick.cards[index]
    winner = trick.winning_seat()
    seat = {runs[0].suit: winner, runs[1].suit: partner_of(winner)}
    run = next((r for r in runs if r.suit == card.suit), None)
    right = _where_keys(trick, runs)[index]
    names = {"suit": card.suit.symbol, "card": card_text(card)}
    if key in ("winner", "partner"):
        asked = runs[0] if key == "winner" else runs[1]
        holder = seat_name(seat[asked.suit])
        if asked.suit != card.suit:
            return _("{owner}'s calypso is in {theirs}, so a {suit} card cannot go into it").format(
                owner=holder, theirs=asked.suit.symbol, **names
            )
        filled = (
            _("{owner}'s calypso in progress already holds {card}").format(owner=holder, **names)
            if not asked.needs(card)
            else _("{earlier}, fills that gap first").format(earlier=_earlier_copy(trick, index))
        )
        if right == "next":
            return _(
                "{card} fills no gap in the calypso in progress ({filled}), so it starts "
                "{owner}'s next calypso instead"
            ).format(filled=filled, owner=holder, **names)
        return _("{card} is a spare: {filled}").format(filled=filled, **names)
    if run is None:
        return _(
            "Neither {winner} nor {partner} builds {suit}, so {card} goes into no calypso, old "
            "or new"
        ).format(winner=seat_name(winner), partner=seat_name(partner_of(winner)), **names)
    owner = seat_name(seat[run.suit])
    if key == "next":
        if not _completes(run, trick.cards):
            return _(
                "This trick does not complete {owner}'s {theirs} calypso, so {card} starts no "
                "new one"
            ).format(owner=owner, theirs=run.suit.symbol, **names)
        if right in ("winner", "partner"):
            return _(
                "{owner}'s calypso in progress lacks {card}, and this copy fills that gap before "
                "any new calypso is started"
            ).format(owner=owner, **names)
        return _(
            "An earlier spare {card} of this trick already starts {owner}'s next calypso, which "
            "takes one card of each rank"
        ).format(owner=owner, **names)
    if right == "next":
        return _(
            "This trick completes {owner}'s calypso, and the first spare {card} starts the next "
            "one instead of going onto the pile"
        ).format(owner=owner, **names)
    return _(
        "{owner}'s calypso in progress lacks {card}, and a card that fills a gap must go in, not "
        "onto the pile"
    ).format(owner=owner, **names)


CANDIDATES = 4
"""Tricks drawn for a question, of which one whose card the rule of thumb "whoever builds its
suit" does not place is asked, if any."""


def _by_builder(trick: ExampleTrick, runs: Sequence[Calypso], index: int) -> bool:
    """Whether the card at ``index`` was played by whoever on the winning side builds its
    suit (runs[0] is the winner's calypso in progress, runs[1] the partner's)."""
    winner = trick.winning_seat()
    builder = {runs[0].suit: winner, runs[1].suit: partner_of(winner)}
    return builder.get(trick.cards[index].suit) == trick.seats[index]


def _by_builder_share(targets: Sequence[str], target: str) -> float:
    """How often a question whose answer is ``target`` asks about a card its suit's builder
    played: half the time, except for a card that fills a gap, where it is as often as keeps
    "into the calypso of whoever played it, if it is of their suit, else onto the pile" right
    in a third of the stage (a spare played by its builder defeats it, and one played by
    anybody else the reverse rule of thumb)."""
    if target not in ("winner", "partner"):
        return 0.5
    gaps = sum(t in ("winner", "partner") for t in targets) / len(targets)
    piles = targets.count("pile") / len(targets)
    return min(1.0, max(0.0, (1 / 3 - piles / 2) / gaps))


def _by_suit(trick: ExampleTrick, runs: Sequence[Calypso], index: int) -> str:
    """The rule of thumb "into the calypso of whoever builds its suit, else onto the pile"."""
    owner = {runs[0].suit: "winner", runs[1].suit: "partner"}
    return owner.get(trick.cards[index].suit, "pile")


def where_question(
    rng: random.Random,
    targets: Sequence[str] = WHERE_TARGETS,
    completing: bool = False,
    tries: int = 10_000,
) -> Exercise:
    """Where does this card of a won trick go (C6)? The answer is drawn first from
    ``targets`` (keys of ``WHERE_CHOICES``, each as often as listed), then whether the card
    asked about was played by whoever builds its suit (:func:`_by_builder_share`), then a
    trick with such a card going there; with ``completing``, a trick that completes a
    calypso. Of a few such tricks, one whose card does not go to whoever builds its suit is
    asked if there is one: for the pile, mostly a spare rather than an opponent's suit."""
    target = rng.choice(targets)
    by_builder = rng.random() < _by_builder_share(targets, target)
    found: list[tuple[ExampleTrick, list[Calypso], int]] = []
    for _try in range(tries):
        trick, runs = _where_draw(rng)
        if completing and not any(_completes(run, trick.cards) for run in runs):
            continue
        keys = _where_keys(trick, runs)
        asked = [
            i
            for i, key in enumerate(keys)
            if key == target and _by_builder(trick, runs, i) == by_builder
        ]
        if asked:
            found.append((trick, runs, rng.choice(asked)))
        if len(found) == CANDIDATES:
            break
    else:
        raise ValueError(f"no {CANDIDATES} tricks with a card going to {target!r} in {tries} draws")
    trick, runs, index = min(found, key=lambda found: _by_suit(*found) == target)
    winner = trick.winning_seat()
    facts = tuple(
        _("{seat}'s calypso in progress ({suit}): {cards}").format(
            seat=seat_name(seat),
            suit=run.suit.symbol,
            cards=cards_text(run.cards()) or _("no cards yet"),
        )
        for seat, run in zip((winner, partner_of(winner)), runs, strict=True)
    )
    card = trick.cards[index]
    return Exercise(
        question=_("{winner} wins this trick. Where does {seat}'s {card} go?").format(
            winner=seat_name(winner), seat=seat_name(trick.seats[index]), card=card_text(card)
        ),
        choices=_where_choices(),
        answer=target,
        explanation=_where_why(trick, runs, index, target),
        rule="C6",
        trick=trick,
        trumps=trick.trumps,
        facts=facts,
        why=tuple((k, _where_not(trick, runs, index, k)) for k in WHERE_KEYS if k != target),
        result=trick.result(),
    )


# -- chapter "scoring": scoring --------------------------------------------------------------------
