"""Make the game's sound effects (resources/sounds/*.wav) from nothing but arithmetic.

Why a script: the sounds are ours ("generated or recorded by us"), reproducible byte for byte,
and small (22 050 Hz, mono, 16-bit, under a second each). Run ``python tools/make_sounds.py`` after
changing a recipe; the WAV files are committed.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
OUT = Path(__file__).resolve().parents[1] / "resources" / "sounds"


def silence(seconds: float) -> list[float]:
    """A stretch of nothing, to be mixed into."""
    return [0.0] * int(seconds * RATE)


def mix(into: list[float], sound: list[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add ``sound`` into ``into`` starting at ``at`` seconds."""
    start = int(at * RATE)
    for i, s in enumerate(sound):
        if start + i < len(into):
            into[start + i] += s * gain


def bell(freq: float, seconds: float, decay: float = 6.0) -> list[float]:
    """A soft struck tone: a fundamental and two quiet partials, fading out (no click at the start)."""
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        env = math.exp(-decay * t) * min(1.0, t / 0.004)
        s = (math.sin(2 * math.pi * freq * t) + 0.35 * math.sin(2 * math.pi * 2 * freq * t)
             + 0.12 * math.sin(2 * math.pi * 3.01 * freq * t))
        out.append(env * s / 1.47)
    return out


def knock(freq: float, seconds: float, rng: random.Random) -> list[float]:
    """A wooden knock: a falling low tone with a short burst of filtered noise (a floor set down)."""
    out, low = [], 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        f = freq * (1.0 + 0.6 * math.exp(-40 * t))
        tone = math.sin(2 * math.pi * f * t) * math.exp(-28 * t)
        low += 0.25 * (rng.uniform(-1, 1) - low)  # one-pole low-pass: a dull thud, not a hiss
        out.append(0.8 * tone + 0.5 * low * math.exp(-60 * t))
    return out


def swish(seconds: float, rng: random.Random) -> list[float]:
    """Paper sliding: noise whose brightness rises then falls (a card picked up)."""
    out, low = [], 0.0
    n = int(seconds * RATE)
    for i in range(n):
        x = i / n
        k = 0.08 + 0.5 * math.sin(math.pi * x)  # filter opens and closes
        low += k * (rng.uniform(-1, 1) - low)
        out.append(low * math.sin(math.pi * x) ** 1.5)
    return out


def notes(freqs: list[float], step: float, length: float, tail: float, decay: float = 5.0) -> list[float]:
    """Bell tones one after another (a chime, a fanfare)."""
    out = silence(step * (len(freqs) - 1) + length + tail)
    for i, f in enumerate(freqs):
        mix(out, bell(f, length, decay), at=i * step, gain=0.8)
    return out


def recipes() -> dict[str, Callable[[], list[float]]]:
    """Each effect by name: the names the app plays (patrician_qt/ui/game/sound.py)."""
    a4 = 440.0

    def semi(n: int) -> float:
        return a4 * 2 ** (n / 12)

    return {
        "turn": lambda: notes([semi(7), semi(12)], 0.11, 0.45, 0.0, 7.0),  # E5, A5: "you're up"
        "floor": lambda: knock(170.0, 0.14, random.Random(1)),
        "take": lambda: swish(0.16, random.Random(2)),
        "score": lambda: notes([semi(3), semi(7), semi(10), semi(15)], 0.07, 0.4, 0.05, 6.0),
        "won": lambda: notes([semi(3), semi(7), semi(10), semi(15), semi(19)], 0.11, 0.55, 0.05, 4.0),
        "lost": lambda: notes([semi(7), semi(3), semi(0), semi(-2)], 0.15, 0.5, 0.05, 4.5),
        "chat": lambda: notes([semi(14)], 0.0, 0.12, 0.0, 25.0),
    }


def write_wav(path: Path, samples: list[float], peak: float = 0.6) -> None:
    """Normalise to ``peak`` of full scale and write 16-bit mono PCM."""
    top = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(struct.pack("<h", round(s / top * peak * 32767)) for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main() -> int:
    """Write every effect and print its size."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in recipes().items():
        path = OUT / f"{name}.wav"
        write_wav(path, make())
        print(f"{path.relative_to(OUT.parents[1])}: {path.stat().st_size / 1024:.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
