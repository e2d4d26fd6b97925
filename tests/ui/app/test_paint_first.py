"""The start screen paints first, the game window's parts follow right after that paint: nothing the
player reaches may notice the difference (menus, Help, the tutorial offer, LAN entries, a quick New game)."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from patrician_qt.ui.app.flow import AppController
from patrician_qt.ui.app.new_game_dialog import NewGameDialog
from patrician_qt.ui.reach.tutorial import TutorialOffer

TIMEOUT = 20_000


def _app(qtbot, tmp_path) -> AppController:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    ctrl = AppController(settings, tmp_path / "data", saves=tmp_path / "saves")
    qtbot.addWidget(ctrl.window)
    ctrl.show()
    return ctrl


def _entries(menu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def test_the_frame_shows_first_and_the_game_parts_follow_its_first_paint(qtbot, tmp_path):
    ctrl = _app(qtbot, tmp_path)
    window = ctrl.window
    assert not window.game_built  # nothing built yet: the start screen is what the first paint shows
    bar = [a.text() for a in window.menuBar().actions()]
    assert bar == ["&Game", "&Turn", "&View", "&Help"]  # the whole menu bar is there from the first paint
    assert "&Host LAN game…" in _entries(window.menu("game"))
    qtbot.waitUntil(lambda: window.game_built, timeout=TIMEOUT)  # no click: the paint is enough
    assert window.stack.currentWidget() is ctrl.start
    assert window.stack.indexOf(window.page) == 0
    assert [a.text() for a in window.menuBar().actions()] == bar  # filled, not added again
    assert "&Confirm turn" in _entries(window.menu("turn"))
    assert "&High-contrast colours" in _entries(window.menu("view"))
    assert "&Rules" in _entries(window.menu("help"))
    assert ctrl.start.findChild(TutorialOffer) is not None  # the first start still offers the tutorial
    assert window.presenter.step_ms >= 0 and window.menus.speed_actions["normal"].isChecked()


def test_new_game_clicked_before_the_parts_are_built_starts_the_game(qtbot, tmp_path):
    ctrl = _app(qtbot, tmp_path)
    window = ctrl.window
    assert not window.game_built
    ctrl.start.new_button.click()  # as fast as a person cannot: before the first paint was even handled
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), NewGameDialog), timeout=TIMEOUT)
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, NewGameDialog)
    dialog.accept()
    qtbot.waitUntil(lambda: window.session is not None and window.stack.currentWidget() is window.page,
                    timeout=TIMEOUT)
    assert window.game_built
    qtbot.waitUntil(lambda: window.shown_update is not None, timeout=TIMEOUT)
    window.set_speed("instant")
    assert window.board_view.isVisible()


def test_a_game_part_asked_for_before_the_paint_builds_the_parts_once(qtbot, tmp_path):
    ctrl = _app(qtbot, tmp_path)
    window = ctrl.window
    turn_bar = window.turn_bar  # e.g. a file opened from the command line, before the first paint
    assert window.game_built
    qtbot.waitUntil(lambda: ctrl.start.findChild(TutorialOffer) is not None, timeout=TIMEOUT)
    assert window.turn_bar is turn_bar  # the paint's own build found it done
    assert _entries(window.menu("turn")).count("&Confirm turn") == 1
    assert window.stack.count() == 2  # the game page and the start screen, once each
    assert window.testAttribute(Qt.WidgetAttribute.WA_WState_Created)


def test_the_saves_are_read_once_after_the_first_paint_or_at_once_without_it(qtbot, tmp_path):
    for paint_first in (True, False):
        ctrl = AppController(None, tmp_path / str(paint_first), paint_first=paint_first)
        qtbot.addWidget(ctrl.window)
        assert ctrl.window.game_built is not paint_first
        reads: list[bool] = []
        ctrl.refresh_continue = lambda c=ctrl, r=reads: r.append(c.window.game_built)  # type: ignore[method-assign]
        ctrl.show()
        qtbot.waitUntil(lambda r=reads: bool(r), timeout=TIMEOUT)
        qtbot.wait(50)
        assert reads == [not paint_first]  # once; with paint_first before the parts are built (they follow)
        qtbot.waitUntil(lambda c=ctrl: c.window.game_built, timeout=TIMEOUT)


def test_the_parts_built_after_the_first_paint_select_no_tab_while_hidden(qtbot, tmp_path):
    """A tab bar that gets its first tab makes it current, and Qt tells the screen reader "selected" even
    while the bar is hidden; Orca 43 takes a selection in the active window for the focus and said "Log page
    tab. Scores page tab." at the start instead of the window's title. Hidden bars keep no current tab."""
    from PySide6.QtWidgets import QTabBar

    ctrl = _app(qtbot, tmp_path)
    window = ctrl.window
    qtbot.waitUntil(lambda: window.game_built, timeout=TIMEOUT)
    qtbot.wait(700)  # the New game dialog made ahead too (flow.PREPARE_DIALOG_MS)
    assert window.stack.currentWidget() is ctrl.start
    selected = [bar.tabText(bar.currentIndex()) for bar in window.findChildren(QTabBar)
                if not bar.isVisible() and bar.currentIndex() >= 0]
    assert selected == []
