"""Test-wide settings: Qt renders offscreen (no display on CI)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
