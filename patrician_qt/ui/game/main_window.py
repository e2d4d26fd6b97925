"""The game window: board, players, hand, log and the turn bar, driven by a Session.

It shows views only. Which hand is visible follows R26 and hot-seat privacy: one human at
this machine always sees their own hand; with several humans the hand shows only after
the player to move has pressed through the privacy screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSettings, Signal, SignalInstance
from PySide6.QtGui import QCloseEvent, QMoveEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QMenu, QStackedWidget, QWidget

from patrician_qt.ui.board.theme import style_sheet
from patrician_qt.ui.game.window_menus import GameMenus
from patrician_qt.ui.game.window_place import WindowPlace

if TYPE_CHECKING:
    from patrician_qt.ui.game.help_and_reach import HelpAndReach
    from patrician_qt.ui.game.hint import HintGuide
    from patrician_qt.ui.game.motion_setup import Liveliness
    from patrician_qt.ui.game.players_panel import PlayersPanel
    from patrician_qt.ui.game.presenter import Presenter
    from patrician_qt.ui.game.step_teller import StepTeller
    from patrician_qt.ui.game.story import StoryKeeper
    from patrician_qt.ui.game.turn_controller import TurnController
    from patrician_qt.ui.game.window_files import GameFiles
    from patrician_qt.ui.game.window_turns import TurnBuilding
    from patrician_qt.ui.history.keep import HistoryKeeper
    from patrician_qt.ui.session.contract import Session, Update

#: what ``build_game`` makes: asking the window for one of them before then builds them all
GAME_PARTS = frozenset({
    "board_model", "hand_model", "players_model", "log_model", "scene", "board_view", "page", "turn_bar",
    "hand_view", "players_view", "log_view", "privacy", "score_sheet", "controller", "presenter", "steps", "hints",
    "story", "history", "extras", "motion", "files", "turns", "players",
})


class MainWindow(QMainWindow):
    """The main window; ``start_session`` shows a game, ``shown(update)`` after each update is on screen.

    It is an assembly: it builds its parts (menus, files, turn building, story, hints, motion and sound,
    Help and speech), each an object that owns its state and knows nothing of this class, and wires them
    together (``build_game``). Itself it holds the session and shows its updates, and it is the door
    other rooms use (game/screen.py).
    """

    # an Update each (typed as object: the window's frame paints before the engine and sessions are loaded)
    shown = Signal(object)  # now on screen
    turnReady = Signal(int)  # a local human may now act for this seat
    gameOver = Signal(object)  # the final one
    newGameRequested = Signal()
    playAgainRequested = Signal()  # the score sheet's again button (a new game here, a rematch at a LAN table)
    mainMenuRequested = Signal()  # Game ▸ Main menu, or the score sheet's button: back to the start screen
    loadRequested = Signal()  # Game ▸ Load a saved game…
    replayClosed = Signal()
    closed = Signal()  # the window was closed: the app ends

    # the game's parts, made by build_game() (asking for one before then builds them); its widgets (board,
    # side panels, turn bar, overlays) are the ones game/window_build.py's GameWidgets names, taken from there
    controller: TurnController
    presenter: Presenter
    steps: StepTeller  # each step shown: its log line, a bot's card in words, the floors about to appear
    hints: HintGuide  # the Hard bot's suggestions for the turn being built
    story: StoryKeeper  # last moves on the board, "since your last turn", whose turn in the title
    turns: TurnBuilding  # the turn bar, the marks of the turn begun, refusals and troubles
    files: GameFiles  # save, export, replay
    players: PlayersPanel  # the labels under the players' names and the table kind in the panel's title
    history: HistoryKeeper  # every game that ends on screen into the history of games
    extras: HelpAndReach  # Help, language, keyboard play, screen-reader texts, rule links, tutorial
    motion: Liveliness  # motion, scoring moments, sound

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None, *,
                 build_game: bool = True) -> None:
        """``build_game=False``: only the frame (menu bar, page stack, place on screen), so that a start screen
        put in the stack paints at once; the board and the rest are built by ``build_game()``, or on first use."""
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
        self._start_page: QWidget | None = None  # the app's start screen, where the tutorial is offered
        self._game_state = "frame"  # "frame", "building" or "built": how far build_game() has got
        self.stack = QStackedWidget(self)
        self.setCentralWidget(self.stack)
        self.menus = GameMenus(self.menuBar(), settings, self)  # Game, Turn, View, Help; speed, contrast
        m = self.menus
        m.act_new.triggered.connect(self.newGameRequested)
        m.act_main_menu.triggered.connect(self.mainMenuRequested)
        m.act_scores.triggered.connect(self.show_scores_again)
        m.act_save_game.triggered.connect(lambda: self.files.save_game_dialog())
        m.act_load.triggered.connect(self.loadRequested)
        m.act_save_record.triggered.connect(lambda: self.files.save_record_dialog())
        m.act_replay.triggered.connect(lambda: self.leave_then(lambda: self.files.open_replay_dialog()))
        m.act_quit.triggered.connect(self.close)
        self.shown.connect(m.scores_follow)
        self.resize(1280, 720)
        self.place = WindowPlace(self, settings)  # where the window is, kept in the settings as it changes
        self.place.restore()
        if build_game:
            self.build_game()

    # -- the parts -------------------------------------------------------------------------------------------
    def build_game(self) -> None:
        """The game's parts: models, board, hand, players, log, turn bar, overlays, turn building, the Turn and
        View menus' entries, Help, keyboard play and screen-reader texts, motion and sound. Once; later calls
        do nothing (the frame paints first, with the start screen; these follow right after)."""
        if self._game_state != "frame":
            return
        self._game_state = "building"
        from patrician_qt.ui.game.help_and_reach import HelpAndReach
        from patrician_qt.ui.game.hint import HintGuide
        from patrician_qt.ui.game.motion import MotionDirector
        from patrician_qt.ui.game.motion_setup import Liveliness
        from patrician_qt.ui.game.players_panel import PlayersPanel
        from patrician_qt.ui.game.presenter import Presenter
        from patrician_qt.ui.game.step_teller import StepTeller
        from patrician_qt.ui.game.story import StoryKeeper
        from patrician_qt.ui.game.turn_controller import TurnController
        from patrician_qt.ui.game.window_build import build_widgets
        from patrician_qt.ui.game.window_files import GameFiles
        from patrician_qt.ui.game.window_turns import TurnBuilding
        from patrician_qt.ui.history.keep import HistoryKeeper

        w = build_widgets(self, self.stack)  # models, board, side panels, overlays
        self.board_model, self.hand_model, self.players_model, self.log_model = (
            w.board_model, w.hand_model, w.players_model, w.log_model)
        self.scene, self.board_view, self.page, self.turn_bar = w.scene, w.board_view, w.page, w.turn_bar
        self.hand_view, self.players_view, self.log_view = w.hand_view, w.players_view, w.log_view
        self.privacy, self.score_sheet = w.privacy, w.score_sheet
        # turn building
        self.controller = c = TurnController(self)
        self.steps = StepTeller(self, self.log_model, self.turn_bar, self.scene)  # each step in the log and words
        self.presenter = self.steps.presenter = Presenter(self.steps.tell, self._apply, self)
        self.hints = HintGuide(self, c, self.turn_bar, self.scene, self.hand_view)
        # last moves on the board, "since your last turn", whose turn in the title
        self.story = StoryKeeper(self, self.stack, self.page, self.scene, self.turn_bar, self.setWindowTitle)
        self.players = PlayersPanel(self, self.players_model, self.page)  # labels under names, the table kind
        self.files = GameFiles(self, self, self.turn_bar, self.start_session, lambda: self.saves_dir)
        self.turns = TurnBuilding(self, c, self.turn_bar, self.scene, self.hand_model, self.story, self.hints, self,
                                  show_again=self._show_again, save_game_dialog=self.files.save_game_dialog,
                                  save_record_dialog=self.files.save_record_dialog)
        self.hand_view.cardClicked.connect(c.click_card)
        self.scene.plotClicked.connect(c.click_plot)
        self.scene.plotHovered.connect(lambda city, plot: c.hover_plot(city, plot or None))
        self.scene.cardClicked.connect(c.click_card_at)
        self.scene.cityClicked.connect(c.click_city)
        self.privacy.revealed.connect(self._reveal)
        self.score_sheet.playAgain.connect(self._again)
        self.score_sheet.saveRecord.connect(self.files.save_record_dialog)
        self.score_sheet.mainMenu.connect(self.mainMenuRequested)
        self.page.replay_bar.close_button.clicked.connect(self._close_replay)
        self.menus.add_game_entries(self.turn_bar, self.presenter, c, self.players_view, self._repaint)
        self.history = HistoryKeeper(self)  # every game that ends on screen into the history (replays not)
        # Help menu, language, keyboard play, screen-reader texts, rule links
        self.extras = HelpAndReach(self, self.turn_bar, self.menu("help"), self.leave_then, self._retell)
        self.menus.unavailable = self.extras.keyboard.unavailable
        self.extras.speech.preview_said = lambda: self.story.preview_said
        if self._start_page is not None:  # a start screen added before the game's parts were built
            self.extras.offer_tutorial(self._start_page)
        director = MotionDirector(self, self.page, self.scene, self.board_view, self.players_view, self.hand_view,
                                  self.hand_model, self.settings)
        # motion, scoring moments, sound
        self.motion = live = Liveliness(self, director, self.score_sheet, self.menu("view"),
                                        self.menus.speed_actions, self.settings, self)
        self.presenter.stepOf.connect(live.step)
        self.shown.connect(live.applied)
        self.turnReady.connect(live.turn_ready)
        self.gameOver.connect(live.game_over)
        self.menus.act_skip_anim.triggered.connect(live.finish_all)
        self.closed.connect(live.sound.release)
        self.menus.load_settings()
        self.page.fit_width(self.width())  # the frame may have been resized (and shown) before the page was there
        self._game_state = "built"

    if not TYPE_CHECKING:  # hidden from the type checker, which would otherwise accept any misspelt attribute

        def __getattr__(self, name: str) -> Any:
            """A game part asked for before ``build_game()`` ran (a file opened at start, a test, a LAN flow):
            build the parts now, so that nothing depends on when the frame's first paint happened."""
            if name in GAME_PARTS and self.__dict__.get("_game_state") == "frame":
                self.build_game()
                return getattr(self, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def game_built(self) -> bool:
        """Whether ``build_game()`` has run (the frame alone has no board, turn bar or overlays)."""
        return self.__dict__.get("_game_state") == "built"

    def _repaint(self) -> None:
        """Everything drawn in the palette's colours, drawn again (the high-contrast switch)."""
        for panel in self.scene.panels.values():
            panel.update()
        self.scene.update()
        for view in (self.hand_view, self.players_view, self.log_view):
            view.viewport().update()
        self.turn_bar.update()

    def leave_then(self, action: Callable[[], object]) -> None:
        """Run ``action``, which replaces the game on screen, once leaving it is agreed: the app's
        flow asks first when an unfinished game would be left."""
        if self.leave_guard is None:
            action()
        else:
            self.leave_guard(action)

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
        from patrician_qt.ui.board.board_items import Player

        self.scene.set_players([Player(s.name, s.color) for s in seats])
        self.log_view.set_colors(colors)
        self.players_view.fit_rows(len(seats))
        session.updated.connect(self.presenter.push)
        session.rejected.connect(self.turns.rejected)
        session.failed.connect(self.turns.failed)
        session.hintReady.connect(self.turns.hint_ready)
        session.troubled.connect(self.turns.troubled)
        replay = session.replay()
        self.page.set_replay_mode(replay is not None)
        if replay is not None:
            self.page.replay_bar.bind(replay, seats, self.set_viewer)
            if replay.seen_from is not None:  # a guest's record: its seat's view is the only one there is
                self.watch_seat = replay.seen_from
            self.score_sheet.offer(again=self.tr("&Watch again"))  # a replay's end: from the deal once more
            replay.jumped.connect(self._replay_jump)
            names = ", ".join(s.name for s in seats)
            self.log_model.add_text(lambda: self.tr("Replay: {names}").format(names=names))
            self.story.restart([])
        else:
            names = ", ".join(s.name for s in seats)  # told again in a new language
            self.log_model.add_text(lambda: self.tr("A new game begins: {names}").format(names=names))
            past = session.history()  # a game continued, loaded or re-opened keeps its log
            self.story.restart(past)
            if past:
                turns = self.log_model.add_history(past, [s.name for s in seats])
                if past[-1].get("e") != "ended":
                    self.log_model.add_text(lambda: self.tr("The game continues at turn {n}").format(n=turns + 1))
        self._show_game_page()
        self.menus.follow_session(self.session)
        session.start()
        current = session.current()
        if current is not None and self._shown is None and not self.presenter.busy:
            self.presenter.push(current)

    def _show_game_page(self) -> None:
        """The game's page in front, the focus moved once to the board when it was on the page left (the start
        screen's New game): Qt passed it on through the turn bar's buttons, three events a screen reader
        may not drop for each, which pushed a loaded Orca past its flood threshold at a game's start."""
        focus = self.focusWidget()
        leaving = focus is not None and self.stack.isAncestorOf(focus) and not self.page.isAncestorOf(focus)
        if leaving and focus is not None:
            focus.clearFocus()
        self.stack.setCurrentWidget(self.page)
        if leaving:
            self.board_view.setFocus()

    def set_viewer(self, seat: int | None) -> None:
        """Whose view a replay (or a watched bot game) shows; None is a spectator's."""
        self.watch_seat = seat
        if self._shown is not None:
            self._apply(self._shown)

    def close_session(self, release: bool = True) -> None:
        """Stop following the current game and release it (``release=False``: only stop following)."""
        s = self.session
        if s is None:
            return
        self.controller.end()
        self.page.set_replay_mode(False)
        self.page.replay_bar.unbind()  # its buttons must not keep a closed replay alive
        self.turns.close_trouble()
        # everything start_session connected, so that nothing keeps the closed session
        signals = [(s.updated, self.presenter.push), (s.rejected, self.turns.rejected), (s.failed, self.turns.failed),
                   (s.hintReady, self.turns.hint_ready), (s.troubled, self.turns.troubled)]
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
        self.menus.follow_session(self.session)

    def seat_labels(self, viewer: int | None) -> list[str]:
        """Labels under the players' names: human or bot level, and whose hand is shown."""
        return self.players.seat_labels(viewer)

    # -- presenting updates ------------------------------------------------------------------------------
    def _names(self) -> list[str]:
        return [s.name for s in self.session.seats()] if self.session else []

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
        self.steps.clear()
        if self.session.replay() is not None:
            self.page.replay_bar.show_index(update.seq)
        public = update.view(None)
        viewer = self.viewer(update)
        view = update.view(viewer)
        self.board_model.set_view(view)
        self.story.follow(update)
        self.players.show(view, viewer)
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
            self.turns.refresh_buttons()
            self.shown.emit(update)
            self.gameOver.emit(update)
            return
        assert to_move is not None  # the game goes on, so a seat is to move
        if to_move in humans and viewer == to_move:
            self.controller.begin(view)
            self.turn_bar.set_message(self.tr("Your turn, {name}").format(name=seats[to_move].name), False)
            self.turns.refresh()
            self.shown.emit(update)
            self.turnReady.emit(to_move)
            return
        self.turns.stop()
        if to_move in humans:  # hot-seat: another human must take the seat first
            self.turn_bar.set_prompt(self.tr("Pass the game to {name}").format(name=seats[to_move].name),
                                     seats[to_move].color)
            self.privacy.ask(to_move, seats[to_move].name, seats[to_move].color)
        else:
            self.turn_bar.set_prompt(self.tr("{name} is thinking…").format(name=seats[to_move].name),
                                     seats[to_move].color)
        self.shown.emit(update)

    def _retell(self) -> None:
        """After a language switch: the players, the "since your last turn" words, the hand's title and the
        turn begun in the new language."""
        update = self._shown
        if update is not None and self.session is not None:
            self.refresh_players()
            self.story.show(update)  # the "since your last turn" words and the title in the new language
            viewer = self.viewer(update)
            seats = self.session.seats()
            self.page.hand_title.setText(self.tr("Hand of {name}").format(name=seats[viewer].name)
                                         if viewer is not None else self.tr("Hand"))
        if self.controller.active:
            self.refresh_turn()

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
        self.story.rebuild([replay.update_at(i) for i in range(index + 1)])  # the marks as they stood then
        self._apply(replay.update_at(index))

    def _again(self) -> None:
        """The score sheet's again button: a replay plays once more from the deal; a game asks for the next."""
        if self.session is not None and self.session.replay() is not None:
            self.score_sheet.hide()
            self.page.replay_bar.watch_again()
        else:
            self.playAgainRequested.emit()

    def _close_replay(self) -> None:
        """The replay bar's close button: back to where the replay was opened from."""
        self.close_session()
        self.replayClosed.emit()

    def _show_again(self) -> None:
        """The update on screen once more (a refused turn begins again from it)."""
        if self._shown is not None:
            self._apply(self._shown)

    def show_scores_again(self) -> None:
        """Game ▸ Final scores: the score sheet over the board again (only once the game is over)."""
        if self.menus.act_scores.isEnabled():
            sheet = self.score_sheet
            sheet.place()
            sheet.raise_()
            sheet.show()

    def _reveal(self, seat: int) -> None:
        """The player to move pressed through the privacy screen: show their hand."""
        self._revealed = seat
        if self._shown is not None:
            self._apply(self._shown)

    # -- the door for other rooms (game/screen.py) ------------------------------------------------------------
    @property
    def shown_update(self) -> Update | None:
        """The update now on screen (None before the first one)."""
        return self._shown

    def refresh_players(self) -> None:
        """Redraw the players panel for the update on screen (e.g. a seat's connection changed)."""
        self.players.refresh()

    def refresh_turn(self) -> None:
        """Redraw the turn being built: marks, lit cards, prompt and buttons."""
        self.turns.refresh()

    def as_widget(self) -> QWidget:
        """This window, as the parent of the helpers' dialogs, actions and shortcuts (GameScreen)."""
        return self

    def add_page(self, page: QWidget) -> None:
        """Add a full-window page (start screen, lobby) beside the game."""
        self.stack.addWidget(page)

    def add_start_page(self, page: QWidget) -> None:
        """Add the start screen as a page; the tutorial is offered on it once the game's parts are built."""
        self._start_page = page
        self.stack.addWidget(page)
        if self.game_built:
            self.extras.offer_tutorial(page)

    def show_page(self, page: QWidget) -> None:
        """Show one of the pages (the game page is ``self.page``)."""
        self.stack.setCurrentWidget(page)

    def current_page(self) -> QWidget | None:
        """The page on screen."""
        return self.stack.currentWidget()

    def add_banner(self, banner: QWidget) -> None:
        """Put a banner (e.g. the tutorial's) between the turn bar and the board."""
        self.page.add_banner(banner)

    def add_side_widget(self, widget: QWidget, stretch: int = 0, news: SignalInstance | None = None) -> None:
        """Add a panel under the log in the side column (e.g. the LAN chat; a tab beside the log when the column
        is short, its ``windowTitle`` on the tab, marked unread on each ``news`` while the log is shown)."""
        self.page.side_tabs.add_panel(widget, stretch, news)

    def give_hand_room(self, give: bool) -> None:
        """The side column's hand (its title too) gives its room to the panels under the log (an empty hand
        beside a replay's review on a short screen), or takes it back."""
        for w in (self.page.hand_title, self.page.hand_view):
            if w.isHidden() != give:
                w.setVisible(not give)

    def add_menu(self, title: str, *, help_menu: bool = False) -> QMenu:
        """A new menu on the menu bar, kept before Help (the last menu, as desktops expect)."""
        return self.menus.add_menu(title, help_menu=help_menu)

    def menu(self, key: str) -> QMenu:
        """One of the window's own menus: "game", "turn", "view" or "help"."""
        return self.menus.menu(key)

    def set_speed(self, key: str) -> None:
        """How fast bot turns are shown (Instant, Fast, Normal, Slow); kept in the settings."""
        self.build_game()  # the speed acts on the presenter
        self.menus.set_speed(key)

    def open_replay(self, path: Path) -> bool:
        """Open a record file in this window's replay viewer (a file opened with the app, a test)."""
        return self.files.open_replay(path)

    def save_record_dialog(self) -> None:
        """Game ▸ Export record…: the game's record in the user's saves folder."""
        self.files.save_record_dialog()

    def save_record(self, path: Path) -> None:
        """Write the game's record and say where."""
        self.files.save_record(path)

    # -- window --------------------------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        """On the first show the place is checked (``WindowPlace``)."""
        super().showEvent(event)
        self.place.shown()

    def changeEvent(self, event: QEvent) -> None:
        """Maximizing or restoring is remembered at once (reopened after a crash, un-maximized)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self.place.remember()

    def moveEvent(self, event: QMoveEvent) -> None:
        """Remember the place a little after a move ends."""
        super().moveEvent(event)
        self.place.changed()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the overlays covering what they cover (and remember the size a little after)."""
        super().resizeEvent(event)
        self.place.changed()
        if not self.game_built:
            return
        self.page.fit_width(event.size().width())
        if self.privacy.isVisible():
            self.privacy.setGeometry(self.stack.rect())
        if self.score_sheet.isVisible():
            self.score_sheet.place()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Remember the geometry and release the game."""
        self.place.closing()
        self.close_session()
        super().closeEvent(event)
        self.closed.emit()
