"""The ``calypso`` command: simulate games, explain a trick, replay records.

Bad input gets a one-line message on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from calypso.auction_game import SETUPS
from calypso.bots import BOT_NAMES
from calypso.record import GAMES, Record, RecordError, replay
from calypso.simulate import simulate
from calypso.tricks import TrumpLead, resolve_trick


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="calypso", description="The Calypso card game engine.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sim = commands.add_parser("simulate", help="play whole games with bots")
    sim.add_argument("game", choices=list(GAMES), help="which game")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--games", type=int, default=1, help="how many games, seeds seed, seed+1, ...")
    sim.add_argument("--jsonl", action="store_true", help="print one JSON record per line")
    sim.add_argument(
        "--bots",
        default="random",
        help=f"one bot for every seat or four comma-separated ({', '.join(BOT_NAMES)})",
    )
    sim.add_argument("--trump-lead", choices=[t.value for t in TrumpLead], default="ranked")
    sim.add_argument("--all-fours", action="store_true", help="own trump may be played at any time")
    sim.add_argument("--trumps", default=None, help="personal trumps of N E S W, e.g. HDSC")
    sim.add_argument(
        "--target",
        type=int,
        default=None,
        help="calypso: play a match to this many points; call-bridge: the winning "
        "score (default 30)",
    )
    auction = sim.add_argument_group("auction-calypso, call-bridge, collett-whist")
    auction.add_argument(
        "--players",
        type=int,
        default=None,
        help="auction-calypso: 3, or 4 in partnerships (default 3); "
        "collett-whist: 3 to 7 (default 4)",
    )
    auction.add_argument(
        "--setup",
        choices=SETUPS,
        default="balanced",
        help="calypsos in progress at the start (default balanced)",
    )
    auction.add_argument("--hands", type=int, default=None, help="hands to play (18 or 16)")
    auction.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="call-bridge: play exactly this many rounds instead of to --target",
    )

    exp = commands.add_parser("explain", help="who wins a trick, and why")
    exp.add_argument("cards", nargs="+", help="the cards in play order, e.g. 9H 4C 6D 2H")
    exp.add_argument(
        "--trumps",
        nargs="+",
        required=True,
        help="each card's player's personal trump, e.g. S C D H (- for none)",
    )
    exp.add_argument("--trump-lead", choices=[t.value for t in TrumpLead], default="ranked")

    rep = commands.add_parser(
        "replay", help="re-play and re-score records, reporting disagreements"
    )
    rep.add_argument(
        "file",
        type=argparse.FileType("r", encoding="utf-8"),
        help="a JSON record, or JSON lines of records (- for standard input)",
    )
    return parser


def _simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise ValueError(f"bad --games {args.games}: expected a whole number from 1 up")
    bots = args.bots.split(",") if "," in args.bots else args.bots
    options: dict[str, Any]
    if args.game == "calypso":
        options = {
            "bots": bots,
            "target": args.target,
            "trumps": args.trumps,
            "trump_lead": args.trump_lead,
            "all_fours": args.all_fours,
        }
    elif args.game == "auction-calypso":
        options = {
            "players": args.players or 3,
            "setup": args.setup,
            "hands": args.hands,
            "trump_lead": args.trump_lead,
            "all_fours": args.all_fours,
        }
    elif args.game == "call-bridge":
        options = {"target": args.target or 30, "rounds": args.rounds}
    else:
        options = {"players": args.players or 4}
    for number in range(args.games):
        record = simulate(args.game, args.seed + number, **options)
        if args.jsonl:
            print(record.to_json())
        else:
            scores = "  ".join(
                f"{side} {points:>5}" for side, points in record.final_scores.items()
            )
            print(f"seed {record.seed:>6}  {scores}")
    return 0


def _explain(args: argparse.Namespace) -> int:
    trumps = [None if t in {"-", "none"} else t for t in args.trumps]
    result = resolve_trick(args.cards, trumps, trump_lead=args.trump_lead)
    print(f"winner: card {result.winner + 1}, {result.winning_card.symbol}")
    print(f"rule: {result.rule.value}")
    print(result.explanation)
    return 0


def _read_records(text: str) -> list[Any]:
    """One JSON record, or JSON lines of records."""
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        pass
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"line {number}: not valid JSON ({exc.msg})") from None
    return records


def _replay(args: argparse.Namespace) -> int:
    failed = 0
    for number, data in enumerate(_read_records(args.file.read()), 1):
        try:
            report = replay(Record.from_dict(data))
        except RecordError as exc:
            raise ValueError(f"record {number}: {exc}") from None
        if report.ok:
            print(f"record {number}: ok, scores {report.scores}")
        else:
            failed += 1
            for problem in report.problems:
                print(f"record {number}: {problem}")
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    handlers = {"simulate": _simulate, "explain": _explain, "replay": _replay}
    try:
        return handlers[args.command](args)
    except ValueError as exc:
        print(f"calypso: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
