"""The ``patrician`` command: the app, plus subcommands that need no window (DESIGN.md)."""

from __future__ import annotations

import argparse
import importlib
import sys

# Subcommand modules, each with add_parser(subparsers) and run(args); imported lazily so
# that e.g. ``patrician replay`` never loads Qt.
_SUBCOMMANDS = {
    "replay": "patrician_qt.replay_cli",
    "arena": "patrician_qt.bots.arena",
}


def build_parser() -> argparse.ArgumentParser:
    """The command line: no subcommand opens the app."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="patrician",
        description="Patrician, the board game: LAN, hot-seat and games against the computer.",
    )
    parser.add_argument("--version", action="version", version=f"patrician {__version__}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module in _SUBCOMMANDS.values():
        importlib.import_module(module).add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``patrician`` script."""
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser().parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        build_parser().print_help()
        return 0
    return int(func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
