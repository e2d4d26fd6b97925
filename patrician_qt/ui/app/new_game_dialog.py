"""The New game dialog: 2–5 seats, each human or a bot level, names, R3 colours, the table, optional seed."""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, QSettings, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.engine import default_colors
from patrician_qt.ui.board import theme
from patrician_qt.ui.board.symbols import symbol_icon
from patrician_qt.ui.game.table_choice import table_choice
from patrician_qt.ui.session.config import BOT_LEVELS, DEFAULT_NAMES, GameConfig, SeatConfig
from patrician_qt.ui.session.local import table_takes_colors
from patrician_qt.ui.text import plain

NAME_MAX = 24  # characters of a player's name


def kind_key(kind: str, level: str | None) -> str:
    """A seat's kind as the settings keep it: "human" or "bot:easy"."""
    return kind if kind == "human" or not level else f"{kind}:{level}"


class NewGameDialog(QDialog):
    """Collects a GameConfig; OK stays disabled-in-effect until the config is valid (message shown)."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New game"))
        self.settings = settings
        self._colors_free = table_takes_colors()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(22, 18, 22, 16)
        lay.setSpacing(10)
        lay.addStrut(476)  # at least 520 wide, and wider when the words need it (a fixed minimum cut them)
        title = QLabel(self.tr("Who plays?"), self)
        title.setFont(theme.font(16, bold=True))
        lay.addWidget(title)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Players:"), self))
        self.count = QSpinBox(self)
        # the value before the range: a range first passes through 2, one more change for a screen reader to hear
        self.count.setValue(int(str(settings.value("new/count", 3))) if settings else 3)
        self.count.setRange(2, 5)
        self.count.setMinimumWidth(70)
        self.count.valueChanged.connect(self._sync_rows)
        top.addWidget(self.count)
        top.addStretch(1)
        lay.addLayout(top)
        self.grid = QGridLayout()
        for col, text in enumerate((self.tr("Seat"), self.tr("Player"), self.tr("Name"), self.tr("Colour"))):
            h = QLabel(text, self)
            h.setFont(theme.font(10, bold=True))
            self.grid.addWidget(h, 0, col)
        self.kinds: list[QComboBox] = []
        self.names: list[QLineEdit] = []
        self.colors: list[QComboBox] = []
        self.labels: list[QLabel] = []
        for i in range(5):
            label = QLabel(str(i + 1), self)
            kind = QComboBox(self)  # filled when its row is first shown (_fill_kind)
            # made with its text, and 24 characters at most by a validator: a text set afterwards, or a maximum
            # length, moves the caret, and each move is an event a screen reader must wade through at the start
            name = QLineEdit(str(settings.value(f"new/name{i}", DEFAULT_NAMES[i])) if settings else DEFAULT_NAMES[i],
                             self)
            name.setValidator(QRegularExpressionValidator(QRegularExpression(f".{{0,{NAME_MAX}}}"), name))
            color = QComboBox(self)  # filled by _sync_rows with the colours the seat may take
            for col, w in enumerate((label, kind, name, color)):
                self.grid.addWidget(w, i + 1, col)
            self.labels.append(label)
            self.kinds.append(kind)
            self.names.append(name)
            self.colors.append(color)
            kind.currentIndexChanged.connect(self._validate)
            name.textChanged.connect(self._validate)
            color.currentIndexChanged.connect(self._validate)
        lay.addLayout(self.grid)
        if not self._colors_free:
            note = QLabel(self.tr("Colours follow the seats (R3): black, white, red, yellow, blue."), self)
            note.setFont(theme.font(9, italic=True))
            lay.addWidget(note)
        self.table = table_choice(self, settings, "new/visibility")
        table_row = QHBoxLayout()
        table_label = QLabel(self.tr("Table:"), self)
        table_label.setBuddy(self.table)
        table_row.addWidget(table_label)
        table_row.addWidget(self.table, 1)
        lay.addLayout(table_row)
        seed_row = QHBoxLayout()
        seed_row.addWidget(QLabel(self.tr("Seed (optional):"), self))
        self.seed = QLineEdit(self)
        self.seed.setPlaceholderText(self.tr("random"))
        self.seed.textChanged.connect(self._validate)
        seed_row.addWidget(self.seed, 1)
        lay.addLayout(seed_row)
        self.problem = plain.new_label("", self)
        self.problem.setStyleSheet(f"color: {theme.REFUSED};")
        self.problem.setWordWrap(True)
        lay.addWidget(self.problem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, Qt.Orientation.Horizontal, self
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Start the game"))
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self._sync_rows()

    def reload(self) -> None:
        """The remembered choices afresh, for a kept dialog opened again (only what changed is set)."""
        s = self.settings
        count = int(str(s.value("new/count", 3))) if s is not None else 3
        if self.count.value() != count:
            self.count.setValue(count)
        for i in range(5):
            name = str(s.value(f"new/name{i}", DEFAULT_NAMES[i])) if s is not None else DEFAULT_NAMES[i]
            if self.names[i].text() != name:
                self.names[i].setText(name)
            box = self.kinds[i]
            if box.count() and box.currentIndex() != self._remembered_kind(box, i):
                box.setCurrentIndex(self._remembered_kind(box, i))
        saved = str(s.value("new/visibility", self.table.itemData(0))) if s is not None else self.table.itemData(0)
        index = max(0, self.table.findData(saved))
        if self.table.currentIndex() != index:
            self.table.setCurrentIndex(index)
        if self.seed.text():
            self.seed.clear()
        self._sync_rows()

    def _remembered_kind(self, box: QComboBox, seat: int) -> int:
        """The seat's kind from the last game started here, else human first and Easy bots after."""
        return self._remembered_in([box.itemData(index) for index in range(box.count())], seat)

    def _remembered_in(self, kinds: list[tuple[str, str | None]], seat: int) -> int:
        saved = str(self.settings.value(f"new/kind{seat}", "")) if self.settings is not None else ""
        for index, kind in enumerate(kinds):
            if saved and kind_key(*kind) == saved:
                return index
        return 0 if seat == 0 else 2

    def _sync_rows(self) -> None:
        """Show the rows of the seats in play. A row's drop-downs are filled when it is first shown: each
        change of a drop-down sends a screen reader several events, and ~280 of them at once kept Orca
        silent for seconds after the dialog opened."""
        n = self.count.value()
        fixed = not self._colors_free or n <= 3
        for i in range(5):
            for w in (self.labels[i], self.kinds[i], self.names[i], self.colors[i]):
                w.setVisible(i < n)
            if i < n:
                self._fill_kind(i)
                self._offer_colors(self.colors[i], i, default_colors(n)[i] if fixed else None)
        self._validate()

    def _fill_kind(self, seat: int) -> None:
        box = self.kinds[seat]
        if box.count():
            return
        from patrician_qt.ui.reach.quiet_fill import fill_once

        kinds: list[tuple[str, tuple[str, str | None]]] = [(self.tr("Human"), ("human", None))]
        kinds += [(self.tr("Bot · {level}").format(level=self.tr(level.capitalize())), ("bot", level))
                  for level in BOT_LEVELS]
        box.blockSignals(True)
        fill_once(box, kinds, self._remembered_in([k for _w, k in kinds], seat))  # one value, not "Human" first
        box.blockSignals(False)

    def _offer_colors(self, box: QComboBox, seat: int, only: str | None) -> None:
        """All colours, or only the one the seat must take (R3). A fixed colour stays a focusable one-item
        drop-down rather than a disabled one, so Tab still reaches it and a screen reader reads it."""
        wanted = [only] if only else default_colors(5)
        if [box.itemData(k) for k in range(box.count())] == wanted:
            return
        from patrician_qt.ui.reach.quiet_fill import fill_once

        keep = box.currentData() or default_colors(5)[seat]
        box.blockSignals(True)
        box.clear()
        fill_once(box, [(self.tr(c.capitalize()), c) for c in wanted], wanted.index(keep) if keep in wanted else 0,
                  [symbol_icon(c) for c in wanted])  # colour with its symbol (R3)
        box.blockSignals(False)

    def config(self) -> GameConfig | str:
        """The configuration entered, or a message saying what is wrong."""
        n = self.count.value()
        seats = []
        for i in range(n):
            kind, level = self.kinds[i].currentData()
            seats.append(SeatConfig(self.names[i].text().strip(), self.colors[i].currentData(), kind, level))
        text = self.seed.text().strip()
        seed = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                return self.tr("the seed must be a whole number")
        cfg = GameConfig(seats, seed, self.table.currentData())
        problem = cfg.validate()
        return problem if problem else cfg

    def _validate(self) -> None:
        result = self.config()
        ok = not isinstance(result, str)
        self.problem.setText(result if isinstance(result, str) else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def _accept(self) -> None:
        result = self.config()
        if isinstance(result, str):
            self.problem.setText(result)
            return
        if self.settings is not None:
            self.settings.setValue("new/count", self.count.value())
            self.settings.setValue("new/visibility", result.visibility)
            for i, s in enumerate(result.seats):
                self.settings.setValue(f"new/name{i}", s.name)
                self.settings.setValue(f"new/kind{i}", kind_key(s.kind, s.level))
        self.accept()



# -- a dialog made ahead and kept ---------------------------------------------------------------------------------
# Why: building the dialog sends a screen reader ~150 accessibility events (every label, drop-down and field
# as it is made), and on a loaded machine Orca then stayed silent for 5–10 s after Ctrl+N, and dropped the
# announcements of a game that started meanwhile. One dialog is made at a quiet moment, hidden, and used for
# every New game of its window: opening it again sends only what changed.
#: the kept dialog's object name: it is found again among its window's children, never held by this module
#: (a module-level reference outlived the window and crashed the interpreter on its way out)
PREPARED_NAME = "prepared-new-game-dialog"


def _made_for(settings: QSettings | None) -> tuple[int, str]:
    """The settings object and the language a kept dialog was made with."""
    from patrician_qt.ui.text import language

    return id(settings), language.current_language()


def _prepared(parent: QWidget) -> NewGameDialog | None:
    return parent.findChild(NewGameDialog, PREPARED_NAME, Qt.FindChildOption.FindDirectChildrenOnly)


def prepare_dialog(settings: QSettings | None, parent: QWidget | None) -> NewGameDialog:
    """The New game dialog, made now, hidden and already labelled for screen readers, once per window (as
    the window's child); a dialog without a window is made afresh each time."""
    import shiboken6

    from patrician_qt.ui.reach.accessibility import prepare_access

    if parent is not None and not shiboken6.isValid(parent):
        parent = None  # the window went before its turn came
    kept = _prepared(parent) if parent is not None else None
    if kept is not None and kept.property("madeFor") == repr(_made_for(settings)):
        return kept
    if kept is not None:
        kept.setObjectName("")
        kept.deleteLater()
    dialog = NewGameDialog(settings, parent)
    dialog.setObjectName(PREPARED_NAME)
    dialog.setProperty("madeFor", repr(_made_for(settings)))
    prepare_access(dialog)
    return dialog


def take_dialog(settings: QSettings | None, parent: QWidget | None) -> NewGameDialog:
    """The kept dialog with the remembered choices read afresh (made now when there is none for this window)."""
    dialog = prepare_dialog(settings, parent)
    dialog.reload()
    return dialog
