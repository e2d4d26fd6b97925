"""Looking through a played stack (R8): all of your own, of another player only what the table shows.

Why: at a rulebook table (R26) the players panel shows each stack's top card only, and a player
"may look through their own stack at any time"; this dialog is that look. It shows exactly the
players model's row, so it can never show more than the seat's view: another player's stack
below its top card stays face down, and their tiles are a count.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from patrician_qt.engine import HEAD_KINDS
from patrician_qt.ui.board import card_art, theme
from patrician_qt.ui.board.players_model import PlayersModel
from patrician_qt.ui.text.card_names import card_label, card_name
from patrician_qt.ui.text.plural import counted

CARD_W, CARD_H = 72, 100


def _t(text: str) -> str:
    return QCoreApplication.translate("StackDialog", text)


def card_icon(card: str | None) -> QIcon:
    """A card's face (None: a card back) as an icon for the list."""
    pixmap = QPixmap(CARD_W + 4, CARD_H + 4)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    rect = QRectF(2, 2, CARD_W, CARD_H)
    if card is None:
        card_art.paint_card_back(painter, rect)
    else:
        card_art.paint_card(painter, rect, card)
    painter.end()
    return QIcon(pixmap)


def stack_lines(row: dict[str, Any]) -> list[str]:
    """The summary under the cards, from a players model row (role name → value)."""
    size = int(row["stackSize"] or 0)
    if row["hidden"]:
        if size > 1:
            played = counted("StackDialog", "%n card(s) played. You see the top one; the others below it lie face "
                                            "down for you (R26).", size)
        else:
            played = counted("StackDialog", "%n card(s) played.", size)
        return [played, counted("StackDialog", "%n fame tile(s) won, face down (R26).", int(row["tilesWon"] or 0))]
    heads = row["heads"] or {}
    kinds = ", ".join(f"{QCoreApplication.translate('PlayersModel', k.capitalize())} {heads.get(k, 0)}"
                      for k in HEAD_KINDS)
    tiles = row["tiles"] or ()
    won = ", ".join(f"{city} {value}" for city, value in tiles) if tiles else _t("none yet")
    return [
        counted("StackDialog", "%n card(s) played, the top card first.", size),
        _t("Heads: {heads} (every 3 of a kind score 6, R24).").format(heads=kinds),
        _t("Fame tiles: {tiles}.").format(tiles=won),
        _t("Score so far: {score}.").format(score=row["score"]),
    ]


class StackDialog(QDialog):
    """One seat's played stack as the viewing seat sees it: card faces, top first, and a summary."""

    def __init__(self, model: PlayersModel, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        index = model.index(seat, 0)
        row = {name.decode(): index.data(role) for role, name in PlayersModel.ROLES.items()}
        self.row = row
        own = bool(row["viewer"])
        name = str(row["name"] or "")
        self.setWindowTitle(self.tr("Your played stack") if own else self.tr("Played stack of {name}").format(
            name=name))
        lay = QVBoxLayout(self)
        title = QLabel(self.windowTitle(), self)
        title.setTextFormat(Qt.TextFormat.PlainText)  # a peer's name is plain text
        title.setFont(theme.font(14, bold=True))
        lay.addWidget(title)
        self.cards = QListWidget(self)
        self.cards.setViewMode(QListView.ViewMode.IconMode)
        self.cards.setIconSize(QSize(CARD_W + 4, CARD_H + 4))
        self.cards.setMovement(QListView.Movement.Static)
        self.cards.setResizeMode(QListView.ResizeMode.Adjust)
        self.cards.setWrapping(True)
        self.cards.setSpacing(4)
        self.cards.setMinimumSize(5 * (CARD_W + 16), CARD_H + 40)
        self.cards.setAccessibleName(self.windowTitle())
        stack = list(row["stack"] or ())
        for card in reversed(stack):  # the top card first
            item = QListWidgetItem(card_icon(card), card_label(card))  # what the card shows, not its code
            item.setToolTip(card_name(card))
            self.cards.addItem(item)
        hidden_below = max(0, int(row["stackSize"] or 0) - len(stack)) if row["hidden"] else 0
        for _ in range(hidden_below):
            item = QListWidgetItem(card_icon(None), self.tr("face down"))
            self.cards.addItem(item)
        lay.addWidget(self.cards, 1)
        self.summary = QLabel("\n".join(stack_lines(row)), self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, Qt.Orientation.Horizontal, self)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.cards.setAccessibleDescription(self.summary.text())
