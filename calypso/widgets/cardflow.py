"""Auction Calypso's cards between hands: where the 208 cards lie at the start of each hand of
a game the bots play (A9), with the hand shown in the page address.

>>> flow = CardFlow(seed=2)
>>> flow.hand_slider.value = 2
>>> flow.link.value
'2.2'
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as w

from calypso.auction.bots import auction_bots
from calypso.auction.game import AuctionGame
from calypso.drawing import charts, faces
from calypso.engine.cards import Card
from calypso.i18n import _
from calypso.widgets.base import Panel, seed_box
from calypso.widgets.link import PageLink


def place_name(place: str) -> str:
    """Where cards lie at the start of a hand (a key of :meth:`AuctionGame.places`, A9), by
    name in the page's language.

    >>> from calypso.i18n import language
    >>> place_name("sin-bin"), place_name("green room")
    ('sin-bin', 'green room')
    >>> with language("hu"):
    ...     place_name("sin-bin"), place_name("green room")
    ('büntetőpad', '„zöld szoba”')
    """
    names = {
        "green room": _("green room"),
        "hands": _("hands"),
        "trick": _("trick"),
        "calypsos in progress": _("calypsos in progress"),
        "completed calypsos": _("calypsos completed"),
        "trickpiles": _("trickpiles"),
        "sin-bin": _("sin-bin"),
    }
    return names.get(place, place)


@dataclass(frozen=True)
class FlowLink:
    """What a link to the cards between hands holds: the game's seed and the hand shown.

    >>> FlowLink.from_link("2.3"), FlowLink(2, 3).to_link()
    (FlowLink(seed=2, hand=3), '2.3')
    """

    seed: int
    hand: int

    def to_link(self) -> str:
        return f"{self.seed}.{self.hand}"

    @classmethod
    def from_link(cls, text: str) -> FlowLink:
        """Read a link's text; anything else raises ``ValueError``."""
        seed, _dot, hand = text.partition(".")
        if not (seed.isdigit() and hand.isdigit()):
            raise ValueError(f"bad flow {text!r}")
        return cls(int(seed), int(hand))


class CardFlow(Panel):
    """Where the 208 cards are at the start of each hand of a game played by the bots (A9).
    The page address (key ``flow``) holds the game's seed and the hand shown: ``2.3``."""

    def __init__(self, seed: int = 2, players: int = 3, link: str = "flow") -> None:
        self.seed = seed_box(seed, _("game seed"))
        self.hand_slider = w.IntSlider(
            value=1, min=1, max=6, description=_("Hand"), continuous_update=False
        )
        self.view = w.HTML()
        self.snapshots: list[tuple[dict[str, int], list[Card]]] = []
        self._players = players
        self._first_seed = seed
        self.link = PageLink(key=link)
        self.seed.observe(self.guard(lambda _: self.replay()), "value")
        self.hand_slider.observe(self.guard(lambda _: self.show()), "value")
        self.link.on_open(self.guard(self.open_link))
        super().__init__(
            _("The cards between hands"),
            [
                w.HBox([self.seed, self.hand_slider], layout=w.Layout(flex_flow="row wrap")),
                self.view,
                self.link,
            ],
        )
        self.replay()

    def open_link(self, text: str) -> None:
        """Show the game and hand a link holds; a link that holds none shows the first hand
        of the page's own game, and says so."""
        slider = self.hand_slider
        try:
            link = FlowLink.from_link(text)
        except ValueError:
            link = FlowLink(self.seed.max + 1, 0)
        if link.seed > self.seed.max or not slider.min <= link.hand <= slider.max:
            self.seed.value, slider.value = self._first_seed, slider.min
            raise ValueError(_("That link does not name a hand, so here is the page's own game."))
        self.seed.value, slider.value = link.seed, link.hand

    def replay(self) -> None:
        game = AuctionGame(self._players, self.seed.value, hands=6)
        bots = auction_bots(self._players, self.seed.value)
        self.snapshots = []
        seen = -1
        while not game.is_over:
            if len(game.history) != seen:
                seen = len(game.history)
                counts = {place: sum(c.values()) for place, c in game.places().items()}
                self.snapshots.append((counts, sorted(game.sin_bin)))
            game.apply(bots[game.index(str(game.turn))].choose(game))
        self.show()

    def show(self) -> None:
        self.link.value = FlowLink(self.seed.value, self.hand_slider.value).to_link()
        counts, sin_bin = self.snapshots[self.hand_slider.value - 1]
        start = _("At the start of hand {hand}, after the deal:").format(
            hand=self.hand_slider.value
        )
        sitting = _("Sitting out this hand in the sin-bin (last hand's trickpiles and sales):")
        empty = _("The sin-bin is empty before the first hand.")
        self.view.value = (
            f"<p>{escape(start)}</p>"
            + charts.places_bar({place_name(place): n for place, n in counts.items()})
            + (
                f"<p>{escape(sitting)}</p>"
                f'<div style="max-height:9em;overflow:auto">{faces.card_row(sin_bin)}</div>'
                if sin_bin
                else f"<p>{escape(empty)}</p>"
            )
        )
        self.message.clear()
