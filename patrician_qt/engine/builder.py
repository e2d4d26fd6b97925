"""Building a turn step by step for the UI: card → a plot per floor → relocation → take.

Every option offered leads to a legal turn and every legal turn can be reached, because
each step's options come from the same functions ``legal_turns`` uses.
"""

from __future__ import annotations

from typing import Any

from .cards import (
    ACT_RELOCATE,
    ACT_TAKE_ANY,
    CARD_ACTION,
    CARD_CITY,
    CARD_IDS,
    CARD_INDEX,
    CITY_FLOORS,
    CITY_INDEX,
    CITY_NAMES,
    PLOTS,
)
from .rules import card_build_options, relocate_options, take_options
from .standing import BuildPreview, preview_build
from .state import GameState
from .turn import Turn

Option = Any  # a card id, a plot, (city, plot) or None, a city name or None

STEPS = ("card", "build", "relocate", "take", "done")


class TurnBuilder:
    """The choices made so far for the seat to move, the options for the next step, and undo."""

    __slots__ = ("_choices", "_state")

    def __init__(self, state: GameState) -> None:
        if state.over:
            raise ValueError("the game is over (R23)")
        self._state = state
        self._choices: list[Option] = []

    @property
    def state(self) -> GameState:
        """The position the turn is built in (not changed by building)."""
        return self._state

    @property
    def choices(self) -> tuple[Option, ...]:
        """What was chosen so far, in order."""
        return tuple(self._choices)

    def _card(self) -> int:
        return CARD_INDEX[self._choices[0]]

    def _builds(self) -> tuple[tuple[int, ...], ...]:
        return card_build_options(self._state, self._state.to_move, self._card())

    def _n_floors(self) -> int:
        return len(self._builds()[0])

    def _relocs(self) -> list[tuple[int, int]]:
        card = self._card()
        if CARD_ACTION[card] != ACT_RELOCATE:
            return []
        return relocate_options(self._state, self._state.to_move, CARD_CITY[card])

    @property
    def step(self) -> str:
        """The step the next choice is for: card, build, relocate, take or done."""
        k = len(self._choices)
        if k == 0:
            return "card"
        floors = self._n_floors()
        if k < 1 + floors:
            return "build"
        has_reloc = bool(self._relocs())
        if has_reloc and k == 1 + floors:
            return "relocate"
        has_take = take_options(self._state, self._card()) != [-1]
        if has_take and k == 1 + floors + has_reloc:
            return "take"
        return "done"

    @property
    def card(self) -> str | None:
        """The card chosen, if any."""
        return self._choices[0] if self._choices else None

    @property
    def city(self) -> str | None:
        """The city the chosen card builds in."""
        return CITY_NAMES[CARD_CITY[self._card()]] if self._choices else None

    @property
    def floors_to_place(self) -> int:
        """How many floors the chosen card builds (R9, R10, R19)."""
        return self._n_floors() if self._choices else 0

    def options(self) -> list[Option]:
        """The legal choices for the current step ([] once done)."""
        step = self.step
        st = self._state
        if step == "card":
            return [CARD_IDS[c] for c in st.hands[st.to_move]]
        if step == "build":
            placed = tuple(PLOTS.index(p) for p in self._choices[1:])
            k = len(placed)
            return [PLOTS[p] for p in (0, 1) if any(b[:k] == placed and b[k] == p for b in self._builds())]
        if step == "relocate":
            return [None] + [(CITY_NAMES[c], PLOTS[p]) for c, p in self._relocs()]
        if step == "take":
            return [CITY_NAMES[c] for c in take_options(st, self._card())]
        return []

    def preview(self, plot: str | None = None) -> BuildPreview | None:
        """The card's city with the floors chosen so far, and ``plot`` for the next one when it is legal
        (R9, R11); None before a card is chosen or when ``plot`` may not be chosen now."""
        if not self._choices:
            return None
        n = self._n_floors()
        plots = tuple(self._choices[1 : 1 + n])
        if plot is not None:
            if self.step != "build" or plot not in self.options():
                return None
            plots += (plot,)
        return preview_build(self._state, self._choices[0], plots)

    def choose(self, option: Option) -> None:
        """Make the choice for the current step; raises ValueError (with the rule) if it is not legal."""
        if option not in self.options():
            raise ValueError(self.explain(option))
        self._choices.append(option)

    def back(self) -> bool:
        """Undo the last choice; False when there was nothing to undo."""
        if not self._choices:
            return False
        self._choices.pop()
        return True

    def reset(self) -> None:
        """Undo every choice."""
        self._choices.clear()

    def turn(self) -> Turn:
        """The finished turn; raises ValueError before the last step."""
        if self.step != "done":
            raise ValueError(f"the turn is not finished: choose the {self.step} first")
        floors = self._n_floors()
        build = tuple(self._choices[1 : 1 + floors])
        rest = self._choices[1 + floors :]
        relocate = rest.pop(0) if self._relocs() else None
        take = rest.pop(0) if rest else None
        return Turn(self._choices[0], build, relocate, take)

    def explain(self, option: Option) -> str:
        """Why an option is refused at the current step, naming the rule."""
        step = self.step
        st = self._state
        if step == "done":
            return "the turn is complete: confirm it or undo a step"
        if step == "card":
            return f"R8: {option} is not in your hand"
        city = CARD_CITY[self._card()]
        name = CITY_NAMES[city]
        if step == "build":
            if option not in PLOTS:
                return "R9: choose plot A or B"
            return f"R11: the last floor of {name} must go on the empty plot"
        if step == "relocate":
            if not isinstance(option, tuple) or len(option) != 2:
                return "R13: choose a tower to move the top floor from, or skip"
            target = CITY_INDEX.get(option[0], -1)
            if target == city:
                return f"R13: you may not relocate in {name}, the city you just built in"
            if target >= 0 and st.scored[target]:
                return f"R13: {option[0]} is already scored"
            if target >= 0 and st.to_move not in st.towers[2 * target] + st.towers[2 * target + 1]:
                return f"R13: you have no floor in {option[0]}"
            return f"R13: there is no floor to move on plot {option[1]} of {option[0]}"
        target = CITY_INDEX.get(option, -1) if isinstance(option, str) else -1
        if target >= 0 and st.board[target] < 0:
            return f"R16: there is no face-up card at {option}"
        if CARD_ACTION[self._card()] != ACT_TAKE_ANY and st.board[city] >= 0:
            return f"R14: you take the card at {name}, the city you built in (R15: only take-any cards allow another)"
        return f"R16: {option} has no card to take"


def total_floors(city: str) -> int:
    """A city's floor total (R1), for the UI's labels."""
    return CITY_FLOORS[CITY_INDEX[city]]
