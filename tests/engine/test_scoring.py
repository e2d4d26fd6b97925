"""R20–R25: scoring cities, head sets, the final score and who wins."""

import pytest

from patrician_qt.engine import apply, head_counts, head_points, result_of, tower_majority, winners
from patrician_qt.engine.cards import CARD_INDEX, CITY_INDEX
from patrician_qt.engine.scoring import finish, score, score_city, taller_plot

from .factory import fresh, give, lay, set_towers, turn


def test_r20_most_floors_in_the_taller_tower_wins_the_higher_tile():
    st = fresh(3)
    set_towers(st, "Bologna", [0, 1, 0, 0, 2], [1, 1, 2, 0])
    score_city(st, CITY_INDEX["Bologna"], None)
    assert st.awards[CITY_INDEX["Bologna"]] == ((0, 9), (1, 6))


def test_r20_a_player_may_win_both_tiles():
    st = fresh(2)
    assert tower_majority((0, 0, 1)) == 0
    set_towers(st, "Ferrara", [0, 0, 1], [0, 0])
    score_city(st, CITY_INDEX["Ferrara"], None)
    assert st.tiles[0] == ((CITY_INDEX["Ferrara"], 5), (CITY_INDEX["Ferrara"], 2))


def test_r21_a_tie_goes_to_the_owner_of_the_highest_floor_among_the_tied():
    assert tower_majority((0, 1)) == 1
    assert tower_majority((1, 0)) == 0
    assert tower_majority((0, 1, 1, 0, 2)) == 0  # 2 is not tied, so its top floor does not count
    assert tower_majority((2, 0, 1, 1, 0)) == 0


def test_r21_rulebook_example_white_wins_both_lucca_tiles_by_the_higher_floor():
    # Black 0, White 1, Red 2. Taller tower 2–2 with White on top; shorter 1–1–1 with White highest.
    st = fresh(3)
    give(st, 1, "LUC-1", "ROM-2", "SIE-1")
    st.to_move = 1
    set_towers(st, "Lucca", [0, 1, 0], [2, 0, 1])
    lay(st, "Lucca", "LUC-4")
    new, events = apply(st, turn("LUC-1", ["A"], take="Lucca"))
    assert next(e for e in events if e["e"] == "scored")["awards"] == [[1, 7], [1, 4]]
    assert score(new, 1) >= 11


def test_r22_rulebook_example_parma_three_against_two():
    st = fresh(3)
    give(st, 2, "PAR-1", "ROM-2", "SIE-1")
    st.to_move = 2
    set_towers(st, "Parma", [2, 0], [0, 1])
    lay(st, "Parma", "PAR-2")
    new, events = apply(st, turn("PAR-1", ["A"], take="Parma"))
    # tower A is now 3 floors (taller: the 5 tile), B 2 floors (the 2 tile)
    assert next(e for e in events if e["e"] == "scored")["awards"] == [[2, 5], [1, 2]]
    assert new.tiles[2][-1] == (CITY_INDEX["Parma"], 5)


def test_r22_unfinished_city_scored_as_it_stands_equal_towers_a_is_taller_empty_awards_nothing():
    st = fresh(4)
    set_towers(st, "Roma", [0, 1], [1, 1])
    set_towers(st, "Verona", [3], [])
    for c in st.cities:
        if c not in (CITY_INDEX["Roma"], CITY_INDEX["Verona"]):
            st.scored[c] = True
            st.awards[c] = ((-1, 0), (-1, 0))
    events = []
    finish(st, events)
    roma = next(e for e in events if e["e"] == "scored" and e["city"] == "Roma")
    assert roma["awards"] == [[1, 9], [1, 6]]  # A counts as taller; 0-1 tie goes to 1, 1-1 to 1
    verona = next(e for e in events if e["e"] == "scored" and e["city"] == "Verona")
    assert verona["awards"] == [[3, 5], [None, 2]]


def test_r24_head_sets():
    lady, lady2, lady_double = CARD_INDEX["BOL-1"], CARD_INDEX["FIR-1"], CARD_INDEX["FIR-4"]
    cap = [CARD_INDEX[c] for c in ("BOL-2", "FIR-2", "ROM-2", "PIS-2", "SIE-1", "ROM-4")]  # ROM-4 is a double cap
    assert head_points((lady, lady2)) == 0  # 2 heads
    assert head_points((lady, lady2, lady_double)) == 6  # 4 heads: one set
    assert head_points(tuple(cap[:5])) == 6  # 5 heads
    assert head_points(tuple(cap)) == 12  # 7 heads: two sets
    assert head_points((*cap[:3], lady, lady2, lady_double)) == 12
    assert head_points((CARD_INDEX["BOL-4"], CARD_INDEX["BOL-6"])) == 0  # no heads


