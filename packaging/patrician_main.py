"""Entry point of the frozen app (PyInstaller and Nuitka bundles).

Why: a frozen program has no Python interpreter to run the bots' spawned worker
processes with, so the executable itself is started again as the worker;
``freeze_support()`` must run first thing to take that path before any argument
parsing or Qt start-up. On Windows the program is a GUI program (no console window when
started from the menu), which cmd.exe and PowerShell start without a console or standard
handles: it attaches to the console it was started from, so ``--version``, ``--help``,
``--self-test`` and error messages show there. And while it runs it holds a named mutex, by which
the installer and uninstaller see that the game is running (Windows keeps a running program's files,
which they could then neither replace nor remove). Everything else is ``patrician_qt.__main__.main``.
"""

import multiprocessing
import sys

ATTACH_PARENT_PROCESS = -1
# The installer and uninstaller look for this name (packaging/windows/patrician.nsi: keep them equal).
RUNNING_MUTEX = "PatricianGameRunning"


def _announce_running() -> None:
    """Windows: hold the named mutex as long as this process lives (the system closes it when the game ends)."""
    if sys.platform != "win32":
        return
    import ctypes

    ctypes.windll.kernel32.CreateMutexW(None, False, RUNNING_MUTEX)


def _attach_parent_console() -> None:
    """Windows: write to the console of the program that started this one, when there is one and no output is set.

    Output redirected to a file or a pipe keeps going there; started from the Start menu or Explorer
    there is no parent console and nothing changes.
    """
    if sys.platform != "win32" or (sys.stdout is not None and sys.stderr is not None):
        return
    import ctypes

    if not ctypes.windll.kernel32.AttachConsole(ATTACH_PARENT_PROCESS):
        return
    console = open("CONOUT$", "w", encoding="utf-8", errors="replace", buffering=1)  # lives as long as the app
    if sys.stdout is None:
        sys.stdout = console
    if sys.stderr is None:
        sys.stderr = console


def _run() -> int:
    """Take the worker path when started as a multiprocessing child, else run the app."""
    multiprocessing.freeze_support()
    _announce_running()
    _attach_parent_console()
    from patrician_qt.__main__ import main

    return int(main() or 0)


if __name__ == "__main__":
    sys.exit(_run())
