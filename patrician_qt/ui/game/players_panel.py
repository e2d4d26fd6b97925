"""The players panel's words: which table this is in its title, and under each name a human or a bot's
level, whose hand is shown, and a seat's connection.

Why a part of its own: the labels follow the session (replay, local humans, a seat's status) and the
view shown; the window hands in the game on screen and asks for a redraw when either changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

if TYPE_CHECKING:
    from patrician_qt.engine import View
    from patrician_qt.ui.board.players_model import PlayersModel
    from patrician_qt.ui.game.game_page import GamePage
    from patrician_qt.ui.game.on_screen import OnScreen


def _t(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class PlayersPanel(QObject):
    """Puts a view into the players model with each seat's label, and the table kind into the title."""

    def __init__(self, on_screen: OnScreen, players_model: PlayersModel, page: GamePage) -> None:
        super().__init__(players_model)
        self._on_screen = on_screen
        self._model = players_model
        self._page = page

    def show(self, view: View, viewer: int | None) -> None:
        """The players as ``viewer`` sees them (None: a spectator), and which table this is."""
        self._model.set_view(view, self.seat_labels(viewer))
        self._show_table(view.get("visibility", "open"))

    def refresh(self) -> None:
        """Redraw for the update on screen (e.g. a seat's connection changed)."""
        update = self._on_screen.shown_update
        if update is not None and self._on_screen.session is not None:
            viewer = self._on_screen.viewer(update)
            self._model.set_view(update.view(viewer), self.seat_labels(viewer))

    def seat_labels(self, viewer: int | None) -> list[str]:
        """Labels under the players' names: human or bot level, and whose hand is shown."""
        session = self._on_screen.session
        assert session is not None
        replay = session.replay() is not None
        local = session.local_humans()
        out = []
        for i, s in enumerate(session.seats()):
            if replay:
                label = _t("Seat {n}").format(n=i + 1)
            elif s.is_bot:
                label = _t("Bot · {level}").format(level=_t((s.level or "").capitalize()))
            else:
                label = _t("Human")
            if i == viewer:
                label = (_t("{label} · you") if i in local else _t("{label} · hand shown")).format(label=label)
            status = session.seat_status(i)
            if status:  # "offline 0:35 · bot in 25 s" says it is a person's seat: no "Human ·" before it
                label = status[:1].upper() + status[1:] if i != viewer else f"{label} · {status}"
            out.append(label)
        return out

    def _show_table(self, visibility: str) -> None:
        """The players' title says which table this is (R26 rulebook, R26a open); its tooltip says what that shows."""
        from patrician_qt.ui.game.table_choice import table_explained

        title = _t("Players · open table") if visibility == "open" else _t("Players · as in the box")
        self._page.players_title.setText(title)
        self._page.players_title.setToolTip(table_explained(visibility))
        self._page.players_title.setAccessibleDescription(table_explained(visibility))
