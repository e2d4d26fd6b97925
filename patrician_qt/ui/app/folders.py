"""Where the app keeps its files and where the user's saves go.

Why: Qt's ``AppDataLocation`` appends organisation *and* application name, which gave the
doubled ``~/.local/share/Patrician/Patrician``; and the save dialogs each started somewhere else.
Now the app's own files (autosaves) live in one data folder named once, the same one
``patrician host`` uses on Linux, and every save, load, export and replay dialog starts in one
folder for the user's saves, under the platform's documents folder.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

FOLDER = "Patrician"


def app_data_dir() -> Path:
    """The app's data folder: ``~/.local/share/patrician`` (XDG), ``%LOCALAPPDATA%\\Patrician`` (Windows),
    ``~/Library/Application Support/Patrician`` (macOS); not created here."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    name = FOLDER if sys.platform in ("win32", "darwin") else FOLDER.lower()  # XDG folders are lower case
    return Path(base) / name


def doubled_data_dir() -> Path:
    """Where earlier versions kept their data (Qt's AppDataLocation: ``…/Patrician/Patrician`` on Linux)."""
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))


def user_saves_dir(data: Path) -> Path:
    """The one folder for the user's saves and records: ``Documents/Patrician`` (``data/saves`` where
    the platform has no documents folder); created when a dialog first needs it."""
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(docs) / FOLDER if docs else data / "saves"


def move_old_data(old: Path, new: Path, settings: QSettings | None) -> list[Path]:
    """Move what an earlier version kept in ``old`` into ``new`` (nothing already in ``new`` is replaced)
    and point the remembered hosted game at its new place; returns what was moved.

    A file that cannot be moved stays where it was (and is not lost): the app then simply does not
    list it, and the next start tries again.
    """
    if old == new or not old.is_dir():
        return []
    moved: list[Path] = []
    new.mkdir(parents=True, exist_ok=True)
    for entry in sorted(old.rglob("*")):
        if not entry.is_file():
            continue
        target = new / entry.relative_to(old)
        if target.exists():
            continue
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(entry), str(target))
        except OSError:
            continue
        moved.append(target)
    for folder in sorted((p for p in old.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        _remove_if_empty(folder)
    _remove_if_empty(old)
    if old.parent.name == old.name:  # the doubled name's first half
        _remove_if_empty(old.parent)
    hosted = settings.value("lan/hosted/file") if settings is not None else None
    if settings is not None and hosted:
        path = Path(str(hosted))
        if path.is_relative_to(old) and (new / path.relative_to(old)).exists():
            settings.setValue("lan/hosted/file", str(new / path.relative_to(old)))
            settings.sync()
    return moved


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass
