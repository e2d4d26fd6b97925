"""The story of an absence: what happened at a LAN table while a player was away, in one short sentence.

Why: a player back after a drop (or in a new app, rejoining) finds the position changed; the log
gets every event they missed (from the host's story of the game, docs/protocol.md feature
"history"), and this summary says at a glance what it adds up to: how many turns were played,
how many of them a bot played for this player, which cities were scored, whether the game ended.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import Event
from patrician_qt.ui.text.plural import counted


def _t(text: str) -> str:
    return QCoreApplication.translate("Absence", text)


def since_last_left(events: Sequence[Event], seat: int | None) -> list[Event] | None:
    """The events after this seat's player last left the table (None: they never left, or no seat)."""
    if seat is None:
        return None
    last = None
    for i, event in enumerate(events):
        if event.get("e") == "left" and event.get("seat") == seat:
            last = i
    return None if last is None else [e for e in events[last + 1:] if not _back(e, seat)]


def _back(event: Event, seat: int) -> bool:
    """This seat's own return (joined, played by a person again): not news for the one who returns."""
    kind = event.get("e")
    return event.get("seat") == seat and (kind == "joined" or (kind == "replaced" and event.get("by") == "human"))


def clock_text(seconds: float) -> str:
    """A duration as the players panel and the story of an absence show it: "0:35", "12:04", "1:02:10"."""
    s = max(0, int(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def summary(events: Sequence[Event], seat: int | None, seconds: float = -1.0) -> str:
    """"While you were away (1:20): 4 turns were played, 2 of them were yours (a bot played them); Roma scored."

    ``seconds`` below 0: the time is not known."""
    turns = [e for e in events if e.get("e") == "played"]
    mine = sum(1 for e in turns if seat is not None and e.get("seat") == seat)
    scored = [str(e.get("city")) for e in events if e.get("e") == "scored"]
    parts: list[str] = []
    if not turns:
        parts.append(_t("nothing was played"))
    else:
        part = counted("Absence", "%n turn(s) were played", len(turns))
        if mine:
            part = f'{part}, {counted("Absence", "%n of them was yours (a bot played it)", mine)}'
        parts.append(part)
    if scored:
        parts.append(_t("{cities} scored").format(cities=", ".join(scored)))
    if any(e.get("e") == "ended" for e in events):
        parts.append(_t("the game ended"))
    head = (_t("While you were away ({time})").format(time=clock_text(seconds)) if seconds >= 0
            else _t("While you were away"))
    return f"{head}: {'; '.join(parts)}."
