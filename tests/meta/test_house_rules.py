"""The front-end house stays in shape: no module reaches into another's private names, no
import cycles, and no loose modules in ``ui/`` beyond its package face."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "patrician_qt"
UI = PACKAGE / "ui"


def _modules() -> list[Path]:
    return sorted(p for p in [*PACKAGE.rglob("*.py"), *(ROOT / "net").rglob("*.py")] if "__pycache__" not in p.parts)


def _private_reaches(path: Path) -> list[str]:
    """``obj._name`` where ``obj`` is not ``self``/``cls``/``super()`` and ``_name`` is not a dunder."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        base = node.value
        if isinstance(base, ast.Name) and base.id in ("self", "cls"):
            continue
        if isinstance(base, ast.Call) and isinstance(base.func, ast.Name) and base.func.id == "super":
            continue
        if node.attr in _defined_here(tree):
            continue  # the module's own private name (e.g. a classmethod filling a new instance)
        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}")
    return found


def _defined_here(tree: ast.Module) -> set[str]:
    """Private names this module defines: functions, classes, class attributes and ``self._x = …``."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return {n for n in names if n.startswith("_")}


# Library names that are underscored but documented (namedtuple's _replace, argparse's subparsers type …).
ALLOWED = {"_replace", "_asdict", "_fields", "_make", "_exit", "_getframe", "_MEIPASS", "_SubParsersAction"}


def test_no_module_touches_another_objects_private_names():
    reaches = [r for p in _modules() for r in _private_reaches(p) if r.rsplit(".", 1)[1] not in ALLOWED]
    assert reaches == []


def _imports(path: Path) -> set[str]:
    """Every module of the app this file imports: at module level, inside functions and under
    ``TYPE_CHECKING`` alike, since each is an arrow from this module to that one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    mod = _module_name(path)
    package = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
    out: set[str] = set()
    for sub in ast.walk(tree):
        if isinstance(sub, ast.ImportFrom):
            base = sub.module or ""
            if sub.level:
                parts = package[: len(package) - sub.level + 1]
                base = ".".join([*parts, base] if base else parts)
            if base.startswith("patrician_qt"):
                for alias in sub.names:
                    out.add(f"{base}.{alias.name}" if _is_module(f"{base}.{alias.name}") else base)
        elif isinstance(sub, ast.Import):
            out.update(a.name for a in sub.names if a.name.startswith("patrician_qt"))
    return {m for m in out if _is_module(m) and m != mod}


def _module_name(path: Path) -> str:
    if path.is_relative_to(ROOT / "net"):
        rel = ("patrician_qt", *path.relative_to(ROOT).with_suffix("").parts)
    else:
        rel = path.relative_to(ROOT).with_suffix("").parts
    if rel[-1] == "__init__":
        rel = rel[:-1]
    return ".".join(rel)


_BY_NAME = {_module_name(p): p for p in _modules()}


def _is_module(name: str) -> bool:
    return name in _BY_NAME


#: The rooms from the top down: a module may import from its own room and the rooms below it. The app's
#: flow builds the game window and the LAN controller; the LAN controller drives game windows; the game
#: window wires the rules, keyboard and speech of ``reach`` and the history keeper of ``ui.history``; all
#: of them use sessions, the board's items and words from ``text``; below the front-end sit the history
#: of games and the review (stores and searches without Qt), the table, the network, the bots and the engine.
ROOMS = ("patrician_qt.__main__", "patrician_qt.cli", "patrician_qt.ui.app", "patrician_qt.ui.lan",
         "patrician_qt.ui.game", "patrician_qt.ui.reach", "patrician_qt.ui.history", "patrician_qt.ui.session",
         "patrician_qt.ui.board", "patrician_qt.ui.text", "patrician_qt.ui", "patrician_qt.history",
         "patrician_qt.review", "patrician_qt.table", "patrician_qt.net", "patrician_qt.bots",
         "patrician_qt.engine", "patrician_qt.resources", "patrician_qt")

