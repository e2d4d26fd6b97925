"""docs/figures.md holds the current figures in one table whose rows are written by the scripts that measure
them (bench/figures_table.py), each row named by a mark; README shows no figure that is not that table's."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from bench.figures_table import ROW, Row, replace_rows, row_keys, table_lines
from tests.bots.helpers import bench_script
from tests.packaging.helpers import load_packaging_script

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "docs" / "figures.md"
README = ROOT / "README.md"
MARK = re.compile(r"<!-- figure:([\w.]+) -->(.*?)<!-- /figure -->", re.S)
#: rows still typed by hand, because their scripts do not write them yet: this list may only shrink
BY_HAND = {
    "sound.miniaudio", "mutation.scores", "coverage.branches",
}
#: numbers with a unit in README that are not measurements: a designed duration, a confidence level, display scales
NOT_MEASURED = {"170–400 ms", "95%", "100–200 %", "150 %", "200 %"}
MEASURED = re.compile(r"\d[\d,.]*(?:–\d[\d,.]*)?\s?(?:ms|µs|s|MB|MiB|KB|GB|it/s|fps|%)(?![\w/])")


def _script(key: str) -> Path:
    """The script a row's name says writes it: ``engine.games`` bench/engine.py, ``packaging-figures.sizes``
    packaging/figures.py."""
    prefix = key.split(".")[0]
    folder, _, name = prefix.rpartition("-")
    return ROOT / (folder or "bench") / f"{name}.py"


def test_every_row_of_the_table_is_marked_once() -> None:
    text = FIGURES.read_text(encoding="utf-8")
    rows = table_lines(text)
    assert len(rows) >= 20
    unmarked = [line[:60] for line in rows if not ROW.match(line)]
    assert not unmarked, unmarked
    keys = row_keys(text)
    assert len(keys) == len(set(keys)) == len(rows), sorted(k for k in keys if keys.count(k) > 1)


def test_every_row_is_written_by_the_script_its_name_names() -> None:
    """A row's figure is typed once, by the script that measured it; the rows still typed by hand are listed."""
    for key in row_keys(FIGURES.read_text(encoding="utf-8")):
        script = _script(key)
        writes = script.is_file() and f'"{key}"' in script.read_text(encoding="utf-8")
        if key in BY_HAND:
            assert not writes, f"{script.name} writes {key} now: take it off BY_HAND"
        else:
            assert writes, f"no script writes the row {key} ({script.relative_to(ROOT)})"
    assert BY_HAND <= set(row_keys(FIGURES.read_text(encoding="utf-8"))), "a row on BY_HAND is gone: drop it"


def test_readme_shows_only_figures_of_the_table() -> None:
    table = "\n".join(table_lines(FIGURES.read_text(encoding="utf-8")))
    in_table = {m.group(1): m.group(2) for m in MARK.finditer(table)}
    readme = README.read_text(encoding="utf-8")
    shown = {m.group(1): m.group(2) for m in MARK.finditer(readme)}
    assert shown, "README shows the downloads' sizes"
    for key, value in shown.items():
        assert in_table.get(key) == value, f"README says {key} is {value}, the figures table {in_table.get(key)}"
    bare = MARK.sub("", readme)
    typed = [m.group(0) for m in MEASURED.finditer(bare) if m.group(0) not in NOT_MEASURED
             and not bare[m.end():].startswith(" on ")]  # "150 % on a 1366×768 laptop": a display's scale
    assert not typed, f"README types figures the table does not give: {typed}"


def test_a_row_is_replaced_whole_and_a_new_one_added_to_the_table() -> None:
    doc = ("# Figures\n\n| what | figure | target | measured with, when |\n|---|---|---|---|\n"
           "| <!-- row:engine.games --> games | 1 | 2 | old |\n| <!-- row:bots.greedy --> greedy | 3 | 4 | old |\n"
           "\nText after.\n")
    new = replace_rows(doc, [Row("engine.games", "games", "5 | 6", "2", "now"), Row("review.time", "a", "b", "c", "d")])
    assert row_keys(new) == ["engine.games", "bots.greedy", "review.time"]
    assert "| <!-- row:engine.games --> games | 5 \\| 6 | 2 | now |" in new
    assert "| <!-- row:bots.greedy --> greedy | 3 | 4 | old |" in new and new.endswith("\nText after.\n")
    assert replace_rows(new, [Row("review.time", "a", "b", "c", "d")]) == new


