"""Help ▸ About: the app's name, version and icon, the licences, and that this is an unofficial fan game."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from patrician_qt import __version__


def _t(text: str) -> str:
    return QCoreApplication.translate("About", text)


class AboutDialog(QDialog):
    """Why: players and packagers need the version, the licence and the fan-project notice in one place."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(_t("About Patrician"))
        self.setAccessibleName(_t("About Patrician"))
        icon = QLabel(self)
        app = QCoreApplication.instance()
        app_icon = QIcon(app.windowIcon()) if isinstance(app, QGuiApplication) else QIcon()
        icon.setPixmap(app_icon.pixmap(96, 96))
        icon.setAccessibleName(_t("Patrician icon"))
        title = QLabel(f"<h2>Patrician</h2><p>{_t('Version {version}').format(version=__version__)}</p>", self)
        title.setAccessibleName(_t("Patrician, version {version}").format(version=__version__))
        text = QLabel(self)
        text.setWordWrap(True)
        text.setTextFormat(Qt.TextFormat.RichText)
        text.setOpenExternalLinks(False)
        text.setText(
            "<p>"
            + _t(
                "A desktop version of the board game Patrician (Patrizier) for LAN games, "
                "hot-seat games and games against the computer."
            )
            + "</p><p><b>"
            + _t(
                "This is an unofficial fan implementation. It is not affiliated with or endorsed by "
                "AMIGO Spiele or the game's authors; all art and text in it are our own."
            )
            + "</b></p><p>"
            + _t("Our code is under the MIT licence. It uses Qt and PySide6 (LGPL-3.0), msgpack and zeroconf.")
            + "</p>"
        )
        text.setAccessibleName(_t("About this program"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(_t("Close"))
        top = QHBoxLayout()
        top.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(title, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(text)
        layout.addWidget(buttons)
        self.setMinimumWidth(460)
