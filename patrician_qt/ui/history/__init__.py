"""The app's side of the history of finished games: keeping each finished game as it ends."""
