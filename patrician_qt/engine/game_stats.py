"""What happened in one finished game, per player, and how each player's fame grew turn by turn.

Why in the engine: who won a tower by majority and who by the highest floor (R20, R21), what a
take-any card allowed (R15) and when the heads bonus counts (R24) are rule decisions; the score
sheet, the score story chart and the history database only show or keep these answers.
Everything is computed by replaying a record through the rules, so the figures always add up
to the record's result (R25).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import ACT_TAKE_ANY, CARD_ACTION, CARD_CITY, CARD_INDEX, CITIES, CITY_INDEX, CITY_NAMES
from .errors import RecordError
from .records import Record, replay_turn, start_state
from .scoring import head_counts, head_points, score, taller_plot, winners
from .standing import tower_standing
from .state import GameState
from .wire_types import Event, GameEvent

#: kinds of moments that change fame: a city scored (R12, R20–R22) and the heads bonus at the end (R24)
CITY = "city"
HEADS = "heads"


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's game in figures (R9, R13, R15, R20–R25)."""

    seat: int
    name: str
    floors_built: int
    towers_won: int  # fame tiles won: one per tower whose majority the player held when its city was scored
    towers_by_majority: int  # of those, won with strictly the most floors (R20)
    towers_by_tiebreak: int  # of those, won on a tie by owning the highest of the tied floors (R21)
    cities_both: int  # cities where the player won both tiles
    tiles_high: int
    tiles_low: int
    fame: int  # fame tiles' value (R25)
    heads: tuple[int, int, int]  # heads of each kind on the played stack: lady, cap, beard (R24)
    head_points: int
    relocations: int  # turns with a floor relocated (R13)
    take_any_used: int  # take-any cards that took a card from another city than the one built in (R15)
    score: int
    winner: bool


@dataclass(frozen=True, slots=True)
class Moment:
    """A change of fame: after turn ``turn`` (1-based; the heads bonus comes after the last turn)."""

    turn: int
    kind: str  # CITY or HEADS
    city: str | None  # the city scored, for a CITY moment
    gains: tuple[int, ...]  # points each seat gained


@dataclass(frozen=True, slots=True)
class Swing:
    """The moment that moved players furthest apart: the largest gap between two seats' gains."""

    moment: Moment
    gainer: int  # the seat that gained most
    size: int  # its gain minus the smallest gain of the moment


@dataclass(frozen=True, slots=True)
class GameStats:
    """A finished game's statistics and its score story."""

    players: tuple[PlayerStats, ...]
    #: fame of every seat before the first turn (all 0) and after each turn; the last entry is
    #: each seat's fame tiles, and ``scores`` adds the heads bonus (R24, R25)
    fame_by_turn: tuple[tuple[int, ...], ...]
    movers: tuple[int, ...]  # the seat that played each turn
    moments: tuple[Moment, ...] = field(default=())
    swing: Swing | None = None

    @property
    def scores(self) -> tuple[int, ...]:
        """The final scores (R25)."""
        return tuple(p.score for p in self.players)


def _tower_won(st: GameState, city: int) -> list[tuple[int, bool]]:
    """(seat, by tie-break) for each tower of a just scored city that someone won (R20–R22)."""
    ta, tb = st.towers[2 * city], st.towers[2 * city + 1]
    high, low = CITIES[city].tiles
    tall = taller_plot(len(ta), len(tb))
    out = []
    for tower, tile in ((ta, high if tall == 0 else low), (tb, high if tall == 1 else low)):
        standing = tower_standing(tower, tile)
        if standing.leader >= 0:
            out.append((standing.leader, standing.is_tie))
    return out


