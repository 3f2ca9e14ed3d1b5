"""Partnership Calypso drawn: the score sheet, a game's table and hands, a trick of a game step
by step with the calypsos after it.

>>> from calypso.partnership.game import Game
>>> "calypso-table" in game_table(Game(seed=1))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from calypso.drawing.faces import card_face, card_row, run_text, seat_label, suit_span, table
from calypso.engine.cards import Card, Suit
from calypso.engine.table import play_order
from calypso.i18n import _, ngettext, number, seat_name, side_name
from calypso.lessons.glossary import rule_link
from calypso.words.partnership import destinations

if TYPE_CHECKING:
    from calypso.partnership.game import Game
    from calypso.partnership.history import TrickStep
    from calypso.partnership.scoring import ScoreSheet, SideScore


def score_sheet(sheet: ScoreSheet) -> str:
    """The score after the fourth deal: four columns, narrow enough for a phone, a block of rows
    per side ending on its total; then who won, and why (C7).

    >>> from calypso.partnership.scoring import ScoreSheet, score_side
    >>> ns = score_side("NS", [("N", "H", 2, 5), ("S", "S", 0, 3)], pile=40)
    >>> ew = score_side("EW", [("E", "C", 1, 0), ("W", "D", 1, 12)], pile=60)
    >>> html = score_sheet(ScoreSheet((ns, ew)))
    >>> html.count("<tbody"), 'data-total="1810"' in html, 'data-total="1840"' in html
    (2, True, True)
    >>> result_line(ScoreSheet((ns, ew)))
    'EW win, 1,840 points to 1,810: their pile cards scored 200 more.'
    """
    headings = (_("player"), _("completed<br>calypsos"), _("cards in<br>progress"), _("points"))
    head = "<thead><tr>" + "".join(f"<th>{h}</th>" for h in headings) + "</tr></thead>"
    sides = "".join(_side_rows(side) for side in sheet.sides)
    return (
        f'<table class="calypso-table calypso-sheet">{head}{sides}</table>'
        f'<p class="calypso-result" data-winner="{sheet.winner or "draw"}">'
        f"{escape(result_line(sheet))}</p>"
    )


def _side_rows(side: SideScore) -> str:
    """One side's rows of the score sheet: a row per player, the pile, the total."""
    rows = "".join(
        f'<tr data-seat="{p.seat}"><th scope="row">{seat_name(p.seat)} {suit_span(p.trump)}</th>'
        f"<td>{p.completed}<br><small>"
        + _("{points} pts").format(points=number(p.calypso_points))
        + f"</small></td><td>{p.in_progress}<br><small>"
        + _("{points} pts").format(points=number(p.in_progress_points))
        + f"</small></td><td>{number(p.total)}</td></tr>"
        for p in side.players
    )
    key, name = escape(side.name), escape(side_name(side.name))
    pile = _("{side} pile").format(side=name)
    cards = _("{count} cards × 10").format(count=side.pile)
    total = _("{side} total").format(side=name)
    return (
        f'<tbody data-side="{key}">{rows}'
        f'<tr><th scope="row">{pile}</th><td colspan="2">{cards}</td>'
        f"<td>{number(side.pile_points)}</td></tr>"
        f'<tr class="calypso-total"><th scope="row" colspan="3">{total}</th>'
        f'<td data-total="{side.total}"><b>{number(side.total)}</b></td></tr></tbody>'
    )


