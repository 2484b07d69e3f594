"""Shared test helpers: the data folder (tests read only from ``tests/data``)."""
from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """``tests/data``."""
    return DATA
