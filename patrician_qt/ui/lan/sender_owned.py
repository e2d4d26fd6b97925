"""A short-lived sender's signal to a long-lived part's method, through a function the connection owns.

Why: PySide 6.11 keeps a weak reference and a receiver record for every connection of a signal to a bound
method of a plain Python object (not a QObject) until that object dies, even after the sender is deleted or
the connection undone. The LAN controller's parts live as long as the window and every session, progress
dialog and Table menu entry is wired to them anew: connected straight, each table left a dozen records
behind for the rest of the evening. A function of our own is held by the connection and goes with the sender.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def sender_owned(method: Callable[..., object]) -> Callable[..., None]:
    """``method`` called with the signal's arguments, by a function that dies with the sender's connection."""

    def call(*args: Any) -> None:
        method(*args)

    return call
