"""Mutation testing of the rules, scoring, turn builder, playout sampling and framing (issue "Tests that bite").

Why our own mutator and not mutmut: mutmut 3 mutates only inside functions (so the 64 KiB frame limit,
a module constant, is never changed), runs pytest inside its own process and names mutants by function
and number, not by line. This script changes one thing
at a time in the syntax tree (comparisons, arithmetic, ``and``/``or``, constants, conditions, ``break``,
state writes and calls left out), and runs a fast targeted test subset against each mutant in a
forked child that imports the mutated module from memory: the files on disk are never touched.
Hypothesis runs derandomized and without its example database, so every run gives the same verdicts.

Run by hand, one target at a time on a shared machine (``nice -n 10``)::

    nice -n 10 python bench/mutation.py scoring          # or rules, playout, builder, framing, determinize
    nice -n 10 python bench/mutation.py all              # every target, one after another
    python bench/mutation.py rules --list                # only list the mutants

It prints each surviving mutant (line, change, function) and per target the score with and without
the known equivalent mutants of docs/testing.md; those are read from that file's tables, so a new
survivor stands out. The last line is one JSON object. Figures are printed, never asserted.

``--write docs/figures.md`` puts the targets run into the row ``mutation.scores`` (bench/figures_table.py):
each target's part of the row carries its own date and load, and the parts of targets not run this time stay
as they were, so a run of one target on a busy afternoon updates that target alone.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib.abc
import importlib.util
import json
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from bench.figures_table import Row, row_cells, when, write_rows  # noqa: E402

DOC = ROOT / "docs" / "testing.md"
NEAR = 25  # a listed equivalent mutant matches a survivor with its change at most this many lines away


@dataclass(frozen=True)
class Target:
    """One file to mutate, the module name it is imported as, and the tests that must kill its mutants."""

    path: str
    module: str
    tests: tuple[str, ...]
    functions: tuple[str, ...] = ()  # only mutants inside these top-level functions (empty: everything)


_ENGINE = "tests/engine"
TARGETS: dict[str, Target] = {
    "rules": Target(
        "patrician_qt/engine/rules.py",
        "patrician_qt.engine.rules",
        (
            f"{_ENGINE}/test_turn_rules.py",
            f"{_ENGINE}/test_scoring.py",
            f"{_ENGINE}/test_oracle.py",
            f"{_ENGINE}/test_sampler.py",
            f"{_ENGINE}/test_builder.py",
            f"{_ENGINE}/test_properties.py",
        ),
    ),
    "scoring": Target(
        "patrician_qt/engine/scoring.py",
        "patrician_qt.engine.scoring",
        (f"{_ENGINE}/test_scoring.py", f"{_ENGINE}/test_turn_rules.py", f"{_ENGINE}/test_oracle.py"),
    ),
    "builder": Target(
        "patrician_qt/engine/builder.py",
        "patrician_qt.engine.builder",
        (_ENGINE,),
    ),
    # The random playout the bots run (ISMCTS rollouts and the "random" level): the sampler in rules.py.
    "playout": Target(
        "patrician_qt/engine/rules.py",
        "patrician_qt.engine.rules",
        (f"{_ENGINE}/test_sampler.py", f"{_ENGINE}/test_oracle.py", f"{_ENGINE}/test_properties.py"),
        ("_counted", "random_indices", "random_turn", "playout", "_CARD_PLAY", "_ANY_PLOTS", "_LAST_PLOTS"),
    ),
    # The bots' guesses of the hidden cards that every playout starts from.
    "determinize": Target(
        "patrician_qt/bots/determinize.py",
        "patrician_qt.bots.determinize",
        ("tests/bots/test_determinize.py", "tests/bots/test_determinism.py"),
    ),
    "framing": Target("net/_framing.py", "patrician_qt.net._framing", ("tests/net/test_framing.py",)),
}


# ---------------------------------------------------------------------------------------------- mutants

_CMP_SWAP: dict[type, type] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BIN_SWAP: dict[type, type] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.Div,
    ast.Pow: ast.Mult,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitAnd,
}


@dataclass(frozen=True)
class Mutant:
    """One change: where (line, the enclosing top-level name), what, and how to make it on a tree."""

    index: int  # position of the changed node in the walk
    variant: int  # which of the node's changes
    line: int
    scope: str
    desc: str


Change = Callable[[ast.AST], ast.AST | None]  # returns the replacement node (None: delete the statement)


def _src(node: ast.AST) -> str:
    text = ast.unparse(node)
    return text if len(text) <= 60 else text[:57] + "..."


def _changes(node: ast.AST, parent_test: bool) -> list[tuple[str, Change]]:
    """The changes made to one node, each with its description."""
    out: list[tuple[str, Change]] = []
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            new = _CMP_SWAP.get(type(op))
            if new is not None:

                def swap(n: ast.AST, i: int = i, new: type = new) -> ast.AST:
                    assert isinstance(n, ast.Compare)
                    n.ops[i] = new()
                    return n

                mutated = copy.deepcopy(node)
                mutated.ops[i] = new()
                out.append((f"`{_src(node)}` -> `{_src(mutated)}`", swap))
    elif isinstance(node, ast.BinOp | ast.AugAssign):
        new = _BIN_SWAP.get(type(node.op))
        if new is not None:

            def binop(n: ast.AST, new: type = new) -> ast.AST:
                n.op = new()  # type: ignore[attr-defined]
                return n

            mutated = copy.deepcopy(node)
            mutated.op = new()
            out.append((f"`{_src(node)}` -> `{_src(mutated)}`", binop))
        if isinstance(node, ast.AugAssign):

            def plain(n: ast.AST) -> ast.AST:
                assert isinstance(n, ast.AugAssign)
                return ast.Assign(targets=[n.target], value=n.value, lineno=n.lineno)

            out.append((f"`{_src(node)}` -> `{_src(node.target)} = {_src(node.value)}`", plain))
    elif isinstance(node, ast.BoolOp):
        new = ast.Or if isinstance(node.op, ast.And) else ast.And

        def boolop(n: ast.AST, new: type = new) -> ast.AST:
            n.op = new()  # type: ignore[attr-defined]
            return n

        mutated = copy.deepcopy(node)
        mutated.op = new()
        out.append((f"`{_src(node)}` -> `{_src(mutated)}`", boolop))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
        out.append((f"`{_src(node)}` -> `{_src(node.operand)}`", lambda n: n.operand))  # type: ignore[attr-defined]
    elif isinstance(node, ast.Constant):
        v = node.value
        if isinstance(v, bool):
            out.append((f"`{v!r}` -> `{(not v)!r}`", lambda n: ast.Constant(not n.value)))  # type: ignore[attr-defined]
        elif isinstance(v, int | float):
            out.append((f"`{v!r}` -> `{v + 1!r}`", lambda n: ast.Constant(n.value + 1)))  # type: ignore[attr-defined]
        elif isinstance(v, str):
            out.append((f"`{v!r}` -> `{'XX' + v + 'XX'!r}`", lambda n: ast.Constant("XX" + n.value + "XX")))  # type: ignore[attr-defined]
        elif isinstance(v, bytes):
            out.append((f"`{v!r}` -> `{b'XX' + v + b'XX'!r}`", lambda n: ast.Constant(b"XX" + n.value + b"XX")))  # type: ignore[attr-defined]
    elif isinstance(node, ast.Break):
        out.append(("`break` -> `continue`", lambda n: ast.Continue()))
    elif isinstance(node, ast.Continue):
        out.append(("`continue` -> `break`", lambda n: ast.Break()))
    if parent_test and not isinstance(node, ast.Compare | ast.BoolOp | ast.UnaryOp | ast.Constant):
        out.append((f"`{_src(node)}` -> `not {_src(node)}`", lambda n: ast.UnaryOp(ast.Not(), n)))
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        out.append((f"`{_src(node)}` left out", lambda n: None))
    elif isinstance(node, ast.Assign | ast.AugAssign) and any(
        isinstance(t, ast.Attribute | ast.Subscript)
        for t in ([node.target] if isinstance(node, ast.AugAssign) else node.targets)
    ):
        out.append((f"`{_src(node)}` left out", lambda n: None))
    return out


def _is_docstring(body: list[ast.stmt], stmt: ast.stmt) -> bool:
    return bool(body) and stmt is body[0] and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)


def _walk(tree: ast.Module) -> Iterator[tuple[ast.AST, bool, str, ast.AST, str, int]]:
    """Every mutable node once, in a fixed order: (node, is-a-condition, scope, parent, field, list position).

    Left alone: docstrings, annotations, decorators, imports, ``__all__`` and f-string text.
    """

    def visit(node: ast.AST, scope: str, test: bool, parent: ast.AST, fld: str, pos: int) -> Iterator:
        if isinstance(node, ast.Import | ast.ImportFrom | ast.JoinedStr):
            return
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return
        yield node, test, scope, parent, fld, pos
        for name, value in ast.iter_fields(node):
            if name in ("annotation", "returns", "decorator_list", "type_comment"):
                continue
            if isinstance(node, ast.AnnAssign) and name == "target":
                continue
            if isinstance(value, list):
                body = value if name == "body" else []
                for i, item in enumerate(value):
                    if not isinstance(item, ast.AST):
                        continue
                    if name == "body" and isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Module):
                        if _is_docstring(body, item):
                            continue
                    yield from visit(item, scope, False, node, name, i)
            elif isinstance(value, ast.AST):
                is_test = name == "test" and isinstance(node, ast.If | ast.While | ast.IfExp)
                yield from visit(value, scope, is_test, node, name, -1)

    for i, stmt in enumerate(tree.body):
        if _is_docstring(tree.body, stmt):
            continue
        if isinstance(stmt, ast.FunctionDef | ast.ClassDef):
            scope = stmt.name
        elif isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            scope = next((t.id for t in targets if isinstance(t, ast.Name)), "<module>")
        else:
            scope = "<module>"
        yield from visit(stmt, scope, False, tree, "body", i)


def list_mutants(source: str, functions: tuple[str, ...] = ()) -> list[Mutant]:
    """Every mutant of a source file (only inside ``functions`` when given)."""
    out = []
    for index, (node, test, scope, _, _, _) in enumerate(_walk(ast.parse(source))):
        if functions and scope not in functions:
            continue
        for variant, (desc, _) in enumerate(_changes(node, test)):
            out.append(Mutant(index, variant, getattr(node, "lineno", 0), scope, desc))
    return out


def mutated_code(source: str, path: str, mutant: Mutant) -> object:
    """The compiled module with one mutant in it."""
    tree = ast.parse(source)
    for index, (node, test, _, parent, fld, pos) in enumerate(_walk(tree)):
        if index != mutant.index:
            continue
        _, change = _changes(node, test)[mutant.variant]
        new = change(copy.deepcopy(node))
        if new is None:
            new = ast.Pass()
        ast.copy_location(new, node)
        if pos >= 0:
            getattr(parent, fld)[pos] = new
        else:
            setattr(parent, fld, new)
        break
    else:
        raise LookupError(mutant)
    ast.fix_missing_locations(tree)
    return compile(tree, path, "exec")


# ---------------------------------------------------------------------------------------------- running


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves one module from a code object, so the mutant never touches the disk."""

    def __init__(self, name: str, path: str, code: object) -> None:
        self.name, self.path, self.code = name, path, code

    def find_spec(self, fullname, path=None, target=None):  # type: ignore[no-untyped-def]
        if fullname != self.name:
            return None
        return importlib.util.spec_from_file_location(fullname, self.path, loader=self)

    def create_module(self, spec):  # type: ignore[no-untyped-def]
        return None

    def exec_module(self, module):  # type: ignore[no-untyped-def]
        exec(self.code, module.__dict__)


