"""The engine's two error types: an illegal turn and an unreadable record."""

from __future__ import annotations


class IllegalTurn(ValueError):
    """A turn that breaks a rule; ``rule`` names it (``"R13"``) or is None for a malformed turn."""

    def __init__(self, rule: str | None, text: str) -> None:
        self.rule = rule
        self.text = text
        super().__init__(f"{rule}: {text}" if rule else text)


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message says why, for people."""
