"""Tutorial widgets: each calls the engine and draws what it returns; none holds a rule.

>>> from calypso.widgets import TableView
>>> TableView(seed=2).view.value
'S'
"""

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
from calypso.widgets.play import PlayTable
from calypso.widgets.quiz import Quiz
from calypso.widgets.scoring import GameReport, ScoreCalculator
from calypso.widgets.table import HandDealer, TableView, TrumpPicker
from calypso.widgets.trick import EdgeCaseExplorer, TrickBuilder

__all__ = [
    "AuctionTable",
    "BidComparer",
    "BonusTable",
    "BuildingStepper",
    "CardFlow",
    "ContractCalculator",
    "EdgeCaseExplorer",
    "GameReport",
    "HandDealer",
    "OvertrumpTrainer",
    "PlayTable",
    "Quiz",
    "RoundsChart",
    "ScoreCalculator",
    "TableView",
    "ThreeRules",
    "TrickBuilder",
    "TrumpPicker",
    "WhistScoring",
    "WhistTable",
]
