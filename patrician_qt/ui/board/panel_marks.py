"""The last-move marks of a city panel (ui/board/move_marks.py items, children of the panel): made for new
entries, kept while they stay, dropped when their player moves again.

Why its own module: the panel draws the city; keeping its marks is a job of its own.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtWidgets import QGraphicsItem

from patrician_qt.ui.board.move_marks import MoveMark, played_rect, took_rect
from patrician_qt.ui.board.panel_face import CityPanelFace


def set_moves(panel: CityPanelFace, entries: list[tuple[str, Any]]) -> None:
    """Mark what players did here in their last turns (ui/board/last_moves.py ``marks_by_city``).

    Marks that stay the same are kept (only new ones are made, gone ones removed): a new view
    repaints no more than what changed."""
    scored = bool(panel.row.get("scored"))
    colors = [panel.color_of(s) for s in range(len(panel.players))]
    if entries == panel.moves and (colors, scored) == panel.move_key:
        return
    if (colors, scored) != panel.move_key:
        old: dict[tuple[str, Any, int], MoveMark] = {}  # colours or the header changed: make every mark anew
    else:
        old = {(m.kind, m.source, m.slot): m for m in panel.move_marks}
    panel.moves = list(entries)
    panel.move_key = (colors, scored)
    panel.refresh_tooltip()
    keep: list[MoveMark] = []
    played = 0
    for kind, data in entries:
        slot = played if kind == "played" else 0
        played += kind == "played"
        mark = old.pop((kind, data, slot), None)
        if mark is None:
            mark = _new_mark(panel, kind, data, slot, scored)
        keep.append(mark)
    for item in [*old.values(), *panel.move_marks]:
        if item not in keep:
            _drop_mark(item)
    panel.move_marks = keep

def _drop_mark(item: MoveMark) -> None:
    """Take a mark off the board (off its panel too when the panel is in no scene)."""
    scene = item.scene()
    if scene is not None:
        scene.removeItem(item)  # also from its parent
    elif item.parentItem() is not None:  # the stubs say scene() is never None: mypy skips this branch
        item.setParentItem(None)  # type: ignore[arg-type, unused-ignore]

def _new_mark(panel: CityPanelFace, kind: str, data: Any, slot: int, scored: bool) -> MoveMark:
    """One mark item, a child of this panel placed where its floor, card or header badge is."""
    item = cast(QGraphicsItem, panel)  # every panel is a CityPanel, a graphics item
    if kind == "floor":
        plot, level, seat = data
        mark = MoveMark(kind, seat, panel.color_of(seat), panel.floor_rect(plot, level), parent=item)
    elif kind == "moved":
        frm, lv_from, to, lv_to, seat = data
        mark = MoveMark(kind, seat, panel.color_of(seat), panel.floor_rect(to, lv_to),
                        panel.floor_rect(frm, lv_from), parent=item)
    elif kind == "took":
        mark = MoveMark(kind, data[0], panel.color_of(data[0]), took_rect(), parent=item)
    else:  # "played": a badge in the header per seat whose card built here
        mark = MoveMark(kind, data[0], panel.color_of(data[0]), played_rect(slot, scored), parent=item)
    mark.source = data
    mark.slot = slot
    return mark


def set_move_focus(panel: CityPanelFace, seat: int | None) -> None:
    """One seat's marks stronger, the others' faded (None: all as usual): hovering a summary line."""
    for mark in panel.move_marks:
        mark.set_emphasis(None if seat is None else mark.seat == seat)