def _pytest_args(target: Target) -> list[str]:
    tests = [t for t in target.tests if (ROOT / t.split("::")[0]).exists()]
    return [*tests, "-x", "-q", "--no-header", "-p", "no:cacheprovider", "-p", "no:randomly", "--rootdir", str(ROOT)]


def run_in_child(target: Target, code: object | None, timeout: float, quiet: bool = True) -> str:
    """'killed', 'survived' or 'timeout' for one mutant (``code`` None: the unmutated module)."""
    pid = os.fork()
    if pid == 0:  # child
        try:
            if quiet:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                os.dup2(devnull, 2)
            signal.alarm(max(1, int(timeout + 0.999)))  # the default action ends the child
            if code is not None:
                sys.meta_path.insert(0, _Finder(target.module, str(ROOT / target.path), code))
            import pytest

            rc = pytest.main(_pytest_args(target))
            os._exit(0 if rc == 0 else 1)
        except BaseException:
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return "timeout"
    return "survived" if os.WEXITSTATUS(status) == 0 else "killed"


def _prepare_parent() -> None:
    """Import the heavy test tools once, before any fork; hypothesis gives the same draws every run."""
    os.chdir(ROOT)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import hypothesis
    import pytest  # noqa: F401

    hypothesis.settings.register_profile("mutation", database=None, derandomize=True, deadline=None)
    hypothesis.settings.load_profile("mutation")
    assert not any(m == "patrician_qt" or m.startswith("patrician_qt.") for m in sys.modules)


