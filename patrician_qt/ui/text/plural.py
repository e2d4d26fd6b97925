"""Counts in words ("1 floor", "2 floors"; "1 Stockwerk", "2 Stockwerke") through Qt's numerus forms.

Why one helper: ``lupdate`` marks a Python string as numerus only for ``self.tr(text, "", n)``,
and a plain ``QCoreApplication.translate(context, text, None, n)`` call that it can read wins
over any numerus entry of the same string. Every count outside a QObject method therefore goes
through ``counted``, whose literal arguments ``tools/update_translations.py`` finds with ``ast``
and hands to lupdate as numerus entries. English has its own (plurals-only) catalogue, so
``"%n floor(s)"`` reads "1 floor" and "2 floors".
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def counted(context: str, text: str, n: int) -> str:
    """``text`` with ``%n`` replaced by ``n``, in the language's singular or plural form for ``n``."""
    return QCoreApplication.translate(context, text, None, n)


def split_count(phrase: str, n: int) -> tuple[str, str]:
    """A counted phrase (from ``counted``) as (the number, the words around it), to draw the number large.

    The words are the phrase's form for ``n`` without the number ("1 card left" → "1", "card left");
    a language that puts the number inside its phrase keeps the whole phrase as the words."""
    number = str(n)
    before, found, after = phrase.partition(number)
    if not found or before.strip():
        return number, phrase
    return number, after.strip()
