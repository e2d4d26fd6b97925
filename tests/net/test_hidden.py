"""Hidden information (docs/rules.md R26, R26a): what goes over the wire never shows a secret."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from patrician_qt.engine import CARDS, score
from patrician_qt.engine.cards import CITY_NAMES
from patrician_qt.net.client import Client
from tests.net.helpers import eventually, hosting, join, play, run, table

VIEW_KEYS = {"seat", "visibility", "hand", "to_move", "over", "deck_size", "players", "cities", "result"}
PLAYER_KEYS = {"name", "color", "supply", "hand_size", "stack", "tiles", "score"}
PARTIAL_KEYS = {"name", "color", "supply", "hand_size", "stack", "stack_size", "tiles", "tiles_won"}
CARD_IDS = [c.id for c in CARDS]
# A deal seed far from any number a frame carries for other reasons (seq, sizes, seats).
SECRET_SEED = 3_141_592_653_589_793_238


class Truth:
    """Records, for every seq, what the table knew: hands, pile, stacks, tiles, scores, events."""

    def __init__(self, t: Any) -> None:
        self.t = t
        self.at: dict[int, dict[str, Any]] = {}
        self.dealt: list[set[str]] | None = None

    def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
        st = self.t.true_state()
        hands = [[CARDS[c].id for c in h] for h in st.hands]
        if self.dealt is None:
            self.dealt = [set(h) for h in hands]
        self.at[seq] = {
            # Cards taken from the board were face up, so only dealt cards are secret.
            "hidden": [set(h) & self.dealt[s] for s, h in enumerate(hands)],
            "pile": {CARDS[c].id for c in st.deck[st.deck_pos:]},
            "hands": hands,
            "stacks": [[CARDS[c].id for c in s] for s in st.stacks],
            "tiles": [[[CITY_NAMES[c], v] for c, v in tiles] for tiles in st.tiles],
            "scores": [score(st, s) for s in range(st.n_players)],
            "over": st.over,
            "events": json.loads(json.dumps(events)),
        }

    def lobby_changed(self) -> None:
        pass

    def chat(self, sender: str, text: str) -> None:
        pass


def carries(value: Any, number: int) -> bool:
    """Whether an int equal to ``number`` (or its decimal text) is anywhere inside ``value``."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == number
    if isinstance(value, str):
        return str(number) in value
    if isinstance(value, dict):
        return any(carries(k, number) or carries(v, number) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(carries(v, number) for v in value)
    return False


def check_update(message: dict[str, Any], seat: int | None, truth: Truth, visibility: str) -> None:
    """No other seat's secret, pile card or (at a rulebook table, R26) hidden stack, tile or score."""
    known = truth.at[message["seq"]]
    text = json.dumps(message)
    tokens = {c for c in CARD_IDS if f'"{c}"' in text}
    for other, cards in enumerate(known["hidden"]):
        if other != seat:
            assert not tokens & cards, (seat, other, tokens & cards)
    assert not tokens & known["pile"]
    view = message["view"]
    assert set(view) == VIEW_KEYS and view["seat"] == seat and view["visibility"] == visibility
    assert view["hand"] == ([] if seat is None else known["hands"][seat])
    assert view["deck_size"] == len(known["pile"])
    assert "token" not in text
    # The events are the table's public events of this update, the same for every seat (R26).
    assert message["events"] == known["events"]
    shown_all = visibility == "open" or known["over"]
    for s, p in enumerate(view["players"]):
        stack, tiles = known["stacks"][s], known["tiles"][s]
        if shown_all or s == seat:
            assert set(p) == PLAYER_KEYS
            assert p["stack"] == stack and p["tiles"] == tiles and p["score"] == known["scores"][s]
            continue
        # R26: the top card and the size of the stack, how many tiles; no values, no score
        assert set(p) == PARTIAL_KEYS
        assert p["stack"] == stack[-1:] and p["tiles"] == []
        assert p["stack_size"] == len(stack) and p["tiles_won"] == len(tiles)
        assert not tokens & (set(stack[:-1]) - set(stack[-1:])), (seat, s)
    if not shown_all:
        assert view["result"] is None
        assert not any(e.get("e") == "ended" for e in message["events"])


@pytest.mark.parametrize("visibility", ["rulebook", "open"])
def test_no_frame_ever_shows_what_the_seat_may_not_see(visibility: str) -> None:
    async def body() -> None:
        rng = random.Random(5)
        checked = 0
        for game in range(6):
            n = 2 + game % 4
            kinds = ["human"] + [rng.choice(["human", "bot:random"]) for _ in range(n - 1)]
            t = table(",".join(kinds), seed=SECRET_SEED + game, visibility=visibility)
            truth = Truth(t)
            async with hosting(t) as host:
                t.listen(truth)
                seen: list[tuple[Client, dict[str, Any]]] = []

                def tap(client: Client, seen: list[Any] = seen) -> None:
                    """Record every message the client receives (also those queued already)."""
                    deliver = client._deliver
                    seen.extend((client, m) for m in list(client._queue._queue) if m)  # type: ignore[attr-defined]

                    def both(m: dict[str, Any]) -> None:
                        seen.append((client, m))
                        deliver(m)

                    client._deliver = both  # type: ignore[method-assign]

                spectator = await join(host, "Spec", role="spectator")
                tap(spectator)
                players = []
                for i in range(kinds.count("human")):
                    players.append(await join(host, f"P{i}"))
                    tap(players[-1])
                await asyncio.gather(*(play(p, i) for i, p in enumerate(players)))
                assert await eventually(lambda s=spectator: s.view is not None and s.view["over"])
                kinds_seen = set()
                for client, message in seen:
                    kinds_seen.add(message["t"])
                    # the deal seed never travels: not in a welcome, a lobby, a view or an event
                    assert not carries(message, SECRET_SEED + game), message["t"]
                    if message["t"] == "update":
                        check_update(message, None if client is spectator else client.seat, truth, visibility)
                        checked += 1
                    elif message["t"] == "lobby":
                        assert message["visibility"] == visibility
                    elif message["t"] == "welcome":
                        assert message["table"]["visibility"] == visibility
                assert {"welcome", "lobby", "update"} <= kinds_seen
                for c in [spectator, *players]:
                    await c.close()
        assert checked > 250

    run(body(), timeout=90)
