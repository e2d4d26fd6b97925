"""The figures of the history: games, wins and win rate per opponent level and per player count, mean and
best score, streaks and the trend, for the people who played at this computer.

Why figures are computed here and not in a window: ``patrician stats`` and the Statistics window must show
the same numbers, so both take them from ``figures``. One row is one person's seat in one game: a hot-seat
game of two people counts once for each of them (filter by name to see one person's figures).
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from .games import BOT, LOCAL

#: how many of the latest games the trend compares with the ones before
RECENT = 10
PEOPLE = "people"


@dataclass(frozen=True, slots=True)
class Played:
    """One person's seat in one finished game."""

    game_id: int
    finished_at: str
    name: str
    players: int
    opponents: str  # the opponents' levels ("hard", "easy+hard"), "people", or both ("people+medium")
    score: int
    won: bool
    place: str


def opponents_label(levels: list[str | None], people: int) -> str:
    """The opponents of a game as one label: their bot levels, sorted, and "people" when people played too."""
    parts = sorted({lv or "bot" for lv in levels})
    if people:
        parts.insert(0, PEOPLE)
    return "+".join(parts) if parts else PEOPLE


def played(conn: sqlite3.Connection, player: str | None = None, since: str | None = None,
           until: str | None = None) -> list[Played]:
    """Every seat of a person at this computer (optionally one name, one period), oldest game first.

    ``since``/``until`` are dates or times as ISO text ("2026-12-01"); ``until`` includes that whole day.
    """
    where = ["s.kind = ?"]
    args: list[Any] = [LOCAL]
    if player is not None:
        where.append("s.name = ?")
        args.append(player)
    if since:
        where.append("g.finished_at >= ?")
        args.append(since)
    if until:
        where.append("g.finished_at < ?")
        args.append(until + ("T99" if len(until) == 10 else ""))  # a date alone: the whole day
    rows = conn.execute(
        "SELECT g.id, g.finished_at, s.seat, s.name, g.players, s.score, s.winner, g.place"
        " FROM seats s JOIN games g ON g.id = s.game_id"
        f" WHERE {' AND '.join(where)} ORDER BY g.finished_at, g.id, s.seat",
        args,
    ).fetchall()
    others: dict[int, list[tuple[int, str, str | None]]] = defaultdict(list)
    ids = sorted({r[0] for r in rows})
    for k in range(0, len(ids), 500):
        chunk = ids[k : k + 500]
        marks = ",".join("?" * len(chunk))
        for game_id, seat, kind, level in conn.execute(
            f"SELECT game_id, seat, kind, level FROM seats WHERE game_id IN ({marks})", chunk
        ):
            others[game_id].append((seat, kind, level))
    out = []
    for game_id, finished_at, seat, name, players, score, winner, place in rows:
        rest = [(k, lv) for s, k, lv in others[game_id] if s != seat]
        label = opponents_label([lv for k, lv in rest if k == BOT], sum(1 for k, _ in rest if k != BOT))
        out.append(Played(game_id, finished_at, name, players, label, score, bool(winner), place))
    return out


def _rate(rows: list[Played]) -> dict[str, Any]:
    games = len(rows)
    wins = sum(r.won for r in rows)
    return {"games": games, "wins": wins, "win_rate": round(wins / games, 4) if games else None}


def figures(rows: list[Played]) -> dict[str, Any]:
    """The figures of some seats (``played``'s answer) as a plain map, the same for the CLI and the window."""
    by_level: dict[str, list[Played]] = defaultdict(list)
    by_players: dict[int, list[Played]] = defaultdict(list)
    for r in rows:
        by_level[r.opponents].append(r)
        by_players[r.players].append(r)
    scores = [r.score for r in rows]
    recent, earlier = rows[-RECENT:], rows[:-RECENT]
    return {
        **_rate(rows),
        "mean_score": round(sum(scores) / len(scores), 2) if scores else None,
        "best_score": max(scores) if scores else None,
        "by_opponents": {k: _rate(v) for k, v in sorted(by_level.items())},
        "by_players": {str(k): _rate(v) for k, v in sorted(by_players.items())},
        "streaks": streaks(rows),
        "trend": {
            "recent_games": len(recent),
            "recent_win_rate": _rate(recent)["win_rate"],
            "earlier_win_rate": _rate(earlier)["win_rate"],
            "recent_mean_score": round(sum(r.score for r in recent) / len(recent), 2) if recent else None,
            "points": [{"finished_at": r.finished_at, "name": r.name, "score": r.score, "won": r.won} for r in rows],
        },
    }


def streaks(rows: list[Played]) -> dict[str, Any]:
    """The streak going on now (wins or losses in a row, newest games) and the longest run of wins."""
    longest = run = 0
    for r in rows:
        run = run + 1 if r.won else 0
        longest = max(longest, run)
    current = 0
    kind = None
    for r in reversed(rows):
        this = "won" if r.won else "lost"
        if kind is None:
            kind = this
        if this != kind:
            break
        current += 1
    return {"current": {"kind": kind, "length": current}, "longest_win": longest}


__all__ = ["PEOPLE", "RECENT", "Played", "figures", "opponents_label", "played", "streaks"]
