"""Patrician: a desktop version of the Amigo board game Patrician (Patrizier)."""

__version__ = "0.1.0"
