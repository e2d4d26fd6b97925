"""Whether the review's measure means something: does the win chance it says a level loses per turn rank the
bot levels Random > Easy > Medium > Hard > Expert, and how often is its best turn the one Expert played?

    python bench/review_levels.py [--games 50] [--budget fast] [--opponent medium] [--turns 24] [--seed 7]
        [--levels random,easy,medium,hard,expert] [--jobs 2] [--log FILE] [--records DIR]
    python bench/review_levels.py --tally LOG...      # the summary of logs, also of runs that stopped
    python bench/review_levels.py --floor 10 --levels expert --records DIR   # the measure's own noise

Each level plays ``--games`` 2-player games against the same fixed opponent (Medium by default), the seats
alternating, the deals and the bots' seeds those of ``patrician arena --seed`` (game g of every level is the
same deal, so the levels are measured on the same positions where they reach them). Only the level's seat is
reviewed (``review_game``), from its own information set like any review. ``--turns N`` stops each game
after its first N turns (both seats'): the review of a turn needs nothing after it, so this measures the
same thing on fewer turns, and it spares the long pole, Expert's own search (two parts of 16,000 iterations
a turn); 0 plays whole games.

Per level: the mean over games of the per-game mean **lead** of the best turn found per turn (the review's
unbiased estimate of the win chance lost, which may be below zero; forced turns left out), with a 95% interval
over games (normal approximation), which orders the levels; the same for the win chance lost as the verdicts
take it (the lead, not below zero) and for the estimate before the lead (best found minus played over both
searches together, recomputed from the same searches, so the two differ by the estimator alone); the same for the
margin lost (points of score, best found minus played), which does not saturate when a game is already
lost or won; the win chance lost over the "open" turns only (where the best turn found wins between 5% and
95% of the guesses); and how often the
review's best turn is the turn the level played (for Expert: how often the review agrees with Expert's own
choice), with a Wilson 95% interval over turns.

``--floor G`` measures what the review says of its own best turns: in the first G games of each level (played or
taken from ``--records``), every turn of the level's seat is judged, then the best turn found is put in the place
of the turn played and judged again with other random sources (another seed). What that turn "loses" (its
lead, the win chance lost, and the estimate before the lead, each turn's kept) is the measure's noise floor
at this budget (a turn the review itself thinks best), and how often the second judgement
names the same best turn is the most any player's agreement can be.

One JSON line per reviewed game (``--log`` keeps them, with the review's ``METHOD``; a run started again with the
same log goes on where it stopped, and lines of another method are left aside), then one per level, then one
JSON object with everything. ``--floor`` also prints the quantiles of the win chance lost by the review's own
best turns (the verdicts' bounds sit above them, ``review/judge.py``). Run under ``nice -n 10`` on a shared machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import multiprocessing
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures_table import Row, when, write_rows  # noqa: E402
from patrician_qt.bots.arena import mean_ci, seating, wilson  # noqa: E402
from patrician_qt.bots.levels import choose_turn  # noqa: E402
from patrician_qt.engine import (  # noqa: E402
    Event,
    Record,
    Turn,
    apply,
    new_game,
    new_record,
    read_record,
    view_for,
    write_record,
)
from patrician_qt.review.game_review import review_game  # noqa: E402
from patrician_qt.review.judge import MIDDLE, VERDICTS, judge, parse_budget, verdict_for  # noqa: E402
from patrician_qt.review.method import METHOD  # noqa: E402
from patrician_qt.review.moments import moments  # noqa: E402

LEVELS = ("random", "easy", "medium", "hard", "expert")
#: a turn is "open" when the best turn found wins at least this share of the guesses and at most 1 minus it
OPEN_BOUND = 0.05


def play(level: str, opponent: str, game: int, seed: int, turns: int, players: int = 2) -> tuple[Record, int]:
    """Game ``game`` of ``level`` against ``players - 1`` of ``opponent`` as ``patrician arena --seed`` deals and
    seats it, stopped after ``turns`` turns (0: the whole game); and the seat the level played (the first seat
    when a level meets itself)."""
    names = seating([level] + [opponent] * (players - 1), game)
    n = len(names)
    named = [f"{name} ({s})" for s, name in enumerate(names)]
    state = new_game(named, random.Random(f"arena:{seed}:{game // n}"))
    record = new_record(state, meta={"arena": {"bots": names, "seed": seed, "game": game}})
    history: list[Event] = []
    bot_seed = random.Random(f"arena-bots:{seed}:{game}").randrange(2**31)
    while not state.over and (turns <= 0 or len(record.turns) < turns):
        seat = state.to_move
        turn = choose_turn(names[seat], seat, view_for(state, seat), history, bot_seed + seat)
        state, events = apply(state, turn)
        history.extend(events)
        record.turns.append({"seat": seat, **turn})
    return record, names.index(level)


def _record(args: argparse.Namespace, level: str, game: int) -> tuple[Record, int]:
    """The game's record, from ``--records`` when it was played before (playing Expert is the slow part)."""
    folder = Path(args.records) if args.records else None
    many = "" if args.players == 2 else f"-p{args.players}"  # 2-player records keep the names they had
    name = f"{level}-{args.opponent}{many}-s{args.seed}-g{game}-t{args.turns}.patrician.json"
    path = folder / name if folder else None
    if path is not None and path.is_file():
        seats = seating([level] + [args.opponent] * (args.players - 1), game)
        return read_record(path.read_text(encoding="utf-8")), seats.index(level)
    record, seat = play(level, args.opponent, game, args.seed, args.turns, args.players)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_record(record), encoding="utf-8")
    return record, seat


