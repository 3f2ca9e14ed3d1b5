"""A compact card picker: the 52 cards in a grid, suits in rows and ranks across.

A custom widget made with anywidget, like the card table (:mod:`calypso.widgets.cardtable`):
Python sends display data (which cards may be picked, and why the others may not, in words
the engine gave), and the page (``static/picker.js``) draws it and reports what the learner
did: a picked card, a position chosen, *Undo*, *Clear*, or a key pressed for the panel
(N and P for the next and previous example, R to reveal). It holds no rule.

Above the grid, one chip per position of the trick shows the card chosen there (if any);
a card picked goes to the chip marked as current.

>>> from calypso.engine.cards import parse_cards
>>> picker = CardPicker()
>>> picker.offer(parse_cards("9H 4C"), why="the trick is complete")
>>> [c["text"] for row in picker.rows for c in row["cards"] if c["playable"]]
['9H', '4C']
>>> picker.rows[1]["cards"][0]["why"]  # 2♥, not offered
'the trick is complete'
>>> picker.show_positions(["1st · N", "2nd · E"], parse_cards("9H"), current=1)
>>> [(p["label"], p["card"] and p["card"]["text"], p["current"]) for p in picker.positions]
[('1st · N', '9H', False), ('2nd · E', None, True)]
>>> picked = []
>>> picker.on_pick(picked.append)
>>> picker.receive({"type": "pick", "card": "4C"})
>>> picker.receive({"type": "pick", "card": "2H"})  # not offered: ignored
>>> picker.receive({"type": "pick", "card": "nonsense"})  # malformed: ignored
>>> picked
[Card.parse('4C')]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import anywidget
import traitlets as t

from calypso.drawing.faces import suit_colour
from calypso.engine.cards import ALL_CARDS, Card, Suit
from calypso.i18n import _, suit_name
from calypso.widgets.assets import STATIC
from calypso.widgets.tabledata import face, offered_card

SUITS_HIGH_FIRST = tuple(reversed(Suit))
"""The grid's rows: ♠, ♥, ♦, ♣."""

KEYS = ("next", "previous", "reveal")
"""The panel keys the page reports: N, P and R."""


def picker_words() -> dict[str, str]:
    """Every word the picker's page draws by itself, in the page's language.

    >>> picker_words()["undo"]
    'Undo'
    """
    return {
        "positions": _("Positions in the trick"),
        "undo": _("Undo"),
        "undo_title": _("Take back the last card (Backspace in the grid)"),
        "clear": _("Clear"),
        "clear_title": _("Take back every card"),
        "cannot_pick": _("{card} cannot be picked: {why}"),
        "position_card": _("{position}: {card} (choose to change it)"),
        "position_empty": _("{position}: no card yet"),
    }


class CardPicker(anywidget.AnyWidget):
    """The 52 cards as buttons in four rows, with the trick's positions above them.

    ``on_pick(card)``, ``on_position(index)``, ``on_undo()``, ``on_clear()`` and
    ``on_key(name)`` (``"next"``, ``"previous"`` or ``"reveal"``) hear what the learner does;
    messages the picker does not expect are ignored.
    """

    _esm = STATIC / "picker.js"
    _css = STATIC / "picker.css"

    words = t.Dict(value_trait=t.Unicode()).tag(sync=True)
    """Every word the page draws by itself (:func:`picker_words`), in the page's language."""
    label = t.Unicode("Pick a card").tag(sync=True)
    """The grid's accessible name."""
    rows: t.List[Any] = t.List(t.Dict()).tag(sync=True)
    """One ``{"symbol", "name", "colour", "cards"}`` per suit, ♠ first; ``cards`` are a card's
    :class:`~calypso.widgets.tabledata.Face` with ``playable`` (may be picked), ``why`` (why
    not) and ``hint``, 2 to A."""
    positions: t.List[Any] = t.List(t.Dict()).tag(sync=True)
    """One ``{"label", "card", "current"}`` per position of the trick."""
    prompt = t.Unicode("").tag(sync=True)
    """What a pick does now, in a sentence ("Pick the 3rd card, S's.")."""
    shortcuts = t.Unicode("").tag(sync=True)
    """The keyboard help shown under the grid."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Pick a card"))
        super().__init__(words=picker_words(), **kwargs)
        self._callbacks: dict[str, list[Callable[..., object]]] = {
            kind: [] for kind in ("pick", "position", "undo", "clear", "key")
        }
        self.on_msg(self._on_message)
        if not self.rows:
            self.offer(ALL_CARDS)

    # -- what is drawn -------------------------------------------------------------------------

    def offer(
        self,
        cards: Collection[Card],
        why: Mapping[Card, str] | str | None = None,
    ) -> None:
        """Let ``cards`` be picked; every other card says ``why`` not (one sentence, or one
        per card)."""
        allowed = set(cards)
        why = _("not offered now") if why is None else why
        rows = []
        for suit in SUITS_HIGH_FIRST:
            row = []
            for card in ALL_CARDS[suit * 13 : suit * 13 + 13]:
                ok = card in allowed
                reason = "" if ok else why if isinstance(why, str) else why.get(card, "")
                row.append({**face(card), "playable": ok, "why": reason, "hint": False})
            rows.append(
                {
                    "symbol": suit.symbol,
                    "name": suit_name(suit),
                    "colour": suit_colour(suit),
                    "cards": row,
                }
            )
        self.rows = rows

    def show_positions(
        self, labels: Sequence[str], cards: Sequence[Card], current: int | None
    ) -> None:
        """One chip per position (``labels``), the first ``len(cards)`` holding those cards;
        ``current`` is where the next pick goes (``None``: nowhere)."""
        self.positions = [
            {
                "label": label,
                "card": dict(face(cards[i])) if i < len(cards) else None,
                "current": i == current,
            }
            for i, label in enumerate(labels)
        ]

    # -- what comes back from the page ---------------------------------------------------------

    def on_pick(self, callback: Callable[[Card], object]) -> None:
        """Call ``callback(card)`` when a card that may be picked is picked."""
        self._callbacks["pick"].append(callback)

    def on_position(self, callback: Callable[[int], object]) -> None:
        """Call ``callback(index)`` when a position's chip is chosen."""
        self._callbacks["position"].append(callback)

    def on_undo(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` on *Undo* (take back the last card)."""
        self._callbacks["undo"].append(callback)

    def on_clear(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` on *Clear* (take back every card)."""
        self._callbacks["clear"].append(callback)

    def on_key(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(name)`` for a panel key: ``"next"``, ``"previous"`` or ``"reveal"``."""
        self._callbacks["key"].append(callback)

    def _on_message(self, _widget: object, content: object, _buffers: object = None) -> None:
        self.receive(content)

    def receive(self, content: object) -> None:
        """Act on a message from the page: ``{"type": "pick", "card": "10H"}``,
        ``{"type": "position", "index": 2}``, ``{"type": "undo"}``, ``{"type": "clear"}`` or
        ``{"type": "key", "key": "next"}``. Anything else is ignored."""
        if not isinstance(content, Mapping):
            return
        kind = content.get("type")
        args: tuple[object, ...] = ()
        if kind == "pick":
            card = offered_card(content.get("card"), (c for row in self.rows for c in row["cards"]))
            if card is None:
                return
            args = (card,)
        elif kind == "position":
            index = content.get("index")
            if not isinstance(index, int) or not 0 <= index < len(self.positions):
                return
            args = (index,)
        elif kind == "key":
            if content.get("key") not in KEYS:
                return
            args = (content["key"],)
        elif kind not in ("undo", "clear"):
            return
        for callback in list(self._callbacks[str(kind)]):
            callback(*args)
