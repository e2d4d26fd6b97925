"""A likelihood model of the opponent's hidden cards, and what it knows (an experiment; not kept in the bots).

Every card an opponent took was face up, so all a seat cannot see of another hand is which starting
(star) cards it still holds (R5, R14); the determiniser deals those uniformly. Yet at every turn the
opponent chose the card it played from a hand that held them, and a hand holding a card it would
clearly have played instead is less likely. The model: a player chooses a turn like the greedy bot
with noise, P(turn | hand) ∝ exp(β · advantage after the turn), over the turns legal with that hand.

The past is replayed from the public history alone (R26: every play, build, relocation, take and
laid card was seen): the first face-up cards (the first card taken at each city, else the one still
there), the pile as far as it was laid out, each seat's starting hand (what it played or holds, less
what it took), with each guess of the opponent's unknown cards in place of the real ones. A history
that misses turns (a seat that joined late) or does not replay to the view gives no beliefs.

Two players only: with more, one opponent's guess changes what the others may hold, and the replays
multiply; and at 3+ players the search's opponents already play the greedy bot's turns.

What it knows: reads 2-player game records (``patrician arena --players hard,hard --records DIR``) and,
before every turn where the opponent of the seat to move still holds starting cards that seat has not seen,
weighs every guess of them from that seat's view and the public history. It prints, per model, the mean
information gained about the opponent's true cards over a uniform guess (bits: log2 of the probability the
beliefs give the truth less log2 of the uniform one, with a 95% interval; above 0 the model knows something),
how often the truth is the single likeliest guess (against a uniform pick), and the CPU time of one weighing.

    python bench/beliefs.py DIR --models 0.25,0.5:0.5,1:0.5:card

A model is ``BETA[:NOISE[:card]]``: softmax sharpness, share of turns taken as uniformly random, and whether
only the choice of card is modelled. Against greedy players it knows a lot; against Hard it knows nothing
(docs/bots.md), so no level weighs its guesses with it.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # bench/net.py would hide net

from patrician_qt.bots.base import History, turn_number  # noqa: E402
from patrician_qt.bots.determinize import Determinizer  # noqa: E402
from patrician_qt.bots.greedy import Indices, Lookahead, advantage, turn_options  # noqa: E402
from patrician_qt.engine import (  # noqa: E402
    CARDS,
    PLOTS,
    RecordError,
    View,
    cards_in_play,
    cities_in_play,
    from_deal,
    read_record,
    replay_turn,
    start_state,
    view_for,
)
from patrician_qt.engine.cards import CARD_INDEX, CITY_INDEX, N_HAND  # noqa: E402
from patrician_qt.engine.errors import IllegalTurn  # noqa: E402
from patrician_qt.engine.rules import apply, make_turn  # noqa: E402

#: a seat and the turn it played, as engine indices
SeatTurn = tuple[int, Indices]
#: at most this many guesses are weighed (C(13, 3) = 286 is the most two players can have)
MAX_GUESSES = 400


def past_turns(history: History) -> list[SeatTurn] | None:
    """Every turn of the history as (seat, indices), in order; None if the history is not a turn-by-turn one."""
    turns: list[SeatTurn] = []
    current: list[Any] | None = None  # [seat, card, [plots], relocate, take]

    def close() -> None:
        if current is not None:
            seat, card, plots, relocate, take = current
            turns.append((seat, (card, tuple(plots), relocate, take)))

    try:
        for ev in history:
            kind = ev.get("e")
            if kind == "played":
                close()
                current = [int(ev["seat"]), CARD_INDEX[ev["card"]], [], None, -1]
            elif kind in ("built", "relocated", "took"):
                if current is None or int(ev["seat"]) != current[0]:
                    return None
                if kind == "built":
                    current[2].append(PLOTS.index(ev["plot"]))
                elif kind == "relocated":
                    current[3] = (CITY_INDEX[ev["city"]], PLOTS.index(ev["from"]))
                else:
                    current[4] = CITY_INDEX[ev["city"]]
    except (KeyError, ValueError, TypeError, AttributeError):
        return None
    close()
    return turns


def _deal(view: View, history: History, me: int, guess_cards: Sequence[str]) -> dict[str, Any] | None:
    """The deal the history started from, the opponent's unknown cards taken as ``guess_cards``; None if it
    cannot be told (a history that misses the start)."""
    n = len(view["players"])
    played: list[list[str]] = [[] for _ in range(n)]
    took: list[list[str]] = [[] for _ in range(n)]
    first_taken: dict[str, str] = {}
    laid: list[str] = []
    for ev in history:
        kind = ev.get("e")
        if kind == "played":
            played[ev["seat"]].append(ev["card"])
        elif kind == "took":
            took[ev["seat"]].append(ev["card"])
            first_taken.setdefault(ev["city"], ev["card"])
        elif kind == "revealed":
            laid.append(ev["card"])
    hands: list[list[str]] = []
    for seat in range(n):
        now = list(view["hand"]) if seat == me else list(guess_cards)
        if seat != me:  # what it took and has not played is in its hand as well (known_holdings)
            now += [c for c in took[seat] if c not in played[seat]]
        start = [c for c in [*played[seat], *now] if c not in took[seat]]
        if len(start) != N_HAND or len(set(start)) != N_HAND:
            return None
        hands.append(sorted(start))
    board: dict[str, str] = {}
    for name in cities_in_play(n):
        card = first_taken.get(name) or view["cities"][name]["card"]
        if card is None:
            return None
        board[name] = card
    dealt = {c for h in hands for c in h} | set(board.values()) | set(laid)
    rest = [c for c in cards_in_play(n) if c not in dealt]
    return {"hands": hands, "board": board, "deck": laid + rest}


class Beliefs:
    """The guesses of one opponent's unknown starting cards and the log of each one's likelihood."""

    __slots__ = ("guesses", "log_weights")

    def __init__(self, guesses: list[tuple[int, ...]], log_weights: list[float]) -> None:
        self.guesses = guesses
        self.log_weights = log_weights


def _position_log_likelihood(
    st: Any, seat: int, hand: tuple[int, ...], played: Indices, beta: float, noise: float, by_card: bool
) -> float:
    """log P(``played`` | the seat held ``hand``): with probability ``noise`` a uniformly random choice, else a
    softmax of β × the greedy advantage (over its legal turns, or with ``by_card`` over the cards in hand, each
    by its best turn; only the card then tells anything)."""
    st.hands[seat] = hand
    opts = turn_options(st)
    look = Lookahead(st)
    card, build = played[0], played[1]
    rest = played[2:]
    zeros = build.count(0)
    scores: dict[Any, float] = {}
    mine = None
    for o in opts:
        a = beta * advantage(look.values_after(o), seat)
        if by_card:
            if a > scores.get(o[0], -math.inf):
                scores[o[0]] = a
        else:
            scores[o] = a
            if o[0] == card and o[2:] == rest and len(o[1]) == len(build) and o[1].count(0) == zeros:
                mine = a  # the turn played (a build that ends alike is listed once, in either order)
    if by_card:
        mine = scores.get(card)
    if mine is None:  # not legal with this hand: impossible (cannot happen with a consistent replay)
        return -math.inf
    top = max(scores.values())
    p = math.exp(mine - top) / sum(math.exp(a - top) for a in scores.values())
    return math.log(noise / len(scores) + (1.0 - noise) * p)


def opponent_beliefs(
    view: View, history: History, pool_star: Sequence[int], known: Sequence[int], slots: int, beta: float,
    noise: float = 0.0, by_card: bool = False,
) -> Beliefs | None:
    """The weighted guesses of the one opponent's ``slots`` unknown cards among ``pool_star``; None when the
    history does not allow a replay, or there is nothing to tell apart."""
    me = view["seat"]
    if me is None or len(view["players"]) != 2 or slots < 1 or len(pool_star) <= slots:
        return None
    opp = 1 - me
    guesses = list(combinations(sorted(pool_star), slots))
    if len(guesses) > MAX_GUESSES:
        return None
    turns = past_turns(history)
    if turns is None or not turns or len(turns) != turn_number(view):
        return None
    filler = guesses[0]
    deal = _deal(view, history, me, [CARDS[c].id for c in filler])
    if deal is None:
        return None
    try:
        st = from_deal(list(view["players"][s]["name"] for s in range(2)), deal)
    except (RecordError, ValueError):
        return None
    before: list[tuple[Any, tuple[int, ...], Indices]] = []  # the opponent's positions, its hand less the guess
    try:
        for seat, idx in turns:
            if st.over or st.to_move != seat:
                return None
            if seat == opp:
                pos = st.clone()
                pos.deck = ()  # like the greedy bot: no guess of the card laid after the draw (R18)
                pos.deck_pos = 0
                before.append((pos, tuple(c for c in st.hands[opp] if c not in filler), idx))
            st, _ = apply(st, make_turn(*idx))
    except (IllegalTurn, ValueError, KeyError):
        return None
    if sorted(st.hands[me]) != sorted(CARD_INDEX[c] for c in view["hand"]) or sorted(st.hands[opp]) != sorted(
        (*known, *filler)
    ):
        return None
    for name, city in view["cities"].items():
        c = CITY_INDEX[name]
        if list(st.towers[2 * c]) != list(city["towers"][0]) or list(st.towers[2 * c + 1]) != list(city["towers"][1]):
            return None
    log_weights = []
    for guess in guesses:
        total = 0.0
        for pos, kept, idx in before:
            total += _position_log_likelihood(pos.clone(), opp, kept + guess, idx, beta, noise, by_card)
        log_weights.append(total)
    if max(log_weights) == -math.inf:
        return None
    return Beliefs(guesses, log_weights)


def parse_model(text: str) -> tuple[float, float, bool]:
    """``BETA[:NOISE[:card]]`` as (beta, noise, by_card)."""
    parts = text.split(":")
    return float(parts[0]), float(parts[1]) if len(parts) > 1 and parts[1] else 0.0, "card" in parts[2:]


def main(argv: list[str] | None = None) -> int:
    """Weigh the guesses at every position of the records, print one line per model."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", type=Path, help="a folder of 2-player .patrician.json records")
    ap.add_argument("--models", default="0.25,0.5:0.5,1:0.5:card", help="comma-separated BETA[:NOISE[:card]]")
    args = ap.parse_args(argv)
    models = args.models.split(",")
    bits: dict[str, list[float]] = {m: [] for m in models}
    top: dict[str, float] = dict.fromkeys(models, 0.0)
    cpu: dict[str, list[float]] = {m: [] for m in models}
    uniform_top = 0.0
    files = sorted(args.records.glob("*.patrician.json"))
    for f in files:
        record = read_record(f.read_bytes())
        if len(record.players) != 2:
            continue
        state = start_state(record)
        history: list[dict[str, object]] = []
        for i, raw in enumerate(record.turns):
            seat = state.to_move
            opp = 1 - seat
            view = view_for(state, seat)
            det = Determinizer(view, history)
            truth = tuple(sorted(c for c in state.hands[opp] if c not in det.known[opp]))
            for m in models:
                beta, noise, by_card = parse_model(m)
                t0 = time.process_time()
                beliefs = opponent_beliefs(view, history, det.pool_star, det.known[opp], det.slots[opp], beta,
                                           noise, by_card)
                if beliefs is None:
                    continue
                cpu[m].append(time.process_time() - t0)
                lw = beliefs.log_weights
                best = max(lw)
                log_z = best + math.log(sum(math.exp(x - best) for x in lw))
                k = beliefs.guesses.index(truth)
                bits[m].append((lw[k] - log_z) / math.log(2) + math.log2(len(lw)))
                top[m] += (lw[k] == best) / lw.count(best)
                if m == models[0]:
                    uniform_top += 1 / len(lw)
            state, events = replay_turn(state, i, raw)
            history.extend(events)
    print(f"{len(files)} records; each seat weighing its opponent's unknown starting cards before its turns")
    for m in models:
        xs = bits[m]
        if not xs:
            print(f"{m}: no position to weigh")
            continue
        mean = statistics.fmean(xs)
        half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
        ts = sorted(cpu[m])
        print(f"{m}: {len(xs)} positions, {mean:+.3f} ± {half:.3f} bits over uniform, the truth the likeliest "
              f"{top[m] / len(xs):.1%} (uniform {uniform_top / len(xs):.1%}), "
              f"CPU median {statistics.median(ts) * 1000:.1f} ms, longest {ts[-1] * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
