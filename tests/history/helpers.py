"""Finished games for the history's tests: real records of seeded random legal games."""

from __future__ import annotations

import random

from patrician_qt.engine import Record, new_game, new_record, random_turn, replay_result
from patrician_qt.engine.rules import apply
from patrician_qt.history.finished import Sitter, entry_of
from patrician_qt.history.games import GameEntry


def finished_record(seed: int, names: list[str]) -> Record:
    """A whole game of random legal turns, with its result."""
    rng = random.Random(seed)
    state = new_game(names, rng)
    record = new_record(state, {"app": "patrician test"})
    while not state.over:
        turn = random_turn(state, rng)
        record.turns.append({"seat": state.to_move, **turn.to_map()})
        state, _ = apply(state, turn)
    record.result = replay_result(record)
    return record


def entry(seed: int, sitters: list[Sitter], when: str, place: str = "local") -> GameEntry:
    """The history entry of a seeded game with these players, finished at ``when``."""
    record = finished_record(seed, [s.name for s in sitters])
    assert record.result is not None
    e = entry_of(record, sitters, record.result, place)
    return GameEntry(e.seats, e.record, e.place, e.record_path, when)


def you(name: str = "Anna") -> Sitter:
    """A person at this computer."""
    return Sitter(name, False, None, True)


def bot(level: str, name: str = "Bot") -> Sitter:
    """A bot of a level."""
    return Sitter(name, True, level, False)
