"""Sampling the hidden cards consistently with a seat's knowledge, for search (ISMCTS determinisation).

Known: the own hand, every opponent's hand size, the cards opponents took face up and
have not played. Unknown: which starting (star) cards each opponent still holds, and
the order of the pile. A sample deals the unseen star cards to the unknown hand slots
and shuffles the rest into the pile.
"""

from __future__ import annotations

import random
from typing import Any

from patrician_qt.engine import CARDS, View, state_from_view, unseen_cards
from patrician_qt.engine.cards import CARD_INDEX

from .base import History, known_holdings, own_seat

_STAR: tuple[bool, ...] = tuple(c.star for c in CARDS)


class Determinizer:
    """One seat's information set, ready to deal out many consistent guesses of the hidden cards."""

    __slots__ = ("base", "deck_size", "known", "others", "pool_plain", "pool_star", "seat", "slots")

    def __init__(self, view: View, history: History) -> None:
        """Read the view and history once; ``sample`` is then cheap."""
        self.seat: int = own_seat(view)
        self.base: Any = state_from_view(view)
        known = known_holdings(view, history)
        self.known: dict[int, tuple[int, ...]] = {s: tuple(CARD_INDEX[c] for c in cs) for s, cs in known.items()}
        taken = {c for cs in known.values() for c in cs}
        pool = sorted(CARD_INDEX[c] for c in unseen_cards(view) if c not in taken)
        self.pool_star: list[int] = [c for c in pool if _STAR[c]]
        self.pool_plain: list[int] = [c for c in pool if not _STAR[c]]
        self.slots: dict[int, int] = {
            s: max(0, view["players"][s]["hand_size"] - len(cs)) for s, cs in self.known.items()
        }
        self.others: tuple[int, ...] = tuple(sorted(self.known))
        self.deck_size: int = view["deck_size"]

    def sample(self, rng: random.Random) -> Any:
        """A full state: the view plus one guess of the other hands and the pile order."""
        rand = rng.random
        stars = self.pool_star[:]
        plain = self.pool_plain[:]
        hands = self.base.hands[:]
        for s in self.others:
            k = self.slots[s]
            got = []
            for _ in range(k):
                if stars:
                    got.append(stars.pop(int(rand() * len(stars))))
                elif plain:  # a history that misses draws: fill from the other unseen cards
                    got.append(plain.pop(int(rand() * len(plain))))
            hands[s] = self.known[s] + tuple(got)
        rest = stars + plain
        for i in range(len(rest) - 1, 0, -1):  # Fisher-Yates
            j = int(rand() * (i + 1))
            rest[i], rest[j] = rest[j], rest[i]
        st = self.base.clone()
        st.hands = hands
        st.deck = tuple(rest[: self.deck_size])
        st.deck_pos = 0
        return st