def result_line(sheet: ScoreSheet) -> str:
    """Who won and why, in a sentence: the totals, and the part of the score (completed
    calypsos, cards in progress or the pile) that did most for the winner (C7)."""
    totals = sheet.totals
    if sheet.winner is None:
        return _("A draw: both sides scored {points} points.").format(
            points=number(max(totals.values()))
        )
    winner = next(s for s in sheet.sides if s.name == sheet.winner)
    loser = next(s for s in sheet.sides if s.name != sheet.winner)

    def parts(side: SideScore) -> dict[str, int]:
        return {
            "calypsos": sum(p.calypso_points for p in side.players),
            "progress": sum(p.in_progress_points for p in side.players),
            "pile": side.pile_points,
        }

    said = {
        "calypsos": _(
            "{side} win, {total} points to {other}: their completed calypsos scored {more} more."
        ),
        "progress": _(
            "{side} win, {total} points to {other}: their cards in progress scored {more} more."
        ),
        "pile": _("{side} win, {total} points to {other}: their pile cards scored {more} more."),
    }
    ours, theirs = parts(winner), parts(loser)
    part = max(ours, key=lambda k: ours[k] - theirs[k])
    return said[part].format(
        side=side_name(winner.name),
        total=number(winner.total),
        other=number(loser.total),
        more=number(ours[part] - theirs[part]),
    )


def game_table(game: Game) -> str:
    rows = []
    for seat in game.seats:
        calypso = game.calypso(seat)
        to_play = " " + _("◀ to play") if seat == game.turn else ""
        completed = _("({count} completed)").format(count=calypso.completed)
        rows.append(
            [
                f"<b>{seat_name(seat)}</b> {suit_span(calypso.suit)}{to_play}",
                card_row(game.hand(seat)),
                f"{card_row(calypso.cards())} {completed}",
            ]
        )
    from calypso.partnership.game import DEALS  # drawing a card never loads the game itself

    trick = card_row(game.trick) if game.trick else "—"
    if game.is_over:
        status = _("game over")
    else:
        status = _("deal {deal} of {deals}").format(deal=game.deal_number + 1, deals=DEALS)
    said = _("{status}; trick in progress: {trick}").format(status=status, trick=trick)
    return (
        f"<div><p>{said}</p>"
        + table(rows, [_("seat"), _("hand"), _("calypso in progress")])
        + score_sheet(game.score())
        + "</div>"
    )


def table_view(you: str, trumps: dict[str, Suit], hand: Sequence[Card]) -> str:
    """The table seen from seat ``you``: partner across, opponents left and right."""
    order = list(trumps)
    left, partner, right = play_order(you, order)[1:]
    cell = "padding:0.4rem 0.6rem;text-align:center;"
    across = seat_label(partner, trumps[partner], _("partner"))
    cards = _("13 cards")
    lho = seat_label(left, trumps[left], _("left-hand opponent"))
    rho = seat_label(right, trumps[right], _("right-hand opponent"))
    clockwise = _("clockwise: {seats}").format(seats=" → ".join(seat_name(s) for s in order))
    mine = seat_label(you, trumps[you], _("you"))
    return (
        '<div class="calypso-felt"><table style="margin:auto;border:none">'
        f'<tr><td></td><td style="{cell}">{across}<small>{cards}</small></td><td></td></tr>'
        f'<tr><td style="{cell}">{lho}</td>'
        f'<td style="{cell}"><i class="calypso-muted">{clockwise}</i></td>'
        f'<td style="{cell}">{rho}</td></tr>'
        f'<tr><td></td><td style="{cell}">{mine}{card_row(hand)}</td><td></td></tr></table></div>'
    )


def hands_table(hands: Mapping[str, Sequence[Card]], trumps: Sequence[Suit]) -> str:
    """Each seat's hand, one row per seat."""
    rows = [
        [f"<b>{seat_name(seat)}</b> {suit_span(trump)}", card_row(hand)]
        for (seat, hand), trump in zip(hands.items(), trumps, strict=True)
    ]
    return table(rows, [_("seat"), _("hand")])


