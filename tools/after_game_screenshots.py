"""Pictures of what comes after a game, as a real X server shows them: the score sheet's score story and
statistics, the Statistics window over a history of games, and a review in the replay viewer.

Run on an X server (Xvfb with a window manager will do)::

    DISPLAY=:20 python tools/after_game_screenshots.py docs/screenshots

It writes ``after-score-story.png``, ``after-game-statistics.png``, ``history-statistics.png``,
``review-sheet-turn.png`` (a verdict chosen on the score sheet: the turn as its player saw it, the turn played
and the better one ringed) and ``review-replay.png`` (the verdict in the log and the review's list, the better
turn on the board). ``--lang de`` makes them in German (names ending ``-de.png``). The
games are seeded bot games; the history is made in a temporary folder (never the user's); the review uses
the ``default`` budget, the one a player's "Review this game" uses, so the verdicts shown are the ones a player
would see.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "xcb"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QEventLoop, QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget


def pump(ms: int) -> None:
    """Run the event loop for ``ms`` milliseconds."""
    app = QApplication.instance()
    assert app is not None
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        time.sleep(0.004)


def wait_for(done, timeout_s: float) -> None:
    """Pump events until ``done()`` or the time is up."""
    end = time.monotonic() + timeout_s
    while not done():
        if time.monotonic() > end:
            raise SystemExit("timed out")
        pump(100)


def snap(widget: QWidget, out: Path) -> None:
    """The widget's pixels as the X server holds them (its frame included)."""
    pump(600)
    frame = widget.frameGeometry()
    screen = QGuiApplication.primaryScreen()
    shot = screen.grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    if shot.isNull():
        shot = screen.grabWindow(0).copy(QRect(frame))
    shot.save(str(out))
    print(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--lang", default="en", choices=("en", "de"))
    args = ap.parse_args()
    tail = "" if args.lang == "en" else f"-{args.lang}"
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ["PATRICIAN_HISTORY"] = str(Path(tempfile.mkdtemp(prefix="patrician-shots-")) / "history.sqlite3")
    _app = QApplication([])  # kept: the application must live as long as its windows
    from patrician_qt.ui.text import language

    language.install(args.lang)  # English's own counts ("48 turns"), as the app loads them
    from patrician_qt.engine import write_record
    from patrician_qt.history.games import add_game
    from patrician_qt.history.store import default_history_path, open_history
    from patrician_qt.ui.game.main_window import MainWindow
    from patrician_qt.ui.history.stats_window import StatisticsWindow
    from patrician_qt.ui.session.config import GameConfig, SeatConfig
    from patrician_qt.ui.session.local import LocalSession
    from tests.history.helpers import bot, entry, you

    # a history of evenings: Anna against bots of each level, some won, some lost
    opened = open_history(default_history_path())
    levels = ["easy", "medium", "hard", "easy", "medium", "hard", "expert", "medium", "hard", "easy", "hard", "expert"]
    for i, level in enumerate(levels):
        add_game(opened.conn, entry(100 + i, [you("Anna"), bot(level, "Ben")] + ([bot("easy", "Cleo")] if i % 3 == 0
                                     else []), f"2026-11-{10 + i:02d}T20:00:00Z"))
    opened.conn.close()

    window = MainWindow(None)
    window.set_speed("instant")
    window.resize(1280, 720)
    window.move(0, 0)
    window.show()
    seats = [SeatConfig("Anna", "black", "bot", "medium"), SeatConfig("Ben", "red", "bot", "hard"),
             SeatConfig("Cleo", "white", "bot", "easy")]
    window.start_session(LocalSession(GameConfig(seats, 7, "open")))
    wait_for(lambda: window.shown_update is not None and window.shown_update.over, 300)
    after = window.history.after
    window.score_sheet.show_page(after.sheet_story)
    snap(window, args.out / f"after-score-story{tail}.png")
    window.score_sheet.show_page(after.sheet_figures)
    snap(window, args.out / f"after-game-statistics{tail}.png")

    stats = StatisticsWindow(window)
    stats.resize(900, 620)
    stats.move(60, 40)
    stats.show()
    snap(stats, args.out / f"history-statistics{tail}.png")
    stats.close()

    duel = LocalSession(GameConfig([SeatConfig("Anna", "black", "bot", "easy"),
                                    SeatConfig("Ben", "white", "bot", "medium")], 4, "rulebook"))
    window.start_session(duel)
    wait_for(lambda: window.shown_update is not None and window.shown_update.over, 300)
    record = duel.record()
    # the review on the score sheet, and a verdict chosen there: the turn as its player saw it
    after.runner.budget = "default"
    after.review_button.click()
    wait_for(lambda: after.runner.review is not None, 900)
    turns = after.runner.review["turns"]
    shown = next((t for t in turns if t["verdict"] in ("mistake", "blunder") and t["best"] != t["played"]),
                 next(t for t in turns if t["best"] != t["played"]))
    after.sheet_review.select_turn(int(shown["turn"]))
    after.show_turn(int(shown["turn"]))
    assert after.look is not None
    after.look.move(40, 30)
    snap(after.look, args.out / f"review-sheet-turn{tail}.png")
    after.look.back_button.click()
    snap(window, args.out / f"review-sheet{tail}.png")
    saved = Path(tempfile.mkdtemp(prefix="patrician-shots-")) / "game.patrician.json"
    saved.write_text(write_record(record), encoding="utf-8")
    window.close_session()
    window.open_replay(saved)
    after.runner.budget = "default"
    after.replay_review.start_button.click()
    wait_for(lambda: after.runner.review is not None, 900)
    turns = after.runner.review["turns"]
    shown = next((t for t in turns if t["verdict"] in ("mistake", "blunder") and t["best"] != t["played"]),
                 next(t for t in turns if t["best"] != t["played"]))
    after.show_turn(int(shown["turn"]))
    window.page.side_tabs.reveal(after.replay_review)  # on a short screen the review is a tab of its own
    snap(window, args.out / f"review-replay{tail}.png")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
