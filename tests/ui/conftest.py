"""UI tests run without a display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _english_counts(qapp):
    """English as the app installs it: its catalogue gives counts their singular ("1 floor")."""
    from patrician_qt.ui.text import language

    language.install("en")
