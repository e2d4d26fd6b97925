"""What a bot may know: a seat's view plus the public history, and nothing else (docs/rules.md R26).

Bots never receive the true state. This module checks their inputs, reads the history
for the cards each opponent is known to hold (every drawn card was face up), and gives
each decision its own reproducible random source. At a rulebook table (R26) the view shows
only the top card of another stack; what lies below is what the history saw played (R8),
and the same rules apply at an open table (R26a), where the view shows it all anyway.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from patrician_qt.engine import Event, View, stack_size, unseen_cards

#: The public events so far, oldest first (PROTOCOL.md "Events").
History = Sequence[Event]



def check_inputs(view: Any, history: Any) -> None:
    """Refuse anything but a view map and a list of event maps, so no bot is ever handed a state."""
    if not isinstance(view, Mapping) or "players" not in view or "cities" not in view:
        raise TypeError("a bot takes a seat's view (a PROTOCOL.md map), not a game state")
    if not isinstance(history, Sequence) or isinstance(history, str | bytes):
        raise TypeError("history must be a list of PROTOCOL.md event maps")
    if view.get("seat") is None:
        raise ValueError("a bot needs a seat's view, not a spectator's")


def own_seat(view: View) -> int:
    """The seat whose view this is: a bot plays a seat, never a spectator's view (ValueError)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a bot needs a seat's view, not a spectator's")
    return seat


def turn_number(view: View) -> int:
    """Turns played so far: every turn puts exactly one card on a stack (R8)."""
    return sum(stack_size(p) for p in view["players"])


def decision_rng(tag: str, seed: int, seat: int, view: View) -> random.Random:
    """A random source fixed by (tag, seed, seat, turn number), so games resumed from a save continue alike."""
    return random.Random(f"{tag}:{seed}:{seat}:{turn_number(view)}")


def known_holdings(view: View, history: History, unseen: Sequence[str] | None = None) -> dict[int, list[str]]:
    """Per opponent seat, the cards it took face up and has not played since (only starting cards stay unknown).

    ``unseen`` is ``unseen_cards(view, history)`` when the caller has it already.
    """
    me = view["seat"]
    held: dict[int, list[str]] = {s: [] for s in range(len(view["players"])) if s != me}
    for ev in history:
        match ev:
            case {"e": "took", "seat": int(seat), "card": str(card)} if seat in held:
                held[seat].append(card)
            case {"e": "played", "seat": int(seat), "card": str(card)} if seat in held and card in held[seat]:
                held[seat].remove(card)
    unseen_set = set(unseen_cards(view, history) if unseen is None else unseen)
    out: dict[int, list[str]] = {}
    for seat, cards in held.items():
        size = view["players"][seat]["hand_size"]
        out[seat] = [c for c in cards if c in unseen_set][:size]  # a stale history never claims more than the hand
    return out
