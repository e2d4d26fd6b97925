"""The greedy lookahead scores each turn incrementally (``Lookahead``) and still chooses exactly as the plain loop.

The plain loop (clone, ``do_turn``, ``advantage(values(nxt))`` for every turn) is the reference: the same turn,
the same ties and the same use of the rng on positions from seeded random games, on the sampled determinisations
the search calls it on, with and without the pile (the greedy level clears it), at both visibilities (R26, R26a).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from patrician_qt.bots import greedy
from patrician_qt.bots.determinize import Determinizer
from patrician_qt.bots.greedy import (
    Indices,
    Lookahead,
    advantage,
    greedy_indices,
    plain_greedy_indices,
    remembered_values,
    turn_options,
    values,
)
from patrician_qt.engine.rules import do_turn

from .helpers import positions


def states(count: int, seed: int, visibility: str) -> Iterator[Any]:
    """Per position of ``count``: the true state, a determinisation, and one without the pile (as the level)."""
    rng = random.Random(seed)
    for state, view, history in positions(count, seed, visibility=visibility):
        det = Determinizer(view, history)
        yield state.clone()  # callers may change it; the game goes on from the original
        yield det.sample(rng)
        bare = det.sample(rng)
        bare.deck = ()
        yield bare


def same_choice(st: Any, seed: int, only: list[Indices] | None = None) -> None:
    """Both loops return the same turn and leave their rngs in the same state."""
    mine, theirs = random.Random(seed), random.Random(seed)
    assert greedy_indices(st, mine, only) == plain_greedy_indices(st, theirs, only)
    assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("visibility", ["rulebook", "open"])
def test_the_same_turn_as_the_plain_loop(visibility: str) -> None:
    for k, st in enumerate(states(1500, seed={"rulebook": 41, "open": 42}[visibility], visibility=visibility)):
        same_choice(st, seed=k)


def test_the_same_turn_among_some_turns_only() -> None:
    """``only`` (a hint completing a turn begun) restricts the choice alike."""
    rng = random.Random(43)
    for k, st in enumerate(states(300, seed=43, visibility="rulebook")):
        opts = turn_options(st)
        same_choice(st, k, rng.sample(opts, 1 + int(rng.random() * len(opts))))


def test_the_same_turn_with_little_supply_or_no_card_to_take() -> None:
    """Short supplies (R19) and missing face-up cards (R16, R17) take the same paths as the engine."""
    rng = random.Random(44)
    for k, st in enumerate(states(300, seed=44, visibility="rulebook")):
        if rng.random() < 0.5:
            st.supply[st.to_move] = min(st.supply[st.to_move], int(rng.random() * 3))
        for c in st.cities:
            if rng.random() < 0.3:
                st.board[c] = -1
        same_choice(st, k)


@pytest.mark.parametrize("visibility", ["rulebook", "open"])
def test_each_turn_scores_exactly_as_values_after_it(visibility: str) -> None:
    """The incremental score of every turn is ``values`` of the position after it, to the last bit."""
    scoring = ending = 0
    for st in states(400, seed={"rulebook": 45, "open": 46}[visibility], visibility=visibility):
        look = Lookahead(st)
        seat = st.to_move
        for opt in turn_options(st):
            nxt = st.clone()
            do_turn(nxt, *opt, None)
            want = values(nxt)
            got = look.values_after(opt)
            assert got == want, opt
            assert abs(advantage(got, seat) - advantage(want, seat)) <= 1e-9
            scoring += nxt.scored != st.scored
            ending += nxt.over
    assert scoring and ending  # the turns that score a city (R12) and that end the game (R23) were among them


def test_remembered_values_are_values_to_the_last_bit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search's memo of city parts (``remembered_values``) gives the very floats of ``values``: with one memo per
    player count kept warm over many positions and their playouts (parts recur, pending floors differ), over
    games that end (R23, exact scores), and after the memo outgrows its limit and starts again."""
    monkeypatch.setattr(greedy, "CITY_MEMO_LIMIT", 500)
    memos: dict[int, greedy.CityMemo] = {}
    rng = random.Random(47)
    hits = checked = ended = 0
    for st in states(600, seed=47, visibility="rulebook"):
        memo = memos.setdefault(len(st.players), {})
        for _ in range(8):
            before = len(memo)
            assert remembered_values(st, memo) == values(st)
            hits += len(memo) == before
            checked += 1
            if st.over:
                ended += 1
                break
            do_turn(st, *turn_options(st)[int(rng.random() * len(turn_options(st)))], None)
    assert ended and hits > checked // 4 and all(len(m) <= 500 + 8 for m in memos.values())


def test_a_memo_shared_over_playouts_gives_the_same_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review plays its guesses out with greedy turns that share one memo of city parts per player count
    (``greedy_indices(..., shared=memo)``): every turn, and the rng after it, is the turn without the memo, over
    whole playouts to the end (R23) and after the memo outgrows its limit and starts again."""
    monkeypatch.setattr(greedy, "CITY_MEMO_LIMIT", 300)
    memos: dict[int, greedy.CityMemo] = {}
    turns = restarts = 0
    for k, st in enumerate(states(30, seed=53, visibility="rulebook")):
        memo = memos.setdefault(len(st.players), {})
        while not st.over:
            mine, theirs = random.Random(k), random.Random(k)
            before = len(memo)
            with_memo = greedy_indices(st, mine, None, memo)
            assert with_memo == greedy_indices(st, theirs) and mine.getstate() == theirs.getstate()
            restarts += len(memo) < before
            do_turn(st, *with_memo, None)
            turns += 1
    assert turns > 500 and restarts