# ---------------------------------------------------------------------------------------------- equivalents


@dataclass
class Equivalents:
    """Known equivalent mutants per target, read from docs/testing.md (| target | line | change | why |)."""

    rows: dict[str, list[tuple[int, str]]] = field(default_factory=dict)

    @classmethod
    def read(cls, doc: Path = DOC) -> Equivalents:
        eq = cls()
        if not doc.exists():
            return eq
        row = re.compile(r"^\|\s*(\w+)\s*\|\s*(\d+)\s*\|\s*(`[^`]*` (?:-> `[^`]*`|left out))\s*\|")
        for line in doc.read_text("utf-8").splitlines():
            m = row.match(line)
            if m and m.group(1) in TARGETS:
                eq.rows.setdefault(m.group(1), []).append((int(m.group(2)), m.group(3).replace("\\|", "|")))
        return eq

    def split(self, name: str, survivors: list[Mutant]) -> tuple[list[Mutant], list[Mutant], list[tuple[int, str]]]:
        """(listed equivalent, new survivors, listed rows left unmatched): same change, nearest line within NEAR."""
        rows = self.rows.get(name, [])
        pairs = sorted(
            (abs(row[0] - m.line), r, k)
            for r, row in enumerate(rows)
            for k, m in enumerate(survivors)
            if row[1] == m.desc and abs(row[0] - m.line) <= NEAR
        )
        row_used: set[int] = set()
        mutant_used: set[int] = set()
        for _, r, k in pairs:  # nearest pairs first, each row and survivor once
            if r not in row_used and k not in mutant_used:
                row_used.add(r)
                mutant_used.add(k)
        listed = [m for k, m in enumerate(survivors) if k in mutant_used]
        new = [m for k, m in enumerate(survivors) if k not in mutant_used]
        return listed, new, [row for r, row in enumerate(rows) if r not in row_used]


