"""Calypso's own words: the greedy player's hints and where a won card goes (C6); a side is
named by :func:`calypso.i18n.side_name`.

>>> place(Where.PILE, "EW"), place(Where.CALYPSO, "N")
('EW pile', "N's calypso")
"""

from __future__ import annotations

from collections.abc import Sequence

from calypso.i18n import N_, _, card_text, ngettext, seat_name, side_name
from calypso.partnership.calypsos import Where
from calypso.partnership.hints import Advice, Against, Hint
from calypso.partnership.history import Place
from calypso.words.tricks import still_to_play


def hint(advice: Hint) -> str:
    """Why the greedy player would play its card (:func:`calypso.partnership.bots.greedy_hint`), in
    words.

    >>> from calypso.engine.cards import Card
    >>> from calypso.partnership.hints import Advice, Hint
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


def place(where: Where, owner: str) -> str:
    """Where a card of a won trick went (C6): a seat's calypso or a side's pile.

    >>> place(Where.CALYPSO, "N"), place(Where.PILE, "EW")
    ("N's calypso", 'EW pile')
    """
    if where is Where.PILE:
        return _("{side} pile").format(side=side_name(owner))
    return _("{seat}'s calypso").format(seat=seat_name(owner))


def completed_by(count: int, seat: str) -> str:
    """A score line for the calypsos one player completed in the hand, 500 each (P4: a side
    scores those of both its players, so the line names whose they are).

    >>> completed_by(1, "S").startswith("1 calypso completed by S"), completed_by(2, "W")[-3:]
    (True, '500')
    """
    return ngettext(
        "{n} calypso completed by {seat} × 500", "{n} calypsos completed by {seat} × 500", count
    ).format(n=count, seat=seat_name(seat))


def destinations(places: Sequence[Place]) -> tuple[str, ...]:
    """Where each card of a trick went (:attr:`calypso.partnership.history.TrickStep.places`), in
    the page's language.

    >>> from calypso import Game, make_players
    >>> from calypso.partnership.history import trick_steps
    >>> game = Game(seed=3)
    >>> _ = game.play_out(make_players("greedy", seed=3))
    >>> destinations(trick_steps(game)[0].places)[0]
    "N's calypso"
    """
    return tuple(place(card.where, card.owner) for card in places)
