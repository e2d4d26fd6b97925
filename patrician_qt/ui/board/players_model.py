"""One row per seat: what R26 lets everyone see about a player, plus whose turn it is.

At a rulebook table (R26) another player's entry in a view is partial: only the top card
of the stack, how many cards and fame tiles, no tile values and no score. Such a row has
``hidden`` set, ``score``, ``fame`` and ``heads`` None and ``tiles`` empty, and counts
instead (``stackSize``, ``tilesWon``), so nothing is shown that the seat may not see.
"""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt

from patrician_qt.engine import HEAD_KINDS, PlayerView, View, head_counts, stack_size, tiles_won
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
    HiddenRole = _U + 15
    StackSizeRole = _U + 16
    TilesWonRole = _U + 17
    SummaryRole = _U + 18
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
        HiddenRole: b"hidden",
        StackSizeRole: b"stackSize",
        TilesWonRole: b"tilesWon",
        SummaryRole: b"summary",
    }
    DISPLAY_ROLE_SOURCE = NameRole

    def set_view(self, view: View, kinds: list[str] | None = None) -> None:
        """Show a new view; ``kinds`` labels seats (e.g. "Human", "Bot · hard")."""
        rows = []
        for seat, p in enumerate(view["players"]):
            stack = tuple(p["stack"])
            hidden = "score" not in p  # a partial entry (R26): what lies below the top card is not shown
            counts = None if hidden else head_counts(tuple(CARD_INDEX[c] for c in stack))
            tiles = tuple((city, value) for city, value in p["tiles"])
            name = display_name(p["name"])
            if hidden:
                tip = self._hidden_tooltip(name, stack, stack_size(p), tiles_won(p))
            else:
                assert counts is not None
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
                    self.ScoreRole: p.get("score"),
                    self.ToMoveRole: view["to_move"] == seat,
                    self.HeadsRole: None if counts is None else dict(zip(HEAD_KINDS, counts, strict=True)),
                    self.KindRole: (kinds[seat] if kinds else ""),
                    self.ViewerRole: view.get("seat") == seat,
                    self.FameRole: None if hidden else sum(v for _, v in tiles),
                    self.HiddenRole: hidden,
                    self.StackSizeRole: stack_size(p),
                    self.TilesWonRole: tiles_won(p),
                    int(Qt.ItemDataRole.ToolTipRole): tip,
                    self.SummaryRole: self._summary(name, p, hidden, tiles),
                    int(Qt.ItemDataRole.AccessibleTextRole): self._spoken(
                        self._summary(name, p, hidden, tiles), kinds[seat] if kinds else "",
                        view["to_move"] == seat and not view.get("over")),
                }
            )
        self.set_rows(rows)

    def _summary(self, name: str, p: PlayerView, hidden: bool, tiles: tuple[tuple[str, int], ...]) -> str:
        """The row in one plain sentence for screen readers, telling no more than the panel shows (R26)."""
        size = stack_size(p)
        top = p["stack"][-1] if p["stack"] else None
        from patrician_qt.ui.text.card_names import card_name  # spoken: the card as printed, not its code

        played = (self.tr("%n card(s) played, {top} on top", "", size).format(top=card_name(top)) if top
                  else self.tr("no card played"))
        base = self.tr("{name} has {floors}, {hand}, {played}").format(
            name=name, floors=self.tr("%n floor(s) left", "", p["supply"]),
            hand=self.tr("%n card(s) in hand", "", p["hand_size"]), played=played)
        if hidden:
            return self.tr("{base}; %n fame tile(s), face down", "", tiles_won(p)).format(base=base)
        won = ", ".join(f"{city} {value}" for city, value in tiles) if tiles else self.tr("none yet")
        return self.tr("{base}; fame tiles: {won}; score {score}").format(base=base, won=won, score=p["score"])

    def _spoken(self, summary: str, kind: str, to_move: bool) -> str:
        """A row as a screen reader reads it: the summary, who plays the seat, and whose turn it is."""
        parts = [summary] + ([kind] if kind else []) + ([self.tr("to move")] if to_move else [])
        return "; ".join(parts)

    def _tooltip(self, name: str, stack: tuple[str, ...], counts: list[int], tiles: list) -> str:
        heads = ", ".join(
            f"{self.tr(kind.capitalize())} {n}" for kind, n in zip(HEAD_KINDS, counts, strict=True)
        )
        cards = " ".join(stack) if stack else self.tr("none yet")
        won = ", ".join(f"{city} {value}" for city, value in tiles) if tiles else self.tr("none yet")
        return plain.markup(self.tr("<b>{name}</b><br>Played: {cards}<br>Heads: {heads}<br>Fame tiles: {won}"),
                            name=name, cards=cards, heads=heads, won=won)

    def _hidden_tooltip(self, name: str, stack: tuple[str, ...], size: int, won: int) -> str:
        """Another player at a rulebook table (R26): the top card, and how many cards and tiles."""
        played = self.tr("%n card(s), {top} on top", "", size).format(top=stack[-1]) if stack else self.tr("none yet")
        return plain.markup(self.tr("<b>{name}</b><br>Played: {cards}<br>Fame tiles: {n}, face down"),
                            name=name, cards=played, n=won)
