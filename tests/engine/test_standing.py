"""R20–R22 as the board shows them: tower standings, ties, and the preview of a build (R9, R12)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from patrician_qt.engine import (
    CARD_BY_ID,
    TurnBuilder,
    apply,
    city_standing,
    new_game,
    preview_build,
    random_turn,
    state_from_view,
    tower_standing,
    view_for,
)

from .factory import fresh, give, set_towers


def test_r20_the_seat_with_most_floors_leads_a_tower():
    s = tower_standing((0, 1, 0), 9)
    assert s.leader == 0
    assert s.counts == ((0, 2), (1, 1))
    assert not s.is_tie and s.tied == (0,)
    assert s.tile == 9


def test_r21_a_tie_is_shown_as_a_tie_with_the_owner_of_the_highest_floor_winning():
    s = tower_standing((2, 0, 1, 1, 0), 6)
    assert s.is_tie
    assert set(s.tied) == {0, 1}
    assert s.leader == 0  # seat 0 owns the top floor among the tied
    assert s.tied[0] == s.leader  # the R21 winner is named first


def test_r22_an_empty_tower_leads_nobody():
    s = tower_standing((), 4)
    assert s.leader == -1 and s.tied == () and s.counts == ()


def test_r20_r22_the_taller_tower_would_win_the_higher_tile_and_plot_a_when_equal():
    a, b = city_standing((0, 1, 1), (2,), "Lucca")
    assert (a.tile, b.tile) == (7, 4)
    a, b = city_standing((0,), (2, 2), "Bologna")
    assert (a.tile, b.tile) == (6, 9)
    a, b = city_standing((0,), (2,), "Ferrara")
    assert (a.tile, b.tile) == (5, 2)


def test_r9_preview_puts_the_floors_of_the_seat_to_move_on_top():
    st = fresh(3)
    give(st, 0, "LUC-4", "ROM-2", "SIE-1")
    set_towers(st, "Lucca", [1, 1], [2])
    p = preview_build(st, "LUC-4", ("A", "A"))
    assert p.towers == ((1, 1, 0, 0), (2,))
    assert p.standing[0].is_tie and p.standing[0].leader == 0  # R21: seat 0 owns the highest floor
    assert not p.completes and p.awards == ()
    assert st.towers[2 * 4] == (1, 1)  # the state is not changed


def test_r12_preview_of_the_last_floor_names_the_winners_of_both_tiles():
    st = fresh(3)
    give(st, 0, "FER-1", "ROM-2", "SIE-1")
    set_towers(st, "Ferrara", [1, 1, 0], [2])
    p = preview_build(st, "FER-1", ("B",))
    assert p.completes
    # A (taller, 5): seat 1 has two floors; B (2): 2 then 0, tied 1-1, seat 0 owns the higher floor (R21)
    assert p.awards == ((1, 5), (0, 2))


def test_r10_preview_refuses_more_floors_than_the_city_has_left():
    st = fresh(3)
    give(st, 0, "FER-4", "ROM-2", "SIE-1")
    set_towers(st, "Ferrara", [1, 1, 0], [2])
    try:
        preview_build(st, "FER-4", ("A", "B"))
    except ValueError as exc:
        assert str(exc).startswith("R10")
    else:
        raise AssertionError("R10 not enforced")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10_000), players=hs.integers(2, 5), depth=hs.integers(0, 60),
       table=hs.sampled_from(["rulebook", "open"]))
def test_r12_r20_r21_preview_equals_what_the_engine_then_scores(seed, players, depth, table):
    """For random positions, the preview a seat's view gives (R26) is what applying the turn scores."""
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(players)], rng, visibility=table)
    for _ in range(depth):
        if st.over:
            break
        st, _ = apply(st, random_turn(st, rng))
    if st.over:
        return
    turn = random_turn(st, rng)
    builder = TurnBuilder(state_from_view(view_for(st, st.to_move)))  # only what this seat sees
    builder.choose(turn.card)
    for plot in turn.build:
        builder.choose(plot)
    preview = builder.preview()
    assert preview is not None
    after, events = apply(st, turn)
    city = CARD_BY_ID[turn.card].city
    scored = [e for e in events if e["e"] == "scored" and e["city"] == city]
    assert preview.completes == bool(scored)
    if scored:
        assert [[None if s < 0 else s, v] for s, v in preview.awards] == scored[0]["awards"]
    from patrician_qt.engine.cards import CITY_INDEX

    c = CITY_INDEX[city]
    assert preview.towers == (after.towers[2 * c], after.towers[2 * c + 1])
    assert preview.standing == city_standing(after.towers[2 * c], after.towers[2 * c + 1], city)
