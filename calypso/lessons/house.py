"""A class's house rule: the rule variant a teacher chooses for the whole class (C5).

The desk's class setup chooses one; the class link carries it in its short text form
(:meth:`HouseRule.to_text`, ``r0`` for the rules as both seed texts give them), and every page a
student opened by that link plays under it: the trick rule of a lead of the leader's own trump
that is ruffed (``ranked`` or ``ruff-wins``), and whether one's own suit may be played at any
time (``all_fours``).

>>> rule = HouseRule.from_text("w1")
>>> rule.trump_lead.value, rule.all_fours, rule.standard
('ruff-wins', True, False)
>>> rule.to_text(), HouseRule().to_text(), HouseRule().standard
('w1', 'r0', True)
>>> rule.options()
{'trump_lead': 'ruff-wins', 'all_fours': True}
>>> rule
HouseRule.from_text('w1')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from calypso.engine.tricks import TrumpLead
from calypso.i18n import N_, _

_TEXT = re.compile(r"([rw])([01])")


@dataclass(frozen=True)
class HouseRule:
    """The rule variant a class plays under (docs/rulings.md, C5)."""

    trump_lead: TrumpLead = TrumpLead.RANKED
    all_fours: bool = False

    def __repr__(self) -> str:
        return f"HouseRule.from_text({self.to_text()!r})"

    @property
    def standard(self) -> bool:
        """Whether this is the rule both seed texts give (no house rule at all)."""
        return self == HouseRule()

    def to_text(self) -> str:
        """Two characters: ``r`` (ranked) or ``w`` (ruff wins), then ``0`` or ``1`` (all
        fours)."""
        lead = "w" if self.trump_lead is TrumpLead.RUFF_WINS else "r"
        return f"{lead}{int(self.all_fours)}"

    @classmethod
    def from_text(cls, text: str) -> HouseRule:
        """Read :meth:`to_text`'s form; anything else raises ``ValueError``."""
        found = _TEXT.fullmatch(text.strip())
        if not found:
            raise ValueError(f"bad house rule {text[:20]!r}: expected r or w, then 0 or 1")
        lead, fours = found.groups()
        return cls(TrumpLead.RUFF_WINS if lead == "w" else TrumpLead.RANKED, fours == "1")

    def options(self) -> dict[str, Any]:
        """The Calypso game options this rule sets (``Game(seed, **rule.options())``)."""
        return {"trump_lead": self.trump_lead.value, "all_fours": self.all_fours}

    def words(self) -> str:
        """The rule in a learner's words, in the page's language ("" for the standard rule)."""
        parts = []
        if self.trump_lead is TrumpLead.RUFF_WINS:
            parts.append(_(_RUFF_WINS))
        if self.all_fours:
            parts.append(_(_ALL_FOURS))
        if not parts:
            return ""
        return _("House rule: {rules}.").format(rules="; ".join(parts))


_RUFF_WINS = N_("a ruff beats a lead of the leader's own trump, whatever the led card's rank (C5)")
_ALL_FOURS = N_("you may play your own trump suit at any time, even holding the suit led (C5)")


STANDARD = HouseRule()
"""The rules as both seed texts give them: no house rule at all."""
