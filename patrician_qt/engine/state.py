"""The true game state: small, index-based and cheap to clone for search.

Inner sequences (towers, hands, stacks, the deck) are tuples that are replaced,
never mutated, so ``clone`` only copies the outer lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CITIES

N_CITIES = len(CITIES)

#: R26: the rulebook table (the default) shows others only the top card of a stack and the number of
#: tiles won; R26a: the open table shows every stack, tile and score to everyone.
RULEBOOK = "rulebook"
OPEN = "open"
VISIBILITIES: tuple[str, ...] = (RULEBOOK, OPEN)


def check_visibility(visibility: object) -> str:
    """The table option itself, or ValueError naming the two there are (R26, R26a)."""
    if visibility not in VISIBILITIES:
        raise ValueError(f"the table is 'rulebook' or 'open' (R26, R26a), not {visibility!r}")
    return str(visibility)


@dataclass(slots=True)
class GameState:
    """Everything about one game, including what no single player may see (R26)."""

    players: tuple[str, ...]
    colors: tuple[str, ...]
    cities: tuple[int, ...]  # city indices in play, canonical order (R4)
    towers: list[tuple[int, ...]]  # index city*2 + plot; seats bottom first
    built: list[int]  # floors built per city index
    scored: list[bool]
    awards: list[tuple[tuple[int, int], tuple[int, int]] | None]  # ((seat|-1, high), (seat|-1, low))
    board: list[int]  # face-up card index per city index, -1 for none
    deck: tuple[int, ...]  # draw pile, top first
    deck_pos: int  # index of the top card in ``deck``
    hands: list[tuple[int, ...]]
    stacks: list[tuple[int, ...]]
    supply: list[int]
    tiles: list[tuple[tuple[int, int], ...]]  # per seat: (city index, value) won
    to_move: int  # -1 once the game is over
    over: bool
    turn_number: int
    start_supply: int
    visibility: str = RULEBOOK  # what players see of each other during the game (R26, R26a)

    @property
    def n_players(self) -> int:
        """How many seats the game has."""
        return len(self.players)

    @property
    def deck_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self.deck) - self.deck_pos

    def clone(self) -> GameState:
        """An independent copy (inner tuples are shared, being immutable)."""
        return GameState(
            self.players,
            self.colors,
            self.cities,
            self.towers[:],
            self.built[:],
            self.scored[:],
            self.awards[:],
            self.board[:],
            self.deck,
            self.deck_pos,
            self.hands[:],
            self.stacks[:],
            self.supply[:],
            self.tiles[:],
            self.to_move,
            self.over,
            self.turn_number,
            self.start_supply,
            self.visibility,
        )
