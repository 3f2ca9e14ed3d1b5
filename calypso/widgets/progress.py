"""Stars kept in the learner's browser: a stage's tally, a chapter's bar and the map of them all.

The stars live in the browser's ``localStorage`` (key ``calypso-progress``; where each stage
was left, key ``calypso-stages``; the class quiz's best score per level, key ``calypso-quiz``),
written and read by ``static/progress.js``: no account, no server, nothing leaves the browser,
and they survive a reload or a restarted server. Both stage keys hold stages by id (a chapter's
slug, :mod:`calypso.lessons.chapters`); what a browser kept under a stage's former numbered id
(``"02-own"``, :data:`~calypso.lessons.exercises.FORMER_IDS`) is carried over to its id the first
time a page with that stage loads. Python only says what was earned
(:meth:`Progress.record`, :meth:`Progress.record_quiz`); the page keeps the best result for each
exercise of each stage, and every progress view on the page redraws from storage.

The map names every chapter as its page heading does (``# 2. Who wins the trick?``) and every
stage as the heading it sits under (``## Practice: A lead in another suit``), and links to that
heading: the chapter's page plus the heading's anchor.

>>> [chapter["title"] for chapter in chapters()][:2]
['1. The table', '2. Who wins the trick?']
>>> chapters()[1]["stages"][0]["href"]
'02-who-wins-the-trick.ipynb#Practice:-A-lead-in-another-suit'
>>> Progress(stage="who-wins-own").record(0, 3)  # sent to the page; nothing happens without one
>>> Progress(stage="02-own")
Traceback (most recent call last):
...
ValueError: bad stage '02-own': it is not among the stages given
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

import anywidget
import traitlets as t

from calypso.i18n import N_, _
from calypso.lessons.chapters import CHAPTERS, find_chapter
from calypso.lessons.exercises import STAGES, Stage, stages_of
from calypso.lessons.quiz import LEVELS
from calypso.widgets.assets import STATIC


def progress_words() -> dict[str, Any]:
    """Every word the progress views draw by themselves, in the page's language; the stars an
    exercise can earn (0 to 3) each have their words, so no plural is made on the page.

    >>> progress_words()["star_counts"]
    ['none yet', '1 star', '2 stars', '3 stars']
    """
    return {
        "star_counts": [_("none yet"), _("1 star"), _("2 stars"), _("3 stars")],
        "exercise": _("exercise {n}: {stars}"),
        "stars_each": _("Stars, 3 at most each: {list}"),
        "of_stars": _("{earned} of {most} stars"),
        "of": _("{earned} of {most}"),
        "best": _("best {right} of {count}"),
        "not_tried": _("not tried yet"),
        "reset": _("Reset my progress"),
        "yes": _("Yes, forget my progress"),
        "keep": _("Keep it"),
        "forget": _(
            "Forget every star, where each stage was left and your quiz bests, in this browser?"
        ),
        "map": _("Chapters and their stages, with your stars"),
        "here": _("(you are here)"),
        "level": _("Level {level}: {best}"),
        "level_named": _("Level {title}: {best}"),
        "level_short": _("level {level}: {best}"),
        "so_far": _("Stars so far: {all} of {most}."),
        "next_to_try": _("Next to try:"),
        "kept_here": _(
            "Your stars and quiz scores are kept in this browser only: nothing about you is sent "
            "anywhere."
        ),
        "yours": _("Your progress"),
        "chapter_of": _("Chapter {n} of {of}"),
        "all_chapters": _("All chapters"),
        "in_stage": _("Your stars in this stage"),
        "best_here": _("Your best scores in this browser:"),
    }


QUIZ_LEVELS = (
    N_("Plain leads"),
    N_("Own-trump leads and plain leads"),
    N_("Ties and everything else"),
)
"""The class quiz's levels as :data:`calypso.lessons.quiz.LEVELS` names them, marked for the
catalogs (a test holds the two equal)."""

QUIZ_CHAPTER = "quiz"
"""The class quiz's chapter: no stages, a best score per level instead."""


