"""Fixtures of the real-screen tests: X servers of a given size, one per size and module."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.screen.desktop import Desktop


@pytest.fixture(scope="module")
def desktop_of(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Desktop]]:
    made: dict[str, Desktop] = {}

    def get(screen: str) -> Desktop:
        if screen not in made:
            d = Desktop(tmp_path_factory.mktemp(f"x{screen}"), screen=f"{screen}x24")
            d.start()
            made[screen] = d
        return made[screen]

    yield get
    for d in made.values():
        d.stop()
