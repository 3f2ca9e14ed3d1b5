"""The seats round the card table's felt: where each sits, what it is to you, its trump and
the cards it holds (the card table's ``seats`` trait).

>>> from calypso.partnership.game import DEFAULT_TRUMPS, SEATS
>>> seats = seat_data(SEATS, DEFAULT_TRUMPS, you="S", partners=True, hidden=13)
>>> [(s["seat"], s["place"], s["role"], s["held"]) for s in seats]  # doctest: +NORMALIZE_WHITESPACE
[('S', 'bottom', 'you', ''), ('W', 'left', 'left-hand opponent', '13 cards'),
 ('N', 'top', 'partner', '13 cards'), ('E', 'right', 'right-hand opponent', '13 cards')]
>>> [(s["seat"], s["place"]) for s in seat_data(["Ann", "Bo", "Cy"], you="Bo")]
[('Bo', 'bottom'), ('Cy', 'left'), ('Ann', 'right')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypedDict

from calypso.engine.cards import Card, Suit
from calypso.engine.games import COMPASS
from calypso.i18n import _, ngettext, seat_name
from calypso.widgets.tabledata import SeatData, face, trump_mark

COMPASS_PLACES = dict(zip(COMPASS, ("top", "right", "bottom", "left"), strict=True))
"""Where the compass seats sit on every table, whoever is playing: N top, E right, S bottom,
W left (your hand is still drawn along the bottom, named as yours)."""


_ROLE_NAMES: dict[str, Callable[[], str]] = {
    "": lambda: "",
    "you": lambda: _("you"),
    "partner": lambda: _("partner"),
    "left-hand opponent": lambda: _("left-hand opponent"),
    "right-hand opponent": lambda: _("right-hand opponent"),
    "opponent": lambda: _("opponent"),
}
"""Each role's name as the table shows it, worded when it is drawn."""


class SeatOptions(TypedDict, total=False):
    """How :func:`seat_data` seats the players, each option as it names it."""

    you: str | None
    bottom: str | None
    partners: bool
    names: Mapping[str, str] | None
    hidden: Mapping[str, int] | int | None
    shown: Mapping[str, Sequence[Card]] | None
    leader: str | None
    turn: str | None
    rotate: bool


