"""The rules the code, tests and docs cite are in the repository: ``docs/rules.md`` defines each of them.

Refusals, docstrings and tests name rules by number (``R13``); a reader who clones the repository
must find every one of those numbers defined there, and the deck listed there must be the deck the
engine loads.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
#: where rules are cited: the code, its tests, benches, tools, docs and data
PLACES = ("patrician_qt", "net", "tests", "bench", "tools", "docs", "resources", "packaging", "README.md")
SUFFIXES = {".py", ".md", ".json", ".ts", ".toml"}
CITED = re.compile(r"\bR(\d+[a-z]?)\b")
#: a made-up rule number, used on purpose to test how an unknown rule is shown
MADE_UP = {("tests/ui/game/test_words_and_hints.py", "R" + "99")}


def _files() -> list[Path]:
    out = []
    for place in PLACES:
        path = ROOT / place
        found = [path] if path.is_file() else path.rglob("*")
        out.extend(p for p in found if p.suffix in SUFFIXES and p.is_file() and "__pycache__" not in p.parts)
    return sorted(out)


def _defined() -> list[str]:
    """Rule numbers in the order docs/rules.md defines them: a paragraph starting ``**R13. Title.**``."""
    return re.findall(r"^\*\*(R\d+[a-z]?)\. ", RULES.read_text(encoding="utf-8"), re.MULTILINE)


def test_rules_md_defines_r1_to_r26_and_r26a_once_each_in_order():
    assert _defined() == [f"R{i}" for i in range(1, 27)] + ["R26a"]


def test_every_cited_rule_number_is_defined_in_rules_md():
    defined = set(_defined())
    unknown = []
    for path in _files():
        rel = str(path.relative_to(ROOT))
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for number in CITED.findall(line):
                rule = f"R{number}"
                if rule not in defined and (rel, rule) not in MADE_UP:
                    unknown.append(f"{rel}:{n}: {rule}")
    assert unknown == []


def test_the_check_sees_citations_where_they_are():
    cited = {f"R{m}" for p in _files() for m in CITED.findall(p.read_text(encoding="utf-8", errors="replace"))}
    assert set(_defined()) <= cited  # every rule is cited somewhere, so the scan reads the right files
    assert "R" + "99" in cited  # spelt in two parts: this file cites no rule


def test_nothing_cites_the_rules_file_that_is_not_in_the_repository():
    old = "RULES" + ".md"  # spelt in two parts so that this file does not cite it
    citing = [str(p.relative_to(ROOT)) for p in _files() if old in p.read_text(encoding="utf-8", errors="replace")]
    assert citing == []


def test_the_card_list_in_rules_md_is_the_deck_the_engine_loads():
    deck = json.loads((ROOT / "patrician_qt" / "engine" / "cards.json").read_text(encoding="utf-8"))
    rows = re.findall(r"^\| ([A-Z]{3}-\d) \| (\w+) \| (\d) \| ([^|]+) \| (yes)? ?\|$",
                      RULES.read_text(encoding="utf-8"), re.MULTILINE)
    listed = []
    for card in deck["cards"]:
        if card["head"]:
            shows = f"two {card['head']} heads" if card["heads"] == 2 else f"{card['head']} head"
        else:
            shows = card["action"] or "—"
        listed.append((card["id"], card["city"], str(card["arms"]), shows, "yes" if card["star"] else ""))
    assert [(i, c, a, s.strip(), y) for i, c, a, s, y in rows] == listed


def test_the_city_table_in_rules_md_is_the_engines():
    deck = json.loads((ROOT / "patrician_qt" / "engine" / "cards.json").read_text(encoding="utf-8"))
    rows = re.findall(r"^\| (\w+) \| (\d) \| (\d) \| (\d) and (\d) \| (always|only with 5 players) \|$",
                      RULES.read_text(encoding="utf-8"), re.MULTILINE)
    assert rows == [(c["name"], str(c["cards"]), str(c["floors"]), str(c["tiles"][0]), str(c["tiles"][1]),
                     "only with 5 players" if c["five_players_only"] else "always") for c in deck["cities"]]
