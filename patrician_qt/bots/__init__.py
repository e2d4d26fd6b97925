"""Computer opponents: they choose a turn from a seat's view, never the true state."""
