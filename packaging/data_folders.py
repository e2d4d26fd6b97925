"""Print, as JSON, where the built app keeps its files on this system, with the user's folders as variables.

Run by build.py with the build's own interpreter on the target system (the build venv on Linux,
the Windows build interpreter under Wine), so that the docs name the folders the app really uses
(they once said ``%APPDATA%`` where the app writes ``%LOCALAPPDATA%`` and the registry). It asks
the app's own functions (``patrician_qt.ui.app.folders``) and Qt, as the app does at start, and
writes each answer with the user's folders replaced by ``~`` (Linux, macOS) or ``%LOCALAPPDATA%``,
``%APPDATA%``, ``%USERPROFILE%`` (Windows). A script, never a module of packaging/.
"""

from __future__ import annotations

import json
import os
import sys


def as_variables(path: str) -> str:
    """A path with the user's folders written as variables (longest first)."""
    if sys.platform == "win32":
        names = ("LOCALAPPDATA", "APPDATA", "USERPROFILE")
        found = sorted(((os.environ[n], n) for n in names if os.environ.get(n)), key=lambda v: -len(v[0]))
        for value, name in found:
            if path.lower().startswith(value.lower()):
                return f"%{name}%" + path[len(value):]
        return path
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if path == home or path.startswith(home + "/") else path


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QSettings

    from patrician_qt.ui.app import run
    from patrician_qt.ui.app.folders import app_data_dir, user_saves_dir

    QCoreApplication.setOrganizationName(run.ORG)
    QCoreApplication.setApplicationName(run.APP)
    app = QCoreApplication([])  # noqa: F841 (Qt's paths need the application object)
    data = app_data_dir()
    settings = QSettings().fileName()
    print(json.dumps({
        "app_data": as_variables(str(data)),
        "saves": as_variables(str(user_saves_dir(data))),
        # the registry key on Windows (\HKEY_CURRENT_USER\Software\...), a file elsewhere
        "settings": as_variables(settings).lstrip("\\"),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
