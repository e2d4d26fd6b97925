"""Every screen of the app at a given window size, and the checks the size tests make on each.

A check measures, it does not look: a label's or button's text against the rectangle it has (with the
font it is drawn in), layout siblings against each other (none may cover another), widgets against their
parent (none may stick out), the window against the size asked for (nothing may force it bigger), and the
words painted on the board's cards against the pixels they get on screen.

Run as ``python -m tests.ui.screen_check --lang de --size 1280x720`` (set QT_SCALE_FACTOR=2 for 2×) it
prints one JSON line: {screen: [problems]}. The size tests call ``check_all`` in-process, and run the
module in a subprocess for the 2× scale (a scale is fixed when the QApplication starts).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QRect, QRectF, QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QLabel,
    QLayout,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

DATA = Path(__file__).resolve().parents[1] / "data"
SIZES = {"1024x700": (1024, 700), "1280x720": (1280, 720), "1920x1080": (1920, 1080)}
MIN_CAPTION_SCREEN_PX = 6.0  # a card's caption on the board is at least this tall on screen (~5 before)


# -- the checks --------------------------------------------------------------------------------------------
def _shown(w: QWidget) -> bool:
    return w.isVisible() and w.width() > 0 and w.height() > 0 and not w.visibleRegion().isEmpty()


def clipped_texts(root: QWidget) -> list[str]:
    """Visible labels, buttons and lists whose text needs more room than they have."""
    out = []
    for w in root.findChildren(QWidget):
        if not _shown(w):
            continue
        fm = w.fontMetrics()
        if isinstance(w, QCheckBox | QRadioButton) and w.text():
            text = w.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            indicator = w.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, w) + 4
            if fm.horizontalAdvance(text) + indicator > w.width() + 1:
                out.append(f"check box {text!r}: needs {fm.horizontalAdvance(text) + indicator}px, has {w.width()}")
        elif isinstance(w, QAbstractButton) and w.text():
            text = w.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            opt = QStyleOptionButton()
            opt.initFrom(w)
            need = w.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, opt,
                                              fm.size(Qt.TextFlag.TextShowMnemonic, text), w).width()
            need = min(need, fm.horizontalAdvance(text) + 12)  # padding the style may not need
            if need > w.width():
                out.append(f"button {text!r}: needs {need}px, has {w.width()}")
            if fm.height() > w.height():
                out.append(f"button {text!r}: {fm.height()}px tall text, {w.height()}px button")
        elif isinstance(w, QComboBox) and w.currentText() and not w.isEditable():
            room = w.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, _combo_option(w),
                                            QStyle.SubControl.SC_ComboBoxEditField, w).width()
            icon = w.iconSize().width() + 4 if not w.itemIcon(w.currentIndex()).isNull() else 0
            need = fm.horizontalAdvance(w.currentText()) + icon
            if need > room + 2:
                out.append(f"list {w.currentText()!r}: needs {need}px, has {room}")
        elif isinstance(w, QLabel) and w.text() and w.textFormat() != Qt.TextFormat.RichText \
                and not w.text().lstrip().startswith("<"):
            rect = w.contentsRect()
            room = rect.width() - 2 * w.margin() - max(0, w.indent())
            if w.wordWrap():
                need_h = w.heightForWidth(w.width())
                if need_h > w.height() + 1:
                    out.append(f"wrapped label {w.text()[:40]!r}: needs {need_h}px height, has {w.height()}")
                continue
            lines = w.text().split("\n")
            need = max(fm.horizontalAdvance(line) for line in lines)
            if need > room + 1:
                out.append(f"label {w.text()[:50]!r}: needs {need}px, has {room}")
            if fm.lineSpacing() * len(lines) > rect.height() + 2:
                out.append(f"label {w.text()[:50]!r}: {fm.lineSpacing() * len(lines)}px tall text, {rect.height()}px")
            if w.text().endswith("…") and not w.toolTip().startswith(w.text()[:-1]):
                out.append(f"label {w.text()!r} is elided but its tooltip does not hold the whole text")
    return out


def _combo_option(box: QComboBox) -> Any:
    from PySide6.QtWidgets import QStyleOptionComboBox

    opt = QStyleOptionComboBox()
    opt.initFrom(box)
    opt.editable = box.isEditable()
    return opt


def overlapping_widgets(root: QWidget) -> list[str]:
    """Widgets a layout places that cover one another, or stick out of their parent."""
    out = []
    for parent in [root, *root.findChildren(QWidget)]:
        layout = parent.layout()
        if not _shown(parent) or layout is None:
            continue
        managed = [w for w in _layout_widgets(layout) if w.parentWidget() is parent and _shown(w)]
        inside = parent.rect()
        for i, a in enumerate(managed):
            ga = a.geometry()
            if not inside.contains(ga) and (ga.right() > inside.right() + 1 or ga.bottom() > inside.bottom() + 1):
                out.append(f"{_name(a)} sticks out of {_name(parent)}: {_rect(ga)} in {_rect(inside)}")
            for b in managed[i + 1:]:
                both = ga.intersected(b.geometry())
                if both.width() > 1 and both.height() > 1:
                    out.append(f"{_name(a)} {_rect(ga)} and {_name(b)} {_rect(b.geometry())} overlap")
    return out


def _layout_widgets(layout: QLayout) -> Iterator[QWidget]:
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item is None:
            continue
        if item.widget() is not None:
            yield item.widget()
        elif item.layout() is not None:
            yield from _layout_widgets(item.layout())


def _name(w: QWidget) -> str:
    text = getattr(w, "text", None)
    words = text() if callable(text) else ""
    return f"{type(w).__name__}{'#' + w.objectName() if w.objectName() else ''}{f' {words[:20]!r}' if words else ''}"


def _rect(r: QRect) -> str:
    return f"({r.x()},{r.y()} {r.width()}×{r.height()})"


def board_words(window: Any) -> list[str]:
    """Card captions on the board too small on screen, and city names wider than their cards' bands."""
    from patrician_qt.engine import CARD_BY_ID
    from patrician_qt.ui.board import card_art
    from patrician_qt.ui.board.board_items import CARD_RECT

    out = []
    scale = window.board_view.transform().m11()
    for city, panel in window.scene.panels.items():
        card = panel.row.get("card") if panel.row else None
        if not card:
            continue
        layout = card_art.caption_layout(card_art.card_caption(card), CARD_RECT, scale)
        if layout is None or layout[2] * scale < MIN_CAPTION_SCREEN_PX:
            px = "none" if layout is None else f"{layout[2] * scale:.1f}px"
            out.append(f"{city}: caption of its face-up card is {px} on screen")
        c = CARD_BY_ID[card]
        for width in (CARD_RECT.width(), 32.0):  # the face-up card and a player's mini card
            band = QRectF(0, 0, width * 0.88, width * 1.4 * 0.2)
            from PySide6.QtGui import QFontMetricsF

            from patrician_qt.ui.board import theme

            px = card_art.name_px(c.city, band, width)
            if QFontMetricsF(theme.pixel_font(px, bold=True)).horizontalAdvance(c.city) > band.width():
                out.append(f"{c.city} does not fit the band of a {width:.0f} px card")
    return out


