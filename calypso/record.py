"""Game records in the ``calypso-record/1`` JSON format: write, read, replay and re-score.

>>> from calypso import simulate
>>> record = simulate("calypso", seed=7)
>>> again = Record.from_json(record.to_json())
>>> again == record, replay(again).ok
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from calypso.auction import Bid, Call, CallKind
from calypso.cards import Card, Suit, parse_card
from calypso.game import DEALS, SEATS, SIDES, TRICKS_PER_DEAL, Game, Trick, parse_trumps

FORMAT = "calypso-record/1"
SEATS_BY_GAME = {
    "calypso": (SEATS,),
    "auction-calypso": (("N", "E", "W"), SEATS),
    "call-bridge": (("N", "W", "S", "E"),),
    "collett-whist": tuple(tuple("ABCDEFG"[:n]) for n in range(3, 8)),
}
SEAT_NAMES = frozenset(seat for layouts in SEATS_BY_GAME.values() for s in layouts for seat in s)
GAMES = tuple(SEATS_BY_GAME)
"""Games whose records this version reads and replays."""


class RecordError(ValueError):
    """A record that does not follow the format; the message gives the path of the bad field."""


@dataclass(frozen=True)
class TrickRecord:
    leader: str
    cards: tuple[Card, ...]
    winner: str


@dataclass(frozen=True)
class ContractRecord:
    declarer: str
    calypsos: int
    points: int
    suit: str
    doubled: int


@dataclass(frozen=True)
class WhistDeal:
    """What a Call Bridge or Collett Whist round adds: the calls, the trump, the round."""

    bids: dict[str, int] | None
    trump: str | None
    round: int | None = None


@dataclass(frozen=True)
class DealRecord:
    """One deal (a hand, in Auction Calypso); the fields after ``score`` belong to the auction
    game and are ``None`` in Calypso records."""

    dealer: str
    hands: dict[str, tuple[Card, ...]]
    tricks: tuple[TrickRecord, ...]
    score: dict[str, int]
    trumps: dict[str, str | None] | None = None
    auction: tuple[tuple[str, Call], ...] | None = None
    contract: ContractRecord | None = None
    sold: tuple[Card, ...] | None = None
    setup: dict[str, tuple[Card, ...]] | None = None
    setup_bonus: dict[str, int] | None = None
    whist: WhistDeal | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer}
        if self.setup is not None:
            out["setup"] = {seat: [str(c) for c in cards] for seat, cards in self.setup.items()}
            out["setup_bonus"] = dict(self.setup_bonus or {})
        out["hands"] = {seat: [str(c) for c in cards] for seat, cards in self.hands.items()}
        if self.whist is not None:
            if self.whist.round is not None:
                out["round"] = self.whist.round
            out["bids"] = None if self.whist.bids is None else dict(self.whist.bids)
            out["trump"] = self.whist.trump
        if self.auction is not None:
            out["auction"] = [_call_dict(seat, call) for seat, call in self.auction]
            out["contract"] = None if self.contract is None else vars(self.contract).copy()
            out["trumps"] = dict(self.trumps or {})
        out["tricks"] = [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
            for t in self.tricks
        ]
        if self.sold is not None:
            out["sold"] = [str(c) for c in self.sold]
        out["score"] = dict(self.score)
        return out


def _call_dict(seat: str, call: Call) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "call": call.kind.value}
    if call.bid is not None:
        out |= {
            "calypsos": call.bid.calypsos,
            "points": call.bid.points,
            "suit": call.bid.suit.letter,
        }
    return out


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
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        r = _Reader(data, "record")
        if r.get("format", str) != FORMAT:
            raise RecordError(f"record.format: bad value {data['format']!r}, expected {FORMAT!r}")
        game = r.get("game", str)
        if game not in GAMES:
            raise RecordError(
                f"record.game: bad value {game!r}, expected one of {', '.join(GAMES)}"
            )
        seats = tuple(r.list("seats", lambda v, p: _seat(v, p)))
        if seats not in SEATS_BY_GAME[game]:
            allowed = " or ".join(str(list(x)) for x in SEATS_BY_GAME[game])
            raise RecordError(f"record.seats: bad value {list(seats)!r}, expected {allowed}")
        trumps = None
        if game == "calypso":
            try:
                suits = parse_trumps(r.get("trumps", dict))
            except ValueError as exc:
                raise RecordError(f"record.trumps: {exc}") from None
            trumps = {seat: suit.letter for seat, suit in zip(SEATS, suits, strict=True)}
        deals = tuple(
            _read_deal(_Reader(d, f"record.deals[{i}]")) for i, d in enumerate(r.get("deals", list))
        )
        final = _Reader(r.get("final", dict), "record.final")
        players = r.optional("players", dict)
        return cls(
            game=game,
            options=dict(r.get("options", dict)),
            seed=r.optional("seed", int),
            seats=seats,
            partnerships=_partnerships(r.optional("partnerships", list)),
            trumps=trumps,
            deals=deals,
            final_scores=_scores(final.get("scores", dict), "record.final.scores"),
            players=None if players is None else {str(k): str(v) for k, v in players.items()},
        )

    def replay(self) -> Replay:
        return replay(self)

    def _repr_html_(self) -> str:
        from calypso import render

        return render.record_summary(self)


T = TypeVar("T")


class _Reader:
    """Reads fields of one JSON object, naming the path of anything missing or mistyped."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, dict):
            raise RecordError(f"{path}: bad value {data!r}, expected an object")
        self.data, self.path = data, path

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