def game_stats(record: Record) -> GameStats:
    """The statistics of a complete record; RecordError when it breaks a rule or is cut short (R23)."""
    st = start_state(record)
    n = st.n_players
    floors = [0] * n
    majority = [0] * n
    tiebreak = [0] * n
    relocations = [0] * n
    take_any = [0] * n
    fame = [0] * n
    timeline: list[tuple[int, ...]] = [tuple(fame)]
    movers: list[int] = []
    moments: list[Moment] = []
    for i, raw in enumerate(record.turns):
        seat = st.to_move
        st, events = replay_turn(st, i, raw)
        movers.append(seat)
        card = CARD_INDEX[raw["card"]]
        floors[seat] += len(raw.get("build") or ())
        if raw.get("relocate") is not None:
            relocations[seat] += 1
        take = raw.get("take")
        if CARD_ACTION[card] == ACT_TAKE_ANY and take is not None and CITY_INDEX.get(take) != CARD_CITY[card]:
            take_any[seat] += 1
        for city, gains in _scorings(events, n):
            for winner, by_tie in _tower_won(st, city):
                (tiebreak if by_tie else majority)[winner] += 1
            moments.append(Moment(i + 1, CITY, CITY_NAMES[city], gains))
            fame = [f + g for f, g in zip(fame, gains, strict=True)]
        timeline.append(tuple(fame))
    if not st.over:
        raise RecordError(f"the record is cut short: the game is not over after {len(record.turns)} turns (R23)")
    bonus = tuple(head_points(st.stacks[s]) for s in range(n))
    if any(bonus):
        moments.append(Moment(len(record.turns), HEADS, None, bonus))
    players = []
    won_game = winners(st)
    for s in range(n):
        won = st.tiles[s]
        kinds = head_counts(st.stacks[s])
        high = sum(1 for c, v in won if v == CITIES[c].tiles[0])
        cities = [c for c, _ in won]
        players.append(
            PlayerStats(
                seat=s,
                name=st.players[s],
                floors_built=floors[s],
                towers_won=len(won),
                towers_by_majority=majority[s],
                towers_by_tiebreak=tiebreak[s],
                cities_both=sum(1 for c in set(cities) if cities.count(c) == 2),
                tiles_high=high,
                tiles_low=len(won) - high,
                fame=sum(v for _, v in won),
                heads=(kinds[0], kinds[1], kinds[2]),
                head_points=bonus[s],
                relocations=relocations[s],
                take_any_used=take_any[s],
                score=score(st, s),
                winner=s in won_game,
            )
        )
    return GameStats(tuple(players), tuple(timeline), tuple(movers), tuple(moments), _biggest_swing(moments))


def _scorings(events: list[GameEvent], n: int) -> list[tuple[int, tuple[int, ...]]]:
    """(city index, points per seat) of each city scored in a turn's events (R12, R22)."""
    out = []
    for ev in events:
        if ev["e"] == "scored":
            gains = [0] * n
            for winner, value in ev["awards"]:
                if winner is not None and value is not None:
                    gains[winner] += value
            out.append((CITY_INDEX[ev["city"]], tuple(gains)))
    return out


def story_so_far(events: Iterable[Event], n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Moment, ...]]:
    """Each seat's fame after every turn told so far, and the city scorings among them, from the public events
    (a "played" event begins a turn, a "scored" event's awards add fame: R12, R22).

    Why from events and not a record: a game under way, or a LAN guest's, has no whole record; its events are
    what every window has. Only the caller knows whether those awards may be shown yet (R26, R26a)."""
    fame = [0] * n
    timeline: list[tuple[int, ...]] = [tuple(fame)]
    moments: list[Moment] = []
    for ev in events:
        if ev["e"] == "played":
            timeline.append(tuple(fame))
        elif ev["e"] == "scored" and len(timeline) > 1:
            gains = [0] * n
            for winner, value in ev["awards"]:
                if winner is not None and value is not None and 0 <= winner < n:
                    gains[winner] += value
            fame = [f + g for f, g in zip(fame, gains, strict=True)]
            timeline[-1] = tuple(fame)
            moments.append(Moment(len(timeline) - 1, CITY, ev["city"], tuple(gains)))
    return tuple(timeline), tuple(moments)


def _biggest_swing(moments: list[Moment]) -> Swing | None:
    """The moment with the largest gap between two seats' gains (the first of equals); None without one."""
    best: Swing | None = None
    for m in moments:
        top = max(m.gains)
        size = top - min(m.gains)
        if size > 0 and (best is None or size > best.size):
            best = Swing(m, m.gains.index(top), size)
    return best


__all__ = ["CITY", "HEADS", "GameStats", "Moment", "PlayerStats", "Swing", "game_stats", "story_so_far"]