# ---------------------------------------------------------------------------------------------- main


def run_target(name: str, only_list: bool, verbose: bool) -> dict[str, object]:
    """Mutate one target, print survivors and the score, and return the figures."""
    target = TARGETS[name]
    source = (ROOT / target.path).read_text("utf-8")
    mutants = list_mutants(source, target.functions)
    print(f"== {name}: {target.path}, {len(mutants)} mutants; tests: {' '.join(target.tests)}", flush=True)
    if only_list:
        for m in mutants:
            print(f"  L{m.line:<4} {m.scope:<22} {m.desc}")
        return {"target": name, "mutants": len(mutants)}
    t0 = time.perf_counter()
    base = run_in_child(target, None, 600.0, quiet=not verbose)
    base_s = time.perf_counter() - t0
    if base != "survived":
        print(f"  the unmutated tests fail ({base}): fix them first", flush=True)
        return {"target": name, "error": "tests fail without mutants"}
    timeout = 5.0 + 4.0 * base_s
    verdicts: dict[str, int] = {"killed": 0, "timeout": 0, "survived": 0}
    survivors: list[Mutant] = []
    start = time.perf_counter()
    for k, m in enumerate(mutants, 1):
        code = mutated_code(source, str(ROOT / target.path), m)
        verdict = run_in_child(target, code, timeout)
        verdicts[verdict] += 1
        if verdict == "survived":
            survivors.append(m)
        if verbose:
            print(f"  [{k}/{len(mutants)}] {verdict:<8} L{m.line} {m.desc}", flush=True)
    elapsed = time.perf_counter() - start
    listed, new, unmatched = Equivalents.read().split(name, survivors)
    total = len(mutants)
    killed = verdicts["killed"] + verdicts["timeout"]
    score_all = killed / total if total else 1.0
    score_eq = killed / (total - len(listed)) if total - len(listed) else 1.0
    for m in new:
        print(f"  SURVIVED L{m.line:<4} {m.scope:<22} {m.desc}", flush=True)
    for m in listed:
        print(f"  equivalent L{m.line:<4} {m.scope:<20} {m.desc}", flush=True)
    for line, desc in unmatched:
        print(f"  (listed equivalent not seen: L{line} {desc})", flush=True)
    print(
        f"  {name}: {killed}/{total} killed ({verdicts['timeout']} by time-out) = {100 * score_all:.1f}%; "
        f"leaving out {len(listed)} listed equivalent: {100 * score_eq:.1f}%; "
        f"{len(new)} new survivor(s); {elapsed:.0f} s ({elapsed / max(total, 1):.2f} s per mutant)",
        flush=True,
    )
    return {
        "target": name,
        "path": target.path,
        "mutants": total,
        "killed": killed,
        "timeouts": verdicts["timeout"],
        "equivalent": len(listed),
        "survivors": [f"L{m.line} {m.desc}" for m in new],
        "score": round(100 * score_all, 1),
        "score_without_equivalent": round(100 * score_eq, 1),
        "seconds": round(elapsed, 1),
    }