def _held(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _places(count: int) -> list[str]:
    """Where each seat sits, clockwise from the one at the bottom (seats not named by the
    compass)."""
    if count == 1:
        return ["bottom"]
    if count == 2:
        return ["bottom", "top"]
    return ["bottom", "left", *["top"] * (count - 3), "right"]


def seat_keys(names: Sequence[str]) -> list[str]:
    """The key that picks each seat named ``names`` (as its badge names it, in the page's
    language): its name's first letter, upper case, unless another seat's name starts
    with it too (then none, so that no key is ambiguous).

    >>> seat_keys(["N", "E", "S", "W"]), seat_keys(["É", "K", "D", "Ny"])
    (['N', 'E', 'S', 'W'], ['É', 'K', 'D', 'N'])
    >>> seat_keys(["Ann", "Bo", "al", "„C”"])
    ['', 'B', '', 'C']
    """
    firsts = [next((c.upper() for c in name if c.isalpha()), "") for name in names]
    return [key if firsts.count(key) == 1 else "" for key in firsts]


def keys_said(seats: Sequence[SeatData]) -> str:
    """The seats' keys as the table's question names them: in compass order (N, E, S, W) on a
    compass table, else as the seats are drawn, joined by "or"; empty when no seat has one.

    >>> from calypso.i18n import language
    >>> from calypso.partnership.game import SEATS
    >>> keys_said(seat_data(SEATS, you="S"))
    'N, E, S or W'
    >>> with language("hu"):
    ...     keys_said(seat_data(SEATS, you="S"))
    'É, K, D vagy N'
    >>> keys_said(seat_data(["Ann", "Al"]))
    ''
    """
    order = {seat: i for i, seat in enumerate(COMPASS)}
    drawn = sorted(seats, key=lambda s: order.get(s.get("seat", ""), len(order)))
    keys = [s["key"] for s in drawn if s.get("key")]  # a seat set by hand may have none
    if len(keys) < 2:
        return "".join(keys)
    return _("{first} or {last}").format(first=", ".join(keys[:-1]), last=keys[-1])


def _role(i: int, n: int, seen_from_you: bool, partners: bool) -> str:
    """What seat ``i`` of ``n``, counted clockwise from the bottom, is to the player there."""
    if not seen_from_you:
        return ""
    if i == 0:
        return "you"
    if partners and n % 2 == 0 and i == n // 2:
        return "partner"
    if n == 4:
        return {1: "left-hand opponent", 3: "right-hand opponent"}.get(i, "opponent")
    return "opponent"


def seat_data(
    seats: Sequence[str],
    trumps: Mapping[str, Suit | None] | Sequence[Suit | None] = (),
    *,
    you: str | None = None,
    bottom: str | None = None,
    partners: bool = False,
    names: Mapping[str, str] | None = None,
    hidden: Mapping[str, int] | int | None = None,
    shown: Mapping[str, Sequence[Card]] | None = None,
    leader: str | None = None,
    turn: str | None = None,
    rotate: bool = False,
) -> list[SeatData]:
    """The seats, clockwise from the one at the bottom: ``seats`` clockwise as they sit, each
    with a personal trump (``trumps`` by seat, or in the order of ``seats``; none for a game
    without them).

    Seats named N, E, S and W sit where the compass puts them (:data:`COMPASS_PLACES`), unless
    ``rotate`` turns the table so that ``you`` sit at the bottom with your hand, as a bridge
    program turns it; other names always ring the felt clockwise with ``you`` at the bottom
    (else ``bottom``, else the first seat). The roles are told from ``you``; with ``partners``
    each seat's partner is the one across (seats ``i`` and ``i + 2`` of four). ``hidden``
    gives the cards held face down, per seat or one number for everyone but ``you``;
    ``shown`` the cards held face up, drawn in their seat's panel (every hand shown).
    """
    order = list(seats)
    if len(set(order)) != len(order) or not 1 <= len(order) <= 7:
        raise ValueError(f"bad seats {order!r}: expected 1 to 7 different seat names")
    by_seat = (
        dict(trumps)
        if isinstance(trumps, Mapping)
        else dict(zip(order, list(trumps) or [None] * len(order), strict=True))
    )
    first = you or bottom or order[0]
    if first not in order:
        raise ValueError(f"bad seat {first!r}: expected one of {', '.join(order)}")
    start = order.index(first)
    ring = order[start:] + order[:start]
    n = len(ring)
    compass = set(ring) <= COMPASS_PLACES.keys() and not rotate
    places = [COMPASS_PLACES[s] for s in ring] if compass else _places(n)
    shown_names = [(names or {}).get(seat) or seat_name(seat, short=True) for seat in ring]
    keys = seat_keys(shown_names)
    data = []
    for i, (seat, place) in enumerate(zip(ring, places, strict=True)):
        across = ring[(i + n // 2) % n] if partners and n % 2 == 0 else None
        if isinstance(hidden, int):
            count: int | None = None if seat == you else hidden
        else:
            count = None if hidden is None else hidden.get(seat)
        role = _role(i, n, you is not None, partners)
        data.append(
            SeatData(
                seat=seat,
                name=shown_names[i],
                place=place,
                role=role,
                role_name=_ROLE_NAMES[role](),
                side="–".join(
                    seat_name(s, short=True) for s in sorted((seat, across), key=order.index)
                )
                if across
                else "",
                trump=trump_mark(by_seat.get(seat)),
                count=count,
                held="" if count is None else _held(count),
                shown=[face(card) for card in (shown or {}).get(seat, ())],
                leader=seat == leader,
                turn=seat == turn,
                key=keys[i],
            )
        )
    return data
