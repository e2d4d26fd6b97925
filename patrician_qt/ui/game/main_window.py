"""The game window: board, players, hand, log and the turn bar, driven by a Session.

It shows views only. Which hand is visible follows R26 and hot-seat privacy: one human at
this machine always sees their own hand; with several humans the hand shows only after
the player to move has pressed through the privacy screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QTimer
from PySide6.QtGui import QCloseEvent, QMoveEvent, QResizeEvent
from PySide6.QtWidgets import (
    QMenu,
    QStackedWidget,
    QWidget,
)

from patrician_qt.ui.board.theme import style_sheet
from patrician_qt.ui.game.window_build import WindowBuild
from patrician_qt.ui.game.window_door import WindowDoor
from patrician_qt.ui.game.window_files import WindowFiles
from patrician_qt.ui.game.window_menus import WindowMenus
from patrician_qt.ui.game.window_parts import WindowSignals
from patrician_qt.ui.game.window_turns import WindowTurns

if TYPE_CHECKING:
    from patrician_qt.ui.board.board_items import CityMarks
    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.session.contract import Session, Update
    from patrician_qt.ui.text.event_text import LogEvent


class MainWindow(WindowMenus, WindowFiles, WindowDoor, WindowTurns, WindowBuild, WindowSignals):
    """The main window; ``start_session`` shows a game, ``shown(update)`` after each update is on screen.

    Its parts live in their own modules (menus, files, the door for other rooms, turn building);
    this one builds the window, holds the session and shows its updates.
    """

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
        self._bot_marks: dict[str, CityMarks] = {}
        self.trouble_box: TroubleBox | None = None  # made when a game first reports trouble
        self._help_menu: QMenu | None = None
        self._start_page: QWidget | None = None  # the app's start screen, where the tutorial is offered
        self._game_state = "frame"  # "frame", "building" or "built": how far build_game() has got
        self.stack = QStackedWidget(self)
        self.setCentralWidget(self.stack)
        self._menus()
        # Help is the last menu from the first paint on (its entries come with the game's parts)
        self.add_menu(QCoreApplication.translate("Help", "&Help"), help_menu=True)
        self.resize(1280, 720)
        self._geometry_timer = QTimer(self)  # the window's place is kept as it changes, not only on close
        self._geometry_timer.setSingleShot(True)
        self._geometry_timer.setInterval(400)
        self._geometry_timer.timeout.connect(self.remember_geometry)
        self._load_geometry()
        if build_game:
            self.build_game()

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
            names = ", ".join(s.name for s in seats)  # told again in a new language
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
        # everything start_session connected, so that nothing keeps the closed session
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

    # -- presenting updates ------------------------------------------------------------------------------
    def _names(self) -> list[str]:
        return [s.name for s in self.session.seats()] if self.session else []

    def _show_step(self, update: Update, event: LogEvent) -> None:
        """One step of a turn: log line, and for bots a glow, the floors about to appear and a caption."""
        from patrician_qt.engine import stack_size
        from patrician_qt.ui.board.board_items import CityMarks
        from patrician_qt.ui.reach.keyboard import key_names
        from patrician_qt.ui.text.card_names import card_name

        turn_no = sum(stack_size(p) for p in update.view(None)["players"])
        self.log_model.add_events([event], self._names(), turn_no)
        if not self.presenter.is_paced(update):
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

    def _reveal(self, seat: int) -> None:
        """The player to move pressed through the privacy screen: show their hand."""
        self._revealed = seat
        if self._shown is not None:
            self._apply(self._shown)

    # -- window --------------------------------------------------------------------------------------------
    def remember_geometry(self) -> None:
        """Keep the window's place, size and maximized state in the settings (so a crash does not lose them)."""
        if self.settings is None or not self.isVisible():
            return
        self.settings.setValue("ui/geometry", self.saveGeometry())
        self.settings.setValue("ui/maximized", self.isMaximized() or self.isFullScreen())

    def changeEvent(self, event: QEvent) -> None:
        """Maximizing or restoring is remembered at once (reopened after a crash, un-maximized)."""
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
        if not self.game_built:
            return
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
