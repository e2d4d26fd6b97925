"""Motion, scoring moments and sound of a game window, and the View menu's entries that set them.

Why one place: this part owns the View menu's Reduce motion and Sound entries, the motion director, the
score count-up and the sound cues; the window's builder connects the presenter's steps and the window's
signals to its slots (``step``, ``applied``, ``turn_ready``, ``game_over``, ``finish_all``).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from patrician_qt.ui.game.score_countup import COUNT_MS, CountUp
from patrician_qt.ui.game.sound import Sound

if TYPE_CHECKING:
    from patrician_qt.ui.game.motion import MotionDirector
    from patrician_qt.ui.game.on_screen import OnScreen
    from patrician_qt.ui.game.score_sheet import ScoreSheet
    from patrician_qt.ui.session.contract import Session, Update

VOLUMES = (25, 50, 70, 100)
_STEP_SOUNDS = {"built": "floor", "built_many": "floor", "relocated": "floor", "took": "take", "scored": "score"}
_RANK = {"floor": 1, "take": 2, "score": 3}


class Liveliness(QObject):
    """The window's motion director, sound and score count-up, and the menu entries that set them."""

    def __init__(self, on_screen: OnScreen, director: MotionDirector, score_sheet: ScoreSheet, view_menu: QMenu,
                 speed_actions: dict[str, QAction], settings: QSettings | None, parent: QWidget) -> None:
        super().__init__(parent)
        self._on_screen = on_screen
        self._parent = parent
        self.director = director
        self.sound = Sound(settings, parent=self)
        self.countup = CountUp(score_sheet)
        self._at_once: str | None = None  # the one sound of an update shown at once (its best moment)
        self._chat_session: weakref.ref[Session] | None = None  # weak: a game left is not kept alive
        self._menus(view_menu)
        for key, action in speed_actions.items():
            action.toggled.connect(lambda on, k=key: self._speed(k) if on else None)
            if action.isChecked():
                self._speed(key)

    # -- menus ---------------------------------------------------------------------------------------------------
    def _menus(self, view: QMenu) -> None:
        w = self._parent
        self.act_reduce = QAction(self.tr("&Reduce motion"), w, checkable=True)
        self.act_reduce.setToolTip(self.tr("Pieces appear where they land instead of travelling"))
        self.act_reduce.setChecked(self.director.reduce)
        self.act_reduce.toggled.connect(self.director.set_reduce)
        view.addAction(self.act_reduce)
        sound = self.sound_menu = view.addMenu(self.tr("&Sound"))
        self.act_mute = QAction(self.tr("&Mute"), w, checkable=True)
        self.act_mute.setChecked(self.sound.muted)
        self.act_mute.toggled.connect(self.sound.set_muted)
        sound.addAction(self.act_mute)
        sound.addSeparator()
        self.volume_group = QActionGroup(w)
        self.volume_actions: dict[int, QAction] = {}
        near = min(VOLUMES, key=lambda v: abs(v - self.sound.volume))
        for v in VOLUMES:
            a = QAction(self.tr("Volume {percent} %").format(percent=v), w, checkable=True)
            a.setChecked(v == near)
            a.triggered.connect(lambda checked=False, v=v: self.sound.set_volume(v))
            self.volume_group.addAction(a)
            sound.addAction(a)
            self.volume_actions[v] = a

    def _speed(self, key: str) -> None:
        self.director.speed = key

    # -- events --------------------------------------------------------------------------------------------------
    def step(self, update: Update, event: dict[str, Any], mode: str) -> None:
        """A step of an update is shown (``mode``: "paced", "at_once" or "hurry"): fly it and pick its sound."""
        if mode == "hurry":
            return
        self.director.step(update, event, mode == "paced")
        name = _STEP_SOUNDS.get(str(event.get("e")))
        if name is None:
            return
        if mode == "paced":
            self.sound.play(name)
        elif self._at_once is None or _RANK[name] > _RANK[self._at_once]:
            self._at_once = name

    def applied(self, update: Update) -> None:
        """An update's view is on the board: land its pieces and play its one sound."""
        self.director.applied(update)
        name, self._at_once = self._at_once, None
        if name is not None and not update.view(None).get("over"):
            self.sound.play(name)
        self._follow_chat()

    def turn_ready(self, seat: int) -> None:
        """A local human may act now: the "your turn" sound (in a LAN game the window also asks for attention)."""
        self.sound.play("turn")

    def game_over(self, update: Update) -> None:
        """The game ended on screen: won or lost, and the totals counting up."""
        s = self._on_screen.session
        public = update.view(None)
        result = public.get("result")
        winners = set(result["winners"]) if result else set()
        humans = set(s.local_humans()) if s is not None else set()
        self.sound.play("lost" if humans and not humans & winners else "won")
        self.countup.start(COUNT_MS.get(self.director.speed, 0) if not self.director.reduce else 0)

    def _follow_chat(self) -> None:
        s = self._on_screen.session
        old = self._chat_session() if self._chat_session is not None else None
        if s is old:
            return
        if old is not None:
            try:
                old.chatReceived.disconnect(self._chat)
            except (RuntimeError, TypeError):
                pass
        self._chat_session = weakref.ref(s) if s is not None else None
        if s is not None:
            s.chatReceived.connect(self._chat)

    def _chat(self, sender: str, text: str) -> None:
        """A chat line from someone else at the table."""
        s = self._on_screen.session
        mine = {s.seats()[i].name for i in s.local_humans()} if s is not None else set()
        if sender not in mine:
            self.sound.play("chat")

    def finish_all(self) -> None:
        """Space: every piece lands, every caption goes, the totals stand."""
        self.director.finish_all()
        self.countup.finish()

