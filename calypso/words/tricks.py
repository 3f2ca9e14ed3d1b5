"""The trick table's words: a trick's verdict and its rulings, a refused card, who is still to
play and what a seat controller declines, in the page's language (:mod:`calypso.i18n`).

The engine decides (:func:`calypso.engine.tricks.resolve_trick` returns the cards, the winner and
the ruling's id); these functions say why, from those values alone.

>>> from calypso.engine.tricks import resolve_trick
>>> result = resolve_trick(["9H", "4C", "6D", "2H"], trumps=["S", "C", "D", "H"])
>>> explain(result)
'4♣ and 6♦ ruffed the ♥ lead; the highest ruff wins, so 6♦ takes the trick.'
>>> from calypso.i18n import language
>>> with language("hu"):
...     print(explain(result))
A hívott színre (♥) adut tettek: 4♣ és 6♦; közülük a legmagasabb üt, ezért a 6♦ viszi az ütést.
"""

from __future__ import annotations

from collections.abc import Sequence

from calypso.engine.cards import Card, Suit
from calypso.engine.seating import Declined
from calypso.engine.tricks import Refusal, Refused, Rule, TrickResult, TrumpLead, candidates
from calypso.i18n import N_, _, card_text, join, ngettext, ordinal, pgettext, seat_name

_SUMMARIES = {
    Rule.LEADER_TRUMP_UNRUFFED: N_(
        "The leader led their own trump and nobody ruffed: the leader wins, whatever the ranks."
    ),
    Rule.LEADER_TRUMP_RUFFED: N_(
        "The leader led their own trump and someone ruffed: the highest card among the led "
        "card and the ruffs wins."
    ),
    Rule.PLAIN_LEAD_UNRUFFED: N_(
        "The lead was not the leader's trump and nobody ruffed: the highest card of the led "
        "suit wins."
    ),
    Rule.PLAIN_LEAD_RUFFED: N_(
        "The lead was not the leader's trump and someone ruffed: the highest ruff wins."
    ),
    Rule.TIE_FIRST_PLAYED: N_(
        "Two or more of the cards that could win share the highest rank: the one played first wins."
    ),
    Rule.RUFF_BEATS_TRUMP_LEAD: N_(
        "Ruff-wins variant: against a lead of the leader's own trump, any ruff beats the led "
        "card; among several ruffs the highest wins, and of equal ruffs the first played."
    ),
    Rule.HIGHEST_TRUMP: N_(
        "One trump suit for everyone, and trumps were played: the highest trump wins "
        "(Collett Whist W5; Call Bridge B4 with spades)."
    ),
    Rule.HIGHEST_OF_LED: N_(
        "One trump suit for everyone (or none), and no trump was played: the highest card of "
        "the led suit wins (W5, B4)."
    ),
}


def rule_summary(rule: Rule) -> str:
    """A ruling in one sentence, for tables of cases.

    >>> rule_summary(Rule.PLAIN_LEAD_RUFFED)
    "The lead was not the leader's trump and someone ruffed: the highest ruff wins."
    """
    return _(_SUMMARIES[rule])


def explain(result: TrickResult, trump_lead: TrumpLead | None = None) -> str:
    """A sentence (two for a tie) saying why the trick's winning card wins it.

    ``trump_lead`` is the rule the trick was decided under (C5): the result's own unless given.
    """
    cards, trumps, winner = result.cards, result.trumps, result.winner
    ruff_wins = (trump_lead or result.trump_lead) is TrumpLead.RUFF_WINS
    competing, case = candidates(cards, trumps, ruff_wins, result.shared)
    led, win = cards[0], cards[winner]
    values = {
        "suit": led.suit.symbol,
        "led": card_text(led),
        "ruffs": join([card_text(cards[i]) for i in competing if i]),
        "win": card_text(win),
    }
    if case is Rule.LEADER_TRUMP_UNRUFFED:
        return _(
            "{led} was led in the leader's own trump suit and nobody ruffed, so the leader "
            "wins whatever the ranks."
        ).format(**values)
    reason = _reason(case, cards, trumps, competing, values)
    tied = [cards[i] for i in competing if cards[i].rank == win.rank]
    if len(tied) <= 1:
        return _("{reason}, so {win} takes the trick.").format(reason=reason, **values)
    if all(card == win for card in tied):
        equal = ngettext(
            "{count} {card} was played", "{count} {card} were played", len(tied)
        ).format(count=_count(len(tied)), card=card_text(win))
    else:
        equal = _("{cards} are equally high").format(cards=join([card_text(c) for c in tied]))
    which = (
        _("the first {card}").format(card=card_text(win)) if tied.count(win) > 1 else values["win"]
    )
    return _(
        "{reason}. {equal}, and of equal cards the one played earlier wins, so {which} "
        "(the trick's {nth} card) takes the trick."
    ).format(reason=reason, equal=equal, which=which, nth=ordinal(winner + 1))


