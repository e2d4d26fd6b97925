"""The German the box speaks: nothing left in English, every count with its plural forms,
and none of the words the glossary (docs/glossary.md) rules out.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from patrician_qt.ui.reach import rules_text
from patrician_qt.ui.text import language

ROOT = Path(__file__).resolve().parents[3]

#: (context, source) whose German is rightly the same as the English: names, codes, symbols, loanwords
SAME_IN_GERMAN = {
    ("About", "Version {version}"),
    ("Card", "2 × {kind}"), ("Card", "{city} · {caption}"),
    ("HostDialog", "Bot · {level}"), ("LobbyView", "Bot · {level}"), ("MainWindow", "Bot · {level}"),
    ("NewGameDialog", "Bot · {level}"),
    ("SeatNames", "Bot {n} ({level})"),
    ("HostDialog", "Port:"), ("HostDialog", "Internet:"),
    ("MainWindow", "Normal"),
    ("NewGameDialog", "Name"),
    ("LobbyView", "offline"), ("RemoteSession", "offline {time}"),
    ("RemoteSession", "{status} · bot in {n} s"),  # "Bot in 20 s": the seat text is short
    ("ChatPanel", "Chat"), ("SideTabs", "{name} ({count})"),  # the chat's tab: "Chat", "Chat (2)" unread
}

#: a number in a placeholder right before a countable noun: it needs %n and numerus forms
BARE_COUNT = re.compile(r"\{\w+\}\s+(?:more\s+)?(?:floor|card|seat|player|table|second|minute|turn|tile|point|head|"
                        r"game|step|spectator|bot)s\b|\(s\)")


@dataclass
class Message:
    """One entry of a .ts file."""

    context: str
    source: str
    numerus: bool
    forms: list[str]  # one text, or a count's forms
    unfinished: bool


def messages(lang: str) -> list[Message]:
    """Every message of ``patrician_<lang>.ts``."""
    out = []
    for ctx in ET.parse(language.ts_path(lang)).getroot().iter("context"):
        for msg in ctx.iter("message"):
            tr = msg.find("translation")
            assert tr is not None
            numerus = msg.get("numerus") == "yes"
            forms = [f.text or "" for f in tr.findall("numerusform")] if numerus else [tr.text or ""]
            out.append(Message(ctx.findtext("name") or "", msg.findtext("source") or "", numerus, forms,
                               tr.get("type") == "unfinished"))
    return out


def german_rules_texts() -> list[tuple[str, str, str]]:
    """(where, English, German) of everything in the rules window."""
    out = [("intro", rules_text.INTRO["en"], rules_text.INTRO["de"])]
    for section in rules_text.SECTIONS:
        out.append((f"section {section.en}", section.en, section.de))
        out += [(r.id, r.en, r.de) for r in section.rules]
    out += [(f"word {key}", w["en"], w["de"]) for key, w in rules_text.UI_WORDS.items()]
    return out


# -- nothing left in English ---------------------------------------------------------------------------


def test_no_german_string_is_its_english_source():
    english = {(m.context, m.source): m.forms for m in messages("en")}
    same = []
    for m in messages("de"):
        theirs = english.get((m.context, m.source), [m.source] * len(m.forms)) if m.numerus else [m.source]
        if (m.context, m.source) in SAME_IN_GERMAN:
            continue
        same += [f"{m.context}: {ours!r}" for ours, src in zip(m.forms, theirs, strict=True)
                 if ours.casefold() == src.casefold()]
    assert not same, "still English in German (translate, or allow-list a name or code):\n" + "\n".join(same)


def test_the_allow_list_holds_only_strings_that_exist():
    known = {(m.context, m.source) for m in messages("de")}
    assert SAME_IN_GERMAN <= known, sorted(SAME_IN_GERMAN - known)


def test_no_rule_or_rules_window_word_is_left_in_english():
    same = [f"{where}: {en!r}" for where, en, de in german_rules_texts() if en.casefold() == de.casefold()]
    assert not same, "\n".join(same)


# -- counts --------------------------------------------------------------------------------------------


def test_every_count_has_its_plural_forms_in_both_languages():
    problems = []
    for lang in ("de", "en"):
        for m in messages(lang):
            if "%n" in m.source and not m.numerus:
                problems.append(f"{lang} {m.context}: {m.source!r} is a count without numerus forms (use "
                                f"self.tr(text, '', n) or counted())")
            if m.numerus and (m.unfinished or len(m.forms) != 2 or not all(f.strip() for f in m.forms)):
                problems.append(f"{lang} {m.context}: {m.source!r} needs its singular and plural form")
            if m.numerus and "%n" not in m.forms[-1]:
                problems.append(f"{lang} {m.context}: the plural of {m.source!r} lost %n")
    counts = {lang: {(m.context, m.source) for m in messages(lang) if m.numerus} for lang in ("de", "en")}
    if counts["de"] != counts["en"]:
        problems.append(f"counts only in one language: {sorted(counts['de'] ^ counts['en'])}")
    assert counts["de"], "the catalogue has no counts at all"
    assert not problems, "\n".join(problems)


def test_no_number_is_put_before_a_noun_without_numerus():
    bare = [f"{m.context}: {m.source!r}" for m in messages("de") if not m.numerus and BARE_COUNT.search(m.source)]
    assert not bare, "counts must go through %n (Qt numerus):\n" + "\n".join(bare)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_and_two_read_differently(qapp, lang):
    """"1 floors" cannot come back: a count's text for 1 is never its text for 2 with the digit swapped."""
    assert language.install(lang)
    try:
        same = []
        for m in messages("de"):
            if m.numerus:
                one = QCoreApplication.translate(m.context, m.source, None, 1)
                two = QCoreApplication.translate(m.context, m.source, None, 2)
                if one.replace("1", "2") == two or "(s)" in one + two:
                    same.append(f"{m.context}: {one!r} / {two!r}")
        assert not same, "\n".join(same)
        floors = QCoreApplication.translate("Card", "%n floor(s)", None, 1)
        assert floors == {"en": "1 floor", "de": "1 Stockwerk"}[lang]
    finally:
        language.install("en")


