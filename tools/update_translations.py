"""Refresh the translation sources and compiled files: ``python tools/update_translations.py [--fill de.json]``.

Runs ``pyside6-lupdate`` over the app's Python files (plus the strings it cannot see: calls of
small ``_t(text)`` wrappers around ``QCoreApplication.translate``, ``_tr = QCoreApplication.translate``
aliases and ``counted(context, "%n …", n)`` counts, found with ``ast``), keeps existing translations,
optionally fills untranslated entries from a JSON map {source: translation} or
{"context\\u0004source": translation} (a list of forms for a count, ``{"comment": …}`` for a note to
translators), and runs ``pyside6-lrelease`` so every ``.qm`` matches its ``.ts``.

German gets every string; English (the source language) gets only the counts, whose singular and
plural forms Qt picks by number (``--lang en``, lupdate's ``-pluralonly``).
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "patrician_qt"
OUT = ROOT / "resources" / "translations"
LANGS = ("de", "en")


def _translate_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "translate" and \
        isinstance(node.value, ast.Name) and node.value.id == "QCoreApplication"


def wrapped_strings(path: Path) -> list[tuple[str, str]]:
    """(context, source) pairs lupdate misses in one file: wrapper functions and aliases of translate.

    Counts (``counted`` calls) are listed by ``counted_strings``, not here."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    wrappers: dict[str, str] = {}
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and len(node.args.args) == 1:
            for sub in ast.walk(node):
                if isinstance(sub, ast.Call) and _translate_call(sub.func) and len(sub.args) == 2 \
                        and isinstance(sub.args[0], ast.Constant) and isinstance(sub.args[1], ast.Name) \
                        and sub.args[1].id == node.args.args[0].arg:
                    wrappers[node.name] = sub.args[0].value
        if isinstance(node, ast.Assign) and _translate_call(node.value):
            aliases.update(t.id for t in node.targets if isinstance(t, ast.Name))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        args = node.args
        if node.func.id in wrappers and args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            out.append((wrappers[node.func.id], args[0].value))
        elif node.func.id in aliases and len(args) >= 2 and all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args[:2]):
            out.append((args[0].value, args[1].value))
    return out


def counted_strings(path: Path) -> list[tuple[str, str]]:
    """(context, source) of every ``counted("Context", "… %n …", n)`` call in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "counted" \
                and len(node.args) == 3 and all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args[:2]):
            out.append((node.args[0].value, node.args[1].value))
    return out


def extra_file(files: list[Path], directory: Path) -> Path:
    """A Python file lupdate reads for every string it misses in the sources.

    Plain strings become ``QCoreApplication.translate`` calls; counts become ``self.tr(text, "", n)``
    in a class named after their context, the only form lupdate marks as numerus."""
    lines = ["from PySide6.QtCore import QCoreApplication, QObject", ""]
    counts: dict[str, list[str]] = {}
    for f in files:
        for ctx, src in wrapped_strings(f):
            lines.append(f"QCoreApplication.translate({ctx!r}, {src!r})")
        for ctx, src in counted_strings(f):
            counts.setdefault(ctx, []).append(src)
    for ctx, sources in sorted(counts.items()):
        if not ctx.isidentifier():
            raise ValueError(f"a count's context must be a Python name: {ctx!r}")
        lines += ["", "", f"class {ctx}(QObject):", "    def counts(self, n):"]
        lines += [f"        self.tr({src!r}, '', n)" for src in sources]
    path = directory / "wrapped_strings.py"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def lupdate_command(lang: str, files: list[Path], extra: Path, ts: Path) -> list[str]:
    """The lupdate call for one language: every string for a translation, only counts for English."""
    only = ["-pluralonly", "-source-language", "en"] if lang == "en" else []
    return ["pyside6-lupdate", "-no-obsolete", "-locations", "none", *only, "-target-language", lang,
            *map(str, files), str(extra), "-ts", str(ts)]


def _note(msg: ET.Element, comment: str) -> None:
    """Set a message's note to translators (``<translatorcomment>``, which lupdate keeps)."""
    node = msg.find("translatorcomment")
    if node is None:
        node = ET.Element("translatorcomment")
        msg.insert(list(msg).index(msg.find("source")) + 1, node)  # type: ignore[arg-type]
    node.text = comment


def _set(tr: ET.Element, text: str | list[str]) -> bool:
    """Put one translation (a list of forms for a count) into ``tr``; True when it changed."""
    forms = tr.findall("numerusform")
    if forms:
        if not isinstance(text, list) or len(text) != len(forms):
            raise ValueError(f"a count needs {len(forms)} forms, got {text!r}")
        if [f.text for f in forms] == text and not tr.get("type"):
            return False
        for f, t in zip(forms, text, strict=True):
            f.text = t
    else:
        if not isinstance(text, str):
            raise ValueError(f"not a count: {text!r}")
        if text == tr.text and not tr.get("type"):
            return False
        tr.text = text
    tr.attrib.pop("type", None)
    return True


def fill(ts: Path, table: dict[str, object], overwrite: bool = False) -> int:
    """Put translations from ``table`` into unfinished entries (all entries with ``overwrite``); how many.

    A value is the translation, a list of forms for a count, or {"text": …, "comment": …}. Notes to
    translators come only from such tables: lupdate also reads ``#:`` code comments as notes and hangs
    them on whichever string follows, however far below (the project writes ``#:`` for attributes), so
    they are dropped."""
    tree = ET.parse(ts)
    n = 0
    for ctx in tree.getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.iter("message"):
            for stray in msg.findall("extracomment"):
                msg.remove(stray)  # a code comment (``#:``, the attribute notes) lupdate hung on a later string
            src = msg.findtext("source") or ""
            tr = msg.find("translation")
            entry = table.get(f"{name}\u0004{src}", table.get(src))
            if isinstance(entry, dict):
                if entry.get("comment"):
                    _note(msg, str(entry["comment"]))
                    n += 1
                entry = entry.get("text")
            if tr is None or not entry or (tr.get("type") != "unfinished" and not overwrite):
                continue
            n += _set(tr, entry)  # type: ignore[arg-type]
    ET.indent(tree, space="    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")
    return n


def main(argv: list[str] | None = None) -> int:
    """lupdate, optional fill, lrelease."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fill", type=Path, help="JSON map of translations (and notes) for unfinished entries")
    ap.add_argument("--overwrite", action="store_true", help="--fill replaces finished translations too")
    ap.add_argument("--lang", default="de", choices=LANGS)
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in SOURCES.rglob("*.py") if "__pycache__" not in p.parts)
    with tempfile.TemporaryDirectory() as tmp:
        extra = extra_file(files, Path(tmp))
        ts = OUT / f"patrician_{args.lang}.ts"
        subprocess.run(lupdate_command(args.lang, files, extra, ts), check=True)
    table = json.loads(args.fill.read_text(encoding="utf-8")) if args.fill else {}
    n = fill(ts, table, args.overwrite)  # also writes the file in one layout, with or without a table
    if args.fill:
        print(f"filled {n} entries", file=sys.stderr)
    subprocess.run(["pyside6-lrelease", str(ts), "-qm", str(ts.with_suffix(".qm"))], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
