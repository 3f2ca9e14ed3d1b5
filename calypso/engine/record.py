"""Game records in the ``calypso-record/1`` JSON format (docs/record-format.md): the format
itself, read and written with a message naming the path of any bad field.

Which game a record holds is looked up in the registry (:mod:`calypso.engine.games`), which also
replays it; each family writes its own records (:mod:`calypso.partnership.match`,
:mod:`calypso.auction.record`, :mod:`calypso.whist.record`).

>>> from calypso import simulate
>>> record = simulate("calypso", seed=7)
>>> again = Record.from_json(record.to_json())
>>> again == record, replay(again).ok
(True, True)
>>> Record.from_json('{"format": "calypso-record/1", "se')
Traceback (most recent call last):
...
calypso.engine.record.RecordError: the record is not valid JSON: Unterminated string ... (char 31)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from calypso.engine.cards import Card, Suit, parse_card
from calypso.engine.games import find_game, games
from calypso.engine.table import Trick

FORMAT = "calypso-record/1"
CALLS = ("pass", "bid", "double", "redouble")
"""The calls an Auction Calypso record may hold."""


class RecordError(ValueError):
    """A record that does not follow the format; the message gives the path of the bad field.

    ``kind`` sorts the trouble for readers who need no path: ``"empty"``, ``"json"`` (not JSON
    text), ``"format"`` (another format, or another version of it), ``"game"`` (a game this
    reader does not open), ``"field"`` (a field missing or of the wrong kind) or ``"replay"``
    (the cards do not add up).
    """

    def __init__(self, message: str, kind: str = "field") -> None:
        super().__init__(message)
        self.kind = kind


class RelabelledRecord(RecordError):
    """A record whose ``game`` names one game while its deals are another's (kind ``"game"``).

    ``said`` is the game the field names, ``found`` the one the deals' shape shows.

    >>> from calypso import simulate
    >>> data = simulate("calypso", seed=7).to_dict() | {"game": "call-bridge"}
    >>> Record.from_dict(data)
    Traceback (most recent call last):
    ...
    calypso.engine.record.RelabelledRecord: record.game: this is a Calypso record, not Call Bridge
    (...)"""

    def __init__(self, said: str, found: str) -> None:
        title = find_game(found).title
        article = "an" if title[0] in "AEIOU" else "a"
        super().__init__(
            f"record.game: this is {article} {title} record, not {find_game(said).title} "
            f"(its game field says {said!r}, but {find_game(found).shape.words})",
            "game",
        )
        self.said, self.found = said, found


def _shape(data: dict[str, Any]) -> str | None:
    """The game whose shape the record has, each game saying what its records carry
    (:attr:`calypso.engine.games.GameSpec.shape`; ``None``: no deal to tell by, or no game's
    shape)."""
    deals = data.get("deals")
    first = deals[0] if isinstance(deals, list) and deals else None
    if not isinstance(first, dict):
        return None
    return next((spec.name for spec in games() if spec.shape.has(data, first)), None)


_JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number"}


@dataclass(frozen=True)
class TrickRecord:
    leader: str
    cards: tuple[Card, ...]
    winner: str


@dataclass(frozen=True)
class CallRecord:
    """One call of an auction: ``pass``, ``double``, ``redouble``, or a ``bid`` with its
    calypsos, points and suit letter."""

    seat: str
    call: str
    calypsos: int | None = None
    points: int | None = None
    suit: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "call": self.call}
        if self.call == "bid":
            out |= {"calypsos": self.calypsos, "points": self.points, "suit": self.suit}
        return out


@dataclass(frozen=True)
class ContractRecord:
    declarer: str
    calypsos: int
    points: int
    suit: str
    doubled: int


@dataclass(frozen=True)
class AuctionDeal:
    """What an Auction Calypso hand adds: the auction, the contract (``None``: misère), each
    seat's trump, the cards sold, and (first hand only) the calypsos in progress at the start."""

    auction: tuple[CallRecord, ...]
    contract: ContractRecord | None
    trumps: dict[str, str | None]
    sold: tuple[Card, ...]
    setup: dict[str, tuple[Card, ...]] | None = None
    setup_bonus: dict[str, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.setup is not None:
            out["setup"] = _cards_dict(self.setup)
            out["setup_bonus"] = dict(self.setup_bonus or {})
        out["auction"] = [call.to_dict() for call in self.auction]
        out["contract"] = None if self.contract is None else vars(self.contract).copy()
        out["trumps"] = dict(self.trumps)
        out["sold"] = [str(c) for c in self.sold]
        return out


@dataclass(frozen=True)
class WhistDeal:
    """What a Call Bridge or Collett Whist round adds: the calls, the trump, the round."""

    bids: dict[str, int] | None
    trump: str | None
    round: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.round is None else {"round": self.round}
        return out | {"bids": None if self.bids is None else dict(self.bids), "trump": self.trump}


@dataclass(frozen=True)
class DealRecord:
    """One deal (a hand in Auction Calypso, a round in the whist family), with what its
    game adds to a deal (``auction`` or ``whist``; neither for Calypso)."""

    dealer: str
    hands: dict[str, tuple[Card, ...]]
    tricks: tuple[TrickRecord, ...]
    score: dict[str, int]
    auction: AuctionDeal | None = None
    whist: WhistDeal | None = None

    @classmethod
    def played(
        cls,
        seats: Sequence[str],
        dealer: int,
        hands: Sequence[Sequence[Card]],
        tricks: Sequence[Trick],
        score: Mapping[str, int],
        **extra: Any,
    ) -> DealRecord:
        """A deal as a game played it: the dealer's index, hands in seat order, the tricks."""
        return cls(
            dealer=seats[dealer],
            hands={seat: tuple(hand) for seat, hand in zip(seats, hands, strict=True)},
            tricks=tuple(TrickRecord(t.leader, t.cards, t.winner) for t in tricks),
            score=dict(score),
            **extra,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer, "hands": _cards_dict(self.hands)}
        for extra in (self.auction, self.whist):
            if extra is not None:
                out |= extra.to_dict()
        out["tricks"] = [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
            for t in self.tricks
        ]
        out["score"] = dict(self.score)
        return out


def _cards_dict(cards: Mapping[str, Sequence[Card]]) -> dict[str, list[str]]:
    return {seat: [str(c) for c in hand] for seat, hand in cards.items()}


@dataclass(frozen=True)
class Record:
    """One game (or one match of several games) as played, with the scores it claims."""

    game: str
    options: dict[str, Any]
    seed: int | None
    seats: tuple[str, ...]
    partnerships: tuple[tuple[str, ...], ...] | None
    trumps: dict[str, str] | None
    deals: tuple[DealRecord, ...]
    final_scores: dict[str, int]
    players: dict[str, str] | None = field(default=None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": list(self.seats),
            "partnerships": None
            if self.partnerships is None
            else [list(p) for p in self.partnerships],
            "trumps": self.trumps,
        }
        if self.players is not None:
            out["players"] = dict(self.players)
        out["deals"] = [d.to_dict() for d in self.deals]
        out["final"] = {"scores": dict(self.final_scores)}
        return out

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text (one line unless ``indent`` is given)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record from JSON text; :class:`RecordError` names any bad field."""
        if not text.strip():
            raise RecordError("the record is empty", "empty")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"the record is not valid JSON: {exc}", "json") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            kind = _JSON_KINDS.get(type(data), "true, false or null")
            several = (
                " (for several records, write one per line: JSON lines)"
                if kind == "an array"
                else ""
            )
            raise RecordError(f"record: {kind}, expected a JSON object{several}", "format")
        if "format" not in data:
            raise RecordError(f"record.format: missing, expected {FORMAT!r}", "format")
        r = _Reader(data, "record", ())
        if r.get("format", str) != FORMAT:
            raise RecordError(
                f"record.format: bad value {data['format']!r}, expected {FORMAT!r}", "format"
            )
        game = r.get("game", str)
        try:
            spec = find_game(game)
        except ValueError as exc:
            raise RecordError(f"record.game: {exc}", "game") from None
        found = _shape(data)
        if found is not None and found != game:
            raise RelabelledRecord(game, found)
        seats = tuple(r.get("seats", list))
        if seats not in spec.layouts:
            allowed = " or ".join(str(list(x)) for x in spec.layouts)
            raise RecordError(f"record.seats: bad value {list(seats)!r}, expected {allowed}")
        r = _Reader(data, "record", seats)
        deals = tuple(
            _read_deal(_Reader(d, f"record.deals[{i}]", seats))
            for i, d in enumerate(r.get("deals", list))
        )
        final = _Reader(r.get("final", dict), "record.final", seats)
        players = r.optional("players", dict)
        return cls(
            game=game,
            options=dict(r.get("options", dict)),
            seed=r.optional("seed", int),
            seats=seats,
            partnerships=_partnerships(r, r.optional("partnerships", list)),
            trumps=_fixed_trumps(r),
            deals=deals,
            final_scores=_scores(final.get("scores", dict), "record.final.scores"),
            players=None if players is None else {str(k): str(v) for k, v in players.items()},
        )

    def replay(self) -> Replay:
        return replay(self)

    def _repr_html_(self) -> str:
        from calypso.drawing import records

        return records.record_summary(self)


@dataclass(frozen=True)
class Replay:
    """What replaying a record found: the re-computed final scores and every disagreement."""

    scores: dict[str, int]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def replay(record: Record) -> Replay:
    """Re-play every call and card of ``record`` by its game's rules and re-score it.

    Reports (never raises) where the record disagrees with the rules: a wrong leader or winner,
    an illegal call or card, a missing trick, a score that is not what the cards give.
    """
    return find_game(record.game).replay(record)


class Playable(Protocol):
    """What replaying tricks needs of a game: whose turn it is, and playing a card."""

    @property
    def turn(self) -> str | None: ...

    def play(self, card: str | Card, seat: str | None = None) -> Trick | None: ...


def replay_tricks(
    game: Playable, tricks: Sequence[TrickRecord], where: str, problems: list[str]
) -> bool:
    """Play recorded tricks on ``game``; note any disagreement; False if play cannot go on."""
    for number, trick in enumerate(tricks, 1):
        at = f"{where} trick {number}"
        if trick.leader != game.turn:
            problems.append(
                f"{at}: the record says {trick.leader} led, but {game.turn} was on lead"
            )
            return False
        done = None
        for card in trick.cards:
            seat = game.turn
            try:
                done = game.play(card)
            except ValueError as exc:
                problems.append(
                    f"{at}: {seat} cannot play {card.symbol}: {why_not(card.symbol, exc)}"
                )
                return False
        if done is None:
            problems.append(f"{at}: {len(trick.cards)} cards, too few for a trick")
            return False
        if done.winner != trick.winner:
            problems.append(
                f"{at}: the record says {trick.winner} won, the rules give {done.winner} "
                f"({done.rule.value})"
            )
    return True


def why_not(subject: str, exc: Exception) -> str:
    """The reason in ``exc`` why ``subject`` (a card or a call) is refused, for a sentence that
    has named it already: "E cannot play 6♣: " + why_not("6♣", exc).

    >>> why_not("6♣", ValueError("6♣ may not be played: you must follow ♦ (you hold 2♦)"))
    'you must follow ♦ (you hold 2♦)'
    >>> why_not("2♣", ValueError("2♣ is not in the hand (7♣ J♣)"))
    'it is not in the hand (7♣ J♣)'
    """
    reason = str(exc).removeprefix(f"{subject} may not be played: ")
    if reason.startswith(f"{subject} "):
        return "it " + reason.removeprefix(f"{subject} ")
    return reason


T = TypeVar("T")


class _Reader:
    """Reads fields of one JSON object, naming the path of anything missing or mistyped;
    ``seats`` are the record's, for checking seat names."""

    def __init__(self, data: Any, path: str, seats: tuple[str, ...]) -> None:
        if not isinstance(data, dict):
            raise RecordError(f"{path}: bad value {data!r}, expected an object")
        self.data, self.path, self.seats = data, path, seats

    def at(self, key: str) -> _Reader:
        """The object under ``key`` as a reader of its own."""
        return _Reader(self.get(key, dict), f"{self.path}.{key}", self.seats)

    def get(self, key: str, kind: type[T]) -> T:
        if key not in self.data:
            raise RecordError(f"{self.path}.{key}: missing")
        return _typed(self.data[key], kind, f"{self.path}.{key}")

    def optional(self, key: str, kind: type[T]) -> T | None:
        value = self.data.get(key)
        return None if value is None else _typed(value, kind, f"{self.path}.{key}")

    def list(self, key: str, item: Callable[[Any, str], T]) -> list[T]:
        values = self.get(key, list)
        return [item(v, f"{self.path}.{key}[{i}]") for i, v in enumerate(values)]

    def seat(self, value: Any, path: str) -> str:
        if value not in self.seats:
            raise RecordError(
                f"{path}: bad seat {value!r}, expected one of {', '.join(self.seats)}"
            )
        return str(value)

    def seat_field(self, key: str) -> str:
        return self.seat(self.get(key, str), f"{self.path}.{key}")

    def cards_by_seat(self, key: str) -> dict[str, tuple[Card, ...]]:
        r = self.at(key)
        return {r.seat(seat, r.path): tuple(r.list(seat, _card)) for seat in r.data}


def _typed(value: Any, kind: type[T], path: str) -> T:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{path}: bad value {value!r}, expected {kind.__name__}")
    return value


def _card(value: Any, path: str) -> Card:
    try:
        return parse_card(value)
    except ValueError as exc:
        raise RecordError(f"{path}: {exc}") from None


def _suit(value: Any, path: str) -> str | None:
    """A suit letter or ``None``."""
    if value is None:
        return None
    try:
        return Suit.parse(value).letter
    except ValueError:
        raise RecordError(f"{path}: bad suit {value!r}, expected C, D, H, S or null") from None


def _scores(value: Mapping[str, Any], path: str) -> dict[str, int]:
    return {str(k): _typed(v, int, f"{path}.{k}") for k, v in value.items()}


def _partnerships(r: _Reader, value: list[Any] | None) -> tuple[tuple[str, ...], ...] | None:
    if value is None:
        return None
    return tuple(
        tuple(r.seat(seat, f"record.partnerships[{i}]") for seat in _typed(side, list, r.path))
        for i, side in enumerate(value)
    )


def _fixed_trumps(r: _Reader) -> dict[str, str] | None:
    """The top-level personal trumps: none, or a different suit for every seat."""
    value = r.optional("trumps", dict)
    if value is None:
        return None
    path = "record.trumps"
    trumps = {r.seat(seat, path): _suit(suit, f"{path}.{seat}") for seat, suit in value.items()}
    suits = [Suit.parse(s) for s in trumps.values() if s is not None]
    if sorted(trumps) != sorted(r.seats) or len(set(suits)) != len(r.seats):
        raise RecordError(
            f"{path}: bad trumps {value!r}, expected a different suit for each of "
            f"{', '.join(r.seats)}"
        )
    return {seat: str(suit) for seat, suit in trumps.items()}


def _read_call(r: _Reader, value: Any, path: str) -> CallRecord:
    c = _Reader(value, path, r.seats)
    seat = c.seat_field("seat")
    call = c.get("call", str)
    if call not in CALLS:
        raise RecordError(f"{path}.call: bad value {call!r}, expected {', '.join(CALLS)}")
    if call != "bid":
        return CallRecord(seat, call)
    suit = _suit(c.get("suit", str), f"{path}.suit")
    return CallRecord(seat, call, c.get("calypsos", int), c.get("points", int), suit)


def _read_contract(r: _Reader) -> ContractRecord | None:
    if r.data.get("contract") is None:
        return None
    c = r.at("contract")
    return ContractRecord(
        c.seat_field("declarer"),
        c.get("calypsos", int),
        c.get("points", int),
        str(_suit(c.get("suit", str), f"{c.path}.suit")),
        c.get("doubled", int),
    )


def _read_auction(r: _Reader) -> AuctionDeal:
    trumps = r.at("trumps")
    setup = r.data.get("setup")
    return AuctionDeal(
        auction=tuple(r.list("auction", lambda v, p: _read_call(r, v, p))),
        contract=_read_contract(r),
        trumps={
            trumps.seat(seat, trumps.path): _suit(suit, f"{trumps.path}.{seat}")
            for seat, suit in trumps.data.items()
        },
        sold=tuple(r.list("sold", _card)) if "sold" in r.data else (),
        setup=None if setup is None else r.cards_by_seat("setup"),
        setup_bonus=None
        if setup is None
        else _scores(r.data.get("setup_bonus") or {}, f"{r.path}.setup_bonus"),
    )


def _read_whist(r: _Reader) -> WhistDeal:
    bids = r.optional("bids", dict)
    return WhistDeal(
        None if bids is None else _scores(bids, f"{r.path}.bids"),
        _suit(r.data.get("trump"), f"{r.path}.trump"),
        r.optional("round", int),
    )


def _read_deal(r: _Reader) -> DealRecord:
    tricks = []
    for i, raw in enumerate(r.get("tricks", list)):
        t = _Reader(raw, f"{r.path}.tricks[{i}]", r.seats)
        tricks.append(
            TrickRecord(
                t.seat_field("leader"), tuple(t.list("cards", _card)), t.seat_field("winner")
            )
        )
    return DealRecord(
        dealer=r.seat_field("dealer"),
        hands=r.cards_by_seat("hands"),
        tricks=tuple(tricks),
        score=_scores(r.get("score", dict), f"{r.path}.score"),
        auction=_read_auction(r) if "auction" in r.data else None,
        whist=_read_whist(r) if "bids" in r.data else None,
    )
