"""The story a returning peer is told (docs/protocol.md feature "history"): how many bytes, on the wire.

Run by hand: `python bench/history.py [--games 20]`. Everything stays on 127.0.0.1: a real host serves a
5-player table whose seats play seeded legal turns; after the game, a spectator that asks for "history"
joins and its frames are measured as received (one `past` message per earlier update with events).
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402

from patrician_qt.net._framing import encode  # noqa: E402
from patrician_qt.net.host import Host  # noqa: E402
from tests.net.helpers import join, play, table  # noqa: E402


async def _one(seed: int) -> dict[str, Any]:
    t = table("human,human,human,human,human", seed=seed)
    host = Host(t, "127.0.0.1", 0)
    await host.start()
    try:
        players = [await join(host, f"Player {i + 1}") for i in range(5)]
        await asyncio.gather(*(play(p, i) for i, p in enumerate(players)))
        reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
        writer.write(encode({"t": "hello", "v": 1, "name": "Watcher", "role": "spectator",
                             "features": ["history"]}))
        unpacker = msgpack.Unpacker(raw=False)
        sizes: list[int] = []
        while True:
            data = await asyncio.wait_for(reader.read(65536), 10)
            unpacker.feed(data)
            done = False
            for message in unpacker:
                if message.get("t") == "past":
                    sizes.append(len(encode(message)))
                elif message.get("t") == "update":
                    done = True
            if done:
                break
        writer.close()
        for p in players:
            await p.close()
        return {"messages": len(sizes), "bytes": sum(sizes), "largest": max(sizes), "sizes": sizes}
    finally:
        await host.close()
        await t.close()


def main() -> None:
    """Print the figures of ``--games`` finished 5-player games."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    games = [asyncio.run(_one(seed)) for seed in range(args.games)]
    sizes = [s for g in games for s in g["sizes"]]
    figures = {
        "games": len(games),
        "past_messages_per_game_mean": round(statistics.mean(g["messages"] for g in games), 1),
        "story_bytes_per_game_mean": round(statistics.mean(g["bytes"] for g in games)),
        "story_bytes_per_game_max": max(g["bytes"] for g in games),
        "past_message_bytes_mean": round(statistics.mean(sizes), 1),
        "past_message_bytes_max": max(sizes),
    }
    for key, value in figures.items():
        print(f"{key}: {value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
