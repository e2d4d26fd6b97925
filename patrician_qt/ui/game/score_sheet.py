"""The end-of-game score sheet: fame per city, heads per kind, totals, tie-break, winners (R20–R25)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontInfo,
    QFontMetrics,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpacerItem,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.engine import HEAD_KINDS, ResultMap, View, head_counts, head_points
from patrician_qt.engine.cards import CARD_INDEX
from patrician_qt.ui.board import theme
from patrician_qt.ui.text import plain
from patrician_qt.ui.text.language import current_language, retranslate_text
from patrician_qt.ui.text.seat_names import display_name


def sheet_rows(view: View) -> tuple[list[str], list[list[str]], list[int]]:
    """(row titles, cells per row per seat, winners) computed by the engine's scoring."""
    from PySide6.QtCore import QCoreApplication

    def tr(text: str) -> str:
        return QCoreApplication.translate("ScoreSheet", text)

    players = view["players"]
    result: ResultMap | dict[str, list[int]] = view["result"] or {}
    titles: list[str] = []
    rows: list[list[str]] = []
    for city in view["cities"]:
        titles.append(city)
        cells = []
        for p in players:
            got = [v for c, v in p["tiles"] if c == city]
            cells.append(" + ".join(str(v) for v in got) if got else "–")
        rows.append(cells)
    titles.append(tr("Fame"))
    rows.append([str(sum(v for _, v in p["tiles"])) for p in players])
    for k, kind in enumerate(HEAD_KINDS):
        titles.append(tr("Heads: {kind}").format(kind=tr(kind.capitalize())))
        cells = []
        for p in players:
            stack = tuple(CARD_INDEX[c] for c in p["stack"])
            n = head_counts(stack)[k]
            only = tuple(c for c in stack if head_counts((c,))[k])
            pts = head_points(only)
            cells.append(f"{n} → {pts}")
        rows.append(cells)
    titles.append(tr("Head points"))
    rows.append([str(x) for x in result.get("heads", [0] * len(players))])
    titles.append(tr("Total"))
    rows.append([str(x) for x in result.get("scores", [p.get("score", "–") for p in players])])
    titles.append(tr("Floors left (tie-break)"))
    rows.append([str(x) for x in result.get("floors_left", [p["supply"] for p in players])])
    return titles, rows, list(result.get("winners", []))


