"""The bench's cheaters (bench/ceiling.py): the full one deals the truth, the hands-only one the true hands and a
shuffled pile, so that against both the ceiling's gap splits into what hands are worth and what the pile is."""

from __future__ import annotations

import random

from .helpers import bench_script, positions


def test_hands_only_cheater_sees_every_hand_but_guesses_the_pile_order() -> None:
    ceiling = bench_script("ceiling")
    shuffled = 0
    for state, _view, _history in positions(3, seed=81, players=(2, 4)):
        orders = set()
        truth = state.clone()
        det = ceiling.TrueHands(state)
        for k in range(6):
            guess = det.sample(random.Random(k))
            assert guess.hands == truth.hands and guess.towers == truth.towers and guess.board == truth.board
            assert guess.deck_pos == 0 and guess.deck_size == truth.deck_size
            assert sorted(guess.deck) == sorted(truth.deck[truth.deck_pos:])
            orders.add(guess.deck)
        assert state.deck == truth.deck and state.deck_pos == truth.deck_pos  # the true state is left alone
        full = ceiling.TrueState(state).sample(random.Random(0))
        assert full.deck[full.deck_pos:] == truth.deck[truth.deck_pos:]  # the full cheater knows the order
        shuffled += truth.deck_size >= 4 and len(orders) > 1
    assert shuffled >= 2  # the pile really is shuffled


def test_a_cheater_game_plays_to_the_end_with_the_hands_only_cheater() -> None:
    ceiling = bench_script("ceiling")
    out = ceiling.play_game(["ismcts:40", "cheat-hands-hard"], game=1, seed=3)
    assert out.names == ["cheat-hands-hard", "ismcts:40"] and sum(out.turns) > 0
    assert set(out.result["winners"]) <= {0, 1}
