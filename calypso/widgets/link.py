"""A widget's share of the page address, so a link reproduces what the learner sees.

Each :class:`PageLink` owns one key of the URL fragment (``#trick=N.9H.4C.6D.2H&play=5.40``).
The owning widget writes its state there as one short string (:attr:`PageLink.value`); when
the page opens with that key already in its address, the page reports it once
(:attr:`PageLink.opened`) and the widget's ``on_open`` callback sets itself up from it. The
browser side (``static/link.js``) only copies strings between the address and the model, and
shows a *Copy link* button. Links are a feature of the tutorial site (Voila or the static
site, whose pages say so with a ``calypso-site`` meta tag); in JupyterLab the address is
left alone and the button is hidden.

>>> link = PageLink(key="trick")
>>> seen = []
>>> link.on_open(seen.append)
>>> link.value = "N.9H.4C"
>>> link.opened = "S.JD.QS"  # what the page does when its address held #trick=S.JD.QS
>>> seen
['S.JD.QS']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets as t

from calypso.i18n import _
from calypso.widgets.assets import STATIC


def link_words(kind: str) -> dict[str, str]:
    """The button's words, in the page's language: a *Copy link*, or a quiz's *Copy code*.

    >>> link_words("link")["label"], link_words("code")["label"]
    ('Copy link', 'Copy code')
    """
    if kind == "code":
        return {
            "label": _("Copy code"),
            "title": _("Copy your result code, to paste for your teacher"),
            "copied": _("Code copied."),
            "manual": _("Copy this code:"),
            "name": _("Your result code"),
        }
    return {
        "label": _("Copy link"),
        "title": _("Copy a link to what this widget shows now"),
        "copied": _("Link copied."),
        "manual": _("Copy this link:"),
        "name": _("Link to what this widget shows"),
    }


class PageLink(anywidget.AnyWidget):
    """One key of the page's URL fragment, kept equal to :attr:`value`."""

    _esm = STATIC / "link.js"
    _css = STATIC / "link.css"

    kind = t.Unicode("link").tag(sync=True)
    """Which button ``static/link.js`` draws (a quiz's *Copy code* shares the module)."""
    key = t.Unicode("state").tag(sync=True)
    """The fragment key this widget owns (letters, digits and dashes)."""
    value = t.Unicode("").tag(sync=True)
    """What the owning widget wants the address to hold; empty removes the key."""
    opened = t.Unicode("").tag(sync=True)
    """What the address held for :attr:`key` when the page opened (set once by the page)."""
    linkable = t.Bool(False).tag(sync=True)
    """Set by the page: true when it keeps links (the tutorial site, not JupyterLab)."""
    page = t.Unicode("").tag(sync=True)
    """Set by the page on the tutorial site: its own address, without the fragment."""
    words = t.Dict(value_trait=t.Unicode()).tag(sync=True)
    """The button's words (:func:`link_words`), in the page's language."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.words = link_words(self.kind)
        self._open_callbacks: list[Callable[[str], object]] = []
        self.observe(self._opened, "opened")

    def on_open(self, callback: Callable[[str], object]) -> None:
        """Call ``callback(value)`` when the page opens with this key in its address."""
        self._open_callbacks.append(callback)

    def _opened(self, change: dict[str, Any]) -> None:
        if change["new"]:
            for callback in list(self._open_callbacks):
                callback(change["new"])
