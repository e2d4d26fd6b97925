"""UI tests run without a display, in English as the app installs it."""

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True, scope="session")
def _english_counts(qapp):
    """English as the app installs it: its catalogue gives counts their singular ("1 floor")."""
    from patrician_qt.ui.text import language

    language.install("en")
