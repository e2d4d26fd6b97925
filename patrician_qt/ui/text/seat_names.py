"""Generated bot names ("Bot 2 (hard)") shown in the app's language; every other name as it is.

Why here and not where the name is made: a LAN table (``patrician_qt.table``, also run by the
Qt-free ``patrician host``) names a bot seat it fills itself ``Bot {seat} ({level})`` in English,
and that name travels to every peer, into autosaves and game records. It stays that way, one
name for everybody; each app recognises the generated shape and shows it in its own language
(and again after a live language switch). A name a person typed is never touched — a person who
calls themselves "Bot 1 (hard)" is shown as a bot of that name would be, which is harmless.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from patrician_qt.bots.names import LEVELS

#: the shape patrician_qt/table/table.py gives a bot seat without a name
GENERATED = re.compile(rf"^Bot (?P<n>\d{{1,2}}) \((?P<level>{'|'.join(LEVELS)})\)$")


def _t(text: str) -> str:
    return QCoreApplication.translate("SeatNames", text)


def _level(level: str) -> str:
    words = {
        "random": lambda: _t("random"),
        "easy": lambda: _t("easy"),
        "medium": lambda: _t("medium"),
        "hard": lambda: _t("hard"),
        "expert": lambda: _t("expert"),
    }
    return words[level]()


def display_name(name: str) -> str:
    """The name to show: a generated bot name in the app's language, any other name unchanged."""
    m = GENERATED.match(name)
    if m is None:
        return name
    return _t("Bot {n} ({level})").format(n=m.group("n"), level=_level(m.group("level")))
