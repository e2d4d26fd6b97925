"""Playing without a mouse: number keys pick cards, arrows/Tab move a visible cursor over plots and cards,
``A``/``B`` pick plots, Enter confirms, Backspace undoes, ``?`` opens the rules.

Keys only stand in for clicks: every choice still goes through the TurnController, which offers
only what the engine's TurnBuilder allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QKeySequence, QPainter, QPen, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from patrician_qt.ui.board.city_panel import CityPanel
from patrician_qt.ui.reach.key_gate import KeyGate, typing_in
from patrician_qt.ui.text.plural import counted

if TYPE_CHECKING:
    from patrician_qt.ui.reach.game_door import GameDoor


def _t(text: str) -> str:
    return QCoreApplication.translate("Keyboard", text)


@dataclass(frozen=True, slots=True)
class Target:
    """A place on the board the keyboard cursor can rest on: a plot or a city's face-up card."""

    city: str
    kind: str  # "plot" or "card"
    plot: str | None = None


def key_names(*keys: str | QKeySequence | QKeySequence.StandardKey) -> str:
    """Keys as Qt names them in the current language ("Strg+Z", "Return", "Leertaste"), joined by " / ".

    Why not written out: the menus show their shortcuts in Qt's native text, so every other place
    that names a key uses the same words (one name for Return, "Strg" beside "Strg").
    """
    names = (QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText) for k in keys)
    return " / ".join(name for name in names if name)  # a standard key the platform lacks has no name


CONFIRM_KEYS = "Ctrl+Return"
"""The Turn menu's Confirm turn shortcut (the Return key alone chooses, and confirms a ready turn)."""


def shortcut_groups() -> list[tuple[str, list[tuple[str, str]]]]:
    """The shortcuts in groups (title, [(keys, what they do)]) for the shortcuts dialog, in the current language."""
    std = QKeySequence.StandardKey
    game = [(key_names(k), what) for k, what in ((std.New, _t("Start a new game")), (std.Save, _t("Save the game")),
                                                   (std.Open, _t("Load a saved game")), (std.Quit, _t("Quit")))
            if key_names(k)]  # a platform without a standard key for it has nothing to show
    return [
        (_t("Choosing"), [
            ("1 … 9", _t("Play the card at that place in your hand")),
            (_t("Arrow keys"), _t("Move the cursor over plots and face-up cards (left/right: next place, "
                                  "up/down: next city)")),
            (key_names("Tab", "Shift+Tab"), _t("Jump to the next / previous place you may choose now")),
            (key_names("A", "B"), _t("Build on plot A or B (when relocating: relocate from that plot of the city "
                                     "under the cursor)")),
            (key_names("Return"), _t("Choose the place under the cursor; when the turn is ready, confirm it")),
        ]),
        (_t("The turn"), [
            (key_names(CONFIRM_KEYS), _t("Confirm the turn")),
            (key_names("Backspace", QKeySequence.StandardKey.Undo), _t("Undo a step of this turn")),
            (key_names("S"), _t("Skip the relocation")),
            (key_names("H"), _t("Ask for a hint")),
        ]),
        (_t("Looking"), [
            (key_names("P"), _t("Look through your played stack (R8); click a player for theirs, as far as the "
                                "table shows it")),
            (key_names("Space"), _t("Show the bots' moves at once")),
            (key_names("?", "F1"), _t("Open the rules")),
            (key_names("I"), _t("Read the whole board aloud (screen readers)")),
            (key_names("T"), _t("Say again whose turn it is and what to do now")),
            (key_names("F6", "Shift+F6"),
             _t("Move between the board, the players, the hand, the log and (at a LAN table) the chat")),
        ]),
        (_t("The game"), game),
    ]


def shortcut_table() -> list[tuple[str, str]]:
    """(keys, what they do) of every shortcut, in the current language (the groups' rows in one list)."""
    return [row for _title, rows in shortcut_groups() for row in rows]


