"""Calypso's single-trump relatives, Call Bridge and Collett Whist, on one round engine.

:mod:`calypso.whist.engine` plays any single-trump game a :class:`WhistVariant` describes;
:mod:`calypso.whist.call_bridge` and :mod:`calypso.whist.collett_whist` are the two variants;
:mod:`calypso.whist.bots` plays them; :mod:`calypso.whist.record` writes and replays their
records and registers both games.
"""

from calypso.whist import call_bridge, collett_whist
from calypso.whist.engine import CallTime, Phase, RoundPlan, TrumpSource, WhistGame, WhistVariant
from calypso.whist.record import replay_whist, whist_record

__all__ = [
    "CallTime",
    "Phase",
    "RoundPlan",
    "TrumpSource",
    "WhistGame",
    "WhistVariant",
    "call_bridge",
    "collett_whist",
    "replay_whist",
    "whist_record",
]
