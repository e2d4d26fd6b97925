"""Update numbers only grow for a table, across `kill -9` and `--resume`: seat events
raise the number too, and a resumed host starts above every number its peers have seen."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from patrician_qt.net.client import Client, HostGone
from tests.net.helpers import policy, run

ROOT = Path(__file__).resolve().parents[2]


def _start_host(args: list[str]) -> tuple[subprocess.Popen[str], int]:
    """`patrician host` in a subprocess; returns it and its port once it listens."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "patrician_qt.cli.host", "--no-zeroconf", "--bind", "127.0.0.1",
         "--idle-timeout", "3", "--takeover-after", "60", *args],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    lines: list[str] = []
    while not (match := re.search(r"listening on \S+ port (\d+)", lines[-1] if lines else "")):
        lines.append(proc.stderr.readline())
        assert lines[-1], "".join(lines)
    asyncio.get_running_loop().run_in_executor(None, proc.stderr.read)  # keep the pipe flowing
    return proc, int(match.group(1))


def test_after_kill_9_and_resume_peers_see_higher_update_numbers_and_play_on(tmp_path: Path) -> None:
    async def body() -> None:
        proc, port = _start_host(["--port", "0", "--seats", "human,human", "--seed", "77",
                                  "--autosave-dir", str(tmp_path), "--name", "Crash"])
        options: dict[str, Any] = {"ping_interval": 0.2, "host_timeout": 2.0,
                                   "backoff": (0.05, 0.1, 0.2), "give_up_after": 30}
        anna, ben = Client(**options), Client(**options)
        await anna.connect("127.0.0.1", port, "Anna")
        await ben.connect("127.0.0.1", port, "Ben")
        seen: dict[str, list[int]] = {"Anna": [], "Ben": []}
        crashed = asyncio.Event()
        played = 0

        async def player(name: str, c: Client) -> dict[str, Any]:
            nonlocal played
            async for m in c:
                if m["t"] == "update":
                    assert not seen[name] or m["seq"] >= seen[name][-1], (name, seen[name], m["seq"])
                    seen[name].append(m["seq"])
                    view = m["view"]
                    if view["over"]:
                        return view
                    if view["to_move"] == c.seat and (played < 4 or crashed.is_set()):
                        played += 1
                        with contextlib.suppress(HostGone):
                            await c.send_turn(policy(view, c.seat), m["seq"])
                elif m["t"] == "rejected":
                    assert "stale" in m["reason"], m
            raise AssertionError(c.error)

        async def crash() -> None:
            nonlocal proc
            while played < 4 or anna.seq is None or anna.seq < 5:
                await asyncio.sleep(0.01)
            for _ in range(3):  # Ben's link breaks: `left`, then `joined` when he is back
                before = anna.seq
                assert ben._writer is not None
                ben._writer.transport.abort()
                while anna.seq is None or anna.seq < before + 2:
                    await asyncio.sleep(0.01)
            highest = max(seen["Anna"][-1], seen["Ben"][-1])
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            proc, _ = _start_host(["--port", str(port), "--resume",
                                   str(tmp_path / "autosave-Crash.patrician.json"), "--once"])
            crashed.set()
            while not (seen["Anna"][-1] > highest and seen["Ben"][-1] > highest):
                await asyncio.sleep(0.01)

        finals = await asyncio.gather(player("Anna", anna), player("Ben", ben), crash())
        assert finals[0]["result"] == finals[1]["result"] is not None
        assert await asyncio.get_running_loop().run_in_executor(None, proc.wait, 20) == 0
        for c in (anna, ben):
            await c.close()

    run(body(), timeout=90)