def trick_step(step: TrickStep, *, cards: bool = True) -> str:
    """One trick of a game: its cards (unless the trick is drawn elsewhere), where each went,
    events, and the calypsos after it."""
    trick = step.trick
    winner = trick.seats.index(trick.winner)
    moves = [
        [f"<b>{seat_name(seat)}</b>", card_face(card), f"→ {escape(dest)}"]
        for seat, card, dest in zip(
            trick.seats, trick.cards, destinations(step.places), strict=True
        )
    ]
    events = [
        '<p class="calypso-good">'
        + _(
            "{seat} completed a calypso! Spare cards of their suit from this trick, one of each "
            "rank, start the next one."
        ).format(seat=seat_name(seat))
        + "</p>"
        for seat in step.completed
    ]
    said = _("{where}: {leader} led, {won} ({rule}).").format(
        where="<b>"
        + _("Deal {deal}, trick {trick}").format(deal=step.deal, trick=step.number)
        + "</b>",
        leader=seat_name(trick.leader),
        won="<b>" + _("{seat} won").format(seat=seat_name(trick.winner)) + "</b>",
        rule=rule_link(trick.rule.value),
    )
    notes = [seat_name(seat) for seat in trick.seats]
    headings = [_("played by"), _("card"), _("went to")]
    return (
        f'<div class="calypso-step"><p>{said}</p>'
        f'<div style="display:flex;gap:1.5rem;align-items:center;flex-wrap:wrap">'
        f"{card_row(trick.cards, highlight=winner, notes=notes) if cards else ''}"
        f"{table(moves, headings)}</div>{''.join(events)}" + calypsos_after(step) + "</div>"
    )


def calypsos_after(step: TrickStep) -> str:
    """Each seat's calypso in progress after the trick (cards, completed, still needed) and
    the sides' piles."""
    rows = [
        [
            f"<b>{seat_name(seat)}</b> {suit_span(state.suit)}",
            run_text(state.cards, state.suit),
            str(state.completed),
            str(13 - len(state.cards)),
        ]
        for seat, state in step.seats.items()
    ]
    piles = ", ".join(
        ngettext("{side} {count} card", "{side} {count} cards", n).format(
            side=side_name(side), count=n
        )
        for side, n in step.piles.items()
    )
    headings = [_("seat"), _("calypso in progress"), _("completed"), _("still needed")]
    return table(rows, headings) + "<p>" + _("Piles: {piles}.").format(piles=piles) + "</p>"


def side_breakdown(side: SideScore) -> str:
    """A side's score line by line, the way a score sheet adds it up."""
    rows = []
    for p in side.players:
        rows.append(
            [
                f"{seat_name(p.seat)} {suit_span(p.trump)}",
                ngettext(
                    "{count} completed calypso", "{count} completed calypsos", p.completed
                ).format(count=p.completed),
                str(p.calypso_points),
            ]
        )
        rows.append(
            [
                "",
                _("{count} card(s) in progress × 20").format(count=p.in_progress),
                str(p.in_progress_points),
            ]
        )
    rows.append(
        [
            side_name(side.name),
            _("{count} pile card(s) × 10").format(count=side.pile),
            str(side.pile_points),
        ]
    )
    total = _("total")
    rows.append(["", f"<b>{total}</b>", f'<b data-total="{side.total}">{side.total}</b>'])
    return table(rows, [_("who"), _("what"), _("points")])


def calypsos_and_score(game: Game) -> str:
    """Everything face up on the table: each calypso in progress, the piles, the score so far."""
    rows = []
    for seat in game.seats:
        calypso = game.calypso(seat)
        rows.append(
            [
                f"<b>{seat_name(seat)}</b> {suit_span(calypso.suit)}",
                card_row(calypso.cards()),
                str(calypso.completed),
            ]
        )
    totals = game.score().totals
    piles = ", ".join(f"{side_name(side)} {len(game.pile(side))}" for side in game.sides)
    score = ", ".join(f"{side_name(side)} {points}" for side, points in totals.items())
    said = _("Pile cards: {piles}. Score so far: {score}.").format(
        piles=piles, score=f"<b>{score}</b>"
    )
    return table(rows, [_("seat"), _("calypso in progress"), _("completed")]) + f"<p>{said}</p>"
