"""The Qt front-end: models, views, windows and dialogs.

Importing this package first pins ``None``, ``True`` and ``False`` (see ``_pin_singletons``).
"""

from __future__ import annotations

import sys


def _pin_singletons() -> None:
    """Make None/True/False immortal under Python 3.11, as Python 3.12+ does for every process.

    Why: the installed PySide6 6.12 abi3 build drops one reference to ``None`` on every
    void call (``QPainter.setPen`` …) and to ``True`` on every ``Signal.emit``; on 3.12+
    these objects are immortal so nothing happens, but on 3.11 their counts reach zero
    within seconds of painting and the interpreter aborts ("none_dealloc"). Setting
    their reference counts very high is exactly what 3.12's immortal objects do.
    pyproject.toml keeps 6.12 off Python 3.11; this guard stays for installs that ignore it.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    import ctypes

    for obj in (None, True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value = 1 << 60


_pin_singletons()
