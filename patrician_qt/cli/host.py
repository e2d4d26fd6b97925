"""`patrician host`: a headless LAN host with bots filling seats (no Qt at run time).

Why: a LAN party needs a table that runs on an always-on machine without a
window; this wires `patrician_qt.table.Table` to `net.host.Host`, logs joins,
turns and results, autosaves, and shuts down cleanly on Ctrl-C / SIGTERM.
The lead wires `add_parser` and `run` into `patrician_qt.__main__`;
`python -m patrician_qt.cli.host ...` runs it directly too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from patrician_qt.cli.relay_choice import add_relay_options, chosen_relay
from patrician_qt.net import DEFAULT_PORT

__all__ = ["add_parser", "build_parser", "run"]

if TYPE_CHECKING:
    from patrician_qt.engine import Event

log = logging.getLogger("patrician.host")

#: a headless host has nobody to click "Try again": it retries a failed bot or autosave by itself
RETRY_AFTER_S = 30.0


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", default="Patrician", help="table name shown to others")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help="TCP port (default 47147; 0 picks a free one and logs it)")
    parser.add_argument("--bind", default="0.0.0.0",
                        help="address to listen on (default: every IPv4 interface)")
    parser.add_argument("--seats", default="human,human",
                        help="comma list of human and bot[:random|easy|medium|hard|expert]")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal and the bots")
    parser.add_argument("--table", choices=("rulebook", "open"), default=None,
                        help="rulebook (the default, R26): others see only the top card of a "
                             "stack and how many fame tiles were won; open (R26a): every stack, "
                             "tile and score is shown to everyone. A resumed game keeps its own")
    parser.add_argument("--resume", type=Path, default=None, metavar="SAVE",
                        help="continue a saved or autosaved game (same seats and tokens)")
    parser.add_argument("--autosave-dir", type=Path, default=None, metavar="DIR",
                        help="where autosaves go (default $XDG_DATA_HOME/patrician)")
    parser.add_argument("--discard-unfinished", action="store_true",
                        help="start a new game although the table's autosave holds an unfinished one: "
                             "the new game replaces it once it starts (without this, the host refuses)")
    parser.add_argument("--no-zeroconf", action="store_true",
                        help="do not advertise on the LAN (join by host:port only)")
    parser.add_argument("--internet", action="store_true",
                        help="open the table for the internet too: prints an invitation to send to friends "
                             "(iroh: end-to-end encrypted, dialled by this host's key, which is kept in the "
                             "autosave folder so the invitation stays valid when the table is hosted again). "
                             "Its UDP port is --port's number")
    add_relay_options(parser, "with --internet",
                      "guests reach this host only at the addresses in the invitation (give a fixed --port)")
    parser.add_argument("--once", action="store_true",
                        help="exit 0 once the game is over and autosaved")
    parser.add_argument("--takeover-after", type=float, default=60.0, metavar="SECONDS",
                        help="hand a gone player's seat to a bot after this long (default 60)")
    parser.add_argument("--bot-deadline", type=float, default=2.0, metavar="SECONDS",
                        help="thinking time per bot turn (default 2)")
    parser.add_argument("--idle-timeout", type=float, default=9.0, metavar="SECONDS",
                        help="drop a peer silent this long (default 9)")
    parser.add_argument("--wait-for-start", action="store_true",
                        help="do not start when every seat is filled: wait until Enter is pressed on this "
                             "terminal (the players meet in the lobby first; with open seats, it starts "
                             "with the filled ones)")
    parser.add_argument("--quiet", action="store_true", help="log warnings only")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `host` subcommand to `patrician`'s subparsers."""
    parser = subparsers.add_parser("host", help="run a headless LAN host",
                                   description=__doc__.splitlines()[0])
    _configure(parser)
    parser.set_defaults(func=run)
    return parser


def build_parser() -> argparse.ArgumentParser:
    """A stand-alone parser (for `python -m patrician_qt.cli.host`)."""
    parser = argparse.ArgumentParser(prog="patrician host", description=__doc__.splitlines()[0])
    _configure(parser)
    return parser


class _Logger:
    """A table listener that logs what happens at the table."""

    def __init__(self, table: Any) -> None:
        self._table = table

    def table_changed(self, seq: int, events: Sequence[Event]) -> None:
        """Log turns and seat events."""
        for ev in events:
            if ev["e"] == "played":
                log.info("seat %s plays %s", ev["seat"], ev["card"])
            elif ev["e"] == "ended":
                log.info("game over: %s", ev["result"])
            elif ev["e"] in ("joined", "left", "replaced"):
                log.info("%s", ev)

    def lobby_changed(self) -> None:
        """Nothing to log (joins are logged by the host)."""

    def chat(self, sender: str, text: str) -> None:
        """Log chat."""
        log.info("chat <%s> %s", sender, text)

    def table_trouble(self, trouble: Any) -> None:
        """A bot could not play or the autosave failed: say so in the log and the chat, retry later."""
        log.error("%s; trying again in %.0f s", trouble, RETRY_AFTER_S)
        self._table.say("host", f"The host has a problem: {trouble}. It tries again in {RETRY_AFTER_S:.0f} s.")
        asyncio.get_running_loop().call_later(RETRY_AFTER_S, self._table.retry)


