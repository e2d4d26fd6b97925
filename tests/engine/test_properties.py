"""Invariants over many random games (hypothesis): conservation, termination, validation, replay."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st_

from patrician_qt.engine import (
    IllegalTurn,
    Turn,
    apply,
    cards_in_play,
    legal_turns,
    new_game,
    new_record,
    playout,
    random_turn,
    read_record,
    replay,
    view_for,
    write_record,
)
from patrician_qt.engine.cards import CARD_IDS, CITY_FLOORS, CITY_NAMES

from .factory import random_position

seeds = st_.integers(0, 2**32 - 1)
players = st_.integers(2, 5)


def check_invariants(st) -> None:
    """Cards and floors are conserved, no tower exceeds its city, complete cities are scored."""
    n = st.n_players
    cards = [c for h in st.hands for c in h] + [c for s in st.stacks for c in s]
    cards += [c for c in st.board if c >= 0] + list(st.deck[st.deck_pos :])
    assert sorted(CARD_IDS[c] for c in cards) == sorted(cards_in_play(n))  # conserved, no duplicates
    built = Counter()
    for c in st.cities:
        a, b = st.towers[2 * c], st.towers[2 * c + 1]
        assert len(a) + len(b) == st.built[c] <= CITY_FLOORS[c]
        for seat in a + b:
            built[seat] += 1
        if st.built[c] == CITY_FLOORS[c]:
            assert st.scored[c] and a and b  # R11, R12
    for seat in range(n):
        assert built[seat] + st.supply[seat] == st.start_supply
        assert st.supply[seat] >= 0


def mutations(t: Turn, rng: random.Random) -> list[Turn]:
    """Turns that differ from a legal one in one field."""
    cities = list(CITY_NAMES)
    return [
        Turn(rng.choice(CARD_IDS), t.build, t.relocate, t.take),
        Turn(t.card, (*t.build, "A"), t.relocate, t.take),
        Turn(t.card, t.build[:-1], t.relocate, t.take),
        Turn(t.card, tuple("B" if p == "A" else "A" for p in t.build), t.relocate, t.take),
        Turn(t.card, t.build, (rng.choice(cities), rng.choice("AB")), t.take),
        Turn(t.card, t.build, t.relocate, rng.choice([*cities, None])),
    ]


@settings(max_examples=150, deadline=None)
@given(seed=seeds, n=players)
def test_random_games_end_and_conserve_cards_and_floors(seed, n):
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(n)], rng)
    scored_events = Counter()
    turns = 0
    while not st.over:
        check_invariants(st)
        st, events = apply(st, random_turn(st, rng))
        scored_events.update(e["city"] for e in events if e["e"] == "scored")
        turns += 1
        assert turns <= len(cards_in_play(n))  # every turn plays a card, so the game ends
    check_invariants(st)
    assert all(v == 1 for v in scored_events.values())
    assert set(scored_events) == {CITY_NAMES[c] for c in st.cities}
    assert all(not h for h in st.hands)


@settings(max_examples=80, deadline=None)
@given(seed=seeds, n=players, depth=st_.integers(0, 54))
def test_legal_turns_apply_and_mutations_are_rejected_without_change(seed, n, depth):
    position = random_position(seed, n, depth)
    if position is None:
        return
    st, rng = position
    legal = legal_turns(st)
    assert legal
    for t in legal:
        apply(st, t)
    legal_set = set(legal)
    before = [view_for(st, s) for s in range(n)]
    for t in legal[:: max(1, len(legal) // 5)]:
        for bad in mutations(t, rng):
            if bad in legal_set:
                continue
            try:
                apply(st, bad)
            except IllegalTurn as exc:
                assert exc.rule is None or exc.rule.startswith("R")
            else:
                raise AssertionError(f"illegal turn accepted: {bad}")
    assert [view_for(st, s) for s in range(n)] == before


@settings(max_examples=40, deadline=None)
@given(seed=seeds, n=players)
def test_write_read_replay_reproduces_the_final_state(seed, n):
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(n)], rng)
    rec = new_record(st)
    while not st.over:
        t = random_turn(st, rng)
        rec.turns.append({"seat": st.to_move, **t.to_map()})
        st, _ = apply(st, t)
    again = replay(read_record(write_record(rec)))
    assert [view_for(again, s) for s in range(n)] == [view_for(st, s) for s in range(n)]


@settings(max_examples=40, deadline=None)
@given(seed=seeds, n=players)
def test_fast_playout_matches_apply(seed, n):
    a = new_game([f"P{i}" for i in range(n)], random.Random(seed))
    b = a.clone()
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    playout(a, rng_a)
    while not b.over:
        b, _ = apply(b, random_turn(b, rng_b))
    assert view_for(a, None) == view_for(b, None)


def test_random_turn_is_uniform_over_legal_turns():
    rng = random.Random(4)
    st = new_game(["a", "b", "c"], rng)
    for _ in range(10):
        st, _ = apply(st, random_turn(st, rng))
    legal = legal_turns(st)
    draws = 200 * len(legal)
    counts = Counter(random_turn(st, rng) for _ in range(draws))
    assert set(counts) == set(legal)
    # each turn expected 200 times; a 5-sigma band (sd ≈ 14) never fails for a correct sampler
    assert all(130 <= counts[t] <= 270 for t in legal), sorted(counts.values())


def test_thousands_of_random_games_conserve_everything():
    rng = random.Random(2026)
    for g in range(2000):
        n = 2 + g % 4
        st = playout(new_game([f"P{i}" for i in range(n)], rng), rng)
        check_invariants(st)
        assert st.over and st.turn_number == len(cards_in_play(n))
