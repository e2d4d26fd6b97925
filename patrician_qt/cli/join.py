"""``patrician join HOST:PORT|INVITATION [--name NAME] [--spectate]``: open the app straight at a table.

For a desktop shortcut or an invitation typed in a terminal: the app opens and joins as the
Join dialog's address line would (``ui/lan/direct_join.py``), through the same lobby and game.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from patrician_qt.cli.relay_choice import add_relay_options, chosen_relay


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register ``join`` on the ``patrician`` command line."""
    p = subparsers.add_parser(
        "join", help="open the app and join the table at HOST:PORT or by an invitation",
        description="Opens the app and joins the table at HOST:PORT (e.g. 192.168.1.20:47147 or [fe80::1]:47147), "
                    "or the internet table an invitation names (patrician:…, as `patrician host --internet` or "
                    "the Host dialog prints it), as a player, or with --spectate as a spectator. A wrong address "
                    "or a missing name opens the Join dialog saying what to fix.")
    p.add_argument("address", metavar="HOST:PORT|INVITATION",
                   help="where the table is (the port defaults to 47147), or the host's invitation")
    add_relay_options(p, "with an invitation (kept as the app's setting)", "only the direct addresses it names")
    p.add_argument("--name", default=None, help="your name at the table (default: the name you used last)")
    p.add_argument("--spectate", action="store_true", help="watch the game instead of taking a seat")
    p.set_defaults(func=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Open the app and join once its window is up; the exit status is the app's."""
    try:
        relay = chosen_relay(args)
    except ValueError as exc:
        print(f"patrician join: {exc}", file=sys.stderr)
        return 2
    from patrician_qt.ui.app.run import run_app
    from patrician_qt.ui.lan.direct_join import join_direct

    def then(ctrl: Any) -> bool:
        if relay is not None and ctrl.lan.settings is not None:
            from patrician_qt.ui.lan.internet import RELAY_KEY

            ctrl.lan.settings.setValue(RELAY_KEY, relay)
        return join_direct(ctrl.lan, args.address, args.name, args.spectate)

    return run_app(sys.argv[:1], then=then)
