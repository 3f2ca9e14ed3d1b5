"""Tutorial widgets: each calls the engine and draws what it returns; none holds a rule.

>>> from calypso.widgets import TableView
>>> TableView(seed=2).view.value
'S'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from calypso.widgets.auction import (
        AuctionTable,
        BidComparer,
        BonusTable,
        CardFlow,
        ContractCalculator,
    )
    from calypso.widgets.building import BuildingStepper
    from calypso.widgets.cousins import (
        OvertrumpTrainer,
        RoundsChart,
        ThreeRules,
        WhistScoring,
        WhistTable,
    )
    from calypso.widgets.desk import ClassBoard, ClassSetup
    from calypso.widgets.exercise import ExerciseSet
    from calypso.widgets.link import PageLink
    from calypso.widgets.picker import CardPicker
    from calypso.widgets.play import PlayTable
    from calypso.widgets.progress import Progress
    from calypso.widgets.quiz import Quiz
    from calypso.widgets.scoring import GameReport, ScoreCalculator
    from calypso.widgets.table import HandDealer, TableView, TrumpPicker
    from calypso.widgets.teacher import TeacherPanel
    from calypso.widgets.trick import EdgeCaseExplorer, TrickBuilder

_HOMES = {
    "AuctionTable": "auction",
    "BidComparer": "auction",
    "BonusTable": "auction",
    "BuildingStepper": "building",
    "CardFlow": "auction",
    "CardPicker": "picker",
    "ClassBoard": "desk",
    "ClassSetup": "desk",
    "ContractCalculator": "auction",
    "EdgeCaseExplorer": "trick",
    "ExerciseSet": "exercise",
    "GameReport": "scoring",
    "HandDealer": "table",
    "OvertrumpTrainer": "cousins",
    "PageLink": "link",
    "Progress": "progress",
    "PlayTable": "play",
    "Quiz": "quiz",
    "RoundsChart": "cousins",
    "ScoreCalculator": "scoring",
    "TableView": "table",
    "TeacherPanel": "teacher",
    "ThreeRules": "cousins",
    "TrickBuilder": "trick",
    "TrumpPicker": "table",
    "WhistScoring": "cousins",
    "WhistTable": "cousins",
}
"""Where each widget lives: a chapter imports only the modules of the widgets it shows."""

__all__ = [
    "AuctionTable",
    "BidComparer",
    "BonusTable",
    "BuildingStepper",
    "CardFlow",
    "CardPicker",
    "ClassBoard",
    "ClassSetup",
    "ContractCalculator",
    "EdgeCaseExplorer",
    "ExerciseSet",
    "GameReport",
    "HandDealer",
    "OvertrumpTrainer",
    "PageLink",
    "PlayTable",
    "Progress",
    "Quiz",
    "RoundsChart",
    "ScoreCalculator",
    "TableView",
    "TeacherPanel",
    "ThreeRules",
    "TrickBuilder",
    "TrumpPicker",
    "WhistScoring",
    "WhistTable",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'calypso.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(f"calypso.widgets.{home}"), name)


def __dir__() -> list[str]:
    return __all__