def page_name(page: str) -> str:
    """A chapter's page name where this Python runs: ``.html`` on the static site, whose Python
    runs in the browser (Pyodide, ``sys.platform`` "emscripten"), ``.ipynb`` under Voila.

    >>> page_name("04-scoring")
    '04-scoring.ipynb'
    """
    return page + (".html" if sys.platform == "emscripten" else ".ipynb")


def anchor(heading: str) -> str:
    """The id a heading gets on the site's pages (nbconvert's rule, under Voila and on the
    static site alike): spaces become dashes, and what a page address may not hold is escaped.

    >>> anchor("Practice: Whose trump is which?")
    'Practice:-Whose-trump-is-which?'
    """
    return quote(heading.replace(" ", "-"), safe="?/:@!$&'()*+,;=")


def stage_heading(stage: Stage) -> str:
    """The heading a stage sits under on its chapter's page, which the map names it by.

    >>> from calypso.lessons.exercises import STAGES
    >>> stage_heading(STAGES["who-wins-own"]), stage_heading(STAGES["who-wins"])
    ("Practice: A lead in the leader's own suit", 'Exercises: Who wins?')
    """
    kind = _("Practice") if stage.practice else _("Exercises")
    return _("{kind}: {title}").format(kind=kind, title=stage.name)


def chapters() -> list[dict[str, Any]]:
    """Every chapter on the learners' path for the progress views, in order: ``id`` (its
    slug), ``title`` (``"2. Who wins the trick?"``), ``href`` (its page, ``.ipynb`` under Voila
    and ``.html`` on the static site), its ``stages`` (``id`` under which the browser keeps its
    stars, ``was``, the former id whose stars are carried over to it, ``kind``, ``title``,
    ``heading``, ``slots`` and ``href``, the heading's link) and, for the class quiz, its
    ``levels``."""
    found = []
    for chapter in (c for c in CHAPTERS if c.on_path):
        href = page_name(chapter.page)
        stages = [
            {
                "id": stage.id,
                "was": stage.was,
                "kind": _("Practice") if stage.practice else _("Exercises"),
                "practice": stage.practice,
                "title": stage.name,
                "heading": stage_heading(stage),
                "slots": stage.size,
                "href": f"{href}#{anchor(stage_heading(stage))}",
            }
            for stage in stages_of(chapter.slug)
        ]
        levels = (
            [{"level": n, "title": f"{n}. " + _(name)} for n, (name, _size) in LEVELS.items()]
            if chapter.slug == QUIZ_CHAPTER
            else []
        )
        found.append(
            {
                "id": chapter.slug,
                "title": f"{chapter.number}. " + _(chapter.title),
                "href": href,
                "stages": stages,
                "levels": levels,
            }
        )
    return found


def next_step(stage: str) -> dict[str, str] | None:
    """Where a learner goes after ``stage``: the chapter's next stage, or after its closing
    stage the next chapter (``title`` and ``href``, as the map gives them); None after the
    last chapter's.

    >>> next_step("who-wins-plain")["title"], next_step("who-wins")["title"]
    ("Practice: A lead in the leader's own suit", '3. Building calypsos')
    """
    shown = chapters()
    stages = [(c, s) for c in shown for s in c["stages"]]
    at = next((i for i, (_c, s) in enumerate(stages) if s["id"] == stage), None)
    if at is None:
        raise ValueError(f"bad stage {stage!r}: expected one of {', '.join(STAGES)}")
    chapter = stages[at][0]
    if at + 1 < len(stages) and stages[at + 1][0] is chapter:
        following = stages[at + 1][1]
        return {"title": following["heading"], "href": following["href"]}
    later = shown[shown.index(chapter) + 1 :]
    return {"title": later[0]["title"], "href": later[0]["href"]} if later else None


