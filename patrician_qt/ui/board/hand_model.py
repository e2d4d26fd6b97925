"""The hand of the seat shown (R26: only its own), as a Qt model the hand view draws."""

from __future__ import annotations

from typing import Any, ClassVar

from PySide6.QtCore import QModelIndex, Qt

from patrician_qt.engine import CARD_BY_ID
from patrician_qt.ui.board.row_model import RowModel

_U = int(Qt.ItemDataRole.UserRole)


def card_roles(card_id: str) -> dict[str, Any]:
    """A card's printed face (R2) by role name, shared by every card model."""
    c = CARD_BY_ID[card_id]
    return {"id": c.id, "city": c.city, "arms": c.arms, "head": c.head, "heads": c.heads, "action": c.action,
            "star": c.star}


class HandModel(RowModel):
    """Cards in hand; the turn controller marks which are legal and which is chosen."""

    CardRole = _U + 1
    CityRole = _U + 2
    ArmsRole = _U + 3
    HeadRole = _U + 4
    HeadsRole = _U + 5
    ActionRole = _U + 6
    StarRole = _U + 7
    LegalRole = _U + 8
    ChosenRole = _U + 9
    ROLES: ClassVar[dict[int, bytes]] = {
        CardRole: b"card",
        CityRole: b"city",
        ArmsRole: b"arms",
        HeadRole: b"head",
        HeadsRole: b"heads",
        ActionRole: b"action",
        StarRole: b"star",
        LegalRole: b"legal",
        ChosenRole: b"chosen",
    }
    DISPLAY_ROLE_SOURCE = CardRole

    def set_cards(self, cards: list[str]) -> None:
        """Show a new hand; cards that stay keep their rows (no reset)."""
        current = [r[self.CardRole] for r in self._rows]
        # remove cards that left, from the back so indices stay valid
        for i in range(len(current) - 1, -1, -1):
            if current[i] not in cards:
                self.beginRemoveRows(QModelIndex(), i, i)
                del self._rows[i]
                self.endRemoveRows()
        kept = [r[self.CardRole] for r in self._rows]
        for card in cards:
            if card not in kept:
                n = len(self._rows)
                self.beginInsertRows(QModelIndex(), n, n)
                self._rows.append(self._row(card))
                self.endInsertRows()

    def _row(self, card: str) -> dict[int, Any]:
        f = card_roles(card)
        return {
            self.CardRole: card,
            self.CityRole: f["city"],
            self.ArmsRole: f["arms"],
            self.HeadRole: f["head"],
            self.HeadsRole: f["heads"],
            self.ActionRole: f["action"],
            self.StarRole: f["star"],
            self.LegalRole: False,
            self.ChosenRole: False,
            int(Qt.ItemDataRole.AccessibleTextRole): self._spoken(card, f["city"]),
        }

    @staticmethod
    def _spoken(card: str, city: str) -> str:
        """What a screen reader says for a card: "Lucca LUC-1: Lady" (the caption printed on it)."""
        from patrician_qt.ui.board.card_art import card_caption

        return f"{city} {card}: {card_caption(card)}"

    def cards(self) -> list[str]:
        """The card ids in display order."""
        return [r[self.CardRole] for r in self._rows]

    def mark(self, legal: set[str], chosen: str | None) -> None:
        """Highlight the legal cards and the chosen one (display only; the builder decides)."""
        for i, r in enumerate(self._rows):
            self.set_role(i, self.LegalRole, r[self.CardRole] in legal)
            self.set_role(i, self.ChosenRole, r[self.CardRole] == chosen)
