"""What every tutorial widget shares: a framed panel, a message line, and guarded callbacks.

A callback wrapped by :meth:`Panel.guard` never lets an exception reach the page: a
``ValueError`` (bad input, an illegal play) is shown as the engine worded it; anything else is
shown as a short apology naming the error, and the widget stays usable.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, TypeVar

import anywidget
import ipywidgets as w
import traitlets as t

from calypso.drawing import faces
from calypso.engine.cards import Card, Suit
from calypso.engine.limits import OutOfRange
from calypso.engine.record import Record, RecordError
from calypso.i18n import N_, _, card_text, seat_name, suit_name
from calypso.partnership.game import Game
from calypso.partnership.match import load_game
from calypso.widgets.assets import STATIC

F = TypeVar("F", bound=Callable[..., Any])


class Message(anywidget.AnyWidget):
    """One line of feedback: an error in red, good news in green, or plain text.

    Its words are drawn (``static/message.js``) in a live region that is on the page before
    they arrive, so each new line is announced: an error at once, the rest politely.

    >>> message = Message()
    >>> message.error("That card is not in the hand.")
    >>> message.tone, message.value
    ('error', '<span class="calypso-error">That card is not in the hand.</span>')
    """

    _esm = STATIC / "message.js"

    value = t.Unicode("").tag(sync=True)
    """The line, as HTML built from escaped words."""
    tone = t.Unicode("").tag(sync=True)
    """``"error"``, ``"good"``, ``"info"``, or empty when there is no line."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("calypso-message")

    def _say(self, tone: str, css: str, text: str) -> None:
        with self.hold_sync():
            self.tone = tone
            self.value = f'<span class="{css}">{escape(text)}</span>'

    def error(self, text: str) -> None:
        self._say("error", "calypso-error", text)

    def good(self, text: str) -> None:
        self._say("good", "calypso-good", text)

    def info(self, text: str) -> None:
        self._say("info", "calypso-muted", text)

    def clear(self) -> None:
        with self.hold_sync():
            self.tone = ""
            self.value = ""


class Panel(w.VBox):
    """A framed widget with a title and a message line at the bottom."""

    def __init__(
        self,
        title: str,
        children: Sequence[w.Widget],
        message: Message | None = None,
        **kwargs: Any,
    ) -> None:
        self.message = message or Message()
        heading = w.HTML(f"<b>{escape(title)}</b>") if title else w.HTML()
        super().__init__([heading, *children, self.message], **kwargs)
        self.add_class("calypso-widget")

    def guard(self, callback: F) -> F:
        """Wrap a callback so errors become a visible message instead of a traceback."""

        @functools.wraps(callback)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return callback(*args, **kwargs)
            except ValueError as exc:
                self.message.error(str(exc))
            except Exception as exc:
                self.message.error(
                    _("Something went wrong ({error}).").format(
                        error=f"{type(exc).__name__}: {exc}"
                    )
                )
            return None

        return guarded  # type: ignore[return-value]


class Field(w.VBox):
    """An input with a note beneath it that says, in plain words, what is wrong with its value.

    >>> field = Field(w.IntText(value=13, description="S: in progress"))
    >>> field.problem("13 cards in progress is too many: a calypso in progress has 0 to 12.")
    >>> "calypso-bad" in field.control._dom_classes, "too many" in field.note.value
    (True, True)
    >>> field.fine()
    >>> field.note.value
    ''
    """

    def __init__(self, control: w.DOMWidget) -> None:
        self.control = control
        self.note = w.HTML()
        super().__init__([control, self.note])
        self.add_class("calypso-field")

    def problem(self, text: str) -> None:
        self.control.add_class("calypso-bad")
        self.note.value = f'<span class="calypso-field-note" role="alert">{escape(text)}</span>'

    def fine(self) -> None:
        self.control.remove_class("calypso-bad")
        self.note.value = ""


def stale(widget: w.DOMWidget, is_stale: bool) -> None:
    """Grey out a result that no longer matches the inputs (or bring it back)."""
    (widget.add_class if is_stale else widget.remove_class)("calypso-stale")


def range_words(error: OutOfRange, noun: str, limits: str) -> str:
    """An out-of-range number in a learner's words: ``noun`` names what was counted and
    ``limits`` says what the rules allow.

    >>> from calypso.engine.limits import OutOfRange
    >>> error = OutOfRange("cards in progress", 13, 0, 12, "S")
    >>> range_words(error, "cards in progress", "a calypso in progress has 0 to 12")
    '13 cards in progress is too many: a calypso in progress has 0 to 12.'
    """
    value = error.value
    if isinstance(value, int) and value > error.high:
        return _("{value} {noun} is too many: {limits}.").format(
            value=value, noun=noun, limits=limits
        )
    if isinstance(value, int) and value < error.low:
        return _("{value} {noun} is too few: {limits}.").format(
            value=value, noun=noun, limits=limits
        )
    return _("That is not a whole number: {limits}.").format(limits=limits)


