"""The table option (R26 rulebook, R26a open) at a table, and bot seeds that tell nothing of the deal."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from patrician_qt.engine import random_turn, read_record, replay, stack_size, view_for
from patrician_qt.table import Table, hash_token, new_token, read_save
from patrician_qt.table.seeds import SEED_BITS, decision_seed
from tests.net.helpers import ViewRunner, choose, run, table
from tests.table.test_table import Recorder

SECRET = 2_718_281_828_459_045_235  # a deal seed no frame or bot input carries by chance


class SeedRunner(ViewRunner):
    """A runner that keeps every seed, view and history a bot is given."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[int, int, dict[str, Any], list[dict[str, Any]], int]] = []

    async def choose(self, level: str, seat: int, view: dict[str, Any],
                     history: list[dict[str, Any]], seed: int, deadline_s: float) -> dict[str, Any]:
        turn_no = sum(stack_size(p) for p in view["players"])
        self.asked.append((seat, turn_no, view, list(history), seed))
        return await super().choose(level, seat, view, history, seed, deadline_s)


def test_r26_a_table_is_a_rulebook_table_unless_told_otherwise() -> None:
    assert table("human,human").visibility == "rulebook"
    assert table("human,human", visibility="open").game_options() == {"visibility": "open"}
    with pytest.raises(ValueError, match="R26a"):
        table("human,human", visibility="peek")


@pytest.mark.parametrize("visibility", ["rulebook", "open"])
def test_r26_the_tables_shared_views_are_the_engines(visibility: str) -> None:
    """The table builds seat views from the spectator view; they must be view_for's exactly."""

    async def body() -> None:
        t = table("human,human,human", seed=12, visibility=visibility)
        t.listen(Recorder())
        for name in "ABC":
            t.set_connected(t.sit(None, name, hash_token(new_token())), True)
        await asyncio.sleep(0)
        rng = random.Random(3)
        while True:
            state = t.true_state()
            assert state.visibility == visibility
            for seat in [None, 0, 1, 2]:
                assert t.current(seat)[1] == view_for(state, seat)
            if t.phase() == "over":
                break
            seq, _ = t.current(state.to_move)
            t.submit(state.to_move, seq, random_turn(state, rng).to_map())
        await t.close()

    run(body())


@pytest.mark.parametrize("visibility", ["rulebook", "open"])
def test_r26a_the_record_and_a_resumed_game_keep_the_table_option(tmp_path: Path, visibility: str) -> None:
    async def body() -> None:
        t = table("human,bot:random", seed=5, autosave_dir=tmp_path, visibility=visibility)
        t.listen(Recorder())
        t.set_connected(t.sit(None, "Anna", hash_token(new_token())), True)
        await asyncio.sleep(0)
        for _ in range(3):
            while t.true_state().to_move != 0:
                await asyncio.sleep(0.01)
            seq, view = t.current(0)
            t.submit(0, seq, choose(view, seq))
        await t.flush()
        assert t.record().visibility == visibility
        assert read_record(t.autosave_file.read_text()).visibility == visibility
        await t.close()
        r = Table.resume(t.autosave_file, runner=ViewRunner())
        assert r.visibility == visibility and r.true_state().visibility == visibility
        assert r.current(0)[1]["visibility"] == visibility
        await r.close()

    run(body())


def test_r26a_a_save_from_before_the_option_resumes_as_an_open_table(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("human,bot:random", seed=6, autosave_dir=tmp_path)
        t.listen(Recorder())
        t.set_connected(t.sit(None, "Anna", hash_token(new_token())), True)
        await asyncio.sleep(0)
        await t.flush()
        await t.close()
        raw = json.loads(t.autosave_file.read_text())
        del raw["visibility"]  # as an older app wrote it
        old = tmp_path / "old.patrician.json"
        old.write_text(json.dumps(raw))
        r = Table.resume(old, runner=ViewRunner())
        assert r.visibility == "open" and r.game_options() == {"visibility": "open"}
        assert "score" in r.current(0)[1]["players"][1]
        assert r.record().visibility is None  # written back as it was read
        await r.close()

    run(body())


def test_decision_seeds_are_one_way_reproducible_and_in_range() -> None:
    seeds = {decision_seed(SECRET, seat, turn) for seat in range(5) for turn in range(60)}
    assert len(seeds) == 300 and all(0 <= s < 2**SEED_BITS for s in seeds)
    assert decision_seed(SECRET, 1, 7) == decision_seed(SECRET, 1, 7)
    assert decision_seed(SECRET, 1, 7) != decision_seed(SECRET + 1, 1, 7)
    assert decision_seed(SECRET, 1, 7, "hint") != decision_seed(SECRET, 1, 7)
    # no longer the reversible formula of the deal seed
    assert decision_seed(SECRET, 1, 7) != (SECRET * 1_000_003 + 7 * 101 + 1) % (1 << 62)


def test_bots_get_per_decision_seeds_and_never_the_deal_seed() -> None:
    """Every bot decision gets decision_seed(secret, seat, turn); nothing a bot is given carries the secret."""

    async def body() -> list[tuple[int, int, int]]:
        runner = SeedRunner()
        t = table("bot:random,bot:easy,bot:hard", seed=SECRET, runner=runner)
        t.listen(Recorder())
        await asyncio.wait_for(t.wait_over(), 20)
        assert len(runner.asked) == len(t.record().turns)
        for seat, turn_no, view, history, seed in runner.asked:
            assert seed == decision_seed(SECRET, seat, turn_no)
            assert seed != SECRET
            assert str(SECRET) not in json.dumps([view, history])
        assert len({seed for *_, seed in runner.asked}) == len(runner.asked)
        await t.close()
        return [(seat, turn_no, seed) for seat, turn_no, _, _, seed in runner.asked]

    first = run(body())
    assert run(body()) == first  # the same secret seed gives the same game and seeds


def test_the_secret_seed_stays_in_the_hosts_record_for_reproducing_the_game(tmp_path: Path) -> None:
    async def body() -> None:
        t = table("bot:random,bot:random", seed=SECRET, autosave_dir=tmp_path)
        t.listen(Recorder())
        await asyncio.wait_for(t.wait_over(), 20)
        await t.flush()
        saved = read_save(t.autosave_file)
        assert saved.table["seed"] == SECRET
        assert replay(saved.record).over
        await t.close()

    run(body())
