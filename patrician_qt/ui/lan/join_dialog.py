"""The Join dialog: tables found on the network (live, via zeroconf) and joining by address."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.ui.board import theme
from patrician_qt.ui.session.address import parse_address
from patrician_qt.ui.session.offload import LoopThread
from patrician_qt.ui.text import plain

if TYPE_CHECKING:  # loaded only when browsing: zeroconf takes a while to import
    from patrician_qt.net.discovery import TableAd, TableChange


@dataclass(slots=True)
class JoinRequest:
    """Where to connect, as whom, and whether to play or watch."""

    host: str
    port: int
    name: str
    role: str = "player"
    table: str = ""


class TableBrowser(LoopThread):
    """net.discovery.Browser on its own loop thread; changes go to a callback (a Qt signal's emit)."""

    def __init__(self, emit: Any, interfaces: Sequence[str] | None = None) -> None:
        super().__init__("patrician-browse")
        self._emit = emit
        self._browser: Any = None
        self._coro = self._browse(interfaces)
        self._task = self.run(self._coro)

    async def _browse(self, interfaces: Sequence[str] | None) -> None:
        from patrician_qt.net.discovery import Browser

        try:
            self._browser = Browser(interfaces=interfaces)
            await self._browser.start()
            async for change in self._browser:
                self._emit(change)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # no multicast here: joining by address still works
            self._emit(str(exc) or exc.__class__.__name__)

    async def _stop(self) -> None:
        """Close the browser, then end whatever zeroconf still has running on this loop."""
        if self._browser is not None:
            with contextlib.suppress(Exception):
                await self._browser.close()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1.0):
                await asyncio.gather(*others, return_exceptions=True)

    def close(self, last: Coroutine[Any, Any, object] | None = None) -> None:
        """Stop browsing (bounded time: ``_stop`` runs last on the loop, after ``last``) and the loop."""

        async def stop() -> None:
            if last is not None:
                await last
            await self._stop()

        super().close(stop())
        self._task.cancel()
        if not self._task.done() or self._task.cancelled():
            self._coro.close()  # closed before the loop ever ran it


