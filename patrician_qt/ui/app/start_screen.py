"""The start screen: new game, continue the last unfinished game, rejoin or resume hosting a LAN game,
load a save, quit."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QShowEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from patrician_qt.ui.board import theme
from patrician_qt.ui.board.arms import draw_arms
from patrician_qt.ui.text import plain


class ArmsRow(QWidget):
    """The ten coats of arms in a row."""

    SIZE = 40.0
    GAP = 14.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from patrician_qt.ui.board.palette import CITIES  # R1's order, without loading the engine

        self.cities = list(CITIES)
        n = len(self.cities)
        self.setFixedSize(int(n * self.SIZE + (n - 1) * self.GAP), int(self.SIZE * 1.2))

    def paintEvent(self, event: QPaintEvent) -> None:
        """The shields."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i, city in enumerate(self.cities):
            draw_arms(p, city, QRectF(i * (self.SIZE + self.GAP), 0, self.SIZE, self.SIZE * 1.15))
        p.end()


class StartScreen(QWidget):
    """Title, a row of coats of arms and the main choices."""

    newGame = Signal()
    continueGame = Signal()
    loadGame = Signal()
    replay = Signal()
    quit = Signal()
    hostGame = Signal()
    joinGame = Signal()
    rejoinGame = Signal()
    resumeHostedGame = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("StartPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(24, 24, 24, 24)  # inside the gold frame (theme.paint_wood_frame) at any height
        lay.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addStretch(3)
        title = self.title = QLabel(self.tr("Patrician"), self)
        title.setObjectName("StartTitle")
        title.setFont(theme.font(44, bold=True))
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        sub = QLabel(self.tr("Build the towers of Italy's proudest cities"), self)
        sub.setObjectName("StartSubtitle")
        sub.setFont(theme.font(15, italic=True))
        sub.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(title)
        lay.addWidget(sub)
        lay.addSpacing(24)
        self._gaps = [lay.itemAt(lay.count() - 1)]
        self.arms = ArmsRow(self)
        lay.addWidget(self.arms, 0, Qt.AlignmentFlag.AlignCenter)
        lay.addSpacing(30)
        self._gaps.append(lay.itemAt(lay.count() - 1))
        self.new_button = QPushButton(self.tr("New game…"), self)
        self.continue_button = QPushButton(self.tr("Continue the last game"), self)
        self.games, self._continue_detail = 0, ""
        self.load_button = QPushButton(self.tr("Load a saved game…"), self)
        self.replay_button = QPushButton(self.tr("Replay a record…"), self)
        self.quit_button = QPushButton(self.tr("Quit"), self)
        for b, sig in ((self.new_button, self.newGame), (self.continue_button, self.continueGame),
                       (self.load_button, self.loadGame), (self.replay_button, self.replay),
                       (self.quit_button, self.quit)):
            b.setMinimumSize(300, 44)
            b.setFont(theme.font(13, bold=b is self.new_button))
            b.clicked.connect(sig)
            lay.addWidget(b, 0, Qt.AlignmentFlag.AlignCenter)
            lay.addSpacing(6)
        self._lan_buttons(lay)
        lay.addStretch(4)
        from patrician_qt.ui.text import language

        language.notifier.changed.connect(self._retell_continue)  # its count is not a text to look up

    def _lan_buttons(self, lay: QVBoxLayout) -> None:
        """Rejoin (when a LAN game may still run), and Host / Join side by side under New game."""
        from PySide6.QtWidgets import QHBoxLayout

        self.rejoin_button = QPushButton(self)
        self.rejoin_button.setMinimumSize(300, 44)
        self.rejoin_button.setFont(theme.font(13, bold=True))
        self.rejoin_button.setObjectName("Confirm")  # the gold button: the game waits for this player
        self.rejoin_button.clicked.connect(self.rejoinGame)
        self.rejoin_button.hide()
        self._rejoin_gap = QWidget(self)
        self._rejoin_gap.setFixedHeight(0)  # the layout's spacing on both sides makes the usual gap
        self._rejoin_gap.hide()
        index = lay.indexOf(self.new_button)
        lay.insertWidget(index, self.rejoin_button, 0, Qt.AlignmentFlag.AlignCenter)
        lay.insertWidget(index + 1, self._rejoin_gap)
        self._resume_hosted_widgets(lay, lay.indexOf(self.rejoin_button))
        row = QHBoxLayout()
        row.setSpacing(6)
        self.host_button = QPushButton(self.tr("Host LAN game…"), self)
        self.join_button = QPushButton(self.tr("Join LAN game…"), self)
        self.host_button.setToolTip(self.tr("Open a table that others on this network can join"))
        self.join_button.setToolTip(self.tr("Find the tables on this network, or join one by its address"))
        for b, sig in ((self.host_button, self.hostGame), (self.join_button, self.joinGame)):
            b.setFixedSize(147, 44)
            b.setStyleSheet("padding: 5px 4px;")
            b.clicked.connect(sig)
            row.addWidget(b)
        self._size_lan_buttons()
        index = lay.indexOf(self.new_button) + 2  # after New game and its spacing
        lay.insertLayout(index, row)
        lay.insertSpacing(index + 1, 6)
        lay.setAlignment(row, Qt.AlignmentFlag.AlignCenter)

    def _resume_hosted_widgets(self, lay: QVBoxLayout, index: int) -> None:
        """The gold "Resume hosted game" button with who sits where and the turn under it (hidden until set)."""
        self.resume_hosted_button = QPushButton(self)
        self.resume_hosted_button.setMinimumSize(300, 44)
        self.resume_hosted_button.setFont(theme.font(13, bold=True))
        self.resume_hosted_button.setObjectName("Confirm")  # like Rejoin: the others wait for this table
        self.resume_hosted_button.clicked.connect(self.resumeHostedGame)
        self.resume_hosted_button.hide()
        self.resume_hosted_detail = plain.new_label("", self)  # who sits at the table
        self.resume_hosted_detail.setObjectName("StartSubtitle")
        self.resume_hosted_detail.setFont(theme.font(11, italic=True))
        self.resume_hosted_detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.resume_hosted_detail.hide()
        self._resume_hosted_gap = QWidget(self)
        self._resume_hosted_gap.setFixedHeight(0)  # as under Rejoin: the layout spacing on both sides
        self._resume_hosted_gap.hide()
        lay.insertWidget(index, self.resume_hosted_button, 0, Qt.AlignmentFlag.AlignCenter)
        lay.insertWidget(index + 1, self.resume_hosted_detail, 0, Qt.AlignmentFlag.AlignCenter)
        lay.insertWidget(index + 2, self._resume_hosted_gap)

    def set_resume_hosted(self, table: str | None, seats: str = "", turn: int = 0) -> None:
        """Offer "Resume hosted game <table>" (with its seats and turn) when this app hosted an unfinished game."""
        for w in (self.resume_hosted_button, self.resume_hosted_detail, self._resume_hosted_gap):
            w.setVisible(bool(table))
        if table:
            self.resume_hosted_button.setText(plain.mnemonic(self.tr("Host {table} again").format(table=table)))
            detail = self.tr("{seats} · turn {turn}").format(seats=seats, turn=turn)
            self.resume_hosted_detail.setText(detail)
            self.resume_hosted_button.setToolTip(
                self.tr("Open your table again on this network; the others come back with their seats"))
            self.resume_hosted_button.setAccessibleDescription(detail)
        self._fit()

    def _size_lan_buttons(self) -> None:
        """Host and Join side by side, as wide together as the buttons above; all a little wider when a
        language's words need it ("LAN-Spiel eröffnen …"), so no label is ever cut."""
        pair = (self.host_button, self.join_button)
        for b in pair:
            b.ensurePolished()
        half = max(147, *(b.fontMetrics().horizontalAdvance(b.text()) + 14 for b in pair))  # padding and frame
        for b in pair:
            b.setFixedSize(half, self._button_h())
        for b in (self.new_button, self.continue_button, self.load_button, self.replay_button, self.quit_button,
                  self.rejoin_button, self.resume_hosted_button):
            b.setMinimumWidth(2 * half + 6)

    def changeEvent(self, event: QEvent) -> None:
        """A live language switch or the window's style sheet: the LAN buttons fit their words again."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.StyleChange, QEvent.Type.FontChange):
            QTimer.singleShot(0, self, self._size_lan_buttons)  # after the new texts and fonts are in place

    def showEvent(self, event: QShowEvent) -> None:
        """Measure with the fonts of the window this screen now shows in, in the form its screen needs."""
        super().showEvent(event)
        self._fit()
        self._size_lan_buttons()

    def _compact(self) -> bool:
        """A short screen (a laptop at 150 %, 200 % on 1920×1080): no row of arms, lower buttons."""
        from patrician_qt.ui.board.screen_fit import short_screen

        return short_screen(self)

    def _button_h(self) -> int:
        return 34 if self._compact() else 44

    def _fit(self) -> None:
        """With both Rejoin and Resume hosted game shown, tighten the gaps under the title (fits 720 px); on a
        short screen, drop the arms and lower the buttons so the window fits the screen."""
        both = not self.rejoin_button.isHidden() and not self.resume_hosted_button.isHidden()
        compact = self._compact()
        self.arms.setVisible(not compact)
        self.title.setFont(theme.font(30 if compact else 44, bold=True))
        for b in (self.new_button, self.continue_button, self.load_button, self.replay_button, self.quit_button,
                  self.rejoin_button, self.resume_hosted_button):
            b.setMinimumHeight(self._button_h())
        for item, size in zip(self._gaps, (8, 12) if both or compact else (24, 30), strict=True):
            spacer = item.spacerItem() if item is not None else None
            if spacer is not None:
                spacer.changeSize(0, size)
        layout = self.layout()
        if layout is not None:
            layout.invalidate()

    def set_rejoin(self, table: str | None) -> None:
        """Offer "Rejoin <table>" when this app sat at a LAN game that may still be running."""
        self.rejoin_button.setVisible(bool(table))
        self._rejoin_gap.setVisible(bool(table))
        if table:
            self.rejoin_button.setText(plain.mnemonic(self.tr("Rejoin {table}").format(table=table)))
        self._fit()

    def set_continue(self, games: int, detail: str = "") -> None:
        """Enable Continue when there are unfinished games: "Continue the last game" for one, "Continue (n
        unfinished games)…" (a list to choose from) for more."""
        self.games, self._continue_detail = games, detail
        self.continue_button.setEnabled(games > 0)
        self.continue_button.setText(self.tr("Continue the last game") if games <= 1
                                     else self.tr("Continue (%n unfinished game(s))…", "", games))
        self.continue_button.setToolTip(plain.tip(detail))  # players' names: outside text

    def _retell_continue(self, _code: str = "") -> None:
        self.set_continue(self.games, self._continue_detail)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Dark wood, a gold frame and the ten coats of arms under the title."""
        p = QPainter(self)
        r = theme.paint_wood_frame(p, QRectF(self.rect()))
        p.setPen(QPen(QColor(theme.GOLD), 1))
        p.drawRoundedRect(r.adjusted(6, 6, -6, -6), 8, 8)
        p.end()
