"""German and English: every string translated, compiled files current, live switching, engine refusals."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt

from patrician_qt.engine import IllegalTurn, TurnBuilder, new_game
from patrician_qt.engine.rules import legal_turns
from patrician_qt.ui.text import engine_text, language
from tests.ui.game_helpers import open_game, wait_for_human_or_end

ROOT = Path(__file__).resolve().parents[3]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def _tool(name: str) -> str:
    """A Qt Linguist tool from PATH or the installed PySide6 wheel."""
    found = shutil.which(f"pyside6-{name}")
    if found:
        return found
    import PySide6

    path = Path(PySide6.__file__).parent / name
    assert path.exists(), f"pyside6-{name} is missing: install PySide6-Essentials with its tools"
    return str(path)


def _messages(ts: Path) -> list[tuple[str, str, ET.Element]]:
    out = []
    for ctx in ET.parse(ts).getroot().iter("context"):
        for msg in ctx.iter("message"):
            out.append((ctx.findtext("name") or "", msg.findtext("source") or "", msg.find("translation")))
    return out


def test_every_german_string_is_translated_and_keeps_its_placeholders():
    ts = language.ts_path("de")
    msgs = _messages(ts)
    assert len(msgs) > 300
    problems = []
    for ctx, src, tr in msgs:
        forms = [f.text or "" for f in tr.findall("numerusform")] if tr is not None else []
        texts = forms or [tr.text or "" if tr is not None else ""]
        if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete") or not all(t.strip() for t in texts):
            problems.append(f"untranslated {ctx}: {src!r}")
            continue
        for text in texts:
            if sorted(PLACEHOLDER.findall(src)) != sorted(PLACEHOLDER.findall(text)):
                problems.append(f"placeholders differ {ctx}: {src!r} -> {text!r}")
            if src.count("&") - src.count("&&") == 1 and text.count("&") != 1:
                problems.append(f"lost its mnemonic {ctx}: {src!r}")
    assert not problems, "\n".join(problems)


def test_the_ts_file_has_every_string_of_the_source(tmp_path):
    """Re-extract into a copy: a new tr() string that nobody translated shows up as unfinished."""
    copy = tmp_path / "patrician_de.ts"
    shutil.copy(language.ts_path("de"), copy)
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import update_translations as tool
    finally:
        sys.path.pop(0)
    files = sorted(p for p in (ROOT / "patrician_qt").rglob("*.py") if "__pycache__" not in p.parts)
    extra = tool.extra_file(files, tmp_path)
    subprocess.run([_tool("lupdate"), "-no-obsolete", "-locations", "none", *map(str, files), str(extra),
                    "-ts", str(copy)], check=True, capture_output=True)
    missing = [f"{c}: {s!r}" for c, s, t in _messages(copy) if t is None or t.get("type") == "unfinished"]
    assert not missing, "run tools/update_translations.py and translate:\n" + "\n".join(missing)


def test_every_qm_is_compiled_from_its_current_ts(tmp_path):
    """Compares content, not mtimes (git checkouts reset them): lrelease the .ts again and compare bytes."""
    sources = sorted(language.translations_dir().glob("*.ts"))
    assert sources
    for ts in sources:
        fresh = tmp_path / ts.with_suffix(".qm").name
        subprocess.run([_tool("lrelease"), str(ts), "-qm", str(fresh)], check=True, capture_output=True)
        shipped = ts.with_suffix(".qm")
        assert shipped.is_file(), f"{shipped.name} is missing"
        assert shipped.read_bytes() == fresh.read_bytes(), f"{shipped.name} is older than {ts.name}: run lrelease"


@pytest.fixture
def german(qapp):
    assert language.install("de")
    yield
    language.install("en")


def _refusals(n_games: int = 6) -> list[str]:
    """Real refusals from the engine: builder explanations of illegal options and IllegalTurn texts."""
    from patrician_qt.engine import CITIES, Turn, apply

    names = [c.name for c in CITIES]
    rng = random.Random(3)
    out: set[str] = set()
    for g in range(n_games):
        st = new_game(["Anna", "Ben", "Cleo", "Dario", "Emma"][: 2 + g % 4], random.Random(g))
        while not st.over:
            b = TurnBuilder(st)
            while b.step != "done":
                opts = b.options()
                tried = {"card": ["ZZZ-9"], "build": ["A", "B", "C"], "take": [None, *names],
                         "relocate": [(c, p) for c in names for p in "AB"]}[b.step]  # what a click can offer
                for bad in tried:
                    if bad not in opts:
                        out.add(b.explain(bad))
                b.choose(rng.choice(opts))
            out.add(b.explain("A"))
            turn = rng.choice(legal_turns(st))
            build = turn.build[:1] if len(turn.build) > 1 else (*turn.build, "A")
            for broken in (Turn(turn.card, build, turn.relocate, turn.take),
                           Turn(turn.card, turn.build, ("Roma", "A"), turn.take),
                           Turn(turn.card, turn.build, ("Napoli", "A"), turn.take),
                           Turn(turn.card, turn.build, turn.relocate, "Pistoia"),
                           Turn(turn.card, turn.build, turn.relocate, "Napoli"),
                           Turn(turn.card, turn.build, turn.relocate, None),
                           Turn("ZZZ-9", turn.build, turn.relocate, turn.take)):
                try:
                    apply(st.clone(), broken)
                except IllegalTurn as exc:
                    out.add(str(exc))
            st, _events = apply(st, turn)
        try:
            apply(st.clone(), Turn("BOL-1", ("A",), None, None))
        except IllegalTurn as exc:
            out.add(str(exc))
    return sorted(out)


def test_engine_refusals_are_told_in_german_with_their_rule(german):
    refusals = _refusals()
    assert len(refusals) > 10
    untold = []
    for msg in refusals:
        rule, text = engine_text.translate_refusal(msg)
        _, reason = engine_text.split_rule(msg)
        if engine_text.translate_reason(reason) == reason:
            untold.append(msg)
        if rule:
            assert text.endswith(f"({rule})") or f"({rule}:" in text, text
    assert not untold, "engine sentences without a German template:\n" + "\n".join(untold)
    told = engine_text.translate_refusal("R13: you have no floor in Roma")
    assert told == ("R13", "Du hast kein Stockwerk in Roma (R13)")


def test_language_menu_switches_the_window_at_once(qtbot):
    window, session = open_game(qtbot, ["human", "bot:easy"], seed=13)
    wait_for_human_or_end(qtbot, window)
    titles = lambda: [a.text() for a in window.menuBar().actions()]  # noqa: E731
    assert "&Game" in titles()
    qtbot.keyClick(window, Qt.Key.Key_A)  # a refusal (R8) in English
    assert window.turn_bar.message_text == "First play a card from your hand (R8)"
    try:
        with qtbot.waitSignal(language.notifier.changed):
            assert language.switch("de")
        assert "&Spiel" in titles() and "&Hilfe" in titles()
        assert window.extras.act_rules.text() == "&Spielregeln"  # no tab: a screen reader reads it as the name
        assert any(a.text() == "&Tastenkürzel …" for a in window.extras.help_menu.actions())
        assert window.turn_bar.confirm.text() == "Zug bestätigen"
        assert window.turn_bar.prompt_text == "Spiele eine Handkarte aus"
        assert window.turn_bar.message_text == "Spiele zuerst eine Handkarte aus (R8)"
        assert window.page.players_title.text() == "Spieler · nach Spielregel"  # a rulebook table (R26)
        assert window.page.hand_title.text().startswith("Handkarten von")
        log = window.log_model
        assert any("Spiel" in str(log.index(i, 0).data()) or "spielte" in str(log.index(i, 0).data())
                   for i in range(log.rowCount()))
        assert QCoreApplication.translate("Log", "{who} played {card}") == "{who} spielte {card}"
        rules = window.extras.open_rules("R11")
        assert "Bauplatz" in rules.browser.toPlainText()
    finally:
        language.switch("en")
    assert "&Game" in titles()
    assert window.turn_bar.confirm.text() == "Confirm turn"
    assert "plot" in window.extras.open_rules().browser.toPlainText()
    session.close()


def test_system_locale_picks_german(monkeypatch):
    from PySide6.QtCore import QLocale

    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("de_AT")))
    assert language.system_language() == "de"
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("fr_FR")))
    assert language.system_language() == "en"
