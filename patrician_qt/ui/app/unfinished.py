"""The unfinished games in the autosaves folder, as Continue lists them (players, turn, when).

Why a module of its own: the start screen asks at every start, after the first paint, and the
Continue list, the start screen's button and the tests all need the same reading of the folder
(any file may be broken: it is listed with its problem, never a traceback).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

#: finished games whose autosaves are kept (newest first); older ones are deleted
FINISHED_KEPT = 10


@dataclass(frozen=True, slots=True)
class Unfinished:
    """One autosave Continue can offer: a game not over yet, or a file that cannot be read."""

    path: Path
    saved: float  # the file's modification time (seconds since the epoch)
    players: list[str] = field(default_factory=list)
    turn: int = 0  # the turn to play next (1 = the first)
    problem: str = ""  # why the file cannot be read ("" when it can)


def read_autosaves(directory: Path) -> tuple[list[Unfinished], list[Path]]:
    """(unfinished games and broken files, newest first; finished games' autosaves, newest first)."""
    from patrician_qt.engine import replay
    from patrician_qt.table import find_autosaves, read_save
    from patrician_qt.ui.text.file_problem import file_problem
    from patrician_qt.ui.text.seat_names import display_name

    games: list[Unfinished] = []
    finished: list[Path] = []
    for path in find_autosaves(directory):
        try:
            saved_at = path.stat().st_mtime
            saved = read_save(path)
            over = saved.record.result is not None or replay(saved.record, complete=False).over
        except Exception as exc:  # any broken file is listed with its problem, never a traceback
            games.append(Unfinished(path, _mtime(path), problem=file_problem(path, exc)))
            continue
        if over:
            finished.append(path)
        else:
            games.append(Unfinished(path, saved_at, [display_name(p) for p in saved.record.players],
                                    len(saved.record.turns) + 1))
    return games, finished


def unfinished_games(directory: Path) -> list[Unfinished]:
    """The games Continue offers (broken files too, with their problem), newest first."""
    return read_autosaves(directory)[0]


def prune_finished(finished: list[Path], keep: int = FINISHED_KEPT) -> None:
    """Delete the autosaves (and journals) of all but the newest ``keep`` finished games: each game
    autosaves into a file of its own, and finished ones are not offered anywhere."""
    from patrician_qt.table import discard_save

    for path in finished[keep:]:
        try:
            discard_save(path)
        except OSError:
            pass


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
