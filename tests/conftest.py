"""Shared test helpers: the data folder (tests read only from ``tests/data``), the ``hearts``
command in-process (the ``run_cli`` fixture), and an iterable that counts what is drawn from it.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from typing import Mapping

import pytest
from click.testing import Result
from typer.testing import CliRunner

from hearts.analysis.cli import app
from hearts.analysis.cli.puzzle import CACHE_ENV

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session", autouse=True)
def _cache_dir(tmp_path_factory):
    """The commands' cache folder (``hearts puzzle``'s last puzzle served) in a temp dir, for
    the tests in-process and the ``hearts`` they start: never the user's own."""
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


def _run_cli(*args: str, input: str | bytes | None = None,
             env: Mapping[str, str] | None = None) -> Result:
    """Run ``hearts ARGS...`` in-process; see :func:`run_cli`."""
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click < 8.2
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(app, list(args), input=input, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception      # a traceback fails the test where it happened
    return result


@pytest.fixture(scope="session")
def run_cli():
    """The ``hearts`` command in-process: ``run_cli(*args, input=None, env=None)`` returns
    click's ``Result``: ``exit_code``, and ``stdout`` and ``stderr`` apart (``output`` is
    both). ``input`` is the standard input (text or bytes), ``env`` extra environment
    variables (``{"COLUMNS": "80"}``). An exception other than the command's exit is raised,
    so that a traceback fails the test where it happened."""
    return _run_cli


def _chromium() -> str | None:
    """Debian's chromium binary (``HEARTS_CHROMIUM`` overrides the search)."""
    for name in (os.environ.get("HEARTS_CHROMIUM"), "chromium", "chromium-browser"):
        if name and (path := shutil.which(name)):
            return path
    return None


@pytest.fixture(scope="module")
def browser():
    """A headless chromium driven by Playwright (the browser tests of the HTML report and the
    board); skipped with the reason when chromium or Playwright is missing."""
    path = _chromium()
    if path is None:
        pytest.skip("no chromium binary on PATH (CI installs Debian's chromium in .ci/run; "
                    "apt-get install chromium to run the browser tests)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="playwright is not installed (pip install '.[test]')")
    with sync_api.sync_playwright() as p:
        # --no-sandbox: CI runs as root, where chromium's sandbox refuses to start.
        b = p.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def slow_after(cases, fast: int) -> list:
    """``cases`` (parameter tuples, or single values) as ``pytest.param`` with all but the first
    ``fast`` marked ``slow``: a few cases of a long brute-force check stay in the development
    loop (``-m "not slow"``); CI runs them all."""
    return [pytest.param(*(case if isinstance(case, tuple) else (case,)),
                         marks=() if index < fast else pytest.mark.slow)
            for index, case in enumerate(cases)]


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


def _benchmark_script(name: str):
    """``benchmarks/<name>.py`` as a module (the benchmarks are scripts, not a package; a
    script may import its neighbours, as it does when run)."""
    folder = Path(__file__).resolve().parent.parent / "benchmarks"
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(folder))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return module


@pytest.fixture(scope="session")
def benchmark_script():
    """Loads a script of ``benchmarks/`` as a module: ``benchmark_script("fit_pass_value")``."""
    return _benchmark_script


@pytest.fixture(scope="session")
def bench():
    """``benchmarks/bench_strength.py`` as a module."""
    return _benchmark_script("bench_strength")
