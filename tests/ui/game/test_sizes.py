"""Sizes: the window in German at 1280×720 shows every label and button text whole; layouts stretch."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QStyle, QStyleOptionButton, QWidget

from patrician_qt.ui.text import language
from tests.ui.game_helpers import open_game, wait_for_human_or_end


def clipped_texts(root: QWidget) -> list[str]:
    """Visible labels and buttons whose text is wider than the room they have (elided texts must say so)."""
    out = []
    for w in root.findChildren(QWidget):
        if not w.isVisible() or w.width() <= 0:
            continue
        if isinstance(w, QAbstractButton) and w.text():
            text = w.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            opt = QStyleOptionButton()
            opt.initFrom(w)
            need = w.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, opt,
                                              w.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, text), w).width()
            need = min(need, w.fontMetrics().horizontalAdvance(text) + 12)  # padding the style may not need
            if need > w.width():
                out.append(f"button {text!r}: needs {need}px, has {w.width()}")
        elif isinstance(w, QLabel) and w.text() and w.wordWrap():
            need = w.heightForWidth(w.width())
            if need > w.height() + 1:
                out.append(f"wrapped label {w.text()[:40]!r}: needs {need}px height, has {w.height()}")
        elif isinstance(w, QLabel) and w.text() and not w.wordWrap() and w.textFormat() != Qt.TextFormat.RichText \
                and not w.text().lstrip().startswith("<"):
            text = w.text()
            room = w.contentsRect().width() - 2 * w.margin() - w.indent() if w.indent() > 0 else \
                w.contentsRect().width() - 2 * w.margin()
            need = max(w.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
            if need > room + 1:
                out.append(f"label {text!r}: needs {need}px, has {room}")
            if text.endswith("…") and w.toolTip() and not w.toolTip().startswith(text[:-1]):
                out.append(f"label {text!r} is elided but its tooltip does not hold the whole text")
    return out


@pytest.fixture
def german(qapp):
    assert language.install("de")
    yield
    language.install("en")


def test_the_check_finds_a_clipped_button(qtbot):
    from PySide6.QtWidgets import QPushButton

    w = QWidget()
    qtbot.addWidget(w)
    b = QPushButton("Ein sehr langer deutscher Knopftext", w)
    b.setFixedWidth(60)
    w.show()
    assert clipped_texts(w)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_start_screen_and_game_show_every_text_whole_at_1280x720(qtbot, tmp_path, lang):
    assert language.install(lang)
    try:
        from patrician_qt.ui.app.flow import AppController

        ctrl = AppController(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), tmp_path)
        qtbot.addWidget(ctrl.window)
        ctrl.window.resize(1280, 720)
        ctrl.show()
        qtbot.waitExposed(ctrl.window)
        assert clipped_texts(ctrl.window) == []
        window, session = open_game(qtbot, ["human", "bot:easy", "bot:easy", "bot:easy", "bot:easy"], seed=13)
        wait_for_human_or_end(qtbot, window)
        assert clipped_texts(window) == []
        c = window.controller
        c.click_card(sorted(c.builder.options())[0])
        c.click_plot(next(x for x in window.scene.panels if x != c.builder.city), "A")  # a refusal with its link
        assert window.turn_bar.rule_link.isVisible()
        assert clipped_texts(window) == []
        # the whole prompt is readable: the turn bar shrinks the font a little before it ever elides
        assert window.turn_bar.prompt.text() == window.turn_bar.prompt_text
        # layouts stretch: the board takes the room a bigger window gives
        before = window.board_view.width()
        window.resize(1600, 900)
        qtbot.waitUntil(lambda: window.board_view.width() > before)
        assert clipped_texts(window) == []
        window.extras.start_tutorial()
        wait_for_human_or_end(qtbot, window)
        window.resize(1280, 720)
        qtbot.waitUntil(lambda: window.width() == 1280)
        assert clipped_texts(window) == []
        assert window.board_view.height() > 400, "the tutorial guide must leave room for the board"
        window.session.close()
        session.close()
    finally:
        language.install("en")


@pytest.mark.parametrize("name", ["new_game", "host", "join", "shortcuts"])
def test_dialogs_show_every_text_whole_in_german(qtbot, german, name):
    if name == "new_game":
        from patrician_qt.ui.app.new_game_dialog import NewGameDialog as Dialog
    elif name == "host":
        from patrician_qt.ui.lan.host_dialog import HostDialog as Dialog
    elif name == "join":
        from patrician_qt.ui.lan.join_dialog import JoinDialog as Dialog
    else:
        from patrician_qt.ui.game.main_window import MainWindow

        window = MainWindow(None)
        qtbot.addWidget(window)
        dlg = window.extras.show_shortcuts()
        qtbot.waitExposed(dlg)
        assert clipped_texts(dlg) == []
        return
    dlg = Dialog(None)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert clipped_texts(dlg) == []


def test_a_window_dragged_from_big_screen_size_to_1280x720_gets_720(qapp):
    """The wide layout's bigger hand cards must not hold the window taller than asked (a 5-player LAN game with its
    chat has the tallest side column): before, going from 1920×1080 straight to 1280×720 left it 737 px tall."""
    from PySide6.QtWidgets import QApplication

    from tests.ui.screen_check import _lan_game

    game = _lan_game((1920, 1080))
    _, window, _ = next(game)
    try:
        assert window.page.hand_view.card_delegate.card_w == 110  # room enough: the big cards
        for size in [(1280, 720), (1920, 1080), (1700, 720)]:
            window.resize(*size)
            for _ in range(5):
                QApplication.processEvents()
            assert (window.width(), window.height()) == size
            hand = window.page.hand_view
            assert round(hand.card_delegate.card_w * 1.4) + 18 <= hand.height()  # cards whole in their row
        assert 82 < window.page.hand_view.card_delegate.card_w < 110  # wide but short: cards as big as fit
    finally:
        game.close()
