"""The game window: board, players, hand, log and the turn bar, driven by a Session.

It shows views only. Which hand is visible follows R26 and hot-seat privacy: one human at
this machine always sees their own hand; with several humans the hand shows only after
the player to move has pressed through the privacy screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QMoveEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.engine import stack_size, write_record
from patrician_qt.ui.board.board_items import CityMarks, Player
from patrician_qt.ui.board.board_model import BoardModel
from patrician_qt.ui.board.board_view import BoardScene, BoardView
from patrician_qt.ui.board.hand_model import HandModel
from patrician_qt.ui.board.hand_view import HandView
from patrician_qt.ui.board.log_model import LogModel
from patrician_qt.ui.board.log_view import LogView
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.board.players_view import PlayersView
from patrician_qt.ui.board.theme import style_sheet
from patrician_qt.ui.game.presenter import SPEEDS, Presenter
from patrician_qt.ui.game.privacy_screen import PrivacyScreen
from patrician_qt.ui.game.score_sheet import ScoreSheet
from patrician_qt.ui.game.turn_bar import TurnBar
from patrician_qt.ui.game.turn_controller import TurnController
from patrician_qt.ui.reach.keyboard import CONFIRM_KEYS, key_names
from patrician_qt.ui.session.contract import Update
from patrician_qt.ui.text import plain
from patrician_qt.ui.text.card_names import card_name
from patrician_qt.ui.text.event_text import LogEvent

if TYPE_CHECKING:
    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.session.contract import Session

SIDE_W = 306
SIDE_W_LARGE = 390


class GamePage(QWidget):
    """The in-game layout: turn bar and board on the left, players, hand and log on the right."""

    def __init__(self, board: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("GamePage")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(8, 8, 8, 8)
        outer.setSpacing(8)
        left = QVBoxLayout()
        left.setSpacing(6)
        self.turn_bar = TurnBar(self)
        left.addWidget(self.turn_bar)
        from patrician_qt.ui.game.replay_bar import ReplayBar

        self.replay_bar = ReplayBar(self)
        self.replay_bar.hide()
        left.addWidget(self.replay_bar)
        left.addWidget(board, 1)
        self._left = left
        outer.addLayout(left, 1)
        side = self.side = QFrame(self)
        side.setObjectName("SidePanel")
        side.setFixedWidth(SIDE_W)
        col = QVBoxLayout(side)
        col.setContentsMargins(8, 6, 8, 8)
        col.setSpacing(4)
        self.players_title = self._title(self.tr("Players"), side)
        self.players_view = PlayersView(side)
        self.hand_title = self._title(self.tr("Your hand"), side)
        self.hand_view = HandView(side)
        self.log_title = self._title(self.tr("Log"), side)
        self.log_view = LogView(side)
        self.log_view.setObjectName("LogView")
        for w in (self.players_title, self.players_view, self.hand_title, self.hand_view, self.log_title):
            col.addWidget(w)
        col.addWidget(self.log_view, 1)
        outer.addWidget(side)

    def add_banner(self, banner: QWidget) -> None:
        """Put a banner (e.g. the tutorial's) between the turn bar and the board."""
        self._left.insertWidget(2, banner)

    def set_replay_mode(self, on: bool) -> None:
        """Show the replay controls instead of the turn bar."""
        self.turn_bar.setVisible(not on)
        self.replay_bar.setVisible(on)

    def fit_width(self, width: int) -> None:
        """A wider side panel and bigger cards on big screens."""
        side = SIDE_W if width < 1600 else SIDE_W_LARGE
        if self.side.width() != side:
            self.side.setFixedWidth(side)
            self.hand_view.set_card_width(82 if side == SIDE_W else 110)

    @staticmethod
    def _title(text: str, parent: QWidget) -> QLabel:
        label = plain.new_label(text, parent)  # "Hand of <name>"
        label.setObjectName("SideTitle")
        label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)  # never squeezed (issue 14)
        return label


