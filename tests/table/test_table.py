"""The table on its own: seats, turns with rule numbers, bots, take-over, autosave and resume."""

from __future__ import annotations

import asyncio
import inspect
import json
import random
from pathlib import Path
from typing import Any

import pytest

from patrician_qt.engine import (
    legal_turns,
    random_turn,
    read_record,
    replay_result,
)
from patrician_qt.net.hosted import HostedTable, Refused
from patrician_qt.table import (
    SaveError,
    SeatSpec,
    Table,
    TableOptions,
    find_autosaves,
    hash_token,
    new_token,
    parse_seats,
    read_save,
)
from tests.net.helpers import ViewRunner, choose, eventually, run, table


class Recorder:
    """A listener that keeps everything the table tells it."""

    def __init__(self) -> None:
        self.updates: list[tuple[int, list[dict[str, Any]]]] = []
        self.lobbies = 0
        self.chats: list[tuple[str, str]] = []

    def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
        self.updates.append((seq, events))

    def lobby_changed(self) -> None:
        self.lobbies += 1

    def chat(self, sender: str, text: str) -> None:
        self.chats.append((sender, text))


def test_parse_seats() -> None:
    specs = parse_seats("human, bot:hard,bot")
    assert specs == [SeatSpec("human"), SeatSpec("bot", "hard"), SeatSpec("bot", "medium")]
    for bad, word in [("human", "2 to 5"), ("human,robot", "neither"), ("human,bot:god", "level"),
                      ("human," * 5 + "human", "2 to 5")]:
        with pytest.raises(ValueError, match=word):
            parse_seats(bad)


def test_table_is_a_hosted_table() -> None:
    """Every method net/ calls is there with the protocol's parameters (isinstance checks only the names)."""
    t = table("human,human")
    assert isinstance(t, HostedTable)
    methods = [name for name, member in vars(HostedTable).items() if callable(member) and not name.startswith("_")]
    assert len(methods) >= 9
    for name in methods:
        want = list(inspect.signature(getattr(HostedTable, name)).parameters)
        assert list(inspect.signature(getattr(Table, name)).parameters) == want, name
    assert t.name == "Test table" and t.phase() == "lobby"
    assert [s["kind"] for s in t.seats()] == ["open", "open"]


async def _sat(t: Table, *names: str) -> list[str]:
    """Seat humans in order; returns their tokens."""
    tokens = []
    for name in names:
        token = new_token()
        seat = t.sit(None, name, hash_token(token))
        t.set_connected(seat, True)
        tokens.append(token)
    await asyncio.sleep(0)
    return tokens


def test_lobby_sitting_rules() -> None:
    async def body() -> None:
        t = table("human,bot:easy,human")
        rec = Recorder()
        t.listen(rec)
        token = new_token()
        assert t.sit(None, "Anna", hash_token(token)) == 0
        with pytest.raises(Refused) as exc:
            t.sit(0, "Ben", hash_token(new_token()))
        assert exc.value.code == "bad-seat"
        with pytest.raises(Refused, match="no seat 9"):
            t.sit(9, "Ben", hash_token(new_token()))
        with pytest.raises(Refused, match="taken"):
            t.sit(1, "Ben", hash_token(new_token()))
        # Anna moves to seat 2; her token follows her.
        assert t.sit(2, "Anna", hash_token(token)) == 2
        assert t.seat_of(hash_token(token)) == 2
        assert t.seats()[0]["kind"] == "open"
        assert t.seat_of(hash_token("forged")) is None
        assert t.phase() == "lobby" and t.current(0) is None
        ben = hash_token(new_token())
        t.sit(None, "Ben", ben)
        await asyncio.sleep(0)
        assert t.phase() == "playing" and t.seq == 1
        with pytest.raises(Refused) as exc:
            t.sit(None, "Cleo", hash_token(new_token()))
        assert exc.value.code == "table-full"
        assert rec.updates[0] == (1, [])
        await t.close()

    run(body())


