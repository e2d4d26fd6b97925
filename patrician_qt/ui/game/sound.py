"""Short sound effects (resources/sounds, made by tools/make_sounds.py), played through miniaudio.

Why miniaudio: it adds 2.3 MB (with cffi) to an install and a bundle, where QtMultimedia's QSoundEffect
needs PySide6-Addons (a 175 MB wheel) and about 23 MB of Qt Multimedia and FFmpeg in a bundle
(measured: packaging/README.md). It is imported on the first sound, never at start-up.

Where no audio device exists (CI, offscreen, a server) the app stays silent without errors: the
output is opened on the first sound; when only a null device is there (ALSA's, or miniaudio's null
backend where no sound library is installed), or opening fails, every later sound is dropped quietly
(``available`` says so).

An open device is closed before the interpreter shuts down (``atexit``): left to the garbage collector at
shutdown, its ``stop()`` waits for miniaudio's thread, which Python 3.13 no longer lets into Python by
then, and the process hung at its end (seen on Debian 13).

The UI thread never waits for the sound card: importing miniaudio (90 ms), asking for devices and
opening or closing one run on a short-lived thread; the sound asked for meanwhile is played as soon
as the device is open (or dropped if that took longer than half a second).
"""

from __future__ import annotations

import array
import atexit
import logging
import threading
import time
import wave
from collections.abc import Generator
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QSettings, QTimer, Signal

SOUNDS = ("turn", "floor", "take", "score", "won", "lost", "chat")
RATE = 22_050
IDLE_CLOSE_MS = 30_000  # the device is let go when nothing played for this long (laptops may then sleep)
LATE_S = 0.5  # a sound asked for while the device opened is still played if the device took less than this
# Playback devices that reach no speaker: ALSA's null device, and the one device of miniaudio's null backend
NULL_DEVICES = ("Discard all samples", "NULL Playback Device")
NULL_BACKEND = "null"
_log = logging.getLogger(__name__)
_open_outputs: set[Miniaudio] = set()  # closed at exit, while miniaudio's thread may still enter Python


@atexit.register
def _close_open_outputs() -> None:
    for out in list(_open_outputs):
        out.close()


def real_playbacks(backend: str, names: list[str]) -> list[str]:
    """The playback devices that reach a speaker, of those miniaudio lists for its chosen backend."""
    if backend.casefold() == NULL_BACKEND:
        return []
    return [name for name in names if not name.startswith(NULL_DEVICES)]


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
            devices = miniaudio.Devices()
            found = devices.get_playbacks()
        except Exception:
            return False
        backend = str(getattr(devices, "backend", ""))  # set by its __init__, unknown to its type hints
        return bool(real_playbacks(backend, [str(d.get("name", "")) for d in found]))

    @property
    def is_open(self) -> bool:
        """Whether the device plays now."""
        return self._device is not None

    @property
    def dead(self) -> bool:
        """Whether no device could be had (every sound is dropped from now on)."""
        return self._dead

    def open(self) -> bool:
        """Find and open the device (slow: call it off the UI thread); False when there is none."""
        if self._device is not None:
            return True
        if self._dead:
            return False
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
        _open_outputs.add(self)
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
        """Start ``samples`` now; False when the device is not open."""
        if self._device is None:
            return False
        with self._lock:
            self._samples, self._pos = samples, 0
        return True

    def close(self) -> None:
        """Stop and let the device go (it is opened again on the next sound)."""
        device, self._device = self._device, None
        _open_outputs.discard(self)
        if device is not None:
            device.close()


def sound_check() -> tuple[bool, str]:
    """(library loads, words for the self-test): the packaged build must carry miniaudio and cffi."""
    try:
        import miniaudio
    except ImportError as exc:
        return False, f"miniaudio does not load: {exc}"
    where = "a playback device" if Miniaudio.has_device() else "no audio device here: silent"
    return True, f"miniaudio {getattr(miniaudio, '__version__', '?')}, {where}"


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
        self._worker: threading.Thread | None = None
        self._waiting: tuple[array.array, float] | None = None  # asked for while the device opens

    @property
    def output(self) -> Output | None:
        """The output once known (None until the first sound has looked for one)."""
        return self._output

    def _background(self, job: Any) -> None:
        """Run ``job`` on a short-lived thread, one at a time (a job asked for meanwhile is dropped)."""
        if self._worker is not None and self._worker.is_alive():
            return
        self._worker = threading.Thread(target=job, name="patrician-sound", daemon=True)
        self._worker.start()

    def _open_job(self) -> None:
        out = self._output if self._output is not None else default_output()
        if isinstance(out, Miniaudio):
            out.open()
        self._output = out
        waiting, self._waiting = self._waiting, None
        if waiting is not None and time.monotonic() - waiting[1] < LATE_S:
            out.play(waiting[0])

    def wait(self, timeout: float = 5.0) -> None:
        """Wait for the device to be opened or closed (tests; the window closing)."""
        if self._worker is not None:
            self._worker.join(timeout)

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
        samples = self.samples(name)
        out = self._output
        if out is None or (isinstance(out, Miniaudio) and not out.is_open and not out.dead):
            self._waiting = (samples, time.monotonic())
            self._background(self._open_job)
            self._idle.start()
        elif out.play(samples):
            self._idle.start()

    @property
    def available(self) -> bool:
        """Whether sounds reach a device (False once a sound found none)."""
        out = self._output
        return out is not None and not isinstance(out, Silent) and not (isinstance(out, Miniaudio) and out.dead)

    def _close(self) -> None:
        if self._output is not None:
            self._background(self._output.close)

    def release(self) -> None:
        """Let the device go for good (the window closes)."""
        self._idle.stop()
        self.wait()
        if self._output is not None:
            self._output.close()
