"""What a link to the trick builder holds (:class:`TrickState`), its rule variants, and a typed
card read in a learner's words: the builder (:mod:`calypso.widgets.trick`) keeps its state here.

>>> TrickState.from_link("S.JD-QS.HDSC.ruff-wins").to_link()
'S.JD-QS.HDSC.ruff-wins'
>>> sorted(VARIANTS)
['own-trump', 'ranked', 'ruff-wins']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from calypso.engine.cards import Card, Suit, parse_card
from calypso.engine.tricks import TrumpLead
from calypso.i18n import N_, _
from calypso.partnership.game import DEFAULT_TRUMPS, SEATS, parse_trumps

VARIANTS = {  # key: (label, trump_lead, own trump at any time)
    "ranked": (N_("ranked"), TrumpLead.RANKED, False),
    "ruff-wins": (N_("ruff wins"), TrumpLead.RUFF_WINS, False),
    "own-trump": (N_("own trump any time"), TrumpLead.RANKED, True),
}
"""The rule variants (docs/rulings.md, C5). The third is the engine's ``all_fours`` option, a
project option that no source names: your own trump may be played even when you could follow."""
NOT_A_CARD = N_(
    "“{token}” is not a card: use a rank 2–10, J, Q, K or A and a suit letter S, H, D or C "
    "(for example 9H or 10S)."
)


@dataclass(frozen=True)
class TrickState:
    """What a link to the trick builder holds, and its text form.

    The text is five or more parts joined by dots: the leader, the cards in play order joined
    by dashes (nothing for none), the four personal trumps of N, E, S and W as suit letters,
    the rule variant, then ``r`` when the winner is hidden until revealed, ``d`` with a
    seed when hands are dealt and only legal plays are allowed, and ``p`` when the builder
    opens in presenter mode (big cards, for a projector: a lesson plan's link). Every
    character is safe in a URL fragment.

    >>> state = TrickState.from_link("N.9H-4C-6D-2H.HCDS.ranked")
    >>> state.leader, [str(c) for c in state.cards], [t.letter for t in state.trumps], state.variant
    ('N', ['9H', '4C', '6D', '2H'], ['H', 'C', 'D', 'S'], 'ranked')
    >>> TrickState("E", (), reveal=True, deal=12).to_link()
    'E..HDSC.ranked.r.d12'
    >>> shown = TrickState.from_link("N.2H-AH-AH-AH.HDSC.ranked.r.p")
    >>> shown.reveal, shown.presenter, shown.to_link()
    (True, True, 'N.2H-AH-AH-AH.HDSC.ranked.r.p')
    >>> TrickState.from_link("N.9X.HDSC.ranked")
    Traceback (most recent call last):
    ...
    ValueError: That link does not hold a trick this page can show, so it shows the first example.
    """

    leader: str = "N"
    cards: tuple[Card, ...] = ()
    trumps: tuple[Suit, ...] = DEFAULT_TRUMPS
    variant: str = "ranked"
    reveal: bool = False
    deal: int | None = None
    """The seed of the hands dealt, when only legal plays are allowed."""
    presenter: bool = False
    """Whether the builder shows big cards for a projector (its *Presenter* tick)."""

    def to_link(self) -> str:
        parts = [
            self.leader,
            "-".join(str(c) for c in self.cards),
            "".join(t.letter for t in self.trumps),
            self.variant,
        ]
        if self.reveal:
            parts.append("r")
        if self.deal is not None:
            parts.append(f"d{self.deal}")
        if self.presenter:
            parts.append("p")
        return ".".join(parts)

    @classmethod
    def from_link(cls, text: str) -> TrickState:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        try:
            return cls._read(text)
        except (ValueError, IndexError) as exc:
            said = _(
                "That link does not hold a trick this page can show, so it shows the first example."
            )
            raise ValueError(said) from exc

    @classmethod
    def _read(cls, text: str) -> TrickState:
        leader, cards, trumps, variant, *flags = text.split(".")
        played = tuple(parse_card(c) for c in cards.split("-")) if cards else ()
        if leader not in SEATS or len(played) > 4 or variant not in VARIANTS:
            raise ValueError(f"bad trick link {text!r}")
        reveal = deal = presenter = None
        for flag in flags:
            if flag == "r" and reveal is None:
                reveal = True
            elif re.fullmatch(r"d\d{1,10}", flag) and deal is None:
                deal = int(flag[1:])
            elif flag == "p" and presenter is None:
                presenter = True
            else:
                raise ValueError(f"bad trick link flag {flag!r}")
        return cls(
            leader, played, parse_trumps(trumps), variant, bool(reveal), deal, bool(presenter)
        )


def card_words(token: str) -> Card:
    """A typed card, or ``ValueError`` saying in plain words what a card looks like.

    >>> card_words("10s")
    Card.parse('10S')
    >>> card_words("9X")
    Traceback (most recent call last):
    ...
    ValueError: “9X” is not a card: use a rank ... and a suit letter S, H, D or C (for example...
    """
    try:
        return parse_card(token)
    except ValueError:
        raise ValueError(_(NOT_A_CARD).format(token=token)) from None
