"""The Host dialog: table name, your name, the other seats (open for people, or bots), the table option, the port,
and whether friends elsewhere may join by invitation."""

from __future__ import annotations

import socket

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.ui.board import theme
from patrician_qt.ui.game.table_choice import table_choice
from patrician_qt.ui.lan.hosting import DEFAULT_PORT, HostSetup
from patrician_qt.ui.lan.internet_choice import InternetChoice
from patrician_qt.ui.session.config import BOT_LEVELS
from patrician_qt.ui.text import plain


def default_table_name(host: str) -> str:
    """A table's name before the host types one, in the app's language ("Anna's table", "Tisch von Anna")."""
    return QCoreApplication.translate("HostDialog", "{host}'s table").format(host=host)


def last_name(s: QSettings | None) -> str:
    """The name the player used last: at a LAN table, else the first person's at a game on this computer."""
    if s is None:
        return ""
    name = str(s.value("lan/name", "") or "")
    for i in range(5):
        if name:
            break
        if str(s.value(f"new/kind{i}", "")) == "human":
            name = str(s.value(f"new/name{i}", "") or "")
    return name.strip()

class HostDialog(QDialog):
    """Collects a HostSetup and remembers it in the settings."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Host a LAN game"))
        self.settings = settings
        lay = QVBoxLayout(self)
        lay.setContentsMargins(22, 18, 22, 16)
        lay.addStrut(456)  # at least 500 wide, and wider when the words need it (a fixed minimum cut them)
        title = QLabel(self.tr("Host a game on this network"), self)
        title.setFont(theme.font(16, bold=True))
        lay.addWidget(title)
        note = QLabel(self.tr("Players on the same network see your table in their Join list."), self)
        note.setFont(theme.font(10, italic=True))
        lay.addWidget(note)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        s = settings
        self.player = QLineEdit(self)
        self.player.setMaxLength(24)
        self.player.setText(last_name(s))
        self.table = QLineEdit(self)
        self.table.setMaxLength(40)
        # The table is "Anna's table" and follows "Your name" until the host types a name of its own
        saved = str(s.value("lan/table", "")) if s else ""
        self._table_follows = not saved or saved in (self.table_name_for(self.player.text()), self.table_name_for(""))
        self.table.setText(self.table_name_for(self.player.text()) if self._table_follows else saved)
        self.table.textEdited.connect(self._table_edited)
        self.player.textChanged.connect(self._player_changed)
        self.count = QSpinBox(self)
        self.count.setRange(2, 5)
        self.count.setValue(int(str(s.value("lan/count", 3))) if s else 3)
        self.count.valueChanged.connect(self._sync)
        form.addRow(self.tr("Your name:"), self.player)
        form.addRow(self.tr("Table name:"), self.table)
        form.addRow(self.tr("Seats:"), self.count)
        self.kinds: list[QComboBox] = []
        for i in range(1, 5):
            combo = QComboBox(self)
            combo.addItem(self.tr("Open for a player"), ("open", None))
            for level in BOT_LEVELS:
                combo.addItem(self.tr("Bot · {level}").format(level=self.tr(level.capitalize())), ("bot", level))
            combo.setCurrentIndex(int(str(s.value(f"lan/seat{i}", 0))) if s else 0)
            form.addRow(self.tr("Seat {n}:").format(n=i + 1), combo)
            self.kinds.append(combo)
        self.visibility = table_choice(self, s, "lan/visibility")
        form.addRow(self.tr("Table:"), self.visibility)
        self.port = QSpinBox(self)
        self.port.setRange(1024, 65535)
        self.port.setValue(int(str(s.value("lan/port", DEFAULT_PORT))) if s else DEFAULT_PORT)
        form.addRow(self.tr("Port:"), self.port)
        self.internet = InternetChoice(s, self)
        self.internet.open.toggled.connect(self._validate)
        self.internet.relay.textChanged.connect(self._validate)
        form.addRow(self.tr("Internet:"), self.internet)
        lay.addLayout(form)
        self.form = form
        self.problem = plain.new_label("", self)
        self.problem.setStyleSheet(f"color: {theme.REFUSED};")
        lay.addWidget(self.problem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, Qt.Orientation.Horizontal,
            self)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(self.tr("Open the table"))
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.player.textChanged.connect(self._validate)
        self.table.textChanged.connect(self._validate)
        self._sync()

    def table_name_for(self, player: str) -> str:
        """The table's name that follows the host's name ("Anna's table"; the computer's name while none is typed)."""
        return default_table_name(player.strip() or socket.gethostname().split(".")[0] or "Patrician")

    def _table_edited(self, text: str) -> None:
        """The host typed a table name: it no longer follows "Your name" (emptied: it follows again)."""
        self._table_follows = not text.strip()

    def _player_changed(self, text: str) -> None:
        if self._table_follows:
            self.table.setText(self.table_name_for(text))

    def _sync(self) -> None:
        n = self.count.value()
        for i, combo in enumerate(self.kinds):
            combo.setVisible(i + 1 < n)
            label = self.form.labelForField(combo)
            if label is not None:
                label.setVisible(i + 1 < n)
        self._validate()

    def problem_text(self) -> str:
        """What must be fixed before hosting ("" when nothing)."""
        if not self.player.text().strip():
            return self.tr("type your name")
        if not self.table.text().strip():
            return self.tr("give the table a name")
        return self.internet.problem()

    def _validate(self) -> None:
        text = self.problem_text()
        self.problem.setText(text)
        self.ok.setEnabled(not text)

    def config(self) -> HostSetup:
        """The table as set up."""
        n = self.count.value()
        seats = [self.kinds[i].currentData() for i in range(n - 1)]
        return HostSetup(self.table.text().strip(), self.player.text().strip(), seats, self.port.value(),
                         visibility=self.visibility.currentData(), internet=self.internet.value())

    def _accept(self) -> None:
        if self.problem_text():
            return
        if self.settings is not None:
            s = self.settings
            s.setValue("lan/name", self.player.text().strip())
            s.setValue("lan/table", "" if self._table_follows else self.table.text().strip())
            s.setValue("lan/count", self.count.value())
            s.setValue("lan/port", self.port.value())
            s.setValue("lan/visibility", self.visibility.currentData())
            for i, combo in enumerate(self.kinds):
                s.setValue(f"lan/seat{i + 1}", combo.currentIndex())
            self.internet.remember()
        self.accept()
