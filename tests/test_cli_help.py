"""The help texts and the small manners of the ``hearts`` command (issue 27, item 6): flags
shown without a type, usage lines without braces, option suggestions only when close, a
closed pipe on stdout ends quietly with exit code 0, one wording for each file error."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
import typer.main
from conftest import DATA, error_line

from hearts.analysis.cli import app
from hearts.analysis.cli.help import close_options

COMMANDS = [[], ["solve"], ["replay"], ["convert"], ["play"], ["moon"], ["pass"], ["annotate"],
            ["serve"], ["rules"], ["rules", "show"], ["puzzle"], ["puzzle", "check"], ["puzzle", "mine"]]


def test_every_command_is_covered():
    group = typer.main.get_command(app)
    names = set()

    def walk(cmd, path):
        names.add(tuple(path))
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, path + [name])
    walk(group, [])
    assert names == {tuple(c) for c in COMMANDS}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "hearts")
def test_help_shows_no_bool_type_and_no_braces(command, run_cli):
    result = run_cli(*command, "--help")
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "<bool>" not in text
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "{" not in usage and "}" not in usage, usage
    assert "--help" in text


def test_usage_names_required_arguments_bare(run_cli):
    usage = lambda *c: next(line for line in run_cli(*c, "--help").stdout.splitlines()  # noqa: E731
                            if "Usage:" in line).split()
    assert usage("pass")[-1] == "HAND"
    assert usage("replay")[-1] == "FILE"
    assert usage("annotate")[-1] == "FILES..."
    assert usage("solve")[-1] == "[DEAL]"
    assert usage("puzzle", "check")[-1] == "[FILE]"


def test_a_flag_given_a_value_is_an_extra_argument(run_cli):
    line = error_line(run_cli("solve", "example", "--json", "true"))
    assert "unexpected extra argument" in line and "true" in line


def test_an_option_is_suggested_only_when_close(run_cli):
    assert error_line(run_cli("solve", "--colour", "x")) == \
        "error: No such option: --colour (see 'hearts solve --help')"
    line = error_line(run_cli("pass", "AKQ5.5432.432.32", "--seeds", "3"))
    assert "--seed" in line
    assert close_options("--colour", ["--scores", "--seat", "--color"]) == ["--color"]
    assert close_options("--jsn", ["--json", "--nodes"]) == ["--json"]
    assert close_options("--colour", ["--scores"]) == []


def _hearts_into_closed_pipe(*args: str) -> subprocess.CompletedProcess:
    """``hearts ARGS | head -c 1``: the reader takes one byte and goes away."""
    script = (f"{sys.executable} -m hearts.analysis.cli {' '.join(args)} | head -c 1 "
              "> /dev/null; echo ${PIPESTATUS[0]}")
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "80"})


@pytest.mark.parametrize("args", [("rules",), ("--help",), ("solve", "example"),
                                  ("replay", str(DATA / "openspiel_xinxin" / "xinxin_train.txt"))])
def test_a_closed_pipe_ends_quietly_with_exit_code_0(args):
    done = _hearts_into_closed_pipe(*args)
    assert done.stdout.strip() == "0", done.stderr
    assert done.stderr == ""


@pytest.mark.parametrize("command", [["replay"], ["convert"], ["annotate"], ["play"],
                                     ["puzzle", "check"], ["puzzle", "--file"]])
def test_one_wording_for_a_missing_file_and_a_directory(command, tmp_path, run_cli):
    missing = tmp_path / "missing.txt"
    assert error_line(run_cli(*command, str(missing))) == \
        f"error: {missing}: no such file or directory"
    assert error_line(run_cli(*command, str(tmp_path))) == \
        f"error: {tmp_path}: is a directory, not a file"
