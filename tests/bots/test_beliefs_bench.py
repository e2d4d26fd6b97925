"""The likelihood model of an opponent's hidden cards (bench/beliefs.py, an experiment not kept): the past it
replays from a seat's view and the public history is the real one, and where plays do tell something about a hand
(greedy players) the model finds it."""

from __future__ import annotations

import math
import random

from patrician_qt.bots.determinize import Determinizer
from patrician_qt.bots.levels import choose_turn
from patrician_qt.engine import apply, new_game, view_for

from .helpers import bench_script, positions


def test_past_turns_are_the_turns_played() -> None:
    beliefs = bench_script("beliefs")
    for state, _view, history in positions(6, seed=91, players=(2, 3)):
        turns = beliefs.past_turns(history)
        assert turns is not None and len(turns) == state.turn_number
        played = [ev for ev in history if ev["e"] == "played"]
        assert [(s, beliefs.CARDS[t[0]].id) for s, t in turns] == [(ev["seat"], ev["card"]) for ev in played]
    assert beliefs.past_turns([{"e": "built", "seat": 0, "city": "Roma", "plot": "A"}]) is None  # no play first
    assert beliefs.past_turns([{"e": "played", "seat": 0, "card": "XYZ-9"}]) is None


def test_the_replayed_past_fits_every_position_and_weighs_the_truth_among_the_guesses() -> None:
    """At both tables (R26, R26a), every 2-player position whose opponent holds unseen starting cards replays."""
    beliefs = bench_script("beliefs")
    weighed = 0
    for visibility in ("rulebook", "open"):
        for state, view, history in positions(30, seed=92, players=(2,), visibility=visibility):
            det = Determinizer(view, history)
            opp = 1 - view["seat"]
            if not state.turn_number or not det.slots[opp] or len(det.pool_star) <= det.slots[opp]:
                continue
            got = beliefs.opponent_beliefs(view, history, det.pool_star, det.known[opp], det.slots[opp], 0.5)
            assert got is not None
            truth = tuple(sorted(c for c in state.hands[opp] if c not in det.known[opp]))
            assert truth in got.guesses and len(got.guesses) == math.comb(len(det.pool_star), det.slots[opp])
            assert got.log_weights[got.guesses.index(truth)] > -math.inf  # the real past is possible
            weighed += 1
    assert weighed >= 10
    _, view, history = next(iter(positions(1, seed=93, players=(2,))))
    det = Determinizer(view, history)
    assert beliefs.opponent_beliefs(view, history[:-1], det.pool_star, (), 3, 0.5) is None  # a turn missing


def test_against_greedy_players_the_model_knows_their_hands() -> None:
    """Two greedy (Medium) seats: a sharp model gives the true hidden cards more than a uniform guess would."""
    beliefs = bench_script("beliefs")
    gains = []
    for g in range(2):
        state = new_game(["A", "B"], random.Random(f"greedy-hands:{g}"))
        history: list[dict[str, object]] = []
        while not state.over:
            seat = state.to_move
            view = view_for(state, seat)
            det = Determinizer(view, history)
            opp = 1 - seat
            got = beliefs.opponent_beliefs(view, history, det.pool_star, det.known[opp], det.slots[opp], 2.0)
            if got is not None:
                lw = got.log_weights
                top = max(lw)
                log_z = top + math.log(sum(math.exp(x - top) for x in lw))
                truth = tuple(sorted(c for c in state.hands[opp] if c not in det.known[opp]))
                gains.append((lw[got.guesses.index(truth)] - log_z) / math.log(2) + math.log2(len(lw)))
            state, events = apply(state, choose_turn("medium", seat, view, history, seed=g))
            history.extend(events)
    assert len(gains) >= 10
    assert sum(gains) / len(gains) > 0.5  # bits over a uniform guess
