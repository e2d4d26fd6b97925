"""The guesses of hidden cards every bot playout starts from: consistent with the seat's knowledge (R26)
and uniform over what the seat cannot tell apart."""

from __future__ import annotations

import math
import random
from collections import Counter

from patrician_qt.bots.determinize import Determinizer
from patrician_qt.engine import CARDS

from .helpers import positions

SAMPLES = 3000


def _within(counts: Counter, keys: list, share: float, draws: int) -> bool:
    """Every key's count inside a 5-sigma band of its binomial share: never false for a uniform sampler."""
    band = 5 * math.sqrt(draws * share * (1 - share))
    return all(abs(counts[k] - draws * share) <= band for k in keys)


def _position_with_unknown_hands(n: int, seed: int):  # type: ignore[no-untyped-def]
    """A position where some opponent still holds starting cards the seat has not seen."""
    for state, view, history in positions(40, seed=seed, players=(n,)):
        det = Determinizer(view, history)
        if sum(det.slots.values()) >= 2 and len(det.pool_star) > sum(det.slots.values()) and det.deck_size >= 5:
            return state, view, history, det
    raise AssertionError("no such position")


def test_r26_unseen_starting_cards_are_dealt_uniformly_to_the_unknown_hand_slots() -> None:
    _, view, _, det = _position_with_unknown_hands(3, seed=51)
    me = view["seat"]
    rng = random.Random(1)
    held: Counter[int] = Counter()
    for _ in range(SAMPLES):
        st = det.sample(rng)
        for s in det.others:
            guessed = [c for c in st.hands[s] if c not in det.known[s]]
            assert len(guessed) == det.slots[s]
            assert all(CARDS[c].star for c in guessed)  # a dealt hand holds starting cards only (R5)
            held.update(guessed)
        assert st.hands[me] == det.base.hands[me]
    slots = sum(det.slots.values())
    assert set(held) == set(det.pool_star)
    assert _within(held, det.pool_star, slots / len(det.pool_star), SAMPLES), sorted(held.values())


def test_r26_the_pile_is_shuffled_uniformly() -> None:
    _, _, _, det = _position_with_unknown_hands(4, seed=52)
    rng = random.Random(2)
    top: Counter[int] = Counter()
    bottom: Counter[int] = Counter()
    for _ in range(SAMPLES):
        st = det.sample(rng)
        assert len(st.deck) == det.deck_size and st.deck_pos == 0
        top[st.deck[0]] += 1
        bottom[st.deck[-1]] += 1
    # what is left after the hands: every unseen card but those guessed into hands, so each card is on top
    # of the pile equally often (a starting card a little less: it may have gone to a hand)
    plain = det.pool_plain
    pool = len(det.pool_star) + len(plain) - sum(det.slots.values())
    assert set(plain) <= set(top) and set(plain) <= set(bottom)
    assert _within(top, plain, 1 / pool, SAMPLES), sorted(top[c] for c in plain)
    # a starting card is on top when it was not guessed into a hand (slots of its stars) and then drawn
    stars = det.pool_star
    star_share = (1 - sum(det.slots.values()) / len(stars)) / pool
    assert _within(top, stars, star_share, SAMPLES), sorted(top[c] for c in stars)
    assert _within(bottom, stars, star_share, SAMPLES), sorted(bottom[c] for c in stars)


def test_without_history_the_unknown_slots_are_filled_from_every_unseen_card() -> None:
    """A bot taking over a seat mid-game has no history: the taken cards are unknown too, so a hand slot may
    get a plain card once the starting cards run out."""
    # at an open table (R26a), so that the stacks are seen and only hands and pile are unknown
    for _, view, history in positions(60, seed=53, players=(2,), visibility="open"):
        if not any(e["e"] == "took" and e["seat"] != view["seat"] for e in history):
            continue
        det = Determinizer(view, [])
        slots = sum(det.slots.values())
        if slots <= len(det.pool_star):
            continue
        rng = random.Random(3)
        plain_guessed: Counter[int] = Counter()
        for _ in range(SAMPLES):
            st = det.sample(rng)
            for s, p in enumerate(view["players"]):
                assert len(st.hands[s]) == p["hand_size"]
            guessed = [c for s in det.others for c in st.hands[s]]
            assert sorted(c for c in guessed if CARDS[c].star) == sorted(det.pool_star)  # all stars used first
            assert len(st.deck) == view["deck_size"]
            hidden = sorted(guessed + list(st.deck))
            assert hidden == sorted(det.pool_star + det.pool_plain)
            plain_guessed.update(c for c in guessed if not CARDS[c].star)
        # the slots left after the starting cards are filled evenly from the plain unseen cards
        share = (slots - len(det.pool_star)) / len(det.pool_plain)
        assert _within(plain_guessed, det.pool_plain, share, SAMPLES), sorted(plain_guessed.values())
        return
    raise AssertionError("no position with more unknown slots than starting cards")


def test_r26_stack_cards_never_seen_are_drawn_uniformly_from_the_unseen_cards() -> None:
    """Without a history (a bot taking over mid-game at a rulebook table) a stack's cards under its top were
    never seen: each guess draws them evenly from the unseen cards, not the same ones every time."""
    for _, view, _ in positions(60, seed=54, players=(3,)):
        det = Determinizer(view, [])
        slots = sum(det.slots.values())
        below = sum(k for _, k in det.stack_slots)
        rest = len(det.pool_star) + len(det.pool_plain) - slots
        if not below or slots > len(det.pool_star) or below >= rest or len(det.pool_plain) < 3:
            continue
        rng = random.Random(4)
        guessed: Counter[int] = Counter()
        for _ in range(SAMPLES):
            st = det.sample(rng)
            for s, k in det.stack_slots:
                assert len(st.stacks[s]) == len(det.base.stacks[s]) + k
                guessed.update(st.stacks[s][:k])
        # the hands take starting cards only here, so each plain unseen card is under a stack as often
        assert set(det.pool_plain) <= set(guessed)
        assert _within(guessed, det.pool_plain, below / rest, SAMPLES), sorted(guessed[c] for c in det.pool_plain)
        return
    raise AssertionError("no position with stack cards never seen")
