"""Who holds each tower now, and what a build would change (R20–R22), for the board to show.

Why in the engine: the board shows leaders, ties and the tiles a completed city would give while
a human builds; those are rule decisions (R20 majority, R21 ties, R12/R22 scoring), so they are
made here, by the same functions that score a city, and the UI only draws the answer. Everything
here reads towers only, which every seat sees (R26), so a seat's view is enough.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_CITY, CITIES, CITY_FLOORS, CITY_INDEX, PLOTS
from .scoring import score_city, taller_plot, tower_majority
from .state import GameState


@dataclass(frozen=True, slots=True)
class TowerStanding:
    """One tower now: its floors per seat (most first), the leader (R20), and the seats tied for most."""

    counts: tuple[tuple[int, int], ...]  # (seat, floors), most floors first, then the higher top floor
    leader: int  # the seat that would win this tower (R20, R21); -1 for an empty tower (R22)
    tied: tuple[int, ...]  # every seat with the most floors; more than one is a tie decided by R21
    tile: int  # the fame tile this tower would win if the city were scored as it stands (R20, R22)

    @property
    def is_tie(self) -> bool:
        """Whether several seats have the most floors (the leader then holds it by R21)."""
        return len(self.tied) > 1


def tower_standing(tower: tuple[int, ...], tile: int) -> TowerStanding:
    """The standing of one tower worth ``tile`` (R20, R21)."""
    leader = tower_majority(tower)
    tops = {seat: level for level, seat in enumerate(tower)}  # each seat's highest floor
    counts = sorted(((s, tower.count(s)) for s in tops), key=lambda sn: (-sn[1], -tops[sn[0]]))
    most = counts[0][1] if counts else 0
    tied = tuple(s for s, n in counts if n == most) if counts else ()
    return TowerStanding(tuple(counts), leader, tied, tile)


def city_standing(tower_a: tuple[int, ...], tower_b: tuple[int, ...], city: str) -> tuple[TowerStanding, TowerStanding]:
    """Both towers of a city as they stand: plot A then B, each with the tile it would win now (R20, R22)."""
    high, low = CITIES[CITY_INDEX[city]].tiles
    tall = taller_plot(len(tower_a), len(tower_b))
    return (tower_standing(tower_a, high if tall == 0 else low), tower_standing(tower_b, high if tall == 1 else low))


@dataclass(frozen=True, slots=True)
class BuildPreview:
    """A city after some floors of the seat to move are built (R9): towers, standings, and the awards
    when these floors complete it (R12: it is scored at once, by R20–R22)."""

    city: str
    towers: tuple[tuple[int, ...], tuple[int, ...]]
    standing: tuple[TowerStanding, TowerStanding]
    completes: bool
    awards: tuple[tuple[int, int], ...]  # ((seat | -1, value), ...) high tile first; () unless completed


def preview_build(st: GameState, card: str, plots: tuple[str, ...]) -> BuildPreview:
    """What building ``plots`` with ``card`` for the seat to move does to the card's city; ``st`` is unchanged.

    The floors go on top of their plots in order (R9); a city whose last floor is placed is scored
    at once (R12) by ``score_city`` itself, so the awards shown are the ones the turn will give.
    Raises ValueError for more floors than the city has left (R10) or a plot that is not A or B.
    """
    from .cards import CARD_INDEX

    if card not in CARD_INDEX:
        raise ValueError(f"R8: no card {card!r}")
    city = CARD_CITY[CARD_INDEX[card]]
    seat = st.to_move
    if any(p not in PLOTS for p in plots):
        raise ValueError("R9: floors go on plot A or B")
    if st.built[city] + len(plots) > CITY_FLOORS[city]:
        raise ValueError(f"R10: {CITIES[city].name} has only {CITY_FLOORS[city] - st.built[city]} floor(s) left")
    towers = [st.towers[2 * city], st.towers[2 * city + 1]]
    for p in plots:
        towers[PLOTS.index(p)] += (seat,)
    name = CITIES[city].name
    ta, tb = towers
    completes = not st.scored[city] and st.built[city] + len(plots) == CITY_FLOORS[city] and bool(plots)
    awards: tuple[tuple[int, int], ...] = ()
    if completes:
        trial = st.clone()
        trial.towers[2 * city], trial.towers[2 * city + 1] = ta, tb
        trial.built[city] += len(plots)
        score_city(trial, city, None)  # R12, R20–R22: the very function the turn will use
        got = trial.awards[city]
        assert got is not None
        awards = tuple(got)
    return BuildPreview(name, (ta, tb), city_standing(ta, tb, name), completes, awards)


__all__ = ["BuildPreview", "TowerStanding", "city_standing", "preview_build", "tower_standing"]
