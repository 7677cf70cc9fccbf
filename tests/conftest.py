"""Project-wide test configuration. Package-specific fixtures live in each tests/<pkg>/conftest.py."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def disturb_global_random():
    """Call between two runs of a determinism test: the module-level RNG must not matter."""

    def disturb() -> None:
        random.seed(987654321)
        for _ in range(1000):
            random.random()

    return disturb
