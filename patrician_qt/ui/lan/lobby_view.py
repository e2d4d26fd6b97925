"""The lobby: who sits where, open seats to take, the host's seat settings and Start, and the chat."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.engine import default_colors
from patrician_qt.net.hosted import SeatEntry
from patrician_qt.ui.board import theme
from patrician_qt.ui.game.table_choice import table_words
from patrician_qt.ui.game.turn_bar import SeatBadge
from patrician_qt.ui.lan.chat_panel import ChatPanel
from patrician_qt.ui.session.config import BOT_LEVELS
from patrician_qt.ui.text import plain
from patrician_qt.ui.text.seat_names import display_name


class LobbyView(QWidget):
    """One page of the main window's stack; the LAN controller feeds it the seat list."""

    sit = Signal(int)
    setSeat = Signal(int, str, object)  # seat, "open" | "bot", level (str, or None: Signal(str) turns None into "")
    removePlayer = Signal(int, str)  # seat, the name of the player the host confirmed to remove
    startGame = Signal()
    leave = Signal()
    invite = Signal()  # the host asks to see the internet table's invitation again

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LobbyPage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.is_host = False
        self.my_seat: int | None = None
        self.seats: list[SeatEntry] = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 30, 40, 30)
        self.card = QFrame(self)
        self.card.setObjectName("LobbyCard")
        self.card.setStyleSheet(
            f"#LobbyCard {{ background: {theme.PARCHMENT}; border: 2px solid {theme.FRAME}; border-radius: 12px; }}"
            f" #LobbyCard QLabel {{ color: {theme.INK}; background: transparent; }}")
        self.card.setMaximumWidth(1060)
        outer.addWidget(self.card, 1, Qt.AlignmentFlag.AlignHCenter)
        lay = QVBoxLayout(self.card)
        lay.setContentsMargins(28, 20, 28, 20)
        lay.setSpacing(8)
        self.title = plain.new_label("", self.card)  # the table's name
        self.title.setFont(theme.font(24, bold=True))
        self.subtitle = plain.new_label("", self.card)
        self.subtitle.setFont(theme.font(11.5, italic=True))
        self.subtitle.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table_kind = QLabel(self.card)  # the table option (R26 / R26a), told before the game starts
        self.table_kind.setFont(theme.font(11.5, bold=True))
        self.table_kind.setWordWrap(True)
        self.table_kind.setTextFormat(Qt.TextFormat.PlainText)
        #: how a guest's connection by invitation travels (direct or through a relay), or hidden
        self.route = plain.new_label("", self.card)
        self.route.setFont(theme.font(11.5))
        self.route.setWordWrap(True)
        self.route.hide()
        #: the host of an internet table shows its invitation again from here (friends join later too)
        self.invite_button = QPushButton(self.tr("Invite friends over the internet…"), self.card)
        self.invite_button.clicked.connect(self.invite)
        self.invite_button.hide()
        lay.addWidget(self.title)
        lay.addWidget(self.subtitle)
        lay.addWidget(self.route)
        lay.addWidget(self.table_kind)
        body = QHBoxLayout()
        body.setSpacing(22)
        left = QVBoxLayout()
        seats_title = QLabel(self.tr("Seats"), self.card)
        seats_title.setObjectName("SideTitle")
        left.addWidget(seats_title)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(12)
        self.grid.setVerticalSpacing(6)
        left.addLayout(self.grid)
        self.watching = plain.new_label("", self.card)  # "Watching: Cleo, Dan" (names from the host)
        self.watching.setFont(theme.font(10.5, italic=True))
        self.watching.setWordWrap(True)
        self.watching.hide()
        left.addWidget(self.watching)
        left.addSpacing(18)
        self.help = QLabel(self.card)
        self.help.setWordWrap(True)
        self.help.setFont(theme.font(11))
        self.help.setTextFormat(Qt.TextFormat.RichText)
        self.help.setStyleSheet(
            f"QLabel {{ background: {theme.PARCHMENT_LIGHT}; border: 1px solid {theme.PARCHMENT_DARK};"
            f" border-radius: 6px; padding: 10px 12px; color: {theme.INK}; }}")
        left.addWidget(self.help)
        left.addStretch(1)
        body.addLayout(left, 3)
        self.chat = ChatPanel(self.card)
        self.chat.setMinimumWidth(330)
        body.addWidget(self.chat, 2)
        lay.addLayout(body, 1)
        self.message = plain.new_label("", self.card)  # may quote the host
        self.message.setWordWrap(True)
        self.message.setFont(theme.font(11, italic=True))
        lay.addWidget(self.message)
        buttons = QHBoxLayout()
        self.leave_button = QPushButton(self.tr("Leave the table"), self.card)
        self.leave_button.clicked.connect(self.leave)
        self.start_button = QPushButton(self.tr("Start the game"), self.card)
        self.start_button.setObjectName("Confirm")
        self.start_button.setMinimumWidth(200)
        self.start_button.clicked.connect(self.startGame)
        buttons.addWidget(self.leave_button)
        buttons.addWidget(self.invite_button)
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        lay.addLayout(buttons)
        self.rows: list[dict[str, QWidget]] = []
        #: the host's seat choices, one per seat, kept across rebuilds (see ``_seat_choice``)
        self._choices: dict[int, QComboBox] = {}
        self.confirm: QMessageBox | None = None  # "Remove Ben from the table?" while it is asked
        self._offline: set[str] = set()  # players said to have gone offline (so their return is said)

    def setup(self, table: str, address: str, is_host: bool) -> None:
        """Name the table; the host also sees where the others join and gets the seat controls."""
        self.is_host = is_host
        self.title.setText(table)
        self.subtitle.setText(
            self.tr("You host this table · others join at {address}").format(address=address) if is_host
            else self.tr("Lobby at {address} · the host starts the game").format(address=address))
        self.start_button.setVisible(is_host)
        # the host's way out closes the table for everyone: its label says so
        self.leave_button.setText(self.tr("Close the table") if is_host else self.tr("Leave the table"))
        self.message.setText("")
        if is_host:
            self.help.setText(plain.markup(self.tr(
                "<b>How the others join</b><br>On this network they find <i>{table}</i> under "
                "<i>Join LAN game</i> on the start screen. Where discovery is blocked they type "
                "<b>{address}</b>.<br>Set each free seat to wait for a player or to be played by a bot; "
                "once every seat is filled, say hello and press <i>Start the game</i>."
            ), table=table, address=address))
        else:
            self.help.setText(self.tr(
                "<b>While you wait</b><br>The host fills the free seats with players or bots and starts the "
                "game. Take another open seat if you like, and say hello in the chat."))

    def set_route(self, words: str) -> None:
        """Say how this guest's connection travels (``net_text.route_words``); "" hides the line."""
        self.route.setText(words)
        self.route.setVisible(bool(words))

    def set_invitable(self, on: bool) -> None:
        """Offer the host the invitation again (the table is open for the internet too)."""
        self.invite_button.setVisible(on)

    def set_visibility(self, visibility: str) -> None:
        """Say which table this is: the rulebook table (R26) or the open table (R26a)."""
        if visibility == "open":
            text = self.tr("{table}: every stack, won tile and score is shown to everyone.")
        else:
            text = self.tr("{table}: as in the box, others see only the top card of your played stack and how "
                           "many fame tiles you won, face down.")
        self.table_kind.setText(text.format(table=table_words(visibility)))
        self.table_kind.setProperty("visibility", visibility)

    def set_message(self, text: str, refusal: bool = False) -> None:
        """A hint or a refusal under the seats."""
        self.message.setStyleSheet(f"color: {theme.REFUSED if refusal else theme.FRAME};")
        self.message.setText(text)

    def set_seats(self, seats: list[SeatEntry], my_seat: int | None) -> None:
        """Show the seat list (rebuilt: at most five rows)."""
        self._say_comings_and_goings(self.seats, seats, my_seat)
        self.seats, self.my_seat = list(seats), my_seat
        kept = set(self._choices.values())
        # removeWidget deletes the layout's item; takeAt would hand it to Python, which drops it and leaks it
        items = [self.grid.itemAt(i) for i in range(self.grid.count())]
        for widget in [item.widget() for item in items if item is not None]:
            if widget is not None:
                self.grid.removeWidget(widget)
                if widget in kept:
                    widget.hide()
                else:
                    widget.deleteLater()
        self.rows = []
        colors = default_colors(max(2, len(seats)))
        for i, s in enumerate(seats):
            badge = SeatBadge(self.card)
            badge.set_color(colors[i] if i < len(colors) else None)
            name = plain.new_label(self._name(i, s), self.card)
            name.setFont(theme.font(13, bold=s.get("kind") != "open"))
            status = plain.new_label(self._status(i, s), self.card)
            status.setFont(theme.font(10.5, italic=True))
            status.setStyleSheet(f"color: {theme.FRAME};")
            status.setWordWrap(True)  # "du · Gastgeber · verbunden" must not make the window wider than 1024 px
            action: QWidget | None = None
            if self.is_host and s.get("kind") != "human":
                action = self._seat_choice(i, s)
            elif self.is_host and i != my_seat:  # another player: the host may remove them (asked first)
                held = str(s.get("name") or "")
                button = QPushButton(self.tr("Remove…"), self.card)
                button.setAccessibleName(self.tr("Remove {name} from the table").format(name=display_name(held)))
                button.setToolTip(plain.tip(button.accessibleName()))
                button.setStyleSheet("QPushButton { padding: 3px 12px; font-size: 12px; }")  # a combo's height
                button.clicked.connect(lambda _=False, seat=i, name=held: self.ask_remove(seat, name))
                action = button
            elif s.get("kind") == "open" and not self.is_host:
                button = QPushButton(self.tr("Take this seat"), self.card)
                button.clicked.connect(lambda _=False, seat=i: self.sit.emit(seat))
                action = button
            row = {"badge": badge, "name": name, "status": status}
            self.grid.addWidget(badge, i, 0)
            self.grid.addWidget(name, i, 1)
            self.grid.addWidget(status, i, 2)
            if action is not None:
                action.setMinimumWidth(170)
                self.grid.addWidget(action, i, 3)
                action.show()  # a kept choice was hidden while the rows were rebuilt
                row["action"] = action
            self.rows.append(row)
        self.grid.setColumnStretch(1, 1)
        box = self.confirm
        if box is not None and box.isVisible():
            seat, name = box.property("seat"), box.property("player")
            if not (0 <= seat < len(seats) and seats[seat].get("kind") == "human" and seats[seat].get("name") == name):
                box.reject()  # that player left or moved meanwhile: nothing to confirm any more
        filled = sum(1 for s in seats if s.get("kind") != "open")
        self.start_button.setEnabled(filled >= 2)
        self.start_button.setToolTip("" if filled >= 2 else self.tr("At least two seats must be filled"))
        self.start_button.setText(self.tr("Start the game") if filled == len(seats) or filled < 2
                                  else self.tr("Start with %n player(s)", "", filled))
        offline = [display_name(str(s.get("name") or "")) for i, s in enumerate(seats)
                   if s.get("kind") == "human" and not s.get("connected") and i != my_seat]
        if self.is_host:
            left = len(seats) - filled
            if offline:  # a seat whose player went is not a filled seat for a game about to start
                text = self.tr("{name} went offline: wait for them to come back, or remove them to open the "
                               "seat.").format(name=offline[0])
            elif left == 0:
                text = self.tr("Every seat is filled: start the game when everyone is ready.")
            elif filled < 2:
                text = self.tr("Waiting for players: at least two seats must be filled to start.")
            else:
                text = " ".join((self.tr("%n seat(s) still open.", "", left),
                                 self.tr("Start now with %n player(s), or wait for more.", "", filled)))
            self.set_message(text)
        else:
            self.set_message(self.tr("You watch this table: take an open seat to play.") if my_seat is None
                             else self.tr("Waiting for the host to start the game…"))

    def set_spectators(self, names: list[str]) -> None:
        """Who watches the table (spectators have no seat, so the rows do not show them)."""
        shown = [display_name(n) for n in names]
        self.watching.setText(self.tr("Watching: {names}").format(names=", ".join(shown)) if shown else "")
        self.watching.setVisible(bool(shown))

    def _say_comings_and_goings(self, before: list[SeatEntry], after: list[SeatEntry], mine: int | None) -> None:
        """A chat note when another seated player's connection goes or comes back (the seat list alone only
        changes a word in a row, which nobody notices)."""
        for i, (old, new) in enumerate(zip(before, after, strict=False)):
            same_player = old.get("kind") == new.get("kind") == "human" and old.get("name") == new.get("name")
            if i == mine or not same_player:
                continue
            name = display_name(str(new.get("name") or ""))
            key = str(new.get("name") or "")
            if old.get("connected") and not new.get("connected"):
                self._offline.add(key)
                self.chat.add_notice(self.tr("{name} went offline; the seat waits for them a while.").format(name=name))
            elif new.get("connected") and key in self._offline:  # (a newcomer's seat is taken, then connected)
                self._offline.discard(key)
                self.chat.add_notice(self.tr("{name} is back.").format(name=name))

    def _name(self, i: int, s: SeatEntry) -> str:
        if s.get("kind") == "open":
            return self.tr("Open seat")
        return display_name(str(s.get("name") or ""))

    def _status(self, i: int, s: SeatEntry) -> str:
        kind = s.get("kind")
        if kind == "open":
            return self.tr("waiting for a player")
        if kind == "bot":
            return self.tr("Bot · {level}").format(level=self.tr(str(s.get("level") or "").capitalize()))
        parts = [self.tr("you") if i == self.my_seat else self.tr("player")]
        if s.get("host"):  # only the seat the table marks as its host's, never seat 0 as such
            parts.append(self.tr("host"))
        parts.append(self.tr("connected") if s.get("connected") else self.tr("offline"))
        return " · ".join(parts)

    def ask_remove(self, seat: int, name: str) -> None:
        """Ask before removing a player (a misclick must not throw anyone out); Remove emits removePlayer."""
        if self.confirm is not None:
            self.confirm.close()
        who = display_name(name)
        box = self.confirm = plain.message_box(
            self, QMessageBox.Icon.Question, self.tr("Remove a player"),
            self.tr("Remove {name} from the table?").format(name=who), QMessageBox.StandardButton.Cancel,
            informative=self.tr("The seat becomes open for another player. {name} can join again as a new player "
                                "while a seat is open.").format(name=who))
        remove = box.addButton(self.tr("Remove"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setProperty("seat", seat)
        box.setProperty("player", name)
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def chosen(_result: int) -> None:
            if self.confirm is box:
                self.confirm = None
            if box.clickedButton() is remove:
                self.removePlayer.emit(seat, name)

        box.finished.connect(chosen)
        box.open()

    def _seat_choice(self, seat: int, entry: SeatEntry) -> QComboBox:
        """The host's choice for an open or bot seat, showing what the seat is now.

        Made once per seat and kept: a QComboBox made and destroyed under a style sheet leaves about 1 KB
        behind in Qt 6.11, and the rows are rebuilt at every change of every lobby (measured with
        ``tests/ui/lan/test_lobby_gives_back.py``)."""
        combo = self._choices.get(seat)
        if combo is None:
            combo = self._choices[seat] = QComboBox(self.card)
            combo.activated.connect(lambda _i, c=combo, n=seat: self._combo(n, c))
        combo.clear()  # the words follow a language switch; clear() and addItem() never emit activated
        combo.addItem(self.tr("Open for a player"), ("open", None))
        for level in BOT_LEVELS:
            combo.addItem(self.tr("Bot · {level}").format(level=self.tr(level.capitalize())), ("bot", level))
        combo.setCurrentIndex(0 if entry.get("kind") == "open" else
                              1 + BOT_LEVELS.index(entry["level"]) if entry.get("level") in BOT_LEVELS else 0)
        return combo

    def _combo(self, seat: int, combo: QComboBox) -> None:
        kind, level = combo.currentData()
        self.setSeat.emit(seat, kind, level)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Dark wood with a gold frame, like the start screen."""
        p = QPainter(self)
        theme.paint_wood_frame(p, QRectF(self.rect()))
        p.end()
