"""A stranger at the LAN party, at the table: names, the host's seat, update numbers
across a crash, unfinished autosaves and broken save files."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from patrician_qt.net.hosted import Refused
from patrician_qt.table import SaveError, Table, hash_token, new_token, read_save
from patrician_qt.table.saves import (
    autosave_path,
    discard_save,
    journal_path,
    unfinished_autosave,
    unfinished_game,
)
from tests.net.helpers import ViewRunner, choose, run, table


class Recorder:
    """A listener that keeps the seqs and chat lines the table publishes."""

    def __init__(self) -> None:
        self.seqs: list[int] = []
        self.chats: list[tuple[str, str]] = []

    def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
        self.seqs.append(seq)

    def lobby_changed(self) -> None:
        pass

    def chat(self, sender: str, text: str) -> None:
        self.chats.append((sender, text))


async def _seated(t: Table, *names: str) -> list[str]:
    """Seat humans in order (connected); returns their tokens."""
    tokens = []
    for name in names:
        token = new_token()
        t.set_connected(t.sit(None, name, hash_token(token)), True)
        tokens.append(token)
    await asyncio.sleep(0)
    return tokens


def _play(t: Table, turns: int) -> None:
    for _ in range(turns):
        seat = t.true_state().to_move
        seq, view = t.current(seat)
        t.submit(seat, seq, choose(view, seq))


# --- names and the host's seat ------------------------------------------------------------------

def test_names_are_unique_plain_text_and_bots_never_share_one() -> None:
    async def body() -> None:
        t = table("human,human,human,human,bot:easy")
        t.listen(Recorder())
        t.sit(None, "  Anna\u200b  Maria ", hash_token("a"))
        assert t.seats()[0]["name"] == "Anna Maria"
        for name in ("anna maria", "ANNA  MARIA", "Anna\u202eMaria".replace("\u202e", " "), "Ａｎｎａ Maria"):
            with pytest.raises(Refused) as refused:
                t.sit(None, name, hash_token(name))
            assert refused.value.code == "name-taken"
        with pytest.raises(Refused) as refused:
            t.sit(None, "bot 1 (EASY)", hash_token("b"))
        assert refused.value.code == "name-taken"
        with pytest.raises(Refused) as refused:
            t.sit(None, "\u200b \n", hash_token("b"))
        assert refused.value.code == "bad-name"
        t.sit(None, "Bot 3 (hard)", hash_token("b"))  # a human took a bot-like name first...
        t.set_seat(2, "bot", "hard")  # ...so the bot the host puts at seat 2 gets another one
        names = [s["name"] for s in t.seats()]
        assert names[1] == "Bot 3 (hard)" and names[2] == "Bot 3 (hard) 2"
        assert t.sit(3, "Anna Maria", hash_token("a")) == 3  # moving seats keeps one's own name
        assert t.seats()[3]["name"] == "Anna Maria" and t.seats()[0]["kind"] == "open"
        await t.close()

    run(body())


def test_chat_is_one_line_of_plain_text() -> None:
    async def body() -> None:
        t = table("human,human")
        rec = Recorder()
        t.listen(rec)
        t.say("Eve\n12:00 patrician.host", "hello\nforged line\r\n\x1b[31m red\u2029\u202eend")
        assert rec.chats == [("Eve 12:00 patrician.host", "hello forged line  [31m red end")]
        await t.close()

    run(body())


def test_only_the_real_host_is_marked_host_and_it_survives_moves_and_resumes(tmp_path: Path) -> None:
    async def body() -> None:
        headless = table("human,human")
        headless.listen(Recorder())
        await _seated(headless, "Anna", "Ben")
        assert not any(s.get("host") for s in headless.seats())  # seat 0 is nobody's host
        await headless.close()

        t = table("human,human,human", autosave_dir=tmp_path)
        t.listen(Recorder())
        ben = new_token()
        t.sit(None, "Ben", hash_token(ben))
        host_token = new_token()
        assert t.seat_host(hash_token(host_token), "Hanna") == 1
        assert [bool(s.get("host")) for s in t.seats()] == [False, True, False]
        assert t.sit(2, "Hanna", hash_token(host_token)) == 2  # the host moves: the mark moves along
        assert [bool(s.get("host")) for s in t.seats()] == [False, False, True]
        await _seated(t, "Cleo")
        t.set_connected(0, True)
        t.set_connected(2, True)
        await asyncio.sleep(0)
        assert t.phase() == "playing"
        await t.flush()
        await t.close()
        r = Table.resume(t.autosave_file, runner=ViewRunner())
        assert [bool(s.get("host")) for s in r.seats()] == [False, False, True]
        with pytest.raises(Refused):
            r.seat_host(hash_token("nobody"))
        assert r.seat_host(hash_token(ben)) == 0  # an app that resumes marks its own seat again
        assert [bool(s.get("host")) for s in r.seats()] == [True, False, False]
        await r.close()

    run(body())


# --- update numbers across a crash ----------------------------------------------------------------

def test_update_numbers_only_grow_across_seat_events_and_repeated_resumes(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human", seed=5, autosave_dir=tmp_path)
        rec = Recorder()
        t.listen(rec)
        await _seated(t, "Anna", "Ben")
        _play(t, 3)
        await t.flush()
        for _ in range(4):  # seat events: the view stays, the seq grows, nothing is snapshotted
            t.set_connected(1, False)
            t.set_connected(1, True)
        seen = max(rec.seqs)
        assert seen == t.seq and read_save(t.autosave_file).table["seq"] >= seen
        # Killed here: no close(), no flush. The journal alone must carry the seq.
        r1 = Table.resume(t.autosave_file, runner=ViewRunner())
        assert r1.seq > seen
        r2 = Table.resume(t.autosave_file, runner=ViewRunner())  # killed again before any news
        assert r2.seq > r1.seq
        rec2 = Recorder()
        r2.listen(rec2)
        r2.set_connected(0, True)  # a seat event on the resumed table
        r2.set_connected(1, True)
        _play(r2, 2)
        assert rec2.seqs and min(rec2.seqs) > r1.seq and rec2.seqs == sorted(set(rec2.seqs))
        r3 = Table.resume(t.autosave_file, runner=ViewRunner())
        assert r3.seq > max(rec2.seqs) and r3.record().turns == r2.record().turns
        for x in (r1, r2, r3):
            await x.close()

    run(body())


# --- unfinished autosaves ---------------------------------------------------------------------------

async def _unfinished(directory: Path, name: str = "Test table") -> Path:
    t = table("human,human", seed=9, autosave_dir=directory)
    t.listen(Recorder())
    await _seated(t, "Anna", "Ben")
    _play(t, 4)
    await t.flush()
    await t.close()
    assert t.autosave_file is not None
    return t.autosave_file


def test_a_new_game_never_overwrites_an_unfinished_one(tmp_path: Path) -> None:
    async def body() -> None:
        old = await _unfinished(tmp_path)
        before = old.read_bytes(), journal_path(old).read_bytes()
        found = unfinished_autosave(tmp_path, " Test   table ")
        assert found is not None and found.path == old and found.players == ["Anna", "Ben"]
        assert found.turns == 4 and found.table == "Test table" and found.problem is None

        t = table("human,human", seed=10, autosave_dir=tmp_path)
        t.listen(Recorder())
        await _seated(t, "Cleo", "Dan")
        _play(t, 2)
        await t.flush()
        await t.close()
        assert t.autosave_file != old and t.autosave_file.parent == tmp_path
        assert (old.read_bytes(), journal_path(old).read_bytes()) == before
        assert read_save(t.autosave_file).record.players == ["Cleo", "Dan"]

        # The user chose to throw the old game away: the new one takes its place.
        r = table("human,human", seed=11, autosave_dir=tmp_path)
        r._replace_unfinished = True  # as Table(..., replace_unfinished=True)
        r.listen(Recorder())
        await _seated(r, "Eve", "Finn")
        await r.flush()
        await r.close()
        assert r.autosave_file == old and read_save(old).record.players == ["Eve", "Finn"]

        discard_save(old)
        assert not old.exists() and not journal_path(old).exists()
        assert unfinished_autosave(tmp_path, "Test table") is None

    run(body())


def test_an_unreadable_autosave_is_kept_too_and_a_finished_one_is_replaced(tmp_path: Path) -> None:
    async def body() -> None:
        path = autosave_path(tmp_path, "Test table")
        path.write_bytes(b"\xff\xfe not a save")
        found = unfinished_game(path)
        assert found is not None and found.problem and "UTF-8" in found.problem
        t = table("human,human", seed=12, autosave_dir=tmp_path)
        t.listen(Recorder())
        await _seated(t, "Anna", "Ben")
        while t.phase() == "playing":
            _play(t, 1)
        await t.flush()
        await t.close()
        assert path.read_bytes() == b"\xff\xfe not a save" and t.autosave_file != path
        path.unlink()
        t.save_as(path)  # a finished game in the table's file: nothing to keep
        assert unfinished_game(path) is None
        n = table("human,human", seed=13, autosave_dir=tmp_path)
        n.listen(Recorder())
        await _seated(n, "Cleo", "Dan")
        await n.flush()
        await n.close()
        assert n.autosave_file == path

    run(body())


# --- broken saves ---------------------------------------------------------------------------------

def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


BROKEN: dict[str, bytes] = {
    "not-utf8": b'{"format": "patrician-record", "players": ["\xff"]}',
    "deep-json": ('{"format": "patrician-record", "version": 1, "x": ' + _deep(100_000) + "}").encode(),
    "deep-but-parsable": ('{"format": "patrician-record", "version": 1, "meta": {"x": '
                          + _deep(500) + "}}").encode(),
    "bad-json": b'{"format": "patrician-record", ',
    "not-an-object": b"[1, 2, 3]",
    "empty": b"",
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_broken_save_is_one_clear_error_naming_the_file_and_left_untouched(kind: str, tmp_path: Path) -> None:
    path = tmp_path / f"{kind}.patrician.json"
    path.write_bytes(BROKEN[kind])
    with pytest.raises(SaveError) as broken:
        Table.resume(path)
    assert broken.value.path == path and broken.value.problem
    assert str(path) in str(broken.value) and "\n" not in str(broken.value)
    assert path.read_bytes() == BROKEN[kind]
    found = unfinished_game(path)
    assert found is not None and found.problem == broken.value.problem


def test_saves_of_the_wrong_shape_are_refused_without_a_traceback(tmp_path: Path) -> None:
    """A real autosave with values swapped for others of the wrong type, at random places."""

    async def make() -> Path:
        return await _unfinished(tmp_path / "good")

    good = json.loads(run(make()).read_text())
    wrong = [None, 0, -1, 2**70, 1.5, True, "", "x", [], {}, [[]], {"a": {}}, "\u202e", [None]]
    rng = random.Random(13)
    for i in range(150):
        data = copy.deepcopy(good)
        for _ in range(rng.randint(1, 3)):
            parent: Any = None
            key: Any = None
            node: Any = data
            for _ in range(rng.randint(1, 6)):
                if isinstance(node, dict) and node:
                    parent, key = node, rng.choice(list(node))
                elif isinstance(node, list) and node:
                    parent, key = node, rng.randrange(len(node))
                else:
                    break
                node = parent[key]
            if parent is not None:
                parent[key] = copy.deepcopy(rng.choice(wrong))
        path = tmp_path / f"shape-{i}.patrician.json"
        text = json.dumps(data)
        path.write_text(text)

        async def resume(p: Path = path) -> None:
            try:
                resumed = Table.resume(p, runner=ViewRunner())
            except SaveError as exc:
                assert exc.path == p
                return
            await resumed.close()

        run(resume())
        unfinished_game(path)  # never raises either
        assert path.read_text() == text
