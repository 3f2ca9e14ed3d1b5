"""Tutorial widgets: each calls the engine and draws what it returns; none holds a rule.

>>> from calypso.widgets import TableView
>>> TableView(seed=2).view.value
'S'
"""

from calypso.widgets.table import HandDealer, TableView, TrumpPicker
from calypso.widgets.trick import EdgeCaseExplorer, TrickBuilder

__all__ = ["EdgeCaseExplorer", "HandDealer", "TableView", "TrickBuilder", "TrumpPicker"]
