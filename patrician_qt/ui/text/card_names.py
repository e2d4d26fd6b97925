"""Cards named as players see them ("the Roma card “2 floors”"), never by their record codes ("ROM-6").

Card codes are for records and experts (tooltips); the log, hints, refusals and the tutorial name a
card by its city and the caption printed on it, in the app's language.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from patrician_qt.engine import CARD_BY_ID
from patrician_qt.ui.text.plural import counted

CODE_RE = re.compile(r"\b[A-Z]{3}-\d\b")  # a card code as records write it: "ROM-4"


def card_name(card_id: str) -> str:
    """A card in words: its city and the caption printed on it ("the Siena card “Relocate”")."""
    card = CARD_BY_ID.get(card_id)
    if card is None:  # not a card of the deck (a peer's bad data): say it as it came
        return card_id
    return QCoreApplication.translate("Card", "the {city} card “{caption}”").format(
        city=card.city, caption=card_caption(card_id))


def card_label(card_id: str) -> str:
    """A card's short label under its picture: city and caption ("Siena · Cap"), never its code."""
    if card_id not in CARD_BY_ID:
        return card_id
    return QCoreApplication.translate("Card", "{city} · {caption}").format(
        city=CARD_BY_ID[card_id].city, caption=card_caption(card_id))


def card_caption(card_id: str) -> str:
    """The words under a card's picture ("Lady", "2 × Cap", "Relocate", "2 floors")."""
    c = CARD_BY_ID[card_id]
    _tr = QCoreApplication.translate  # alias read by tools/update_translations.py
    if c.head:
        kind = _tr("Card", c.head.capitalize())
        return kind if c.heads == 1 else _tr("Card", "2 × {kind}").format(kind=kind)
    if c.action == "relocate":
        return _tr("Card", "Relocate")
    if c.action == "take-any":
        return _tr("Card", "Take any")
    return counted("Card", "%n floor(s)", c.arms)


def name_codes(text: str) -> str:
    """``text`` with every card code in it replaced by the card's name (for sentences the engine wrote)."""
    return CODE_RE.sub(lambda m: card_name(m.group(0)) if m.group(0) in CARD_BY_ID else m.group(0), text)


def capitalized(text: str) -> str:
    """The first letter upper-case, for a sentence that starts with a card's name."""
    return text[:1].upper() + text[1:]
