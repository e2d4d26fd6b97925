"""Hidden information (RULES.md R26): what goes over the wire never shows a secret."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from patrician_qt.engine import CARDS
from patrician_qt.net.client import Client
from tests.net.helpers import eventually, hosting, join, play, run, table

VIEW_KEYS = {"seat", "hand", "to_move", "over", "deck_size", "players", "cities", "result"}
PLAYER_KEYS = {"name", "color", "supply", "hand_size", "stack", "tiles", "score"}
CARD_IDS = [c.id for c in CARDS]


class Secrets:
    """Records, for every seq, each seat's never-shown hand cards and the draw pile's cards."""

    def __init__(self, t: Any) -> None:
        self.t = t
        self.at: dict[int, tuple[list[set[str]], set[str], list[list[str]]]] = {}
        self.dealt: list[set[str]] | None = None

    def table_changed(self, seq: int, events: list[dict[str, Any]]) -> None:
        st = self.t.true_state()
        hands = [[CARDS[c].id for c in h] for h in st.hands]
        if self.dealt is None:
            self.dealt = [set(h) for h in hands]
        # Cards taken from the board were face up, so only dealt cards are secret.
        hidden = [set(h) & self.dealt[s] for s, h in enumerate(hands)]
        pile = {CARDS[c].id for c in st.deck[st.deck_pos:]}
        self.at[seq] = (hidden, pile, hands)

    def lobby_changed(self) -> None:
        pass

    def chat(self, sender: str, text: str) -> None:
        pass


def check(message: dict[str, Any], seat: int | None, secrets: Secrets) -> None:
    """No other seat's secret card and no pile card appears anywhere in the message."""
    hidden, pile, hands = secrets.at[message["seq"]]
    text = json.dumps(message)
    tokens = {c for c in CARD_IDS if f'"{c}"' in text}
    for other, cards in enumerate(hidden):
        if other != seat:
            assert not tokens & cards, (seat, other, tokens & cards)
    assert not tokens & pile
    view = message["view"]
    assert set(view) == VIEW_KEYS and view["seat"] == seat
    assert all(set(p) == PLAYER_KEYS for p in view["players"])
    assert view["hand"] == ([] if seat is None else hands[seat])
    assert view["deck_size"] == len(pile)
    assert "token" not in text


def test_no_update_ever_shows_another_hand_or_the_pile() -> None:
    async def body() -> None:
        rng = random.Random(5)
        checked = 0
        for game in range(10):
            n = 2 + game % 4
            kinds = ["human"] + [rng.choice(["human", "bot:random"]) for _ in range(n - 1)]
            t = table(",".join(kinds), seed=game)
            secrets = Secrets(t)
            async with hosting(t) as host:
                t.listen(secrets)
                seen: list[tuple[int | None, dict[str, Any]]] = []

                def tap(client: Client, seen: list[Any] = seen) -> None:
                    """Record every message the client receives (also those queued already)."""
                    deliver = client._deliver
                    for m in list(client._queue._queue):  # type: ignore[attr-defined]
                        if m and m["t"] == "update":
                            seen.append((client.seat, m))

                    def both(m: dict[str, Any]) -> None:
                        if m["t"] == "update":
                            seen.append((client.seat, m))
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
                for seat, message in seen:
                    check(message, seat, secrets)
                    checked += 1
                for c in [spectator, *players]:
                    await c.close()
        assert checked > 500

    run(body(), timeout=60)
