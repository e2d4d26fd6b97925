"""R26: what a seat and a spectator may see, in the exact shape of PROTOCOL.md."""

import json
import random

import pytest

from patrician_qt.engine import apply, new_game, random_turn, view_for
from patrician_qt.engine.cards import CARD_IDS

from .factory import fresh

PLAYER_KEYS = {"name", "color", "supply", "hand_size", "stack", "tiles", "score"}
PARTIAL_KEYS = {"name", "color", "supply", "hand_size", "stack", "stack_size", "tiles", "tiles_won"}
CITY_KEYS = {"towers", "card", "tiles", "scored"}


def test_r26_view_shape_matches_the_protocol():
    st = fresh(3)
    v = view_for(st, 1)
    assert set(v) == {"seat", "visibility", "hand", "to_move", "over", "deck_size", "players", "cities", "result"}
    assert v["seat"] == 1 and v["to_move"] == 0 and v["over"] is False and v["result"] is None
    assert v["hand"] == [CARD_IDS[c] for c in st.hands[1]]
    assert v["deck_size"] == st.deck_size
    # a rulebook table (R26): no score for the others
    assert [set(p) for p in v["players"]] == [PARTIAL_KEYS, PLAYER_KEYS, PARTIAL_KEYS]
    assert list(v["cities"]) == ["Bologna", "Firenze", "Roma", "Lucca", "Siena", "Milano", "Ferrara", "Parma", "Verona"]
    assert all(set(c) == CITY_KEYS for c in v["cities"].values())
    assert v["cities"]["Roma"]["tiles"] == [9, 6]
    json.dumps(v)  # plain data only


def test_r26_spectators_see_no_hand():
    v = view_for(fresh(4), None)
    assert v["seat"] is None and v["hand"] == []


def test_r26_no_such_seat():
    with pytest.raises(ValueError):
        view_for(fresh(2), 2)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r26_a_view_never_shows_another_hand_or_the_pile(n):
    rng = random.Random(100 + n)
    st = new_game([f"P{i}" for i in range(n)], rng)
    while not st.over:
        public = set()
        for s in range(n):
            public.update(CARD_IDS[c] for c in st.stacks[s])
        public.update(CARD_IDS[c] for c in st.board if c >= 0)
        for seat in [*range(n), None]:
            text = json.dumps(view_for(st, seat))
            secret = {CARD_IDS[c] for s in range(n) if s != seat for c in st.hands[s]}
            secret |= {CARD_IDS[c] for c in st.deck[st.deck_pos :]}
            for card in secret - public:
                assert f'"{card}"' not in text, (seat, card)
        st, _ = apply(st, random_turn(st, rng))