def _typed(value: Any, kind: type[T], path: str) -> T:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{path}: bad value {value!r}, expected {kind.__name__}")
    return value


def _seat(value: Any, path: str) -> str:
    if value not in SEAT_NAMES:
        names = ", ".join(sorted(SEAT_NAMES))
        raise RecordError(f"{path}: bad seat {value!r}, expected one of {names}")
    return str(value)


def _card(value: Any, path: str) -> Card:
    try:
        return parse_card(value)
    except ValueError as exc:
        raise RecordError(f"{path}: {exc}") from None


def _scores(value: Mapping[str, Any], path: str) -> dict[str, int]:
    return {str(k): _typed(v, int, f"{path}.{k}") for k, v in value.items()}


def _partnerships(value: list[Any] | None) -> tuple[tuple[str, ...], ...] | None:
    return None if value is None else tuple(tuple(str(seat) for seat in side) for side in value)


def _call(value: Any, path: str) -> tuple[str, Call]:
    r = _Reader(value, path)
    seat = _seat(r.get("seat", str), f"{path}.seat")
    kind = r.get("call", str)
    kinds = {k.value: k for k in CallKind}
    if kind not in kinds:
        raise RecordError(f"{path}.call: bad value {kind!r}, expected {', '.join(kinds)}")
    if kinds[kind] is not CallKind.BID:
        return seat, Call(kinds[kind])
    try:
        bid = Bid(r.get("calypsos", int), r.get("points", int), Suit.parse(r.get("suit", str)))
    except ValueError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return seat, Call(CallKind.BID, bid)


def _contract(value: Any, path: str) -> ContractRecord | None:
    if value is None:
        return None
    r = _Reader(value, path)
    suit = r.get("suit", str)
    try:
        Suit.parse(suit)
    except ValueError as exc:
        raise RecordError(f"{path}.suit: {exc}") from None
    return ContractRecord(
        _seat(r.get("declarer", str), f"{path}.declarer"),
        r.get("calypsos", int),
        r.get("points", int),
        suit,
        r.get("doubled", int),
    )


def _cards_by_seat(value: Any, path: str) -> dict[str, tuple[Card, ...]]:
    r = _Reader(value, path)
    out = {}
    for seat in r.data:
        _seat(seat, path)
        out[seat] = tuple(r.list(seat, _card))
    return out


def _trumps(value: Any, path: str) -> dict[str, str | None]:
    r = _Reader(value, path)
    out: dict[str, str | None] = {}
    for seat, suit in r.data.items():
        _seat(seat, path)
        if suit is not None:
            try:
                Suit.parse(suit)
            except ValueError:
                raise RecordError(
                    f"{path}.{seat}: bad suit {suit!r}, expected C, D, H, S or null"
                ) from None
        out[seat] = suit
    return out


def _read_deal(r: _Reader) -> DealRecord:
    tricks = []
    for i, raw in enumerate(r.get("tricks", list)):
        t = _Reader(raw, f"{r.path}.tricks[{i}]")
        tricks.append(
            TrickRecord(
                _seat(t.get("leader", str), f"{t.path}.leader"),
                tuple(t.list("cards", _card)),
                _seat(t.get("winner", str), f"{t.path}.winner"),
            )
        )
    auction = r.data.get("auction")
    setup = r.data.get("setup")
    whist = None
    if "bids" in r.data:
        bids = r.optional("bids", dict)
        trump = r.data.get("trump")
        if trump is not None:
            try:
                Suit.parse(trump)
            except ValueError:
                raise RecordError(
                    f"{r.path}.trump: bad suit {trump!r}, expected C, D, H, S or null"
                ) from None
        whist = WhistDeal(
            None if bids is None else _scores(bids, f"{r.path}.bids"),
            trump,
            r.optional("round", int),
        )
    return DealRecord(
        dealer=_seat(r.get("dealer", str), f"{r.path}.dealer"),
        hands=_cards_by_seat(r.get("hands", dict), f"{r.path}.hands"),
        tricks=tuple(tricks),
        score=_scores(r.get("score", dict), f"{r.path}.score"),
        trumps=None if auction is None else _trumps(r.get("trumps", dict), f"{r.path}.trumps"),
        auction=None if auction is None else tuple(r.list("auction", _call)),
        contract=None
        if auction is None
        else _contract(r.data.get("contract"), f"{r.path}.contract"),
        sold=None if "sold" not in r.data else tuple(r.list("sold", _card)),
        setup=None if setup is None else _cards_by_seat(setup, f"{r.path}.setup"),
        setup_bonus=None
        if setup is None
        else _scores(r.data.get("setup_bonus") or {}, f"{r.path}.setup_bonus"),
        whist=whist,
    )


