"""The play-model fit of the inference (``benchmarks/fit_play_noise.py``): known answers on
the rule bot's own games and on xinxin's, and one-line errors on bad files."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "fit_play_noise.py"
STRENGTH = ROOT / "benchmarks" / "bench_strength.py"
XINXIN = Path(__file__).resolve().parent / "data" / "openspiel_xinxin" / "xinxin_train.txt"


@pytest.fixture(scope="module")
def fit(benchmark_script):
    return benchmark_script("fit_play_noise")


def _run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, cwd=cwd)


def test_the_rule_bots_own_games_fit_no_noise(fit, tmp_path):
    # The rule-bot field's baseline games: every play with a choice is the rule bot's card.
    out = tmp_path / "rule.jsonl"
    done = subprocess.run([sys.executable, str(STRENGTH), "--opponent", "rule", "--bots",
                           "random", "--deals", "2", "--out", str(out)], capture_output=True)
    assert done.returncode == 0, done.stderr
    played = fit.games([out], baseline=True)
    assert len(played) == 2
    rows = fit.fit(played)
    assert sum(n for n, _, _ in rows) > 40
    for n, match, random in rows:
        if n:
            assert match == 1.0
            assert 0.0 < random < 1.0


def test_xinxin_games(fit):
    # The figures of docs/experiments.md, "Inference from the other seats' plays".
    played = fit.games([XINXIN], baseline=False)
    assert len(played) == 20
    rows = dict(zip(("lead", "over", "duck", "last", "discard"), fit.fit(played)))
    assert [rows[k][0] for k in ("lead", "over", "duck", "last", "discard")] == [
        220, 57, 321, 12, 195]
    assert rows["duck"][1] == pytest.approx(0.636, abs=5e-4)
    assert rows["discard"][1] == pytest.approx(0.579, abs=5e-4)
    assert rows["lead"][1] == pytest.approx(0.155, abs=5e-4)


@pytest.mark.parametrize("content, args, message", [
    ("garbage\n", [], "line 1, column 1: token 1 'garbage' is not an integer action id"),
    ("", [], "no game in it"),
    ('{"deal": 0, "seat": null', ["--baseline"], "line 1: not JSON"),
    ('{"deal": 0}\n', ["--baseline"], "line 1: not a game of this harness"),
    ("", ["--baseline"], "no game in it (no baseline game"),
    ("garbage\n", ["--reading", "0.6,abc"], "'0.6,abc' is not a list of numbers"),
    ("garbage\n", ["--reading", "1.5"], "noise 1.5 is not in 0..1"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, content, args, message):
    path = tmp_path / "in.txt"
    path.write_text(content)
    done = _run(*args, str(path))
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_text() == content


def test_missing_file_and_directory(tmp_path):
    for args, message in (([str(tmp_path / "none.txt")], "cannot read it (No such file"),
                          (["--baseline", str(tmp_path / "none.jsonl")], "no such file"),
                          ([str(tmp_path)], "cannot read it (Is a directory)")):
        done = _run(*args)
        assert done.returncode == 2
        assert message in done.stderr.strip().splitlines()[-1]
        assert "Traceback" not in done.stderr
