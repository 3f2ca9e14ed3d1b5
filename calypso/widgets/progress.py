"""Stars kept in the learner's browser: a chapter's tally, and the map of every chapter.

The stars live in the browser's ``localStorage`` (key ``calypso-progress``; where each stage
was left, key ``calypso-stages``), written and read by ``static/progress.js``: no account, no
server, nothing leaves the browser, and they survive a reload or a restarted server. Python
only says what was earned (:meth:`Progress.record`); the page keeps the best result for each
exercise slot of each stage, and every progress view on the page (a chapter's tally, the
welcome page's map) redraws from storage.

>>> progress = Progress.of_chapter("02")
>>> progress.chapters[2]
{'id': '01', 'title': '1. Partners and trumps', 'slots': 5}
>>> progress.record(0, 3)  # sent to the page; nothing happens without one
>>> Progress(chapter="09", chapters=progress.chapters)
Traceback (most recent call last):
...
ValueError: bad chapter '09': it is not among the chapters given
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import anywidget
import traitlets as t

from calypso.exercises import STAGES
from calypso.widgets.cardtable import STATIC


def chapters() -> list[dict[str, Any]]:
    """Every stage of exercises, numbered and titled for the progress views (the key
    ``id`` is the stage's, under which the browser keeps its stars)."""
    return [
        {"id": stage.id, "title": f"{int(stage.chapter)}. {stage.title}", "slots": stage.size}
        for stage in STAGES.values()
    ]


class Progress(anywidget.AnyWidget):
    """A chapter's stars (``chapter`` set) or the map of all chapters (``chapter`` empty)."""

    _esm = STATIC / "progress.js"
    _css = STATIC / "progress.css"

    chapters: t.List[Any] = t.List(t.Dict()).tag(sync=True)
    """One ``{"id", "title", "slots", "href"}`` per chapter with exercises, in order."""
    chapter = t.Unicode("").tag(sync=True)
    """The chapter this view counts, or empty for the map of every chapter."""
    best: t.Dict[Any, Any] = t.Dict().tag(sync=True)
    """What the browser holds (set by the page): stage id to the best stars per slot."""
    kept: t.Dict[Any, Any] = t.Dict().tag(sync=True)
    """The state this stage last :meth:`remember`-ed in this browser (set once by the page
    when it has one), so that a reload finds the stage where the learner left it."""

    def __init__(
        self,
        chapter: str = "",
        chapters: Sequence[Mapping[str, Any]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(chapter=chapter, chapters=[dict(c) for c in chapters or ()], **kwargs)
        if chapter and self.chapters and chapter not in [c["id"] for c in self.chapters]:
            raise ValueError(f"bad chapter {chapter!r}: it is not among the chapters given")

    @classmethod
    def of_chapter(cls, chapter: str) -> Progress:
        """The tally of one chapter's stars, for the top of its page."""
        return cls(chapter=chapter, chapters=chapters())

    @classmethod
    def map(cls) -> Progress:
        """Every chapter's stars, with a button to forget them, for the welcome page."""
        return cls(chapters=chapters())

    def record(self, slot: int, stars: int) -> None:
        """Tell the page that this chapter's exercise ``slot`` was answered for ``stars``."""
        self.send({"type": "record", "chapter": self.chapter, "slot": slot, "stars": stars})

    def remember(self, state: Mapping[str, Any]) -> None:
        """Ask the page to keep ``state`` (small JSON values) for this stage, in this browser
        only (key ``calypso-stages``); it comes back as :attr:`kept` on the next visit."""
        self.send({"type": "remember", "state": dict(state)})

    def stars(self, chapter: str | None = None) -> list[int]:
        """The best stars per slot the browser reported for ``chapter`` (this one by default)."""
        return list(self.best.get(chapter or self.chapter, []))
