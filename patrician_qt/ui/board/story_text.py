"""A player's last turn in words: the "since your last turn" lines, tooltips and screen-reader text.

ui/reach may call ``story_words`` and ``since_words``; the board draws the same facts as marks.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from patrician_qt.ui.board.last_moves import TurnStory
from patrician_qt.ui.text.card_names import card_name
from patrician_qt.ui.text.plural import counted


def _t(text: str) -> str:
    return QCoreApplication.translate("Story", text)


def _name(names: list[str], seat: int | None) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _t("nobody")


def story_parts(story: TurnStory, names: list[str]) -> list[str]:
    """The turn's steps, each a short clause: "played BOL-6", "built A+B in Bologna", "took FIR-2 at Firenze"."""
    parts = [_t("played {card}").format(card=card_name(story.card))]
    if story.floors:
        plots = "+".join(p for _, p, _ in story.floors)
        parts.append(counted("Story", "built %n floor(s) in {city} ({plots})", len(story.floors)).format(
            city=story.city, plots=plots))
    for city, awards in story.scored:
        won = ", ".join(f"{_name(names, s)}\u00a0{v}" for s, v in awards)
        parts.append(_t("{city} scored: {won}").format(city=city, won=won))
    if story.relocated is not None:
        city, frm, _, to, _ = story.relocated
        parts.append(_t("relocated a floor in {city} from {a} to {b}").format(city=city, a=frm, b=to))
    if story.took is not None:
        parts.append(_t("took {card} at {city}").format(card=card_name(story.took[1]), city=story.took[0]))
    return parts


def story_words(story: TurnStory, names: list[str]) -> str:
    """One turn as a sentence: "Ben played BOL-6, built 2 floors in Bologna (A+B), took FIR-2 at Firenze"."""
    return f"{_name(names, story.seat)} " + ", ".join(story_parts(story, names))  # each part is a whole clause


def short_card(card_id: str) -> str:
    """A card in two words for the summary box: its city and its caption ("Milano “2 × Beard”")."""
    from patrician_qt.engine import CARD_BY_ID
    from patrician_qt.ui.board.card_art import card_caption

    card = CARD_BY_ID.get(card_id)
    if card is None:
        return card_id
    return _t("{city} “{caption}”").format(city=card.city, caption=card_caption(card_id))


def story_line(story: TurnStory, names: list[str]) -> str:
    """One turn in a few words for the board's summary box ("Ben: Milano “2 × Beard” → B; took Lucca “Relocate”
    at Parma"); ``story_words`` says the same in whole sentences (tooltip, screen readers)."""
    text = f"{_name(names, story.seat)}: {short_card(story.card)}"
    if story.floors:
        text += " → " + "+".join(p for _, p, _ in story.floors)
    for city, awards in story.scored:
        won = ", ".join(f"{_name(names, s)}\u00a0{v}" for s, v in awards)
        text += "; " + _t("{city} scored: {won}").format(city=city, won=won)
    if story.relocated is not None:
        city, frm, _, to, _ = story.relocated
        text += "; " + _t("relocated {city} {a}→{b}").format(city=city, a=frm, b=to)
    if story.took is not None:
        text += "; " + _t("took {card} at {city}").format(card=short_card(story.took[1]), city=story.took[0])
    return text


def since_title(seat: int | None, names: list[str], own: bool) -> str:
    """The summary's title: "Since your last turn" (a seat played here) or "Since Ben's last turn"."""
    if own or seat is None:
        return _t("Since your last turn")
    return _t("Since {name}'s last turn").format(name=_name(names, seat))


def since_words(title: str, stories: list[TurnStory], names: list[str]) -> str:
    """The whole summary for screen readers: the title and one sentence per turn."""
    if not stories:
        return ""
    return title + ": " + "; ".join(story_words(s, names) for s in stories)


def here_words(entries: list[tuple[str, Any]], names: list[str]) -> list[str]:
    """A city's marks in words for its tooltip: "Ben played BOL-6 here", "Cleo took FIR-2 here (FER-3 laid)"."""
    out = []
    for kind, data in entries:
        if kind == "played":
            out.append(_t("{name} played {card} here").format(name=_name(names, data[0]), card=card_name(data[1])))
        elif kind == "took":
            seat, card, laid = data
            text = _t("{name} took {card} here").format(name=_name(names, seat), card=card_name(card))
            if laid:
                text += " " + _t("({card} laid)").format(card=card_name(laid))
            out.append(text)
        elif kind == "moved":
            frm, _, to, _, seat = data
            out.append(_t("{name} relocated a floor here from {a} to {b}").format(name=_name(names, seat), a=frm, b=to))
    return out
