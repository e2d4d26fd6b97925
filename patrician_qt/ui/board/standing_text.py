"""Who holds a tower, and what a build would change, in words: for tooltips, the turn bar, the keyboard
cursor's description and screen readers (ui/reach calls these; the board draws the same facts).

Only words here: the facts come from the engine (``city_standing``, ``TurnBuilder.preview``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import BuildPreview, TowerStanding
from patrician_qt.ui.text.plural import counted


def _t(text: str) -> str:
    return QCoreApplication.translate("Standing", text)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def tower_words(standing: TowerStanding, names: list[str]) -> str:
    """"Anna leads (2 floors), worth 9" / "Anna and Ben tie (2 floors each): Anna holds it by the higher floor
    (R21), worth 6" / "empty"."""
    if standing.leader < 0:
        return _t("empty")
    most = standing.counts[0][1]
    if standing.is_tie:
        tied = _t(" and ").join(_name(names, s) for s in standing.tied)
        text = counted("Standing", "{tied} tie (%n floor(s) each): {winner} holds it by the higher floor (R21)",
                       most).format(tied=tied, winner=_name(names, standing.leader))
    else:
        text = counted("Standing", "{name} leads (%n floor(s))", most).format(name=_name(names, standing.leader))
    return _t("{standing}, worth {value}").format(standing=text, value=standing.tile)


def city_words(standing: tuple[TowerStanding, TowerStanding], names: list[str]) -> str:
    """Both towers: "A: Anna leads (2 floors), worth 9; B: empty"."""
    return f"A: {tower_words(standing[0], names)}; B: {tower_words(standing[1], names)}"  # plot letters: no words


def award_words(city: str, awards: tuple[tuple[int, int], ...], names: list[str]) -> str:
    """"Lucca: Anna 7, Ben 4" (a tile nobody wins: "nobody 4")."""
    parts = [f"{_name(names, s) if s >= 0 else _t('nobody')} {v}" for s, v in awards]
    return f"{city}: " + ", ".join(parts)


def preview_words(preview: BuildPreview, names: list[str]) -> str:
    """The city after the floors being placed: the towers' standing, and who scores what when it completes (R12)."""
    towers = city_words(preview.standing, names)
    if preview.completes:
        return _t("{city} would be complete and scored at once (R12): {awards}").format(
            city=preview.city, awards=award_words(preview.city, preview.awards, names))
    return _t("{city} after this: {towers}").format(city=preview.city, towers=towers)


def tower_short(standing: TowerStanding, names: list[str]) -> str:
    """A tower in a few words for the turn bar: "Dario leads → 6", "Anna = Ben, Anna by R21 → 9", "empty"."""
    if standing.leader < 0:
        return _t("empty")
    if standing.is_tie:
        tied = " = ".join(_name(names, s) for s in standing.tied)
        return _t("{tied}, {winner} by R21 → {value}").format(tied=tied, winner=_name(names, standing.leader),
                                                              value=standing.tile)
    return _t("{name} leads → {value}").format(name=_name(names, standing.leader), value=standing.tile)


def preview_line(preview: BuildPreview, names: list[str]) -> str:
    """The preview in one short line for the turn bar (the board shows the same on the towers and tiles)."""
    if preview.completes:
        return _t("{city} would be scored now (R12): {awards}").format(
            city=preview.city, awards=", ".join(
                f"{_name(names, s) if s >= 0 else _t('nobody')}\u00a0{v}" for s, v in preview.awards))
    return _t("After this: A {a} · B {b}").format(a=tower_short(preview.standing[0], names),
                                                   b=tower_short(preview.standing[1], names))


def cursor_words(panel: Any, plot: str) -> str:
    """What the keyboard cursor adds on a plot of a city panel to the majority ui/reach tells: a tie and its R21
    winner, and while floors are placed there the preview ("; Lucca would be complete …")."""
    names = [p.name for p in panel.players]
    out = ""
    standing = panel.row.get("standing") if panel.row else None
    if standing is not None and not panel.row.get("scored") and standing[0 if plot == "A" else 1].is_tie:
        out += "; " + tower_words(standing[0 if plot == "A" else 1], names)
    preview = panel.marks.preview
    if preview is not None:
        out += "; " + preview_words(preview, names)
    return out


def panel_words(panel: Any) -> str:
    """A city panel's ties for the board's screen-reader text (ui/reach tells each majority):
    "; A: Anna and Ben tie (2 floors each): Anna holds it by the higher floor (R21), worth 6" ("" without a tie)."""
    row = panel.row
    if not row or row.get("scored"):
        return ""
    standing = panel.standing()
    if standing is None:
        return ""
    names = [p.name for p in panel.players]
    return "".join(f"; {plot}: {tower_words(st, names)}" for plot, st in zip("AB", standing, strict=True)
                   if st.is_tie)