def _count(n: int) -> str:
    words = {2: _("Two"), 3: _("Three"), 4: _("Four")}
    return words.get(n, str(n))


def _reason(
    case: Rule,
    cards: tuple[Card, ...],
    trumps: tuple[Suit | None, ...],
    competing: list[int],
    values: dict[str, str],
) -> str:
    """Why the cards in ``competing`` compete, before the winner is named."""
    led, trump = cards[0], trumps[0]
    if case is Rule.HIGHEST_TRUMP and trump is not None and led.suit == trump:
        return _(
            "Trumps ({trump}) were led, so everyone who played {trump} was only following; "
            "the highest {trump} wins"
        ).format(trump=trump.symbol)
    if case is Rule.HIGHEST_TRUMP and trump is not None:
        played = join([card_text(cards[i]) for i in competing])
        if len(competing) == 1:
            text = _("{cards} was the only trump on the {suit} lead; the highest {trump} wins")
        else:
            text = _("{cards} trumped on the {suit} lead; the highest {trump} wins")
        return text.format(cards=played, trump=trump.symbol, **values)
    if case is Rule.HIGHEST_OF_LED:
        if trump is None:
            return _("There are no trumps; the highest {suit} wins").format(**values)
        return _("Nobody played a trump ({trump}); the highest {suit} wins").format(
            trump=trump.symbol, **values
        )
    if case is Rule.LEADER_TRUMP_RUFFED and sum(1 for i in competing if i) == 1:
        return _(
            "The leader led their own trump, {led}, and {ruffs} ruffed; the higher of the two wins"
        ).format(**values)
    if case is Rule.LEADER_TRUMP_RUFFED:
        return _(
            "The leader led their own trump, {led}, and {ruffs} ruffed; the highest of the led "
            "card and the ruffs wins"
        ).format(**values)
    if case is Rule.RUFF_BEATS_TRUMP_LEAD and len(competing) == 1:
        return _(
            "Under the ruff-wins rule any ruff beats a lead of the leader's own trump; {ruffs} "
            "was the only ruff of {led}"
        ).format(**values)
    if case is Rule.RUFF_BEATS_TRUMP_LEAD:
        return _(
            "Under the ruff-wins rule any ruff beats a lead of the leader's own trump; {ruffs} "
            "ruffed {led}, and the highest ruff wins"
        ).format(**values)
    if case is Rule.PLAIN_LEAD_RUFFED and len(competing) == 1:
        return _("{ruffs} was the only ruff of the {suit} lead").format(**values)
    if case is Rule.PLAIN_LEAD_RUFFED:
        return _("{ruffs} ruffed the {suit} lead; the highest ruff wins").format(**values)
    following = trumps[0] != led.suit and any(
        t == c.suit == led.suit for c, t in zip(cards[1:], trumps[1:], strict=True)
    )
    if following:
        return _(
            "Nobody ruffed the {suit} lead (whoever has {suit} as their trump was only following "
            "suit); the highest {suit} wins"
        ).format(**values)
    return _("Nobody ruffed the {suit} lead; the highest {suit} wins").format(**values)


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as text, each with its suit's symbol: ``9♥ D♠`` in Hungarian."""
    return " ".join(card_text(card) for card in cards)


