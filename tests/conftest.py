"""Shared test helpers: the data folder (tests read only from ``tests/data``), the ``hearts``
command in-process, and an iterable that counts what is drawn from it."""
from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session", autouse=True)
def _cache_dir(tmp_path_factory):
    """The commands' cache folder (``hearts puzzle``'s last puzzle served) in a temp dir, for
    the tests in-process and the ``hearts`` they start: never the user's own."""
    import os
    from hearts.analysis.cli.puzzle import CACHE_ENV
    saved = os.environ.get(CACHE_ENV)
    os.environ[CACHE_ENV] = str(tmp_path_factory.mktemp("cache"))
    yield
    if saved is None:
        del os.environ[CACHE_ENV]
    else:
        os.environ[CACHE_ENV] = saved


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """``tests/data``."""
    return DATA


def run_hearts(*args: str):
    """Run the ``hearts`` command in-process; stdout and stderr apart (old click needs
    ``mix_stderr=False``)."""
    from typer.testing import CliRunner

    from hearts.analysis.cli import app
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        runner = CliRunner()
    return runner.invoke(app, list(args))


def error_line(result) -> str:
    """The one ``error:`` line of a run that must fail with exit code 2."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    return lines[0]


class Counted:
    """An iterable that counts the items drawn from it (lazy consumers must stop early)."""

    def __init__(self, items):
        self.items = iter(items)
        self.drawn = 0

    def __iter__(self):
        for item in self.items:
            self.drawn += 1
            yield item
