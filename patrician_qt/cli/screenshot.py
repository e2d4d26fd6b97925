"""``patrician screenshot OUT.png``: play K turns of a seeded bot game and save the real window as PNG."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from patrician_qt.net.hosted import clean_name, name_problem, shown_name


def add_screenshot_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Register ``screenshot`` on the ``patrician`` command line."""
    p = subparsers.add_parser("screenshot", help="render the main window after K turns of a seeded bot game to PNG")
    p.add_argument("out", metavar="OUT.png", help="where to write the PNG")
    p.add_argument("--players", type=int, default=None,
                   help="2 to 5 seats, all bots (default: as many as --names, else 4)")
    p.add_argument("--names", default=None, metavar="A,B,C",
                   help="the players' names, comma-separated (default Anna, Ben, Cleo, Dario, Emma)")
    p.add_argument("--turns", type=int, default=0, help="turns to play first; past the end shows the score sheet")
    p.add_argument("--seat", type=int, default=0, help="whose view (and hand) to show (default 0)")
    p.add_argument("--size", default="1280x720", help="window size WxH (default 1280x720)")
    p.add_argument("--lang", default=None, help="language code, e.g. de (default: English)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deal and the bots (default 1)")
    p.add_argument("--level", default="easy", help="bot level (default easy)")
    p.add_argument("--table", choices=("rulebook", "open"), default="rulebook",
                   help="rulebook (R26, default: others' stacks below the top card and won tiles hidden) or open "
                        "(R26a: everything shown)")
    p.add_argument("--panel", choices=("window", "players"), default="window",
                   help="save the whole window (default) or only the players panel")
    p.add_argument("--motion", type=int, default=0, metavar="N",
                   help="after --turns, film N more turns as an animated PNG (APNG) at --speed")
    p.add_argument("--speed", choices=("fast", "normal", "slow"), default="normal", help="speed of --motion")
    p.add_argument("--scale", type=float, default=0.5, help="size of --motion's frames against the window (0.5)")
    p.set_defaults(func=screenshot_main)
    return p


def parse_size(text: str) -> tuple[int, int]:
    """'1280x720' → (1280, 720); ValueError with a clear message otherwise."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size must look like 1280x720, not {text!r}") from None
    if not (640 <= w <= 7680 and 400 <= h <= 4320):
        raise ValueError(f"--size {text} is out of range (640x400 to 7680x4320)")
    return w, h


def parse_names(text: str | None, players: int | None) -> tuple[int, tuple[str, ...] | None]:
    """'A,B,C' → (3, ('A', 'B', 'C')); None → (players or 4, None); ValueError with a clear message otherwise."""
    if text is None:
        return (4 if players is None else players), None
    names = tuple(n.strip() for n in text.split(","))
    if any(not n for n in names):
        raise ValueError(f"--names needs a name between every two commas, not {text!r}")
    for n in names:  # the rule of every name at a table: plain text, no bidi override to turn a line
        if (problem := name_problem(n)) is not None:
            raise ValueError(f"--names: {shown_name(n)!r}: {problem}")
    names = tuple(clean_name(n) for n in names)
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("--names: two players have the same name")
    if players is not None and players != len(names):
        raise ValueError(f"--players {players} but {len(names)} names")
    return len(names), names


def screenshot_main(args: argparse.Namespace) -> int:
    """Render and save; 0 on success, 2 with a message on bad arguments."""
    try:
        size = parse_size(args.size)
        args.players, names = parse_names(getattr(args, "names", None), args.players)
        if not 2 <= args.players <= 5:
            raise ValueError(f"--players must be 2 to 5, not {args.players}")
        if not 0 <= args.seat < args.players:
            raise ValueError(f"--seat must be 0 to {args.players - 1}")
        if args.turns < 0:
            raise ValueError("--turns must be 0 or more")
        if not str(args.out).lower().endswith(".png"):
            raise ValueError("OUT must be a .png file")
        if getattr(args, "motion", 0) < 0 or not 0.1 <= getattr(args, "scale", 0.5) <= 1.0:
            raise ValueError("--motion must be 0 or more and --scale 0.1 to 1")
    except ValueError as exc:
        print(f"patrician screenshot: {exc}", file=sys.stderr)
        return 2
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if getattr(args, "motion", 0):
        from patrician_qt.cli.motion_clip import record

        count, size_b = record(str(args.out), args.players, args.turns, args.motion, args.seat, size, args.seed,
                               args.lang, args.level, names, args.table, args.speed, args.scale)
        if not count:
            print(f"patrician screenshot: could not film {args.out}", file=sys.stderr)
            return 1
        print(f"{args.out}: {count} frames, {size_b / 1024:.0f} KiB")
        return 0
    image, _ = render(args.players, args.turns, args.seat, size, args.seed, args.lang, args.level, names=names,
                      visibility=args.table, panel=args.panel)
    if image is None or not image.save(str(args.out)):
        print(f"patrician screenshot: could not write {args.out}", file=sys.stderr)
        return 1
    print(args.out)
    return 0


def render(players: int, turns: int, seat: int, size: tuple[int, int], seed: int, lang: str | None = None,
           level: str = "easy", timeout_s: float = 120.0,
           names: tuple[str, ...] | None = None, visibility: str = "rulebook",
           panel: str = "window") -> tuple[Any, int]:
    """Play ``turns`` turns (or to the end) and grab the window (or the players panel): (QImage or None, turns)."""
    from PySide6.QtCore import QEventLoop, QRect, QTimer

    from patrician_qt.cli.bot_window import bot_game_window
    from patrician_qt.engine import stack_size
    from patrician_qt.ui.session.local import LocalSession

    app, window, cfg = bot_game_window(players, size, seed, lang, level, names, visibility)
    loop = QEventLoop()
    shown = {"n": -1, "ok": False}

    def on_shown(update: object) -> None:
        shown["n"] += 1
        if shown["n"] >= turns or getattr(update, "over", False):
            if not shown["ok"]:  # keep exactly this position on screen: stop following the game
                try:
                    session.updated.disconnect(window.presenter.push)
                except (RuntimeError, TypeError):
                    pass
                window.presenter.clear()
            shown["ok"] = True
            loop.quit()

    window.shown.connect(on_shown)
    session = LocalSession(cfg)
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    window.start_session(session, watch_seat=seat)
    if not shown["ok"]:
        loop.exec()
    window.session = None  # stop following, keep what is on screen
    for _ in range(3):
        app.processEvents()
    if panel == "players":  # the panel's title (it names the table) and the plaques
        page = window.page
        top_left = page.players_title.mapTo(window, page.players_title.rect().topLeft())
        bottom_right = page.players_view.mapTo(window, page.players_view.rect().bottomRight())
        image = window.grab(QRect(top_left, bottom_right)).toImage() if shown["ok"] else None
    else:
        image = window.grab().toImage() if shown["ok"] else None
    on_screen = window.shown_update
    played = sum(stack_size(p) for p in on_screen.view(None)["players"]) if on_screen is not None else -1
    session.close()
    window.close()
    return image, played


def main(argv: list[str] | None = None) -> int:
    """Run as ``python -m patrician_qt.cli.screenshot OUT.png …`` (what ``patrician screenshot`` calls)."""
    parser = argparse.ArgumentParser(prog="patrician")
    sub = parser.add_subparsers()
    add_screenshot_parser(sub)
    args = parser.parse_args(["screenshot", *(sys.argv[1:] if argv is None else argv)])
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
