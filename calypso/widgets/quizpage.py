"""The class quiz's hold on the page: what its link holds (:class:`QuizLink`), the run a
student's browser keeps (:class:`KeptRun`, through :class:`QuizPage`) and the *Copy code*
button for the result code (:class:`CopyCode`). :mod:`calypso.widgets.quiz` asks the quiz.

>>> QuizLink.from_link("ROOM12.2.3").to_link()
'ROOM12.2.3'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets as t

from calypso.classroom.results import normalise_name
from calypso.i18n import N_, _
from calypso.lessons.house import STANDARD, HouseRule
from calypso.lessons.quiz import LEVELS, VERSIONS, normalise_code
from calypso.partnership.game import SEATS
from calypso.widgets.assets import STATIC
from calypso.widgets.link import link_words

NO_PUZZLE = N_("That link does not name a puzzle of this quiz, so here is the quiz as it starts.")
RUN_KEY = "calypso-quiz-run"
"""The ``localStorage`` key of the run kept in the student's browser (``static/quiz.js``)."""


@dataclass(frozen=True)
class KeptRun:
    """A quiz as far as a student got, kept in the browser: the name, the class code, level
    and version, each puzzle answered (its number → the seat chosen), the place (the puzzle
    shown, 1 is the first) and whether the result code was made.

    >>> run = KeptRun("Ann", "ROOM12", 1, "A", {1: "N", 2: "E"}, place=3)
    >>> run.to_page()["answers"], run.to_page()["place"], run.to_page()["kept"]
    ({'1': 'N', '2': 'E'}, 3, False)
    >>> KeptRun.from_page(run.to_page()) == run
    True
    >>> KeptRun.from_page({"name": "Ann", "code": "ROOM12", "level": 9}) is None
    True
    """

    name: str
    code: str
    level: int
    version: str
    answers: dict[int, str]
    place: int = 1
    kept: bool = False
    rule: HouseRule = STANDARD
    """The class's house rule the puzzles were drawn and answered under."""

    def to_page(self) -> dict[str, Any]:
        """The run as the page keeps it (JSON: the puzzles' numbers as text; the house rule
        only when it is not the standard rule)."""
        house = {} if self.rule.standard else {"rule": self.rule.to_text()}
        return {
            "name": self.name,
            "code": self.code,
            "level": self.level,
            "version": self.version,
            "answers": {str(n): seat for n, seat in sorted(self.answers.items())},
            "place": self.place,
            "kept": self.kept,
            **house,
        }

    @classmethod
    def from_page(cls, held: object, count: int = 10) -> KeptRun | None:
        """The run a page reported, or None for anything that is not one (the browser's
        storage is the student's: it may hold anything)."""
        if not isinstance(held, dict):
            return None
        try:
            name, code = normalise_name(held["name"]), normalise_code(held["code"])
            level, version, place = held["level"], held["version"], held["place"]
            answers = {int(n): seat for n, seat in held["answers"].items()}
            rule = HouseRule.from_text(held.get("rule", "r0"))
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        fine = (
            type(level) is int
            and level in LEVELS
            and version in VERSIONS
            and type(place) is int
            and 1 <= place <= count
            and all(1 <= n <= count and seat in SEATS for n, seat in answers.items())
        )
        if not fine or name != held["name"] or code != held["code"]:
            return None
        kept = held.get("kept") is True
        return cls(name, code, level, version, answers, place, kept, rule)


class QuizPage(anywidget.AnyWidget):
    """The quiz's hold on the page: the run kept in this browser (:class:`KeptRun`), read once
    as the page opens (:attr:`held`) and written as it changes; and the puzzle line brought
    back into view on a new puzzle. Nothing is sent anywhere: the run goes from the browser's
    storage to this page's kernel only."""

    _esm = STATIC / "quiz.js"

    held: t.Dict[str, Any] = t.Dict().tag(sync=True)
    """The run the browser held as the page opened (empty for none), set by the page."""
    key = t.Unicode(RUN_KEY).tag(sync=True)
    """The storage key the page keeps the run under."""

    def keep(self, run: KeptRun) -> None:
        """Keep ``run`` in the browser, in place of the one before."""
        self.send({"type": "keep", "run": run.to_page()})

    def forget(self) -> None:
        """Keep no run in the browser."""
        self.send({"type": "forget"})

    def show_line(self) -> None:
        """Scroll the page so that the puzzle line above the table is in view, if it is not."""
        self.send({"type": "line"})


