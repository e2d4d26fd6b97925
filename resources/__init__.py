"""Art and text shipped with the game (installed as ``patrician_qt.resources``)."""
