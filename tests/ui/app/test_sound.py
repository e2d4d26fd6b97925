"""Sound: the right effect on the right event, nothing when muted, mute and volume remembered,
and no audio device is fine (CI and offscreen have none)."""

from __future__ import annotations

import array
import subprocess
import sys
import wave
from pathlib import Path

from PySide6.QtCore import QSettings

from patrician_qt.engine import read_record, replay, view_for
from patrician_qt.ui.game.main_window import MainWindow
from patrician_qt.ui.game.sound import (
    RATE,
    SOUNDS,
    Miniaudio,
    Silent,
    Sound,
    load_wav,
    real_playbacks,
    sounds_dir,
)
from tests.ui.game_helpers import open_game

RECORD_2P = Path(__file__).resolve().parents[2] / "data" / "example-2p.patrician.json"

RECORD = Path(__file__).resolve().parents[2] / "data" / "example-5p.patrician.json"
WAIT_MS = 20_000


class Recorder:
    """An output that keeps what it was asked to play (stands in for the sound card)."""

    def __init__(self) -> None:
        self.lengths: list[int] = []

    def play(self, samples: array.array) -> bool:
        self.lengths.append(len(samples))
        return True

    def close(self) -> None:
        pass


def _listen(window: MainWindow) -> tuple[list[str], Recorder]:
    heard: list[str] = []
    out = Recorder()
    window.motion.sound._output = out
    window.motion.sound.played.connect(heard.append)
    return heard, out


def test_every_effect_is_a_short_file_of_ours():
    for name in SOUNDS:
        path = sounds_dir() / f"{name}.wav"
        with wave.open(str(path), "rb") as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
            assert 0.05 < w.getnframes() / RATE < 1.2
        assert path.stat().st_size < 64 * 1024
        assert max(abs(s) for s in load_wav(path)) > 1000  # not silence


def test_your_turn_sounds_when_a_human_may_act(qtbot):
    window = MainWindow(None)
    qtbot.addWidget(window)
    heard, out = _listen(window)
    window.turnReady.emit(0)
    assert heard == ["turn"] and len(out.lengths) == 1


def test_a_human_turn_in_a_game_sounds_your_turn(qtbot):
    window, _session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    heard: list[str] = []
    window.motion.sound._output = Recorder()
    window.motion.sound.played.connect(heard.append)
    qtbot.waitUntil(lambda: window.controller.active, timeout=WAIT_MS)
    window.turnReady.emit(0)
    assert "turn" in heard


def _replay(qtbot, speed: str) -> MainWindow:
    window = MainWindow(None)
    qtbot.addWidget(window)
    window.set_speed(speed)
    window.show()
    assert window.files.open_replay(RECORD)
    return window


def test_steps_sound_floor_take_and_score(qtbot):
    window = _replay(qtbot, "fast")
    heard, _ = _listen(window)
    replay = window.session.replay()
    replay.seek(41)
    with qtbot.waitSignal(window.shown, timeout=WAIT_MS):
        replay.step()  # turn 42: played, built, built, scored (paced: one sound per step)
    assert heard == ["floor", "score"]
    heard.clear()
    with qtbot.waitSignal(window.shown, timeout=WAIT_MS):
        replay.step()  # turn 43 likewise
    assert heard == ["floor", "score"]


def test_a_turn_shown_at_once_sounds_its_best_moment_once(qtbot):
    window = _replay(qtbot, "instant")
    heard, _ = _listen(window)
    replay = window.session.replay()
    replay.seek(13)
    with qtbot.waitSignal(window.shown, timeout=WAIT_MS):
        replay.step()  # turn 14: played, built, relocated, took, revealed
    assert heard == ["take"]


def test_the_end_sounds_won_for_a_watched_game(qtbot):
    window = _replay(qtbot, "instant")
    heard, _ = _listen(window)
    replay = window.session.replay()
    replay.seek(len(replay) - 2)
    with qtbot.waitSignal(window.gameOver, timeout=WAIT_MS):
        replay.step()
    assert heard[-1] == "won"


def test_muted_plays_nothing_and_volume_zero_neither(qtbot):
    window = _replay(qtbot, "fast")
    heard, out = _listen(window)
    window.motion.act_mute.setChecked(True)
    replay = window.session.replay()
    replay.seek(41)
    with qtbot.waitSignal(window.shown, timeout=WAIT_MS):
        replay.step()
    window.turnReady.emit(0)
    window.session.chatReceived.emit("Someone", "hello")
    assert heard == [] and out.lengths == []
    window.motion.act_mute.setChecked(False)
    window.motion.sound.set_volume(0)
    window.turnReady.emit(0)
    assert heard == []
    window.motion.sound.set_volume(50)
    window.turnReady.emit(0)
    assert heard == ["turn"]


