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