def refusal_reason(refusal: Refusal) -> str:
    """Why a move is refused, without naming the refused card (the table shows it).

    >>> from calypso.engine.cards import parse_cards
    >>> from calypso.engine.tricks import refusal
    >>> why = refusal(parse_cards("2H 7H 5C"), parse_cards("KH"), Card.parse("5C"))
    >>> refusal_reason(why)
    'you must follow ♥ (you hold 2♥ 7♥)'
    >>> from calypso.i18n import language
    >>> with language("hu"):
    ...     print(refusal_reason(why))
    színt kell adnod: ♥ (a kezedben: 2♥ 7♥)
    """
    kind, values = refusal.kind, _refusal_values(refusal)
    if kind is Refused.NOT_IN_HAND:
        if not refusal.cards:
            return _("it is not in the hand (empty)")
        return _("it is not in the hand ({cards})").format(**values)
    if kind in (Refused.MUST_OVERTRUMP, Refused.MUST_TRUMP) and refusal.beat is not None:
        return _(
            "you have no {led}, so you must beat {beat} with a higher {trump} (you hold {cards})"
        ).format(**values)
    if kind in (Refused.MUST_OVERTRUMP, Refused.MUST_TRUMP):
        return _("you have no {led}, so you must play a {trump} (you hold {cards})").format(
            **values
        )
    if kind is Refused.MUST_FOLLOW_OR_TRUMP and refusal.trump is not None:
        return _("you must follow {led} or play your own trump {trump} (you hold {held})").format(
            **values
        )
    if kind in (Refused.MUST_FOLLOW, Refused.MUST_FOLLOW_OR_TRUMP):
        return _("you must follow {led} (you hold {held})").format(**values)
    if kind is Refused.OUT_OF_TURN:
        return _("it is {turn}'s turn, not {seat}'s").format(**values)
    if kind is Refused.WRONG_PHASE:
        return _("no card can be played now: the game is in its {phase} phase").format(**values)
    if kind is Refused.GAME_OVER:
        return _("the game is over: no more cards can be played")
    if kind is Refused.NO_CALL_NOW:
        return _("no call can be made now: the game is in its {phase} phase").format(**values)
    if kind is Refused.CALL_OUT_OF_RANGE:
        return _("bad call {asked}: expected a whole number of tricks from {low} to {high}").format(
            **values
        )
    return _("nothing to undo: {asked} card(s) asked for, {made} played so far").format(**values)


def refusal_line(refusal: Refusal) -> str:
    """A refused move in one line, naming the card when there is one.

    >>> from calypso.engine.cards import parse_cards
    >>> from calypso.engine.tricks import refusal
    >>> refusal_line(refusal(parse_cards("2H 5C"), parse_cards("KH"), Card.parse("5C")))
    '5♣ may not be played: you must follow ♥ (you hold 2♥)'
    """
    card = refusal.card
    if card is None:
        return refusal_reason(refusal)
    if refusal.kind is Refused.NOT_IN_HAND:
        cards = cards_text(refusal.cards) or _("empty")
        return _("{card} is not in the hand ({cards})").format(card=card_text(card), cards=cards)
    return _("{card} may not be played: {reason}").format(
        card=card_text(card), reason=refusal_reason(refusal)
    )


def _refusal_values(refusal: Refusal) -> dict[str, str]:
    led = refusal.led
    phases = {
        "calls": pgettext("phase", "calls"),
        "auction": pgettext("phase", "auction"),
        "trumps": pgettext("phase", "trumps"),
        "over": pgettext("phase", "over"),
        "play": pgettext("phase", "play"),
    }
    return {
        "cards": cards_text(refusal.cards),
        "held": cards_text([c for c in refusal.cards if c.suit == led]),
        "led": led.symbol if led is not None else "",
        "trump": refusal.trump.symbol if refusal.trump is not None else "",
        "beat": card_text(refusal.beat) if refusal.beat is not None else "",
        "seat": seat_name(refusal.seat or ""),
        "turn": seat_name(refusal.turn or ""),
        "phase": phases.get(refusal.phase or "", refusal.phase or ""),
        "asked": str(refusal.asked),
        "made": str(refusal.made),
        "low": str(refusal.low),
        "high": str(refusal.high),
    }


def still_to_play(seats: Sequence[str]) -> str:
    """Who has yet to play to a trick, in a phrase (seats by name).

    >>> still_to_play(["E"]), still_to_play(["W", "N", "E"])
    ('E is still to play', 'W, N and E are still to play')
    """
    names = join([seat_name(seat) for seat in seats])
    return ngettext("{names} is still to play", "{names} are still to play", len(seats)).format(
        names=names
    )


def players_to_play(count: int) -> str:
    """How many players have yet to play to a trick, in a phrase.

    >>> players_to_play(1), players_to_play(3)
    ('one player still to play', 'three players still to play')
    """
    numbers = {
        1: pgettext("count", "one"),
        2: pgettext("count", "two"),
        3: pgettext("count", "three"),
        4: pgettext("count", "four"),
        5: pgettext("count", "five"),
        6: pgettext("count", "six"),
    }
    return ngettext("{count} player still to play", "{count} players still to play", count).format(
        count=numbers.get(count, str(count))
    )


def declined(kind: Declined) -> str:
    """Why a table's seat controller declines what a person asked, in a sentence.

    >>> declined(Declined.NO_TRICK_WAITING)
    'There is no finished trick waiting: play on.'
    """
    return {
        Declined.NOT_YOUR_TURN: _("It is not your turn for that."),
        Declined.NO_TRICK_WAITING: _("There is no finished trick waiting: play on."),
        Declined.NOTHING_TO_UNDO: _("Nothing to undo: you have not played a card yet."),
    }[kind]
