"""``patrician replay FILE...`` prints exactly the records' results (records/README.md)."""

import json
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).parent.parent / "data"
EXAMPLES = sorted(DATA.glob("example-*.patrician.json"))


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "patrician_qt", "replay", *args], capture_output=True, text=True, timeout=60
    )


def test_replay_prints_one_line_per_file_equal_to_the_records_result():
    proc = run(*map(str, EXAMPLES))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(EXAMPLES)
    for path, line in zip(EXAMPLES, lines, strict=True):
        expected = {"file": str(path), **json.loads(path.read_text())["result"]}
        assert line == json.dumps(expected)


def test_replay_reports_errors_per_file_and_exits_2(tmp_path):
    bad = tmp_path / "bad.patrician.json"
    raw = json.loads(EXAMPLES[0].read_text())
    raw["turns"][5]["take"] = "Atlantis"
    bad.write_text(json.dumps(raw))
    garbage = tmp_path / "garbage.patrician.json"
    garbage.write_bytes(b"\x00\x01 not json")
    proc = run(str(EXAMPLES[0]), str(bad), str(garbage), str(tmp_path / "missing.json"))
    assert proc.returncode == 2
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert "error" not in out[0]
    assert out[1]["error"].startswith("turn 5: ") and out[1]["error"].endswith("(R14)")
    assert out[2]["error"].startswith("not a JSON file")
    assert out[3]["error"].startswith("cannot read the file")
    assert proc.stderr == ""


def test_a_guests_record_replays_from_what_its_seat_saw_and_a_spoiled_one_is_an_error(tmp_path):
    """A LAN guest's record has no deal: it is checked against its seat's kept views and gives the host's result."""
    from patrician_qt.engine import write_record
    from tests.review.guest_records import guest_game

    game = guest_game(3, ["Anna", "Ben", "Cleo"], 1)
    guest = tmp_path / "guest.patrician.json"
    guest.write_text(write_record(game.guest))
    raw = json.loads(write_record(game.guest))
    raw["meta"]["seen"]["turns"][2]["view"]["deck_size"] += 1
    spoiled = tmp_path / "spoiled.patrician.json"
    spoiled.write_text(json.dumps(raw))
    proc = run(str(guest), str(spoiled))
    assert proc.returncode == 2 and proc.stderr == ""
    good, bad = (json.loads(line) for line in proc.stdout.splitlines())
    assert good == {"file": str(guest), "seen_from_seat": 1, **game.host.result}
    assert bad["error"] == "'meta.seen': the view kept at turn 7 is not what the events before it give"
