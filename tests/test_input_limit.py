"""Input files are read up to a limit (``hearts.analysis.files.MAX_INPUT_BYTES``): ``hearts
replay /dev/zero`` read until memory ran out (a MemoryError traceback under a ulimit). Beyond
the limit every command gives one line naming the file and the limit, exit code 2."""
from __future__ import annotations

import io
import os

import pytest

from hearts.analysis import files, puzzles, records
from hearts.solver import HeartsError

from conftest import DATA, error_line

ZERO = "/dev/zero"
needs_dev_zero = pytest.mark.skipif(not os.path.exists(ZERO), reason="no /dev/zero")


@pytest.fixture
def one_kib(monkeypatch):
    """A 1 KiB limit, so that a test reads little."""
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", 1024)


@needs_dev_zero
def test_an_endless_file_stops_at_the_limit(run_cli):
    # replay reads a line at a time (issue 25): a line holds the limit of a file
    assert error_line(run_cli("replay", ZERO)) == (
        "error: /dev/zero: line 1 is longer than the 256 MiB limit for an input file")


@needs_dev_zero
@pytest.mark.parametrize("args", [
    ["replay", ZERO],
    ["convert", ZERO],
    ["annotate", ZERO],
    ["play", ZERO],
    ["puzzle", "--file", ZERO, "--answer", "2C"],
    ["puzzle", "mine", ZERO],
])
def test_every_command_reading_files_has_the_limit(one_kib, args, run_cli):
    # the commands that stream read a line at a time (issue 25), the others the whole file
    line = "line 1 is longer" if args[0] in ("replay", "convert", "annotate") else "larger"
    assert error_line(run_cli(*args)) == (
        f"error: /dev/zero: {line} than the 1 KiB limit for an input file")


def test_stdin_has_the_limit(one_kib, run_cli):
    result = run_cli("convert", "-", input=b"x" * 1025)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: stdin: line 1 is longer than the 1 KiB limit for an input file"]


def test_a_file_at_the_limit_is_read(one_kib, tmp_path):
    path = tmp_path / "big.hgn"
    path.write_bytes(b"\n" * 1024)
    assert files.read_text(str(path)) == "\n" * 1024
    path.write_bytes(b"\n" * 1025)
    with pytest.raises(files.InputFileError,
                       match=f"^{path}: larger than the 1 KiB limit for an input file$"):
        files.read_text(str(path))


def test_the_python_readers_have_the_limit(one_kib):
    game = (DATA / "records" / "xinxin-train-1.hgn").read_text()
    with pytest.raises(HeartsError, match="^the input: larger than the 1 KiB limit"):
        records.load(io.StringIO(game))
    with pytest.raises(HeartsError, match="^the input: larger than the 1 KiB limit"):
        puzzles.load(io.StringIO("\n" * 1025))


def test_the_limit_is_far_above_the_largest_real_input():
    largest = max(p.stat().st_size for p in DATA.rglob("*") if p.is_file())
    assert largest * 100 < files.MAX_INPUT_BYTES
