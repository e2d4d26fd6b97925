"""How a command that speaks iroh lets its user choose the relay: ``--relay URL`` or ``--direct-only``, not both.

Why one home: ``host --internet`` and ``join INVITATION`` offer the same choice, with the same default (n0's
public relays, which only pass on encrypted traffic) and the same check of the URL; only what the choice goes
with, and what going without a relay leaves, differ.
"""

from __future__ import annotations

import argparse


def add_relay_options(parser: argparse.ArgumentParser, goes_with: str, direct_leaves: str) -> None:
    """``--relay URL`` and ``--direct-only``, one or the other; ``goes_with`` says when they count ("with
    --internet"), ``direct_leaves`` what a connection without a relay may still use."""
    relay = parser.add_mutually_exclusive_group()
    relay.add_argument("--relay", default=None, metavar="URL",
                       help=f"{goes_with}: the iroh relay to use when no direct path is found (default: n0's "
                            "public relays, which only pass on encrypted traffic)")
    relay.add_argument("--direct-only", action="store_true",
                       help=f"{goes_with}: no relay and no address lookup; {direct_leaves}")


def chosen_relay(args: argparse.Namespace) -> str | None:
    """The relay setting the options name (``DIRECT_ONLY`` or a checked URL), None when neither was given;
    ValueError says what is wrong with the URL."""
    from patrician_qt.net.invitation import DIRECT_ONLY, check_relay

    if args.direct_only:
        return DIRECT_ONLY
    return None if args.relay is None else check_relay(args.relay)