#: the row's separator between the targets' parts
PART = " · "


def part(result: dict[str, Any], stamp: str) -> str:
    """One target's part of the row: its score without the listed equivalent mutants, the counts, when."""
    equivalent = f", {result['equivalent']} equivalent" if result["equivalent"] else ""
    new = f", **{len(result['survivors'])} new survivor(s)**" if result["survivors"] else ""
    return (f"{result['target']} {result['score_without_equivalent']:g}% ({result['killed']} of {result['mutants']} "
            f"killed{equivalent}{new}; {stamp})")


def rows(results: list[dict[str, Any]], before: str | None, stamp: str) -> list[Row]:
    """The row ``mutation.scores`` with the parts of the targets in ``results`` new and the others from ``before``
    (the row's figure as it was), in the order of TARGETS."""
    parts = {p.split(" ", 1)[0]: p for p in (before.split(PART) if before else [])}
    for r in results:
        if "score_without_equivalent" in r:
            parts[r["target"]] = part(r, stamp)
    figure = PART.join(parts[name] for name in TARGETS if name in parts)
    return [Row("mutation.scores", "mutation score, without the equivalent mutants listed in docs/testing.md",
                figure, "rules, scoring, builder ≥ 97%; framing ≥ 90%",
                "`nice -n 10 bench/mutation.py <target>` (docs/testing.md), each target's date and load in its part")]


def main(argv: list[str] | None = None) -> int:
    """Run the chosen targets one after another and print one JSON line at the end."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="+", choices=[*TARGETS, "all"])
    parser.add_argument("--list", action="store_true", help="only list the mutants")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every verdict and the unmutated run")
    parser.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD",
                        help="put the targets run into the row mutation.scores there")
    args = parser.parse_args(argv)
    names = list(TARGETS) if "all" in args.targets else args.targets
    _prepare_parent()
    results = []
    for n in names:
        loads = [os.getloadavg()[0]]
        results.append(run_target(n, args.list, args.verbose))
        if args.write and not args.list:  # at once: a long run stopped later keeps the targets it finished
            before = row_cells(args.write.read_text(encoding="utf-8"), "mutation.scores")
            write_rows(args.write, rows(results[-1:], before[1] if before else None,
                                        when([*loads, os.getloadavg()[0]])))
            print(f"  wrote {n} into mutation.scores in {args.write}", flush=True)
    print(json.dumps({"mutation": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
