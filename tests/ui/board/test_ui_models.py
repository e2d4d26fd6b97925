"""The game models: Qt's model tester, and fine-grained updates (no resets) on a new view."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from patrician_qt.engine import CARD_BY_ID, apply, new_game, random_turn, view_for
from patrician_qt.ui.board.board_model import BoardModel
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.board.log_model import LogModel
from patrician_qt.ui.board.players_model import PlayersModel
from tests.ui.game_helpers import NAMES


def _game(n: int = 4, turns: int = 0, seed: int = 3):
    rng = random.Random(seed)
    st = new_game(list(NAMES[:n]), rng)
    events: list[dict] = []
    for _ in range(turns):
        st, events = apply(st, random_turn(st, rng))
    return st, events, rng


def test_models_pass_qt_model_tester(qtmodeltester):
    st, events, _ = _game(5, 12)
    view = view_for(st, 0)
    board, hand, players, log = BoardModel(), HandModel(), PlayersModel(), LogModel()
    board.set_view(view)
    hand.set_cards(view["hand"])
    players.set_view(view, ["Human"] * 5)
    log.add_events(events, list(NAMES), 12)
    for model in (board, hand, players, log):
        qtmodeltester.check(model, force_py=True)
    assert board.rowCount() == 10 and hand.rowCount() == 3 and players.rowCount() == 5 and log.rowCount() >= 3


def test_roles_have_names():
    board = BoardModel()
    names = {bytes(v).decode() for v in board.roleNames().values()}
    assert {"name", "towerA", "towerB", "card", "scored", "tilesLeft"} <= names
    assert board.role_of("towerA") == BoardModel.TowerARole


def test_new_view_updates_only_what_changed_without_reset(qtbot):
    st, _, rng = _game(4, 0)
    board, players, hand = BoardModel(), PlayersModel(), HandModel()
    board.set_view(view_for(st, 0))
    players.set_view(view_for(st, 0))
    hand.set_cards(view_for(st, 0)["hand"])
    turn = random_turn(st, rng)
    st2, _ = apply(st, turn)
    resets: list[str] = []
    changed: list[tuple[int, int, list[int]]] = []
    for m in (board, players, hand):
        m.modelReset.connect(lambda: resets.append("reset"))
    board.dataChanged.connect(lambda a, b, roles: changed.append((a.row(), b.row(), list(roles))))
    board.set_view(view_for(st2, 0))
    players.set_view(view_for(st2, 0))
    hand.set_cards(view_for(st2, 0)["hand"])
    assert resets == []
    built_city = CARD_BY_ID[turn.card].city
    rows_changed = {a for a, b, _ in changed}
    assert board.row_of(built_city) in rows_changed
    # only the built city and the city whose card was taken can change in one turn
    assert len(rows_changed) <= 2
    for _, _, roles in changed:
        assert roles and BoardModel.NameRole not in roles
    assert hand.cards() == view_for(st2, 0)["hand"]


def test_hand_update_keeps_rows_of_cards_that_stay(qtbot):
    hand = HandModel()
    hand.set_cards(["BOL-1", "FIR-2", "ROM-3"])
    removed: list[int] = []
    inserted: list[int] = []
    hand.rowsRemoved.connect(lambda p, a, b: removed.append(a))
    hand.rowsInserted.connect(lambda p, a, b: inserted.append(a))
    hand.set_cards(["BOL-1", "ROM-3", "SIE-4"])
    assert removed == [1] and inserted == [2]
    assert hand.cards() == ["BOL-1", "ROM-3", "SIE-4"]
    assert hand.index(0, 0).data(HandModel.CardRole) == "BOL-1"
    assert hand.index(0, 0).data(Qt.ItemDataRole.DisplayRole) == "BOL-1"


def test_log_describes_events_in_plain_words():
    log = LogModel()
    log.add_events(
        [
            {"e": "played", "seat": 0, "card": "ROM-3"},
            {"e": "built", "seat": 0, "city": "Roma", "plot": "A"},
            {"e": "built", "seat": 0, "city": "Roma", "plot": "B"},
            {"e": "scored", "city": "Lucca", "awards": [[1, 7], [2, 4]]},
        ],
        ["Anna", "Ben", "Cleo"],
        1,
    )
    texts = [log.index(i, 0).data(LogModel.TextRole) for i in range(log.rowCount())]
    assert texts == ["Anna played the Roma card “Beard”",
                     "Anna built 2 floors in Roma (A+B)", "Lucca scored — Ben\u00a07, Cleo\u00a04"]


def test_tower_tooltip_names_the_majority_and_its_worth(qtbot):
    from patrician_qt.ui.board.board_items import Player
    from patrician_qt.ui.board.board_view import BoardScene

    st, _, _ = _game(3, 0)
    view = view_for(st, 0)
    view["cities"]["Roma"]["towers"] = [[0, 1, 1], [2]]
    board = BoardModel()
    board.set_view(view)
    scene = BoardScene(board)
    scene.set_players([Player(n, c) for n, c in zip(st.players, st.colors, strict=True)])
    tip_a = scene.panels["Roma"].tower_tip("A")
    tip_b = scene.panels["Roma"].tower_tip("B")
    assert st.players[1] in tip_a and "would win 9" in tip_a  # taller tower: the high tile (R20)
    assert st.players[2] in tip_b and "would win 6" in tip_b
