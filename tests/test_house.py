"""The shape of the engine: one registry of games, no import cycles, no switching on names."""

import ast
import pathlib

import pytest

import calypso
from calypso.games import find_game, names
from calypso.options import Options

PACKAGE = pathlib.Path(calypso.__file__).parent
MODULES = {
    ".".join(("calypso", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(
        ".__init__"
    ): path
    for path in PACKAGE.rglob("*.py")
}


def imports_at_import_time(path: pathlib.Path) -> set[str]:
    """The calypso modules a module imports at its top level (not inside functions, and not
    under ``if TYPE_CHECKING``)."""
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("calypso"):
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in MODULES else node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("calypso")}
    return found


def test_no_module_imports_itself_back_at_import_time() -> None:
    graph = {name: imports_at_import_time(path) for name, path in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        if name in trail:
            cycle = " -> ".join((*trail[trail.index(name) :], name))
            pytest.fail(f"import cycle: {cycle}")
        if name in done:
            return
        for other in graph.get(name, ()):
            # A package's __init__ may gather its own modules; that is not a cycle.
            if not name.startswith(other + ".") and not other.startswith(name + "."):
                visit(other, (*trail, name))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_drawing_loads_no_game() -> None:
    """render.py draws cards, tables and charts: what it imports when it loads, and what those
    import in turn, holds no game (a game's own drawing imports it where it is drawn)."""
    games = ("calypso.game", "calypso.match", "calypso.auction", "calypso.whist")
    seen: set[str] = set()
    todo = ["calypso.render"]
    while todo:
        name = todo.pop()
        if name in seen or name not in MODULES:
            continue
        seen.add(name)
        todo += imports_at_import_time(MODULES[name])
    assert not [name for name in seen if name.startswith(games)], sorted(seen)


def test_no_code_outside_the_registry_switches_on_a_game_name() -> None:
    games = set(names())
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                texts = {
                    n.value
                    for n in (node.left, *node.comparators)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                }
                assert not texts & games, f"{name}:{node.lineno} compares with a game's name"


def test_every_game_is_registered_once_with_declared_options() -> None:
    assert names() == ("calypso", "auction-calypso", "call-bridge", "collett-whist")
    for name in names():
        spec = find_game(name)
        assert spec.name == name and issubclass(spec.options, Options)
        assert spec.options.game == name
        defaults = spec.options()
        assert spec.seats(defaults) in spec.layouts
        assert spec.options.from_record(defaults.to_record()) == defaults


@pytest.mark.parametrize("name", ["calypso", "auction-calypso", "call-bridge", "collett-whist"])
def test_a_registered_game_plays_to_a_record_that_replays(name: str) -> None:
    spec = find_game(name)
    options = spec.options.parse(**({"hands": 3} if name == "auction-calypso" else {}))
    record = spec.play(options, 5, spec.bots_for(spec.seats(options), None))
    assert record.game == name and record.replay().ok
    assert spec.options.from_record(record.options) == options


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("calypso", {"players": 7}, "bad option 'players' for calypso"),
        ("call-bridge", {"trumps": "HDSC"}, "bad option 'trumps' for call-bridge"),
        ("call-bridge", {"target": 10, "rounds": 2}, "not both"),
        ("collett-whist", {"target": 5}, "bad option 'target' for collett-whist"),
        ("calypso", {"target": 0}, "bad target 0"),
        ("auction-calypso", {"setup": "lots"}, "bad setup 'lots'"),
        ("calypso", {"all_fours": "yes"}, "bad all_fours 'yes'"),
    ],
)
def test_options_a_game_does_not_have_or_cannot_take_are_refused(
    game: str, options: dict[str, int | str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        find_game(game).options.parse(**options)


def test_playing_or_calling_out_of_turn_is_the_same_error_in_every_game() -> None:
    from calypso.auction.game import AuctionGame
    from calypso.game import Game
    from calypso.table import OutOfTurn
    from calypso.whist import call_bridge

    calypso_game = Game(seed=1)
    with pytest.raises(OutOfTurn):
        calypso_game.play(calypso_game.legal_plays()[0], seat="E")
    auction = AuctionGame(3, seed=1)
    with pytest.raises(OutOfTurn):
        auction.call("pass", seat=auction.seats[2])
    bridge = call_bridge.new_game(seed=1, rounds=1)
    wrong = next(s for s in bridge.seats if s != bridge.turn)
    with pytest.raises(OutOfTurn):
        bridge.call(3, seat=wrong)


def test_every_widget_is_named_once_where_the_package_imports_it() -> None:
    import calypso.widgets as widgets

    tree = ast.parse(pathlib.Path(widgets.__file__).read_text())
    named = [
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]
    assert len(named) == len(set(named))
    for name in named:
        widget = getattr(widgets, name)
        assert widget.__name__ == name and widget.__module__.startswith("calypso.widgets.")


WIDGETS = {name: path for name, path in MODULES.items() if name.startswith("calypso.widgets.")}
SEAT_TABLES = ("calypso.widgets.play", "calypso.widgets.cousins", "calypso.widgets.auction")
"""The widgets that seat people at a game's table (chapters 05, 09 and 10)."""
FELT = "calypso.widgets.felt"
"""Where the seat tables draw a game's trick and hand on the card table, once for all three."""


def _calls(path: pathlib.Path) -> set[str]:
    """The names a module calls (``f(...)`` and ``x.f(...)``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            func = node.func
            found.add(func.id if isinstance(func, ast.Name) else getattr(func, "attr", ""))
    return found


def test_no_code_decides_its_game_by_title_and_no_widget_by_seats() -> None:
    """Code asks the registry and the game (its rules, seats, sitting); it never compares a
    game's title, and no widget compares a seat list with a game's seats, to find out which
    game it holds."""
    titles = {find_game(name).title for name in names()}
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                operands = (node.left, *node.comparators)
                texts = {n.value for n in operands if isinstance(n, ast.Constant)}
                assert not texts & titles, f"{name}:{node.lineno} compares with a game's title"
    for name, path in WIDGETS.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Compare):
                continue
            operands = (node.left, *node.comparators)
            seat_lists = [
                n
                for n in operands
                if (isinstance(n, ast.Attribute) and n.attr == "SEATS")
                or (
                    isinstance(n, ast.Tuple)
                    and n.elts
                    and all(
                        isinstance(e, ast.Constant) and isinstance(e.value, str) for e in n.elts
                    )
                )
            ]
            equality = any(isinstance(op, ast.Eq | ast.NotEq | ast.Is) for op in node.ops)
            assert not (equality and seat_lists), f"{name}:{node.lineno} compares seat lists"


def test_no_seat_table_resolves_a_trick_or_words_a_refusal_itself() -> None:
    """The game gives the trick so far and the last verdict (TrickTable.trick_so_far,
    last_verdict) and its refusals as values; the seat tables (and the felt they draw on) only
    draw them."""
    for name in (*SEAT_TABLES, FELT):
        called = _calls(MODULES[name])
        assert not called & {"resolve_trick", "trick_winner", "reasons", "check_play"}, name


def test_the_felt_is_drawn_once_for_every_seat_table() -> None:
    """Issue 35: a game's trick goes on the card table in one place (calypso.widgets.felt),
    not once in each seat table."""
    for name in SEAT_TABLES:
        assert "draw_trick" in _calls(MODULES[name]), name
        assert "show_trick" not in _calls(MODULES[name]), name
    assert {"show_trick", "show_hand"} <= _calls(MODULES[FELT])


def test_every_seat_table_sits_on_the_one_seat_controller() -> None:
    for name in SEAT_TABLES:
        source = MODULES[name].read_text()
        assert "Seating(" in source and "def _bots_move" not in source, name
        assert "to_link" in source and "from_link" in source, name


@pytest.mark.parametrize("name", ["calypso", "auction-calypso", "call-bridge", "collett-whist"])
def test_a_record_shows_its_game_by_the_shape_its_game_declares(name: str) -> None:
    """Each game says what its records carry (GameSpec.shape); a record of it has that shape
    and no other game's, so record.py tells a relabelled record without a list of games."""
    from calypso.games import games

    spec = find_game(name)
    options = spec.options.parse(**({"hands": 3} if name == "auction-calypso" else {}))
    data = spec.play(options, 2, spec.bots_for(spec.seats(options), None)).to_dict()
    assert [s.name for s in games() if s.shape.has(data, data["deals"][0])] == [name]