class FocusRing(QGraphicsItem):
    """The keyboard cursor on the board: a thick two-tone frame, visible on every city colour."""

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self.setZValue(50)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def boundingRect(self) -> QRectF:
        """The framed rectangle plus the pen."""
        return self._rect.adjusted(-6, -6, 6, 6)

    def place(self, rect: QRectF) -> None:
        """Frame this scene rectangle."""
        self.prepareGeometryChange()
        self._rect = rect
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        """Dark outer line, light inner dashes: readable on light and dark."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#111111"), 6))
        painter.drawRoundedRect(self._rect, 7, 7)
        painter.setPen(QPen(QColor("#FFFFFF"), 2.5, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(self._rect, 7, 7)


class KeyboardPlay(QObject):
    """Keyboard control of a game window's turn building; ``moved(text)`` says where the cursor is."""

    moved = Signal(str)

    def __init__(self, window: GameDoor) -> None:
        super().__init__(window.as_widget())
        self.window = window
        self.cursor: Target | None = None
        self.keyboard_used = False
        self.mouse_last = False  # the mouse moved over the board after the last key: it owns the preview
        self.ring = FocusRing()
        window.scene.addItem(self.ring)
        view = window.board_view
        view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)  # mouse moves: the mouse takes the preview back
        window.scene.plotHovered.connect(self._mouse_on_plot)
        self.shortcuts: list[QShortcut] = []
        for n in range(1, 10):
            self._key(str(n), lambda n=n: self.pick_card(n))
        self._key("A", lambda: self.pick_plot("A"))
        self._key("B", lambda: self.pick_plot("B"))
        self._key("Backspace", self.undo)
        for key in ("Return", "Enter"):
            self._key(key, self.enter)
        for keys, delta in (("F6", 1), ("Shift+F6", -1)):
            sc = QShortcut(QKeySequence(keys), self.window.as_widget())
            sc.activated.connect(self._used)
            sc.activated.connect(lambda d=delta: self.next_panel(d))
        window.controller.changed.connect(self._controller_changed)
        window.turnReady.connect(lambda _seat: self._turn_ready())
        self.gate = KeyGate(window)  # type: ignore[arg-type]
        self.gate.pressed.connect(self._used)  # e.g. Tab from the hand into the board
        bar = window.turn_bar
        self._bar_buttons = (bar.rule_link, bar.hint, bar.undo, bar.skip, bar.confirm)
        # the application's focus changes, not an event filter on the buttons: a filter is also called while
        # the widgets are destroyed at the app's end, and Python code run then crashed the interpreter
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._bar_focus)

    def _key(self, keys: str, slot: object) -> None:
        sc = QShortcut(QKeySequence(keys), self.window.as_widget())
        sc.setContext(Qt.ShortcutContext.WindowShortcut)
        sc.activated.connect(self._used)
        sc.activated.connect(slot)
        self.shortcuts.append(sc)

    def _used(self) -> None:
        """A key of ours was pressed: from now on the cursor stays visible (mouse players never see it), and
        the keys own the preview until the mouse moves again."""
        self.keyboard_used = True
        self.mouse_last = False

    def _mouse_on_plot(self, city: str, plot: str) -> None:
        """The mouse rests on a plot: the cursor follows it (the window already gave the preview the plot)."""
        if plot and self.mouse_last and self.keyboard_used and self.window.scene.panels.get(city) is not None:
            self.move_to(Target(city, "plot", plot), say=False)

    # -- where the cursor can go -----------------------------------------------------------------------
    def _playing(self) -> bool:
        w = self.window
        return w.stack.currentWidget() is w.page and w.controller.active

    def targets(self) -> list[Target]:
        """Every plot and face-up card, cities in reading order (north to south, west to east)."""
        panels = sorted(self.window.scene.panels.values(), key=lambda p: (round(p.pos().y()), p.pos().x()))
        out: list[Target] = []
        for p in panels:
            out += [Target(p.city, "plot", "A"), Target(p.city, "plot", "B"), Target(p.city, "card")]
        return out

    def lit(self) -> list[Target]:
        """The places that may be chosen now (drawn lit on the board)."""
        out = []
        for t in self.targets():
            marks = self.window.scene.panels[t.city].marks
            if (t.kind == "plot" and t.plot in marks.plots) or (t.kind == "card" and marks.card):
                out.append(t)
        return out

    def move_to(self, target: Target | None, say: bool = True) -> None:
        """Put the cursor on a place (None hides it) and say what is there (not when it follows the mouse:
        the mouse's own place is not read aloud at every move)."""
        self.cursor = target
        if target is None:
            self.ring.hide()
            return
        panel = self.window.scene.panels.get(target.city)
        if panel is None:
            self.cursor = None
            self.ring.hide()
            return
        local = CityPanel.plot_rect(target.plot or "A") if target.kind == "plot" else panel.card_rect()
        self.ring.place(panel.mapRectToScene(local.adjusted(-3, -3, 3, 3)))
        self.ring.setVisible(self.keyboard_used)  # the cursor follows every choice, but only key players see it
        if self.keyboard_used and not self.mouse_last:  # keys moved last: the cursor previews a build as the
            self.window.controller.hover_plot(target.city, target.plot if target.kind == "plot" else None)  # mouse does
        self.moved.emit(self.describe(target))

    def describe(self, target: Target) -> str:
        """The cursor's place in a few words, for screen readers (the whole board is on key I)."""
        from patrician_qt.ui.board.standing_text import cursor_words
        from patrician_qt.ui.reach.board_words import card_place_text, plot_text

        panel = self.window.scene.panels[target.city]
        names = [p.name for p in panel.players]
        if target.kind == "plot":
            text = plot_text(panel.row, target.plot or "A", names)
            text += cursor_words(panel, target.plot or "A")  # who holds it; the build's preview (ui/board)
            new = sum(1 for plot, _seat in panel.marks.ghosts if plot == target.plot)
            if new:  # floors chosen in this turn, not yet confirmed
                text += "; " + counted("Keyboard", "%n new floor(s) of yours here", new)
        else:
            text = card_place_text(panel.row)
        if target in self.lit():
            text += " — " + _t("can be chosen now")
        return text

    def step(self, delta: int, only_lit: bool = False) -> bool:
        """Move the cursor ``delta`` places (only over lit places if asked); False when there is none."""
        places = self.lit() if only_lit else self.targets()
        if not places:
            return False
        if self.cursor in places:
            i = (places.index(self.cursor) + delta) % len(places)
        else:
            i = 0 if delta > 0 else len(places) - 1
        self.move_to(places[i])
        return True

    def step_city(self, delta: int) -> None:
        """Move the cursor to the same kind of place in the next/previous city."""
        places = self.targets()
        if self.cursor not in places:
            self.step(1)
            return
        i = (places.index(self.cursor) + 3 * delta) % len(places)
        self.move_to(places[i])

    # -- actions -----------------------------------------------------------------------------------------
    def pick_card(self, n: int) -> None:
        """Play the n-th card of the hand (1-based)."""
        if not self._playing():
            self.not_now()
            return
        model = self.window.hand_model
        if 1 <= n <= model.rowCount():
            from patrician_qt.ui.board.hand_model import HandModel

            idx = model.index(n - 1, 0)
            self.window.hand_view.setCurrentIndex(idx)
            self.window.controller.click_card(idx.data(HandModel.CardRole))

    def pick_plot(self, plot: str) -> None:
        """Build on a plot of the card's city, or relocate from that plot of the city under the cursor."""
        if not self._playing():
            self.not_now()
            return
        c = self.window.controller
        b = c.builder
        if b is None:
            return
        if b.step == "build":
            c.click_plot(b.city or "", plot)
        elif b.step == "relocate":
            if self.cursor is None:
                first = _t("Move the cursor to a city first (arrow keys or {tab})").format(tab=key_names("Tab"))
                c.message.emit(first, True)
                return
            c.click_plot(self.cursor.city, plot)
        else:  # the controller explains why no plot can be chosen now (R8, R14 …)
            city = self.cursor.city if self.cursor else (b.city or next(iter(self.window.scene.panels), ""))
            c.click_plot(city, plot)

    def enter(self) -> None:
        """Confirm a ready turn; otherwise choose the place under the cursor (or the only choice)."""
        if not self._playing():
            self.not_now()
            return
        c = self.window.controller
        if c.can_confirm():
            c.confirm()
            return
        b = c.builder
        if b is not None and b.step == "take":
            opts = [o for o in b.options() if o is not None]
            if self.cursor is None and len(opts) == 1:
                c.click_card_at(opts[0])
                return
        t = self.cursor
        if t is None:
            c.message.emit(c.prompt(), False)
        elif t.kind == "plot":
            c.click_plot(t.city, t.plot or "A")
        else:
            c.click_card_at(t.city)

    def not_now(self) -> None:
        """A key of the turn pressed while there is no turn of this player's to build: say why, so a listener
        is not left with silence (a sighted player sees whose turn it is). Nothing while another page is shown
        (the start screen's own focus is read)."""
        from patrician_qt.ui.reach.announcer import window_announcer

        w = self.window
        announcer = window_announcer(w.as_widget())
        if announcer is None or w.stack.currentWidget() is not w.page:
            return
        announcer.say(self.why_not_now(), "asked")
        announcer.flush()

    def why_not_now(self) -> str:
        """Why the turn's keys do nothing now: whose turn it is (a bot's: Space shows its move at once), the
        game is over, or a replay is shown."""
        w = self.window
        session, update = w.session, w.shown_update
        if session is None or update is None:
            return _t("No game on the table.")
        if update.over:
            return _t("The game is over; T says the result.")
        if session.replay() is not None:
            return _t("This is a replay: there is no turn to play.")
        to_move = update.view(None).get("to_move")
        seats = session.seats()
        if to_move is None or not 0 <= to_move < len(seats):
            return _t("It is not your turn.")
        seat = seats[to_move]
        if seat.is_bot:
            return _t("It is not your turn: {name} is moving; {key} shows the bots' moves at once.").format(
                name=seat.name, key=key_names("Space"))
        if to_move in session.local_humans():
            return _t("Your turn comes in a moment, {name}.").format(name=seat.name)
        return _t("It is not your turn: {name} is moving.").format(name=seat.name)

    def unavailable(self, button: QWidget) -> None:
        """A turn bar key (S, H, Ctrl+Return, Ctrl+Z) whose button cannot be pressed now: during the player's own
        turn the turn controller says why (the rule), otherwise ``not_now``."""
        if not self._playing():
            self.not_now()
            return
        c, bar = self.window.controller, self.window.turn_bar
        if button is bar.skip:
            c.skip()
        elif button is bar.confirm:
            c.confirm()
        elif button is bar.undo:
            c.undo()
        else:
            c.message.emit(_t("No hint now."), False)

    def next_panel(self, delta: int = 1) -> QWidget:
        """F6: the keyboard focus goes to the next of board, players, hand, log and chat (Tab on the board first
        moves over the places that may be chosen, then on to the next panel)."""
        w = self.window
        tabs = w.page.side_tabs  # the log and the LAN chat, maybe two tabs of one place: F6 brings the tab up
        panels: list[QWidget] = [w.board_view, w.players_view, w.hand_view, *tabs.stops()]
        panels = [p for p in panels if (p.isVisible() or tabs.holds(p)) and p.isEnabled()] or [w.board_view]
        focus = QApplication.focusWidget()
        i = panels.index(focus) if focus in panels else -1
        target = panels[(i + delta) % len(panels)]
        tabs.reveal(target)
        target.setFocus(Qt.FocusReason.TabFocusReason)
        return target

    def undo(self) -> None:
        """Undo one step of the turn."""
        if self._playing():
            self.window.controller.undo()
        else:
            self.not_now()

    # -- events ------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Arrows and Tab on the board move the cursor; Tab leaves the board past the last lit place."""
        etype = event.type()
        if etype == QEvent.Type.MouseMove and watched is not self.window.board_view:
            self.mouse_last = True  # from the board's viewport: whichever moved last owns the preview
            return False
        if etype == QEvent.Type.FocusIn:
            # Only a key player sees the cursor: the focus also comes when the window becomes active late, on a
            # click, or (as a "Tab" focus) when a focused button is disabled, and a mouse player must not see it.
            reason = event.reason() if isinstance(event, QFocusEvent) else None
            lit = self.lit() if self._playing() else []
            if self.keyboard_used and lit and reason in (Qt.FocusReason.TabFocusReason,
                                                         Qt.FocusReason.BacktabFocusReason):
                # Tab came round from the panels: start at the first place (Shift+Tab: the last one)
                self.move_to(lit[-1 if reason == Qt.FocusReason.BacktabFocusReason else 0])
            elif self.keyboard_used and self._playing():
                if self.cursor is None:
                    self.step(1, only_lit=True) or self.step(1)
                else:
                    self.ring.show()  # it followed the mouse's choices unseen (no hover: the mouse may be here)
        elif etype == QEvent.Type.FocusOut:
            pass
        elif etype == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            self._used()
            if key in (Qt.Key.Key_Right, Qt.Key.Key_Left):
                self.step(1 if key == Qt.Key.Key_Right else -1)
                return True
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
                self.step_city(1 if key == Qt.Key.Key_Down else -1)
                return True
            if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and self._playing():
                back = key == Qt.Key.Key_Backtab or bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
                lit = self.lit()
                if lit and self.cursor == lit[0 if back else -1]:
                    return False  # past the last place Tab goes on to the next panel: the board is no Tab trap
                return self.step(-1 if back else 1, only_lit=True)
        return False

    def _bar_focus(self, old: QWidget | None, now: QWidget | None) -> None:
        """A focused turn-bar button that goes away (the refusal's "Rule R8" once the step is valid) or is
        disabled (at a game's start, one after the other) hands the focus to the board, not to its neighbour:
        Return would press "Hint" and then "Undo", and each hop of the focus made the screen reader drop
        waiting announcements (Orca prunes its queue at every focus change while it is behind)."""
        if old is None or old not in self._bar_buttons or (old.isVisible() and old.isEnabled()):
            return
        board = self.window.board_view
        if now is not board and self._playing() and board.isVisible() and board.isEnabled():
            board.setFocus(Qt.FocusReason.OtherFocusReason)

    def _controller_changed(self) -> None:
        """After each choice, keep the cursor on a lit place when there is one."""
        if not self.window.controller.active:
            return
        lit = self.lit()
        if lit and self.cursor not in lit:
            self.move_to(lit[0])
        elif self.cursor is not None:
            self.move_to(self.cursor)

    def _turn_ready(self) -> None:
        """A human's turn: the board takes the keyboard focus so arrows work at once (never from a text
        field the player is typing in); a keyboard player keeps seeing the cursor, a mouse player does not."""
        if not typing_in(self.window):  # type: ignore[arg-type]
            self.window.board_view.setFocus(Qt.FocusReason.OtherFocusReason)
        if not self.keyboard_used:
            self.move_to(None)
        elif self.cursor is None:
            self.step(1)
        else:
            self.move_to(self.cursor)