def one_game(task: tuple[argparse.Namespace, str, int]) -> dict[str, Any]:
    """Play and review one game of a level; its line of figures (top level, so a worker process can run it)."""
    args, level, game = task
    t0 = time.perf_counter()
    record, seat = _record(args, level, game)
    played_s = time.perf_counter() - t0
    review = review_game(record, {seat}, parse_budget(args.budget), seed=args.seed, workers=1)
    judged = [t for t in review["turns"] if not t["forced"]]
    opened = [t for t in judged if OPEN_BOUND <= t["win_best"] <= 1 - OPEN_BOUND]
    return {
        "level": level, "game": game, "seat": seat, "budget": args.budget, "opponent": args.opponent, "method": METHOD,
        "seed": args.seed, "turns_cap": args.turns, "judged": len(judged),
        "loss": [t["loss"] for t in judged], "lead": [t["lead"] for t in judged],
        # the estimate before the lead (the best over all guesses minus the turn played), from the same playouts
        "naive_loss": [round(max(0.0, t["win_best"] - t["win_played"]), 4) for t in judged],
        "margin_lost": [round(t["margin_best"] - t["margin_played"], 2) for t in judged],
        "open_loss": [t["loss"] for t in opened],
        "agree": sum(1 for t in judged if t["played"] == t["best"]),
        "play_s": round(played_s, 1), "review_s": round(time.perf_counter() - t0 - played_s, 1),
    }


def _floor_game(args: argparse.Namespace, level: str, game: int) -> dict[str, Any]:
    """One game's floor: per judged turn of the level's seat, its index in the game, what the review's own best
    turn loses and its lead when judged again, the estimate before the lead, and whether the best is named again."""
    budget = parse_budget(args.budget)
    record, seat = _record(args, level, game)
    turns: list[dict[str, Any]] = []
    for moment in moments(record, {seat}):
        first = judge(moment, budget, args.seed + 1000)
        if first.forced:
            continue
        again = judge(dataclasses.replace(moment, played=Turn.from_map(first.best)), budget, args.seed + 2000)
        turns.append({"index": moment.index, "loss": round(again.loss, 4), "lead": round(again.lead, 4),
                      "naive": round(max(0.0, again.best_outcome.win - again.played_outcome.win), 4),
                      "same": again.best == first.best})
    return {"level": level, "game": game, "floor": True, "method": METHOD, **_floor_setting(args),
            "game_turns": len(record.turns), "turns": turns}


def _floor_setting(args: argparse.Namespace) -> dict[str, Any]:
    return {"budget": args.budget, "opponent": args.opponent, "seed": args.seed, "turns_cap": args.turns,
            "players": args.players}


