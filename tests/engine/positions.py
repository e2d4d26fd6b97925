"""Hand-made positions that hold the special cases of a turn, for the sampler, builder and reference tests."""

from __future__ import annotations

from patrician_qt.engine import GameState
from patrician_qt.engine.cards import CITY_INDEX

from .factory import fill_board, fresh, give, lay, set_towers


def relocate_take_any_and_r16() -> GameState:
    """Seat 0: a relocate card with three moves, a take-any card, a card whose city has no card (R16)."""
    st = fresh(3, seed=1)
    give(st, 0, "BOL-4", "FER-3", "ROM-2")
    set_towers(st, "Siena", [0], [1])  # both plots may be moved from
    set_towers(st, "Lucca", [1, 0], [])  # only A: B is empty
    set_towers(st, "Milano", [2], [2])  # no floor of seat 0: not allowed
    set_towers(st, "Firenze", [0], [])
    st.scored[CITY_INDEX["Firenze"]] = True  # scored: not allowed
    set_towers(st, "Bologna", [0], [])  # the city built in: not allowed
    fill_board(st)
    lay(st, "Roma", None)
    return st


def short_of_floors(supply: int) -> GameState:
    """Seat 0 of 4 has ``supply`` floors for two-arms cards and a last floor to place (R19, R11)."""
    st = fresh(4, seed=2)
    give(st, 0, "ROM-6", "PAR-4", "LUC-1")
    set_towers(st, "Parma", [1, 2, 1], [])  # 2 left
    set_towers(st, "Lucca", [1, 2, 3, 1, 2, 3], [])  # 1 left: the last floor goes on B (R11)
    fill_board(st)
    st.supply[0] = supply
    return st


def last_floors_and_relocation() -> GameState:
    """Two arms for the last two floors (R11), one arms where only one is left (R10), and a relocation."""
    st = fresh(2, seed=3)
    give(st, 0, "PAR-4", "FER-4", "SIE-3")
    set_towers(st, "Parma", [0, 1, 1], [])
    set_towers(st, "Ferrara", [0, 1, 0, 1], [])
    fill_board(st)
    return st


def nothing_to_take() -> GameState:
    """No face-up card anywhere (R17), with a take-any card and a relocate card in hand."""
    st = fresh(3, seed=4)
    st.to_move = 2
    give(st, 2, "PAR-3", "MIL-3", "VER-4")
    set_towers(st, "Verona", [0], [2])
    set_towers(st, "Parma", [2, 2], [0])
    for c in st.cities:
        st.board[c] = -1
    return st


POSITIONS = {
    "relocate_take_any_and_r16": relocate_take_any_and_r16,
    "short_of_one_floor": lambda: short_of_floors(1),
    "out_of_floors": lambda: short_of_floors(0),
    "last_floors_and_relocation": last_floors_and_relocation,
    "nothing_to_take": nothing_to_take,
}
