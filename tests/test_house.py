"""The shape of the house: floors a module imports from (the engine at the ground), one registry
of games, no import cycles, no switching on names."""

import ast
import pathlib

import pytest

import calypso
from calypso.engine.games import find_game, names
from calypso.engine.options import Options

PACKAGE = pathlib.Path(calypso.__file__).parent
MODULES = {
    ".".join(("calypso", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(
        ".__init__"
    ): path
    for path in PACKAGE.rglob("*.py")
}


def imported(node: ast.stmt) -> set[str]:
    """The calypso modules an import statement loads: ``from calypso import words`` loads
    ``calypso.words``, ``from calypso.words.tricks import explain`` its module."""
    if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("calypso"):
        found = set()
        for alias in node.names:
            name = f"{node.module}.{alias.name}"
            found.add(name if name in MODULES else node.module)
        return found
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name.startswith("calypso")}
    return set()


def imports_at_import_time(path: pathlib.Path) -> set[str]:
    """The calypso modules a module imports at its top level (not inside functions, and not
    under ``if TYPE_CHECKING``)."""
    return {name for node in ast.parse(path.read_text()).body for name in imported(node)}


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


#: The floors of the package, from the ground up. A module imports, when it loads, only from
#: its own floor or one below: the engine names no game and holds no learner's words; the
#: language (calypso.i18n: catalogs, names of cards and seats, numbers) serves every floor
#: above; the game families stand side by side (the partnership game under auction/ and whist/,
#: which play Calypso's calypsos and bots); the words word what the engine and the families
#: return; the lessons teach them; the drawing draws them, printed pages too; the classroom
#: keeps a class's answers; the widgets show all of it.
FLOORS = (
    ("engine",),
    ("i18n",),
    ("partnership",),
    ("auction", "whist"),
    ("words",),
    ("lessons",),
    ("drawing",),
    ("classroom",),
    ("widgets",),
)
LEVEL = {floor: level for level, floors in enumerate(FLOORS) for floor in floors}


def floor_of(module: str) -> str | None:
    """The floor a module of the package stands on (None for the package's top: its API,
    the command line)."""
    if module == "calypso.i18n":
        return "i18n"
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LEVEL else None


def test_every_module_stands_on_a_floor_but_the_api_and_the_command_line() -> None:
    loose = {name for name in MODULES if floor_of(name) is None}
    assert loose == {"calypso", "calypso.__main__", "calypso.cli"}
    assert floor_of("calypso.i18n") == "i18n"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if floor_of(n) is not None))
def test_a_module_imports_from_its_own_floor_or_below(name: str) -> None:
    here = floor_of(name)
    assert here is not None
    for other in imports_at_import_time(MODULES[name]):
        there = floor_of(other)
        assert there is not None, f"{name} imports {other}, above every floor"
        assert LEVEL[there] < LEVEL[here] or there == here, f"{name} imports {other}"


#: Where a module may import from a floor above, inside a function, when it is called: drawing
#: a value in a notebook (``_repr_html_``) and wording it (``__str__``).
CALLED_LATE = {"_repr_html_", "__str__"}


def test_an_import_from_a_floor_above_waits_for_a_drawing_or_a_wording() -> None:
    for name, path in MODULES.items():
        here = floor_of(name)
        if here is None:
            continue
        for function in ast.walk(ast.parse(path.read_text())):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                for other in imported(node) if isinstance(node, ast.stmt) else ():
                    there = floor_of(other)
                    if there is None or there == here or LEVEL[there] < LEVEL[here]:
                        continue
                    assert function.name in CALLED_LATE, f"{name}.{function.name} imports {other}"


def test_no_family_and_no_lesson_imports_the_widgets_or_the_classroom() -> None:
    for name, path in MODULES.items():
        if floor_of(name) in ("engine", "words", "partnership", "auction", "whist", "lessons"):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                for other in imported(node) if isinstance(node, ast.stmt) else ():
                    assert floor_of(other) not in ("widgets", "classroom"), name


def test_the_engine_names_no_game_and_holds_no_learner_s_words() -> None:
    games = set(names()) | {spec.title for spec in map(find_game, names())}
    for name, path in MODULES.items():
        if floor_of(name) != "engine":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("_", "N_", "ngettext", "pgettext"), name
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in games, f"{name} names {node.value!r}"


def test_the_shared_drawing_and_the_trick_table_s_words_load_no_game() -> None:
    """Card faces, tricks, charts, printed pages and records are drawn, and a trick and a
    refusal worded, without loading a game: what those modules import when they load, and what
    that imports in turn, holds no game (a family's own drawing and words load its family)."""
    games = (
        "calypso.partnership.game",
        "calypso.partnership.match",
        "calypso.auction",
        "calypso.whist",
    )
    shared = ("faces", "tricks", "charts", "printed", "records", "ending")
    seen: set[str] = set()
    todo = [f"calypso.drawing.{name}" for name in shared] + ["calypso.words.tricks"]
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
    from calypso.engine.table import OutOfTurn
    from calypso.partnership.game import Game
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
    from calypso.engine.games import games

    spec = find_game(name)
    options = spec.options.parse(**({"hands": 3} if name == "auction-calypso" else {}))
    data = spec.play(options, 2, spec.bots_for(spec.seats(options), None)).to_dict()
    assert [s.name for s in games() if s.shape.has(data, data["deals"][0])] == [name]


LONGEST = 700
"""No module of the package, the site or the benchmarks is longer than this (issue 35)."""


def test_no_module_of_the_package_the_site_or_the_benchmarks_is_over_700_lines() -> None:
    root = PACKAGE.parent
    files = [
        path
        for folder in ("calypso", "site", "benchmarks")
        for suffix in ("py", "js", "css")
        for path in (root / folder).rglob(f"*.{suffix}")
        if "__pycache__" not in path.parts and "node_modules" not in path.parts
    ]
    assert any(path.name == "cardtable-render.js" for path in files)
    lengths = {str(path.relative_to(root)): len(path.read_text().splitlines()) for path in files}
    longer = {name: lines for name, lines in lengths.items() if lines > LONGEST}
    assert longer == {}, longer
