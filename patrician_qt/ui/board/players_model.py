"""One row per seat: what R26 lets everyone see about a player, plus whose turn it is."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt

from patrician_qt.engine import HEAD_KINDS, View, head_counts
from patrician_qt.engine.cards import CARD_INDEX
from patrician_qt.ui.board.row_model import RowModel
from patrician_qt.ui.board.theme import symbol_of
from patrician_qt.ui.text import plain
from patrician_qt.ui.text.seat_names import display_name

_U = int(Qt.ItemDataRole.UserRole)


class PlayersModel(RowModel):
    """Players' names, colours, symbols, supply, hand size, stack, tiles, score and turn."""

    NameRole = _U + 1
    ColorRole = _U + 2
    SymbolRole = _U + 3
    SupplyRole = _U + 4
    HandSizeRole = _U + 5
    StackRole = _U + 6
    TopCardRole = _U + 7
    TilesRole = _U + 8
    ScoreRole = _U + 9
    ToMoveRole = _U + 10
    HeadsRole = _U + 11
    KindRole = _U + 12
    ViewerRole = _U + 13
    FameRole = _U + 14
    ROLES: ClassVar[dict[int, bytes]] = {
        NameRole: b"name",
        ColorRole: b"color",
        SymbolRole: b"symbol",
        SupplyRole: b"supply",
        HandSizeRole: b"handSize",
        StackRole: b"stack",
        TopCardRole: b"topCard",
        TilesRole: b"tiles",
        ScoreRole: b"score",
        ToMoveRole: b"toMove",
        HeadsRole: b"heads",
        KindRole: b"kind",
        ViewerRole: b"viewer",
        FameRole: b"fame",
    }
    DISPLAY_ROLE_SOURCE = NameRole

    def set_view(self, view: View, kinds: list[str] | None = None) -> None:
        """Show a new view; ``kinds`` labels seats (e.g. "Human", "Bot · hard")."""
        rows = []
        for seat, p in enumerate(view["players"]):
            stack = tuple(p["stack"])
            counts = head_counts(tuple(CARD_INDEX[c] for c in stack))
            tiles = tuple((city, value) for city, value in p["tiles"])
            name = display_name(p["name"])
            tip = self._tooltip(name, stack, counts, p["tiles"])
            rows.append(
                {
                    self.NameRole: name,
                    self.ColorRole: p["color"],
                    self.SymbolRole: symbol_of(p["color"]),
                    self.SupplyRole: p["supply"],
                    self.HandSizeRole: p["hand_size"],
                    self.StackRole: stack,
                    self.TopCardRole: stack[-1] if stack else None,
                    self.TilesRole: tiles,
                    self.ScoreRole: p["score"],
                    self.ToMoveRole: view["to_move"] == seat,
                    self.HeadsRole: dict(zip(HEAD_KINDS, counts, strict=True)),
                    self.KindRole: (kinds[seat] if kinds else ""),
                    self.ViewerRole: view.get("seat") == seat,
                    self.FameRole: sum(v for _, v in tiles),
                    int(Qt.ItemDataRole.ToolTipRole): tip,
                }
            )
        self.set_rows(rows)

    def _tooltip(self, name: str, stack: tuple[str, ...], counts: list[int], tiles: list) -> str:
        heads = ", ".join(
            f"{self.tr(kind.capitalize())} {n}" for kind, n in zip(HEAD_KINDS, counts, strict=True)
        )
        cards = " ".join(stack) if stack else self.tr("none yet")
        won = ", ".join(f"{city} {value}" for city, value in tiles) if tiles else self.tr("none yet")
        return plain.markup(self.tr("<b>{name}</b><br>Played: {cards}<br>Heads: {heads}<br>Fame tiles: {won}"),
                            name=name, cards=cards, heads=heads, won=won)
