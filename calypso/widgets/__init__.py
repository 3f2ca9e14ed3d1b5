"""Tutorial widgets: each calls the engine and draws what it returns; none holds a rule.

>>> from calypso.widgets import TableView
>>> TableView(seed=2).view.value
'S'
"""

from calypso.widgets.table import HandDealer, TableView

__all__ = ["HandDealer", "TableView"]