class MainWindow(QMainWindow):
    """The main window; ``start_session`` shows a game, ``shown(update)`` after each update is on screen."""

    shown = Signal(Update)  # now on screen
    turnReady = Signal(int)  # a local human may now act for this seat
    gameOver = Signal(Update)  # the final one
    newGameRequested = Signal()
    playAgainRequested = Signal()  # the score sheet's again button (a new game here, a rematch at a LAN table)
    mainMenuRequested = Signal()  # Game ▸ Main menu, or the score sheet's button: back to the start screen
    loadRequested = Signal()  # Game ▸ Load a saved game…
    replayClosed = Signal()
    closed = Signal()  # the window was closed: the app ends

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Patrician"))
        self.setStyleSheet(style_sheet())
        self.settings = settings
        self.session: Session | None = None
        self.saves_dir: Path | None = None  # where the save, export and replay dialogs start
        #: asks before the game on screen is left (set by the app's flow); None: nothing to ask
        self.leave_guard: Callable[[Callable[[], object]], None] | None = None
        self.watch_seat: int | None = None
        self._revealed: int | None = None
        self._shown: Update | None = None
        self._bot_marks: dict[str, CityMarks] = {}
        self.trouble_box: TroubleBox | None = None  # made when a game first reports trouble
        self._help_menu: QMenu | None = None
        # models
        self.board_model = BoardModel(self)
        self.hand_model = HandModel(self)
        self.players_model = PlayersModel(self)
        self.log_model = LogModel(self)
        # views
        self.scene = BoardScene(self.board_model, self)
        self.board_view = BoardView(self.scene)
        self.page = GamePage(self.board_view)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.page)
        self.setCentralWidget(self.stack)
        self.turn_bar = self.page.turn_bar
        self.hand_view = self.page.hand_view
        self.players_view = self.page.players_view
        self.log_view = self.page.log_view
        self.hand_view.setModel(self.hand_model)
        self.players_view.setModel(self.players_model)
        self.log_view.setModel(self.log_model)
        self.privacy = PrivacyScreen(self.stack)
        self.score_sheet = ScoreSheet(self.page, self.board_view)
        # turn building
        self.controller = TurnController(self)
        self.presenter = Presenter(self._show_step, self._apply, self)
        from patrician_qt.ui.game.hint import HintGuide

        self.hints = HintGuide(self)
        self.last_hint: object = None
        from patrician_qt.ui.game.story import StoryKeeper

        self.story = StoryKeeper(self)  # last moves on the board, "since your last turn", whose turn in the title
        self._wire()
        self._menus()
        from patrician_qt.ui.game.window_extras import install

        self.extras = install(self)  # Help menu, language, keyboard play, screen-reader texts, rule links
        self.resize(1280, 720)
        self._geometry_timer = QTimer(self)  # the window's place is kept as it changes, not only on close
        self._geometry_timer.setSingleShot(True)
        self._geometry_timer.setInterval(400)
        self._geometry_timer.timeout.connect(self.remember_geometry)
        self._load_settings()

    # -- setup ---------------------------------------------------------------------------------------
    def _wire(self) -> None:
        c = self.controller
        self.hand_view.cardClicked.connect(c.click_card)
        self.scene.plotClicked.connect(c.click_plot)
        self.scene.plotHovered.connect(lambda city, plot: c.hover_plot(city, plot or None))
        self.scene.cardClicked.connect(c.click_card_at)
        self.scene.cityClicked.connect(c.click_city)
        tb = self.turn_bar
        tb.undo.clicked.connect(c.undo)
        tb.skip.clicked.connect(c.skip)
        tb.confirm.clicked.connect(c.confirm)
        tb.hint.clicked.connect(self.ask_hint)
        c.changed.connect(self._controller_changed)
        c.message.connect(tb.set_message)
        c.stepped.connect(tb.clear_refusal)
        c.submitted.connect(self._submit)
        self.privacy.revealed.connect(self._reveal)
        self.score_sheet.playAgain.connect(self._again)
        self.score_sheet.saveRecord.connect(self.save_record_dialog)
        self.score_sheet.mainMenu.connect(self.mainMenuRequested)
        self.page.replay_bar.close_button.clicked.connect(self._close_replay)

    def _menus(self) -> None:
        bar = self.menuBar()
        game = self._game_menu = bar.addMenu(self.tr("&Game"))
        self.act_new = QAction(self.tr("&New game…"), self)
        self.act_new.setShortcut(QKeySequence.StandardKey.New)
        self.act_new.triggered.connect(self.newGameRequested)
        self.act_main_menu = QAction(self.tr("&Main menu"), self)
        self.act_main_menu.setToolTip(self.tr("Back to the start screen (an unfinished game is kept)"))
        self.act_main_menu.triggered.connect(self.mainMenuRequested)
        self.act_save_game = QAction(self.tr("&Save game…"), self)
        self.act_save_game.setShortcut(QKeySequence.StandardKey.Save)
        self.act_save_game.triggered.connect(self.save_game_dialog)
        self.act_load = QAction(self.tr("&Load a saved game…"), self)
        self.act_load.setShortcut(QKeySequence.StandardKey.Open)
        self.act_load.triggered.connect(self.loadRequested)
        self.act_save_record = QAction(self.tr("&Export record…"), self)
        self.act_save_record.triggered.connect(self.save_record_dialog)
        self.act_replay = QAction(self.tr("&Replay a record…"), self)
        self.act_replay.triggered.connect(lambda: self.leave_then(self.open_replay_dialog))
        self.act_quit = QAction(self.tr("&Quit"), self)
        self.act_quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.act_quit.triggered.connect(self.close)
        for a in (self.act_new, self.act_main_menu):
            game.addAction(a)
        game.addSeparator()
        for a in (self.act_save_game, self.act_load, self.act_save_record, self.act_replay):
            game.addAction(a)
        self.game_menu_end = game.addSeparator()  # the app's flow adds its LAN entries before this
        game.addAction(self.act_quit)
        self._refresh_file_actions()
        turn = self._turn_menu = bar.addMenu(self.tr("&Turn"))
        tb = self.turn_bar
        for label, keys, button in (
            (self.tr("&Undo a step"), QKeySequence.StandardKey.Undo, tb.undo),
            (self.tr("&Skip relocation"), QKeySequence("S"), tb.skip),
            (self.tr("&Confirm turn"), QKeySequence(CONFIRM_KEYS), tb.confirm),
            (self.tr("&Hint"), QKeySequence("H"), tb.hint),
        ):
            action = QAction(label, self)
            action.setShortcut(keys)
            action.triggered.connect(lambda checked=False, b=button: self._press(b))
            turn.addAction(action)
        turn.addSeparator()
        self.act_auto_confirm = QAction(self.tr("Confirm &automatically"), self, checkable=True)
        self.act_auto_confirm.toggled.connect(self._set_auto_confirm)
        turn.addAction(self.act_auto_confirm)
        view = self._view_menu = bar.addMenu(self.tr("&View"))
        speed = view.addMenu(self.tr("Bot &animation speed"))
        self.speed_group = QActionGroup(self)
        labels = {"instant": self.tr("Instant"), "fast": self.tr("Fast"), "normal": self.tr("Normal"),
                  "slow": self.tr("Slow")}
        self.speed_actions: dict[str, QAction] = {}
        for key, label in labels.items():
            a = QAction(label, self, checkable=True)
            a.triggered.connect(lambda checked=False, k=key: self.set_speed(k))
            self.speed_group.addAction(a)
            speed.addAction(a)
            self.speed_actions[key] = a
        self.act_contrast = QAction(self.tr("&High-contrast colours"), self, checkable=True)
        self.act_contrast.toggled.connect(self.set_high_contrast)
        view.addAction(self.act_contrast)
        self.act_own_stack = QAction(self.tr("Look through your &played stack"), self)
        self.act_own_stack.setShortcut(QKeySequence("P"))
        self.act_own_stack.triggered.connect(self.players_view.show_own_stack)
        view.addAction(self.act_own_stack)
        self.act_skip_anim = QAction(self.tr("Show the bots' moves at once"), self)
        self.act_skip_anim.setShortcut(QKeySequence(Qt.Key.Key_Space))
        self.act_skip_anim.triggered.connect(self.presenter.finish_now)
        view.addAction(self.act_skip_anim)

    def leave_then(self, action: Callable[[], object]) -> None:
        """Run ``action``, which replaces the game on screen, once leaving it is agreed (issue 14): the app's
        flow asks first when an unfinished game would be left."""
        if self.leave_guard is None:
            action()
        else:
            self.leave_guard(action)

    def _refresh_file_actions(self) -> None:
        """Save game, Export record and Main menu as far as the game on screen allows."""
        s = self.session
        playing = s is not None and s.replay() is None
        self.act_save_game.setEnabled(playing and s is not None and s.can_save())
        self.act_save_record.setEnabled(playing)
        self.act_main_menu.setEnabled(s is not None)

    @staticmethod
    def _press(button: QPushButton) -> None:
        """A keyboard shortcut presses its button only when the button could be clicked."""
        if button.isEnabled() and button.isVisible():
            button.click()

    def _load_settings(self) -> None:
        s = self.settings
        speed = str(s.value("ui/speed", "normal")) if s else "normal"
        self.set_speed(speed if speed in SPEEDS else "normal")
        self.act_contrast.setChecked(bool(s.value("ui/high_contrast", False, type=bool)) if s else False)
        auto = s.value("ui/auto_confirm", False, type=bool) if s else False
        self.act_auto_confirm.setChecked(bool(auto))
        if s is not None and s.contains("ui/geometry"):
            self.restoreGeometry(s.value("ui/geometry"))
        if s is not None and s.value("ui/maximized", False, type=bool):
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def set_speed(self, key: str) -> None:
        """How fast bot turns are shown (Instant, Fast, Normal, Slow); kept in the settings."""
        if key not in SPEEDS:
            raise ValueError(f"unknown speed {key!r}")
        self.presenter.step_ms = SPEEDS[key]
        self.speed_actions[key].setChecked(True)
        if self.settings is not None:
            self.settings.setValue("ui/speed", key)

    def set_high_contrast(self, on: bool) -> None:
        """Switch to the palette's high-contrast colours (kept in the settings) and repaint."""
        from patrician_qt.ui.board import theme

        theme.set_high_contrast(on)
        if self.settings is not None:
            self.settings.setValue("ui/high_contrast", on)
        for panel in self.scene.panels.values():
            panel.update()
        self.scene.update()
        for view in (self.hand_view, self.players_view, self.log_view):
            view.viewport().update()
        self.turn_bar.update()

    def _set_auto_confirm(self, on: bool) -> None:
        self.controller.auto_confirm = on
        if self.settings is not None:
            self.settings.setValue("ui/auto_confirm", on)
        if on and self.controller.can_confirm():
            self.controller.confirm()

    # -- sessions ----------------------------------------------------------------------------------------
    def start_session(self, session: Session, watch_seat: int | None = None) -> None:
        """Show a game: reset the models and follow the session's updates.

        The same session again (a LAN table's next game after a rematch) is followed anew, not closed.
        """
        self.close_session(release=session is not self.session)
        self.session = session
        self.watch_seat = watch_seat
        self._revealed = None
        self._shown = None
        self.presenter.clear()
        self.log_model.clear()
        self.score_sheet.hide()
        self.score_sheet.offer()
        self.privacy.hide()
        seats = session.seats()
        colors = [s.color for s in seats]
        self.scene.set_players([Player(s.name, s.color) for s in seats])
        self.log_view.set_colors(colors)
        self.players_view.fit_rows(len(seats))
        session.updated.connect(self.presenter.push)
        session.rejected.connect(self._rejected)
        session.failed.connect(self._failed)
        session.hintReady.connect(self._hint_ready)
        session.troubled.connect(self._troubled)
        replay = session.replay()
        self.page.set_replay_mode(replay is not None)
        if replay is not None:
            self.page.replay_bar.bind(replay, seats, self.set_viewer)
            self.score_sheet.offer(again=self.tr("&Watch again"))  # a replay's end: from the deal once more
            replay.jumped.connect(self._replay_jump)
            names = ", ".join(s.name for s in seats)
            self.log_model.add_text(lambda: self.tr("Replay: {names}").format(names=names))
            self.story.restart([])
        else:
            names = ", ".join(s.name for s in seats)  # told again in a new language (issue 14)
            self.log_model.add_text(lambda: self.tr("A new game begins: {names}").format(names=names))
            past = session.history()  # a game continued, loaded or re-opened keeps its log
            self.story.restart(past)
            if past:
                turns = self.log_model.add_history(past, [s.name for s in seats])
                if past[-1].get("e") != "ended":
                    self.log_model.add_text(lambda: self.tr("The game continues at turn {n}").format(n=turns + 1))
        self.stack.setCurrentWidget(self.page)
        self._refresh_file_actions()
        session.start()
        current = session.current()
        if current is not None and self._shown is None and not self.presenter.busy:
            self.presenter.push(current)

    def set_viewer(self, seat: int | None) -> None:
        """Whose view a replay (or a watched bot game) shows; None is a spectator's."""
        self.watch_seat = seat
        if self._shown is not None:
            self._apply(self._shown)

    def open_replay(self, path: Path) -> bool:
        """Open a record file in the replay viewer; a bad file gets a clear message and changes nothing."""
        from patrician_qt.engine import read_record
        from patrician_qt.ui.game.replay import ReplaySession
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            session = ReplaySession(read_record(Path(path).read_bytes()))
        except Exception as exc:  # any file: a message naming it, never a traceback
            plain.show_message(self, self.tr("Replay"), self.tr("This record cannot be replayed: {e}").format(
                e=file_problem(path, exc)))
            return False
        self.start_session(session, watch_seat=None)
        return True

    def open_replay_dialog(self) -> None:
        """Ask for a record and replay it."""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Replay a record"), self._start_folder(),
                                              self.tr("Patrician records (*.patrician.json *.json)"))
        if path:
            self.open_replay(Path(path))

    def _replay_jump(self, index: int) -> None:
        """Show the replay's position ``index`` at once, with the log as it was then."""
        replay = self.session.replay() if self.session is not None else None
        if replay is None:
            return
        self.presenter.clear()
        self.log_model.clear()
        names = self._names()
        for i in range(1, index + 1):
            u = replay.update_at(i)
            self.log_model.add_events(list(u.events), names, i)
        self.story.rebuild([replay.update_at(i) for i in range(index + 1)])
        self._apply(replay.update_at(index))

    def close_session(self, release: bool = True) -> None:
        """Stop following the current game and release it (``release=False``: only stop following)."""
        s = self.session
        if s is None:
            return
        self.controller.end()
        self.page.set_replay_mode(False)
        self.page.replay_bar.unbind()  # its buttons must not keep a closed replay alive
        if self.trouble_box is not None:
            self.trouble_box.close()
        # everything start_session connected, so that nothing keeps the closed session (issue #20)
        signals = [(s.updated, self.presenter.push), (s.rejected, self._rejected), (s.failed, self._failed),
                   (s.hintReady, self._hint_ready), (s.troubled, self._troubled)]
        replay = s.replay()
        if replay is not None:
            signals.append((replay.jumped, self._replay_jump))
        for signal, slot in signals:
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
        if release:
            s.close()
        self.session = None
        self.presenter.clear()  # no step of a released game may be shown later (its seats are gone)
        self.privacy.hide()  # it covers every page: the start screen must not stay under it
        self._refresh_file_actions()

    def _failed(self, message: str) -> None:
        """The game cannot go on: say why in the turn bar."""
        self.turn_bar.set_message(message, True)

    def seat_labels(self, viewer: int | None) -> list[str]:
        """Labels under the players' names: human or bot level, and whose hand is shown."""
        assert self.session is not None
        replay = self.session.replay() is not None
        local = self.session.local_humans()
        out = []
        for i, s in enumerate(self.session.seats()):
            if replay:
                label = self.tr("Seat {n}").format(n=i + 1)
            elif s.is_bot:
                label = self.tr("Bot · {level}").format(level=self.tr((s.level or "").capitalize()))
            else:
                label = self.tr("Human")
            if i == viewer:
                label = (self.tr("{label} · you") if i in local else self.tr("{label} · hand shown")).format(
                    label=label)
            status = self.session.seat_status(i)
            if status:  # "offline 0:35 · bot in 25 s" says it is a person's seat: no "Human ·" before it
                label = status[:1].upper() + status[1:] if i != viewer else f"{label} · {status}"
            out.append(label)
        return out

    # -- the door for LAN, keyboard, accessibility and tutorial code (game/screen.py) ------------------
    @property
    def shown_update(self) -> Update | None:
        """The update now on screen (None before the first one)."""
        return self._shown

    def refresh_players(self) -> None:
        """Redraw the players panel for the update on screen (e.g. a seat's connection changed)."""
        if self._shown is not None and self.session is not None:
            viewer = self.viewer(self._shown)
            self.players_model.set_view(self._shown.view(viewer), self.seat_labels(viewer))

    def _show_table(self, visibility: str) -> None:
        """The players' title says which table this is (R26 rulebook, R26a open); its tooltip says what that shows."""
        from patrician_qt.ui.app.table_choice import table_explained

        title = self.tr("Players · open table") if visibility == "open" else self.tr("Players · as in the box")
        self.page.players_title.setText(title)
        self.page.players_title.setToolTip(table_explained(visibility))
        self.page.players_title.setAccessibleDescription(table_explained(visibility))

    def refresh_turn(self) -> None:
        """Redraw the turn being built: marks, lit cards, prompt and buttons."""
        self._controller_changed()

    def as_widget(self) -> QWidget:
        """This window, as the parent of the helpers' dialogs, actions and shortcuts (GameScreen)."""
        return self

    def add_page(self, page: QWidget) -> None:
        """Add a full-window page (start screen, lobby) beside the game."""
        self.stack.addWidget(page)

    def show_page(self, page: QWidget) -> None:
        """Show one of the pages (the game page is ``self.page``)."""
        self.stack.setCurrentWidget(page)

    def current_page(self) -> QWidget | None:
        """The page on screen."""
        return self.stack.currentWidget()

    def add_banner(self, banner: QWidget) -> None:
        """Put a banner (e.g. the tutorial's) between the turn bar and the board."""
        self.page.add_banner(banner)

    def add_side_widget(self, widget: QWidget, stretch: int = 0) -> None:
        """Add a panel under the log in the side column (e.g. the LAN chat)."""
        layout = self.page.side.layout()
        assert layout is not None
        layout.addWidget(widget, stretch)  # type: ignore[call-arg]

    def add_menu(self, title: str, *, help_menu: bool = False) -> QMenu:
        """A new menu on the menu bar, kept before Help (the last menu, as desktops expect)."""
        bar = self.menuBar()
        if help_menu:
            self._help_menu = bar.addMenu(title)
            return self._help_menu
        menu = QMenu(title, self)
        if self._help_menu is not None:
            bar.insertMenu(self._help_menu.menuAction(), menu)
        else:
            bar.addMenu(menu)
        return menu

    def menu(self, key: str) -> QMenu:
        """One of the window's own menus: "game", "turn", "view" or (once added) "help"."""
        menus = {"game": self._game_menu, "turn": self._turn_menu, "view": self._view_menu, "help": self._help_menu}
        found = menus[key]
        if found is None:
            raise KeyError(key)
        return found

    # -- presenting updates ------------------------------------------------------------------------------
    def _names(self) -> list[str]:
        return [s.name for s in self.session.seats()] if self.session else []

    def _show_step(self, update: Update, event: LogEvent) -> None:
        """One step of a turn: log line, and for bots a glow, the floors about to appear and a caption."""
        turn_no = sum(stack_size(p) for p in update.view(None)["players"])
        self.log_model.add_events([event], self._names(), turn_no)
        if not update.by_bot:
            return
        city = event.get("city")
        city = city if isinstance(city, str) else None
        if event["e"] == "played":
            from patrician_qt.engine import CARD_BY_ID

            city = CARD_BY_ID[event["card"]].city
            name = self._names()[event["seat"]]
            self.turn_bar.set_prompt(self.tr("{name} plays {card}").format(name=name, card=card_name(event["card"])),
                                     self.session.seats()[event["seat"]].color if self.session else None)
            self.turn_bar.set_message(self.tr("{key}: show the bots' moves at once").format(key=key_names("Space")),
                                      False)
        if event["e"] == "built" or event["e"] == "built_many":
            marks = self._bot_marks.setdefault(event["city"], CityMarks())
            plots = event["plot"] if event["e"] == "built" else event["plots"].split("+")
            marks.ghosts.extend((p, event["seat"]) for p in plots)
            self.scene.set_marks(self._bot_marks)
        elif event["e"] == "relocated":
            marks = self._bot_marks.setdefault(event["city"], CityMarks())
            marks.moved_from = event["from"]
            self.scene.set_marks(self._bot_marks)
        if city and self.presenter.step_ms > 0:
            self.scene.flash(city, self.presenter.step_ms * 2)

    def viewer(self, update: Update) -> int | None:
        """Whose hand may be shown now (R26 and hot-seat privacy)."""
        if self.session is None:
            return None
        humans = self.session.local_humans()
        if not humans:
            return self.watch_seat
        if len(humans) == 1:
            return humans[0]
        to_move = update.view(None)["to_move"]
        if to_move in humans and self._revealed == to_move:
            return to_move
        return None

    def _apply(self, update: Update) -> None:
        """Put a new view on screen (fine-grained model updates) and hand the turn to a human."""
        if self.session is None:
            return
        self._shown = update
        self._bot_marks = {}
        if self.session.replay() is not None:
            self.page.replay_bar.show_index(update.seq)
        public = update.view(None)
        viewer = self.viewer(update)
        view = update.view(viewer)
        self.board_model.set_view(view)
        self.story.follow(update)
        self.players_model.set_view(view, self.seat_labels(viewer))
        self._show_table(view.get("visibility", "open"))
        self.hand_model.set_cards(list(view["hand"]))
        self.scene.deck.set_size(view["deck_size"])
        seats = self.session.seats()
        self.page.hand_title.setText(
            self.tr("Hand of {name}").format(name=seats[viewer].name) if viewer is not None else self.tr("Hand")
        )
        to_move = public["to_move"]
        humans = self.session.local_humans()
        if public["over"]:
            self.controller.end()
            self.scene.set_marks({})
            self.turn_bar.set_prompt(self.tr("The game is over"), None)
            self.turn_bar.set_message("", False)
            self.score_sheet.show_result(public)
            self._refresh_buttons()
            self.shown.emit(update)
            self.gameOver.emit(update)
            return
        assert to_move is not None  # the game goes on, so a seat is to move
        if to_move in humans and viewer == to_move:
            self.controller.begin(view)
            self.turn_bar.set_message(self.tr("Your turn, {name}").format(name=seats[to_move].name), False)
            self._controller_changed()
            self.shown.emit(update)
            self.turnReady.emit(to_move)
            return
        self.controller.end()
        self.scene.set_marks({})
        self._refresh_buttons()
        if to_move in humans:  # hot-seat: another human must take the seat first
            self.turn_bar.set_prompt(self.tr("Pass the game to {name}").format(name=seats[to_move].name),
                                     seats[to_move].color)
            self.privacy.ask(to_move, seats[to_move].name, seats[to_move].color)
        else:
            self.turn_bar.set_prompt(self.tr("{name} is thinking…").format(name=seats[to_move].name),
                                     seats[to_move].color)
        self.shown.emit(update)

    def _reveal(self, seat: int) -> None:
        """The player to move pressed through the privacy screen: show their hand."""
        self._revealed = seat
        if self._shown is not None:
            self._apply(self._shown)

    # -- turn building -----------------------------------------------------------------------------------
    def _controller_changed(self) -> None:
        c = self.controller
        self.scene.set_marks(c.marks())
        self.hand_model.mark(c.legal_cards(), c.chosen_card())
        if c.active and self.session is not None:
            seat = c.seat
            color = self.session.seats()[seat].color if seat is not None else None
            self.turn_bar.set_prompt(c.prompt(), color)
            self.story.show_preview(c.preview() if c.step == "build" else None)  # the engine's answer, in words
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        c = self.controller
        tb = self.turn_bar
        tb.undo.setEnabled(c.can_undo())
        tb.hint.setEnabled(c.active)
        tb.skip.setEnabled(c.can_skip())
        tb.confirm.setEnabled(c.can_confirm())

    def ask_hint(self) -> None:
        """Ask the Hard bot for a suggestion completing the turn begun (ui/game/hint.py)."""
        self.hints.ask()

    def _hint_ready(self, seat: int, seq: int, turn: object) -> None:
        self.hints.ready(seat, seq, turn)

    def _submit(self, turn: object) -> None:
        c = self.controller
        if self.session is None or c.seat is None:
            return
        seat = c.seat
        c.end()
        self.scene.set_marks({})
        self.hand_model.mark(set(), None)
        self._refresh_buttons()
        self.session.submit(seat, turn)  # type: ignore[arg-type]

    def _troubled(self, trouble: object) -> None:
        """Background work of the game failed: say what and offer the ways on (ui/game/trouble.py)."""
        if self.trouble_box is None:
            from patrician_qt.ui.game.trouble import install

            self.trouble_box = install(self)
        self.trouble_box.show(trouble)  # type: ignore[arg-type]
        self.turn_bar.set_message(self.trouble_box.title(trouble), True)  # type: ignore[arg-type]

    def _rejected(self, reason: str, rule: str) -> None:
        text = f"{rule}: {reason}" if rule and not reason.startswith(rule) else reason
        self.turn_bar.set_message(text, True)
        if self._shown is not None:
            self._apply(self._shown)

    def _again(self) -> None:
        """The score sheet's again button: a replay plays once more from the deal; a game asks for the next."""
        if self.session is not None and self.session.replay() is not None:
            self.score_sheet.hide()
            self.page.replay_bar.watch_again()
        else:
            self.playAgainRequested.emit()

    def _close_replay(self) -> None:
        self.close_session()
        self.replayClosed.emit()

    # -- files ----------------------------------------------------------------------------------------------
    def _start_folder(self, name: str = "") -> str:
        """The user's saves folder (made when first needed), with a file name for a save dialog."""
        folder = self.saves_dir
        if folder is None:
            return name
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return name
        return str(folder / name) if name else str(folder)

    def _file_name(self, kind: str) -> str:
        """A file name that says what is in it: the players, the date and time, and the kind."""
        import re
        import time

        names = "-".join(re.sub(r"[^\w]+", "", s.name) for s in self.session.seats()) if self.session else ""
        return f"{names or kind} {time.strftime('%Y-%m-%d %H.%M')} {kind}.patrician.json"

    def save_game_dialog(self) -> None:
        """Game ▸ Save game…: a save that Load continues, in the user's saves folder."""
        if self.session is None or not self.session.can_save():
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save game"), self._start_folder(self._file_name("game")),
                                              self.tr("Patrician saves (*.patrician.json *.json)"))
        if path:
            self.save_game(Path(path))

    def save_game(self, path: Path) -> bool:
        """Write a save of the game on screen (atomically) and say where; a problem is said in words."""
        from patrician_qt.ui.text.file_problem import file_problem

        if self.session is None:
            raise ValueError("no game to save")
        try:
            self.session.save_as(path)
        except OSError as exc:
            plain.show_message(self, self.tr("Save game"), self.tr("Could not save: {e}").format(
                e=file_problem(path, exc)))
            return False
        self.turn_bar.set_message(self.tr("Game saved to {path}").format(path=path), False)
        return True

    def save_record_dialog(self) -> None:
        """Game ▸ Export record…: the game's record (for replays and bug reports) in the user's saves folder."""
        if self.session is None or self.session.replay() is not None:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export record"),
                                              self._start_folder(self._file_name("record")),
                                              self.tr("Patrician records (*.patrician.json *.json)"))
        if path:
            self.save_record(Path(path))

    def save_record(self, path: Path) -> None:
        """Write the record (atomically) and say where."""
        if self.session is None:
            raise ValueError("no game to save")
        from patrician_qt.table.saves import write_atomic
        from patrician_qt.ui.text.file_problem import file_problem

        try:
            write_atomic(path, write_record(self.session.record()))
        except OSError as exc:
            plain.show_message(self, self.tr("Export record"), self.tr("Could not save: {e}").format(
                e=file_problem(path, exc)))
            return
        self.turn_bar.set_message(self.tr("Record saved to {path}").format(path=path), False)

    # -- window --------------------------------------------------------------------------------------------
    def remember_geometry(self) -> None:
        """Keep the window's place, size and maximized state in the settings (so a crash does not lose them)."""
        if self.settings is None or not self.isVisible():
            return
        self.settings.setValue("ui/geometry", self.saveGeometry())
        self.settings.setValue("ui/maximized", self.isMaximized() or self.isFullScreen())

    def changeEvent(self, event: QEvent) -> None:
        """Maximizing or restoring is remembered at once (issue #21: reopened after a crash, un-maximized)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self.remember_geometry()

    def moveEvent(self, event: QMoveEvent) -> None:
        """Remember the place a little after a move ends."""
        super().moveEvent(event)
        self._geometry_timer.start()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the overlays covering what they cover (and remember the size a little after)."""
        super().resizeEvent(event)
        self._geometry_timer.start()
        self.page.fit_width(event.size().width())
        if self.privacy.isVisible():
            self.privacy.setGeometry(self.stack.rect())
        if self.score_sheet.isVisible():
            self.score_sheet.place()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Remember the geometry and release the game."""
        self.remember_geometry()
        self._geometry_timer.stop()
        self.close_session()
        super().closeEvent(event)
        self.closed.emit()
