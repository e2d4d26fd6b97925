"""Positions for bot tests: (true state, view, history) of the seat to move, from seeded random games."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from patrician_qt.engine import apply, new_game, random_turn, view_for


def positions(
    count: int, seed: int, players: tuple[int, ...] = (2, 3, 4, 5), visibility: str = "rulebook"
) -> Iterator[tuple[Any, dict, list]]:
    """``count`` positions spread over whole games of every player count, at a rulebook or open table."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        n = players[made % len(players)]
        state = new_game([f"P{i}" for i in range(n)], rng, visibility=visibility)
        history: list[dict[str, Any]] = []
        while not state.over and made < count:
            if rng.random() < 0.5:
                yield state, view_for(state, state.to_move), list(history)
                made += 1
            state, events = apply(state, random_turn(state, rng))
            history.extend(events)


def bench_script(name: str) -> ModuleType:
    """A script of bench/ (``ceiling``, ``beliefs``) imported as a module, the import path left as it was."""
    path = Path(__file__).resolve().parents[2] / "bench" / f"{name}.py"
    saved = sys.path[0]  # the script puts the repository first on the path, as when run from bench/
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass of the script looks its module up there
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[0] = saved
    return module
