"""Spoken announcements that a screen reader really speaks, filtered by the player's chosen verbosity.

Why this mechanism: Qt 6.11 has ``QAccessibleAnnouncementEvent`` and its AT-SPI bridge sends it as
``object:announcement``, but Orca 43 (Debian 12) registers no listener for that event and says
nothing (checked in Orca's debug log, tests/orca). What Orca 43 does speak, whatever has the focus,
is an object with the role *notification* that becomes showing. So on Linux each announcement is a
small notification region that is shown with the new words; elsewhere (Windows UI Automation,
macOS) Qt's announcement event is used. One mechanism per platform, so nothing is spoken twice.

Each utterance gets a region of its own, shown once and never renamed: Orca reads an object's name
when it gets round to the event, so a reused region that was renamed meanwhile made Orca read the
newer words twice and the older ones never, and Orca skips a "showing" event when a newer one of the
same object is waiting (Orca 43, script.skipObjectEvent). A region lives on for ``KEEP_S`` seconds,
long enough for a screen reader far behind a loaded machine to still read it.

Everything said within a short pause (``PAUSE_MS``; news of a turn is held until the turn is on screen,
see ``hold``) becomes one utterance: a screen reader interrupts the last announcement with the next.
Qt's announcement event (elsewhere) is sent *polite*, which Windows queues instead of cutting off.
An utterance carries the news of at most ``NEWS_TURNS`` turns, the newest: bots at the fastest speed
show turn after turn without a pause, and a whole game's moves in one breath (thousands of words)
are no news to anyone. The older turns' events are counted in one sentence; the game log has them.

``PATRICIAN_SPEECH_LOG=FILE`` appends each utterance, as its parts and their kinds, to FILE (one JSON
line each): a transcript of what the app asked the screen reader to say, to hold against what it said.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import deque
from typing import Literal

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QGuiApplication, QPaintEvent
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from patrician_qt.ui.text.plural import counted

Kind = Literal["move", "scoring", "result", "turn", "prompt", "action", "refusal", "hint", "info", "asked"]
Level = Literal["all", "mine", "off"]
LEVELS: tuple[Level, ...] = ("all", "mine", "off")
SETTING = "ui/announce"
PAUSE_MS = 250
NEWS_TURNS = 5  # a round of the largest table: all a player missed since their own last turn
NOT_NEWS = 0  # the turn of what is said at once (a prompt, a refusal, a key's answer): never left out
KEEP_S = 120.0  # how long a spoken region stays in the tree for a screen reader that is behind
HISTORY = 50  # utterances kept for the history key
LOG_ENV = "PATRICIAN_SPEECH_LOG"
# what each verbosity lets through; "asked" (a key the player pressed to hear something) always speaks
ALLOWED: dict[str, frozenset[str]] = {
    "all": frozenset({"move", "scoring", "result", "turn", "prompt", "action", "refusal", "hint", "info", "asked"}),
    "mine": frozenset({"scoring", "result", "turn", "prompt", "action", "refusal", "hint", "asked"}),
    "off": frozenset({"asked"}),
}


def _t(text: str) -> str:
    return QCoreApplication.translate("Announce", text)


def level_names() -> dict[str, str]:
    """The verbosity levels as the View menu names them."""
    return {"all": _t("Everything"), "mine": _t("My turn and scorings"), "off": _t("Off")}


class NoteRegion(QWidget):
    """An invisible one-pixel widget whose accessible role is *notification*; showing it speaks its text.

    Its words never change once shown (see the module's docstring)."""

    def __init__(self, parent: QWidget, text: str = "") -> None:
        super().__init__(parent)
        self.text = text
        self.born = time.monotonic()
        self.access: QAccessibleWidget | None = None
        self.setObjectName("Announcement")
        self.setGeometry(0, 0, 1, 1)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Nothing to see: it exists for screen readers only."""


class _NoteAccessible(QAccessibleWidget):
    """The region as assistive technology sees it: a notification named by its text."""

    def __init__(self, widget: NoteRegion) -> None:
        super().__init__(widget, QAccessible.Role.Notification, "")

    def text(self, t: QAccessible.Text) -> str:
        """Its name is the announcement."""
        w = self.widget()
        if t == QAccessible.Text.Name and isinstance(w, NoteRegion):
            return w.text
        return super().text(t)


def _factory(key: str, obj: QObject) -> QAccessibleWidget | None:
    if not isinstance(obj, NoteRegion):
        return None
    iface = _NoteAccessible(obj)
    obj.access = iface  # Qt keeps the interface in its cache: the Python side must not free it first
    return iface


_installed = False


def _install_factory() -> None:
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True


def uses_notification_region() -> bool:
    """Linux desktops (AT-SPI; Orca 43 ignores announcement events) and the offscreen test platform."""
    return sys.platform.startswith("linux") or QGuiApplication.platformName() in ("offscreen", "minimal")


class Announcer(QObject):
    """Says short sentences through the screen reader, as far as the player's verbosity allows.

    ``spoken(text)`` is emitted once per utterance actually sent (tests count it).
    """

    spoken = Signal(str)
    levelChanged = Signal(str)

    def __init__(self, window: QWidget, settings: QSettings | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.settings = settings
        raw = str(settings.value(SETTING, "all")) if settings is not None else "all"
        self.level: Level = raw if raw in LEVELS else "all"
        self._queue: list[tuple[str, str, int]] = []  # (kind, words, the turn it is news of or NOT_NEWS)
        self._held: list[tuple[str, str, int]] = []  # news of the turn not yet on screen (its turn not known yet)
        self._turns = 0  # turns released so far: tells one turn's news from the next
        self.last = ""
        self.history: deque[str] = deque(maxlen=HISTORY)  # what was said, oldest first (the history key)
        self.regions: deque[NoteRegion] = deque()  # one per utterance, the newest last
        self.uses_regions = uses_notification_region()
        if self.uses_regions:
            _install_factory()
        self._log_path = os.environ.get(LOG_ENV, "")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PAUSE_MS)
        self._timer.timeout.connect(self._timed_flush)
        self._quiet_until = 0.0  # news waits until then (see settle)

    def set_level(self, level: str) -> None:
        """Everything, my turn and scorings, or off; remembered in the settings."""
        if level not in LEVELS:
            raise ValueError(f"unknown verbosity {level!r}")
        self.level = level
        if self.settings is not None:
            self.settings.setValue(SETTING, level)
        self.levelChanged.emit(level)

    def allows(self, kind: Kind) -> bool:
        """Whether this kind of news is spoken at the chosen verbosity."""
        return kind in ALLOWED[self.level]

    def say(self, text: str, kind: Kind, hold: bool = False, before: str | None = None) -> None:
        """Queue a sentence; ``hold`` keeps it until ``release()`` (the end of a turn on screen); ``before``
        puts it ahead of that sentence when it is still waiting ("Your turn, Anna" before its prompt).
        A new prompt replaces one still waiting: only what to do now is worth hearing."""
        text = " ".join(text.split())
        if not text or not self.allows(kind):
            return
        queue = self._held if hold else self._queue
        if queue and queue[-1][1] == text:
            return
        if kind == "prompt":
            queue[:] = [e for e in queue if e[0] != "prompt"]
        texts = [e[1] for e in queue]
        entry = (kind, text, NOT_NEWS)
        if before is not None and before in texts:
            queue.insert(texts.index(before), entry)
        else:
            queue.append(entry)
        if not hold:
            self._timer.start()

    def release(self) -> None:
        """A turn is now on screen: what was held is said, before what came with it, after the pause."""
        news = ("move", "scoring")  # in the order it happened: after news still waiting, before any prompt
        at = next((i for i, e in enumerate(self._queue) if e[0] not in news), len(self._queue))
        self._turns += 1
        self._queue[at:at] = [(kind, text, self._turns if kind in news else NOT_NEWS) for kind, text, _n in self._held]
        self._held = []
        if self._queue:
            self._timer.start()

    def settle(self, ms: int) -> None:
        """Let news wait ``ms`` before it is said: a whole new page (a game's start) sends the screen reader a
        burst of events, and Orca 43, when behind, drops waiting announcements at the next change of focus."""
        self._quiet_until = max(self._quiet_until, time.monotonic() + ms / 1000)

    def _timed_flush(self) -> None:
        wait = self._quiet_until - time.monotonic()
        if wait > 0:
            self._timer.start(max(1, int(wait * 1000)))
            return
        self._timer.setInterval(PAUSE_MS)
        self.flush()

    @property
    def region(self) -> NoteRegion | None:
        """The region of the newest utterance (None before the first, or where Qt's event is used)."""
        return self.regions[-1] if self.regions else None

    def flush(self) -> None:
        """Send everything queued as one utterance."""
        self._timer.stop()
        parts: list[tuple[str, str]] = []
        for kind, text in _newest_turns(self._queue):
            if not parts or parts[-1][1] != text:
                parts.append((kind, text))
        self._queue = []
        if not parts:
            return
        text = " ".join(sentence(p) for _k, p in parts)
        self.last = text
        self.history.append(text)
        self._send(text)
        self._transcribe(parts)
        self.spoken.emit(text)

    def repeat(self) -> None:
        """Say the last utterance again (a key for what was missed), whatever the verbosity."""
        if self.last:
            self._send(self.last)
            self.spoken.emit(self.last)

    def _send(self, text: str) -> None:
        if not self.uses_regions:
            event = QAccessibleAnnouncementEvent(self.window, text)
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)  # queued after, not cutting off
            QAccessible.updateAccessibility(event)
            return
        self._prune()
        region = NoteRegion(self.window, text)
        self.regions.append(region)
        region.show()
        region.raise_()

    def _prune(self) -> None:
        """Remove regions old enough that any screen reader has read them (the newest always stays)."""
        now = time.monotonic()
        while len(self.regions) > 1 and now - self.regions[0].born > KEEP_S:
            old = self.regions.popleft()
            old.hide()
            old.deleteLater()

    def _transcribe(self, parts: list[tuple[str, str]]) -> None:
        if not self._log_path:
            return
        line = json.dumps({"parts": [{"kind": k, "text": sentence(t)} for k, t in parts]}, ensure_ascii=False)
        with open(self._log_path, "a", encoding="utf-8") as f:
            f.write(line + "\n")


def _newest_turns(queue: list[tuple[str, str, int]]) -> list[tuple[str, str]]:
    """The queue with the news of all but its newest ``NEWS_TURNS`` turns left out, counted in one sentence
    where the first left-out sentence stood ("12 earlier events left out: the game log has them.")."""
    turns = sorted({turn for _k, _t, turn in queue if turn != NOT_NEWS})
    oldest_kept = turns[-NEWS_TURNS] if len(turns) > NEWS_TURNS else 0
    out: list[tuple[str, str]] = []
    left_out = 0
    at = 0
    for kind, text, turn in queue:
        if turn != NOT_NEWS and turn < oldest_kept:
            if not left_out:
                at = len(out)
            left_out += 1
        else:
            out.append((kind, text))
    if left_out:
        out.insert(at, ("skipped", counted("Announce", "%n earlier event(s) left out: the game log has them.",
                                           left_out)))
    return out


def window_announcer(widget: QWidget | None) -> Announcer | None:
    """The announcer of the window ``widget`` belongs to, or of the window that owns ``widget``'s window (a
    dialog's parent): dialogs speak through the game window's, and keep no Python reference to it."""
    while widget is not None:
        found = widget.window().findChild(Announcer, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if found is not None:
            return found
        widget = widget.window().parentWidget()
    return None


def sentence(text: str) -> str:
    """A sentence ends with a full stop (or its own mark) so a screen reader pauses after it."""
    return text if text[-1:] in ".!?…" else text.rstrip(":") + "."
