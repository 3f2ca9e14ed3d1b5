"""What a link to chapter 05's play table holds (key ``play``): :class:`PlayLink`.

>>> PlayLink(5, "S", ("QS", "n")).to_link()
'5.S.QS.n'
"""

from __future__ import annotations

from dataclasses import dataclass

from calypso.engine.tricks import TrumpLead
from calypso.i18n import _
from calypso.lessons.house import STANDARD, HouseRule
from calypso.partnership.bots import BOT_NAMES
from calypso.partnership.game import SEATS

ALL = "all"
"""In a link: you play all four seats."""
DEFAULT_BOT = "greedy"
"""Who plays the other seats unless you choose (and when a link does not say)."""
RULES = frozenset(HouseRule(lead, fours).to_text() for lead in TrumpLead for fours in (False, True))
"""Every house rule's text, as a link to the table may hold it."""


@dataclass(frozen=True)
class PlayLink:
    """What a link to the play table holds (key ``play``): the seed, your seat (``all`` for
    all four), who plays the opponents and your partner (``expert-greedy``, left out when
    both are greedy, so older links open as before), the class's house rule (``w1``, left out
    for the standard rule) and your moves (cards, ``n`` for *Next trick*), joined by dots.

    >>> PlayLink.from_link("5.S.QS.n")
    PlayLink(seed=5, seat='S', moves=('QS', 'n'), opponents='greedy', partner='greedy', \
rule=HouseRule.from_text('r0'))
    >>> PlayLink(5, "S", ("QS",), "expert").to_link()
    '5.S.expert-greedy.QS'
    >>> PlayLink(12, "all").to_link()
    '12.all'
    >>> link = PlayLink.from_link("5.S.w1.QS")
    >>> link.rule.to_text(), link.moves, link.to_link()
    ('w1', ('QS',), '5.S.w1.QS')
    >>> PlayLink.from_link("5")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a game, so here is a new one.
    """

    seed: int
    seat: str
    moves: tuple[str, ...] = ()
    opponents: str = DEFAULT_BOT
    partner: str = DEFAULT_BOT
    rule: HouseRule = STANDARD
    """The class's house rule (C5), after the players when it is not the standard rule."""

    def to_link(self) -> str:
        chosen = (self.opponents, self.partner)
        players = [] if chosen == (DEFAULT_BOT, DEFAULT_BOT) else ["-".join(chosen)]
        rule = [] if self.rule.standard else [self.rule.to_text()]
        return ".".join([str(self.seed), self.seat, *players, *rule, *self.moves])

    @classmethod
    def from_link(cls, text: str) -> PlayLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        seed, seat, *moves = text.split(".") if "." in text else (text, "")
        players = moves.pop(0).split("-") if moves and "-" in moves[0] else [DEFAULT_BOT] * 2
        rule = HouseRule.from_text(moves.pop(0)) if moves and moves[0] in RULES else STANDARD
        if (
            not seed.isdigit()
            or seat not in (*SEATS, ALL)
            or len(players) != 2
            or not set(players) <= set(BOT_NAMES)
        ):
            raise ValueError(_("That link does not name a game, so here is a new one."))
        return cls(int(seed), seat, tuple(moves), players[0], players[1], rule)
