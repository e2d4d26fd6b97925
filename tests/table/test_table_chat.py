"""The table keeps its chat with the game: a host that opens its table again shows what was said."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from patrician_qt.table import Table, read_save
from patrician_qt.table.table import CHAT_KEPT
from tests.net.helpers import ViewRunner, run, table
from tests.table.test_table import Recorder, _sat


def test_chat_is_saved_with_the_game_and_comes_back_on_resume(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human", seed=4, autosave_dir=tmp_path)
        rec = Recorder()
        t.listen(rec)
        await _sat(t, "Anna", "Ben")
        t.say("Anna", "hello")
        t.say("Ben", "<b>hi</b> & bye")
        await t.flush()
        assert rec.chats == [("Anna", "hello"), ("Ben", "<b>hi</b> & bye")]
        assert read_save(t.autosave_file).table["chat"] == [["Anna", "hello"], ["Ben", "<b>hi</b> & bye"]]
        assert "chat" not in t.record(for_sharing=True).meta["table"]  # a shared record keeps no chat
        await t.close()
        again = Table.resume(t.autosave_file, runner=ViewRunner())
        assert again.chat_history() == [("Anna", "hello"), ("Ben", "<b>hi</b> & bye")]
        await again.close()

    run(body())


def test_only_the_last_lines_are_kept_and_broken_entries_are_left_out(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,human", seed=4, autosave_dir=tmp_path)
        t.listen(Recorder())
        await _sat(t, "Anna", "Ben")
        for i in range(CHAT_KEPT + 5):
            t.say("Anna", f"line {i}")
        assert len(t.chat_history()) == CHAT_KEPT and t.chat_history()[0] == ("Anna", "line 5")
        await t.flush()
        await t.close()
        path = t.autosave_file
        data = json.loads(path.read_text())
        data["meta"]["table"]["chat"] = [["Anna", "kept"], ["only one"], [1, 2], "text", ["Ben", "also kept"]]
        path.write_text(json.dumps(data))
        again = Table.resume(path, runner=ViewRunner())
        assert again.chat_history() == [("Anna", "kept"), ("Ben", "also kept")]
        await again.close()
        await asyncio.sleep(0)

    run(body())
