"""Sampling the hidden cards consistently with a seat's knowledge, for search (ISMCTS determinisation).

Known: the own hand, every opponent's hand size, the cards opponents took face up and
have not played, and every played card (R8: the view at an open table, R26a; at a rulebook
table, R26, the top card from the view and the rest from the history's `played` events).
Unknown: which starting (star) cards each opponent still holds, and the order of the pile.
A sample deals the unseen starting cards to the unknown hand slots and shuffles the rest into
the pile. Should the history miss turns (a seat that joined late), the stack cards it never
saw played are guessed from the unseen cards too, below the known ones.
"""

from __future__ import annotations

import random
from typing import Any

from patrician_qt.engine import CARDS, View, known_stacks, stack_size, state_from_view, unseen_cards
from patrician_qt.engine.cards import CARD_INDEX

from .base import History, known_holdings, own_seat

_STAR: tuple[bool, ...] = tuple(c.star for c in CARDS)


class Determinizer:
    """One seat's information set, ready to deal out many consistent guesses of the hidden cards."""

    __slots__ = ("base", "deck_size", "known", "others", "pool_plain", "pool_star", "seat", "slots", "stack_slots")

    def __init__(self, view: View, history: History) -> None:
        """Read the view and history once; ``sample`` is then cheap."""
        self.seat: int = own_seat(view)
        stacks = known_stacks(view, history)
        self.base: Any = state_from_view(view, stacks=dict(enumerate(stacks)))
        unseen = unseen_cards(view, history, stacks)
        known = known_holdings(view, history, unseen)
        self.known: dict[int, tuple[int, ...]] = {s: tuple(CARD_INDEX[c] for c in cs) for s, cs in known.items()}
        taken = {c for cs in known.values() for c in cs}
        pool = sorted(CARD_INDEX[c] for c in unseen if c not in taken)
        self.pool_star: list[int] = [c for c in pool if _STAR[c]]
        self.pool_plain: list[int] = [c for c in pool if not _STAR[c]]
        self.slots: dict[int, int] = {
            s: max(0, view["players"][s]["hand_size"] - len(cs)) for s, cs in self.known.items()
        }
        self.others: tuple[int, ...] = tuple(sorted(self.known))
        #: (seat, how many of its stack cards this seat never saw played): empty with a whole history
        self.stack_slots: tuple[tuple[int, int], ...] = tuple(
            (s, stack_size(p) - len(stacks[s]))
            for s, p in enumerate(view["players"])
            if stack_size(p) > len(stacks[s])
        )
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
        st = self.base.clone()
        if self.stack_slots:
            stacks = st.stacks
            for s, k in self.stack_slots:
                below = []
                for _ in range(min(k, len(rest))):
                    below.append(rest.pop(int(rand() * len(rest))))
                stacks[s] = tuple(below) + stacks[s]
        for i in range(len(rest) - 1, 0, -1):  # Fisher-Yates
            j = int(rand() * (i + 1))
            rest[i], rest[j] = rest[j], rest[i]
        st.hands = hands
        st.deck = tuple(rest[: self.deck_size])
        st.deck_pos = 0
        return st
