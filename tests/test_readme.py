"""README.md stays true: its Python examples run, and its test command is the one CI runs."""
from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CI = ROOT / ".ci" / "run"

pytestmark = pytest.mark.skipif(not README.exists(), reason="README.md is not beside the tests")


def _python_blocks(text: str) -> list[tuple[int, str]]:
    """The fenced ```python blocks of a Markdown text, with their first line numbers."""
    blocks = []
    for match in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
        blocks.append((text.count("\n", 0, match.start()) + 2, match.group(1)))
    return blocks


def test_readme_python_examples_run():
    text = README.read_text(encoding="utf-8")
    blocks = _python_blocks(text)
    assert blocks, "README.md has no python examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for lineno, block in blocks:
        test = parser.get_doctest(block, {}, f"README.md:{lineno}", str(README), lineno)
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0
    assert results.failed == 0


def test_readme_test_command_is_the_ci_command():
    text = README.read_text(encoding="utf-8")
    # The same extras as CI: test, and bench (open-spiel, for tests/test_referee.py).
    installs = [line for line in text.splitlines() if "pip install '.[test,bench]' && " in line]
    assert len(installs) == 1, installs
    command = installs[0].split(" && ")[-1].strip()
    assert command.startswith("python -m pytest")
    ci_lines = [line.strip() for line in CI.read_text().splitlines()]
    assert any(line.startswith(command + " ||") or line == command for line in ci_lines), \
        f"{command!r} is not run by .ci/run"
    assert "pip install '.[test,bench]'" in ci_lines
