"""Help ▸ About names the version from the package and says this is an unofficial fan game."""

from PySide6.QtWidgets import QLabel

from patrician_qt import __version__
from patrician_qt.ui.reach.about_dialog import AboutDialog


def test_about_dialog_shows_version_licence_and_fan_notice(qtbot):
    dlg = AboutDialog()
    qtbot.addWidget(dlg)
    dlg.show()
    text = " ".join(label.text() for label in dlg.findChildren(QLabel))
    assert __version__ in text
    assert "unofficial fan implementation" in text
    assert "MIT" in text and "LGPL" in text