class ScoreSheet(QFrame):
    """An overlay card with the final table and Play again / Export record / Main menu / Look at the board."""

    playAgain = Signal()
    saveRecord = Signal()
    leaveTable = Signal()  # a LAN game's "Leave the table" (shown only when offered)
    mainMenu = Signal()

    def __init__(self, parent: QWidget, area: QWidget | None = None) -> None:
        super().__init__(parent)
        self.area = area  # the sheet is centred over this widget (the board)
        self.setObjectName("ScoreSheet")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(*self.MARGINS)
        self._compact = False  # a short sheet (150 %, 200 %): no title line, tighter margins and gaps
        self.title = QLabel(self.tr("Final scores"), self)
        self.title.setFont(theme.font(22, bold=True))
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.winners = plain.new_label("", self)  # the winners' names
        self.winners.setFont(theme.font(14, bold=True))
        self.winners.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.winners.setWordWrap(True)
        self.table = QTableWidget(self)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table (arrows walk its cells): no Tab trap
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setObjectName("ScoreTable")
        # the table is laid out in the pages after the sheet's own resize (a hidden page gets its size at its
        # first show): its fit follows the table's own size, or the first fit (to 98×28 px) stayed at 7.5 pt
        self.table.installEventFilter(self)
        self.order: list[int] = []  # seats best first: the table's columns (R25)
        buttons = QHBoxLayout()
        self.again = QPushButton(self.tr("&Play again"), self)
        self.save = QPushButton(self.tr("&Export record…"), self)
        self.main_menu = QPushButton(self.tr("&Main menu"), self)
        self.close_button = QPushButton(self.tr("&Look at the board"), self)
        self.leave_button = QPushButton(self.tr("Leave the t&able"), self)
        self.leave_button.hide()
        self.again.clicked.connect(self.playAgain)
        self.save.clicked.connect(self.saveRecord)
        self.main_menu.clicked.connect(self.mainMenu)
        self.close_button.clicked.connect(self.hide)
        self.leave_button.clicked.connect(self.leaveTable)
        self._buttons = [self.again, self.save, self.main_menu, self.close_button, self.leave_button]
        second = QHBoxLayout()  # a narrow sheet (German at a large display scale) puts half the buttons here
        self._rows = (buttons, second)
        for row in self._rows:
            row.addStretch(1)
            row.addStretch(1)
        for b in self._buttons:
            buttons.insertWidget(buttons.count() - 1, b)
        self.note = plain.new_label("", self)  # e.g. "Waiting for Anna to start a rematch…"
        self.note.setFont(theme.font(11.5, italic=True))
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setWordWrap(True)
        self.note.hide()
        lay.addWidget(self.title)
        lay.addWidget(self.winners)
        self._gaps = (QSpacerItem(0, 6), QSpacerItem(0, 8))  # under the headings, above the buttons
        lay.addItem(self._gaps[0])
        self.pages = QTabWidget(self)  # the scores first; the score story and the game's statistics beside them
        self.pages.setObjectName("ScorePages")
        # no frame of its own (the sheet has one): the sheet lies over the board and repaints with it, and a
        # frame with the table as a hole in it was painted through a clip of many spans at every repaint
        self.pages.setDocumentMode(True)
        # the pages become tabs when the sheet is first shown: a tab bar's first tab becomes current, and Qt
        # tells a screen reader that tab was selected even while the sheet is hidden; Orca 43 takes a
        # selection in the active window for the focus (it said "Scores page tab" at the app's start)
        self._waiting_pages: list[tuple[QWidget, str, str]] | None = []
        self.add_page(self.table, self.tr("Scores"))
        lay.addWidget(self.pages, 1)
        lay.addItem(self._gaps[1])
        lay.addWidget(self.note)
        lay.addLayout(buttons)
        lay.addLayout(second)
        self.hide()

    def add_page(self, page: QWidget, title: str) -> None:
        """Add a page beside the scores (the score story, the statistics of the game)."""
        if self._waiting_pages is not None:
            page.setParent(self)
            page.hide()
            self._waiting_pages.append((page, title, current_language()))
        else:
            self.pages.addTab(page, title)

    def _make_tabs(self) -> None:
        """The pages as tabs, once (at the first show, or when a page is asked for), their titles in the
        language of now (a switch of language re-translates the tabs, not the titles waiting here)."""
        waiting, self._waiting_pages = self._waiting_pages, None
        for page, title, language in waiting or []:
            if language != current_language():
                title = retranslate_text(title, language, [type(self).__name__]) or title
            self.pages.addTab(page, title)

    def showEvent(self, event: QShowEvent) -> None:
        """The first show makes the tabs."""
        self._make_tabs()
        super().showEvent(event)

    def show_page(self, page: QWidget) -> None:
        """Bring one of the sheet's pages to the front."""
        self._make_tabs()
        self.pages.setCurrentWidget(page)

    def add_button(self, button: QPushButton) -> None:
        """Add a button before "Look at the board" (e.g. "Review this game")."""
        self._buttons.insert(self._buttons.index(self.close_button), button)
        self._arrange(self.width())

    def offer(self, again: str | None = "", note: str = "", leave: bool = False) -> None:
        """What comes next: the again button's words ("" the usual "Play again", None: no such button),
        a note above the buttons, and whether "Leave the table" is offered (a LAN game)."""
        self.again.setVisible(again is not None)
        self.again.setText(again or self.tr("&Play again"))
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.leave_button.setVisible(leave)
        self._arrange(self.width())

    def _arrange(self, width: int) -> None:
        """The buttons in one row, or in two when one row would squeeze their words."""
        shown = [b for b in self._buttons if not b.isHidden()]
        need = sum(b.sizeHint().width() for b in shown) + 6 * max(0, len(shown) - 1)
        lay = self.layout()
        room = width - (lay.contentsMargins().left() + lay.contentsMargins().right() if lay is not None else 0)
        split = (len(shown) + 1) // 2 if need > room else len(shown)
        for row in self._rows:
            for b in self._buttons:
                row.removeWidget(b)
        first, second = self._rows
        for b in self._buttons:
            row = first if b not in shown or shown.index(b) < split else second
            row.insertWidget(row.count() - 1, b)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Rearrange the buttons and fit the table's words to the new size."""
        super().resizeEvent(event)
        self._arrange(event.size().width())
        self._fit_table()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The table's own resize fits its words again."""
        if watched is self.table and event.type() == QEvent.Type.Resize:
            self._fit_table()
        return super().eventFilter(watched, event)

    MARGINS = (28, 22, 28, 20)  # left, top, right, bottom: inside the double frame
    COMPACT_MARGINS = (16, 12, 16, 12)
    COMPACT_BELOW_PX = 560  # a sheet lower than this is compact

    def _set_compact(self, compact: bool) -> None:
        """A short sheet gives its table the room of the title line (the winners' line is the heading), of
        wide margins and of gaps: at 200 % on 1920×1080 (a 960×540 screen) the table's last row was cut."""
        if compact == self._compact:
            return
        self._compact = compact
        self.title.setVisible(not compact)
        self.winners.setFont(theme.font(13.0 if compact else 14.0, bold=True))
        for gap, (wide, tight) in zip(self._gaps, ((6, 2), (8, 2)), strict=True):
            gap.changeSize(0, tight if compact else wide, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        lay = self.layout()
        if lay is not None:
            lay.setContentsMargins(*(self.COMPACT_MARGINS if compact else self.MARGINS))
            lay.setSpacing(4 if compact else -1)
            lay.invalidate()
            lay.activate()

    TABLE_SIZES = (14.0, 13.0, 12.0, 11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5)  # the table's font, largest first

    def _fit_table(self) -> None:
        """The largest font at which every row shows without scrolling and every row label and name is
        whole: a small sheet (150 % on a 1366×768 laptop, German) cut the last row and the names."""
        t = self.table
        rows, cols = t.rowCount(), t.columnCount()
        if not rows or not cols:
            return
        self._set_compact(self.height() < self.COMPACT_BELOW_PX)
        room_w, room_h = t.width() - 2 * t.frameWidth(), t.height() - 2 * t.frameWidth()
        if t.property("fitted") == (rows, cols, room_w, room_h):
            return
        t.setProperty("fitted", (rows, cols, room_w, room_h))
        vh, hh = t.verticalHeader(), t.horizontalHeader()
        labels = [item.text() for item in map(t.verticalHeaderItem, range(rows)) if item is not None]
        names = [item.text() for item in map(t.horizontalHeaderItem, range(cols)) if item is not None]
        scroll_w = t.verticalScrollBar().sizeHint().width()
        fits: list[tuple[float, int, bool]] = []  # (size, padding, every row in sight) where the width fits
        for size in self.TABLE_SIZES:
            fm = QFontMetrics(theme.font(size, bold=True))
            label_w = max(map(fm.horizontalAdvance, labels), default=0) + 16  # padding 6px a side, borders
            col_w = max(max(map(fm.horizontalAdvance, names), default=0) + 16, self._cell_w(size))
            for pad in self._pads(size):
                in_sight = (rows + 1) * self._row_h(size, pad) <= room_h
                if label_w + cols * (col_w + 2) + (0 if in_sight else scroll_w) <= room_w:
                    fits.append((size, pad, in_sight))
                    if in_sight:
                        break
            if fits and fits[-1][2]:
                break
        # every row in sight at the largest font that allows it (its rows tighter first); where none does (five
        # players on a short sheet) a readable font and the table scrolls, its rows whole
        size, pad, _ = next((f for f in fits if f[2]), None) or next((f for f in fits if f[0] <= 9.0), None) \
            or (fits[-1] if fits else (self.TABLE_SIZES[-1], 0, False))
        fm = QFontMetrics(theme.font(size, bold=True))
        row_h = self._row_h(size, pad)
        # the size in the table's own style sheet, in pixels: the app's sheet styles the sections, and a styled
        # section takes its font from a sheet, never from the header's setFont
        px = QFontInfo(theme.font(size, bold=True)).pixelSize()
        t.setStyleSheet(f"QHeaderView::section {{ font-size: {px}px; padding: {pad}px 6px; }}")
        # the rows as high as their words, padding and borders need; the style's own measure adds the header's
        # margins (8 px a row, 136 px over the table's 17 rows: what cut the last row at 200 %)
        vh.setMinimumSectionSize(row_h)
        vh.setFixedWidth(max(map(fm.horizontalAdvance, labels), default=0) + 16)
        hh.setFixedHeight(row_h)
        bold_rows = {rows - 2}  # the total (sheet_rows)
        for r in range(rows):
            for c in range(cols):
                item = t.item(r, c)
                if item is not None:
                    item.setFont(theme.font(size, bold=r in bold_rows))

    @staticmethod
    def _pads(size: float) -> tuple[int, ...]:
        """The header sections' paddings above and below to try, widest first: less on a small font, and less
        before a smaller font, so more rows are in sight in larger words."""
        return (3, 1) if size >= 9.5 else (1, 0) if size >= 8.5 else (0,)

    @staticmethod
    def _row_h(size: float, pad: int) -> int:
        """A row's height: the words' line, the padding, a border and a pixel of air above and below."""
        return QFontMetrics(theme.font(size, bold=True)).height() + 2 * pad + 4

    def _cell_w(self, size: float) -> int:
        """A column's least width for its cells' words (a head count's change, "2 → 6") with some air."""
        fm = QFontMetrics(theme.font(size, bold=True))
        t = self.table
        texts = [item.text() for item in (t.item(r, c) for r in range(t.rowCount()) for c in range(t.columnCount()))
                 if item is not None]
        return max(map(fm.horizontalAdvance, texts), default=0) + 10

    def show_result(self, view: View) -> None:
        """Fill the sheet from the final view, players best first, and show it over the board; the focus
        goes to the winner's total (a keyboard player reaches the buttons with Tab)."""
        from patrician_qt.ui.reach.score_words import cell_words, ranking, winner_words

        self._make_tabs()  # before the table is fitted: it gets its room in the pages
        titles, rows, winners = sheet_rows(view)
        players = view["players"]
        self.order = ranking(view)
        names = [display_name(players[s]["name"]) for s in self.order]
        self.table.clear()
        self.table.setRowCount(len(titles))
        self.table.setColumnCount(len(players))
        self.table.setHorizontalHeaderLabels([f"{i}. {n}" for i, n in enumerate(names, start=1)])
        self.table.setVerticalHeaderLabels(titles)
        bold_rows = {len(titles) - 2}
        for r, cells in enumerate(rows):
            for c, seat in enumerate(self.order):
                item = QTableWidgetItem(cells[seat])
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setData(Qt.ItemDataRole.AccessibleTextRole, cell_words(titles[r], names[c], cells[seat]))
                f = theme.font(11, bold=r in bold_rows)
                item.setFont(f)
                if seat in winners:
                    item.setBackground(QBrush(QColor(224, 165, 38, 70)))
                self.table.setItem(r, c, item)
        self.table.setProperty("fitted", None)
        self._fit_table()
        self.winners.setText(winner_words(view).rstrip("."))
        self.table.setAccessibleName(self.tr("Final scores, best first"))
        self.pages.setCurrentIndex(0)
        self.place()
        self.raise_()
        self.show()
        from patrician_qt.ui.reach.key_gate import typing_in

        total = len(titles) - 2  # "Total" sits above the tie-break row (sheet_rows)
        self.table.setCurrentCell(total, 0)
        if not typing_in(self):  # a keyboard player lands on the winner's total
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def cell(self, row_title: str, seat: int) -> str:
        """The text of one seat's cell (tests compare it with the record's result)."""
        column = self.order.index(seat) if seat in self.order else seat
        for r in range(self.table.rowCount()):
            header = self.table.verticalHeaderItem(r)
            item = self.table.item(r, column)
            if header is not None and header.text() == row_title and item is not None:
                return item.text()
        raise KeyError(row_title)

    def place(self) -> None:
        """Centre the sheet over its parent, as large as fits."""
        parent = self.parentWidget()
        if parent is None:
            return
        pr = parent.rect()
        area = self.area.geometry() if self.area is not None else pr
        # never wider than the board it covers: at 1024 px a wider sheet hid the side column's titles ("koll")
        w = min(pr.width() - 20, area.width(), max(760, int(area.width() * 0.86)))
        h = min(pr.height() - 20, max(620, int(area.height() * 0.94)))
        x = max(min(10, area.x()), min(area.center().x() - w // 2, pr.width() - w - 10))
        y = max(10, min(area.center().y() - h // 2, pr.height() - h - 10))
        self.setGeometry(x, y, w, h)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Parchment with a double brown frame."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        p.setPen(QColor(theme.FRAME))
        p.setBrush(QColor(theme.PARCHMENT_LIGHT))
        p.drawRoundedRect(r, 12, 12)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(r.adjusted(6, 6, -6, -6), 8, 8)
        p.end()
