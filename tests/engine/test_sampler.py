"""The random-turn sampler of bot playouts (``random_turn``, ``playout``) against the reference of ``oracle.py``.

Each hand-made position holds the cases the sampler counts rather than lists: relocations (R13),
take-any (R15), no card at the city built in (R16), none anywhere (R17), a player short of floors
(R19) and the last floor of a city (R10, R11). Every legal turn must be drawn, nothing else, and
each about equally often.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from patrician_qt.engine import apply, new_game, playout, random_turn

from . import oracle
from .positions import POSITIONS, relocate_take_any_and_r16, short_of_floors


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_r8_to_r19_random_turn_draws_every_legal_turn_equally_often(name: str) -> None:
    st = POSITIONS[name]()
    legal = oracle.legal_turns(st)
    per_turn = 300
    rng = random.Random(name)
    counts = Counter(random_turn(st, rng) for _ in range(per_turn * len(legal)))
    assert set(counts) == legal
    # binomial spread of one turn's count; 5 sigma: a correct sampler never leaves the band,
    # one that gives a turn 1.5 times (or 2/3 of) its share always does
    p = 1 / len(legal)
    band = 5 * math.sqrt(per_turn * len(legal) * p * (1 - p))
    assert all(abs(counts[t] - per_turn) <= band for t in legal), sorted(counts.values())


def test_r13_r15_r16_the_sampler_relocates_and_takes_elsewhere_in_the_share_the_rules_give() -> None:
    """A third of BOL-4's turns decline, two thirds relocate; FER-3 and ROM-2 take from 8 cities each."""
    st = relocate_take_any_and_r16()
    rng = random.Random(7)
    turns = [random_turn(st, rng) for _ in range(8000)]
    by_card = Counter(t.card for t in turns)
    assert {t.relocate for t in turns if t.card == "BOL-4"} == {None, ("Siena", "A"), ("Siena", "B"), ("Lucca", "A")}
    assert {t.take for t in turns if t.card == "ROM-2"} == {oracle.CITIES[c].name for c in st.cities} - {"Roma"}
    assert {t.take for t in turns if t.card == "FER-3"} == {oracle.CITIES[c].name for c in st.cities} - {"Roma"}
    # 8 of the 40 legal turns play BOL-4 and 16 each play FER-3 and ROM-2
    assert abs(by_card["BOL-4"] - 1600) < 200 and abs(by_card["FER-3"] - 3200) < 250


def test_r19_the_sampler_builds_only_what_the_supply_covers() -> None:
    rng = random.Random(8)
    one = [random_turn(short_of_floors(1), rng) for _ in range(200)]
    assert {len(t.build) for t in one} == {1}
    assert {t.build for t in one if t.card == "LUC-1"} == {("B",)}  # R11 still holds
    none = [random_turn(short_of_floors(0), rng) for _ in range(200)]
    assert {t.build for t in none} == {()}
    assert {t.card for t in none} == {"ROM-6", "PAR-4", "LUC-1"}


@pytest.mark.parametrize(("n", "supply"), [(2, None), (3, None), (4, 3), (5, 1)])
def test_r12_r20_r22_playouts_score_every_city_as_the_reference_does(n: int, supply: int | None) -> None:
    rng = random.Random(50 + n)
    for _ in range(20):
        st = new_game([f"P{i}" for i in range(n)], rng)
        if supply is not None:
            st.supply = [supply] * n
        cards = sum(len(h) for h in st.hands) + len(st.deck) + sum(c >= 0 for c in st.board)
        playout(st, rng)
        assert st.over and st.to_move == -1
        assert st.turn_number == cards  # every card is played (R23)
        assert all(not h for h in st.hands)
        assert all(s >= 0 for s in st.supply)
        for c in st.cities:
            a, b = oracle.towers(st, c)
            assert st.scored[c]
            assert st.awards[c] == oracle.awards(a, b, oracle.CITIES[c])
        assert [sorted(st.tiles[s]) for s in range(n)] == oracle.tiles_of(st)


def test_r13_r15_random_games_relocate_and_take_from_other_cities() -> None:
    """Over whole random games the sampler uses the special actions, as often as the options allow."""
    rng = random.Random(9)
    relocated = declined = elsewhere = 0
    for g in range(60):
        st = new_game([f"P{i}" for i in range(2 + g % 4)], rng)
        while not st.over:
            t = random_turn(st, rng)
            options = oracle.legal_turns(st)
            assert t in options
            if any(o.card == t.card and o.relocate is not None for o in options):
                relocated += t.relocate is not None
                declined += t.relocate is None
            built = oracle.CARDS[oracle.INDEX[t.card]].city
            elsewhere += t.take is not None and t.take != built
            st, _ = apply(st, t)
    assert relocated > declined > 0
    assert elsewhere > 0
