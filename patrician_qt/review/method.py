"""Which way of judging made a kept review.

Why it is kept with each review: a review is computed once and kept with its game, but the estimate behind its
verdicts has changed (first the split-half lead of ``estimate`` replaced the best found minus the turn played;
then the two measuring searches' own values replaced playouts by the greedy bot, and the verdicts' bounds
moved with each; then the bounds were doubled in the middle of a game, where the measure is noisier). A review
made the old way would show verdicts by other bounds beside new ones, so it is judged again instead. Raise
``METHOD`` whenever a kept review's figures would change.

Its own module, without the search, so that the history can ask without importing the bots.
"""

from __future__ import annotations

from typing import Any

#: the way reviews are made now (2: the split-half lead over greedy playouts; 3: two measuring searches; 4: the
#: same, with wider verdict bounds in turns 13 to 36)
METHOD = 4


def is_current(review: Any) -> bool:
    """Whether a kept review was made the way reviews are made now (older ones are computed again)."""
    return isinstance(review, dict) and review.get("method") == METHOD


__all__ = ["METHOD", "is_current"]
