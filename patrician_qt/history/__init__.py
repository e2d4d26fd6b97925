"""The history of finished games: an SQLite file in the app's data folder, its figures, CSV export and
forgetting (no Qt here: ``patrician stats`` and the window share it)."""
