"""Short sound effects (resources/sounds, made by tools/make_sounds.py), played through miniaudio.

Why miniaudio: it adds 2.3 MB (with cffi) to an install and a bundle, where QtMultimedia's QSoundEffect
needs PySide6-Addons (a 175 MB wheel) and about 23 MB of Qt Multimedia and FFmpeg in a bundle
(measured for issue 15, packaging/README.md). It is imported on the first sound, never at start-up.

Where no audio device exists (CI, offscreen, a server) the app stays silent without errors: the
output is opened on the first sound; when only miniaudio's "null" device is there, or opening fails,
every later sound is dropped quietly (``available`` says so).
"""

from __future__ import annotations

import array
import logging
import threading
import wave
from collections.abc import Generator
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QSettings, QTimer, Signal

SOUNDS = ("turn", "floor", "take", "score", "won", "lost", "chat")
RATE = 22_050
IDLE_CLOSE_MS = 3000  # the device is let go when nothing played for this long (laptops may then sleep)
_log = logging.getLogger(__name__)


def sounds_dir() -> Path:
    """Where the WAV files are (installed as ``patrician_qt.resources/sounds``)."""
    try:
        return Path(str(resources.files("patrician_qt.resources").joinpath("sounds")))
    except ModuleNotFoundError:  # running from a checkout that was never installed
        return Path(__file__).resolve().parents[3] / "resources" / "sounds"


def load_wav(path: Path) -> array.array:
    """16-bit mono samples of one of our WAV files."""
    with wave.open(str(path), "rb") as w:
        if w.getsampwidth() != 2 or w.getnchannels() != 1 or w.getframerate() != RATE:
            raise ValueError(f"{path.name}: expected {RATE} Hz 16-bit mono")
        samples = array.array("h")
        samples.frombytes(w.readframes(w.getnframes()))
    return samples


class Output(Protocol):
    """Where samples go: the sound card, or nowhere."""

    def play(self, samples: array.array) -> bool:
        """Start playing (cutting off what plays now); False when there is no device."""

    def close(self) -> None:
        """Let the device go."""


class Silent:
    """No audio device: every sound is dropped (CI, offscreen, a machine without sound)."""

    def play(self, samples: array.array) -> bool:
        """Nothing to play on."""
        return False

    def close(self) -> None:
        """Nothing to let go."""


class Miniaudio:
    """One miniaudio playback device fed by a generator; a new effect replaces the one playing.

    Why no mixing: the effects are a fraction of a second, so cutting one off is inaudible, and a
    pure-Python mix would cost CPU on the audio thread for nothing.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._samples: array.array | None = None
        self._pos = 0
        self._device: Any = None
        self._dead = False

    @staticmethod
    def has_device() -> bool:
        """True when a real playback device is listed (not only miniaudio's null device)."""
        import miniaudio

        try:
            found = miniaudio.Devices().get_playbacks()
        except Exception:
            return False
        return any(not str(d.get("name", "")).startswith("Discard all samples") for d in found)

    def _open(self) -> bool:
        import miniaudio

        if not self.has_device():
            self._dead = True
            return False
        try:
            device = miniaudio.PlaybackDevice(output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1,
                                              sample_rate=RATE, buffersize_msec=40)
            stream = self._stream()
            next(stream)
            device.start(stream)
        except Exception as exc:
            _log.info("no sound: %s", exc)
            self._dead = True
            return False
        self._device = device
        return True

    def _stream(self) -> Generator[array.array, int, None]:
        """The device's feed: the current effect, then silence (runs on miniaudio's thread)."""
        frames = yield array.array("h")
        while True:
            with self._lock:
                src, pos = self._samples, self._pos
                chunk = array.array("h", bytes(2 * frames))
                if src is not None:
                    part = src[pos:pos + frames]
                    chunk[:len(part)] = part
                    self._pos = pos + len(part)
                    if self._pos >= len(src):
                        self._samples = None
            frames = yield chunk

    def play(self, samples: array.array) -> bool:
        """Start ``samples`` now (the device is opened on the first sound)."""
        if self._dead or (self._device is None and not self._open()):
            return False
        with self._lock:
            self._samples, self._pos = samples, 0
        return True

    def close(self) -> None:
        """Stop and let the device go (it is opened again on the next sound)."""
        device, self._device = self._device, None
        if device is not None:
            device.close()


def default_output() -> Output:
    """miniaudio when it is installed, else silence."""
    try:
        import miniaudio  # noqa: F401 - only asks whether it is there
    except ImportError:
        return Silent()
    return Miniaudio()


class Sound(QObject):
    """Plays the named effects at the chosen volume unless muted; mute and volume are remembered."""

    played = Signal(str)  # an effect was handed to the output (not when muted)

    def __init__(self, settings: QSettings | None = None, output: Output | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self._output = output
        self._cache: dict[tuple[str, int], array.array] = {}
        self.muted = bool(settings.value("sound/muted", False, type=bool)) if settings else False
        volume = settings.value("sound/volume", 70, type=int) if settings else 70
        self.volume = max(0, min(100, int(volume)))  # type: ignore[call-overload]
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(IDLE_CLOSE_MS)
        self._idle.timeout.connect(self._close)

    @property
    def output(self) -> Output:
        """The output, made on the first sound (so miniaudio is never imported at start-up)."""
        if self._output is None:
            self._output = default_output()
        return self._output

    def set_muted(self, on: bool) -> None:
        """Mute or unmute (kept in the settings)."""
        self.muted = on
        if self.settings is not None:
            self.settings.setValue("sound/muted", on)

    def set_volume(self, volume: int) -> None:
        """Volume 0–100 (kept in the settings)."""
        self.volume = max(0, min(100, int(volume)))
        if self.settings is not None:
            self.settings.setValue("sound/volume", self.volume)

    def samples(self, name: str) -> array.array:
        """The effect's samples at the current volume (scaled once per volume)."""
        key = (name, self.volume)
        found = self._cache.get(key)
        if found is None:
            base = load_wav(sounds_dir() / f"{name}.wav")
            gain = (self.volume / 100) ** 2  # loudness follows the slider more evenly than a straight line
            found = self._cache[key] = array.array("h", (int(s * gain) for s in base))
        return found

    def play(self, name: str) -> None:
        """Play an effect of SOUNDS, unless muted or the volume is 0."""
        if name not in SOUNDS:
            raise ValueError(f"unknown sound {name!r}")
        if self.muted or self.volume == 0:
            return
        self.played.emit(name)
        if self.output.play(self.samples(name)):
            self._idle.start()

    @property
    def available(self) -> bool:
        """Whether sounds reach a device (False after the first sound found none)."""
        out = self._output
        return not isinstance(out, Silent) and not (isinstance(out, Miniaudio) and out._dead)

    def _close(self) -> None:
        if self._output is not None:
            self._output.close()

    def release(self) -> None:
        """Let the device go for good (the window closes)."""
        self._idle.stop()
        self._close()
