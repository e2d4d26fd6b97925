"""A LAN guest's record made the way the guest app makes it, from a whole game the host played.

Why here: the replay of a guest's record is judged against the host's truth, so a test needs both: the
host's whole record and, per turn, the true state; the guest's record is built by the guest's own code
(``GameStory`` keeps each update's events and the view at each of its seat's turns, ``peer_record`` writes
the record), fed the updates a host sends that seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from patrician_qt.engine import GameState, Record, new_game, new_record, random_turn, replay_result, view_for
from patrician_qt.engine.rules import apply
from patrician_qt.ui.session.game_story import GameStory
from patrician_qt.ui.session.peer_record import peer_record


@dataclass
class GuestGame:
    """The host's whole record, the true state before the first turn and after each, and the guest's record."""

    host: Record
    states: list[GameState]
    guest: Record
    seat: int


def guest_game(seed: int, names: list[str], seat: int, visibility: str = "rulebook") -> GuestGame:
    """A whole game of random legal turns; ``seat`` is a LAN guest that was told every update."""
    rng = random.Random(seed)
    state = new_game(names, rng, visibility=visibility)
    host = new_record(state, {"app": "patrician test"})
    story = GameStory()
    story.add([{"e": "joined", "seat": seat, "name": names[seat]}])  # a table's event: not the game's
    story.saw(view_for(state, seat))
    states = [state]
    while not state.over:
        turn = random_turn(state, rng)
        host.turns.append({"seat": state.to_move, **turn.to_map()})
        state, events = apply(state, turn)
        states.append(state)
        story.add(events)
        story.saw(view_for(state, seat))  # what the host sends the guest after every turn
    host.result = replay_result(host)
    guest = peer_record(list(names), story.events, "Test table", seat, view_for(state, None)["result"],
                        story.views, visibility)
    return GuestGame(host, states, guest, seat)
