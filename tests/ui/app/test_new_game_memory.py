"""The New game dialog remembers each seat's kind (human or bot level) as it remembers names, and its
spin box shows arrows one can see."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialogButtonBox, QStyle, QStyleOptionSpinBox

from patrician_qt.ui.app.new_game_dialog import NewGameDialog
from patrician_qt.ui.board.theme import style_sheet


def _dialog(qtbot, settings):  # type: ignore[no-untyped-def]
    dlg = NewGameDialog(settings)
    dlg.setStyleSheet(style_sheet())
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    return dlg


def test_seat_kinds_are_remembered_for_the_next_game(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dlg = _dialog(qtbot, settings)
    dlg.count.setFocus()
    qtbot.keyClick(dlg.count, Qt.Key.Key_Up)  # 3 → 4 seats
    assert dlg.count.value() == 4
    chosen = []
    for seat, steps in ((0, 3), (1, -2), (3, 0)):
        box = dlg.kinds[seat]
        box.setFocus()
        key = Qt.Key.Key_Down if steps > 0 else Qt.Key.Key_Up
        for _ in range(abs(steps)):
            qtbot.keyClick(box, key)
        chosen.append((seat, box.currentData()))
    want = [s.kind for s in dlg.config().seats]  # type: ignore[union-attr]
    assert want.count("human") == 1  # seat 1 became the human, seat 0 a bot
    qtbot.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    again = _dialog(qtbot, settings)
    assert again.count.value() == 4
    for seat, data in chosen:
        assert again.kinds[seat].currentData() == data, seat
    assert [s.kind for s in again.config().seats] == want  # type: ignore[union-attr]


def test_first_dialog_offers_one_human_and_bots(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    dlg = _dialog(qtbot, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    kinds = [s.kind for s in dlg.config().seats]  # type: ignore[union-attr]
    assert kinds[0] == "human" and set(kinds[1:]) == {"bot"}


def test_spin_box_arrows_are_drawn_dark_enough_to_see(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    dlg = _dialog(qtbot, None)
    box = dlg.count
    image = box.grab().toImage()
    opt = QStyleOptionSpinBox()
    opt.initFrom(box)
    for sub in (QStyle.SubControl.SC_SpinBoxUp, QStyle.SubControl.SC_SpinBoxDown):
        rect = box.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, opt, sub, box)
        assert rect.width() >= 12 and rect.height() >= 8, rect
        inner = rect.adjusted(4, 3, -3, -2)  # the arrow, not the frame lines around the button
        dark = sum(1 for x in range(inner.left(), inner.right()) for y in range(inner.top(), inner.bottom())
                   if QColor(image.pixel(QPoint(x, y))).lightness() < 90)
        assert dark >= 12, f"{sub}: {dark} dark pixels"
