"""Each player's last turn, followed from the public events, for the board's marks and the "since your last
turn" summary.

Why its own module, without Qt: the marks stay until their player moves again, follow a floor that a later
relocation moves (R13 moves a tower's top floor), and must come out the same in a live game, a LAN peer's
window and the replay viewer; a plain class fed with events and views is easy to test. It reads only
events every seat sees (R26: every event as it happens), so a rulebook table shows nothing extra.
It decides no rule: it only remembers where the events put things.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

FloorKey = tuple[str, str]  # (city, plot)


@dataclass(slots=True)
class TurnStory:
    """What one seat did in its last turn, with the places on the board it touched."""

    seat: int
    number: int  # the turn's number in the game as this tracker counted it (1 = the first it saw)
    card: str = ""
    city: str = ""  # the city the card built in
    floors: list[tuple[str, str, int]] = field(default_factory=list)  # (city, plot, level) built, bottom = 0
    relocated: tuple[str, str, int, str, int] | None = None  # (city, from, level it left, to, level now)
    took: tuple[str, str] | None = None  # (city, card) taken from the board
    laid: str | None = None  # the card laid in its place (R18)
    scored: list[tuple[str, list[list[Any]]]] = field(default_factory=list)  # (city, awards) this turn scored


class LastMoves:
    """Every seat's last turn; ``apply`` one update's events and ``sync`` the view after them."""

    def __init__(self) -> None:
        self.turns: dict[int, TurnStory] = {}
        self.count = 0  # turns seen
        self._heights: dict[FloorKey, int] = {}

    def reset(self) -> None:
        """Forget everything (a new game, or a replay jumping to another position)."""
        self.turns.clear()
        self.count = 0
        self._heights.clear()

    def sync(self, view: Mapping[str, Any]) -> None:
        """Take the towers' heights from a view, and drop a mark the towers no longer hold."""
        for city, c in view.get("cities", {}).items():
            for i, plot in enumerate("AB"):
                self._heights[(city, plot)] = len(c["towers"][i])
        for story in self.turns.values():
            story.floors = [f for f in story.floors if f[2] < self._heights.get((f[0], f[1]), 0)]

    def apply(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Follow one turn's events: the mover's earlier marks go, the new ones come (and others' floors move
        with a relocation)."""
        story: TurnStory | None = None
        for ev in events:
            kind = ev.get("e")
            if kind == "played":
                self.count += 1
                story = TurnStory(int(ev["seat"]), self.count, card=str(ev["card"]))
                self.turns[story.seat] = story  # the seat moves again: its old marks go
            elif kind == "built":
                key = (str(ev["city"]), str(ev["plot"]))
                level = self._heights.get(key, 0)
                self._heights[key] = level + 1
                if story is not None:
                    story.city = key[0]
                    story.floors.append((key[0], key[1], level))
            elif kind == "relocated":
                self._relocate(story, str(ev["city"]), str(ev["from"]), str(ev["to"]))
            elif kind == "took" and story is not None:
                story.took = (str(ev["city"]), str(ev["card"]))
            elif kind == "revealed" and story is not None:
                story.laid = str(ev["card"])
            elif kind == "scored" and story is not None:
                story.scored.append((str(ev["city"]), list(ev.get("awards") or [])))

    def _relocate(self, story: TurnStory | None, city: str, frm: str, to: str) -> None:
        """The top floor of ``city``'s ``frm`` goes on top of ``to`` (R13); any mark on it goes along."""
        src, dst = (city, frm), (city, to)
        top = self._heights.get(src, 0) - 1
        new = self._heights.get(dst, 0)
        if top < 0:
            return
        self._heights[src] = top
        self._heights[dst] = new + 1
        for other in self.turns.values():
            other.floors = [(city, to, new) if (c, p, lv) == (city, frm, top) else (c, p, lv)
                            for c, p, lv in other.floors]
            if other.relocated is not None and other.relocated[0] == city and other.relocated[3] == frm \
                    and other.relocated[4] == top:
                other.relocated = (city, other.relocated[1], other.relocated[2], to, new)
        if story is not None:
            story.relocated = (city, frm, top, to, new)

    def since(self, seat: int) -> list[TurnStory]:
        """The other seats' last turns made after ``seat``'s own last turn, oldest first."""
        mine = self.turns.get(seat)
        after = mine.number if mine is not None else 0
        return sorted((s for k, s in self.turns.items() if k != seat and s.number > after), key=lambda s: s.number)

    def marks_by_city(self) -> dict[str, list[tuple[str, Any]]]:
        """Per city what to mark: ("floor", (plot, level, seat)), ("moved", (from, level, to, level, seat)),
        ("took", (seat, card, laid)), ("played", (seat, card))."""
        out: dict[str, list[tuple[str, Any]]] = {}
        for story in sorted(self.turns.values(), key=lambda s: s.number):
            if story.city:
                out.setdefault(story.city, []).append(("played", (story.seat, story.card)))
            for city, plot, level in story.floors:
                out.setdefault(city, []).append(("floor", (plot, level, story.seat)))
            if story.relocated is not None:
                city, frm, lv_from, to, lv_to = story.relocated
                out.setdefault(city, []).append(("moved", (frm, lv_from, to, lv_to, story.seat)))
            if story.took is not None:
                out.setdefault(story.took[0], []).append(("took", (story.seat, story.took[1], story.laid)))
        return out