def test_submit_checks_seat_seq_and_rules() -> None:
    async def body() -> None:
        t = table("human,human", seed=11)
        await _sat(t, "Anna", "Ben")
        seq, view = t.current(0)
        assert view["to_move"] == 0 and len(view["hand"]) == 3
        good = choose(view, 1)
        with pytest.raises(Refused) as exc:
            t.submit(1, seq, good)
        assert exc.value.code == "not-your-turn"
        with pytest.raises(Refused) as exc:
            t.submit(0, seq - 1, good)
        assert exc.value.code == "rejected" and "stale" in exc.value.message
        with pytest.raises(Refused):
            t.submit(0, seq + 1, good)
        other = t.current(1)[1]["hand"][0]
        with pytest.raises(Refused) as exc:
            t.submit(0, seq, {**good, "card": other})
        assert exc.value.code == "rejected" and exc.value.rule == "R8"
        with pytest.raises(Refused) as exc:
            t.submit(0, seq, {"card": 5})
        assert exc.value.code == "rejected" and exc.value.rule is None
        assert t.seq == seq and t.true_state().turn_number == 0
        t.submit(0, seq, good)
        assert t.seq == seq + 1 and t.true_state().turn_number == 1
        with pytest.raises(Refused):  # the same turn again: stale
            t.submit(0, seq, good)
        await t.close()

    run(body())


def test_views_hide_other_hands_and_spectators_see_no_hand() -> None:
    async def body() -> None:
        t = table("human,human,human", seed=5)
        await _sat(t, "A", "B", "C")
        state = t.true_state()
        for seat in range(3):
            view = t.current(seat)[1]
            assert view["seat"] == seat
            text = json.dumps(view)
            for other in range(3):
                if other != seat:
                    hand = [c for c in (t.current(other)[1]["hand"]) if c not in view["hand"]]
                    assert not any(f'"{c}"' in text for c in hand)
        spectator = t.current(None)[1]
        assert spectator["hand"] == [] and spectator["seat"] is None
        assert spectator["deck_size"] == state.deck_size
        await t.close()

    run(body())


def test_all_bot_table_plays_to_the_end_through_the_runner() -> None:
    async def body() -> None:
        runner = ViewRunner()
        t = table("bot:random,bot:easy,bot:hard", seed=3, runner=runner)
        rec = Recorder()
        t.listen(rec)
        await asyncio.wait_for(t.wait_over(), 20)
        assert t.phase() == "over"
        record = t.record()
        assert runner.calls == len(record.turns)
        assert replay_result(record) == record.result
        seqs = [s for s, _ in rec.updates]
        assert seqs == list(range(1, len(seqs) + 1))
        await t.close()
        assert not runner.closed  # an injected runner belongs to the caller

    run(body())


class BadRunner(ViewRunner):
    """A runner that breaks in the ways a real one might."""

    async def choose(self, level: str, seat: int, view: dict[str, Any],
                     history: list[dict[str, Any]], seed: int, deadline_s: float) -> dict[str, Any]:
        self.calls += 1
        if self.calls % 3 == 0:
            raise RuntimeError("worker died")
        if self.calls % 3 == 1:
            return {"card": "NOPE-1", "build": [], "relocate": None, "take": None}
        await asyncio.sleep(deadline_s + 10)
        return {}


def test_a_failing_bot_never_stalls_the_game() -> None:
    async def body() -> None:
        runner = BadRunner()
        t = table("bot:random,bot:random", seed=4, runner=runner, bot_deadline_s=0.01,
                  bot_grace_s=0.02)
        t.listen(Recorder())
        await asyncio.wait_for(t.wait_over(), 20)
        assert runner.calls == len(t.record().turns)
        assert replay_result(t.record()) == t.record().result
        await t.close()

    run(body())


def test_takeover_after_grace_and_reclaim() -> None:
    async def body() -> None:
        t = table("human,human", seed=9, takeover_after_s=0.2, takeover_level="easy")
        rec = Recorder()
        t.listen(rec)
        tokens = await _sat(t, "Anna", "Ben")
        t.set_connected(1, False)
        assert t.seats()[1] == {"name": "Ben", "kind": "human", "connected": False}
        seq, view = t.current(0)
        t.submit(0, seq, choose(view, 0))  # now Ben (gone) is to move
        # after the 0.2 s grace a stand-in bot plays Ben's turn
        assert await eventually(lambda: t.true_state().to_move == 0)
        assert t.seats()[1]["kind"] == "bot" and t.seats()[1]["away"] is True
        events = [e for _, evs in rec.updates for e in evs if e["e"] in ("left", "replaced")]
        assert events == [{"e": "left", "seat": 1, "how": "closed"}, {"e": "replaced", "seat": 1, "by": "bot"}]
        assert t.true_state().to_move == 0  # the stand-in bot played Ben's turn
        with pytest.raises(Refused):
            t.hand_to_bot(0)  # Anna is here
        assert t.seat_of(hash_token(tokens[1])) == 1
        t.set_connected(1, True)
        assert t.seats()[1] == {"name": "Ben", "kind": "human", "connected": True}
        assert rec.updates[-1][1] == [{"e": "joined", "seat": 1, "name": "Ben"},
                                      {"e": "replaced", "seat": 1, "by": "human"}]
        await t.close()

    run(body())


