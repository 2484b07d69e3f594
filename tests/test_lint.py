"""The package, its tests, benchmarks and doc scripts pass pyflakes: no unused import, no
undefined name, no f-string without a placeholder (skipped where pyflakes is not installed: it
is in the test extras, not a dependency of the package).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

pyflakes_api = pytest.importorskip("pyflakes.api")

ROOT = Path(__file__).parent.parent
CHECKED = ("solver", "analysis", "puzzles", "tests", "benchmarks", "docs")

class _Collect:
    """A pyflakes reporter that keeps each note as ``path: message``, without the line."""

    def __init__(self) -> None:
        self.notes: list[str] = []

    def _where(self, filename: str) -> str:
        return Path(os.path.relpath(filename, ROOT)).as_posix()

    def flake(self, message) -> None:
        self.notes.append(f"{self._where(message.filename)}: "
                          f"{message.message % message.message_args}")

    def unexpectedError(self, filename: str, msg: str) -> None:
        self.notes.append(f"{self._where(filename)}: {msg}")

    def syntaxError(self, filename: str, msg: str, lineno: int, offset: int, text: str) -> None:
        self.notes.append(f"{self._where(filename)}: line {lineno}: {msg}")


def test_pyflakes_notes_nothing():
    found = _Collect()
    pyflakes_api.checkRecursive([str(ROOT / folder) for folder in CHECKED], found)
    assert sorted(found.notes) == []
