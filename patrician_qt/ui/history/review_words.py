"""The review in words for players and screen readers: each verdict, the better turn, a player's summary; and
the places of the better turn for the hint marks on the board.

Why words of their own and not the command's: the window names cards as the players see them ("the Roma card
“Lady”") and speaks the player's language.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import CARD_BY_ID
from patrician_qt.ui.board.hint_marks import HintPlace
from patrician_qt.ui.text.card_names import card_name
from patrician_qt.ui.text.plural import counted


def _t(text: str) -> str:
    return QCoreApplication.translate("Review", text)


def verdict_word(verdict: str) -> str:
    """A verdict in the player's language (the thresholds are in docs/bots.md)."""
    words = {"best": _t("best"), "good": _t("good"), "inaccuracy": _t("inaccuracy"), "mistake": _t("mistake"),
             "blunder": _t("blunder")}
    return words.get(verdict, verdict)


def turn_words(turn: dict[str, Any]) -> str:
    """A turn in words: the card, the floors, a relocation and a card taken."""
    card = str(turn.get("card", ""))
    parts = [_t("play {card}").format(card=card_name(card))]
    city = CARD_BY_ID[card].city if card in CARD_BY_ID else ""
    build = turn.get("build") or []
    if build:
        parts.append(_t("build {plots} in {city}").format(plots="+".join(str(p) for p in build), city=city))
    reloc = turn.get("relocate")
    if isinstance(reloc, dict):
        parts.append(_t("relocate the top floor of {city} {plot}").format(city=reloc.get("city"),
                                                                          plot=reloc.get("from")))
    if turn.get("take"):
        parts.append(_t("take the card at {city}").format(city=turn["take"]))
    return ", ".join(parts)


def differs(t: dict[str, Any]) -> bool:
    """Whether the review found a better turn than the one played."""
    return t.get("verdict") != "best" and t.get("best") != t.get("played")


def verdict_line(t: dict[str, Any], names: list[str]) -> str:
    """One judged turn: who, which turn, the verdict, and the better turn with the win chances."""
    name = names[t["seat"]] if 0 <= t["seat"] < len(names) else "?"
    head = _t("Review of turn {turn} ({name}): {verdict}").format(
        turn=t["turn"] + 1, name=name, verdict=verdict_word(t["verdict"]))
    if t.get("forced"):
        return head + " — " + _t("the only turn possible")
    if not differs(t):
        return head + " — " + _t("win chance {win}%").format(win=round(100 * t["win_played"]))
    return head + " — " + _t("better: {turn} (win chance {best}% instead of {played}%)").format(
        turn=turn_words(t["best"]), best=round(100 * t["win_best"]), played=round(100 * t["win_played"]))


def summary_lines(review: dict[str, Any]) -> list[str]:
    """Per player reviewed: the accuracy, how many turns of each verdict, and the costliest turns."""
    out = []
    for s in review.get("summary", {}).values():
        counts = ", ".join(f"{n} × {verdict_word(w)}" for w, n in s["counts"].items() if n)
        acc = "–" if s["accuracy"] is None else f"{s['accuracy']:.0f}%"
        costly = ", ".join(str(c["turn"] + 1) for c in s["costliest"])
        line = _t("{name}: accuracy {acc} over {turns} ({counts})").format(
            name=s["name"], acc=acc, turns=counted("Review", "%n turn(s)", int(s["turns"])), counts=counts)
        if costly:
            line += "; " + _t("costliest turns: {turns}").format(turns=costly)
        out.append(line)
    return out


def turn_places(turn: dict[str, Any]) -> list[HintPlace]:
    """Where a turn happens, for the hint marks: its card, the plots built, the tower moved from, the card taken."""
    card = str(turn.get("card", ""))
    city = CARD_BY_ID[card].city if card in CARD_BY_ID else ""
    out = [HintPlace("card", city, card=card)]
    built = Counter(str(p) for p in turn.get("build") or [])
    for plot in ("A", "B"):
        if built[plot]:
            out.append(HintPlace("plot", city, plot, count=built[plot]))
    reloc = turn.get("relocate")
    if isinstance(reloc, dict):
        out.append(HintPlace("move", str(reloc.get("city")), str(reloc.get("from"))))
    if turn.get("take"):
        out.append(HintPlace("take", str(turn["take"])))
    return out


__all__ = ["differs", "summary_lines", "turn_places", "turn_words", "verdict_line", "verdict_word"]
