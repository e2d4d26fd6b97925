"""A ceiling for the bots: a "cheater" that searches the true state (every hand, the pile's order).

Never a level (``patrician_qt.bots`` does not know it): it exists to measure how much our bots lose to
not seeing hands. ``cheat-expert`` searches with exactly Expert's budget (the same parts, iterations,
exploration and playouts), ``cheat-hard`` with Hard's; everything else is the arena's (seats rotated,
one deal per rotation, Wilson intervals, the last line one JSON object).

    nice -n 10 python bench/ceiling.py --players expert,cheat-expert --games 40 --seed 5
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # bench/net.py would hide net

from patrician_qt.bots.arena import GameOutcome, progress_line, table, tally  # noqa: E402
from patrician_qt.bots.greedy import Indices  # noqa: E402
from patrician_qt.bots.ismcts import SearchConfig, search  # noqa: E402
from patrician_qt.bots.levels import normalize, search_plan, timed_choose  # noqa: E402
from patrician_qt.bots.parallel import Part, combine, shared_pool  # noqa: E402
from patrician_qt.engine import RULEBOOK, apply, new_game, result_of, view_for  # noqa: E402
from patrician_qt.engine.rules import make_turn  # noqa: E402

#: cheater -> the level whose budget it copies; a ``hands-`` cheater sees every hand but not the pile's order
CHEATS = {"cheat-expert": "expert", "cheat-hard": "hard", "cheat-hands-expert": "expert", "cheat-hands-hard": "hard"}


class TrueState:
    """A "determiniser" that always deals the truth: the search sees every hand and the pile's order."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def sample(self, rng: random.Random) -> Any:
        """The true state itself (a copy the search may change)."""
        return self.state.clone()


class TrueHands(TrueState):
    """A determiniser that deals the true hands but shuffles the pile: what reading every hand alone is worth.

    Against the full cheater it splits the ceiling's gap in two: the part a perfect model of the opponents'
    hands could close, and the part no inference can (the order of the pile, R5 and R18)."""

    def sample(self, rng: random.Random) -> Any:
        """The true state with the rest of the pile in a random order."""
        st = self.state.clone()
        rest = list(st.deck[st.deck_pos:])
        rng.shuffle(rest)
        st.deck = tuple(rest)
        st.deck_pos = 0
        return st


def cheat_part(state: Any, seed: int, part: int, cfg: SearchConfig, hands_only: bool = False) -> Part:
    """One part of the cheater's root-parallel search, seeded like Expert's parts."""
    rng = random.Random(f"cheat:{seed}:{state.to_move}:{state.turn_number}:part{part}")
    res = search((TrueHands if hands_only else TrueState)(state), rng, cfg)
    return {o: (n, res.rewards.get(o, 0.0)) for o, n in res.visits.items()}


def cheat_indices(name: str, state: Any, seed: int) -> Indices:
    """The cheater's turn: the budget of the level it copies, searching the true state."""
    cfg, parts = search_plan(CHEATS[name], state.n_players, None)
    hands = name.startswith("cheat-hands-")
    pool = shared_pool(parts - 1)
    futures = [pool.submit(cheat_part, state, seed, k, cfg, hands) for k in range(1, parts)] if pool else []
    out = [cheat_part(state, seed, 0, cfg, hands)]
    out += [f.result() for f in futures]
    out += [cheat_part(state, seed, k, cfg, hands) for k in range(len(out), parts)]
    return combine(out)


def play_game(bots: list[str], game: int, seed: int, visibility: str = RULEBOOK) -> GameOutcome:
    """One game as in the arena (same deals, same rotation), cheaters given the true state."""
    k = game % len(bots)
    names = bots[k:] + bots[:k]
    n = len(names)
    state = new_game([f"{b} ({s})" for s, b in enumerate(names)], random.Random(f"arena:{seed}:{game // n}"),
                     visibility=visibility)
    history: list[dict[str, Any]] = []
    seconds, turns, longest = [0.0] * n, [0] * n, [0.0] * n
    bot_seed = random.Random(f"arena-bots:{seed}:{game}").randrange(2**31)
    while not state.over:
        seat = state.to_move
        if names[seat] in CHEATS:
            t0 = time.perf_counter()
            turn = make_turn(*cheat_indices(names[seat], state, bot_seed + seat)).to_map()
            dt = time.perf_counter() - t0
        else:
            turn, dt = timed_choose(names[seat], seat, view_for(state, seat), history, bot_seed + seat)
        seconds[seat] += dt
        longest[seat] = max(longest[seat], dt)
        turns[seat] += 1
        state, events = apply(state, turn)
        history.extend(events)
    result = result_of(state)
    assert result is not None
    return GameOutcome(game, names, result, seconds, turns, None, longest)


def _play_star(args: tuple[list[str], int, int, str]) -> GameOutcome:
    return play_game(*args)


def main(argv: list[str] | None = None) -> int:
    """Play the games, print the arena's table and one JSON line."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", required=True, help="comma-separated: levels, ismcts: specs, cheat-expert, cheat-hard")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first-game", type=int, default=0, metavar="N", help="start at game N (to go on with a run)")
    ap.add_argument("--jobs", type=int, default=1, help="games at once (each Expert-budget search uses 2 processes)")
    ap.add_argument("--table", choices=("rulebook", "open"), default=RULEBOOK)
    ap.add_argument("--progress", action="store_true", help="one JSON line per finished game on stderr")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.players.split(",") if b.strip()]
    for b in bots:
        if b not in CHEATS:
            normalize(b)
    tasks = [(bots, g, args.seed, args.table) for g in range(args.first_game, args.first_game + args.games)]
    outcomes: list[GameOutcome] = []

    def done(out: GameOutcome) -> None:
        outcomes.append(out)
        if args.progress:
            print(json.dumps(progress_line(out, args.seed)), file=sys.stderr, flush=True)

    if args.jobs <= 1:
        for t in tasks:
            done(_play_star(t))
    else:
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=get_context("spawn")) as pool:
            for out in pool.map(_play_star, tasks, chunksize=1):
                done(out)
    stats = tally(bots, outcomes)
    print(table(stats, len(outcomes)))
    print(json.dumps({"bots": [s.summary() for s in stats], "games": len(outcomes), "table": args.table}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
