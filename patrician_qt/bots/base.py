"""What a bot may know: a seat's view plus the public history, and nothing else (RULES.md R26).

Bots never receive the true state. This module checks their inputs, reads the history
for the cards each opponent is known to hold (every drawn card was face up), and gives
each decision its own reproducible random source.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from patrician_qt.engine import unseen_cards

View = Mapping[str, Any]
History = Sequence[Mapping[str, Any]]



def check_inputs(view: Any, history: Any) -> None:
    """Refuse anything but a view map and a list of event maps, so no bot is ever handed a state."""
    if not isinstance(view, Mapping) or "players" not in view or "cities" not in view:
        raise TypeError("a bot takes a seat's view (a PROTOCOL.md map), not a game state")
    if not isinstance(history, Sequence) or isinstance(history, str | bytes):
        raise TypeError("history must be a list of PROTOCOL.md event maps")
    if view.get("seat") is None:
        raise ValueError("a bot needs a seat's view, not a spectator's")


def turn_number(view: View) -> int:
    """Turns played so far: every turn puts exactly one card on a stack (R8)."""
    return sum(len(p["stack"]) for p in view["players"])


def decision_rng(tag: str, seed: int, seat: int, view: View) -> random.Random:
    """A random source fixed by (tag, seed, seat, turn number), so games resumed from a save continue alike."""
    return random.Random(f"{tag}:{seed}:{seat}:{turn_number(view)}")


def known_holdings(view: View, history: History) -> dict[int, list[str]]:
    """Per opponent seat, the cards it took face up and has not played since (only star cards stay unknown)."""
    me = view["seat"]
    held: dict[int, list[str]] = {s: [] for s in range(len(view["players"])) if s != me}
    for ev in history:
        kind = ev.get("e")
        seat = ev.get("seat")
        if seat not in held:
            continue
        if kind == "took":
            held[seat].append(ev["card"])
        elif kind == "played" and ev["card"] in held[seat]:
            held[seat].remove(ev["card"])
    unseen = set(unseen_cards(view))
    out: dict[int, list[str]] = {}
    for seat, cards in held.items():
        size = view["players"][seat]["hand_size"]
        out[seat] = [c for c in cards if c in unseen][:size]  # a stale history never claims more than the hand
    return out
