"""A finished game's statistics and score story (engine/game_stats.py) add up to its result (R20–R25)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from patrician_qt.engine import RecordError, new_game, new_record, random_turn, read_record, replay_result
from patrician_qt.engine.cards import CARD_BY_ID, CITIES, CITY_INDEX
from patrician_qt.engine.game_stats import CITY, HEADS, game_stats
from patrician_qt.engine.rules import apply

DATA = Path(__file__).resolve().parents[1] / "data"


def random_record(seed: int, n: int, visibility: str = "rulebook"):
    """A whole game of uniformly random legal turns, as a record."""
    rng = random.Random(seed)
    state = new_game([f"P{i}" for i in range(n)], rng, visibility=visibility)
    record = new_record(state)
    while not state.over:
        turn = random_turn(state, rng)
        record.turns.append({"seat": state.to_move, **turn.to_map()})
        state, _ = apply(state, turn)
    return record


@settings(max_examples=40, deadline=None)
@given(seed=st_.integers(0, 2**32 - 1), n=st_.integers(2, 5))
def test_statistics_add_up_to_the_final_scores(seed, n):
    record = random_record(seed, n)
    result = replay_result(record)
    stats = game_stats(record)
    assert list(stats.scores) == result["scores"]
    assert [p.fame for p in stats.players] == result["fame"]
    assert [p.head_points for p in stats.players] == result["heads"]
    assert [s for s, p in enumerate(stats.players) if p.winner] == result["winners"]
    for s, p in enumerate(stats.players):
        assert p.floors_built + result["floors_left"][s] == {2: 39, 3: 29}.get(n, 21)  # R3
        assert p.towers_won == p.tiles_high + p.tiles_low == p.towers_by_majority + p.towers_by_tiebreak
        assert p.score == p.fame + p.head_points
        assert p.cities_both * 2 <= p.towers_won
        assert p.relocations <= sum(1 for t in record.turns if t["seat"] == s)
    # every city's two tiles went to someone (a complete city always has two towers, R11, R22)
    cities = len(result["cities"])
    assert sum(p.towers_won for p in stats.players) == 2 * cities
    assert sum(p.floors_built for p in stats.players) == sum(c.floors for c in CITIES if c.name in result["cities"])
    # the score story: starts at 0, never goes down, one entry per turn, ends at the fame tiles
    assert len(stats.fame_by_turn) == len(record.turns) + 1
    assert stats.fame_by_turn[0] == (0,) * n
    assert list(stats.fame_by_turn[-1]) == result["fame"]
    for before, after in zip(stats.fame_by_turn, stats.fame_by_turn[1:], strict=False):
        assert all(b <= a for b, a in zip(before, after, strict=True))
    # the moments are exactly the changes: each city once, then the heads bonus
    city_moments = [m for m in stats.moments if m.kind == CITY]
    assert sorted(m.city for m in city_moments) == sorted(result["cities"])
    for m in city_moments:
        assert sum(m.gains) == sum(CITIES[CITY_INDEX[m.city]].tiles)
        fb, fa = stats.fame_by_turn[m.turn - 1], stats.fame_by_turn[m.turn]
        assert all(a - b >= g for b, a, g in zip(fb, fa, m.gains, strict=True))
    summed = [sum(m.gains[s] for m in stats.moments) for s in range(n)]
    assert summed == result["scores"]
    heads = [m for m in stats.moments if m.kind == HEADS]
    assert len(heads) == (1 if any(result["heads"]) else 0)
    # the biggest swing is the largest gap in any moment
    gaps = [max(m.gains) - min(m.gains) for m in stats.moments]
    if stats.swing is None:
        assert all(g == 0 for g in gaps)
    else:
        assert stats.swing.size == max(gaps)
        assert stats.swing.moment.gains[stats.swing.gainer] == max(stats.swing.moment.gains)
    assert [stats.movers[i] for i in range(len(record.turns))] == [t["seat"] for t in record.turns]


@pytest.mark.parametrize("name", ["example-2p", "example-3p", "example-5p"])
def test_the_example_records_statistics_match_their_expected_result(name):
    record = read_record((DATA / f"{name}.patrician.json").read_text(encoding="utf-8"))
    stats = game_stats(record)
    assert record.result is not None
    assert list(stats.scores) == record.result["scores"]
    assert [p.name for p in stats.players] == record.players


def test_a_tie_for_a_tower_is_counted_as_won_by_the_tiebreak():
    """R21: equal floors, the owner of the highest of them wins; found in seeded random games."""
    found_tie = found_majority = False
    for seed in range(30):
        stats = game_stats(random_record(seed, 3))
        found_tie |= any(p.towers_by_tiebreak for p in stats.players)
        found_majority |= any(p.towers_by_majority for p in stats.players)
    assert found_tie and found_majority


def test_take_any_counts_only_a_card_taken_elsewhere():
    """R15: a take-any card that takes the card of the city built in used nothing special."""
    for seed in range(40):
        record = random_record(seed, 2)
        stats = game_stats(record)

        used = [0, 0]
        for t in record.turns:
            card = CARD_BY_ID[t["card"]]
            if card.action == "take-any" and t["take"] not in (None, card.city):
                used[t["seat"]] += 1
        assert [p.take_any_used for p in stats.players] == used


def test_a_record_cut_short_is_refused_with_the_rule():
    record = random_record(1, 2)
    record.turns = record.turns[:-1]
    with pytest.raises(RecordError, match="R23"):
        game_stats(record)


@settings(max_examples=25, deadline=None)
@given(seed=st_.integers(0, 2**32 - 1), n=st_.integers(2, 5), cut=st_.floats(0.0, 1.0))
def test_r22_the_story_so_far_from_public_events_is_the_records_story_up_to_that_turn(seed, n, cut):
    """What an open table's window draws live (from the events it was told) is what the whole record says."""
    from patrician_qt.engine import replay_turn, start_state
    from patrician_qt.engine.game_stats import story_so_far

    record = random_record(seed, n, visibility="open")
    stats = game_stats(record)
    upto = int(cut * len(record.turns))
    state, events = start_state(record), []
    for i, raw in enumerate(record.turns[:upto]):
        state, told = replay_turn(state, i, raw)
        events.extend(told)
    timeline, moments = story_so_far(events, n)
    assert timeline == stats.fame_by_turn[: upto + 1]
    assert moments == tuple(m for m in stats.moments if m.kind == CITY and m.turn <= upto)
