"""Qt's own messages on stderr, less one line of noise from the window-less platforms.

Why: on the offscreen (and minimal) platform every shown window makes Qt print "This plugin does not
support propagateSizeHints()" — a note that the platform ignores size hints, which is no problem at
all, yet it is the first thing ``--self-test`` and ``screenshot`` printed. Every other
message is written as Qt writes it.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QMessageLogContext, QtMsgType, qFormatLogMessage, qInstallMessageHandler

NOISE = ("This plugin does not support propagateSizeHints()",)
_installed = False


def _handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Drop the known noise; write everything else to stderr."""
    if message in NOISE:
        return
    print(qFormatLogMessage(kind, context, message), file=sys.stderr, flush=True)  # as Qt formats it


def quiet_platform_noise() -> None:
    """Install the filter once (the app, the self-test and the screenshot command call it)."""
    global _installed
    if not _installed:
        qInstallMessageHandler(_handler)
        _installed = True