def _quantiles(turns: list[dict[str, Any]]) -> dict[str, Any]:
    """The quantiles of a turn's win chance lost, and the shares of turns the verdicts call an inaccuracy or worse
    and a mistake or worse (by the bounds of each turn's place in its game; the margin only ever turns "best"
    into "good", so the loss alone says it)."""
    losses = [t["loss"] for t in turns]
    every = sorted(losses) or [0.0]
    found = {f"q{q}": round(every[min(len(every) - 1, int(q / 100 * len(every)))], 4) for q in (50, 90, 95)}
    words = [verdict_for(t["loss"], turn=t["index"]) for t in turns]
    share = {f"{word}_or_worse": round(sum(w in VERDICTS[i:] for w in words) / max(1, len(words)), 4)
             for i, word in enumerate(VERDICTS) if word in ("inaccuracy", "mistake")}
    return found | {"max": round(every[-1], 4), "turns": len(losses)} | share


def floor(args: argparse.Namespace) -> dict[str, Any]:
    """The review's verdict on its own best turns, judged again with other random sources (see the docstring).
    With ``--log`` each game's line is kept and a run started again goes on where it stopped (lines of another
    method or setting are left aside)."""
    log = Path(args.log) if args.log else None
    setting = _floor_setting(args)
    kept = {(line["level"], line["game"]): line for line in (_read_log(log) if log else [])
            if line.get("floor") and line.get("method") == METHOD
            and all(line.get(k, 2 if k == "players" else None) == v for k, v in setting.items())}
    lines = []
    load_before = [round(x, 2) for x in os.getloadavg()]
    for level in [lv.strip() for lv in args.levels.split(",") if lv.strip()]:
        for game in range(args.floor):
            line = kept.get((level, game))
            if line is None:
                line = _floor_game(args, level, game)
                if log:
                    with log.open("a", encoding="utf-8") as f:
                        f.write(json.dumps(line) + "\n")
            lines.append(line)
            mine = line["turns"]
            print(json.dumps({"level": level, "game": game, "turns": len(mine), "game_turns": line["game_turns"],
                              "mean_loss": round(_mean([t["loss"] for t in mine]) or 0.0, 4),
                              "losses": [t["loss"] for t in mine]}), flush=True)
    return summarise_floor(lines, args) | {"load": [*load_before, *(round(x, 2) for x in os.getloadavg())]}


def summarise_floor(lines: list[dict[str, Any]], args: argparse.Namespace) -> dict[str, Any]:
    """Per-game means with 95% intervals, the quantiles of a turn's win chance lost (all turns, and apart the
    opening, the middle where the verdicts' bounds are wider, ``MIDDLE``, and the end), and how often the same
    best turn is named again."""
    games = [line["turns"] for line in lines if line["turns"]]
    every = [t for turns in games for t in turns]
    same = sum(t["same"] for t in every)
    lo, hi = wilson(same, len(every))
    return {"floor": _interval([_mean([t["loss"] for t in g]) or 0.0 for g in games], 4),
            "floor_lead": _interval([_mean([t["lead"] for t in g]) or 0.0 for g in games], 4),
            "floor_naive": _interval([_mean([t["naive"] for t in g]) or 0.0 for g in games], 4),
            "loss_quantiles": _quantiles(every),
            "opening_quantiles": _quantiles([t for t in every if t["index"] < MIDDLE.start]),
            "middle_quantiles": _quantiles([t for t in every if t["index"] in MIDDLE]),
            "end_quantiles": _quantiles([t for t in every if t["index"] >= MIDDLE.stop]),
            "turns": len(every), "games": len(games), "levels": args.levels,
            "same_best": round(same / len(every), 4) if every else None,
            "same_best_ci95": [round(lo, 4), round(hi, 4)], **_floor_setting(args)}


