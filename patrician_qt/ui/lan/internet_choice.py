"""The Host dialog's "Open for the internet" row: a check box and the relay setting.

Why a widget of its own: the dialog's LAN rows stay as they were; this row only adds the choice
to let friends elsewhere in by invitation (net/_iroh_transport.py) and which relay to fall
back on: n0's public relays (the default), one of one's own (a URL), or none ("direct").
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox, QLineEdit, QVBoxLayout, QWidget

from patrician_qt.net.invitation import DEFAULT_RELAY, check_relay
from patrician_qt.ui.lan.internet import HOST_KEY, RELAY_KEY


class InternetChoice(QWidget):
    """Whether to open the table for the internet too, and through which relay."""

    def __init__(self, settings: QSettings | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        row = QVBoxLayout(self)  # the relay under the box: its URL needs the width
        row.setContentsMargins(0, 0, 0, 0)
        self.open = QCheckBox(self.tr("Open for the internet too (friends join by invitation)"), self)
        self.open.setToolTip(self.tr("End-to-end encrypted. If no direct path is found, the traffic goes through "
                                     "a relay, which passes on encrypted packets only."))
        self.relay = QLineEdit(self)
        self.relay.setPlaceholderText(self.tr("relay: default, direct, or https://…"))
        self.relay.setToolTip(self.tr("default: n0's public relays · direct: no relay · or your own relay's URL"))
        self.relay.setAccessibleName(self.tr("Relay"))
        row.addWidget(self.open)
        row.addWidget(self.relay)
        on = settings is not None and str(settings.value(HOST_KEY, "false")).lower() == "true"
        self.open.setChecked(on)
        saved = str(settings.value(RELAY_KEY, DEFAULT_RELAY)) if settings is not None else DEFAULT_RELAY
        self.relay.setText("" if saved == DEFAULT_RELAY else saved)
        self.open.toggled.connect(self.relay.setEnabled)
        self.relay.setEnabled(on)

    def problem(self) -> str:
        """What must be fixed ("" when nothing): a relay that is no URL."""
        if not self.open.isChecked():
            return ""
        try:
            check_relay(self.relay.text())
        except ValueError:
            return self.tr("the relay must be “default”, “direct” or a URL such as https://relay.example.org")
        return ""

    def value(self) -> str | None:
        """The relay setting when the table opens for the internet too, else None."""
        if not self.open.isChecked() or self.problem():
            return None
        return check_relay(self.relay.text())

    def remember(self) -> None:
        """Keep the choice for the next table (and "Host again")."""
        if self.settings is not None:
            self.settings.setValue(HOST_KEY, self.open.isChecked())
            if not self.problem():
                self.settings.setValue(RELAY_KEY, check_relay(self.relay.text()))
