"""Tutorial widgets: each calls the engine and draws what it returns; none holds a rule.

Every widget is named once, in the imports below, which the type checker reads. They do not
run: a widget's module is imported the first time the widget is asked for, so a chapter loads
only the modules of the widgets it shows.

>>> from calypso.widgets import TableView
>>> TableView(seed=2).view.value
'S'
>>> _HOMES["TableView"], "TableView" in __all__
('calypso.widgets.table', True)
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from calypso.widgets.auction import AuctionTable as AuctionTable
    from calypso.widgets.auction import BidComparer as BidComparer
    from calypso.widgets.auction import BonusTable as BonusTable
    from calypso.widgets.auction import CardFlow as CardFlow
    from calypso.widgets.auction import ContractCalculator as ContractCalculator
    from calypso.widgets.building import BuildingStepper as BuildingStepper
    from calypso.widgets.cousins import OvertrumpTrainer as OvertrumpTrainer
    from calypso.widgets.cousins import RoundsChart as RoundsChart
    from calypso.widgets.cousins import ThreeRules as ThreeRules
    from calypso.widgets.cousins import WhistScoring as WhistScoring
    from calypso.widgets.cousins import WhistTable as WhistTable
    from calypso.widgets.desk import ClassBoard as ClassBoard
    from calypso.widgets.desk import ClassSetup as ClassSetup
    from calypso.widgets.exercise import ExerciseSet as ExerciseSet
    from calypso.widgets.link import PageLink as PageLink
    from calypso.widgets.picker import CardPicker as CardPicker
    from calypso.widgets.play import PlayTable as PlayTable
    from calypso.widgets.progress import Progress as Progress
    from calypso.widgets.quiz import Quiz as Quiz
    from calypso.widgets.scoring import GameReport as GameReport
    from calypso.widgets.scoring import ScoreCalculator as ScoreCalculator
    from calypso.widgets.table import HandDealer as HandDealer
    from calypso.widgets.table import TableView as TableView
    from calypso.widgets.table import TrumpPicker as TrumpPicker
    from calypso.widgets.teacher import TeacherPanel as TeacherPanel
    from calypso.widgets.trick import EdgeCaseExplorer as EdgeCaseExplorer
    from calypso.widgets.trick import TrickBuilder as TrickBuilder


def _read_homes() -> dict[str, str]:
    """Each widget's module, as the type-checking imports above name it."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If))
    return {
        alias.name: str(node.module)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


_HOMES = _read_homes()
"""Where each widget lives: a chapter imports only the modules of the widgets it shows."""

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'calypso.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)


def __dir__() -> list[str]:
    return __all__