_every_chapter = chapters  # for Progress, whose parameter ``chapters`` hides the function


class Progress(anywidget.AnyWidget):
    """A progress view: a stage's tally (``stage`` set), a chapter's bar for the top of its page
    (``here`` set), the quiz's best scores (``view="quiz"``) or the map of every chapter."""

    _esm = STATIC / "progress.js"
    _css = STATIC / "progress.css"

    words: t.Dict[Any, Any] = t.Dict().tag(sync=True)
    """Every word the page draws by itself (:func:`progress_words`), in the page's language."""
    chapters: t.List[Any] = t.List(t.Dict()).tag(sync=True)
    """One entry of :func:`chapters` per chapter, in order."""
    view = t.Enum(("map", "bar", "stage", "quiz"), "map").tag(sync=True)
    """What the page draws: ``"map"``, ``"bar"``, ``"stage"`` or ``"quiz"``."""
    stage = t.Unicode("").tag(sync=True)
    """The stage whose stars this view records and counts (``view="stage"``)."""
    here = t.Unicode("").tag(sync=True)
    """The chapter whose page shows this view, marked on the map."""
    best: t.Dict[Any, Any] = t.Dict().tag(sync=True)
    """What the browser holds (set by the page): stage id to the best stars per exercise."""
    kept: t.Dict[Any, Any] = t.Dict().tag(sync=True)
    """The state this stage last :meth:`remember`-ed in this browser (set once by the page
    when it has one), so that a reload finds the stage where the learner left it."""

    def __init__(
        self,
        stage: str = "",
        chapters: Sequence[Mapping[str, Any]] | None = None,
        *,
        chapter: str = "",
        **kwargs: Any,
    ) -> None:
        stage = stage or chapter  # ``chapter=`` is this parameter's former name
        given = [dict(c) for c in (_every_chapter() if chapters is None else chapters)]
        kwargs.setdefault("view", "stage" if stage else "map")
        super().__init__(stage=stage, chapters=given, words=progress_words(), **kwargs)
        known = [s["id"] for c in given for s in c.get("stages", ())]
        if stage and stage not in known:
            raise ValueError(f"bad stage {stage!r}: it is not among the stages given")

    @classmethod
    def bar(cls, chapter: str) -> Progress:
        """The bar at the top of a chapter (its slug): its stages and stars, and the whole map
        on demand."""
        if not find_chapter(chapter).on_path:
            raise ValueError(f"bad chapter {chapter!r}: it has no stages and no stars")
        return cls(view="bar", here=chapter)

    @classmethod
    def map(cls) -> Progress:
        """Every chapter's stages and stars, with a button to forget them, for the welcome
        page."""
        return cls()

    @classmethod
    def quiz(cls) -> Progress:
        """The class quiz's best score at each level, kept in this browser."""
        return cls(view="quiz", here=QUIZ_CHAPTER)

    def record(self, slot: int, stars: int) -> None:
        """Tell the page that this stage's exercise ``slot`` was answered for ``stars``."""
        self.send({"type": "record", "stage": self.stage, "slot": slot, "stars": stars})

    def record_quiz(self, level: int, right: int, count: int) -> None:
        """Tell the page that a class quiz at ``level`` ended with ``right`` of ``count``; it
        keeps the best score of each level."""
        self.send({"type": "quiz", "level": level, "right": right, "count": count})

    def remember(self, state: Mapping[str, Any]) -> None:
        """Ask the page to keep ``state`` (small JSON values) for this stage, in this browser
        only (key ``calypso-stages``); it comes back as :attr:`kept` on the next visit."""
        self.send({"type": "remember", "state": dict(state)})

    def stars(self, stage: str | None = None) -> list[int]:
        """The best stars per exercise the browser reported for ``stage`` (this one by
        default)."""
        return list(self.best.get(stage or self.stage, []))
