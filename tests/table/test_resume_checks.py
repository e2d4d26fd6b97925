"""A save is resumed only when every name in it could have come through a `hello`, and a journal
full of garbage is refused with what would be lost: never a host whose every peer is dropped,
nor a game that silently goes on a turn earlier."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from patrician_qt.table import SaveError, Table
from patrician_qt.table.saves import journal_path
from tests.net.helpers import ViewRunner, run
from tests.table.test_hostile_table import _unfinished

ROOT = Path(__file__).resolve().parents[2]


def _rename(save: Path, name: str) -> None:
    """Give player 2 (in the record and in the seats) another name, as a hand-edited save would."""
    data = json.loads(save.read_text(encoding="utf-8"))
    data["players"][1] = name
    data["meta"]["table"]["seats"][1]["name"] = name
    save.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("name", ["B" * 5000, "Anna (spectator)", "Ben\x1b[31m"])
def test_a_save_with_a_name_no_hello_could_bring_is_refused(tmp_path: Path, name: str) -> None:
    save = run(_unfinished(tmp_path))
    _rename(save, name)
    before = save.read_bytes()
    with pytest.raises(SaveError) as caught:
        Table.resume(save, runner=ViewRunner())
    assert "player 2" in str(caught.value) and str(save) in str(caught.value)
    assert save.read_bytes() == before


def test_host_resume_of_a_5000_byte_name_exits_2_with_a_message(tmp_path: Path) -> None:
    save = run(_unfinished(tmp_path))
    _rename(save, "é" * 2500)
    out = subprocess.run([sys.executable, "-m", "patrician_qt.cli.host", "--no-zeroconf", "--bind", "127.0.0.1",
                          "--port", "0", "--resume", str(save)], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2, out.stderr
    assert "longer than 24 characters" in out.stderr and "player 2" in out.stderr


def test_a_journal_full_of_garbage_is_refused_saying_what_is_lost(tmp_path: Path) -> None:
    save = run(_unfinished(tmp_path))
    journal = journal_path(save)
    lines = journal.read_text(encoding="utf-8").splitlines()
    turns = sum('"turn"' in line for line in lines)
    assert turns >= 1
    journal.write_text("\n".join(["garbage " * 20] * 5 + lines[:-1] + ["\x00\x01 not json"]) + "\n",
                       encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        Table.resume(save, runner=ViewRunner())
    text = str(caught.value)
    assert str(journal) in text and "6 line(s)" in text and "line 1" in text and "may be lost" in text


def test_a_line_cut_by_a_crash_is_still_passed_over(tmp_path: Path) -> None:
    save = run(_unfinished(tmp_path))
    journal = journal_path(save)
    whole = Table.resume(save, runner=ViewRunner())
    turns = len(whole.record().turns)
    run(whole.close())
    journal.write_bytes(journal.read_bytes() + b'{"game":"x","i":9,"tu')
    again = Table.resume(save, runner=ViewRunner())
    assert len(again.record().turns) == turns
    run(again.close())


def test_the_table_itself_refuses_the_spectator_label() -> None:
    from patrician_qt.net.hosted import Refused
    from patrician_qt.table import hash_token, new_token
    from tests.net.helpers import table

    t = table("human,human")
    with pytest.raises(Refused) as caught:
        t.sit(None, "Host (Spectator)", hash_token(new_token()))
    assert caught.value.code == "name-taken"
    run(t.close())
