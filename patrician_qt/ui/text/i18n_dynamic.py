"""Words the UI translates from data (``self.tr(level.capitalize())``), listed so lupdate can find them.

Never imported for its values: ``QT_TRANSLATE_NOOP`` marks each (context, word) for the ``.ts`` file.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark a string for translation without translating it."""
    return text


MARKED = [
    QT_TRANSLATE_NOOP("MainWindow", "Random"), QT_TRANSLATE_NOOP("MainWindow", "Easy"),
    QT_TRANSLATE_NOOP("MainWindow", "Medium"), QT_TRANSLATE_NOOP("MainWindow", "Hard"),
    QT_TRANSLATE_NOOP("MainWindow", "Expert"),
    QT_TRANSLATE_NOOP("NewGameDialog", "Random"), QT_TRANSLATE_NOOP("NewGameDialog", "Easy"),
    QT_TRANSLATE_NOOP("NewGameDialog", "Medium"), QT_TRANSLATE_NOOP("NewGameDialog", "Hard"),
    QT_TRANSLATE_NOOP("NewGameDialog", "Expert"),
    QT_TRANSLATE_NOOP("NewGameDialog", "Black"), QT_TRANSLATE_NOOP("NewGameDialog", "White"),
    QT_TRANSLATE_NOOP("NewGameDialog", "Red"), QT_TRANSLATE_NOOP("NewGameDialog", "Yellow"),
    QT_TRANSLATE_NOOP("NewGameDialog", "Blue"),
    QT_TRANSLATE_NOOP("HostDialog", "Random"), QT_TRANSLATE_NOOP("HostDialog", "Easy"),
    QT_TRANSLATE_NOOP("HostDialog", "Medium"), QT_TRANSLATE_NOOP("HostDialog", "Hard"),
    QT_TRANSLATE_NOOP("HostDialog", "Expert"),
    QT_TRANSLATE_NOOP("LobbyView", "Random"), QT_TRANSLATE_NOOP("LobbyView", "Easy"),
    QT_TRANSLATE_NOOP("LobbyView", "Medium"), QT_TRANSLATE_NOOP("LobbyView", "Hard"),
    QT_TRANSLATE_NOOP("LobbyView", "Expert"),
    QT_TRANSLATE_NOOP("PlayersModel", "Lady"), QT_TRANSLATE_NOOP("PlayersModel", "Cap"),
    QT_TRANSLATE_NOOP("PlayersModel", "Beard"),
    QT_TRANSLATE_NOOP("ScoreSheet", "Lady"), QT_TRANSLATE_NOOP("ScoreSheet", "Cap"),
    QT_TRANSLATE_NOOP("ScoreSheet", "Beard"),
    QT_TRANSLATE_NOOP("Card", "Lady"), QT_TRANSLATE_NOOP("Card", "Cap"), QT_TRANSLATE_NOOP("Card", "Beard"),
]
