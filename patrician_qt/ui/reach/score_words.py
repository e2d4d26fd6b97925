"""The end of a game in words for the ear: the winner, every score best first, the heads bonus (R24, R25).

Why apart from the score sheet: the sheet is a grid for the eye ("9 + 6", "3 → 6", "–"); a listener needs
whole sentences, ranked, with what each number is, and the same words for the announcement, key T and
the table's cells.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import HEAD_KINDS, ResultMap, View, head_counts
from patrician_qt.engine.cards import CARD_INDEX
from patrician_qt.ui.text.plural import counted
from patrician_qt.ui.text.seat_names import display_name


def _t(text: str) -> str:
    return QCoreApplication.translate("ScoreWords", text)


def ranking(view: View) -> list[int]:
    """Seats best first (R25: score, then floors left in the supply; seat order among equals)."""
    result: ResultMap | dict[str, list[int]] = view["result"] or {}
    players = view["players"]
    scores = list(result.get("scores", [p.get("score", 0) or 0 for p in players]))
    left = list(result.get("floors_left", [p["supply"] for p in players]))
    return sorted(range(len(players)), key=lambda s: (-int(scores[s]), -int(left[s]), s))


def winner_words(view: View) -> str:
    """"Ben wins!" or "Shared victory: Anna, Ben." in the score sheet's own words."""
    result: ResultMap | dict[str, list[int]] = view["result"] or {}
    names = [display_name(view["players"][s]["name"]) for s in result.get("winners", [])]
    if len(names) == 1:
        return QCoreApplication.translate("ScoreSheet", "{name} wins!").format(name=names[0])
    return QCoreApplication.translate("ScoreSheet", "Shared victory: {names}").format(names=", ".join(names)) + "."


def heads_words(view: View, seat: int) -> str:
    """The heads on one player's stack and what they are worth ("heads: 3 beards worth 6 points")."""
    stack = tuple(CARD_INDEX[c] for c in view["players"][seat]["stack"])
    counts = head_counts(stack)
    parts = []
    for k, kind in enumerate(HEAD_KINDS):
        n = counts[k]
        if not n:
            continue
        if kind == "lady":
            parts.append(counted("ScoreWords", "%n lady(s)", n))
        elif kind == "cap":
            parts.append(counted("ScoreWords", "%n cap(s)", n))
        else:
            parts.append(counted("ScoreWords", "%n beard(s)", n))
    result: ResultMap | dict[str, list[int]] = view["result"] or {}
    bonus = int(result.get("heads", [0] * len(view["players"]))[seat])
    if not parts:
        return _t("no heads")
    return _t("heads: {heads}, worth {points}").format(heads=", ".join(parts),
                                                      points=counted("ScoreWords", "%n point(s)", bonus))


def result_words(view: View) -> str:
    """The winner, then each player best first with the score, the fame and the heads bonus."""
    result: ResultMap | dict[str, list[int]] = view["result"] or {}
    players = view["players"]
    scores = result.get("scores", [p.get("score", 0) for p in players])
    heads = result.get("heads", [0] * len(players))
    lines = [winner_words(view)]
    for place, seat in enumerate(ranking(view), start=1):
        fame = sum(v for _c, v in players[seat]["tiles"])
        lines.append(_t("{place}. {name}: {score}, fame {fame} and heads bonus {heads}.").format(
            place=place, name=display_name(players[seat]["name"]), score=scores[seat], fame=fame,
            heads=heads[seat]))
    return " ".join(lines)


def cell_words(title: str, name: str, text: str) -> str:
    """One cell of the score table for the ear: "Cleo, Roma: 9 and 6" (the grid's symbols in words)."""
    spoken = text.strip()
    if spoken in ("", "–", "-"):
        spoken = _t("none")
    else:
        spoken = spoken.replace(" + ", " " + _t("and") + " ")
        if " → " in spoken:
            n, pts = spoken.split(" → ", 1)
            spoken = counted("ScoreWords", "%n head(s), worth {points}", int(n)).format(
                points=counted("ScoreWords", "%n point(s)", int(pts)))
    return f"{name}, {title}: {spoken}"
