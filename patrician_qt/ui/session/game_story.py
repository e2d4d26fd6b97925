"""What a joined app keeps of the current game's events: its log, the story a host tells on a welcome, and the
view its seat was shown at each of its turns (so that the game can be reviewed from that seat, ``review.seen``).

Why its own module: both are bounded by what one game can hold (``host_door``'s limits), so no host
can grow them without end; ``RemoteSession`` only says when a game or a welcome begins.
"""

from __future__ import annotations

from collections.abc import Iterable

from patrician_qt.engine import Event, View
from patrician_qt.review.seen import game_events
from patrician_qt.ui.session.host_door import MAX_GAME_EVENTS, MAX_SEAT_EVENTS, SEAT_EVENTS


class GameStory:
    """The game's events as the log shows them, and the `past` messages told since the last welcome."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.past: list[tuple[int, list[Event]]] = []  # the story told since the last welcome
        self._past_seat_only = 0  # of those, the ones with only seat events
        self._seat_events = 0  # seat events in the log
        self.overflowed = False  # a host told more than one game can hold
        #: turn index -> (game events before it, the view this seat chose its turn from); one per turn, so bounded
        self.views: dict[int, tuple[int, View]] = {}

    def told(self, seq: int, events: list[Event]) -> None:
        """One `past` message; seat events beyond what the log keeps are not kept either."""
        if all(e.get("e") in SEAT_EVENTS for e in events):
            if self._past_seat_only >= MAX_SEAT_EVENTS:
                return  # game events are bounded by the turns; these by this
            self._past_seat_only += 1
        if events:
            self.past.append((seq, events))

    def take_past(self) -> list[tuple[int, list[Event]]]:
        """The story told since the last welcome (it is told once)."""
        past, self.past, self._past_seat_only = self.past, [], 0
        return past

    def kept(self, events: Iterable[Event]) -> list[Event]:
        """The events the log keeps: every game event, and seat events up to MAX_SEAT_EVENTS a game."""
        out = []
        for e in events:
            if e.get("e") in SEAT_EVENTS:
                if self._seat_events >= MAX_SEAT_EVENTS:
                    continue
                self._seat_events += 1
            out.append(e)
        return out

    def add(self, events: Iterable[Event]) -> None:
        """Add events to the log; beyond what one game can hold, ``overflowed`` (the log stays that long)."""
        self.events.extend(events)
        if len(self.events) > MAX_GAME_EVENTS + MAX_SEAT_EVENTS:
            del self.events[MAX_GAME_EVENTS + MAX_SEAT_EVENTS:]
            self.overflowed = True

    def saw(self, view: View) -> None:
        """Keep the view a seat was shown when it was its turn (each turn once: the first view of it)."""
        seat = view.get("seat")
        if seat is None or view.get("to_move") != seat or view.get("over"):
            return
        done = game_events(self.events)
        turn = sum(1 for e in done if e.get("e") == "played")
        self.views.setdefault(turn, (len(done), view))

    def clear(self) -> None:
        """A new game: nothing told, nothing logged."""
        self.events = []
        self.views = {}
        self.past, self._past_seat_only = [], 0
        self._seat_events = 0