def whole_turn_bar(window: Any) -> list[str]:
    """The turn bar's prompt and message are shown whole, not elided (the German hint was cut off)."""
    tb = window.turn_bar
    out = []
    for label, text in ((tb.prompt, tb.prompt_text), (tb.message, tb.message_text)):
        if text and label.text() != text:
            out.append(f"turn bar shows {label.text()!r} for {text!r}")
    return out


def side_uncovered(window: Any) -> list[str]:
    """The score sheet lies over the board, not over the side column (players, hand, log titles)."""
    sheet, side = window.score_sheet, window.page.side
    if not sheet.isVisible():
        return ["the score sheet is not shown"]
    both = sheet.geometry().intersected(side.geometry())
    return [f"the score sheet covers the side column by {both.width()} px"] if both.width() > 0 else []


def window_size(window: QWidget, size: tuple[int, int]) -> list[str]:
    """The window is as big as asked: no minimum size of its contents forced it bigger."""
    got = (window.width(), window.height())
    return [] if got == size else [f"window is {got[0]}×{got[1]}, not {size[0]}×{size[1]}"]


def problems(root: QWidget) -> list[str]:
    """Every check on one widget tree."""
    return clipped_texts(root) + overlapping_widgets(root)


# -- the screens -------------------------------------------------------------------------------------------
def _spin(until: Callable[[], bool], seconds: float = 60.0) -> None:
    import time

    app = QApplication.instance()
    end = time.monotonic() + seconds
    while not until() and time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)  # type: ignore[union-attr]
    app.processEvents()  # type: ignore[union-attr]
    if not until():
        raise TimeoutError("the screen did not come up")


@contextmanager
def game_window(size: tuple[int, int], kinds: list[str], seed: int = 5) -> Iterator[Any]:
    """A shown main window with a local game (bots instant), closed afterwards."""
    from patrician_qt.ui.game.main_window import MainWindow
    from patrician_qt.ui.session.local import LocalSession
    from tests.ui.game_helpers import config

    window = MainWindow(None)
    window.set_speed("instant")
    window.resize(*size)
    window.show()
    session = LocalSession(config(kinds, seed))
    window.start_session(session)
    try:
        yield window
    finally:
        if window.session is not None:
            window.session.close()
        session.close()
        window.close()
        window.deleteLater()


