"""The table option as a choice in a dialog: the rulebook table (R26, the default) or the open table (R26a).

Why a module of its own: the New game dialog and the Host dialog offer the same choice, worded
alike, each remembering it under its own settings key.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QComboBox, QWidget

from patrician_qt.engine import OPEN, RULEBOOK


def _t(text: str) -> str:
    return QCoreApplication.translate("TableChoice", text)


def table_choice(parent: QWidget, settings: QSettings | None, key: str) -> QComboBox:
    """A combo box of the two tables (data "rulebook"/"open"), preset from ``settings[key]`` (rulebook first)."""
    from patrician_qt.ui.reach.quiet_fill import fill_once

    combo = QComboBox(parent)
    saved = str(settings.value(key, RULEBOOK)) if settings is not None else RULEBOOK
    tables = [(_t("As in the box: stacks and won tiles stay hidden (R26)"), RULEBOOK),
              (_t("Open table: every stack, tile and score shown (R26a)"), OPEN)]
    fill_once(combo, tables, next((i for i, (_w, data) in enumerate(tables) if data == saved), 0))
    combo.setToolTip(_t("In the box, others see only the top card of your played stack and how many fame tiles "
                        "you have won, face down; nobody keeps a running score. The open table shows everything "
                        "to everyone, for teaching or for play without the memory element."))
    # as wide as its longest words, so the dialog grows to show them whole (German was cut)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    combo.setMinimumWidth(combo.sizeHint().width())
    return combo


def table_words(visibility: str) -> str:
    """The table in a few words, for the lobby and the game window ("Rulebook table (R26)")."""
    return _t("Open table (R26a)") if visibility == OPEN else _t("Rulebook table (R26)")


def table_explained(visibility: str) -> str:
    """What the table shows, in a sentence (tooltips and screen readers)."""
    if visibility == OPEN:
        return _t("Open table (R26a): every played stack, every won tile and every score so far are shown to "
                  "everyone.")
    return _t("Rulebook table (R26), as in the box: you see the top card of each played stack and how many "
              "fame tiles each player has won; your own stack, tiles and score are yours alone until the end. "
              "Click your row to look through your stack.")
