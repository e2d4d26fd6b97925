"""Screen readers: every interactive element in the QAccessible tree has a name; board and log speak."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QDialog, QLineEdit, QPushButton, QWidget

from patrician_qt.ui.reach.accessibility import city_text, label_controls, unnamed_controls
from tests.ui.game_helpers import open_game, wait_for_human_or_end

DATA = Path(__file__).resolve().parents[2] / "data"


def test_the_tree_walk_finds_an_unnamed_control(qtbot):
    """The check itself can fail: a bare line edit and an empty button are reported."""
    w = QWidget()
    qtbot.addWidget(w)
    QLineEdit(w)
    QPushButton(w)
    w.show()
    assert len(unnamed_controls(w)) == 2


def test_game_window_start_screen_and_replay_have_no_unnamed_control(qtbot, tmp_path):
    from patrician_qt.ui.app.flow import AppController

    ctrl = AppController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    assert unnamed_controls(ctrl.window) == []
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    assert unnamed_controls(window) == []
    qtbot.keyClick(window, Qt.Key.Key_1)
    assert unnamed_controls(window) == []
    session.close()
    assert window.files.open_replay(DATA / "example-3p.patrician.json")
    assert unnamed_controls(window) == []


def test_buttons_whose_text_comes_later_are_read_by_that_text_not_by_the_label_before_them(qtbot, tmp_path):
    """The game's parts are labelled after the start screen is up: its hidden Rejoin and Host again buttons and
    the privacy screen's button have no text yet, and must not be named after the subtitle or hint above them
    (a screen reader read "Build the towers of Italy's proudest cities" for Rejoin)."""
    from patrician_qt.ui.app.flow import AppController

    ctrl = AppController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    window = ctrl.window
    window.build_game()
    start = ctrl.start
    for button in (start.rejoin_button, start.resume_hosted_button, window.privacy.button):
        assert button.accessibleName() == "", button.objectName()
    start.set_rejoin("Anna's table")
    start.set_resume_hosted("Ben's table", "Ben, Cleo", 4)
    window.privacy.ask(1, "Ben", "white")

    def name(w):
        return QAccessible.queryAccessibleInterface(w).text(QAccessible.Text.Name)

    assert name(start.rejoin_button) == "Rejoin Anna's table"
    assert name(start.resume_hosted_button) == "Host Ben's table again"
    assert name(window.privacy.button) == "I am Ben — show my hand"


@pytest.mark.parametrize("kind", ["new_game", "host", "join", "rules", "shortcuts"])
def test_dialogs_name_their_controls_and_focus_the_first_input(qtbot, kind):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    if kind == "new_game":
        from patrician_qt.ui.app.new_game_dialog import NewGameDialog

        dlg: QDialog = NewGameDialog(None, window)
    elif kind == "host":
        from patrician_qt.ui.lan.host_dialog import HostDialog

        dlg = HostDialog(None, window)
    elif kind == "join":
        from patrician_qt.ui.lan.join_dialog import JoinDialog

        dlg = JoinDialog(None, window)
    elif kind == "rules":
        dlg = window.extras.open_rules()
    else:
        dlg = window.extras.show_shortcuts()
    dlg.show()
    assert unnamed_controls(dlg) == []
    focusables = [w for w in dlg.findChildren(QWidget) if w.isVisible() and w.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert focusables, "a dialog must be reachable by Tab"
    if kind == "new_game":  # sensible order: the seat rows come before the buttons
        order, w = [], dlg.nextInFocusChain()
        for _ in range(60):
            order.append(w)
            w = w.nextInFocusChain()
        assert order.index(dlg.names[0]) < order.index(dlg.buttons.button(dlg.buttons.StandardButton.Ok))
        assert "Name" in dlg.names[0].accessibleName()
    dlg.close()
    session.close()


def test_label_controls_reads_form_and_grid_labels(qtbot):
    from PySide6.QtWidgets import QFormLayout, QGridLayout, QLabel, QVBoxLayout

    w = QWidget()
    qtbot.addWidget(w)
    outer = QVBoxLayout(w)
    form = QFormLayout()
    edit = QLineEdit(w)
    form.addRow("Your name:", edit)
    outer.addLayout(form)
    grid = QGridLayout()
    grid.addWidget(QLabel("Colour", w), 0, 1)
    grid.addWidget(QLabel("3", w), 3, 0)
    cell = QLineEdit(w)
    grid.addWidget(cell, 3, 1)
    outer.addLayout(grid)
    assert label_controls(w) == 1  # the form row's label is the edit's buddy: Qt names it already
    assert QAccessible.queryAccessibleInterface(edit).text(QAccessible.Text.Name) == "Your name:"
    assert cell.accessibleName() == "Colour 3"


def test_cities_are_described_and_the_hand_reads_its_cards(qtbot):
    row = {"name": "Roma", "floors": 9, "built": 6, "towerA": (0, 1, 0), "towerB": (2, 2, 2), "card": "ROM-4",
           "tilesLeft": (9, 6), "scored": False, "awards": ()}
    text = city_text(row, ["Anna", "Ben", "Cleo"])
    assert text.startswith("Roma, 6 of 9 floors, fame tiles 9, 6; plot A, 3 floors from the bottom: Anna, Ben, Anna")
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    # every city in play has its line on key I (how many floors the bot built first depends on its seed)
    assert re.search(r"^Roma, \d of 9 floors, ", window.extras.access.board_description(), re.MULTILINE)
    assert QAccessible.queryAccessibleInterface(window.board_view).text(QAccessible.Text.Name)
    assert "Anna" in window.hand_view.accessibleName() and "1:" in window.hand_view.accessibleDescription()
    hand = QAccessible.queryAccessibleInterface(window.hand_view)
    spoken = [hand.child(i).text(QAccessible.Text.Name) for i in range(hand.childCount())]
    cards = window.hand_model.cards()
    assert any(cards[0] in t and ":" in t for t in spoken), spoken  # "Lucca LUC-1: Lady", not the bare id
    session.close()


def test_player_colours_never_appear_alone(qtbot):
    """R3: wherever a seat colour is shown, its symbol is too (colour pickers carry the badge as an icon)."""
    from patrician_qt.ui.app.new_game_dialog import NewGameDialog
    from patrician_qt.ui.board.symbols import symbol_icon

    dlg = NewGameDialog(None)
    qtbot.addWidget(dlg)
    for combo in dlg.colors:
        for i in range(combo.count()):
            assert not combo.itemIcon(i).isNull(), combo.itemText(i)
    black = symbol_icon("black").pixmap(20, 20).toImage()
    white = symbol_icon("white").pixmap(20, 20).toImage()
    inks = {black.pixelColor(x, y).name() for x in range(20) for y in range(20) if black.pixelColor(x, y).alpha()}
    assert len(inks) > 2  # fill, rim and the symbol drawn in a contrasting ink
    assert black != white