def calypso_record(
    games: Sequence[Game],
    *,
    seed: int | None,
    players: Sequence[str] | None = None,
    target: int | None = None,
) -> Record:
    """The record of one Calypso game, or of the games of a match in the order played.

    Each deal's score is the C7 score of the cards as they lay at the end of that deal, so the
    fourth deal of each game carries that game's total; ``final`` sums the games.
    """
    unfinished = [g for g in games if not g.is_over]
    if not games or unfinished:
        raise ValueError("a record is written for finished games: play every game to the end first")
    first = games[0]
    options: dict[str, Any] = first.rules.options()
    if target is not None:
        options["target"] = target
    deals = []
    finals = dict.fromkeys(SIDES, 0)
    for game in games:
        for number, tricks in enumerate(game.tricks):
            deals.append(
                DealRecord(
                    dealer=SEATS[(game.first_dealer + number) % 4],
                    hands=dict(zip(SEATS, game.dealt[number], strict=True)),
                    tricks=tuple(TrickRecord(t.leader, t.cards, t.winner) for t in tricks),
                    score=game.deal_scores[number],
                )
            )
        for side, points in game.score().totals.items():
            finals[side] += points
    return Record(
        game="calypso",
        options=options,
        seed=seed,
        seats=SEATS,
        partnerships=(("N", "S"), ("E", "W")),
        trumps={seat: s.letter for seat, s in zip(SEATS, first.rules.trumps, strict=True)},
        deals=tuple(deals),
        final_scores=finals,
        players=None if players is None else dict(zip(SEATS, players, strict=True)),
    )


@dataclass(frozen=True)
class Replay:
    """What replaying a record found: the re-computed final scores and every disagreement."""

    scores: dict[str, int]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def replay(record: Record) -> Replay:
    """Re-play every call and card of ``record`` by the rules and re-score it.

    Reports (never raises) where the record disagrees with the rules: a wrong leader or winner,
    an illegal call or card, a missing trick, a score that is not what the cards give.
    """
    if record.game == "auction-calypso":
        from calypso.auction_record import replay_auction

        return replay_auction(record)
    if record.game in ("call-bridge", "collett-whist"):
        from calypso.whist_record import replay_whist

        return replay_whist(record)
    problems: list[str] = []
    totals = dict.fromkeys(SIDES, 0)
    if len(record.deals) % DEALS or not record.deals:
        problems.append(f"the record has {len(record.deals)} deals, expected a multiple of 4")
    for start in range(0, len(record.deals) - len(record.deals) % DEALS, DEALS):
        game_deals = record.deals[start : start + DEALS]
        scores = _replay_game(record, game_deals, start, problems)
        if scores is not None:
            for side in SIDES:
                totals[side] += scores[side]
    if not problems and record.final_scores != totals:
        problems.append(
            f"final scores: the record says {record.final_scores}, the cards give {totals}"
        )
    return Replay(totals, tuple(problems))


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
                problems.append(f"{at}: {seat} cannot play {card.symbol}: {exc}")
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


def _replay_game(
    record: Record, deals: Sequence[DealRecord], start: int, problems: list[str]
) -> dict[str, int] | None:
    try:
        game = _new_game(record, deals)
    except ValueError as exc:
        problems.append(f"deals {start + 1}-{start + DEALS}: {exc}")
        return None
    for offset, deal in enumerate(deals):
        where = f"deal {start + offset + 1}"
        expected_dealer = SEATS[(game.first_dealer + offset) % 4]
        if deal.dealer != expected_dealer:
            problems.append(
                f"{where}: the record says {deal.dealer} dealt, expected {expected_dealer}"
            )
        if len(deal.tricks) != TRICKS_PER_DEAL:
            problems.append(f"{where}: {len(deal.tricks)} tricks, expected {TRICKS_PER_DEAL}")
            return None
        if not replay_tricks(game, deal.tricks, where, problems):
            return None
        score = game.score().totals
        if any(deal.score.values()) and deal.score != score:
            problems.append(f"{where}: the record's score {deal.score}, the cards give {score}")
    return game.score().totals


def _new_game(record: Record, deals: Sequence[DealRecord]) -> Game:
    """A game dealt as ``deals`` say, under the record's trumps and options, before any card."""
    return Game(
        record.seed or 0,
        hands=[d.hands for d in deals],
        first_dealer=deals[0].dealer,
        trumps=record.trumps,
        trump_lead=record.options.get("trump_lead", "ranked"),
        all_fours=record.options.get("all_fours", False),
    )


def load_game(record: Record) -> Game:
    """The record's (first) game replayed to its end, ready to draw or step through.

    Raises :class:`RecordError` with the first disagreement if the record does not replay.
    """
    report = replay(record)
    if not report.ok:
        raise RecordError(f"the record does not replay: {report.problems[0]}")
    deals = record.deals[:DEALS]
    game = _new_game(record, deals)
    for deal in deals:
        for trick in deal.tricks:
            for card in trick.cards:
                game.play(card)
    return game
