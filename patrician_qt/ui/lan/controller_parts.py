"""What the LAN controller's flows share: its signals, its options and the state they read and write.

Why: ``LanController`` is split by flow (``host_flow``: hosting and the host's table; ``join_flow``:
joining, connecting and remembering tables; ``game_link``: the lobby, the game, chat and the
connection once at a table). Each flow is a class of its own module over this one, so each can
be read alone; the controller (``lan/controller.py``) joins them and owns what they share.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtWidgets import QMenu, QMessageBox, QProgressDialog

from patrician_qt.ui.session.remote import RemoteSession

if TYPE_CHECKING:
    from collections.abc import Sequence

    from patrician_qt.engine import Event
    from patrician_qt.net.hosted import SeatEntry
    from patrician_qt.ui.game.screen import GameScreen
    from patrician_qt.ui.game.trouble import TroubleBox
    from patrician_qt.ui.lan.chat_panel import ChatPanel
    from patrician_qt.ui.lan.connection_banner import ConnectionBanner
    from patrician_qt.ui.lan.hosting import HostedGame
    from patrician_qt.ui.lan.join_dialog import JoinRequest
    from patrician_qt.ui.lan.lobby_view import LobbyView


@dataclass(slots=True)
class LanOptions:
    """Where to listen and browse, and timings; tests bind everything to 127.0.0.1 and shrink waits."""

    bind: str = "0.0.0.0"
    browse_interfaces: list[str] | None = None
    advertise: bool = True
    client_options: dict[str, Any] = field(default_factory=dict)
    host_limits: Any = None  # what a host may send (ui/session/host_budget.HostLimits); None: the defaults
    table_options: Any = None
    host_config: Any = None
    runner: Any = None


#: the host is told this many seconds before a bot takes over a gone player's seat
WARN_BEFORE_S = 20.0


def sentence(text: str) -> str:
    """A message as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class LanSignals(QObject):
    """The LAN controller's one Qt base and its signals (the flows are plain classes at run time: a diamond
    over one Qt class crashes PySide6, see ``tests/meta/test_house_rules.py``)."""

    left = Signal()  # back to the start screen
    inGame = Signal(RemoteSession)  # now shown in the window
    failed = Signal(str, str)  # title, text: a message the user was shown
    _hosted_trouble = Signal(object)  # Trouble of the hosted table, from its loop thread


# the type checker sees each flow as the controller it is joined into; at run time a flow is a plain class
_Flow = LanSignals if TYPE_CHECKING else object


class LanParts(_Flow):  # type: ignore[misc,valid-type]
    """The state of one window's LAN controller, as every flow sees them."""

    window: GameScreen
    settings: QSettings | None
    autosaves: Path | None
    options: LanOptions
    session: RemoteSession | None
    hosted: HostedGame | None
    _starting: HostedGame | None  # a table being opened, until it answers
    is_host: bool
    last_error: tuple[str, str] | None
    message_box: QMessageBox | None
    progress: QProgressDialog | None
    dialog: Any
    _tray: Any
    _token_used: bool
    rematch_box: QMessageBox | None  # "Anna starts a rematch" while it is asked
    close_box: QMessageBox | None  # the host's "Close the table?" while it is asked
    _lobby_address: str  # where the others join, as the lobby shows it
    _table_key: tuple[str, int, str] | None  # the table connected to last (host, port, name)
    _request: JoinRequest  # what the latest connect asked for
    _warned: set[int]  # seats whose "a bot plays for … in 20 s" was said
    _take_earlier: bool  # the host's recent chat lines are shown (this app has none of this table's)
    _clock: QTimer  # while someone is away: their time, and the host's countdowns
    lobby: LobbyView
    chat: ChatPanel
    banner: ConnectionBanner
    table_menu: QMenu
    trouble_box: TroubleBox | None  # made when the hosted table first reports trouble

    if TYPE_CHECKING:  # what one flow calls of another (each is defined once, in its flow or the controller)
        def _connect(self, request: JoinRequest, token: str | None = None,
                     remembered: bool | None = None) -> None: ...
        def _teardown(self, ending: bool = False) -> None: ...
        def _connect_failed(self, title: str, text: str) -> None: ...
        def _error(self, title: str, text: str) -> None: ...
        def _dialog_done(self, dialog: Any) -> None: ...
        def _close_progress(self) -> None: ...
        def _close_confirm(self) -> None: ...
        def _close_hosted(self, ending: bool = False) -> None: ...
        def _remember_hosted(self, session: RemoteSession) -> None: ...
        def _fill_table_menu(self) -> None: ...
        def _tick(self) -> None: ...
        def _place_banner(self) -> None: ...
        def _reset_table_state(self) -> None: ...
        def _new_table(self, key: tuple[str, int, str]) -> None: ...
        def _log_events(self, events: Sequence[Event], turns_before: int) -> None: ...
        def forget_hosted(self) -> None: ...
        def show_invitation(self) -> None: ...
        def forget_rejoin(self) -> None: ...
        def leave(self) -> None: ...
        def join(self, request: JoinRequest, token: str | None = None) -> None: ...
        def join_game(self, again: JoinRequest | None = None, problem: str = "") -> None: ...
        def can_rematch(self) -> bool: ...
        def _remember(self, table: str, session: RemoteSession) -> None: ...
        def _hand_to_bot(self, seat: int) -> None: ...
        def _hold(self, seat: int, hold: bool) -> None: ...
        def _lobby_changed(self, seats: list[SeatEntry]) -> None: ...
        def _enter_game(self) -> None: ...
        def _chat(self, sender: str, text: str) -> None: ...
        def _earlier_chat(self, sender: str, text: str) -> None: ...
        def _connection(self, state: str, error: str) -> None: ...
        def _notice(self, text: str) -> None: ...
        def _caught_up(self, missed: list[Event], seconds: float) -> None: ...
        def _rematch_opened(self) -> None: ...