def test_each_bench_makes_the_rows_of_its_name() -> None:
    """The rows the benches write, from figures of the shape they measure, are rows of the table."""
    keys = set(row_keys(FIGURES.read_text(encoding="utf-8")))
    made: list[Row] = []
    made += bench_script("engine").rows(
        {"games_per_s": {"2": 5000.0}, "games_per_s_median": {"2": 4900.0}, "turn_apply_us": 9.1,
         "legal_turns_us": 22.0, "clone_us": 1.4}, 5, "today")
    made += bench_script("bots").rows(
        {"ismcts_it_per_s": {"2": 15000}, "greedy_ms_per_turn": {"2": 0.8},
         "expert": {n: {"wall_s": 1.2, "max_wall_s": 1.3, "part_cpu_s": 1.1} for n in "2345"}},
        SimpleNamespace(positions=8, iterations=1000, expert=4), "today")
    line = {"turns": 24, "seconds": 30.0, "cpu_seconds": 17.0, "load_before": [1.0], "load_after": [2.0]}
    made += bench_script("review").rows({"budget": "default", "workers": 2, "2p": line, "4p": line}, "today")
    level = {"games": 50, "loss": {"mean": 0.1, "ci95": [0.05, 0.15]}, "agree": 0.5}
    made += bench_script("review_levels").rows(
        {"levels": {"random": level, "expert": level}, "order_by_loss": ["random", "expert"], "turns_cap": 12,
         "budget": "fast", "seed": 7}, "today")
    net = {"turns": 2000, "latency_p50_ms": 0.46, "latency_p99_ms": 1.38, "update_bytes_mean": 1201.3,
           "update_bytes_max": 1830, "long_names_ascii_update_bytes_max": 1940,
           "long_names_utf8_4byte_update_bytes_max": 2305, "update_bytes_max_plain": 2161}
    made += bench_script("net").rows(net, {"start_to_accept_s": 0.03, "zeroconf_registered_s": 1.7}, 2000, "today")
    stall = {"turns": 8, "longest_ms": 19.0, "p99_ms": 9.0, "idle_ms": 6.0}
    frames = {"frames": 816, "median_ms": 1.0, "p95_ms": 4.6, "max_ms": 11.0, "over_16ms": 0}
    ui = bench_script("ui")
    made += ui.rows({"repaint": {"views": 120, "cpu_median_ms": 7.2, "cpu_p95_ms": 12.6}, "memory_mb": 133.0,
                     "stall": stall, "frames": {(1920, 1080): frames, (1280, 720): frames}}, "hard", "today")
    made += ui.rows({"stall": stall}, "expert", "today")
    made.append(bench_script("startup").row({"bare": (300.0, 120.0), "source": (500.0, 215.0),
                                             "bundle": (560.0, 240.0)}, 15, "today"))
    flood = {"mode": "mixed", "seconds": 60.0, "rss_peak_above_idle_mb": 22.8, "rss_end_above_idle_mb": 20.1,
             "over_guard": False, "host_sent": {"bytes": 1_750_000_000}, "app_limits": "lifted"}
    honest = {"lines": 3000, "rss_peak_above_idle_mb": 13.6, "rss_end_above_idle_mb": 12.0, "chat_lines_kept": 500}
    made += bench_script("flood").rows({"hostile": flood, "honest": honest}, "`bench/flood.py`", "today")
    hangup = {"app_limits": "protocol", "app_hung_up_after_s": 0.4, "rss_peak_above_idle_mb": 1.4, "seconds": 10.0,
              "app_connection_changes": ["closed: too much"], "app_connection": "closed"}
    made += bench_script("flood").rows({"every_mode": dict.fromkeys(("chat", "updates", "lobbies", "mixed"), hangup)},
                                       "`bench/flood.py --every-mode`", "today")
    link = {"turns": 1000, "latency_p50_ms": 2.1, "latency_p99_ms": 3.4, "connect_p50_ms": 8.3}
    made.append(bench_script("net_iroh").row({"iroh": link, "tcp": link}, "`bench/net_iroh.py`", "today", False))
    soak = bench_script("soak")
    counts = {k: [1, 1] for k in ("sessions", "tables", "loops", "fds", "threads", "os_threads", "children")}
    evening = {"mode": "app", "kinds": ",".join(soak.KINDS), "games": 100, "warmup": 10, "seconds": 600.0,
               "fd_limit": 128, "growth_per_game": {"rss_kb": 12.0, "objects": 0.0}, "rss_kb_growth_error": 1.1,
               "after_first_game": counts}
    for run in (evening, {**evening, "kinds": "lan"}, {**evening, "mode": "headless", "kinds": "headless"}):
        made += soak.rows(run, "`bench/soak.py`", "today")
    assert not soak.rows({**evening, "kinds": "bot"}, "`bench/soak.py`", "today"), "a run of some kinds has no row"
    figures = load_packaging_script("figures")
    made.append(figures.row({"size.deb": "30.1 MB", "size.deb_installed": "106.3 MB"}, {}, "today"))
    assert {row.key for row in made} <= keys
    for row in made:
        assert ROW.match(row.line()) and row.line().count(" | ") == 3, row.line()
        assert _script(row.key).is_file()
