"""Root-parallel search (Expert): a turn depends only on (seed, seat, turn, view, history), never on scheduling."""

from __future__ import annotations

import asyncio
import copy
import json
import math
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from patrician_qt.bots import LEVELS, PLAYER_LEVELS
from patrician_qt.bots.arena import main as arena_main
from patrician_qt.bots.levels import EXPERT_EVALUATIONS, EXPERT_PARTS, TO_THE_END, choose_turn, normalize, search_plan
from patrician_qt.bots.parallel import close_shared_pool, combine, search_part
from patrician_qt.bots.runner import BotRunner
from patrician_qt.engine import apply
from patrician_qt.engine.rules import make_turn

from .helpers import positions

SPEC = "ismcts:120:::parts=2"  # Expert's scheme at a test's budget


@pytest.fixture(autouse=True)
def _no_pool_left() -> Iterator[None]:
    """The in-process helpers are stopped after each test (the leak check counts them)."""
    yield
    close_shared_pool()


def test_expert_is_root_parallel_with_a_fixed_budget_per_part() -> None:
    """Two parts a turn; each part's budget is iterations at 2 players and evaluations from 3 on, several times
    Hard's."""
    for n in (2, 3, 4, 5):
        cfg, parts = search_plan("expert", n, None)
        hard, hard_parts = search_plan("hard", n, None)
        assert parts == EXPERT_PARTS == 2 and hard_parts == 1
        assert cfg.time_s == 5.5  # the budget decides; the cap is a safety net
        if n == 2:
            assert (cfg.iterations, cfg.evaluations, cfg.playout_eps) == (16000, 0, 0.0)
            assert hard.iterations < cfg.iterations
        else:
            assert (cfg.evaluations, cfg.iterations, cfg.playout_depth, cfg.playout_eps, cfg.exploration) == (
                EXPERT_EVALUATIONS, EXPERT_EVALUATIONS // 5, TO_THE_END, 1.0, 0.4)
            assert hard.evaluations * 2 < cfg.evaluations


def test_hard_is_one_quick_search_at_every_player_count() -> None:
    """Hard: 1,500 iterations of random playouts at 2 players; from 3 players on, playouts of one round of greedy
    turns (every other seat replies once) within 10,000 heuristic evaluations, with less exploration."""
    cfg, parts = search_plan("hard", 2, None)
    assert (cfg.iterations, parts, cfg.time_s, cfg.exploration, cfg.playout_eps) == (1500, 1, 2.0, 0.7, 0.0)
    for n in (3, 4, 5):
        cfg, parts = search_plan("hard", n, None)
        assert (cfg.evaluations, cfg.iterations, parts, cfg.time_s, cfg.exploration) == (10000, 2000, 1, 2.0, 0.4)
        assert (cfg.playout_depth, cfg.playout_eps) == (n - 1, 1.0)


#: Expert's scheme from 3 players on at a test's budget: greedy playouts to the end within an evaluation budget
MULTI_SPEC = f"ismcts:400:{TO_THE_END}:0.4:eps=1/evals=2500/parts=2"


@pytest.mark.parametrize("spec", [SPEC, MULTI_SPEC])
def test_a_parallel_turn_is_reproducible_from_its_seed(spec: str) -> None:
    """The same inputs give the same turn, and it is the turn of the parts run one after another here."""
    for k, (state, view, history) in enumerate(positions(6, seed=71)):
        seat = view["seat"]
        a = choose_turn(spec, seat, view, history, seed=k)  # part 1 in a helper process
        b = choose_turn(spec, seat, copy.deepcopy(view), copy.deepcopy(history), seed=k)
        cfg, parts = search_plan(spec, len(view["players"]), None)
        here = [search_part(spec, view, history, k, p, cfg) for p in range(parts)]
        assert a == b == make_turn(*combine(here)).to_map()
        apply(state, a)


def test_each_part_is_deterministic_and_seeded_apart() -> None:
    """A part repeats itself exactly; the two parts explore differently (their own seeds)."""
    differ = 0
    for _, view, history in positions(6, seed=72, players=(2, 4)):
        cfg, _ = search_plan(SPEC, len(view["players"]), None)
        p0 = search_part(SPEC, view, history, 5, 0, cfg)
        assert p0 == search_part(SPEC, copy.deepcopy(view), copy.deepcopy(history), 5, 0, cfg)
        p1 = search_part(SPEC, view, history, 5, 1, cfg)
        assert sum(n for n, _ in p0.values()) == sum(n for n, _ in p1.values()) == cfg.iterations
        differ += p0 != p1
        assert p0 != search_part(SPEC, view, history, 6, 0, cfg) or len(p0) == 1  # the seed is used
    assert differ >= 4


def test_combining_parts_ignores_their_order() -> None:
    _, view, history = next(iter(positions(1, seed=73, players=(3,))))
    cfg, _ = search_plan(SPEC, 3, None)
    parts = [search_part(SPEC, view, history, 9, p, cfg) for p in range(3)]
    best = combine(parts)
    for _ in range(5):
        random.Random(1).shuffle(parts)
        assert combine(parts) == best
    total = {o: sum(p.get(o, (0, 0.0))[0] for p in parts) for o in set().union(*parts)}
    assert total[best] == max(total.values())
    with pytest.raises(ValueError):
        combine([])


def test_the_runner_searches_the_parts_in_its_workers_and_answers_as_in_process() -> None:
    state, view, history = next(iter(positions(1, seed=74, players=(2,))))
    seat = view["seat"]

    async def main() -> tuple[dict, int]:
        runner = BotRunner()
        try:
            turn = await runner.choose(SPEC, seat, view, history, seed=3, deadline_s=60.0)
            pids = {runner.worker_pid, *(h[0].pid for h in runner._helpers)}
            assert runner.fallbacks == 0
            return turn, len(pids - {None})
        finally:
            await runner.close()

    turn, workers = asyncio.run(main())
    assert workers == 2
    assert turn == choose_turn(SPEC, seat, view, history, seed=3)
    apply(state, turn)


def test_the_cheater_can_never_be_chosen_as_a_level(capsys: pytest.CaptureFixture[str]) -> None:
    """The bench's cheater sees the true state: no level name, alias or spec reaches it."""
    for name in ("cheat-expert", "cheat-hard", "cheat-hands-expert", "cheat-hands-hard", "cheater", "cheat"):
        assert name not in LEVELS and name not in PLAYER_LEVELS
        with pytest.raises(ValueError):
            normalize(name)
        _, view, history = next(iter(positions(1, seed=75, players=(2,))))
        with pytest.raises(ValueError):
            choose_turn(name, view["seat"], view, history, seed=1)
    assert arena_main(["--players", "cheat-expert,hard", "--games", "2"]) == 2
    assert "unknown bot level" in capsys.readouterr().err


def test_bad_search_knobs_are_refused() -> None:
    for spec in ("ismcts:100:::peek=1", "ismcts:100:::parts=0", "ismcts:0"):
        with pytest.raises(ValueError):
            normalize(spec)
    assert normalize("ismcts:100:::bias=1,eps=0.1,scale=8,parts=2") == "ismcts:100:::bias=1,eps=0.1,scale=8,parts=2"


@pytest.mark.parametrize(
    "knobs",
    ["bias=1", "eps=0.2", "scale=8", "max=0.5", "mast=0.8", "top=4", "eps=1/evals=400/pw=0.5", "eps=1/sample=3"],
)
def test_experiment_knobs_play_legal_reproducible_turns(knobs: str) -> None:
    for k, (state, view, history) in enumerate(positions(4, seed=76)):
        spec = f"ismcts:60:::{knobs}"
        a = choose_turn(spec, view["seat"], view, history, seed=k)
        assert a == choose_turn(spec, view["seat"], copy.deepcopy(view), copy.deepcopy(history), seed=k)
        apply(state, a)


def test_the_reward_over_a_blend_of_best_and_average_rewards_a_lead_over_the_average() -> None:
    """``max=B``: the margin is over B × the best other seat + (1 − B) × their average; 1 keeps the best alone."""
    from patrician_qt.bots import ismcts
    from patrician_qt.bots.levels import custom_config

    assert custom_config("ismcts:100::0.4:max=0.5", None)[0].reward_max == 0.5
    state = next(iter(positions(1, seed=77, players=(4,))))[0]
    v = ismcts.values(state)
    for s in range(4):
        best = max(x for i, x in enumerate(v) if i != s)
        mean = (sum(v) - v[s]) / 3
        assert ismcts.rewards(state, 4.0)[s] == pytest.approx(1 / (1 + math.exp(-(v[s] - best) / 4)))
        blend = 0.5 * best + 0.5 * mean
        assert ismcts.rewards(state, 4.0, 0.5)[s] == pytest.approx(1 / (1 + math.exp(-(v[s] - blend) / 4)))


def test_top_k_searches_only_the_turns_the_heuristic_rates_best() -> None:
    """``top=K``: the root's statistics hold only the K turns with the best one-turn lookahead; one of them is
    played."""
    import random

    from patrician_qt.bots.determinize import Determinizer
    from patrician_qt.bots.greedy import turn_options
    from patrician_qt.bots.ismcts import root_prior, search
    from patrician_qt.bots.levels import custom_config

    cfg = custom_config("ismcts:300:::top=3", None)[0]
    assert cfg.root_top == 3
    checked = 0
    for _state, view, history in positions(6, seed=79, players=(4,)):
        det = Determinizer(view, history)
        first = det.sample(random.Random(0))
        opts = turn_options(first)
        if len(opts) <= 3:
            continue
        prior = root_prior(first, opts, cfg.reward_scale)
        third = sorted(prior.values(), reverse=True)[2]
        res = search(det, random.Random(1), cfg)
        assert 1 <= len(res.visits) <= 3 and res.best in res.visits
        assert all(prior[o] >= third for o in res.visits)
        checked += 1
    assert checked >= 3


def test_mast_playouts_take_the_turn_with_the_best_mean_so_far() -> None:
    """A turn never taken counts as 0.5: better than a known loser, worse than a known winner."""
    from patrician_qt.bots.greedy import turn_options
    from patrician_qt.bots.ismcts import mast_indices

    state = next(iter(positions(1, seed=78, players=(4,))))[0]
    opts = turn_options(state)
    assert len(opts) >= 3
    stats = {o: [4.0, 0.4] for o in opts}  # every turn known, mean 0.1
    stats[opts[1]] = [2.0, 1.8]  # mean 0.9
    assert mast_indices(state, stats) == opts[1]
    del stats[opts[2]]  # never taken: 0.5 beats the 0.1s, not the 0.9
    assert mast_indices(state, stats) == opts[1]
    stats[opts[1]] = [2.0, 0.2]
    assert mast_indices(state, stats) == opts[2]


def test_an_arena_of_parallel_bots_in_worker_processes_finishes_and_matches_one_process(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each game process stops its helpers before it exits (else its exit would wait for them for ever)."""
    args = ["--players", "ismcts:20:::parts=2,random", "--games", "2"]
    assert arena_main([*args, "--jobs", "2"]) == 0
    two = capsys.readouterr().out.strip().splitlines()[-1]
    assert arena_main([*args, "--jobs", "1"]) == 0
    one = capsys.readouterr().out.strip().splitlines()[-1]
    assert [(b["wins"], b["mean_score"]) for b in json.loads(two)["bots"]] == [
        (b["wins"], b["mean_score"]) for b in json.loads(one)["bots"]]


def test_an_evaluation_budget_stops_greedy_playouts_at_a_count_not_a_clock() -> None:
    """``evals=E``: the search stops at the first iteration once E heuristic evaluations are spent (each leaf one,
    each greedy playout turn one per legal turn it scores), so a crowded position gets fewer iterations; what it
    did is exactly the first iterations of the same search without the budget."""
    from patrician_qt.bots.determinize import Determinizer
    from patrician_qt.bots.ismcts import search
    from patrician_qt.bots.levels import custom_config

    cfg = custom_config("ismcts:100000:3:0.4:eps=1/evals=1500", None)[0]
    assert (cfg.evaluations, cfg.playout_eps, cfg.iterations) == (1500, 1.0, 100000)
    runs = []
    for _state, view, history in positions(8, seed=80, players=(4,)):
        det = Determinizer(view, history)
        res = search(det, random.Random(2), cfg)
        if not res.iterations:
            continue  # a single legal turn is played without a search
        # three greedy turns of at least one evaluation each, and the leaf: at most E / 4 iterations
        assert 1 <= res.iterations <= 1500 // 4 + 1
        same = search(det, random.Random(2), replace(cfg, evaluations=0, iterations=res.iterations))
        assert (same.visits, same.best) == (res.visits, res.best)
        runs.append(res.iterations)
    assert len(set(runs)) >= 3  # the count of iterations follows the positions' number of legal turns
