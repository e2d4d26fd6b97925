"""``patrician join HOST:PORT [--name NAME] [--spectate]``: open the app straight at a LAN table.

For a desktop shortcut or an invitation typed in a terminal: the app opens and joins as the
Join dialog's address line would (``ui/lan/direct_join.py``), through the same lobby and game.
"""

from __future__ import annotations

import argparse
import sys


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register ``join`` on the ``patrician`` command line."""
    p = subparsers.add_parser(
        "join", help="open the app and join the LAN table at HOST:PORT",
        description="Opens the app and joins the table at HOST:PORT (e.g. 192.168.1.20:47147 or [fe80::1]:47147) "
                    "as a player, or with --spectate as a spectator. A wrong address or a missing name opens the "
                    "Join dialog saying what to fix.")
    p.add_argument("address", metavar="HOST:PORT", help="where the table is (the port defaults to 47147)")
    p.add_argument("--name", default=None, help="your name at the table (default: the name you used last)")
    p.add_argument("--spectate", action="store_true", help="watch the game instead of taking a seat")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Open the app and join once its window is up; the exit status is the app's."""
    from patrician_qt.ui.app.run import run_app
    from patrician_qt.ui.lan.direct_join import join_direct

    return run_app(sys.argv[:1], then=lambda ctrl: join_direct(ctrl.lan, args.address, args.name, args.spectate))
