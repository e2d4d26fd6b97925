"""The board tells what happened: each player's last turn marked on the board, the "since your last turn"
summary for the seat it concerns, and whose turn it is in the window title (and so the taskbar).

Why a keeper of its own: the window shows updates from live games, LAN tables and replays the same way;
this one object follows them (once each, also when a view is shown again) and rebuilds its memory when a
replay jumps, so the main window only calls ``restart``, ``follow`` and ``rebuild``. It owns the window's
title: ``set_title`` is handed in by the window's builder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject

from patrician_qt.engine import BuildPreview, stack_size
from patrician_qt.ui.board.last_moves import LastMoves
from patrician_qt.ui.board.standing_text import preview_line, preview_words
from patrician_qt.ui.board.story_text import since_title, since_words, story_line, story_words
from patrician_qt.ui.text import plain

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtWidgets import QStackedWidget, QWidget

    from patrician_qt.ui.board.board_view import BoardScene
    from patrician_qt.ui.game.on_screen import OnScreen
    from patrician_qt.ui.game.turn_bar import TurnBar
    from patrician_qt.ui.session.contract import Update


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class StoryKeeper(QObject):
    """Feeds LastMoves from the updates shown and puts its marks and summary on the board."""

    def __init__(self, on_screen: OnScreen, stack: QStackedWidget, page: QWidget, scene: BoardScene,
                 turn_bar: TurnBar, set_title: Callable[[str], None]) -> None:
        super().__init__(stack)
        self._on_screen = on_screen
        self._stack = stack
        self._page = page
        self._scene = scene
        self._turn_bar = turn_bar
        self._set_title = set_title
        self.moves = LastMoves()
        self._last: Update | None = None
        self._told = 0  # turns the history told (an update within them is not taken in again)
        self.summary = ""  # the summary in words (screen readers; empty when none is shown)
        self._preview_text = ""  # the preview line last put in the turn bar
        self.preview_said: tuple[str, str] = ("", "")  # that line, and the same in words for the ear (no arrows)
        stack.currentChanged.connect(self._page_changed)

    def _page_changed(self, _index: int) -> None:
        """Whose turn is in the title only while the game is on screen (the start screen, the lobby: the
        app's name)."""
        session = self._on_screen.session
        if self._stack.currentWidget() is self._page and self._last is not None:
            names = [s.name for s in session.seats()] if session is not None else []
            self._set_title(plain.title(self.title(self._last, names)))
        elif self._stack.currentWidget() is not self._page:
            self._set_title(_t("Patrician"))

    def restart(self, history: Sequence[Mapping[str, Any]]) -> None:
        """A game begins to be followed: forget the last one, then follow its past events (Continue, Load)."""
        self.moves.reset()
        self._last = None
        if history:
            self.moves.apply(history)
        self._told = self.moves.count
        self._scene.set_last_moves({})
        self._scene.story_box.set_lines("", [])

    def take_missed(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Turns this window never saw as updates (a LAN seat back after a drop): the marks and "since your
        last turn" include them once the next update is shown."""
        self.moves.apply(events)

    def rebuild(self, updates: list[Update]) -> None:
        """A replay jumped: the marks as they stood after these updates (the first is the deal)."""
        self.moves.reset()
        for u in updates:
            self.moves.apply(u.events)
            self.moves.sync(u.view(None))
        self._last = updates[-1] if updates else None
        self._told = 0

    def follow(self, update: Update) -> None:
        """An update is on screen: take its events in (once), then show marks, summary and title."""
        if update is not self._last:
            self._last = update
            turns = sum(stack_size(p) for p in update.view(None)["players"])
            if turns > self._told:  # not a position the history already told (Continue, Load)
                self.moves.apply(update.events)
            self.moves.sync(update.view(None))
        self.show(update)

    def show(self, update: Update) -> None:
        """Marks, summary and title for the update on screen."""
        session = self._on_screen.session
        self._scene.set_last_moves(self.moves.marks_by_city())
        names = [s.name for s in session.seats()] if session is not None else []
        seat, own = self._summary_seat(update)
        if seat is None:
            self._scene.story_box.set_lines("", [])
            self.summary = ""
        else:
            stories = self.moves.since(seat)
            colors = [s.color for s in session.seats()] if session is not None else []
            title = since_title(seat, names, own)
            lines = [(s.seat, colors[s.seat] if s.seat < len(colors) else "black", story_line(s, names))
                     for s in stories]
            self._scene.story_box.set_lines(title, lines, [story_words(s, names) for s in stories])
            self.summary = since_words(title, stories, names)
        if self._stack.currentWidget() is self._page:  # a name is outside text: "[*]" stays "[*]"
            self._set_title(plain.title(self.title(update, names)))

    def _summary_seat(self, update: Update) -> tuple[int | None, bool]:
        """Whose "since your last turn" to show, and whether it is this window's own player."""
        s = self._on_screen.session
        public = update.view(None)
        if s is None or public["over"]:
            return None, False
        to_move = public["to_move"]
        if s.replay() is not None:
            return to_move, False
        humans = s.local_humans()
        if len(humans) == 1:  # vs bots, or a LAN seat: always this player's story
            return humans[0], True
        if not humans:  # bots only, watched: the seat to move
            return to_move, False
        viewer = self._on_screen.viewer(update)  # hot-seat: only once the player to move has pressed through the screen
        return (to_move, True) if viewer == to_move and to_move in humans else (None, False)

    def title(self, update: Update, names: list[str]) -> str:
        """"Patrician — Ben's turn" / "Patrician — your turn, Anna" / "Patrician — game over"."""
        public = update.view(None)
        base = _t("Patrician")
        if public["over"]:
            return _t("{app} — game over").format(app=base)
        to_move = public["to_move"]
        if to_move is None or not 0 <= to_move < len(names):
            return base
        s = self._on_screen.session
        if s is not None and s.replay() is None and to_move in s.local_humans():
            return _t("{app} — your turn, {name}").format(app=base, name=names[to_move])
        return _t("{app} — {name}'s turn").format(app=base, name=names[to_move])

    def show_preview(self, preview: BuildPreview | None) -> None:
        """A build's preview in the turn bar (who leads each tower after it; the tiles when the city completes,
        R12); when the preview goes (the mouse left the plots), its line goes too, not another message."""
        tb = self._turn_bar
        if preview is None:
            if self._preview_text and tb.message_text == self._preview_text:
                tb.set_message("", False)
            self._preview_text = ""
            return
        session = self._on_screen.session
        names = [s.name for s in session.seats()] if session is not None else []
        self._preview_text = preview_line(preview, names)
        self.preview_said = (self._preview_text, preview_words(preview, names))
        tb.set_message(self._preview_text, False)
