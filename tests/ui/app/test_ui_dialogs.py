"""New game dialog and its checks, settings that persist, the start screen's Continue."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialogButtonBox

from patrician_qt.ui.app.new_game_dialog import NewGameDialog
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.session.config import GameConfig, SeatConfig
from patrician_qt.ui.session.local import LocalSession
from tests.ui.game_helpers import config


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([SeatConfig("Anna", "black")], "2 to 5"),
        ([SeatConfig("Anna", "black"), SeatConfig("anna", "white")], "same name"),
        ([SeatConfig("Anna", "black"), SeatConfig("", "white")], "needs a name"),
        ([SeatConfig("Anna", "black"), SeatConfig("Ben", "black")], "same colour"),
        ([SeatConfig("Anna", "black"), SeatConfig("Ben", "red")], "R3"),
        ([SeatConfig("Anna", "black"), SeatConfig("Ben", "white", "bot", "godlike")], "unknown bot level"),
    ],
)
def test_bad_configs_are_refused_with_a_message(seats, message):
    problem = GameConfig(seats).validate()
    assert problem and message in problem
    with pytest.raises(ValueError, match=message):
        LocalSession(GameConfig(seats))


def test_dialog_builds_a_config_and_refuses_duplicates(qtbot):
    dialog = NewGameDialog(None)
    qtbot.addWidget(dialog)
    dialog.count.setValue(4)
    cfg = dialog.config()
    assert isinstance(cfg, GameConfig) and len(cfg.seats) == 4
    assert cfg.seats[0].kind == "human" and cfg.seats[1].kind == "bot"
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    dialog.names[1].setText("Anna")
    assert not ok.isEnabled() and "same name" in dialog.problem.text()
    dialog.names[1].setText("Ben")
    dialog.seed.setText("abc")
    assert not ok.isEnabled() and "seed" in dialog.problem.text()
    dialog.seed.setText("42")
    assert ok.isEnabled() and dialog.config().seed == 42


def test_speed_and_auto_confirm_persist_in_settings(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat)
    w1 = MainWindow(settings)
    qtbot.addWidget(w1)
    w1.set_speed("slow")
    w1.menus.act_auto_confirm.setChecked(True)
    w2 = MainWindow(settings)
    qtbot.addWidget(w2)
    assert w2.menus.speed_actions["slow"].isChecked()
    assert w2.menus.act_auto_confirm.isChecked() and w2.controller.auto_confirm


def test_auto_confirm_sends_the_turn_without_the_button(qtbot):
    from tests.ui.game_helpers import (
        click_board,
        click_hand,
        lit_cards,
        lit_face_cards,
        lit_plots,
        wait_for_human_or_end,
    )

    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed("instant")
    window.show()
    session = LocalSession(config(["human", "bot:easy"], seed=2))
    window.start_session(session)
    wait_for_human_or_end(qtbot, window)
    window.menus.act_auto_confirm.setChecked(True)
    before = len(session.record().turns)
    card = lit_cards(window)[0]
    with qtbot.waitSignal(window.shown, timeout=10_000):
        click_hand(qtbot, window, card)
        c = window.controller
        while c.active and c.step != "done":
            if c.step == "build":
                click_board(qtbot, window, *lit_plots(window)[0][:1], "plot", lit_plots(window)[0][1])
            elif c.step == "relocate":
                window.turn_bar.skip.click()
            elif c.step == "take":
                click_board(qtbot, window, lit_face_cards(window)[0], "card")
    qtbot.waitUntil(lambda: len(session.record().turns) > before, timeout=10_000)
    mine = session.record().turns[before]  # the human's turn, sent without the confirm button
    assert mine["seat"] in session.local_humans() and mine["card"] == card
    session.close()


def test_high_contrast_colours_switch_and_persist(qtbot, tmp_path):
    from patrician_qt.ui.board import theme

    settings = QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat)
    w1 = MainWindow(settings)
    qtbot.addWidget(w1)
    normal = theme.player_color("black").name()
    w1.menus.act_contrast.setChecked(True)
    try:
        assert theme.high_contrast() and theme.player_color("black").name() == "#000000" != normal
        w2 = MainWindow(settings)
        qtbot.addWidget(w2)
        assert w2.menus.act_contrast.isChecked()
    finally:
        w1.menus.act_contrast.setChecked(False)
        theme.set_high_contrast(False)
    assert theme.player_color("black").name() == normal
