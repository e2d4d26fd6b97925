"""The ``patrician`` command: the app, plus subcommands that need no window (DESIGN.md)."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# Subcommand modules, each with add_parser(subparsers) and run(args); imported lazily so
# that e.g. ``patrician replay`` never loads Qt.
_SUBCOMMANDS = {
    "replay": "patrician_qt.cli.replay",
    "arena": "patrician_qt.bots.arena",
    "host": "patrician_qt.cli.host",
    "screenshot": "patrician_qt.cli.screenshot",
    "join": "patrician_qt.cli.join",
    "stats": "patrician_qt.cli.stats",
    "review": "patrician_qt.cli.review",
}


def build_parser(only: tuple[str, ...] | None = None) -> argparse.ArgumentParser:
    """The command line (no subcommand opens the app); ``only`` limits which subcommands are imported."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="patrician",
        usage="patrician [-h] [--version] [--self-test] [FILE | COMMAND ...]",
        description="Patrician, the board game: LAN, hot-seat and games against the computer. "
                    "With no command, patrician opens the game. "
                    "patrician FILE opens a file: a saved game continues, a game record (.patrician.json) "
                    "opens in the replay viewer.",
        epilog="patrician COMMAND --help says what a command does.",
    )
    parser.add_argument("--version", action="version", version=f"patrician {__version__}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="open the real main window offscreen, play one bot game through it, check the score sheet, exit 0 or 1",
    )
    for name, module in _SUBCOMMANDS.items():
        if only is not None and name not in only:
            continue
        mod = importlib.import_module(module)
        (getattr(mod, "add_parser", None) or mod.add_screenshot_parser)(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``patrician`` script."""
    argv = sys.argv[1:] if argv is None else argv
    words = [a for a in argv if not a.startswith("-")]
    if words and words[0] in _SUBCOMMANDS:
        only: tuple[str, ...] | None = (words[0],)
    elif not words and not {"-h", "--help"} & set(argv):
        only = ()  # opening the app: import no subcommand, start fast
    elif len(words) == 1 and _names_a_file(words[0]):
        return _open_in_app(words[0], [a for a in argv if a != words[0]])
    elif words and not {"-h", "--help"} & set(argv):  # neither a command nor a file: say which was looked for
        build_parser(()).error(f"no such file: {words[0]} (nor a command; the commands are "
                               f"{', '.join(_SUBCOMMANDS)})")
    else:
        only = None
    args = build_parser(only).parse_args(argv)
    if args.self_test:
        from patrician_qt.cli.selftest import self_test

        return self_test()
    func = getattr(args, "func", None)
    if func is None:
        from patrician_qt.ui.app.run import run_app

        return run_app(sys.argv[:1])
    return int(func(args) or 0)


def _names_a_file(word: str) -> bool:
    """``patrician FILE`` (the desktop's "Open with"): a word that is no command but a file, or names a record."""
    return os.path.exists(word) or word.lower().endswith(".json")


def _open_in_app(path: str, rest: list[str]) -> int:
    """Open the app with ``path`` continued (an unfinished save) or replayed (any other record)."""
    if rest:
        build_parser(()).error(f"unrecognized arguments beside the file: {' '.join(rest)}")
    from pathlib import Path

    from patrician_qt.ui.app.run import run_app

    return run_app(sys.argv[:1], then=lambda ctrl: ctrl.open_file(Path(path)))


if __name__ == "__main__":
    sys.exit(main())
