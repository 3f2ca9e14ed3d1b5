"""Declared game options: one frozen, typed object per game, checked when it is made.

Each game declares its options as a frozen dataclass derived from :class:`Options`, one field
per option made with :func:`option`: a default, a parser that checks and normalises a value
(and names what is wrong), a line of help, and how it is written to a record. The registry
(:mod:`calypso.engine.games`), the command line and records all read the same declaration, so an
option a game does not have is refused everywhere.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Example(Options):
...     game = "example"
...     players: int = option(4, whole_number(3, 7), "how many play")
>>> Example(players=5).to_record()
{'players': 5}
>>> Example.parse(players=9)
Traceback (most recent call last):
...
ValueError: bad players 9: expected a whole number from 3 to 7
>>> Example.parse(seats=9)
Traceback (most recent call last):
...
ValueError: bad option 'seats' for example: expected players
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

Parser = Callable[[str, Any], Any]
"""Checks one option's value (given its name, for messages) and returns it normalised."""


def option(
    default: Any,
    parse: Parser,
    help: str,
    *,
    record: bool = True,
    cli_type: type | None = None,
    choices: tuple[str, ...] = (),
) -> Any:
    """A declared option: a dataclass field carrying its parser, help and record rules.

    ``record=False`` keeps the option out of the record's ``options`` object (the record says
    it elsewhere); ``cli_type`` is what the command line reads (``int`` or ``str``; a ``bool``
    option becomes a flag); ``choices`` are listed in the command line's help.
    """
    return dataclasses.field(
        default=default,
        metadata={
            "parse": parse,
            "help": help,
            "record": record,
            "cli_type": cli_type,
            "choices": choices,
        },
    )


@dataclass(frozen=True)
class Options:
    """The base of every game's options: normalised and checked on creation, written to and
    read from a record's ``options`` object."""

    game: ClassVar[str] = ""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, f.metadata["parse"](f.name, getattr(self, f.name)))
        self.check()

    def check(self) -> None:
        """Rules between options (a subclass may add them); raise ``ValueError`` when broken."""

    @classmethod
    def declared(cls) -> tuple[dataclasses.Field[Any], ...]:
        return dataclasses.fields(cls)

    @classmethod
    def parse(cls, **values: Any) -> Self:
        """Options from loose values (text, numbers), refusing any option the game lacks."""
        names = [f.name for f in cls.declared()]
        for name in values:
            if name not in names:
                expected = ", ".join(names) if names else "no options"
                raise ValueError(f"bad option {name!r} for {cls.game}: expected {expected}")
        return cls(**values)

    def to_record(self) -> dict[str, Any]:
        """The options as a record's ``options`` object writes them (unset ones left out)."""
        out: dict[str, Any] = {}
        for f in self.declared():
            value = getattr(self, f.name)
            if f.metadata["record"] and value is not None:
                out[f.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_record(cls, data: Mapping[str, Any], **more: Any) -> Self:
        """Options from a record's ``options`` object (``more``: options it keeps elsewhere)."""
        recorded = {f.name for f in cls.declared() if f.metadata["record"]}
        unknown = sorted(set(data) - recorded)
        if unknown:
            raise ValueError(
                f"bad option {unknown[0]!r} for {cls.game}: expected {', '.join(sorted(recorded))}"
            )
        return cls.parse(**data, **more)


def whole_number(low: int, high: int | None = None, *, optional: bool = False) -> Parser:
    """A parser for a whole number from ``low`` (to ``high``); ``None`` too if ``optional``."""
    span = f"from {low} up" if high is None else f"from {low} to {high}"

    def parse(name: str, value: Any) -> int | None:
        if value is None and optional:
            return None
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or value < low
            or (high is not None and value > high)
        ):
            raise ValueError(f"bad {name} {value!r}: expected a whole number {span}")
        return value

    return parse


def one_of(*values: int | str) -> Parser:
    """A parser accepting exactly one of ``values``."""

    def parse(name: str, value: Any) -> Any:
        if isinstance(value, bool) or value not in values:
            shown = ", ".join(str(v) for v in values[:-1]) + f" or {values[-1]}"
            raise ValueError(f"bad {name} {value!r}: expected {shown}")
        return value

    return parse


def boolean(name: str, value: Any) -> bool:
    """A parser for ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise ValueError(f"bad {name} {value!r}: expected True or False")
    return value