def _short(name: str) -> str:
    return name.removeprefix("patrician_qt.")


def _graph() -> dict[str, set[str]]:
    """Module -> the modules it imports (a package's own ``__init__`` left out: importing a submodule runs it)."""
    return {name: {m for m in _imports(path) if not name.startswith(m + ".")} for name, path in _BY_NAME.items()}


def _room(module: str) -> int:
    """The rank of a module's room, 0 at the top."""
    return next(i for i, room in enumerate(ROOMS) if module == room or module.startswith(room + "."))


def _cycles(graph: dict[str, set[str]]) -> list[str]:
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(" → ".join(_short(m) for m in [*trail[trail.index(nxt):], nxt]))
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return cycles


def test_no_import_cycles_counting_every_import():
    """Imports inside functions and under ``TYPE_CHECKING`` count: they hide a circle, they do not remove it."""
    assert _cycles(_graph()) == []


def test_imports_point_only_down_the_rooms():
    """No arrow from a lower room to a higher one, none excused: a module a lower room needs moves down, and
    what a part needs of the window that builds it is handed in (a protocol of its own, a callable)."""
    up = sorted((_short(a), _short(b)) for a, targets in _graph().items() for b in targets if _room(b) < _room(a))
    assert up == []


#: the modules that make a game window: the app's flow, and the commands that show one (self-test, a bots' game)
WINDOW_BUILDERS = {"ui.app.flow", "cli.selftest", "cli.bot_window"}


def test_only_the_modules_that_make_a_game_window_name_its_type():
    """The window's parts, the other rooms' helpers and the LAN controller see doors (``OnScreen``,
    ``GameDoor``, ``GameScreen``), never ``MainWindow``: it may change behind them."""
    naming = {_short(a) for a, targets in _graph().items() if "patrician_qt.ui.game.main_window" in targets}
    assert naming == WINDOW_BUILDERS


def _stand_ins(source: str, where: str) -> list[str]:
    """``X if TYPE_CHECKING else object``: a class the type checker is told is another one."""
    return [f"{where}:{node.lineno}" for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.IfExp) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"]


def test_no_class_is_a_stand_in_for_another_in_the_type_checkers_eyes() -> None:
    """No module of the app or of ``net/`` tells the type checker a plain class is another (``Base =
    Controller if TYPE_CHECKING else object``): such a part borrows its owner's state unseen. The game
    window's and the LAN controller's parts are objects of their own, handed what they need."""
    found = [f for p in _modules() for f in _stand_ins(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))]
    assert found == []
    sample = "from typing import TYPE_CHECKING\n\n_Flow = Signals if TYPE_CHECKING else object\n"
    assert _stand_ins(sample, "sample.py") == ["sample.py:3"]  # the check sees one where it is


#: the one module that builds the LAN controller: the app's flow (everyone else sees a protocol of its own)
LAN_CONTROLLER_BUILDERS = {"ui.app.flow"}


def test_only_the_module_that_builds_the_lan_controller_names_it():
    """The LAN parts, the leave guard and the command line's join see narrow doors (``AtTable``, ``LanSide``,
    ``Joiner``), never ``LanController``: a part that knows its owner's type soon reaches into its state."""
    naming = {_short(a) for a, targets in _graph().items() if "patrician_qt.ui.lan.controller" in targets}
    assert naming == LAN_CONTROLLER_BUILDERS


def test_the_import_count_sees_function_level_and_type_checking_imports():
    graph = _graph()
    assert "patrician_qt.ui.game.on_screen" in graph["patrician_qt.ui.game.hint"]  # under TYPE_CHECKING
    assert "patrician_qt.ui.lan.controller" in graph["patrician_qt.ui.app.flow"]  # inside a function
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a → b → c → a"]