def test_autosave_every_turn_with_token_hashes_only(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,bot:random", seed=21, autosave_dir=tmp_path)
        t.listen(Recorder())
        tokens = await _sat(t, "Anna")
        for _ in range(4):
            while t.true_state().to_move != 0:
                await asyncio.sleep(0.01)
            seq, view = t.current(0)
            t.submit(0, seq, choose(view, seq))
        await t.flush()
        path = t.autosave_file
        assert path is not None and find_autosaves(tmp_path) == [path]
        text = path.read_text()
        assert tokens[0] not in text and hash_token(tokens[0]) in text
        saved = read_save(path)
        assert saved.record.turns == t.record().turns
        assert saved.table["seats"][1]["level"] == "random"
        assert saved.table["name"] == "Test table"
        # The snapshot file is a valid game record.
        assert read_record(text).players == ["Anna", "Bot 1 (random)"]
        shared = t.record(for_sharing=True)
        assert all(s["token_hash"] is None for s in shared.meta["table"]["seats"])
        assert t.record().meta["table"]["seats"][0]["token_hash"] == hash_token(tokens[0])
        assert shared.turns == t.record().turns and shared.deal == t.record().deal
        await t.close()

    run(body())


def test_resume_from_journal_gives_the_same_game(tmp_path: Path) -> None:
    """Turns only in the journal (the snapshot lagging, as after SIGKILL) are not lost."""

    async def body() -> None:
        t = table("human,human", seed=33, autosave_dir=tmp_path)
        t.listen(Recorder())
        tokens = await _sat(t, "Anna", "Ben")
        await t.flush()
        snapshot = t.autosave_file.read_text()
        for _ in range(5):
            seat = t.true_state().to_move
            seq, view = t.current(seat)
            t.submit(seat, seq, choose(view, seq))
        await t.flush()
        turns = t.record().turns
        seq_before = t.seq
        t.autosave_file.write_text(snapshot)  # as if killed before the snapshot was rewritten
        await t.close()
        r = Table.resume(t.autosave_file, runner=ViewRunner())
        assert r.record().turns == turns
        assert r.seq == seq_before + 1
        assert r.seat_of(hash_token(tokens[1])) == 1
        assert r.true_state().turn_number == 5
        r.listen(Recorder())
        r.set_connected(0, True)
        r.set_connected(1, True)
        while r.phase() == "playing":
            seat = r.true_state().to_move
            seq, view = r.current(seat)
            r.submit(seat, seq, choose(view, seq))
        await r.close()
        final = Table.resume(r.autosave_file, runner=ViewRunner())
        assert final.phase() == "over" and final.record().result == r.record().result

    run(body())


def test_save_as_and_bad_saves(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,bot:random", seed=2)
        t.listen(Recorder())
        await _sat(t, "Anna")
        seq, view = t.current(0)
        t.submit(0, seq, choose(view, 0))
        target = tmp_path / "named.patrician.json"
        t.save_as(target)
        r = Table.resume(target, runner=ViewRunner())
        assert r.record().turns == t.record().turns and r.name == t.name
        await t.close()
        await r.close()
        (tmp_path / "junk.json").write_text("{not json")
        with pytest.raises(SaveError, match="JSON"):
            Table.resume(tmp_path / "junk.json")
        example = Path(__file__).parents[1] / "data" / "example-2p.patrician.json"
        with pytest.raises(SaveError, match="not a table save"):
            Table.resume(example)
        with pytest.raises(SaveError, match="cannot read"):
            Table.resume(tmp_path / "missing.json")
        # A tampered turn is found and named.
        data = json.loads(target.read_text())
        data["turns"][0]["card"] = "VER-4"
        (tmp_path / "bad.json").write_text(json.dumps(data))
        with pytest.raises(SaveError, match="turn 0"):
            Table.resume(tmp_path / "bad.json")

    run(body())


def test_random_games_reach_the_end_with_legal_turns_only() -> None:
    async def body() -> None:
        for n in (2, 3, 4, 5):
            t = table(",".join(["human"] * n), seed=n)
            t.listen(Recorder())
            await _sat(t, *[f"P{i}" for i in range(n)])
            rng = random.Random(n)
            while t.phase() == "playing":
                state = t.true_state()
                assert legal_turns(state)
                seq, _ = t.current(state.to_move)
                t.submit(state.to_move, seq, random_turn(state, rng).to_map())
            assert replay_result(t.record()) == t.record().result
            await t.close()

    run(body())


def test_options_are_checked() -> None:
    with pytest.raises(ValueError):
        Table("x", [SeatSpec("human")])
    with pytest.raises(ValueError):
        Table("x", [SeatSpec("human"), SeatSpec("bot", "godlike")])
    with pytest.raises(ValueError):
        Table("x", [SeatSpec("human")] * 2, options=TableOptions(takeover_level="nope"))


def test_shared_views_equal_the_engines_views() -> None:
    """The table builds seat views from the spectator view; they must be view_for's exactly."""

    async def body() -> None:
        from patrician_qt.engine import view_for

        t = table("human,human,human,human,human", seed=12)
        t.listen(Recorder())
        await _sat(t, "A", "B", "C", "D", "E")
        rng = random.Random(3)
        while True:
            state = t.true_state()
            for seat in [None, 0, 1, 2, 3, 4]:
                assert t.current(seat)[1] == view_for(state, seat)
            if t.phase() == "over":
                break
            seq, _ = t.current(state.to_move)
            t.submit(state.to_move, seq, random_turn(state, rng).to_map())
        await t.close()

    run(body())


def test_chosen_colours_are_dealt_and_kept_by_saves(tmp_path: Path) -> None:
    async def body() -> None:
        t = Table("Colours", parse_seats("human,bot:random"), seed=1, runner=ViewRunner(),
                  autosave_dir=tmp_path, colors=["red", "blue"])
        t.listen(Recorder())
        await _sat(t, "Anna")
        assert [p["color"] for p in t.current(0)[1]["players"]] == ["red", "blue"]
        await t.flush()
        r = Table.resume(t.autosave_file, runner=ViewRunner())
        assert r.true_state().colors == ("red", "blue")
        await t.close()
        await r.close()
        with pytest.raises(ValueError, match="own"):
            Table("x", parse_seats("human,human"), colors=["red", "red"])
        with pytest.raises(ValueError, match="unknown colour"):
            Table("x", parse_seats("human,human"), colors=["red", "mauve"])

    run(body())


def test_an_unwritable_autosave_dir_does_not_stop_the_game(tmp_path: Path) -> None:
    async def body() -> None:
        blocker = tmp_path / "file"
        blocker.write_text("not a directory")
        t = table("bot:random,bot:random", seed=2, autosave_dir=blocker / "sub")
        t.listen(Recorder())
        await asyncio.wait_for(t.wait_over(), 20)
        assert replay_result(t.record()) == t.record().result
        await t.close()

    run(body())


def test_a_torn_journal_line_loses_nothing_after_it(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human", seed=6, autosave_dir=tmp_path)
        t.listen(Recorder())
        await _sat(t, "Anna", "Ben")
        for _ in range(2):
            seat = t.true_state().to_move
            seq, view = t.current(seat)
            t.submit(seat, seq, choose(view, seq))
        await t.close()
        journal = Path(str(t.autosave_file) + ".journal")
        with journal.open("a") as f:
            f.write('{"game": "torn", "i": 2')  # as if the power went mid-line
        snapshot = t.autosave_file.read_text()  # two turns
        r = Table.resume(t.autosave_file, runner=ViewRunner())
        r.listen(Recorder())
        r.set_connected(0, True)
        r.set_connected(1, True)
        seat = r.true_state().to_move
        seq, view = r.current(seat)
        r.submit(seat, seq, choose(view, seq))
        turns = r.record().turns
        await r.close()
        r.autosave_file.write_text(snapshot)  # the third turn is only in the journal now
        again = Table.resume(r.autosave_file, runner=ViewRunner())
        assert again.record().turns == turns and len(turns) == 3
        await again.close()

    run(body())


def test_the_first_bot_turn_waits_for_the_worker_instead_of_falling_back() -> None:
    """The table asks the runner for its first turn only once the worker has started (a deadline shorter
    than a worker's start would otherwise hand that turn to the fallback). Checked by what the runner
    knew when asked, not by a clock: a loaded machine may still cut a later search short."""

    async def body() -> None:
        from patrician_qt.bots.runner import BotRunner

        class Watched(BotRunner):
            def __init__(self) -> None:
                super().__init__()
                self.ready_when_asked: list[bool] = []

            async def choose(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
                self.ready_when_asked.append(self._ready)
                return await super().choose(*args, **kwargs)

        runner = Watched()
        t = table("bot:hard,bot:hard", seed=5, runner=runner, bot_deadline_s=0.3)  # shorter than a worker start
        first = asyncio.get_running_loop().create_future()

        class First(Recorder):
            def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
                if any(e["e"] == "played" for e in events) and not first.done():
                    first.set_result(seq)

        t.listen(First())
        await asyncio.wait_for(first, 30)
        assert runner.ready_when_asked[:1] == [True]  # the worker was up before the first question
        await t.close()
        await runner.close()

    run(body(), timeout=60)


def test_the_host_removes_a_player_in_the_lobby_and_the_token_sits_no_more(tmp_path: Path) -> None:
    """A stranger (or a wrong name) at a LAN party: the host frees the seat; the old token holds nothing."""

    async def body() -> None:
        t = table("human,human,human,human", seed=5, autosave_dir=tmp_path)
        rec = Recorder()
        t.listen(rec)
        anna, ben, cleo, dan = (new_token() for _ in range(4))
        t.sit(None, "Anna", hash_token(anna))
        t.sit(None, "Ben", hash_token(ben))
        t.sit(None, "Cleo", hash_token(cleo))
        for seat in (0, 1, 2):
            t.set_connected(seat, True)
        lobbies = rec.lobbies
        # without naming the player the seat stays theirs (the host's view may be out of date)
        with pytest.raises(Refused, match="Ben sits at seat 1"):
            t.set_seat(1, "open")
        with pytest.raises(Refused, match="Ben sits at seat 1"):
            t.set_seat(1, "open", remove="Cleo")
        t.set_seat(1, "open", remove="Ben")
        assert rec.lobbies == lobbies + 1
        assert t.seats()[1] == {"name": "", "kind": "open", "connected": False}
        assert t.seat_of(hash_token(ben)) is None
        # Cleo, gone from the lobby (her seat waits for the grace), is replaced by a bot at once
        t.set_connected(2, False)
        t.set_seat(2, "bot", "easy", remove="Cleo")
        assert t.seats()[2]["kind"] == "bot" and t.seat_of(hash_token(cleo)) is None
        # nothing is saved in the lobby: the autosave begins with the game
        assert t.phase() == "lobby" and t.autosave_file is not None and not t.autosave_file.exists()
        # a new player (a new token) may take the freed seat
        assert t.sit(None, "Dan", hash_token(dan)) == 1
        t.start_now()
        await asyncio.sleep(0)
        assert t.phase() == "playing"
        assert [s["name"] for s in t.seats()] == ["Anna", "Dan", "Bot 3 (easy)"]
        # during the game nobody is removed: a gone player's seat goes to a bot instead
        with pytest.raises(Refused, match="only in the lobby"):
            t.set_seat(1, "open", remove="Dan")
        assert t.seat_of(hash_token(dan)) == 1
        await t.flush()
        saved = read_save(t.autosave_file).table["seats"]
        hashes = {s["token_hash"] for s in saved}
        assert hash_token(ben) not in hashes and hash_token(cleo) not in hashes
        assert hash_token(anna) in hashes and hash_token(dan) in hashes
        await t.close()

    run(body())


def test_expert_may_think_longer_than_the_other_levels_at_a_table() -> None:
    """Expert searches on every core for about 1 s and up to 6 s on a loaded machine: the table
    gives its seats three times the usual thinking time, every other level the usual."""

    async def body() -> None:
        asked: dict[str, float] = {}

        class Timed(ViewRunner):
            async def choose(self, level: str, seat: int, view: dict[str, Any], history: list[dict[str, Any]],
                             seed: int, deadline_s: float) -> dict[str, Any]:
                asked.setdefault(level, deadline_s)
                return await super().choose(level, seat, view, history, seed, deadline_s)

        t = table("bot:expert,bot:hard,bot:easy", seed=3, runner=Timed(), bot_deadline_s=0.5)
        t.listen(Recorder())
        await asyncio.wait_for(t.wait_over(), 60)
        assert asked == {"expert": 1.5, "hard": 0.5, "easy": 0.5}
        await t.close()

    run(body(), timeout=90)