def _ready(window: Any) -> Callable[[], bool]:
    def ok() -> bool:
        shown = window.shown_update
        return window.controller.active or (shown is not None and shown.view(None)["over"])
    return ok


def screens(size: tuple[int, int]) -> Iterator[tuple[str, QWidget, list[str]]]:
    """(name, the widget shown, extra problems) for every screen at ``size``; each is closed after its check."""
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.board.theme import style_sheet

    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        ctrl = AppController(settings, Path(tmp))
        ctrl.window.resize(*size)
        ctrl.show()
        _spin(lambda: ctrl.window.isVisible())
        yield "start screen", ctrl.window, window_size(ctrl.window, size)
        ctrl.window.close()
        ctrl.window.deleteLater()
    for n in (2, 5):
        with game_window(size, ["human"] + ["bot:easy"] * (n - 1), seed=13) as w:
            _spin(_ready(w))
            yield f"game, {n} players", w, window_size(w, size) + board_words(w) + whole_turn_bar(w)
            if n == 5:
                log_lines = w.log_view.viewport().height() // max(1, w.log_view.fontMetrics().lineSpacing())
                extra = [] if log_lines >= 5 else [f"the log shows {log_lines} lines"]
                yield "log, 5 players", w.log_view, extra
            c = w.controller
            c.click_card(sorted(c.builder.options())[0])
            c.click_plot(next(x for x in w.scene.panels if x != c.builder.city), "A")
            yield f"refusal, {n} players", w, whole_turn_bar(w)
            c.undo()
            w.hints.last_hint = None
            w.turns.ask_hint()
            _spin(lambda w=w: w.hints.last_hint is not None)
            yield f"hint, {n} players", w, whole_turn_bar(w)
    for n in (2, 5):
        with game_window(size, ["bot:easy"] * n, seed=3) as w:
            _spin(w.score_sheet.isVisible)
            yield f"score sheet, {n} players", w, window_size(w, size) + side_uncovered(w)
    with game_window(size, ["human", "bot:easy"]) as w:
        w.extras.start_tutorial()
        _spin(_ready(w))
        yield "tutorial", w, window_size(w, size)
    with game_window(size, ["human", "bot:easy"]) as w:
        assert w.files.open_replay(DATA / "example-3p.patrician.json")
        _spin(lambda: w.page.replay_bar.isVisible())
        yield "replay", w, window_size(w, size)
        w.page.replay_bar.last.click()
        _spin(w.score_sheet.isVisible)
        yield "replay's end", w, side_uncovered(w)
        dlg = w.extras.show_shortcuts()
        _spin(dlg.isVisible)
        yield "keyboard shortcuts", dlg, []
        dlg.close()
    yield from _lobby(size)
    yield from _lan_game(size)
    for name, make in _dialogs():
        dlg = make()
        dlg.setStyleSheet(style_sheet())
        dlg.show()
        _spin(dlg.isVisible)
        yield name, dlg, []
        dlg.close()
        dlg.deleteLater()


def _lobby(size: tuple[int, int]) -> Iterator[tuple[str, QWidget, list[str]]]:
    """A LAN table's lobby, as its host sees it with five seats (a player, bots, an open seat)."""
    from patrician_qt.ui.board.theme import style_sheet
    from patrician_qt.ui.lan.lobby_view import LobbyView

    page = LobbyView()
    page.setStyleSheet(style_sheet())
    page.resize(*size)
    page.setup("Annas Tisch", "192.168.1.20:47820", True)
    page.set_seats([{"name": "Anna", "kind": "human", "host": True}, {"name": "Ben", "kind": "human"},
                    {"name": "", "kind": "bot", "level": "hard"}, {"name": "", "kind": "open"},
                    {"name": "Emma", "kind": "bot", "level": "easy", "away": True}], 0)  # type: ignore[list-item]
    page.show()
    _spin(page.isVisible)
    yield "lobby", page, []
    page.close()
    page.deleteLater()


