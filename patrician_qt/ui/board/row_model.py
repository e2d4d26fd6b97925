"""A list model whose rows are dicts of role values, updated with fine-grained signals.

Every game model of the UI is a list of rows keyed by named roles; replacing the rows
with new ones emits ``dataChanged`` only for the roles that changed, and inserts or
removes rows at the end, so selections and animations survive a new view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from PySide6.QtCore import QAbstractListModel, QByteArray, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex


class RowModel(QAbstractListModel):
    """Rows of ``{role: value}``; subclasses name their roles in ``ROLES``."""

    ROLES: ClassVar[dict[int, bytes]] = {}
    DISPLAY_ROLE_SOURCE: int | None = None

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[dict[int, Any]] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        """Rows in this flat list (0 under any parent)."""
        return 0 if parent.isValid() else len(self._rows)

    def roleNames(self) -> dict[int, QByteArray]:
        """The named roles, for QML and for tests that look roles up by name."""
        names = {int(k): QByteArray(v) for k, v in self.ROLES.items()}
        names[int(Qt.ItemDataRole.DisplayRole)] = QByteArray(b"display")
        return names

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The value of a role in a row (None for unknown roles or bad indices)."""
        if not index.isValid() or index.parent().isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole and self.DISPLAY_ROLE_SOURCE is not None:
            return row.get(self.DISPLAY_ROLE_SOURCE)
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.get(int(Qt.ItemDataRole.ToolTipRole))
        return row.get(role)

    def row(self, i: int) -> dict[int, Any]:
        """A copy of one row's role values."""
        return dict(self._rows[i])

    def role_of(self, name: str) -> int:
        """The role number of a role name (KeyError if unknown)."""
        for k, v in self.ROLES.items():
            if v.decode() == name:
                return k
        raise KeyError(name)

    def set_rows(self, rows: Sequence[dict[int, Any]]) -> None:
        """Replace all rows: changed roles get dataChanged, extra rows are inserted or removed."""
        old = len(self._rows)
        new = len(rows)
        for i in range(min(old, new)):
            before = self._rows[i]
            after = dict(rows[i])
            changed = [r for r in set(before) | set(after) if before.get(r) != after.get(r)]
            if changed:
                self._rows[i] = after
                idx = self.index(i, 0)
                roles = sorted(changed)
                if self.DISPLAY_ROLE_SOURCE in changed:
                    roles.append(int(Qt.ItemDataRole.DisplayRole))
                self.dataChanged.emit(idx, idx, roles)
        if new > old:
            self.beginInsertRows(QModelIndex(), old, new - 1)
            self._rows.extend(dict(r) for r in rows[old:])
            self.endInsertRows()
        elif new < old:
            self.beginRemoveRows(QModelIndex(), new, old - 1)
            del self._rows[new:]
            self.endRemoveRows()

    def set_role(self, i: int, role: int, value: Any) -> None:
        """Change one role of one row (no signal if the value is the same)."""
        if self._rows[i].get(role) != value:
            self._rows[i][role] = value
            idx = self.index(i, 0)
            self.dataChanged.emit(idx, idx, [role])