def test_the_english_catalogue_has_every_count_of_the_source(tmp_path):
    """Re-extract English's counts into a copy: a new count nobody gave forms shows up as unfinished."""
    import shutil

    copy = tmp_path / "patrician_en.ts"
    shutil.copy(language.ts_path("en"), copy)
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import update_translations as tool
    finally:
        sys.path.pop(0)
    files = sorted(p for p in (ROOT / "patrician_qt").rglob("*.py") if "__pycache__" not in p.parts)
    cmd = tool.lupdate_command("en", files, tool.extra_file(files, tmp_path), copy)
    lupdate = shutil.which(cmd[0]) or str(Path(sys.executable).parent / cmd[0])
    subprocess.run([lupdate, *cmd[1:]], check=True, capture_output=True)
    missing = [f"{m.context}: {m.source!r}" for m in _parse(copy) if m.unfinished]
    assert not missing, "run tools/update_translations.py --lang en and give the forms:\n" + "\n".join(missing)


def _parse(ts: Path) -> list[Message]:
    out = []
    for ctx in ET.parse(ts).getroot().iter("context"):
        for msg in ctx.iter("message"):
            tr = msg.find("translation")
            out.append(Message(ctx.findtext("name") or "", msg.findtext("source") or "", msg.get("numerus") == "yes",
                               [], tr is None or tr.get("type") == "unfinished"))
    return out


# -- the edition's words -------------------------------------------------------------------------------


def ruled_out_words() -> list[str]:
    """The glossary's last column: words the German texts must not use."""
    rows = [line for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    words = []
    for row in rows[1:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        words += [w.strip() for w in cells[-1].split(",") if w.strip()]
    return words


def test_the_glossary_rules_out_the_words_the_issue_named():
    words = ruled_out_words()
    for word in ("Baukarte", "Freie Wahl", "Sternkarte", "Personen", "Mitspieler", "Eingabetaste"):
        assert word in words


def test_german_texts_use_the_editions_words():
    texts = [(f"{m.context}: {m.source!r}", form) for m in messages("de") for form in m.forms]
    texts += [(f"rules {where}", de) for where, _en, de in german_rules_texts()]
    found = []
    for word in ruled_out_words():
        pattern = re.compile(r"(?<!\w)" + re.escape(word))
        found += [f"{word!r} in {where}: {text!r}" for where, text in texts if pattern.search(text)]
    assert not found, "docs/glossary.md rules these words out:\n" + "\n".join(found)
    everything = " ".join(text for _where, text in texts)
    for word in ("Auftragskarte", "Beliebige Karte", "Startkarte", "Spieler", "verzichten", "rückgängig"):
        assert word in everything, f"the edition's word {word!r} is used nowhere"
