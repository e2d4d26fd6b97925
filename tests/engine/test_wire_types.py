"""The TypedDicts of engine/wire_types.py say what the maps really hold (PROTOCOL.md, records/README.md).

Why: a type checker trusts these types; if the engine sent a key they do not list, or left out
one they require, the checked code would be reading something else than what runs. These tests
replay the example records and check every view and event, and the record map, against them.
"""

from __future__ import annotations

import random
import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from patrician_qt.engine import (
    OPEN,
    RULEBOOK,
    DealMap,
    Event,
    EventKind,
    GameEvent,
    RecordMap,
    RecordTurn,
    ResultMap,
    TurnMap,
    View,
    apply,
    deal_of,
    new_game,
    random_turn,
    read_record,
    replay_turn,
    result_of,
    start_state,
    view_for,
)

DATA = Path(__file__).resolve().parents[1] / "data"
RECORDS = sorted(DATA.glob("example-*.patrician.json"))


def conforms(value: Any, hint: Any, where: str = "$") -> list[str]:
    """Every way ``value`` differs from the type ``hint`` (TypedDicts, lists, dicts, unions, literals)."""
    origin = get_origin(hint)
    if hint is Any:
        return []
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a {hint.__name__} map"]
        hints = get_type_hints(hint)
        problems = [f"{where}: {hint.__name__} lacks {k!r}" for k in sorted(hint.__required_keys__ - value.keys())]
        problems += [f"{where}: {hint.__name__} has no key {k!r}" for k in sorted(value.keys() - hints.keys())]
        for key in value.keys() & hints.keys():
            problems += conforms(value[key], hints[key], f"{where}.{key}")
        return problems
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        tagged = [o for o in options if is_typeddict(o) and "e" in o.__annotations__]
        if tagged and isinstance(value, dict):  # an event: its "e" picks the member
            match = [o for o in tagged if get_args(get_type_hints(o)["e"]) == (value.get("e"),)]
            return conforms(value, match[0], where) if match else [f"{where}: no event kind {value.get('e')!r}"]
        results = [conforms(value, o, where) for o in options]
        return [] if any(not r for r in results) else min(results, key=len)
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} not one of {get_args(hint)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in conforms(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a map"]
        key_t, val_t = get_args(hint)
        problems = []
        for k, v in value.items():
            problems += conforms(k, key_t, f"{where} key") + conforms(v, val_t, f"{where}[{k!r}]")
        return problems
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r}, not None"]
    if hint is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: {value!r}, not an int"]
    if isinstance(hint, type):
        return [] if isinstance(value, hint) else [f"{where}: {value!r}, not a {hint.__name__}"]
    raise AssertionError(f"conforms() cannot check {hint!r}")


def test_the_checker_finds_a_missing_key_an_unknown_key_and_a_wrong_value():
    view = view_for(new_game(["A", "B"], random.Random(1)), 0)
    assert conforms(view, View) == []
    broken: dict[str, Any] = {**view, "extra": 1}
    del broken["deck_size"]
    broken["players"] = [{**view["players"][0], "supply": "nine"}, view["players"][1]]
    problems = conforms(broken, View)
    assert any("lacks 'deck_size'" in p for p in problems)
    assert any("no key 'extra'" in p for p in problems)
    assert any("players[0].supply" in p for p in problems)
    assert conforms({"e": "played", "seat": 0}, Event) == ["$: PlayedEvent lacks 'card'"]
    assert conforms({"e": "waved", "seat": 0}, Event) == ["$: no event kind 'waved'"]


def test_event_kinds_name_every_event_type():
    members = {get_args(get_type_hints(t)["e"])[0] for t in get_args(Event)}
    assert members == set(get_args(EventKind))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_r26_every_view_and_event_of_a_recorded_game_is_as_typed(path: Path):
    record = read_record(path.read_bytes())
    state = start_state(record)
    seen: set[str] = set()
    for i, raw in enumerate(record.turns):
        for seat in (None, *range(state.n_players)):
            assert conforms(view_for(state, seat), View) == [], (i, seat)
        state, events = replay_turn(state, i, raw)
        for ev in events:
            assert conforms(ev, GameEvent) == [], (i, ev)
            seen.add(ev["e"])
    for seat in (None, *range(state.n_players)):
        assert conforms(view_for(state, seat), View) == []
    assert {"played", "built", "scored", "took", "revealed", "ended"} <= seen
    assert conforms(result_of(state), ResultMap) == []


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_a_record_map_is_as_typed(path: Path):
    record = read_record(path.read_bytes())
    assert conforms(record.to_map(), RecordMap) == []
    assert conforms(record.turns[0], RecordTurn) == []


@pytest.mark.parametrize("visibility", [RULEBOOK, OPEN])
def test_r26_views_at_either_table_are_as_typed(visibility: str):
    """A rulebook table's partial player entries (R26) and an open table's whole ones (R26a)."""
    rng = random.Random(26)
    state = new_game(["A", "B", "C"], rng, visibility=visibility)
    partial = 0
    while not state.over:
        for seat in (None, *range(state.n_players)):
            view = view_for(state, seat)
            assert conforms(view, View) == [], (seat, view)
            partial += sum("score" not in p for p in view["players"])
        state, _ = apply(state, random_turn(state, rng))
    assert conforms(view_for(state, 0), View) == []
    assert (partial > 0) == (visibility == RULEBOOK)


def test_turns_deals_and_events_of_random_games_are_as_typed():
    rng = random.Random(12)
    for n in (2, 3, 4, 5):
        state = new_game([f"P{i}" for i in range(n)], rng)
        assert conforms(deal_of(state), DealMap) == []
        while not state.over:
            turn = random_turn(state, rng)
            assert conforms(turn.to_map(), TurnMap) == []
            state, events = apply(state, turn)
            assert conforms(events, list[GameEvent]) == []
