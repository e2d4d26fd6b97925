"""The game as one seat saw it, followed event by event: the public facts and that seat's own hand (R26, R26a).

Why: a seat that did not deal (a LAN guest) never knew the other hands or the pile, so its game cannot be
replayed from a deal. Everything it was shown follows from the rules all the same: its hand at the deal, the
board's face-up cards, and then the public events (R8–R18: every card played, floor built, tile won, card
taken and laid face up). ``SeenTable`` keeps exactly these and says them as the seat's view after each
event, the very map ``view_for`` gives that seat; it holds no card the seat was not shown, and guesses none.

Its input comes from a file or a peer, so every event is read by pattern and anything that does not follow
the rules raises RecordError.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from .cards import CARD_INDEX, CITIES, CITY_INDEX, N_HAND, cards_in_play, cities_in_play, floors_per_player
from .errors import RecordError
from .scoring import head_points
from .state import OPEN
from .wire_types import CityView, Event, PlayerView, ResultMap, TileWon, View

PLOTS = ("A", "B")


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RecordError(f"{what} must be a whole number, not {value!r}")
    return value


class SeenTable:
    """What one seat knows of the game at one moment: the board, every player's counts and known stacks, the
    tiles won, its own hand (never another's, never the pile: only how many cards they hold)."""

    __slots__ = ("city_card", "city_tiles", "colors", "deck_size", "hand", "hand_sizes", "names", "over",
                 "result", "scored", "seat", "stacks", "supply", "tiles", "towers", "visibility")

    def __init__(self, seat: int, view: View) -> None:
        """The table as ``view`` shows it to ``seat`` (the view's own counts; stacks and tiles as yet empty)."""
        players = view.get("players")
        if not isinstance(players, list) or not 2 <= len(players) <= 5 or not all(
                isinstance(p, dict) for p in players):
            raise RecordError("a view must list 2 to 5 players")
        n = len(players)
        if not 0 <= seat < n:
            raise RecordError(f"no seat {seat} in a {n}-player game")
        self.seat = seat
        self.visibility = view.get("visibility")
        self.names = [str(p.get("name", "")) for p in players]
        self.colors = [str(p.get("color", "")) for p in players]
        self.hand_sizes = [_int(p.get("hand_size"), "a player's hand size") for p in players]
        self.supply = [_int(p.get("supply"), "a player's floors left") for p in players]
        self.deck_size = _int(view.get("deck_size"), "the pile's size")
        hand = view.get("hand")
        if not isinstance(hand, list) or not all(isinstance(c, str) and c in CARD_INDEX for c in hand):
            raise RecordError("a view's hand must list cards")
        self.hand: list[str] = list(hand)
        cities = view.get("cities")
        names = list(cities_in_play(n))
        if not isinstance(cities, dict) or sorted(cities) != sorted(names):
            raise RecordError(f"a {n}-player view shows the cities {', '.join(names)}")
        self.city_card: dict[str, str | None] = {}
        for name in names:
            card = cities[name].get("card") if isinstance(cities[name], dict) else ""
            if card is not None and not (isinstance(card, str) and card in CARD_INDEX):
                raise RecordError(f"{name}'s face-up card is not a card: {card!r}")
            self.city_card[name] = card
        self.towers: dict[str, list[list[int]]] = {name: [[], []] for name in names}
        self.city_tiles: dict[str, list[int]] = {name: list(CITIES[CITY_INDEX[name]].tiles) for name in names}
        self.scored = dict.fromkeys(names, False)
        self.stacks: list[list[str]] = [[] for _ in range(n)]
        self.tiles: list[list[TileWon]] = [[] for _ in range(n)]
        self.over = False
        self.result: ResultMap | None = None

    @classmethod
    def at_deal(cls, seat: int, view: View, before: Sequence[Event]) -> SeenTable:
        """The deal as ``seat`` saw it (R4–R6), from its ``view`` after the game events ``before``: its own hand
        then, each city's first face-up card, the pile's size; RecordError when these do not add up."""
        table = cls(seat, view)
        n = len(table.names)
        taken: set[str] = set()
        for event in reversed(before):  # the oldest take of a city tells its card at the deal
            match event:
                case {"e": "played", "seat": int(s), "card": str(card)} if 0 <= s < n:
                    table.hand_sizes[s] += 1
                    if s == seat:
                        table.hand.append(card)
                case {"e": "took", "seat": int(s), "city": str(city), "card": str(card)} if (
                        0 <= s < n and city in table.city_card):
                    table.hand_sizes[s] -= 1
                    table.city_card[city] = card
                    taken.add(city)
                    if s == seat:
                        if card not in table.hand:
                            raise RecordError(f"seat {seat} took {card}, which its hand does not hold later")
                        table.hand.remove(card)
                case {"e": "revealed"}:
                    table.deck_size += 1
                case {"e": "built", "seat": int(s)} if 0 <= s < n:
                    table.supply[s] += 1
        deck = len(cards_in_play(n)) - N_HAND * n - len(table.city_card)
        if table.hand_sizes != [N_HAND] * n or len(table.hand) != N_HAND or table.deck_size != deck \
                or table.supply != [floors_per_player(n)] * n:
            raise RecordError("the events kept do not begin at the deal (R4–R6)")
        return table

    # -- following the game ----------------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """One public event (R8–R18, R20–R23); RecordError for one that is malformed or breaks what is known."""
        n = len(self.names)
        match event:
            case {"e": "played", "seat": int(s), "card": str(card)} if 0 <= s < n and card in CARD_INDEX:
                if s == self.seat and card not in self.hand:
                    raise RecordError(f"seat {s} played {card}, which was not in its hand (R8)")
                self._count(s, -1)
                self.stacks[s].append(card)
                if s == self.seat:
                    self.hand.remove(card)
            case {"e": "built", "seat": int(s), "city": str(city), "plot": str(plot)} if (
                    0 <= s < n and city in self.towers and plot in PLOTS):
                if self.supply[s] <= 0 or self.scored[city]:
                    raise RecordError(f"seat {s} built in {city} without a floor or after it was scored")
                self.towers[city][PLOTS.index(plot)].append(s)
                self.supply[s] -= 1
            case {"e": "relocated", "city": str(city), "from": str(plot)} if city in self.towers and plot in PLOTS:
                src = PLOTS.index(plot)
                if not self.towers[city][src]:
                    raise RecordError(f"no floor to move on plot {plot} of {city} (R13)")
                self.towers[city][1 - src].append(self.towers[city][src].pop())
            case {"e": "scored", "city": str(city), "awards": list(awards)} if city in self.towers:
                self._score(city, awards)
            case {"e": "took", "seat": int(s), "city": str(city), "card": str(card)} if (
                    0 <= s < n and city in self.city_card):
                if self.city_card[city] != card:
                    raise RecordError(f"seat {s} took {card} from {city}, where it did not lie (R14)")
                self.city_card[city] = None
                self._count(s, 1)
                if s == self.seat:
                    self.hand.append(card)
            case {"e": "revealed", "city": str(city), "card": str(card)} if (
                    city in self.city_card and card in CARD_INDEX):
                if self.deck_size <= 0 or self.city_card[city] is not None:
                    raise RecordError(f"{card} was laid face up in {city} with no card to lay there (R18)")
                self.city_card[city] = card
                self.deck_size -= 1
            case {"e": "ended", "result": dict(result)}:
                cities = result.get("cities")
                if not isinstance(cities, dict) or any(
                        not isinstance(cities.get(c), dict) or cities[c].get("towers") != t
                        for c, t in self.towers.items()):
                    raise RecordError("the result's towers are not the towers the events built (R23)")
                self.over = True
                self.result = cast(ResultMap, result)
            case _:
                raise RecordError(f"not an event of the game: {event!r}"[:200])

    def _count(self, s: int, change: int) -> None:
        if self.hand_sizes[s] + change < 0:
            raise RecordError(f"seat {s} played a card it did not have (R8)")
        self.hand_sizes[s] += change

    def _score(self, city: str, awards: list[Any]) -> None:
        high, low = CITIES[CITY_INDEX[city]].tiles
        n = len(self.names)
        if self.scored[city] or len(awards) != 2 or [a[1] if isinstance(a, list) and len(a) == 2 else None
                                                      for a in awards] != [high, low]:
            raise RecordError(f"{city} cannot be scored so (R12, R20–R22)")
        for winner, _ in awards:  # every award checked before any is kept: a refused event changes nothing
            if winner is not None and not (isinstance(winner, int) and not isinstance(winner, bool)
                                           and 0 <= winner < n):
                raise RecordError(f"{city}'s tile went to no seat of the game: {winner!r}")
        self.scored[city] = True
        self.city_tiles[city] = []
        for winner, value in awards:
            if winner is None:
                self.city_tiles[city].append(value)
            else:
                self.tiles[winner].append([city, value])

    # -- what the seat sees -----------------------------------------------------------------------------------
    def view(self, to_move: int | None, spectator: bool = False) -> View:
        """The seat's view (or a spectator's, made of the same facts) with ``to_move`` next: the map ``view_for``
        gives (R26: another's hand only counted, another's stack by its top card; R26a: every stack open)."""
        me = None if spectator else self.seat
        full_all = self.over or self.visibility == OPEN
        players: list[PlayerView] = []
        for s, stack in enumerate(self.stacks):
            entry: PlayerView = {"name": self.names[s], "color": self.colors[s], "supply": self.supply[s],
                                 "hand_size": self.hand_sizes[s], "stack": list(stack),
                                 "tiles": [list(t) for t in self.tiles[s]]}
            if full_all or s == me:
                entry["score"] = sum(v for _, v in self.tiles[s]) + head_points(tuple(CARD_INDEX[c] for c in stack))
            else:  # R26: another's stack by its top card, their tiles face down
                entry["stack"], entry["stack_size"] = list(stack[-1:]), len(stack)
                entry["tiles"], entry["tiles_won"] = [], len(self.tiles[s])
            players.append(entry)
        cities: dict[str, CityView] = {
            name: {"towers": [list(t) for t in towers], "card": self.city_card[name],
                   "tiles": list(self.city_tiles[name]), "scored": self.scored[name]}
            for name, towers in self.towers.items()}
        view: View = {"seat": me, "hand": list(self.hand) if me == self.seat else [],
                      "to_move": None if self.over else to_move, "over": self.over, "deck_size": self.deck_size,
                      "players": players, "cities": cities, "result": self.result}
        if isinstance(self.visibility, str):
            view["visibility"] = self.visibility
        return view


__all__ = ["SeenTable"]
