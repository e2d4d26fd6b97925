"""A banner over the top of the window when the connection to the host drops or ends for good."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from patrician_qt.ui.board import theme
from patrician_qt.ui.text import plain


class Spinner(QWidget):
    """Three dots that pulse while something is on its way."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(44, 20)
        self._phase = 0
        self._timer = QTimer(self)
        self._timer.setInterval(220)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        self._phase = (self._phase + 1) % 3
        self.update()

    def setVisible(self, visible: bool) -> None:
        """Animate only while visible."""
        super().setVisible(visible)
        (self._timer.start if visible else self._timer.stop)()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The dots."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        for i in range(3):
            c = QColor(theme.PARCHMENT_LIGHT)
            c.setAlphaF(1.0 if i == self._phase else 0.4)
            p.setBrush(c)
            p.drawEllipse(QRectF(4 + i * 14, 5, 10, 10))
        p.end()


class _Plaque(QFrame):
    """The message itself: a dark plaque with a brass edge (red once the host is gone)."""

    def __init__(self, banner: ConnectionBanner) -> None:
        super().__init__(banner)
        self._banner = banner

    def paintEvent(self, event: QPaintEvent) -> None:
        """The plaque."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(QColor("#7A2A20") if self._banner.mode == "gone" else QColor("#4A3322"))
        p.setPen(QPen(QColor(theme.GOLD), 2))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 10, 10)
        p.end()


class ConnectionBanner(QWidget):
    """"Reconnecting…" while the client retries; "the host is gone" with Save and Leave when it gave up;
    "the host closed the table" when the game was ended on purpose.

    It covers the board (the game cannot go on meanwhile: it is dimmed and not clickable) with the
    message across the top; the side column (players, hand, log, chat) stays as it is.
    The words come from ``net_text.connection_story``: only what is known about the cause.
    """

    saveRecord = Signal()
    leave = Signal()
    retry = Signal()  # try to reach the table again, after the app gave up

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ConnectionBanner")
        self.mode = "hidden"
        self._right = 0  # pixels left uncovered at the right (the game's side column)
        self._side: QWidget | None = None  # the side column the banner keeps clear of (place_beside)
        self.plaque = _Plaque(self)
        lay = QHBoxLayout(self.plaque)
        lay.setContentsMargins(18, 10, 14, 10)
        lay.setSpacing(12)
        self.spinner = Spinner(self.plaque)
        lay.addWidget(self.spinner)
        texts = QVBoxLayout()
        texts.setSpacing(1)
        self.title = plain.new_label("", self.plaque)  # names the table
        self.title.setFont(theme.font(13.5, bold=True))
        self.detail = plain.new_label("", self.plaque)  # may quote the host
        self.detail.setFont(theme.font(10.5, italic=True))
        self.detail.setWordWrap(True)
        for label in (self.title, self.detail):
            label.setStyleSheet(f"color: {theme.PARCHMENT_LIGHT}; background: transparent;")
            texts.addWidget(label)
        lay.addLayout(texts, 1)
        self.save_button = QPushButton(self.tr("Save what you saw…"), self.plaque)
        self.leave_button = QPushButton(self.tr("Back to the start screen"), self.plaque)
        self.retry_button = QPushButton(self.tr("Retry"), self.plaque)
        self.save_button.clicked.connect(self.saveRecord)
        self.leave_button.clicked.connect(self.leave)
        self.retry_button.clicked.connect(self.retry)
        lay.addWidget(self.retry_button)
        lay.addWidget(self.save_button)
        lay.addWidget(self.leave_button)
        self.hide()

    def show_reconnecting(self, title: str, detail: str) -> None:
        """The connection dropped: the client is retrying with the seat's token (what is known is said)."""
        self.mode = "reconnecting"
        self.title.setText(title)
        self.detail.setText(_sentence(detail))
        self.spinner.setVisible(True)
        self.retry_button.hide()
        self.save_button.hide()
        self.leave_button.show()
        self._pop()

    def show_gone(self, title: str, detail: str, can_save: bool, can_retry: bool = False) -> None:
        """The host is gone for good: say so, offer the record and a way out (and ``can_retry``: to try
        again, when this app merely stopped trying)."""
        self.mode = "gone"
        self.title.setText(title)
        self.detail.setText(_sentence(detail) or self.tr("The game cannot go on."))
        self.spinner.setVisible(False)
        self.retry_button.setVisible(can_retry)
        self.save_button.setVisible(can_save)
        self.leave_button.show()
        self._pop()

    def show_ended(self, title: str, detail: str, can_save: bool) -> None:
        """The host closed the table on purpose: the game is over, nothing to wait for."""
        self.mode = "ended"
        self.title.setText(title)
        self.detail.setText(_sentence(detail))
        self.spinner.setVisible(False)
        self.retry_button.hide()
        self.save_button.setVisible(can_save)
        self.leave_button.show()
        self._pop()

    def clear(self) -> None:
        """Connected again: nothing to say."""
        self.mode = "hidden"
        self.spinner.setVisible(False)
        self.hide()

    def _pop(self) -> None:
        if self._side is not None:
            self.show()
            self._place_beside()
        else:
            self.place(self._right)
        self.show()
        self.raise_()
        self.plaque.update()

    def place_beside(self, side: QWidget | None) -> None:
        """Cover the board up to the side column ``side`` (None: the whole page), now and again once the window's
        layout has settled: a resize can widen the side column after the banner was placed (the banner
        covered the top of the Players panel)."""
        self._side = side
        self._place_beside()
        QTimer.singleShot(0, self._place_beside)

    def _place_beside(self) -> None:
        parent = self.parentWidget()
        side = self._side
        if parent is None or not self.isVisible():
            return
        right = 0
        if side is not None and side.isVisible():
            right = parent.width() - side.mapTo(parent, QPoint(0, 0)).x() + 4
        self.place(right)

    def place(self, right: int | None = None) -> None:
        """Cover the parent but for ``right`` pixels at its right edge (the side column); the plaque across
        the top, over the turn bar."""
        parent = self.parentWidget()
        if parent is None:
            return
        if right is not None:
            self._right = max(0, right)
        width = max(parent.width() - self._right, 320)
        self.setGeometry(0, 0, width, parent.height())
        self.plaque.setFixedWidth(max(width - 16, 300))
        self.plaque.adjustSize()
        self.plaque.move((width - self.plaque.width()) // 2, 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Dim what is behind: nothing there can be played until the host answers."""
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(24, 14, 6, 130 if self.mode == "gone" else 90))
        p.end()


def _sentence(text: str) -> str:
    """A NetError's text as a sentence (capital first letter, full stop)."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."
