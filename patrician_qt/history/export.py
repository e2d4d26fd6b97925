"""The history as a CSV file: one line per person's seat in a game, for a spreadsheet.

Why plain columns: whoever opens it decides what to compute; names are written as text, and a cell that
a spreadsheet would read as a formula (starting with = + - @) is prefixed with ' so it stays text.
"""

from __future__ import annotations

import csv
import io

from .figures import Played

COLUMNS = ("finished_at", "name", "players", "opponents", "score", "won", "place", "game_id")


def _cell(value: object) -> object:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def to_csv(rows: list[Played]) -> str:
    """The CSV text (header first) of some seats, as ``figures.played`` lists them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        writer.writerow([_cell(x) for x in (r.finished_at, r.name, r.players, r.opponents, r.score,
                                               int(r.won), r.place, r.game_id)])
    return out.getvalue()


__all__ = ["COLUMNS", "to_csv"]
