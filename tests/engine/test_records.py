"""Game records (records/README.md): reading, writing, replaying, and clear errors."""

import json
import random
from pathlib import Path

import pytest

from patrician_qt.engine import (
    RecordError,
    apply,
    new_game,
    new_record,
    random_turn,
    read_record,
    replay,
    replay_result,
    view_for,
    write_record,
)

DATA = Path(__file__).parent.parent / "data"
EXAMPLES = sorted(DATA.glob("example-*.patrician.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_records_replay_to_their_result(path):
    record = read_record(path.read_text("utf-8"))
    assert replay_result(record) == record.result


def play_record(n: int, seed: int):
    rng = random.Random(seed)
    st = new_game([f"P{i}" for i in range(n)], rng)
    rec = new_record(st, {"app": "test", "custom": [1, 2]})
    while not st.over:
        t = random_turn(st, rng)
        rec.turns.append({"seat": st.to_move, **t.to_map()})
        st, _ = apply(st, t)
    return st, rec


def test_write_read_replay_round_trip_keeps_meta_and_unknown_keys():
    st, rec = play_record(4, 3)
    rec.extra["x-tournament"] = {"round": 2}
    text = write_record(rec)
    again = read_record(text)
    assert again.meta == {"app": "test", "custom": [1, 2]}
    assert again.extra == {"x-tournament": {"round": 2}}
    final = replay(again)
    assert all(view_for(final, s) == view_for(st, s) for s in range(4))
    assert json.loads(write_record(again)) == json.loads(text)


def broken(path: Path, change) -> str:
    raw = json.loads(path.read_text("utf-8"))
    change(raw)
    return json.dumps(raw)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="chess"), "not a Patrician record"),
        (lambda r: r.update(version=9), "unsupported record version"),
        (lambda r: r.update(players="Anna"), "'players' must be a list"),
        (lambda r: r.update(turns={}), "'turns' must be a list"),
        (lambda r: r.update(meta=[]), "'meta' must be a map"),
    ],
)
def test_malformed_records_are_rejected_with_a_message(change, message):
    with pytest.raises(RecordError, match=message):
        read_record(broken(EXAMPLES[0], change))


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"format": 1}', b"\xff\xfe"])
def test_garbage_is_rejected_without_a_traceback(text):
    with pytest.raises(RecordError):
        read_record(text)


def test_a_rule_breaking_turn_names_the_turn_and_the_rule():
    def change(r):
        r["turns"][3]["build"] = r["turns"][3]["build"] + ["A"]

    with pytest.raises(RecordError, match=r"^turn 3: .*\(R\d+\)$"):
        replay(read_record(broken(EXAMPLES[1], change)))


def test_wrong_seat_and_cut_short_records():
    def wrong_seat(r):
        r["turns"][0]["seat"] = 1

    with pytest.raises(RecordError, match=r"turn 0: it is seat 0's turn, not seat 1's \(R7\)"):
        replay(read_record(broken(EXAMPLES[0], wrong_seat)))
    with pytest.raises(RecordError, match=r"cut short.*\(R23\)"):
        replay(read_record(broken(EXAMPLES[0], lambda r: r["turns"].pop())))
    with pytest.raises(RecordError, match="turn 48: the game is already over"):
        replay(read_record(broken(EXAMPLES[0], lambda r: r["turns"].append(r["turns"][-1]))))
