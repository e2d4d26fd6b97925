#!/usr/bin/env python3
"""Write the downloads' sizes and the app's data folders into the docs, from the build's reports.

    python packaging/figures.py                  # show the figures of packaging/dist/build-report*.json
    python packaging/figures.py --write README.md packaging/README.md docs/figures.md

Why: sizes typed by hand went out of date with every change (the docs said 17/24/24/88.3 MB when
the build made 18.5/25.5/25.0/91.2 MB), and a data folder typed by hand was wrong (``%APPDATA%``).
The docs mark each figure inline, ``<!-- figure:size.deb -->25.5 MB<!-- /figure -->``, and this
script replaces what stands between the marks with what the build measured. MB is 1,000,000 bytes
(as apt and the size targets count); MiB, 1,048,576 bytes, is about 4.9 % more.
In docs/figures.md it also writes its whole row of the figures table (``packaging-figures.sizes``), the marks
inside it, so README's sizes are the table's. A script, never a module of packaging/.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.figures_table import HEADER, Row, replace_rows  # noqa: E402

MB = 1_000_000
MARK = re.compile(r"<!-- figure:([\w.]+) -->(.*?)<!-- /figure -->", re.S)
# (report, field) for each size the docs may name
SIZES = {
    "size.installer": ("windows", "installer_bytes"),
    "size.bundle_windows": ("windows", "bundle_bytes"),
    "size.deb": ("deb", "deb_bytes"),
    "size.deb_installed": ("deb", "installed_bytes"),
    "size.tar_xz": ("linux", "archive_bytes"),
    "size.bundle_linux": ("linux", "bundle_bytes"),
}
REPORTS = {"linux": "build-report.json", "deb": "build-report-deb.json", "windows": "build-report-windows.json"}


def megabytes(n: int) -> str:
    """Bytes as the docs write them: '25.5 MB' (MB = 1,000,000 bytes)."""
    return f"{n / MB:.1f} MB"


def read_reports(dist: Path) -> dict[str, dict]:
    """The build reports present in ``dist`` (linux, deb, windows)."""
    return {name: json.loads((dist / file).read_text(encoding="utf-8"))
            for name, file in REPORTS.items() if (dist / file).is_file()}


def figures(reports: dict[str, dict]) -> dict[str, str]:
    """Every figure the reports give: sizes ('size.deb') and data folders ('folder.windows.app_data')."""
    out = {}
    for key, (report, field) in SIZES.items():
        if report in reports and field in reports[report]:
            out[key] = megabytes(int(reports[report][field]))
    for system in ("linux", "windows"):
        for name, path in reports.get(system, {}).get("data_folders", {}).items():
            out[f"folder.{system}.{name}"] = f"`{path}`"
    return out


def marked(text: str) -> dict[str, str]:
    """The figures a document marks, key -> what it says now."""
    return {m.group(1): m.group(2) for m in MARK.finditer(text)}


def fill(text: str, values: dict[str, str]) -> tuple[str, list[str]]:
    """The document with every marked figure the values know replaced; and the keys they do not know."""
    unknown: list[str] = []

    def one(m: re.Match[str]) -> str:
        key = m.group(1)
        if key not in values:
            unknown.append(key)
            return m.group(0)
        return f"<!-- figure:{key} -->{values[key]}<!-- /figure -->"

    return MARK.sub(one, text), unknown


def row(values: dict[str, str], reports: dict[str, dict], stamp: str) -> Row:
    """The figures table's row of the packages: every size inside its mark, so documents that mark the same
    figure say the same."""
    def mark(key: str) -> str:
        return f"<!-- figure:{key} -->{values[key]}<!-- /figure -->" if key in values else "?"

    parts = []
    if "size.bundle_linux" in values:
        parts.append(f"Linux bundle {mark('size.bundle_linux')} unpacked, `.tar.xz` {mark('size.tar_xz')}")
    if "size.deb" in values:
        parts.append(f"`.deb` {mark('size.deb')} ({mark('size.deb_installed')} installed)")
    if "size.installer" in values:
        parts.append(f"Windows installer {mark('size.installer')} (bundle {mark('size.bundle_windows')})")
    figure = ", ".join(parts)
    if glibc := reports.get("linux", {}).get("max_glibc"):
        figure += f"; no part of glibc shipped, newest glibc symbol needed GLIBC_{glibc}"
    return Row("packaging-figures.sizes", "packages (MB = 1,000,000 bytes)", figure,
               "bundle ≤ 110 MB (with iroh), `.tar.xz` ≤ 45 MB, installer ≤ 40 MB",
               f"`packaging/build.py --target linux,deb,windows` then `packaging/figures.py --write`, built {stamp}")


def built_at(dist: Path) -> str:
    """When the newest build report was written (the build's time, not this script's)."""
    times = [(dist / f).stat().st_mtime for f in REPORTS.values() if (dist / f).is_file()]
    return time.strftime("%-d %b %Y %H:%M UTC", time.gmtime(max(times))) if times else "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dist", type=Path, default=HERE / "dist", help="where the build reports are")
    ap.add_argument("--write", type=Path, nargs="*", default=[], help="documents whose marked figures to replace")
    args = ap.parse_args(argv)
    reports = read_reports(args.dist)
    values = figures(reports)
    if not values:
        print(f"figures.py: no build reports in {args.dist}: run packaging/build.py first", file=sys.stderr)
        return 1
    for key, value in sorted(values.items()):
        print(f"{key}: {value}")
    missing = 0
    for doc in args.write:
        text = doc.read_text(encoding="utf-8")
        if HEADER in text.splitlines():  # docs/figures.md: the whole row, then the marks as everywhere
            text = replace_rows(text, [row(values, reports, built_at(args.dist))])
        text, unknown = fill(text, values)
        doc.write_text(text, encoding="utf-8")
        for key in unknown:
            print(f"figures.py: {doc} marks {key}, which these reports do not give (build that target too)",
                  file=sys.stderr)
            missing += 1
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
