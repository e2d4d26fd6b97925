"""A compact, grouped shortcuts dialog that shows every row at once, and a short Help menu
without the key list and without a second "Rules"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from patrician_qt.ui.reach.keyboard import shortcut_groups, shortcut_table
from patrician_qt.ui.text import language
from tests.ui.game_helpers import open_game, wait_for_human_or_end


def _open_dialog(qtbot, window):  # type: ignore[no-untyped-def]
    menu = window.extras.help_menu
    action = next(a for a in menu.actions() if a is window.extras.act_keys)
    action.trigger()
    from patrician_qt.ui.reach.shortcuts_dialog import ShortcutsDialog

    dlg = next(w for w in window.findChildren(ShortcutsDialog) if w.isVisible())
    qtbot.waitExposed(dlg)
    return dlg


def test_the_help_menu_is_short_and_names_each_thing_once(qtbot) -> None:  # type: ignore[no-untyped-def]
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    texts = [a.text().split("\t")[0].replace("&", "") for a in window.extras.help_menu.actions() if a.text()]
    assert len(texts) <= 5, texts
    assert len(set(texts)) == len(texts)
    assert sum("Rules" in t or "rules" in t for t in texts) == 1
    assert not [a for a in window.extras.help_menu.actions() if not a.isEnabled()]  # no greyed key list
    session.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_shortcuts_dialog_shows_every_row_in_groups(qtbot, lang) -> None:  # type: ignore[no-untyped-def]
    assert language.install(lang)
    try:
        window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
        wait_for_human_or_end(qtbot, window)
        dlg = _open_dialog(qtbot, window)
        groups = [g for g in shortcut_groups() if g[1]]
        assert len(groups) >= 3 and [t.text() for t in dlg.group_titles] == [g[0] for g in groups]
        assert dlg.rows() == shortcut_table()
        screen = dlg.screen().availableGeometry()
        assert dlg.height() <= min(700, screen.height()), "the whole list fits a small screen without scrolling"
        line = dlg.what_labels[0].fontMetrics().lineSpacing()
        for label in dlg.what_labels + dlg.key_labels:
            assert label.isVisible() and label.visibleRegion().boundingRect().height() >= label.height() - 1
            # words wrap into at most two lines: rows stay even, none is a tall column of single words
            assert label.height() <= 2 * line + 6, (label.text(), label.height())
            if label.wordWrap():
                assert label.heightForWidth(label.width()) <= label.height() + 1, label.text()
            else:
                assert label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width()
        assert all(isinstance(lbl, QLabel) and lbl.textFormat() == Qt.TextFormat.PlainText for lbl in dlg.key_labels)
        qtbot.keyClick(dlg, Qt.Key.Key_Escape)
        assert not dlg.isVisible()
        session.close()
    finally:
        language.install("en")


def test_german_key_names_are_qts_own_everywhere(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QKeySequence

    assert language.install("de")
    try:
        window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
        shown = [k for k, _ in shortcut_table()]
        for menu in (window.menu("game"), window.menu("turn"), window.menu("view")):
            shown += [a.shortcut().toString(QKeySequence.SequenceFormat.NativeText) for a in menu.actions()]
        english = ("Ctrl", "Shift", "Space", "Backspace", "Arrow")
        assert not [k for k in shown if any(e in k for e in english)], shown
        assert "Strg+Return" in shown and "Leertaste" in shown
        session.close()
    finally:
        language.install("en")
