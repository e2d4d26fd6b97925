"""The players panel at a rulebook table (R26) and an open one (R26a): only what the seat may see."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from patrician_qt.engine import OPEN, RULEBOOK, GameState, apply, new_game, random_turn, score, view_for
from patrician_qt.engine.cards import CARD_IDS, CITY_NAMES
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.board.players_view import PlayersView
from tests.ui.game_helpers import NAMES

M = PlayersModel


def _position(visibility: str, n: int = 3) -> GameState:
    """A seeded position where every seat has played and seat 1 has won a tile."""
    for seed in range(60):
        rng = random.Random(seed)
        st = new_game(list(NAMES[:n]), rng, visibility=visibility)
        while not st.over and st.turn_number < 9 * n:
            st, _ = apply(st, random_turn(st, rng))
        if not st.over and st.tiles[1] and all(len(s) >= 3 for s in st.stacks):
            return st
    raise AssertionError("no such position")


def _row(model: PlayersModel, seat: int, role: int):
    return model.index(seat, 0).data(role)


def test_r26_other_rows_show_a_face_down_count_and_no_score_or_heads(qtbot):
    st = _position(RULEBOOK)
    model = PlayersModel()
    model.set_view(view_for(st, 0), ["Human", "Bot", "Bot"])
    assert _row(model, 0, M.HiddenRole) is False
    assert _row(model, 0, M.ScoreRole) == score(st, 0)
    assert _row(model, 0, M.StackRole) == tuple(CARD_IDS[c] for c in st.stacks[0])
    assert _row(model, 0, M.HeadsRole) is not None
    for seat in (1, 2):
        assert _row(model, seat, M.HiddenRole) is True
        assert _row(model, seat, M.ScoreRole) is None and _row(model, seat, M.FameRole) is None
        assert _row(model, seat, M.HeadsRole) is None
        assert _row(model, seat, M.TilesRole) == ()
        assert _row(model, seat, M.TilesWonRole) == len(st.tiles[seat])
        assert _row(model, seat, M.StackSizeRole) == len(st.stacks[seat])
        assert _row(model, seat, M.TopCardRole) == CARD_IDS[st.stacks[seat][-1]]
        tip = _row(model, seat, int(Qt.ItemDataRole.ToolTipRole))
        assert "face down" in tip and f"{len(st.stacks[seat])} cards" in tip
        below = [CARD_IDS[c] for c in st.stacks[seat][:-1]]
        assert not any(c in tip for c in below)
        assert not any(f"{CITY_NAMES[c]} {v}" in tip for c, v in st.tiles[seat])


def test_r26a_at_an_open_table_every_row_is_whole(qtbot):
    st = _position(OPEN)
    model = PlayersModel()
    model.set_view(view_for(st, None))
    for seat in range(3):
        assert _row(model, seat, M.HiddenRole) is False
        assert _row(model, seat, M.ScoreRole) == score(st, seat)
        assert _row(model, seat, M.TilesWonRole) == len(st.tiles[seat])
        assert _row(model, seat, M.FameRole) == sum(v for _, v in st.tiles[seat])


def test_the_panel_paints_both_kinds_of_row(qtbot):
    """The delegate draws whole and partial rows (face-down tiles, no score) without error, and differently."""
    images = []
    for visibility in (RULEBOOK, OPEN):
        st = _position(visibility)
        model = PlayersModel()
        model.set_view(view_for(st, 0), ["Human", "Bot", "Bot"])
        view = PlayersView()
        qtbot.addWidget(view)
        view.setModel(model)
        view.resize(300, 240)
        view.show()
        qtbot.waitExposed(view)
        images.append(view.grab().toImage())
    assert images[0] != images[1]
