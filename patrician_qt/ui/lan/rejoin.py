"""Where this app last sat at a LAN table, and the game it hosted: the settings behind the start
screen's Rejoin and Resume hosted game buttons.

Why a module of its own: the start screen asks at every start, and that must not import the
LAN controller (its dialogs, the network code and asyncio).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

REJOIN_KEYS = ("table", "host", "port", "name", "token", "role")


def rejoin_info(settings: QSettings | None) -> dict[str, Any] | None:
    """The table this app last sat at, if its game may still be running."""
    s = settings
    if s is None or not s.value("lan/rejoin/token"):
        return None
    info = {k: s.value(f"lan/rejoin/{k}") for k in REJOIN_KEYS}
    try:
        info["port"] = int(info["port"])
    except (TypeError, ValueError):
        return None
    return info


# -- the game this app hosted --------------------------------------------------------------------
HOSTED_KEYS = ("file", "token", "port", "table", "name")


@dataclass(slots=True)
class HostedGameInfo:
    """An unfinished game this app hosted, as the start screen offers it."""

    path: Path
    token: str  # the host's own seat token (the save keeps only its hash)
    port: int
    table: str
    name: str
    seats: list[dict[str, Any]]  # from the save: kind, name, level, away
    you: int  # the host's own seat
    turns: int  # turns played so far

    def summary(self, you_text: str = "you", bot_text: str = "bot") -> str:
        """Who sits where, e.g. "Anna (you) · Ben · Bot 3 (easy)" (bot names in the app's language)."""
        from patrician_qt.ui.text.seat_names import display_name

        names = []
        for i, seat in enumerate(self.seats):
            name = display_name(str(seat.get("name") or "?"))
            if i == self.you:
                name = f"{name} ({you_text})"
            elif seat.get("away"):
                name = f"{name} ({bot_text})"
            names.append(name)
        return " · ".join(names)


def remember_hosted(settings: QSettings | None, path: Path, token: str, port: int, table: str, name: str) -> None:
    """Keep what resuming this hosted game needs; the host's own token lives here, never in the shared save."""
    if settings is None:
        return
    values = {"file": str(path), "token": token, "port": port, "table": table, "name": name}
    for k, v in values.items():
        settings.setValue(f"lan/hosted/{k}", v)
    settings.sync()


def forget_hosted(settings: QSettings | None) -> None:
    """No hosted game to resume any more (the autosave file itself stays)."""
    if settings is not None:
        for k in HOSTED_KEYS:
            settings.remove(f"lan/hosted/{k}")
        settings.sync()


def hosted_game(settings: QSettings | None) -> HostedGameInfo | None:
    """The unfinished game this app hosted, if it can be resumed; SaveError when its autosave is broken.

    Not offered: nothing remembered, the file gone, a finished game, or a save in which the
    remembered token holds no seat (another game has since been saved under that name).
    """
    s = settings
    if s is None or not s.value("lan/hosted/token") or not s.value("lan/hosted/file"):
        return None
    path = Path(str(s.value("lan/hosted/file")))
    if not path.is_file():
        return None
    try:
        port = int(str(s.value("lan/hosted/port")))
    except (TypeError, ValueError):
        port = 0
    from patrician_qt.engine import RecordError, replay
    from patrician_qt.table import SaveError, hash_token, read_save

    saved = read_save(path)  # SaveError: broken
    seats = saved.table.get("seats")
    if not isinstance(seats, list) or len(seats) != len(saved.record.players) \
            or not all(isinstance(seat, dict) for seat in seats):
        raise SaveError(f"{path.name}: the seats in meta.table do not match the players")
    if saved.record.result is not None:
        return None
    try:
        state = replay(saved.record, complete=False)
    except RecordError as exc:
        raise SaveError(f"{path.name}: {exc}") from None
    if state.over:  # the last turn reached the journal, not the snapshot
        return None
    token = str(s.value("lan/hosted/token"))
    mine = hash_token(token)
    you = next((i for i, seat in enumerate(seats) if seat.get("token_hash") == mine), None)
    if you is None:
        return None
    return HostedGameInfo(path, token, port, str(s.value("lan/hosted/table") or saved.table.get("name") or ""),
                          str(s.value("lan/hosted/name") or seats[you].get("name") or ""),
                          [{k: seat.get(k) for k in ("kind", "name", "level", "away")} for seat in seats],
                          you, len(saved.record.turns))
