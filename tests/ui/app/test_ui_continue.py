"""Continue after the app was killed mid-game (subprocess + SIGKILL), and save / load by name."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from patrician_qt.engine import stack_size
from patrician_qt.ui.app.flow import AppController, unfinished_autosave
from tests.ui.game_helpers import open_game, play_turn_by_clicks, wait_for_human_or_end

CHILD = textwrap.dedent(
    """
    import random, sys, time
    from pathlib import Path
    import patrician_qt.ui
    from PySide6.QtCore import QCoreApplication, QEventLoop
    sys.path.insert(0, sys.argv[3])
    from tests.ui.game_helpers import config
    from patrician_qt.engine import random_turn, state_from_view
    from patrician_qt.ui.session.local import LocalSession

    def main():
        app = QCoreApplication([])
        session = LocalSession(config(["human", "human", "bot:easy"], seed=31), autosave_dir=Path(sys.argv[1]))
        session.start()
        rng = random.Random(5)
        target = int(sys.argv[2])
        while True:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
            cur = session.current()
            if cur is None:
                continue
            if sum(p.get("stack_size", len(p["stack"])) for p in cur.view(None)["players"]) >= target:
                break
            seat = cur.view(None)["to_move"]
            if seat in session.local_humans() and getattr(main, "asked", None) != cur.seq:
                main.asked = cur.seq
                session.submit(seat, random_turn(state_from_view(cur.view(seat)), rng))
        print("READY", cur.seq, flush=True)
        time.sleep(60)

    if __name__ == "__main__":
        main()
    """
)


def test_continue_after_the_app_was_killed(qtbot, tmp_path):
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    saves = tmp_path / "autosaves"
    saves.mkdir()
    here = str(Path(__file__).resolve().parents[3])  # the repo root, for tests.ui.game_helpers
    proc = subprocess.Popen([sys.executable, str(script), str(saves), "10", here], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        line = proc.stdout.readline()
        assert line.startswith("READY"), line
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    path = unfinished_autosave(saves)
    assert path is not None
    QStandardPaths.setTestModeEnabled(True)
    ctrl = AppController(None, tmp_path)
    ctrl.autosaves = saves
    ctrl.refresh_continue()
    assert ctrl.start.continue_button.isEnabled()
    qtbot.addWidget(ctrl.window)
    ctrl.window.set_speed("instant")
    ctrl.window.resize(1280, 720)
    ctrl.show()
    with qtbot.waitSignal(ctrl.window.shown, timeout=10_000):
        ctrl.start.continue_button.click()
    session = ctrl.window.session
    assert session is not None
    window = ctrl.window
    wait_for_human_or_end(qtbot, window)
    shown = window._shown
    played = sum(stack_size(p) for p in shown.view(None)["players"])
    assert played >= 10
    assert {s.name for s in session.seats()} == {"Anna", "Ben", "Cleo"}  # seats restored
    assert sorted(s.kind for s in session.seats()) == ["bot", "human", "human"]
    # the game goes on by clicks
    if window.privacy.isVisible():
        window.privacy.button.click()
    with qtbot.waitSignal(window.shown, timeout=10_000):
        play_turn_by_clicks(qtbot, window, random.Random(3))
    session.close()
    window.close()


def test_a_broken_save_gets_a_clear_message_and_changes_nothing(qtbot, tmp_path):
    bad = tmp_path / "broken.patrician.json"
    bad.write_text("{not json")
    ctrl = AppController(None, tmp_path)
    qtbot.addWidget(ctrl.window)
    assert ctrl.resume(bad) is None
    text = ctrl.message_box.text()
    assert "cannot be continued" in text and "broken.patrician.json" in text
    assert ctrl.window.session is None
    ctrl.window.close()


def test_save_by_name_and_load_it(qtbot, tmp_path):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=6)
    wait_for_human_or_end(qtbot, window)
    with qtbot.waitSignal(window.shown, timeout=10_000):
        play_turn_by_clicks(qtbot, window, random.Random(1))
    wait_for_human_or_end(qtbot, window)
    saved = tmp_path / "mine.patrician.json"
    session.save_as(saved)
    turns = len(session.record().turns)
    session.close()
    ctrl = AppController(None, tmp_path)
    qtbot.addWidget(ctrl.window)
    ctrl.window.set_speed("instant")
    ctrl.show()
    loaded = ctrl.resume(saved)
    assert loaded is not None
    wait_for_human_or_end(qtbot, ctrl.window)
    assert len(loaded.record().turns) == turns
    assert ctrl.window.controller.active
    loaded.close()
    ctrl.window.close()
