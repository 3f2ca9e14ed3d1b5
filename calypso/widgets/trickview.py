"""A trick as the card table shows it: its cards in play order with the winning one marked,
and either the verdict of a finished trick or, for a trick in progress, a sentence on the card
winning so far (the card table's ``trick``, ``verdict``, ``standing`` and ``trick_done``).

>>> from calypso.engine.cards import parse_cards
>>> from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
>>> from calypso.engine.tricks import resolve_trick
>>> from calypso.widgets.tableseats import seat_data
>>> table = seat_data(SEATS, DEFAULT_TRUMPS)
>>> cards, trumps = parse_cards("9H 4C"), [Suit.HEARTS, Suit.DIAMONDS]
>>> view = trick_view(cards, ["N", "E"], trumps, resolve_trick(cards, trumps), table=table)
>>> [t["mark"] for t in view.trick], view.done, view.verdict
(['winning so far', ''], False, None)
>>> view.standing
"N's 9♥ is winning so far (C4.1 as things stand); two players still to play."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from calypso.engine.cards import Card, Suit
from calypso.engine.tricks import TrickResult, TrumpLead
from calypso.i18n import _, card_text, ordinal, rule_label, seat_name
from calypso.widgets.tabledata import SeatData, TrickCard, Verdict, face, rule_data, trump_mark
from calypso.words.tricks import explain, players_to_play, rule_summary, still_to_play


@dataclass(frozen=True)
class TrickView:
    """What the page is sent of one trick."""

    trick: list[TrickCard]
    """Each card, in play order."""
    verdict: Verdict | None
    """The verdict, once every seat at the table has played (with a result), else ``None``."""
    standing: str
    """For a trick in progress with a result: the card winning so far and who is still to
    play; else empty."""
    done: bool
    """Every seat at the table has played to the trick."""


def trick_view(
    cards: Sequence[Card],
    seats: Sequence[str],
    trumps: Sequence[Suit | None] | None,
    result: TrickResult | None,
    *,
    table: Sequence[SeatData],
    rule: str | None = None,
    trump_lead: TrumpLead | None = None,
) -> TrickView:
    """The trick ``cards`` in play order, ``seats[i]`` played ``cards[i]`` with personal trump
    ``trumps[i]`` (else the trump of its seat at the ``table``); with the engine's ``result``,
    its winning card is marked. ``rule`` is the ruling's id as the page names it (Call Bridge's
    B4 ids), the engine's id by default; ``trump_lead`` is the C5 rule the trick was decided
    under, for the verdict's words.
    """
    known = {seat["seat"]: seat for seat in table}
    winner = None if result is None else result.winner
    to_play = len(table) - len(cards)
    entries = []
    for i, card in enumerate(cards):
        seat = seats[i]
        entries.append(
            TrickCard(
                seat=seat,
                name=known[seat]["name"],
                order=ordinal(i + 1),
                trump=trump_mark(trumps[i]) if trumps is not None else known[seat]["trump"],
                card=face(card),
                winning=i == winner,
                mark="" if i != winner else _("winning so far") if to_play > 0 else _("wins"),
            )
        )
    ruling = rule or (result.rule.value if result is not None else "")
    if result is None:
        return TrickView(entries, None, "", to_play <= 0)
    if to_play > 0:
        standing = _standing(result, seats, len(table), rule_label(ruling))
        return TrickView(entries, None, standing, False)
    return TrickView(entries, verdict(result, seats, ruling, trump_lead), "", True)


def verdict(
    result: TrickResult, seats: Sequence[str], rule: str, trump_lead: TrumpLead | None = None
) -> Verdict:
    """The finished trick's verdict, a sentence naming the winner's seat as a sentence writes
    it (``Észak``, where the badge shows ``É``), never the badge's own text, which may carry
    more (``W · called 3 · won 1``).

    >>> from calypso.engine.cards import parse_cards
    >>> from calypso.engine.tricks import resolve_trick
    >>> cards, trumps = parse_cards("9H 4C 2D 6C"), [Suit.parse(t) for t in "HDSC"]
    >>> said = verdict(resolve_trick(cards, trumps), "NESW", "C4.2")
    >>> said["headline"], said["rule"], said["seat"]
    ('N wins with 9♥', 'C4.2', 'N')
    """
    seat = seats[result.winner]
    win = result.winning_card
    who = _("{name} wins").format(name=seat_name(seat))
    ruling = rule_data(rule)
    return Verdict(
        seat=seat,
        who=who,
        card=face(win),
        headline=_("{who} with {card}").format(who=who, card=card_text(win)),
        summary=rule_summary(result.rule),
        sentence=explain(result, trump_lead),
        rule=ruling["rule"],
        rule_id=ruling["rule_id"],
        rule_words=ruling["rule_words"],
        rule_href=ruling["rule_href"],
        rule_taught=ruling["rule_taught"],
    )


def _standing(result: TrickResult, seats: Sequence[str], size: int, rule: str) -> str:
    """The trick in progress in a sentence: the card winning so far, under which ruling as
    things stand, and who is still to play (named when ``seats`` gives all ``size`` seats in
    play order)."""
    played = len(result.cards)
    still = still_to_play(seats[played:]) if len(seats) == size else players_to_play(size - played)
    return _("{seat}'s {card} is winning so far ({rule} as things stand); {still}.").format(
        seat=seat_name(seats[result.winner]),
        card=card_text(result.winning_card),
        rule=rule,
        still=still,
    )