class CopyCode(anywidget.AnyWidget):
    """A *Copy code* button for :attr:`text` (hidden while it is empty)."""

    _esm = STATIC / "link.js"
    _css = STATIC / "link.css"

    kind = t.Unicode("code").tag(sync=True)
    """Which button ``static/link.js`` draws: this one copies a code, not a link."""

    text = t.Unicode("").tag(sync=True)
    """The code the button copies."""
    words = t.Dict(value_trait=t.Unicode()).tag(sync=True)
    """The button's words (:func:`~calypso.widgets.link.link_words`), in the page's language."""
    shown = t.Int(0).tag(sync=True)
    """Raised by one each time the learner asks to see the result: the page brings the button
    into view and puts the keyboard on it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.words = link_words("code")

    def bring_into_view(self) -> None:
        """Scroll the page to the button and focus it (on the page, not here)."""
        self.shown += 1


@dataclass(frozen=True)
class QuizLink:
    """What a link to a class quiz holds (key ``quiz``): the class code, the level, the
    puzzle's number and, for version B, the version; a projector's link (big cards, for the
    whole class) ends in ``.p``, and a class's link, whose level and version the students
    cannot change, in ``.c`` (a projector's link fixes them too). Such a link ends with the
    class's house rule (:meth:`HouseRule.to_text <calypso.lessons.house.HouseRule.to_text>`) when it
    is not the standard rule; a link without it opens the quiz under the standard rule.

    >>> QuizLink("ROOM12", 2, 3).to_link(), QuizLink("ROOM12", 2, 3, "B").to_link()
    ('ROOM12.2.3', 'ROOM12.2.3.B')
    >>> QuizLink("ROOM12", 2, 3, projector=True).to_link()
    'ROOM12.2.3.A.p'
    >>> QuizLink.from_link("room12.2.3.B.p")
    QuizLink(code='room12', level=2, number=3, version='B', projector=True, fixed=False, \
rule=HouseRule.from_text('r0'))
    >>> link = QuizLink.from_link("ROOM12.2.1.A.c")
    >>> link.fixed, link.fixes, link.to_link()
    (True, True, 'ROOM12.2.1.A.c')
    >>> QuizLink("ROOM12", 2, 1, fixed=True, rule=HouseRule.from_text("w0")).to_link()
    'ROOM12.2.1.A.c.w0'
    >>> QuizLink.from_link("ROOM12.2.1.A.c.w1").rule.all_fours
    True
    >>> QuizLink.from_link("ROOM12.4.1")
    Traceback (most recent call last):
    ...
    ValueError: That link does not name a puzzle of this quiz, so here is the quiz as it starts.
    """

    code: str
    level: int
    number: int
    version: str = "A"
    projector: bool = False
    fixed: bool = False
    rule: HouseRule = STANDARD

    @property
    def fixes(self) -> bool:
        """Whether the link fixes the level and the version (a class's or a projector's)."""
        return self.fixed or self.projector

    def to_link(self) -> str:
        if self.projector or self.fixed:
            flag = "p" if self.projector else "c"
            rule = "" if self.rule.standard else f".{self.rule.to_text()}"
            return f"{self.code}.{self.level}.{self.number}.{self.version}.{flag}{rule}"
        version = "" if self.version == "A" else f".{self.version}"
        return f"{self.code}.{self.level}.{self.number}{version}"

    @classmethod
    def from_link(cls, text: str) -> QuizLink:
        """Read a link's text; anything else raises ``ValueError`` in a learner's words."""
        code, level, number, version, flag, rule, *more = [*text.split("."), *[""] * 6]
        version = version or "A"
        try:
            normalise_code(code)
            ok = int(level) in LEVELS and int(number) >= 1 and version in VERSIONS
            house = HouseRule.from_text(rule) if rule and flag else HouseRule()
        except ValueError:
            ok = False
        if not ok or flag not in ("", "p", "c") or (rule and not flag) or any(more):
            raise ValueError(_(NO_PUZZLE))
        return cls(code, int(level), int(number), version, flag == "p", flag == "c", house)
