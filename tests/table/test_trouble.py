"""Background failures of the table are never silent and cost no game state.

A bot whose worker cannot start (out of file descriptors), a lost worker that cannot be
started again, a bot turn that breaks, an autosave that cannot be written: the table keeps
the game as it is, keeps one Trouble and tells its listeners; retry / simpler bots go on.
"""

from __future__ import annotations

import asyncio
import errno
import shutil
from pathlib import Path
from typing import Any

import pytest

import patrician_qt.bots.runner as runner_module
import patrician_qt.table.scheduling as scheduling_module
from patrician_qt.engine import replay_result
from patrician_qt.table import read_save
from patrician_qt.table.trouble import Trouble
from tests.net.helpers import ViewRunner, run, table

EMFILE = OSError(errno.EMFILE, "Too many open files")


class Troubles:
    """A listener keeping the troubles (and the updates) the table tells."""

    def __init__(self) -> None:
        self.troubles: list[Trouble] = []
        self.updates = 0
        self.told = asyncio.Event()

    def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
        self.updates += 1

    def lobby_changed(self) -> None:
        pass

    def chat(self, sender: str, text: str) -> None:
        pass

    def table_trouble(self, trouble: Trouble) -> None:
        self.troubles.append(trouble)
        self.told.set()

    async def next_trouble(self) -> Trouble:
        await asyncio.wait_for(self.told.wait(), 20)
        self.told.clear()
        return self.troubles[-1]


class NoWorker:
    """What ``BotRunner()`` does when the process is out of file descriptors."""

    def __init__(self) -> None:
        raise OSError(errno.EMFILE, "Too many open files")


class LostWorker(ViewRunner):
    """A runner whose worker is lost and cannot be started again for the first ``fails`` turns."""

    def __init__(self, fails: int) -> None:
        super().__init__()
        self.fails = fails

    async def choose(self, level: str, seat: int, view: dict[str, Any], history: list[dict[str, Any]],
                     seed: int, deadline_s: float) -> dict[str, Any]:
        if self.fails > 0:
            self.fails -= 1
            raise OSError(errno.EMFILE, "Too many open files")
        return await super().choose(level, seat, view, history, seed, deadline_s)


def test_a_bot_that_cannot_start_is_told_the_game_waits_and_simpler_bots_play_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner_module, "BotRunner", NoWorker)

    async def body() -> None:
        t = table("bot:hard,bot:easy", seed=3, runner="real", bot_deadline_s=0.05)
        rec = Troubles()
        t.listen(rec)
        trouble = await rec.next_trouble()
        assert (trouble.kind, trouble.seat, trouble.errno) == ("bot", 0, errno.EMFILE)
        assert trouble.cause == "Too many open files"
        assert t.trouble() == trouble
        seq, state = t.seq, t.true_state()
        await asyncio.sleep(0)  # nothing else is scheduled: the game waits, unchanged
        assert (t.seq, t.true_state(), t.phase()) == (seq, state, "playing")
        t.use_simple_bots()
        assert t.trouble() is None
        await asyncio.wait_for(t.wait_over(), 30)
        assert replay_result(t.record()) == t.record().result
        assert len(rec.troubles) == 1
        await t.close()

    run(body())


def test_a_lost_worker_that_cannot_restart_is_told_and_retry_goes_on() -> None:
    async def body() -> None:
        runner = LostWorker(fails=1)
        t = table("bot:easy,bot:easy", seed=5, runner=runner)
        rec = Troubles()
        t.listen(rec)
        trouble = await rec.next_trouble()
        assert trouble.kind == "bot" and trouble.errno == errno.EMFILE
        turns = len(t.record().turns)
        t.retry()
        assert t.trouble() is None
        await asyncio.wait_for(t.wait_over(), 30)
        assert len(t.record().turns) > turns
        assert replay_result(t.record()) == t.record().result
        await t.close()

    run(body())


def test_a_bot_turn_that_breaks_is_told_not_left_hanging(monkeypatch: pytest.MonkeyPatch) -> None:
    class Illegal(ViewRunner):
        async def choose(self, *args: Any) -> dict[str, Any]:
            return {"card": "NOPE-1", "build": [], "relocate": None, "take": None}

    def broken(*args: Any) -> Any:
        raise RuntimeError("no random turn today")

    monkeypatch.setattr(scheduling_module, "random_turn", broken)

    async def body() -> None:
        t = table("bot:easy,bot:easy", seed=5, runner=Illegal())
        rec = Troubles()
        t.listen(rec)
        trouble = await rec.next_trouble()
        assert (trouble.kind, trouble.seat) == ("bot", 0)
        assert "no random turn today" in trouble.cause
        assert t.true_state() is not None and t.record().turns == []
        await t.close()

    run(body())


def test_an_autosave_that_cannot_be_written_is_told_once_and_retry_writes_it_all(tmp_path: Path) -> None:
    saves = tmp_path / "saves"

    async def body() -> None:
        t = table("bot:easy,bot:easy", seed=8, runner=ViewRunner(delay=0.02), autosave_dir=saves)
        rec = Troubles()
        t.listen(rec)
        while t.seq < 3:
            await asyncio.sleep(0.01)
        # an autosave may be writing meanwhile: its temporary file can vanish under rmtree, or its mkdir come back
        for _ in range(100):
            shutil.rmtree(saves, ignore_errors=True)
            try:
                saves.write_text("a file where the folder was")  # every write into the folder now fails
                break
            except IsADirectoryError:
                continue
        assert saves.is_file()
        trouble = await rec.next_trouble()
        assert trouble.kind == "autosave" and trouble.errno in (errno.ENOTDIR, errno.EEXIST, errno.ENOENT)
        await asyncio.wait_for(t.wait_over(), 30)  # the game goes on
        assert [x.kind for x in rec.troubles] == ["autosave"]  # told once, not at every turn
        saves.unlink()
        saves.mkdir(exist_ok=True)  # a write still on its way may make the folder again first
        t.retry()
        assert t.trouble() is None and rec.troubles == [trouble]
        saved = read_save(t.autosave_file)
        assert saved.record.turns == t.record().turns and saved.record.result == t.record().result
        await t.close()

    run(body())


def test_a_trouble_reads_as_one_line() -> None:
    assert str(Trouble("bot", "Too many open files", 1, errno.EMFILE)) == \
        "the bot could not play (seat 1): Too many open files"
    assert str(Trouble("autosave", "No space left on device")) == \
        "the autosave could not be written: No space left on device"


def test_a_headless_host_says_its_trouble_in_the_chat_and_retries_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    import patrician_qt.cli.host as host_cli

    monkeypatch.setattr(host_cli, "RETRY_AFTER_S", 0.05)

    class Chat(Troubles):
        def __init__(self) -> None:
            super().__init__()
            self.lines: list[tuple[str, str]] = []

        def chat(self, sender: str, text: str) -> None:
            self.lines.append((sender, text))

    async def body() -> None:
        t = table("bot:easy,bot:easy", seed=5, runner=LostWorker(fails=1))
        rec = Chat()
        t.listen(rec)
        t.listen(host_cli._Logger(t))
        await rec.next_trouble()
        await asyncio.wait_for(t.wait_over(), 30)  # retried without anyone clicking
        assert rec.lines == [("host", "The host has a problem: the bot could not play (seat 0): Too many open "
                                      "files. It tries again in 0 s.")]
        await t.close()

    run(body())
