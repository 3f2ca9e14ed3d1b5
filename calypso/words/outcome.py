"""How a game, a hand or a round ended, in words, from its outcome alone
(:class:`calypso.engine.outcome.Outcome`): a headline saying what ended, and a sentence saying
how. A game's sentence names who won with every total: one winner; a shared win (A10, P5, B6,
W7: players or sides on equal highest totals share it); or a draw, when Calypso's two sides are
level (C7). A hand's or a round's sentence gives each score, signed, and claims no winner: the
game's totals decide.

Scorers are named as sentences name them: a seat by :func:`calypso.i18n.seat_name`, a side by
:func:`calypso.i18n.side_name`.

>>> from calypso.engine.outcome import Outcome, Span
>>> game = Outcome.highest({"NS": 2410, "EW": 1980}, over=True, sides=True)
>>> headline(game), result(game)
('Game over.', 'NS wins: NS 2,410 to EW 1,980.')
>>> hand = Outcome.highest({"N": 340, "E": -170, "W": 0}, over=True, span=Span.HAND)
>>> headline(hand), result(hand)
('Hand over.', 'Scores: N +340, E -170, W +0.')
"""

from __future__ import annotations

from calypso.engine.outcome import Ending, Outcome, Span
from calypso.i18n import _, join, number, pgettext, seat_name, side_name


def headline(outcome: Outcome) -> str:
    """What ended: ``Game over.``, ``Hand over.`` or ``Round over.``; empty while it goes on.

    >>> from calypso.engine.outcome import Outcome, Span
    >>> headline(Outcome.highest({"A": 3, "B": 5, "C": 0}, over=True, span=Span.ROUND))
    'Round over.'
    >>> headline(Outcome.highest({"A": 3, "B": 5, "C": 0}, over=False))
    ''
    """
    if not outcome.over:
        return ""
    if outcome.span is Span.HAND:
        return _("Hand over.")
    if outcome.span is Span.ROUND:
        return _("Round over.")
    return _("Game over.")


def result(outcome: Outcome) -> str:
    """How it ended, in a sentence: for a game, who won and every total; for a hand or a round,
    every score with its sign. Empty while it goes on.

    >>> from calypso.engine.outcome import Outcome
    >>> result(Outcome.highest({"A": 31, "B": 31, "C": 12}, over=True))
    'A and B share the win: A 31, B 31, C 12.'
    >>> result(Outcome.highest({"NS": 2000, "EW": 2000}, over=True, sides=True, draws=True))
    'A draw: NS 2,000 to EW 2,000.'
    >>> result(Outcome.highest({"NS": 2000, "EW": 2000}, over=True, sides=True))
    'Both sides share the win: NS 2,000 to EW 2,000.'
    """
    if not outcome.over:
        return ""
    if outcome.span is not Span.GAME:
        return _("Scores: {scores}.").format(scores=_totals(outcome, sign=True))
    totals = _totals(outcome)
    winners = [scorer_name(outcome, who) for who in outcome.winners]
    if outcome.kind is Ending.WON:
        return _("{winner} wins: {totals}.").format(winner=winners[0], totals=totals)
    if outcome.kind is Ending.DRAWN:
        return _("A draw: {totals}.").format(totals=totals)
    if len(winners) == len(outcome.scores) and outcome.sides:
        return _("Both sides share the win: {totals}.").format(totals=totals)
    if len(winners) == len(outcome.scores):
        return _("Every player shares the win: {totals}.").format(totals=totals)
    return _("{winners} share the win: {totals}.").format(winners=join(winners), totals=totals)


def scorer_name(outcome: Outcome, who: str) -> str:
    """A scorer of ``outcome`` as a sentence names it: a side (``NS``) or a seat.

    >>> from calypso.engine.outcome import Outcome
    >>> scorer_name(Outcome.highest({"NS": 1, "EW": 0}, over=True, sides=True), "EW")
    'EW'
    """
    return side_name(who) if outcome.sides else seat_name(who)


def _totals(outcome: Outcome, *, sign: bool = False) -> str:
    """Every scorer with its total (``sign``: with its sign), in order: two as ``NS 2,410 to
    EW 1,980``, more as a list."""
    each = [
        pgettext("a scorer and its total", "{name} {points}").format(
            name=scorer_name(outcome, who), points=number(points, sign=sign)
        )
        for who, points in outcome.scores.items()
    ]
    if len(each) == 2 and not sign:
        return _("{first} to {second}").format(first=each[0], second=each[1])
    return ", ".join(each)
