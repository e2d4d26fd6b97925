"""The board as a Qt model: one row per city in play (R1, R4), fed by a seat's view."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import Qt

from patrician_qt.engine import CITY_BY_NAME, View, city_standing, tower_majority
from patrician_qt.ui.board.row_model import RowModel
from patrician_qt.ui.text.plural import counted

_U = int(Qt.ItemDataRole.UserRole)


class BoardModel(RowModel):
    """Cities with their towers, face-up card, fame tiles and scored state."""

    NameRole = _U + 1
    FloorsRole = _U + 2
    BuiltRole = _U + 3
    TowerARole = _U + 4
    TowerBRole = _U + 5
    CardRole = _U + 6
    TilesLeftRole = _U + 7
    ScoredRole = _U + 8
    AwardsRole = _U + 9
    LeaderARole = _U + 10
    LeaderBRole = _U + 11
    StandingRole = _U + 12  # (TowerStanding A, TowerStanding B) from the engine (R20–R22)
    ROLES: ClassVar[dict[int, bytes]] = {
        NameRole: b"name",
        FloorsRole: b"floors",
        BuiltRole: b"built",
        TowerARole: b"towerA",
        TowerBRole: b"towerB",
        CardRole: b"card",
        TilesLeftRole: b"tilesLeft",
        ScoredRole: b"scored",
        AwardsRole: b"awards",
        LeaderARole: b"leaderA",
        LeaderBRole: b"leaderB",
        StandingRole: b"standing",
    }
    DISPLAY_ROLE_SOURCE = _U + 100
    SummaryRole = _U + 100

    def set_view(self, view: View) -> None:
        """Show a new view: only what changed is signalled."""
        won: dict[str, list[tuple[int, int]]] = {}
        for seat, p in enumerate(view["players"]):
            for city, value in p["tiles"]:
                won.setdefault(city, []).append((seat, value))
        rows = []
        for name, c in view["cities"].items():
            a, b = tuple(c["towers"][0]), tuple(c["towers"][1])
            total = CITY_BY_NAME[name].floors
            built = len(a) + len(b)
            awards = sorted(won.get(name, []), key=lambda sv: -sv[1])
            summary = counted("Board", "{city}: {built} of %n floor(s)", total).format(city=name, built=built)
            rows.append(
                {
                    self.NameRole: name,
                    self.FloorsRole: total,
                    self.BuiltRole: built,
                    self.TowerARole: a,
                    self.TowerBRole: b,
                    self.CardRole: c["card"],
                    self.TilesLeftRole: tuple(c["tiles"]),
                    self.ScoredRole: bool(c["scored"]),
                    self.AwardsRole: tuple(awards),
                    self.LeaderARole: tower_majority(a),
                    self.LeaderBRole: tower_majority(b),
                    self.StandingRole: city_standing(a, b, name),
                    self.SummaryRole: summary,
                }
            )
        self.set_rows(rows)

    def row_of(self, city: str) -> int:
        """The row of a city (-1 if not in play)."""
        for i in range(self.rowCount()):
            if self._rows[i][self.NameRole] == city:
                return i
        return -1
