"""docs/figures.md's one table of current figures, written by the scripts that measure them.

Every row of the table starts with a mark naming it, ``| <!-- row:engine.games -->`` , and its name starts
with the script that writes it (``engine`` for bench/engine.py, ``packaging-figures`` for
packaging/figures.py). A script run with ``--write docs/figures.md`` replaces its own rows whole (what, figure,
target, how and when) and adds the ones the table does not have yet, so a figure is typed once, by the script
that measured it; the figures before are in git's history of the file.

Why whole rows and not just numbers: a row's "when" and "load" belong to its figure, and a figure whose
command or date stayed from an older run is the kind of drift one table is meant to end.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

#: a row of the table and its name
ROW = re.compile(r"^\| <!-- row:([\w.-]+) --> ")
HEADER = "| what | figure | target | measured with, when |"


@dataclass(frozen=True, slots=True)
class Row:
    """One row: its name and its four cells."""

    key: str
    what: str
    figure: str
    target: str
    how: str

    def line(self) -> str:
        """The Markdown line (a ``|`` inside a cell is escaped, so it cannot split the row)."""
        cells = [c.replace("|", "\\|").replace("\n", " ") for c in (self.what, self.figure, self.target, self.how)]
        return f"| <!-- row:{self.key} --> " + " | ".join(cells) + " |"


def row_keys(text: str) -> list[str]:
    """The names of the table's rows, in order (a name twice is listed twice)."""
    return [m.group(1) for line in text.splitlines() if (m := ROW.match(line))]


def row_cells(text: str, key: str) -> list[str] | None:
    """The four cells of the row named ``key`` (what, figure, target, how), or None when the table lacks it.

    For a script that measures a row in parts (one target of several per run) and keeps the parts it did
    not measure this time."""
    for line in text.splitlines():
        m = ROW.match(line)
        if m and m.group(1) == key:
            body = line[m.end():].removesuffix(" |")
            return [c.replace("\\|", "|") for c in re.split(r"(?<!\\) \| ", body)]
    return None


def table_lines(text: str) -> list[str]:
    """The lines of the figures table: the rows after its header and separator, up to the first other line."""
    lines = text.splitlines()
    start = lines.index(HEADER) + 2
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return lines[start:end]


def replace_rows(text: str, rows: list[Row]) -> str:
    """The document with each row of ``rows`` in place of the row of its name, or after the table's last row."""
    lines = text.splitlines()
    start = lines.index(HEADER) + 2
    new = {row.key: row.line() for row in rows}
    for i, line in enumerate(lines):
        m = ROW.match(line)
        if m and m.group(1) in new:
            lines[i] = new.pop(m.group(1))
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    lines[end:end] = list(new.values())
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def write_rows(path: Path | str, rows: list[Row]) -> None:
    """Replace (or add) ``rows`` in the figures table of the file at ``path``."""
    doc = Path(path)
    doc.write_text(replace_rows(doc.read_text(encoding="utf-8"), rows), encoding="utf-8")


def when(loads: list[float] | None = None) -> str:
    """Today's date and time in UTC and the load average (the one given, or now's): '6 Dec 2026 08:10 UTC,
    load 9.9'. The machine is shared, and its load moves a speed figure by up to a third."""
    load = loads if loads is not None else [os.getloadavg()[0]]
    stamp = time.strftime("%-d %b %Y %H:%M UTC", time.gmtime())
    low, high = min(load), max(load)
    return f"{stamp}, load {low:.1f}" + (f"–{high:.1f}" if high - low >= 0.05 else "")


__all__ = ["HEADER", "ROW", "Row", "replace_rows", "row_cells", "row_keys", "table_lines", "when", "write_rows"]
