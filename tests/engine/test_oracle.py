"""R8–R25 against the independent reference in ``oracle.py``: legal turns, what a turn does, scoring and winners.

Games are played by choosing uniformly among the *reference's* turns (not the engine's sampler), and
some start with few floors per player so that R19 (short of floors) and R22 (unfinished cities,
equal towers) happen too.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from patrician_qt.engine import apply, legal_turns, new_game, result_of
from patrician_qt.engine.scoring import head_points, score, winners

from . import oracle


def play_against_the_reference(seed: int, n: int, supply: int | None) -> dict[str, int]:
    """A whole game checked turn by turn; returns how often each special case came up."""
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(n)], rng)
    if supply is not None:
        st.supply = [supply] * n
    seen = {"relocations": 0, "other_takes": 0, "short": 0, "unfinished": 0, "equal": 0}
    while not st.over:
        expected = oracle.legal_turns(st)
        assert set(legal_turns(st)) == expected
        assert len(legal_turns(st)) == len(expected)  # listed once each
        t = rng.choice(sorted(expected, key=repr))
        fields, events = oracle.carry_out(st, t)
        new, got = apply(st, t)
        assert oracle.fields_of(new) == fields
        if new.over:
            assert got[-1]["e"] == "ended"
            assert got[-1]["result"] == result_of(new)
            got = got[:-1]
        assert got == events
        assert [sorted(new.tiles[s]) for s in range(n)] == oracle.tiles_of(new)
        seat = st.to_move
        seen["relocations"] += t.relocate is not None
        seen["other_takes"] += t.take is not None and t.take != oracle.CARDS[oracle.INDEX[t.card]].city
        seen["short"] += any(len(b) < oracle.CARDS[c].arms for c in st.hands[seat] for b in oracle.builds(st, seat, c))
        st = new
    for c in st.cities:
        a, b = oracle.towers(st, c)
        seen["unfinished"] += len(a) + len(b) < oracle.CITIES[c].floors
        seen["equal"] += len(a) == len(b)
    assert [score(st, s) for s in range(n)] == oracle.scores(st)
    assert [head_points(st.stacks[s]) for s in range(n)] == [oracle.head_points(st.stacks[s]) for s in range(n)]
    assert winners(st) == oracle.winners(st)
    assert result_of(st)["winners"] == oracle.winners(st)
    return seen


@pytest.mark.parametrize(
    ("seed", "n", "supply"),
    [(1, 2, None), (2, 3, None), (3, 4, None), (4, 5, None), (5, 3, 4), (6, 4, 2), (7, 2, 5), (8, 5, 1)],
)
def test_r8_to_r25_games_match_the_reference(seed: int, n: int, supply: int | None) -> None:
    seen = play_against_the_reference(seed, n, supply)
    if supply is not None:
        assert seen["short"] > 0 and seen["unfinished"] > 0  # R19 and R22 really came up


def test_r13_r15_r16_r19_r22_the_reference_games_reach_every_special_case() -> None:
    totals = {"relocations": 0, "other_takes": 0, "short": 0, "unfinished": 0, "equal": 0}
    for seed, n, supply in [(11, 3, None), (12, 4, None), (13, 5, None), (14, 3, 3), (15, 4, 1), (16, 2, 2)]:
        for key, value in play_against_the_reference(seed, n, supply).items():
            totals[key] += value
    assert all(v > 0 for v in totals.values()), totals


@settings(max_examples=30, deadline=None)
@given(seed=st_.integers(0, 2**32 - 1), n=st_.integers(2, 5), supply=st_.none() | st_.integers(0, 12))
def test_r8_to_r25_random_games_match_the_reference(seed: int, n: int, supply: int | None) -> None:
    play_against_the_reference(seed, n, supply)