def test_chat_from_another_sounds(qtbot):
    window = _replay(qtbot, "instant")
    heard, _ = _listen(window)
    window.session.chatReceived.emit("Dario", "ciao")
    assert heard == ["chat"]


def test_mute_and_volume_are_remembered(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.motion.act_mute.setChecked(True)
    window.motion.volume_actions[25].trigger()
    window.motion.act_reduce.setChecked(True)
    settings.sync()
    again = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    assert again.motion.act_mute.isChecked() and again.motion.sound.muted
    assert again.motion.volume_actions[25].isChecked() and again.motion.sound.volume == 25
    assert again.motion.act_reduce.isChecked() and again.motion.director.reduce


def test_volume_scales_the_samples():
    sound = Sound(None, output=Recorder())
    sound.set_volume(100)
    loud = max(abs(s) for s in sound.samples("score"))
    sound.set_volume(50)
    soft = max(abs(s) for s in sound.samples("score"))
    assert 0 < soft < loud * 0.3


def test_no_audio_device_is_fine(qtbot):
    """The machine's real output (on CI and here: no device, or miniaudio's null device): silent, no error."""
    sound = Sound(None)
    heard: list[str] = []
    sound.played.connect(heard.append)
    for name in SOUNDS:
        sound.play(name)  # the device is looked for on a thread: the UI thread never waits for it
    sound.wait()
    sound.play("turn")
    assert heard == [*SOUNDS, "turn"]
    assert sound.output is not None
    if isinstance(sound.output, Silent) or not Miniaudio.has_device():
        assert not sound.available
    sound.release()
    assert Silent().play(array.array("h", [1, 2])) is False


def test_the_device_feed_plays_an_effect_then_silence():
    out = Miniaudio()
    feed = out._stream()
    next(feed)
    out._samples, out._pos = array.array("h", range(1, 11)), 0
    assert list(feed.send(4)) == [1, 2, 3, 4]
    assert list(feed.send(4)) == [5, 6, 7, 8]
    assert list(feed.send(4)) == [9, 10, 0, 0]
    assert list(feed.send(3)) == [0, 0, 0]


def test_the_end_sounds_won_or_lost_for_the_human_at_this_computer(qtbot):
    from patrician_qt.ui.session.contract import Update

    window, session = open_game(qtbot, ["human", "bot:easy"], seed=7)
    heard, _ = _listen(window)
    (me,) = session.local_humans()
    final = view_for(replay(read_record(RECORD_2P.read_bytes())), None)  # a real game's end, winners set below
    lost = Update(99, {None: {**final, "result": {**final["result"], "winners": [1 - me]}}}, ())
    window.gameOver.emit(lost)
    won = Update(99, {None: {**final, "result": {**final["result"], "winners": [0, 1]}}}, ())  # a shared victory
    window.gameOver.emit(won)
    assert heard == ["lost", "won"]


def test_a_null_device_is_no_device_under_either_name():
    """ALSA's null device and miniaudio's null backend (Debian 13 without a sound library: no libasound) reach no
    speaker: the app stays silent instead of opening one."""
    assert real_playbacks("ALSA", ["Discard all samples (playback) or generate zero samples (capture)"]) == []
    assert real_playbacks("Null", ["NULL Playback Device"]) == []
    assert real_playbacks("ALSA", ["Discard all samples (playback)", "Default Playback Device"]) == [
        "Default Playback Device"]
    assert real_playbacks("PulseAudio", ["Built-in Audio Analog Stereo"]) == ["Built-in Audio Analog Stereo"]


OPEN_AND_QUIT = """
import functools, sys
import miniaudio
from patrician_qt.ui.game import sound
# miniaudio's null backend: a real device and its thread, on any machine
miniaudio.PlaybackDevice = functools.partial(miniaudio.PlaybackDevice, backends=[miniaudio.Backend.NULL])
sound.Miniaudio.has_device = staticmethod(lambda: True)
out = sound.Miniaudio()
assert out.open() and out.play(sound.load_wav(sound.sounds_dir() / "turn.wav"))
print("playing", flush=True)
"""


def test_a_device_left_open_does_not_keep_the_process_from_ending():
    """Left to the garbage collector at shutdown, the device's stop() waited for miniaudio's thread, which
    Python 3.13 no longer lets into Python then: the process never ended (Debian 13's tests/screen)."""
    proc = subprocess.Popen([sys.executable, "-c", OPEN_AND_QUIT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        out, err = proc.communicate(timeout=120)  # it ends in a second; a hang is for ever
    finally:
        proc.kill()
    assert proc.returncode == 0 and out == "playing\n", err
