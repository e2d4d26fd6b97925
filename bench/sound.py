"""What sound costs: the bytes miniaudio (and what it needs) adds to an install and to the Linux bundle.

Why measure it and not keep the figure of the day sound came in: the bundle has a size target, and the
playback library was chosen for being small (packaging/README.md "Sound" says what QtMultimedia would have
cost instead). The install figure is the installed files of ``miniaudio`` and of every distribution it needs
on this interpreter (cffi, pycparser); the bundle figure is the files of those distributions in a built
Linux bundle: their compiled modules and data on disk, and their Python modules in the bundle's archives
(compressed, as stored; read with PyInstaller's own reader, so run it with the build venv's Python)::

    nice -n 15 python packaging/build.py --target linux --no-archive
    packaging/build/venv/bin/python bench/sound.py --bundle packaging/dist/pyinstaller/patrician \\
        --write docs/figures.md
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from bench.figures_table import Row, when, write_rows  # noqa: E402

MB = 1_000_000
ROOT_DIST = "miniaudio"


def closure(name: str) -> list[md.Distribution]:
    """``name``'s distribution and every one it requires on this interpreter, each once."""
    from packaging.requirements import Requirement

    seen: dict[str, md.Distribution] = {}
    todo = [name]
    while todo:
        dist = md.distribution(todo.pop())
        key = dist.metadata["Name"].lower()
        if key in seen:
            continue
        seen[key] = dist
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return list(seen.values())


def installed_bytes(dists: list[md.Distribution]) -> int:
    """The bytes of the files each distribution installed (its RECORD), as on disk."""
    total = 0
    for dist in dists:
        for f in dist.files or []:
            path = Path(str(dist.locate_file(f)))
            if path.is_file():
                total += path.stat().st_size
    return total


def top_names(dists: list[md.Distribution]) -> set[str]:
    """The top-level module and package names the distributions install (``miniaudio``, ``_cffi_backend``)."""
    names = set()
    for dist in dists:
        for f in dist.files or []:
            first = f.parts[0]
            if first.endswith((".dist-info", ".data")) or first in ("..", "__pycache__"):
                continue
            names.add(re.split(r"[.]", first, maxsplit=1)[0])
    return names


def bundle_files(bundle: Path, names: set[str]) -> dict[str, int]:
    """Files of the bundle on disk that belong to those top-level names (a module, or a folder of a package)."""
    out = {}
    for path in bundle.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(bundle)
        if any(re.split(r"[.-]", part, maxsplit=1)[0] in names for part in rel.parts):  # cffi-2.1.1.dist-info too
            out[str(rel)] = path.stat().st_size
    return out


def archived_modules(bundle: Path, names: set[str]) -> dict[str, int]:
    """Python modules of those names in the bundle's archives (the executable's PYZ), compressed bytes."""
    from PyInstaller.archive.readers import CArchiveReader

    out = {}
    executable = bundle / bundle.name
    pkg = CArchiveReader(str(executable))
    for name in pkg.toc:
        if not name.endswith(".pyz") and not name.startswith("PYZ"):
            continue
        pyz = pkg.open_embedded_archive(name)
        for module, entry in pyz.toc.items():
            if module.split(".")[0] in names:
                out[f"{name}:{module}"] = int(entry[2])
    return out


def rows(figures: dict[str, int | str], stamp: str) -> list[Row]:
    """The figures table's row: the install and the bundle's share."""
    install = f"install {figures['installed'] / MB:.1f} MB ({figures['dists']})"
    bundle = (f"Linux bundle {figures['bundle'] / MB:.1f} MB ({figures['bundle_disk'] / MB:.1f} MB of compiled "
              "modules and files, "
              f"{figures['bundle_archived'] / MB:.2f} MB of Python modules in its archive)")
    return [Row("sound.miniaudio", "sound: what miniaudio adds (with what it needs)", f"{install}; {bundle}",
                "bundle ≤ 110 MB (packaging-figures.sizes); the choice against QtMultimedia: packaging/README.md",
                f"`bench/sound.py --bundle` on a bundle of `packaging/build.py --target linux` "
                f"({figures['bundle_built']}), {stamp}")]


def _built(bundle: Path) -> str:
    """When the bundle was built: its executable's time (UTC)."""
    import time

    return time.strftime("built %-d %b %H:%M UTC", time.gmtime((bundle / bundle.name).stat().st_mtime))


def main(argv: list[str] | None = None) -> int:
    """Measure, print, write."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bundle", type=Path, required=True, help="the Linux bundle's folder (packaging/dist/...)")
    p.add_argument("--write", type=Path, default=None, metavar="FIGURES_MD", help="write the row there")
    args = p.parse_args(argv)
    dists = closure(ROOT_DIST)
    names = top_names(dists)
    on_disk = bundle_files(args.bundle, names)
    archived = archived_modules(args.bundle, names)
    for name, size in sorted({**on_disk, **archived}.items()):
        print(f"{size:>10,}  {name}")
    total = sum(f.stat().st_size for f in args.bundle.rglob("*") if f.is_file() and not f.is_symlink())
    figures: dict[str, int | str] = {
        "dists": ", ".join(f"{d.metadata['Name']} {d.version}" for d in dists),
        "installed": installed_bytes(dists),
        "bundle_disk": sum(on_disk.values()),
        "bundle_archived": sum(archived.values()),
        "bundle": sum(on_disk.values()) + sum(archived.values()),
        "bundle_total": total,
        "bundle_built": _built(args.bundle),
    }
    print(figures)
    if args.write:
        write_rows(args.write, rows(figures, when([os.getloadavg()[0]])))
        print(f"wrote sound.miniaudio to {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
