"""A trick's verdict and its rulings in words, in the page's language (:mod:`calypso.i18n`).

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

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, ParamSpec

from calypso.engine.cards import Card, Suit
from calypso.engine.moves import (
    Advice,
    Against,
    CallRefused,
    Declined,
    Higher,
    Hint,
    IllegalCall,
    SeatingError,
)
from calypso.engine.tricks import (
    IllegalPlay,
    Refusal,
    Refused,
    Rule,
    TrickResult,
    TrumpLead,
    candidates,
)
from calypso.i18n import (
    N_,
    _,
    card_text,
    join,
    language,
    ngettext,
    ordinal,
    pgettext,
    seat_name,
)
from calypso.i18n import (
    number as number,
)
from calypso.partnership.calypsos import Where

if TYPE_CHECKING:  # drawing a trick loads no game (drawing imports words): see score_line
    from calypso.auction.bidding import ScoreLine

P = ParamSpec("P")

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
            "The leader led their own trump, {led}, and {ruffs} ruffed; the higher of the two "
            "wins"
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


def in_english(word: Callable[P, str], *args: P.args, **kwargs: P.kwargs) -> str:
    """``word(...)`` in English, whatever the page's language: how the engine's errors and
    the command line word a refusal (one wording, the catalogs' source)."""
    with language("en"):
        return word(*args, **kwargs)


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


def hint(advice: Hint) -> str:
    """Why the greedy player would play its card (:func:`calypso.partnership.bots.greedy_hint`), in
    words.

    >>> from calypso.engine.moves import Advice, Hint
    >>> print(hint(Hint(Advice.PARTNER_AHEAD, Card.parse("2C"), "N", ("W",))))
    Your partner N is winning so far, so there is no need to beat them: play 2♣. W is still to play.
    """
    kind = advice.advice
    values = {
        "card": card_text(advice.card),
        "seat": seat_name(advice.seat),
        "own": advice.own.symbol if advice.own is not None else "",
        "needed": " ".join(card_text(c) for c in advice.needed),
    }
    if kind is Advice.LEAD_LOW:
        return _(
            "You have no {own} to lead, so lead a low card ({card}) and keep your high ones."
        ).format(**values)
    if kind is Advice.LEAD_OWN:
        return _lead_hint(advice, values)
    text = _(_HINTS[kind, bool(advice.needed) or advice.costly]).format(**values)
    if not advice.later:
        return text
    return _("{hint} {still}.").format(hint=text, still=still_to_play(advice.later))


_HINTS = {
    (Advice.WINS, False): N_("{card} wins the trick for you."),
    (Advice.WINS, True): N_(
        "{card} wins the trick for you, and your side's calypsos need {needed}."
    ),
    (Advice.AHEAD, False): N_("{card} puts you ahead so far."),
    (Advice.AHEAD, True): N_(
        "{card} puts you ahead so far, and your side's calypsos need {needed}."
    ),
    (Advice.PARTNER_TAKES, False): N_(
        "Your partner {seat} takes this trick, so there is no need to beat them: {card} goes to "
        "your side."
    ),
    (Advice.PARTNER_AHEAD, False): N_(
        "Your partner {seat} is winning so far, so there is no need to beat them: play {card}."
    ),
    (Advice.LET_GO, False): N_(
        "You could take this trick, but it holds little for your side, so keep your better "
        "cards and let {seat} have it: play {card}."
    ),
    (Advice.STAY_BEHIND, False): N_(
        "You could go ahead of {seat}, who is winning so far, but the trick holds little for "
        "your side, so keep your better cards: play {card}."
    ),
    (Advice.CANNOT_BEAT, False): N_(
        "{seat} takes this trick whatever you play, so give away a card your side does not "
        "need: {card}."
    ),
    (Advice.CANNOT_BEAT, True): N_(
        "{seat} takes this trick whatever you play, so give away the card that costs your side "
        "least: {card}."
    ),
    (Advice.CANNOT_BEAT_YET, False): N_(
        "None of the cards you may play can beat {seat}, who is winning so far, so give away a "
        "card your side does not need: {card}."
    ),
    (Advice.CANNOT_BEAT_YET, True): N_(
        "None of the cards you may play can beat {seat}, who is winning so far, so give away "
        "the card that costs your side least: {card}."
    ),
}
"""A hint's sentence by its advice and whether the side's calypsos need a card of it."""


def _lead_hint(advice: Hint, values: dict[str, str]) -> str:
    against = {
        Against.ANY_RUFF: _("but under the ruff-wins rule any ruff beats it, however low"),
        Against.NOTHING: _("and a ruff cannot beat an ace led in the leader's own suit"),
        Against.HIGHER_RUFF: _("only a ruff higher than it can"),
    }[advice.against]
    if advice.costly:
        text = _(
            "Lead your own suit with {card}, a card your calypso needs: the others' {own} only "
            "follow suit and cannot beat it, {against}."
        )
    else:
        text = _(
            "Lead your own suit with {card}: the others' {own} only follow suit and cannot beat "
            "it, {against}."
        )
    return text.format(against=against, **values)


def side_name(side: str) -> str:
    """A side (its two seats, ``"NS"``) by its seats' short names: ``NS``, ``ÉD``.

    >>> side_name("EW")
    'EW'
    """
    return "".join(seat_name(seat, short=True) for seat in side)


def place(where: Where, owner: str) -> str:
    """Where a card of a won trick went (C6): a seat's calypso or a side's pile.

    >>> place(Where.CALYPSO, "N"), place(Where.PILE, "EW")
    ("N's calypso", 'EW pile')
    """
    if where is Where.PILE:
        return _("{side} pile").format(side=side_name(owner))
    return _("{seat}'s calypso").format(seat=seat_name(owner))


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


@contextlib.contextmanager
def worded() -> Iterator[None]:
    """Inside the block, what a seat controller declines and a move the engine refuses are
    raised again as a ``ValueError`` in the learner's words (the page's language).

    >>> from calypso.i18n import language
    >>> with language("hu"), worded():
    ...     raise SeatingError(Declined.NOT_YOUR_TURN)
    Traceback (most recent call last):
    ValueError: Most nem te következel.
    """
    try:
        yield
    except SeatingError as error:
        raise ValueError(declined(error.kind)) from None
    except IllegalPlay as error:
        raise ValueError(refusal_reason(error.refusal)) from None
    except IllegalCall as error:
        raise ValueError(call_refused(error)) from None


def higher(kind: Higher) -> str:
    """What makes a bid outrank another (A4), in a phrase.

    >>> higher(Higher.POINTS)
    'the same calypsos, more points'
    """
    return {
        Higher.CALYPSOS: _("more calypsos"),
        Higher.POINTS: _("the same calypsos, more points"),
        Higher.SUIT: _("the same calypsos and points, a higher suit"),
    }[kind]


def call_refused(error: IllegalCall) -> str:
    """Why a call may not be made now (A4), in a sentence's words (bids as they are typed).

    >>> from calypso.auction.bidding import parse_bid
    >>> call_refused(IllegalCall(CallRefused.OWN_SIDE_DOUBLE, last=parse_bid("170C")))
    'only an opponent of the bidder may double 170C'
    """
    values = {
        "call": str(error.call or ""),
        "last": str(error.last or ""),
    }
    return {
        CallRefused.AUCTION_OVER: _("the auction is over: no more calls"),
        CallRefused.NOT_HIGHER: _(
            "{call} does not outrank {last}: bids rank by calypsos, then points, then suit "
            "(C < D < H < S)"
        ),
        CallRefused.NO_BID_TO_DOUBLE: _("there is no bid to double"),
        CallRefused.OWN_SIDE_DOUBLE: _("only an opponent of the bidder may double {last}"),
        CallRefused.ALREADY_DOUBLED: _("{last} is already doubled"),
        CallRefused.NOT_DOUBLED: _("only a doubled bid can be redoubled"),
        CallRefused.NOT_DOUBLED_SIDE: _("only the doubled side may redouble {last}"),
    }[error.kind].format(**values)


def score_line(line: ScoreLine) -> str:
    """What a line of a contract's score counts (A7), in words.

    >>> from calypso.auction.bidding import Item, ScoreLine
    >>> score_line(ScoreLine(Item.BONUS_LOST, 2, -1730))
    'bonus for bid calypso 2, lost'
    """
    from calypso.auction.bidding import Item  # here, not at load: see the imports above

    n, times, item = line.count, line.times, line.item
    if item is Item.COMPLETED:
        return ngettext("{n} calypso completed × 500", "{n} calypsos completed × 500", n).format(
            n=n
        )
    if item is Item.NOT_COMPLETED:
        return ngettext(
            "{n} bid calypso not completed × 500", "{n} bid calypsos not completed × 500", n
        ).format(n=n)
    if item is Item.TRICKPILE:
        return ngettext("{n} trickpile card × 10", "{n} trickpile cards × 10", n).format(n=n)
    if item is Item.SOLD:
        return ngettext("{n} calypso card sold × 20", "{n} calypso cards sold × 20", n).format(n=n)
    return {
        Item.BID: _("bid points {n} × {times}"),
        Item.BONUS: _("bonus for bid calypso {n}"),
        Item.BID_LOST: _("bid points {n} × {times}, lost"),
        Item.BONUS_LOST: _("bonus for bid calypso {n}, lost"),
    }[item].format(n=n, times=times)


def completed_by(count: int, seat: str) -> str:
    """A score line for the calypsos one player completed in the hand, 500 each (P4: a side
    scores those of both its players, so the line names whose they are).

    >>> completed_by(1, "S").startswith("1 calypso completed by S"), completed_by(2, "W")[-3:]
    (True, '500')
    """
    return ngettext(
        "{n} calypso completed by {seat} × 500", "{n} calypsos completed by {seat} × 500", count
    ).format(n=count, seat=seat_name(seat))