def _mean(xs: list[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def _interval(xs: list[float], places: int) -> dict[str, Any]:
    m, half = mean_ci(xs)
    return {"mean": round(m, places), "ci95": [round(m - half, places), round(m + half, places)]}


def summarise(lines: list[dict[str, Any]]) -> dict[str, Any]:
    """Per level: the means over games with 95% intervals, the open turns' loss, the agreement; and the order.
    A game met twice (two logs, two processes) counts once."""
    seen: set[tuple[Any, ...]] = set()
    once = []
    for line in lines:
        key = (line["level"], line["game"], line["budget"], line["opponent"], line["seed"], line["turns_cap"])
        if key not in seen:
            seen.add(key)
            once.append(line)
    lines = once
    levels: dict[str, Any] = {}
    for level in dict.fromkeys(line["level"] for line in lines):
        mine = [line for line in lines if line["level"] == level and line["judged"]]
        per_game = [m for m in (_mean(line["loss"]) for line in mine) if m is not None]
        leads = [m for m in (_mean(line.get("lead", [])) for line in mine) if m is not None]
        naive = [m for m in (_mean(line.get("naive_loss", [])) for line in mine) if m is not None]
        margins = [m for m in (_mean(line["margin_lost"]) for line in mine) if m is not None]
        opened = [m for m in (_mean(line["open_loss"]) for line in mine) if m is not None]
        judged = sum(line["judged"] for line in mine)
        agree = sum(line["agree"] for line in mine)
        lo, hi = wilson(agree, judged)
        levels[level] = {
            "games": len(mine), "turns": judged,
            "loss": _interval(per_game, 4), "margin_lost": _interval(margins, 2),
            "lead": _interval(leads, 4) if leads else None,
            "naive_loss": _interval(naive, 4) if naive else None,
            "open_loss": _interval(opened, 4), "open_turns": sum(len(line["open_loss"]) for line in mine),
            "agree": round(agree / judged, 4) if judged else None, "agree_ci95": [round(lo, 4), round(hi, 4)],
            "play_s": round(sum(line["play_s"] for line in mine), 1),
            "review_s": round(sum(line["review_s"] for line in mine), 1),
        }
    known = [lv for lv in LEVELS if lv in levels]
    by_loss = sorted(known, key=lambda lv: -levels[lv]["loss"]["mean"])
    by_margin = sorted(known, key=lambda lv: -levels[lv]["margin_lost"]["mean"])
    # the ranking's figure: the unbiased lead where the log has it (older logs: the win chance lost)
    figure = "lead" if known and all(levels[lv]["lead"] for lv in known) else "loss"
    by_figure = sorted(known, key=lambda lv: -levels[lv][figure]["mean"])
    return {"levels": levels, "order_by_loss": by_loss, "order_by_margin": by_margin, "ranked_by": figure,
            "order": by_figure, "expected_order": by_figure == known, "separated": _separated(levels, known, figure)}


def _separated(levels: dict[str, Any], known: list[str], figure: str) -> list[str]:
    """Each neighbouring pair in the expected order whose 95% intervals of the figure do not overlap."""
    out = []
    for weaker, stronger in itertools.pairwise(known):
        if levels[weaker][figure]["ci95"][0] > levels[stronger][figure]["ci95"][1]:
            out.append(f"{weaker}>{stronger}")
    return out


def _read_log(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    return [json.loads(raw) for raw in path.read_text(encoding="utf-8").splitlines() if raw.strip()]


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Play and review every game not yet in the log, game by game across the levels (so that a run stopped
    early still has about as many games of each level), and summarise."""
    log = Path(args.log) if args.log else None
    same = {"budget": args.budget, "opponent": args.opponent, "seed": args.seed, "turns_cap": args.turns}
    lines = [line for line in (_read_log(log) if log else [])
             if all(line.get(k) == v for k, v in same.items()) and line.get("method") == METHOD]
    done = {(line["level"], line["game"]) for line in lines}
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    todo = [(args, lv, g) for g in range(args.first_game, args.games) for lv in levels if (lv, g) not in done]
    load_before = [round(x, 2) for x in os.getloadavg()]
    t0 = time.perf_counter()

    def keep(line: dict[str, Any]) -> None:
        lines.append(line)
        lists = ("loss", "lead", "naive_loss", "margin_lost", "open_loss")
        print(json.dumps({k: v for k, v in line.items() if k not in lists}
                         | {"mean_loss": round(_mean(line["loss"]) or 0.0, 4),
                            "mean_lead": round(_mean(line["lead"]) or 0.0, 4)}), flush=True)
        if log:
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(line) + "\n")

    if args.jobs > 1 and len(todo) > 1:
        with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            for line in pool.map(one_game, todo, chunksize=1):
                keep(line)
    else:
        for task in todo:
            keep(one_game(task))
    out = summarise([line for line in lines if line["level"] in levels and line["game"] < args.games])
    out.update(same, games_per_level=args.games, seconds=round(time.perf_counter() - t0, 1),
               load_before=load_before, load_after=[round(x, 2) for x in os.getloadavg()],
               cpus=os.cpu_count())
    return out


def _ci(x: dict[str, Any] | None, fmt: str = ".3f") -> str:
    if not x:
        return "–"
    return f"{x['mean']:{fmt}} ({x['ci95'][0]:{fmt}}–{x['ci95'][1]:{fmt}})"


def table(out: dict[str, Any]) -> str:
    """The summary as the Markdown table of docs/bots.md."""
    rows = ["| level | games | turns | win chance lost per turn, unbiased lead (95%) | the same, as the verdicts "
            "take it (not below 0) | margin lost, points (95%) | best found = turn played |",
            "|---|---|---|---|---|---|---|"]
    for level, s in out["levels"].items():
        rows.append(
            f"| {level.capitalize()} | {s['games']} | {s['turns']} | {_ci(s['lead'])} | {_ci(s['loss'])} "
            f"| {_ci(s['margin_lost'], '.2f')} | {100 * (s['agree'] or 0):.0f}% ({100 * s['agree_ci95'][0]:.0f}–"
            f"{100 * s['agree_ci95'][1]:.0f}%) |")
    return "\n".join(rows)


def rows(out: dict[str, Any], stamp: str) -> list[Row]:
    """The figures table's row of this bench: the win chance lost per turn of each level (the figure it ranks
    by), and the agreement with Expert's own choice."""
    levels = out["levels"]
    key = out.get("ranked_by", "loss")
    figure = " · ".join(f"{lv.capitalize()} {_ci(s[key])}" for lv, s in levels.items())
    order = " > ".join(lv.capitalize() for lv in out.get("order", out["order_by_loss"]))
    figure += f"; order {order}"
    if out.get("separated"):
        figure += f"; intervals apart: {', '.join(out['separated'])}"
    if "expert" in levels and levels["expert"]["agree"] is not None:
        figure += f"; the review's best turn is Expert's own in {100 * levels['expert']['agree']:.0f}% of its turns"
    games = min(s["games"] for s in levels.values()) if levels else 0
    measure = ("the cross-fitted lead of the best turn found, by two measuring searches" if key == "lead"
               else "max(0, best found − played)")
    what = (f"the review's win chance lost per turn ({measure}), by level (2 p, {games} games each against "
            f"{out.get('opponent', 'medium').capitalize()}, the level's turns of the first {out.get('turns_cap')} "
            f"of each game; 95% intervals)")
    how = (f"`bench/review_levels.py --games {out.get('games_per_level', games)} --turns {out.get('turns_cap')} "
           f"--budget {out.get('budget')} --seed {out.get('seed')}`, {stamp} (docs/bots.md)")
    target = "Random > Easy > Medium > Hard > Expert" + ("" if out.get("expected_order") else ": **not met**")
    return [Row("review_levels.ranking", what, figure, target, how)]


#: the figures table's row of each floor measured: (players, turns cap) -> the row's name
FLOOR_ROWS = {(2, 12): "review_levels.floor", (2, 0): "review_levels.floor_2p_whole",
              (3, 0): "review_levels.floor_3p_whole", (4, 0): "review_levels.floor_4p_whole"}


def _q(q: dict[str, Any]) -> str:
    return (f"median {q['q50']:.3f}, 90% {q['q90']:.3f}, 95% {q['q95']:.3f}, max {q['max']:.3f}; an inaccuracy or "
            f"worse {100 * q['inaccuracy_or_worse']:.0f}%, a mistake or worse {100 * q['mistake_or_worse']:.1f}%")


def floor_rows(out: dict[str, Any], stamp: str) -> list[Row]:
    """The figures table's row of the noise floor: what the review's own best turns lose when judged again."""
    key = FLOOR_ROWS.get((out["players"], out["turns_cap"]))
    if key is None:
        raise SystemExit(f"no row of the figures table for {out['players']} players, --turns {out['turns_cap']}")
    figure = (f"win chance lost {_ci(out['floor'])} per turn, lead {_ci(out['floor_lead'])}; quantiles of a turn's: "
              f"{_q(out['loss_quantiles'])}")
    if out["turns_cap"] == 0 or out["turns_cap"] > MIDDLE.start:
        parts = (("turns 1–12", "opening"), (f"turns 13–{MIDDLE.stop}", "middle"),
                 (f"from turn {MIDDLE.stop + 1}", "end"))
        figure += " (" + "; ".join(f"{label}, {q['turns']} turns: 95% {q['q95']:.3f}, max {q['max']:.3f}, an "
                                   f"inaccuracy or worse {100 * q['inaccuracy_or_worse']:.0f}%, a mistake or worse "
                                   f"{100 * q['mistake_or_worse']:.1f}%"
                                   for label, key in parts if (q := out[f"{key}_quantiles"])["turns"]) + ")"
    figure += f"; the same best turn named again in {100 * (out['same_best'] or 0):.0f}% of {out['turns']} turns"
    levels = out["levels"].split(",")
    who = " and ".join(lv.strip().capitalize() for lv in levels)
    turns = "whole games" if out["turns_cap"] == 0 else f"the first {out['turns_cap']} turns"
    what = (f"the review's noise floor: its own best turns judged again with other random sources ({out['players']} p, "
            f"{out['games']} games of {who} against {out['opponent'].capitalize()}, {turns})")
    how = (f"`bench/review_levels.py --floor {out['games'] // max(1, len(levels))} --levels {out['levels']} "
           f"--players {out['players']} --turns {out['turns_cap']} --opponent {out['opponent']} "
           f"--budget {out['budget']} --seed {out['seed']}`, {stamp} (docs/bots.md)")
    return [Row(key, what, figure, "below the verdicts' bounds (review/judge.py)", how)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--budget", default="fast", help="the review's budget (fast, default, deep, ITER:SAMPLES)")
    parser.add_argument("--opponent", default="medium")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4, 5),
                        help="the level and players - 1 opponents (--floor only; the ranking is of 2-player games)")
    parser.add_argument("--turns", type=int, default=24, help="stop each game after this many turns (0: whole)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--first-game", type=int, default=0, metavar="N", help="start at game N (another process "
                        "may play the games before it)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--log", default=None, help="JSON lines of the reviewed games (kept; a run goes on)")
    parser.add_argument("--records", default=None, help="folder to keep the games' records in (and reuse)")
    parser.add_argument("--tally", nargs="+", default=None, metavar="LOG", help="play nothing: the summary of logs")
    parser.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the row there")
    parser.add_argument("--floor", type=int, default=0, metavar="G", help="the measure's noise in G games a level")
    parser.add_argument("--when", default=None, help="with --tally --write: when the logged run was, and its load")
    args = parser.parse_args(argv)
    parse_budget(args.budget)
    if args.floor:
        found = floor(args)
        print(json.dumps(found))
        if args.write:
            write_rows(args.write, floor_rows(found, args.when or when(found["load"])))
        return 0
    if args.tally:
        lines = [line for name in args.tally for line in _read_log(Path(name))]
        out = summarise(lines)
        first = lines[0] if lines else {}
        out.update({k: first.get(k) for k in ("budget", "opponent", "seed", "turns_cap")},
                   games_per_level=max((line["game"] + 1 for line in lines), default=0))
    else:
        out = run(args)
    print(table(out))
    print(json.dumps(out))
    if args.write:
        stamp = args.when or (when([*out["load_before"], *out["load_after"]]) if "load_before" in out else when())
        write_rows(args.write, rows(out, stamp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