def _lan_game(size: tuple[int, int]) -> Iterator[tuple[str, QWidget, list[str]]]:
    """A 5-player LAN game hosted on 127.0.0.1 (no zeroconf, four instant bots), its chat in the side column:
    first the log shown, then the chat (as tabs of one place when the column is short)."""
    from PySide6.QtTest import QTest

    from patrician_qt.net.host import HostConfig
    from patrician_qt.table import TableOptions
    from patrician_qt.ui.app.flow import AppController
    from patrician_qt.ui.lan.options import LanOptions
    from tests.net.helpers import ViewRunner

    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat)
        ctrl = AppController(settings, Path(tmp))
        lan = ctrl.lan
        lan.options = LanOptions(bind="127.0.0.1", browse_interfaces=["127.0.0.1"], advertise=False,
                                 table_options=TableOptions(bot_deadline_s=0.05), runner=ViewRunner(),
                                 host_config=HostConfig(idle_timeout=5.0))
        w = ctrl.window
        w.set_speed("instant")
        w.resize(*size)
        ctrl.show()
        try:
            ctrl.start.host_button.click()
            dialog = lan.dialog
            dialog.player.setText("Anna")
            dialog.count.setValue(5)
            for combo in dialog.kinds:
                combo.setCurrentIndex(1)  # a bot
            dialog.port.setValue(_free_port())
            dialog.ok.click()
            _spin(lambda: w.stack.currentWidget() is lan.lobby and lan.lobby.start_button.isEnabled())
            lan.lobby.start_button.click()
            _spin(lambda: w.stack.currentWidget() is w.page and not lan.chat.isHidden()
                  and (w.controller.active or w.score_sheet.isVisible()))
            lan.chat.edit.setText("Hallo, <b>Ben</b>!")
            QTest.keyClick(lan.chat.edit, Qt.Key.Key_Return)
            _spin(lambda: bool(lan.chat.lines))
            tabs = w.page.side_tabs
            tabs.reveal(w.log_view)
            yield "LAN game with chat, 5 players", w, window_size(w, size) + _whole(w, w.log_view)
            tabs.reveal(lan.chat.edit)
            yield "LAN chat, 5 players", w, window_size(w, size) + _whole(w, lan.chat.edit)
        finally:
            lan.shutdown()
            w.close()
            w.deleteLater()


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _whole(window: QWidget, w: QWidget) -> list[str]:
    """``w`` is on screen, inside the window."""
    if not w.isVisible():
        return [f"{_name(w)} is not shown"]
    box = QRect(w.mapTo(window, w.rect().topLeft()), w.size())
    return [] if window.rect().contains(box) else [f"{_name(w)} {_rect(box)} is not inside the window"]


def _dialogs() -> list[tuple[str, Callable[[], QDialog]]]:
    from patrician_qt.ui.app.continue_dialog import ContinueDialog
    from patrician_qt.ui.app.new_game_dialog import NewGameDialog
    from patrician_qt.ui.app.unfinished import Unfinished
    from patrician_qt.ui.lan.host_dialog import HostDialog
    from patrician_qt.ui.lan.join_dialog import JoinDialog
    from patrician_qt.ui.reach.about_dialog import AboutDialog

    games = [Unfinished(Path("a.json"), 1.7e9, ["Anna", "Ben", "Cleo", "Dario", "Emma"], 12),
             Unfinished(Path("b.json"), 1.69e9, ["Anna", "Ben"], 3)]

    def five() -> QDialog:
        dlg = NewGameDialog(None)
        dlg.count.setValue(5)
        return dlg

    return [("new game", lambda: NewGameDialog(None)), ("new game, 5 players", five),
            ("host", lambda: HostDialog(None)), ("join", lambda: JoinDialog(None)),
            ("about", lambda: AboutDialog(None)), ("continue", lambda: ContinueDialog(games))]


def settle(root: QWidget) -> None:
    """Let layouts finish (posted layout requests and resizes) before measuring: until nothing moves."""
    app = QApplication.instance()
    before = None
    for _ in range(50):
        app.processEvents()  # type: ignore[union-attr]
        now = [(w.geometry().getRect()) for w in [root, *root.findChildren(QWidget)]]
        if now == before:
            return
        before = now


def check_all(size: tuple[int, int]) -> dict[str, list[str]]:
    """{screen: problems} for every screen at ``size`` (only screens with problems)."""
    found: dict[str, list[str]] = {}
    for name, widget, extra in screens(size):
        settle(widget)
        seen = extra + problems(widget)
        if seen:
            found[name] = seen
    return found


def main(argv: list[str] | None = None) -> int:
    """Print {screen: problems} as one JSON line for a language and window size (0: none found)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", default="en")
    parser.add_argument("--size", default="1280x720", choices=sorted(SIZES))
    args = parser.parse_args(argv)
    from patrician_qt.ui.app.run import make_app

    make_app(["screen_check"], args.lang)
    found = check_all(SIZES[args.size])
    print(json.dumps(found, ensure_ascii=False))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
