"""Entry point of the frozen app (PyInstaller and Nuitka bundles).

Why: a frozen program has no Python interpreter to run the bots' spawned worker
processes with, so the executable itself is started again as the worker;
``freeze_support()`` must run first thing to take that path before any argument
parsing or Qt start-up. Everything else is ``patrician_qt.__main__.main``.
"""

import multiprocessing
import sys


def _run() -> int:
    """Take the worker path when started as a multiprocessing child, else run the app."""
    multiprocessing.freeze_support()
    from patrician_qt.__main__ import main

    return int(main() or 0)


if __name__ == "__main__":
    sys.exit(_run())
