"""A shown game window with a seeded bot game's config, for the pictures ``patrician screenshot`` takes
(a still in ``screenshot.py``, a moving one in ``motion_clip.py``)."""

from __future__ import annotations

from typing import Any


def bot_game_window(players: int, size: tuple[int, int], seed: int, lang: str | None, level: str,
                    names: tuple[str, ...] | None, visibility: str) -> tuple[Any, Any, Any]:
    """The app, a shown game window at ``size`` (bots at Instant) and a seeded bot game's config."""
    from patrician_qt.engine import default_colors
    from patrician_qt.ui.app.run import make_app
    from patrician_qt.ui.game.main_window import MainWindow
    from patrician_qt.ui.session.config import GameConfig, SeatConfig

    app = make_app(["patrician"], lang)
    names = names or ("Anna", "Ben", "Cleo", "Dario", "Emma")
    cfg = GameConfig([SeatConfig(names[i], c, "bot", level) for i, c in enumerate(default_colors(players))], seed,
                     visibility)
    window = MainWindow(None)
    window.set_speed("instant")
    window.resize(*size)
    window.show()
    return app, window, cfg