def test_r25_rulebook_example_final_score_33_plus_6_plus_12_is_51():
    st = fresh(3)
    st.tiles[0] = ((0, 9), (1, 9), (4, 7), (6, 4), (8, 2), (9, 2))  # 33 fame
    st.stacks[0] = tuple(
        CARD_INDEX[c] for c in ("BOL-1", "FIR-1", "LUC-1", "BOL-2", "FIR-2", "ROM-4", "SIE-1", "ROM-2")
    )
    # ladies 3 → 6; caps BOL-2, FIR-2, ROM-4 (2), SIE-1, ROM-2 = 6 → 12
    assert score(st, 0) == 51


def test_r25_ties_go_to_more_floors_left_then_all_tied_win():
    st = fresh(3)
    st.tiles = [((0, 9),), ((1, 9),), ((2, 6),)]
    st.supply = [4, 6, 9]
    assert winners(st) == [1]
    st.supply = [6, 6, 9]
    assert winners(st) == [0, 1]


def test_r25_result_map_has_the_record_shape():
    st = fresh(2)
    give(st, 0, "ROM-2")
    give(st, 1)
    for c in st.cities:
        st.board[c] = -1
    assert result_of(st) is None
    new, _ = apply(st, turn("ROM-2", ["B"]))
    res = result_of(new)
    assert list(res) == ["scores", "fame", "heads", "floors_left", "winners", "cities"]
    assert res["cities"]["Roma"] == {"towers": [[], [0]]}
    assert res["scores"] == [res["fame"][i] + res["heads"][i] for i in range(2)]


@pytest.mark.parametrize("n", [2, 3, 5])
def test_r20_scoring_happens_exactly_once_per_city(n):
    import random

    from patrician_qt.engine import new_game, random_turn

    rng = random.Random(n)
    st = new_game([f"P{i}" for i in range(n)], rng)
    scored = []
    while not st.over:
        st, events = apply(st, random_turn(st, rng))
        scored += [e["city"] for e in events if e["e"] == "scored"]
    assert sorted(scored) == sorted(res for res in result_of(st)["cities"])


def test_r22_equal_towers_plot_a_counts_as_taller_so_seat_0_gets_the_high_tile():
    """An unfinished city (only under R19) with towers 2–2: A is the taller one."""
    st = fresh(2)
    set_towers(st, "Roma", [0, 0], [1, 1])
    events = []
    score_city(st, CITY_INDEX["Roma"], events)
    assert st.awards[CITY_INDEX["Roma"]] == ((0, 9), (1, 6))
    assert events == [{"e": "scored", "city": "Roma", "awards": [[0, 9], [1, 6]]}]
    set_towers(st, "Milano", [1, 1], [0, 0])  # the same the other way round: A is still the taller one
    score_city(st, CITY_INDEX["Milano"], None)
    assert st.awards[CITY_INDEX["Milano"]] == ((1, 7), (0, 4))


def test_r20_seat_0_owns_the_low_tile_it_wins():
    """Seat 0 is a seat like any other: its low tile is reported as its own, not as unowned."""
    st = fresh(3)
    set_towers(st, "Ferrara", [1, 1, 2], [0, 0])
    events = []
    score_city(st, CITY_INDEX["Ferrara"], events)
    assert events[0]["awards"] == [[1, 5], [0, 2]]
    assert st.tiles[0] == ((CITY_INDEX["Ferrara"], 2),)
    set_towers(st, "Parma", [0, 0, 2], [1, 2])
    events = []
    score_city(st, CITY_INDEX["Parma"], events)
    assert events[0]["awards"] == [[0, 5], [2, 2]]  # and its high tile, with an unowned-looking -1 nowhere


def test_r24_heads_are_counted_per_kind():
    """Ladies, caps and beards are counted apart: (lady, cap, beard)."""
    assert head_counts(()) == [0, 0, 0]
    assert head_counts((CARD_INDEX["VER-1"],)) == [0, 0, 1]
    assert head_counts((CARD_INDEX["MIL-2"], CARD_INDEX["VER-2"])) == [0, 0, 3]  # MIL-2 is a double beard
    assert head_counts((CARD_INDEX["BOL-1"], CARD_INDEX["BOL-2"], CARD_INDEX["ROM-4"])) == [1, 3, 0]
    assert head_points((CARD_INDEX["MIL-2"], CARD_INDEX["VER-2"])) == 6


def test_r23_the_finished_state_has_nobody_to_move():
    st = fresh(2)
    give(st, 0, "ROM-2")
    give(st, 1)
    for c in st.cities:
        st.board[c] = -1
    new, _ = apply(st, turn("ROM-2", ["A"]))
    assert new.over and new.to_move == -1


def test_r22_taller_plot_is_the_plot_index_a_counts_on_a_tie():
    assert [taller_plot(3, 2), taller_plot(2, 3), taller_plot(2, 2), taller_plot(0, 0)] == [0, 1, 0, 0]