def test_ui_has_no_loose_modules_beyond_its_package_face():
    assert sorted(p.name for p in UI.glob("*.py") if p.name != "__init__.py") == []


def _waits_on_futures(path: Path) -> list[str]:
    """Calls that hand work to a loop or wait for a future by hand, outside ``LoopThread`` itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(ROOT)}:{node.lineno}: {node.func.attr}()"
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("run_coroutine_threadsafe", "result")]


def test_the_app_works_off_the_ui_thread_only_through_loop_thread():
    """One way to the background loop (``LoopThread.call``, answering through a queued signal); nothing in the
    app hands a loop work by hand or waits for a future's ``result()``."""
    offload = UI / "session" / "offload.py"
    found = [w for p in [*UI.rglob("*.py"), *(PACKAGE / "cli").rglob("*.py")]
             if p != offload and "__pycache__" not in p.parts for w in _waits_on_futures(p)]
    assert found == []
    assert _waits_on_futures(offload)  # the check sees such calls where they are


#: a smell alarm, not a rule to split by: modules are split by responsibility, and one this long has
#: almost surely taken on a second job
UI_MAX_LINES = 600


def test_no_ui_module_is_far_over_a_screenful_of_jobs():
    long = {str(p.relative_to(ROOT)): n for p in UI.rglob("*.py") if "__pycache__" not in p.parts
            and (n := len(p.read_text(encoding="utf-8").splitlines())) > UI_MAX_LINES}
    assert long == {}, f"split these by job (at most {UI_MAX_LINES} lines each)"


LEVEL_NAMES = {"random", "easy", "medium", "hard", "expert"}
SEAT_KIND_NAMES = {"human", "bot", "open"}


def _written_out(path: Path) -> list[str]:
    """Lists of bot levels or seat kinds written out as text, and the default port as a number (type
    expressions such as ``Literal["bot", "human"]`` aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_types = {id(n) for s in ast.walk(tree) if isinstance(s, ast.Subscript) for n in ast.walk(s.slice)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value == 47147:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: port")
        if not isinstance(node, ast.Tuple | ast.List | ast.Set) or id(node) in in_types:
            continue
        words = {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
        if len(words & LEVEL_NAMES) >= 2:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: levels")
        if len(words & SEAT_KIND_NAMES) >= 2:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: seat kinds")
    return found


def test_bot_levels_the_default_port_and_seat_kinds_are_named_in_one_place():
    """Levels in bots/names.py, the port in net/_messages.py, seat kinds in net/hosted.py; everyone else
    imports them."""
    homes = {"patrician_qt/bots/names.py": "levels", "net/_messages.py": "port", "net/hosted.py": "seat kinds"}
    found = [f for p in _modules() for f in _written_out(p)
             if homes.get(str(p.relative_to(ROOT))) != f.rsplit(": ", 1)[1]]
    assert found == []
    assert {f.rsplit(": ", 1)[1] for p in _modules() for f in _written_out(p)} == set(homes.values())


def test_no_qt_class_reaches_its_qt_base_along_two_paths():
    """PySide6 crashes (a segfault, not an error) on QPaintDevice calls of an object whose Qt base is reached
    through several Python bases, e.g. ``Window(Menus, Files)`` with ``Menus`` and ``Files`` both over one
    ``Parts(QMainWindow)``; the game window's parts are objects of their own (``ui/game/main_window.py``)."""
    import importlib
    import inspect

    from shiboken6 import Shiboken

    diamonds = []
    for path in _modules():
        name = _module_name(path)
        if not name.startswith(("patrician_qt.ui", "patrician_qt.cli")):
            continue
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != name:
                continue
            qt_bases = [b for b in cls.__bases__ if issubclass(b, Shiboken.Object)]
            if len(qt_bases) > 1:
                diamonds.append(f"{name}.{cls.__qualname__}: {[b.__name__ for b in qt_bases]}")
    assert diamonds == []
