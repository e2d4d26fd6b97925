"""Screenshots of a LAN guest's record in the replay viewer, from a real X server: the game as the guest's seat
saw it, mid-game and with the review's better turn ringed. ``--lang de`` makes them in German (``-de.png``).

Run under Xvfb with a window manager and ``QT_QPA_PLATFORM=xcb``; the pictures are the screen's own pixels.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' guest records

from after_game_screenshots import pump, snap, wait_for
from PySide6.QtWidgets import QApplication


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--lang", default="en", choices=("en", "de"))
    ap.add_argument("--size", default="1280x720", help="the window's size, WIDTHxHEIGHT")
    args = ap.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    tail = ("" if args.lang == "en" else f"-{args.lang}") + ("" if args.size == "1280x720" else f"-{args.size}")
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ["PATRICIAN_HISTORY"] = str(Path(tempfile.mkdtemp(prefix="patrician-shots-")) / "history.sqlite3")
    _app = QApplication([])  # kept: the application must live as long as its windows
    from patrician_qt.ui.text import language

    language.install(args.lang)
    from patrician_qt.engine import write_record
    from patrician_qt.ui.game.main_window import MainWindow
    from tests.review.guest_records import guest_game

    game = guest_game(21, ["Anna", "Ben", "Cleo"], 1)
    saved = Path(tempfile.mkdtemp(prefix="patrician-shots-")) / "Ben record.patrician.json"
    saved.write_text(write_record(game.guest), encoding="utf-8")
    window = MainWindow(None)
    window.set_speed("instant")
    window.resize(width, height)
    window.move(0, 0)
    window.show()
    assert window.open_replay(saved)
    replay = window.session.replay()
    replay.seek(20)
    pump(500)
    snap(window, args.out / f"guest-replay{tail}.png")
    after = window.history.after
    after.runner.budget = "default"
    after.replay_review.start_button.click()
    wait_for(lambda: after.runner.review is not None, 900)
    turns = after.runner.review["turns"]
    shown = next(t for t in turns if t["best"] != t["played"])
    after.show_turn(int(shown["turn"]))
    window.page.side_tabs.reveal(after.replay_review)
    pump(500)
    snap(window, args.out / f"guest-replay-review{tail}.png")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