class JoinDialog(QDialog):
    """Pick a table from the live list, or type an address; Join plays, Watch spectates."""

    _change = Signal(object)  # a TableChange, or the text of why browsing cannot start

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None,
                 interfaces: Sequence[str] | None = None, browse: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Join a LAN game"))
        self.settings = settings
        self.request: JoinRequest | None = None
        self.resize(720, 480)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(22, 18, 22, 16)
        lay.setSpacing(8)
        title = QLabel(self.tr("Join a game on this network"), self)
        title.setFont(theme.font(16, bold=True))
        lay.addWidget(title)
        name_row = QHBoxLayout()
        name_row.addWidget(QLabel(self.tr("Your name:"), self))
        self.name = QLineEdit(self)
        self.name.setMaxLength(24)
        self.name.setText(str(settings.value("lan/name", "")) if settings else "")
        name_row.addWidget(self.name, 1)
        lay.addLayout(name_row)
        self.list_title = QLabel(self.tr("Tables found on the network"), self)
        self.list_title.setObjectName("SideTitle")
        lay.addWidget(self.list_title)
        self.tables = QTreeWidget(self)
        self.tables.setObjectName("TableList")
        self.tables.setRootIsDecorated(False)
        self.tables.setColumnCount(4)
        self.tables.setHeaderLabels([self.tr("Table"), self.tr("Host"), self.tr("Seats"), self.tr("State")])
        self.tables.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.tables.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.tables.setStyleSheet(
            f"#TableList {{ background: #FFFBF0; color: {theme.INK}; border: 1px solid {theme.FRAME};"
            f" border-radius: 4px; font-family: '{theme.SERIF}'; font-size: 13px; }}"
            f" #TableList::item {{ padding: 6px 2px; }}"
            f" #TableList::item:selected {{ background: {theme.PARCHMENT_DARK}; color: {theme.INK}; }}")
        self.tables.itemSelectionChanged.connect(self._sync_buttons)
        self.tables.itemDoubleClicked.connect(lambda *_: self._join_selected("player"))
        lay.addWidget(self.tables, 1)
        self.empty = plain.new_label(self.tr("Looking for tables… (if none appears, join by address below)"), self)
        self.empty.setFont(theme.font(10, italic=True))
        lay.addWidget(self.empty)
        list_buttons = QHBoxLayout()
        list_buttons.addStretch(1)
        self.watch_button = QPushButton(self.tr("Watch"), self)
        self.watch_button.setToolTip(self.tr("Follow the game as a spectator: no hand, only the chat"))
        self.join_button = QPushButton(self.tr("Join table"), self)
        self.join_button.setObjectName("Confirm")
        self.watch_button.clicked.connect(lambda: self._join_selected("spectator"))
        self.join_button.clicked.connect(lambda: self._join_selected("player"))
        list_buttons.addWidget(self.watch_button)
        list_buttons.addWidget(self.join_button)
        lay.addLayout(list_buttons)
        addr_title = QLabel(self.tr("Join by address"), self)
        addr_title.setObjectName("SideTitle")
        lay.addWidget(addr_title)
        addr_row = QHBoxLayout()
        self.address = QLineEdit(self)
        self.address.setPlaceholderText(self.tr("192.168.1.20:47147, [fe80::1]:47147 or an invitation (patrician:…)"))
        self.address.setText(str(settings.value("lan/address", "")) if settings else "")
        self.address.returnPressed.connect(lambda: self.join_address("player"))
        self.address_button = QPushButton(self.tr("Join"), self)
        self.address_button.clicked.connect(lambda: self.join_address("player"))
        self.address_watch = QPushButton(self.tr("Watch"), self)
        self.address_watch.clicked.connect(lambda: self.join_address("spectator"))
        addr_row.addWidget(self.address, 1)
        addr_row.addWidget(self.address_watch)
        addr_row.addWidget(self.address_button)
        lay.addLayout(addr_row)
        self.problem = plain.new_label("", self)  # quotes what was typed
        self.problem.setStyleSheet(f"color: {theme.REFUSED};")
        self.problem.setWordWrap(True)
        lay.addWidget(self.problem)
        cancel_row = QHBoxLayout()
        cancel_row.addStretch(1)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.clicked.connect(self.reject)
        cancel_row.addWidget(self.cancel_button)
        lay.addLayout(cancel_row)
        self.found: dict[str, TableAd] = {}
        self._change.connect(self.table_changed)
        self.browser: TableBrowser | None = TableBrowser(self._change.emit, interfaces) if browse else None
        self.finished.connect(self._stop)
        self._sync_buttons()

    # -- the live list -----------------------------------------------------------------------------
    def table_changed(self, change: TableChange | str) -> None:
        if isinstance(change, str):
            self.empty.setText(self.tr("Cannot look for tables here ({e}); join by address.").format(e=change))
            return
        ad = change.table
        key = ad.service or ad.name
        if change.kind == "removed":
            self.found.pop(key, None)
        else:
            self.found[key] = ad
        self._refill()

    def _refill(self) -> None:
        selected = self.selected_key()
        self.tables.clear()
        states = {"lobby": self.tr("In the lobby"), "playing": self.tr("Playing"), "over": self.tr("Over")}
        for key, ad in sorted(self.found.items(), key=lambda kv: kv[1].name.casefold()):
            seats = self.tr("{taken} of {total} seated").format(taken=ad.total - ad.free, total=ad.total)
            if ad.free:
                seats += self.tr(" · {free} free").format(free=ad.free)
            item = QTreeWidgetItem([ad.name, f"{ad.address}:{ad.port}", seats, states.get(ad.state, ad.state)])
            item.setData(0, Qt.ItemDataRole.UserRole, key)
            item.setFont(0, theme.font(12, bold=True))
            self.tables.addTopLevelItem(item)
            if key == selected:
                item.setSelected(True)
        n = len(self.found)
        self.empty.setText(self.tr("Looking for tables… (if none appears, join by address below)") if n == 0 else
                           self.tr("%n table(s) found · the list follows tables as they open and close", "", n))
        self._sync_buttons()

    def selected_key(self) -> str | None:
        """The service name of the selected table, if any."""
        items = self.tables.selectedItems()
        return str(items[0].data(0, Qt.ItemDataRole.UserRole)) if items else None

    def row_of(self, name: str) -> int:
        """The row showing a table of this name (-1: not listed)."""
        for i in range(self.tables.topLevelItemCount()):
            item = self.tables.topLevelItem(i)
            if item is not None and item.text(0) == name:
                return i
        return -1

    def _sync_buttons(self) -> None:
        key = self.selected_key()
        ad = self.found.get(key) if key else None
        self.join_button.setEnabled(ad is not None and (ad.free > 0 or ad.state != "lobby"))
        self.join_button.setText(self.tr("Join table") if ad is None or ad.free > 0 or ad.state == "lobby"
                                 else self.tr("Join (rejoin my seat)"))
        self.watch_button.setEnabled(ad is not None)

    # -- joining -------------------------------------------------------------------------------------
    def _name_ok(self) -> str | None:
        name = self.name.text().strip()
        if not name:
            self.problem.setText(self.tr("Type your name first."))
            self.name.setFocus()
            return None
        return name

    def _join_selected(self, role: str) -> None:
        key = self.selected_key()
        ad = self.found.get(key) if key else None
        name = self._name_ok()
        if ad is None or name is None:
            return
        self._done(JoinRequest(ad.address, ad.port, name, role, ad.name))

    def join_address(self, role: str) -> None:
        """Join (or watch, ``role``) the table typed in the address line; a problem is said under it."""
        name = self._name_ok()
        if name is None:
            return
        try:
            host, port = _request_address(self.address.text())
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        if self.settings is not None:
            self.settings.setValue("lan/address", self.address.text().strip())
        self._done(JoinRequest(host, port, name, role, ""))

    def _done(self, request: JoinRequest) -> None:
        if self.settings is not None:
            self.settings.setValue("lan/name", request.name)
        self.request = request
        self.accept()

    def _stop(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None


def _request_address(text: str) -> tuple[str, int]:
    """(host, port) for a JoinRequest: a LAN address, or an invitation (its text, and the port that says so)."""
    from patrician_qt.ui.lan import internet

    if internet.looks_like_invitation(text):
        return internet.check(text).link, internet.INVITATION_PORT
    return parse_address(text)
