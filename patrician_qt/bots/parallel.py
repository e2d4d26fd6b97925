"""Root-parallel ISMCTS: several independent searches of one turn, their root statistics summed.

Why root parallelisation: the searches share nothing while they run, so each can live in its own
process (Python threads would share one core), and summing the root visits of independent trees
plays at least as well as one tree of the same total size in published card-game results
(Cazenave & Jouandeau 2007; Cowling et al. 2012) — measured here in ``docs/bots.md``.

Each part has a fixed iteration (or evaluation) budget and a seed of its own, fixed by (seed, seat, turn number,
part), so a turn depends only on (seed, seat, turn, view, history): whether the parts run at once on
two cores, one after another on one, or in the table's worker processes, the answer is the same.
A part's time cap is only a safety net on a very loaded machine.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.util
import random
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from patrician_qt.engine import View

from .base import History, turn_number
from .determinize import Determinizer
from .greedy import Indices
from .ismcts import SearchConfig, search

#: One part's root statistics: per root action (visits, summed reward).
Part = dict[Indices, tuple[int, float]]


def part_rng(tag: str, seed: int, seat: int, view: View, part: int) -> random.Random:
    """The random source of part ``part``: fixed by (tag, seed, seat, turn number, part)."""
    return random.Random(f"{tag}:{seed}:{seat}:{turn_number(view)}:part{part}")


def search_part(tag: str, view: View, history: History, seed: int, part: int, cfg: SearchConfig) -> Part:
    """Run part ``part`` of a turn's search (top level, so a spawned process can run it)."""
    det = Determinizer(view, history)
    seat = view["seat"]
    if seat is None:
        raise ValueError("a search needs a seat's view, not a spectator's")
    res = search(det, part_rng(tag, seed, seat, view, part), cfg)
    return {o: (n, res.rewards.get(o, 0.0)) for o, n in res.visits.items()}


def combine(parts: Sequence[Part]) -> Indices:
    """The root action with the most visits over all parts (ties: higher mean reward, then the smaller action).

    The order of ``parts`` does not matter, so how the parts were scheduled cannot change the turn.
    """
    total: dict[Indices, list[float]] = {}
    for p in parts:
        for o, (n, w) in p.items():
            acc = total.setdefault(o, [0, 0.0])
            acc[0] += n
            acc[1] += w
    if not total:
        raise ValueError("no part searched any action")
    best = max(total.items(), key=lambda kv: (kv[1][0], kv[1][1] / max(kv[1][0], 1), _neg_key(kv[0])))
    return best[0]


def _neg_key(o: Indices) -> tuple[Any, ...]:
    """A key that makes ``max`` prefer the smallest action on a full tie (any fixed order would do)."""
    card, build, reloc, take = o
    return (-card, tuple(-b for b in build), (1, 0, 0) if reloc is None else (0, -reloc[0], -reloc[1]), -take)


_POOL: ProcessPoolExecutor | None = None
_POOL_FAILED = False


def _can_have_children() -> bool:
    """A daemonic process (the table's bot worker) may not start processes of its own."""
    return not multiprocessing.current_process().daemon


def shared_pool(helpers: int) -> Executor | None:
    """This process's pool of ``helpers`` spawned helper processes, started on first use; None if none can start."""
    global _POOL, _POOL_FAILED
    if helpers < 1 or _POOL_FAILED or not _can_have_children():
        return None
    if _POOL is None:
        try:
            _POOL = ProcessPoolExecutor(max_workers=helpers, mp_context=multiprocessing.get_context("spawn"))
        except (OSError, ValueError):
            _POOL_FAILED = True
            return None
        # stopped before a multiprocessing child's exit joins its children (an arena game process would
        # otherwise wait for idle helpers for ever), and at the end of the main process
        multiprocessing.util.Finalize(None, close_shared_pool, exitpriority=100)
    return _POOL


def close_shared_pool() -> None:
    """Stop the helper processes (tests and the end of the process call this)."""
    global _POOL
    pool, _POOL = _POOL, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def run_parts(tag: str, view: View, history: History, seed: int, parts: int, cfg: SearchConfig) -> list[Part]:
    """Every part of a turn's search: part 0 here, the others in the shared pool (or here, in turn, without one)."""
    pool = shared_pool(parts - 1)
    futures = []
    if pool is not None:
        sent_history = list(history)
        try:
            futures = [pool.submit(search_part, tag, view, sent_history, seed, k, cfg) for k in range(1, parts)]
        except RuntimeError:  # the pool broke (a helper was killed): do the parts here
            futures = []
    out = [search_part(tag, view, history, seed, 0, cfg)]
    for k, fut in enumerate(futures, start=1):
        try:
            out.append(fut.result())
        except Exception:  # a helper died: the same part, with the same seed, here
            with contextlib.suppress(Exception):
                close_shared_pool()
            out.append(search_part(tag, view, history, seed, k, cfg))
    for k in range(len(out), parts):
        out.append(search_part(tag, view, history, seed, k, cfg))
    return out