def unfinished_text(found: Any) -> str:
    """Why `patrician host` will not start a new game over an unfinished one, and what to do."""
    if found.problem is not None:
        head = (f"{found.path} cannot be read ({found.problem}), and a new game of this table "
                f"would overwrite it.")
        resume = "  To keep it: move it elsewhere (it may hold an unfinished game)."
    else:
        players = ", ".join(found.players)
        head = (f"{found.path} holds an unfinished game of table {found.table!r} ({players}; "
                f"{found.turns} turns played), and a new game of this table would overwrite it.")
        resume = f"  To continue it:  patrician host --resume {found.path}"
    return "\n".join((head, resume,
                      "  To throw it away: add --discard-unfinished (the new game replaces it when it starts).",
                      "  Or give the new table another --name."))


async def _serve(args: argparse.Namespace) -> int:
    from patrician_qt.net.host import Host, HostConfig
    from patrician_qt.table import SaveError, Table, TableOptions, default_data_dir, parse_seats
    from patrician_qt.table.saves import unfinished_autosave

    options = TableOptions(takeover_after_s=args.takeover_after, bot_deadline_s=args.bot_deadline,
                           auto_start=not args.wait_for_start)
    try:
        if args.resume is not None:
            table = Table.resume(args.resume, autosave_dir=args.autosave_dir, options=options)
            if args.table is not None and args.table != table.visibility:
                log.warning("--table %s ignored: the resumed game keeps its table (%s)",
                            args.table, table.visibility)
        else:
            seats = parse_seats(args.seats)
            directory = args.autosave_dir or default_data_dir()
            found = unfinished_autosave(directory, args.name)
            if found is not None and not args.discard_unfinished:
                log.error("%s", unfinished_text(found))
                return 2
            table = Table(args.name, seats, seed=args.seed, autosave_dir=directory, options=options,
                          replace_unfinished=args.discard_unfinished, visibility=args.table or "rulebook")
    except SaveError as exc:
        log.error("cannot resume: %s", exc)
        return 2
    except ValueError as exc:
        log.error("%s", exc)
        return 2
    try:
        listeners = _internet(args)
    except (OSError, ValueError, ImportError) as exc:
        log.error("cannot open for the internet: %s", exc)
        await table.close()
        return 2
    host = Host(table, args.bind, args.port, advertise=not args.no_zeroconf,
                config=HostConfig(idle_timeout=args.idle_timeout), listeners=listeners)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await host.start()
    except OSError as exc:
        log.error("cannot listen on %s port %d: %s", args.bind, args.port, exc.strerror or exc)
        await table.close()
        return 2
    except Exception as exc:  # the internet endpoint could not bind (iroh's own error)
        log.error("cannot open for the internet: %s", exc)
        await host.close()
        await table.close()
        return 2
    for listener in listeners:
        _print_invitation(listener.invitation)
    unlisten = table.listen(_Logger(table))
    log.info("table %r (%s table) on port %d, autosave %s", table.name, table.visibility, host.port,
             table.autosave_file)
    with contextlib.suppress(Exception):  # only a hint for people joining by hand
        from patrician_qt.net.discovery import local_addresses

        log.info("players can join by hand at %s",
                 ", ".join(f"{a}:{host.port}" for a in local_addresses(args.bind)))
    if args.wait_for_start and table.phase() == "lobby":
        _start_on_enter(table, loop)
    waiters: list[asyncio.Task[Any]] = [loop.create_task(stop.wait())]
    if args.once:
        waiters.append(loop.create_task(table.wait_over()))
    try:
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in waiters:
            task.cancel()
        unlisten()
        await table.flush()
        await host.close()
        await table.close()
        log.info("stopped; autosave %s", table.autosave_file)
    return 0


def _internet(args: argparse.Namespace) -> list[Any]:
    """The iroh listener --internet asks for (none without it), with the table's lasting key."""
    if not args.internet:
        if args.relay is not None or args.direct_only:
            raise ValueError("--relay and --direct-only go with --internet")
        return []
    from patrician_qt.net._iroh_transport import IrohListener
    from patrician_qt.net.invitation import DEFAULT_RELAY, load_or_create_key
    from patrician_qt.table import default_data_dir

    relay = chosen_relay(args) or DEFAULT_RELAY
    key = load_or_create_key(args.autosave_dir or default_data_dir())
    bind = f"[{args.bind}]" if ":" in args.bind else args.bind
    return [IrohListener(key, relay, bind=f"{bind}:{args.port}")]


def _print_invitation(invitation: Any) -> None:
    """The invitation on standard output (for people, and for scripts: the line that starts "patrician:")."""
    print("Invitation to this table over the internet (send it to your friends; anyone who has it can join):",
          flush=True)
    print(invitation.link, flush=True)
    print(f"The host's key begins {invitation.short_id}: the app checks it, nobody in between can pass for "
          f"this host.", flush=True)
    log.info("open for the internet; invitation %s", invitation.link)


def _start_on_enter(table: Any, loop: asyncio.AbstractEventLoop) -> None:
    """--wait-for-start: each line typed on the terminal asks the table to start (a daemon thread reads it)."""
    from patrician_qt.net.hosted import Refused

    def start() -> None:
        if table.phase() != "lobby":
            return
        try:
            table.start_now()
        except Refused as exc:
            log.warning("cannot start yet: %s", exc.message)

    def read() -> None:
        for _line in sys.stdin:
            loop.call_soon_threadsafe(start)

    log.info("press Enter to start the game (the seats filled so far play)")
    threading.Thread(target=read, name="host-start-key", daemon=True).start()


def run(args: argparse.Namespace) -> int:
    """Run the host until stopped (or, with --once, until the game is over); the exit status."""
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        return asyncio.run(_serve(args))
    except KeyboardInterrupt:
        return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point for `python -m patrician_qt.cli.host`."""
    return run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
