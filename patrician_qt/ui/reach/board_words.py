"""The board in words for a screen reader: every fact a sighted player reads off a city (R26), no more.

Why: board items are QGraphicsItems, which no screen reader sees. A city is told with its towers
floor by floor from the bottom (the top floor decides ties, R21), who holds each majority and which
fame tile that is worth (R20, R22), the fame tiles still there, the face-up card by the words printed
on it, and, once scored, who won what as far as this seat's view shows it (won tiles of others lie
face down at a rulebook table, R26).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import CARD_BY_ID, tower_majority
from patrician_qt.engine.scoring import taller_plot
from patrician_qt.ui.text.plural import counted


def _t(text: str) -> str:
    return QCoreApplication.translate("Access", text)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def card_words(card_id: str | None) -> str:
    """A card as printed on it, as the log names it ("the Roma card “2 floors”"), and whether it has the star."""
    if not card_id or card_id not in CARD_BY_ID:
        return card_id or ""
    from patrician_qt.ui.text.card_names import card_name

    return card_name(card_id) + (", " + _t("starting card") if CARD_BY_ID[card_id].star else "")


def tower_words(tower: tuple[int, ...] | list[int], names: list[str]) -> str:
    """Floors from the bottom up: "Anna, Ben, Anna" or "empty"."""
    if not tower:
        return _t("empty")
    return ", ".join(_name(names, s) for s in tower)


def _plot_words(row: dict[str, Any], plot: str, names: list[str]) -> str:
    """One plot: height, floors bottom to top, the majority and what it is (or would be) worth."""
    a, b = tuple(row["towerA"]), tuple(row["towerB"])
    tower = a if plot == "A" else b
    if not tower:
        return _t("plot {plot} empty").format(plot=plot)
    high, low = row["floors"], row["floors"] - 3
    value = high if "AB"[taller_plot(len(a), len(b))] == plot else low
    leader = tower_majority(tower)
    count = tower.count(leader)
    head = counted("Access", "plot {plot}, %n floor(s) from the bottom: {floors}", len(tower)).format(
        plot=plot, floors=tower_words(tower, names))
    who = _name(names, leader)
    if not row.get("scored"):
        lead = counted("Access", "majority {name} with %n floor(s), would win {value}", count)
    elif (leader, value) in {tuple(x) for x in row.get("awards", ())}:
        lead = counted("Access", "majority {name} with %n floor(s), won {value}", count)
    else:  # another player's won tile, which this seat's view does not list: face down (R26)
        lead = counted("Access", "majority {name} with %n floor(s), won a tile, face down", count)
    return head + " — " + lead.format(name=who, value=value)


def city_text(row: dict[str, Any], names: list[str]) -> str:
    """A city in words: built floors, both plots, fame tiles still there, face-up card or scored state."""
    if not row:
        return ""
    city = row.get("name", "?")
    plots = "; ".join(_plot_words(row, p, names) for p in "AB")
    if row.get("scored"):
        return _t("{city}, scored; {plots}").format(city=city, plots=plots)
    tiles = row.get("tilesLeft") or ()
    tiles_part = (_t("fame tiles {values}").format(values=", ".join(str(v) for v in tiles))
                  if tiles else _t("no fame tiles"))
    card = row.get("card")
    card_part = _t("face-up: {card}").format(card=card_words(card)) if card else _t("no face-up card")
    return counted("Access", "{city}, {built} of %n floor(s), {tiles}; {plots}; {card}", row["floors"]).format(
        city=city, built=row.get("built", 0), tiles=tiles_part, plots=plots, card=card_part)


def plot_text(row: dict[str, Any], plot: str, names: list[str]) -> str:
    """Where the cursor rests on a plot: "Roma plot A: Anna, Ben; majority Anna with 1, would win 9"."""
    if not row:
        return ""
    return f"{row.get('name', '?')} {_plot_words(row, plot, names)}"


def card_place_text(row: dict[str, Any]) -> str:
    """Where the cursor rests on a city's face-up card: "Roma: face-up Roma card, 2 floors"."""
    city = row.get("name", "?")
    card = row.get("card")
    if not card:
        return _t("{city}: no face-up card").format(city=city)
    return _t("{city}: face-up {card}").format(city=city, card=card_words(card))