RECORD_WORDS = {
    "empty": N_("the file is empty"),
    "json": N_("its text is not in the record format at all (perhaps it was cut short)"),
    "format": N_("it is some other kind of file"),
    "game": N_("it records a game this table does not play"),
    "field": N_("part of it is missing or damaged"),
    "replay": N_("its cards do not add up: a play in it breaks the rules or the deal"),
}
"""What is wrong with a record file, in a learner's words, by the engine's kind of trouble."""


def record_words(error: RecordError) -> str:
    """A record file that could not be opened, in a learner's words.

    >>> record_words(RecordError("the record is empty", "empty"))
    'That file is not a Calypso game record this page can open: the file is empty.'
    """
    why = _(RECORD_WORDS.get(error.kind, RECORD_WORDS["field"]))
    return _("That file is not a Calypso game record this page can open: {why}.").format(why=why)


def uploaded_game(upload: w.FileUpload) -> Game | None:
    """The partnership Calypso game in the file just uploaded (``None`` before any), replayed
    to its end; a file that is not such a record is refused in a learner's words."""
    files = upload.value
    if not files:
        return None
    content = bytes(files[0]["content"]).decode("utf-8", errors="replace")
    try:
        return load_game(Record.from_json(content))
    except RecordError as error:
        raise ValueError(record_words(error)) from None


def cards_html(cards: Sequence[Card], **kwargs: Any) -> str:
    """Card faces in a row (see :func:`calypso.drawing.faces.card_row`)."""
    return faces.card_row(cards, **kwargs)


def button(description: str, icon: str = "", tooltip: str = "", width: str = "auto") -> w.Button:
    return w.Button(
        description=description,
        icon=icon,
        tooltip=tooltip or description,
        layout=w.Layout(width=width),
    )


def number_box(
    description: str,
    value: int = 0,
    *,
    low: int | None = None,
    high: int | None = None,
    step: int = 1,
    slider: bool = False,
    width: str = "15em",
    label_width: str | None = "9em",
) -> w.DOMWidget:
    """A labelled whole-number input: a free text box, a box kept from ``low`` to ``high``, or
    (``slider``) a slider from ``low`` to ``high``. The bounds only keep the control in range;
    the engine checks what the number means."""
    kwargs: dict[str, Any] = {
        "value": value,
        "step": step,
        "description": description,
        "layout": w.Layout(width=width),
    }
    if label_width is not None:
        kwargs["style"] = {"description_width": label_width}
    if low is None and high is None and not slider:
        return w.IntText(**kwargs)
    if low is None or high is None:
        raise ValueError(f"bad number box {description!r}: a range needs both low and high")
    return (w.IntSlider if slider else w.BoundedIntText)(min=low, max=high, **kwargs)


def suit_dropdown(
    seat: str, suits: Sequence[Suit], value: Suit, width: str = "10.5em"
) -> w.Dropdown:
    """A seat's suit picker: each suit by symbol and name, the seat as its label; label and
    list as wide as their words (``calypso-whole-label``), so no suit's name is cut."""
    picker = w.Dropdown(
        options=[(f"{s.symbol} {suit_name(s)}", s.letter) for s in suits],
        value=value.letter,
        description=seat_name(seat),
        layout=w.Layout(width=width),
        style={"description_width": "2em"},
    )
    picker.add_class("calypso-whole-label")
    return picker


SEED_MAX = 2**31 - 1
"""The highest seed a seed box takes."""


def seed_box(value: int, description: str | None = None) -> w.BoundedIntText:
    named = _("seed") if description is None else description
    return number_box(named, value, low=0, high=SEED_MAX, width="12em", label_width="initial")


def card_button(card: Card) -> w.Button:
    """One card as a button, in its suit's colour (lighter on the dark scheme's buttons)."""
    b = w.Button(description=card_text(card), layout=w.Layout(width="auto"))
    b.style.text_color = faces.suit_ink(card.suit)
    b.add_class("calypso-card-button")
    return b


def card_buttons(
    cards: Sequence[Card], playable: set[Card], on_play: Callable[[Card], Any]
) -> list[w.Button]:
    """A hand as buttons in the suit colours: playable cards outlined and clickable, the rest
    greyed out (with a tooltip saying so)."""
    buttons = []
    for card in cards:
        allowed = card in playable
        b = card_button(card)
        b.disabled = not allowed
        b.tooltip = (
            _("play {card}").format(card=card_text(card)) if allowed else _("not playable now")
        )
        if allowed:
            b.add_class("calypso-legal")
            b.on_click(lambda _, c=card: on_play(c))
        buttons.append(b)
    return buttons
