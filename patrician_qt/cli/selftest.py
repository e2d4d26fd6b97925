"""``patrician --self-test``: the packaged build's smoke test through the real window and session.

Opens the main window (offscreen is fine), plays one whole bot game through the same
LocalSession → Table path a user's game takes, and checks the score sheet against the
result recomputed from the game's record by the engine. Exit 0, or print what failed.
"""

from __future__ import annotations

import os
import sys
import time


def self_test(timeout_s: float = 120.0) -> int:
    """Run the smoke test; 0 when everything matched."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer

    from patrician_qt.engine import read_record, replay_result, write_record
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.game.main_window import MainWindow
    from patrician_qt.ui.session.config import GameConfig, SeatConfig
    from patrician_qt.ui.session.local import LocalSession

    t0 = time.perf_counter()
    make_app(["patrician"], "en")
    problems: list[str] = []
    window = MainWindow(None)
    window.set_speed("instant")
    window.resize(1280, 720)
    window.show()
    cfg = GameConfig([SeatConfig("Anna", "black", "bot", "easy"), SeatConfig("Ben", "white", "bot", "medium"),
                      SeatConfig("Cleo", "red", "bot", "easy")], seed=2024)
    session = LocalSession(cfg)
    loop = QEventLoop()
    final: dict[str, object] = {}

    def over(update: object) -> None:
        final["update"] = update
        loop.quit()

    window.gameOver.connect(over)
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    window.start_session(session)
    if "update" not in final:
        loop.exec()
    try:
        if "update" not in final:
            problems.append(f"the game did not end within {timeout_s:.0f} s")
        else:
            record = read_record(write_record(session.record()))
            result = replay_result(record)
            if record.result is not None and record.result != result:
                problems.append("the table's result differs from the record's replay")
            sheet = window.score_sheet
            if not sheet.isVisible():
                problems.append("the score sheet is not shown")
            for seat, score in enumerate(result["scores"]):
                shown = sheet.cell("Total", seat)
                if shown != str(score):
                    problems.append(f"seat {seat}: the sheet shows {shown}, the record gives {score}")
            names = [s.name for s in session.seats()]
            for w in result["winners"]:
                if names[w] not in sheet.winners.text():
                    problems.append(f"winner {names[w]} is not named on the sheet")
            from patrician_qt.ui.game.sound import sound_check

            sound_ok, sound_words = sound_check()
            if not sound_ok:
                problems.append(sound_words)
            image = window.grab()
            if image.isNull() or image.width() < 100:
                problems.append("the window could not be rendered")
    finally:
        session.close()
        window.close()
    if problems:
        for p in problems:
            print(f"self-test FAILED: {p}", file=sys.stderr)
        return 1
    print(f"self-test passed: a whole 3-bot game through the window in {time.perf_counter() - t0:.1f} s "
          f"({sound_words})")
    return 0


if __name__ == "__main__":
    sys.exit(self_test())
