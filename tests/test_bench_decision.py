"""``benchmarks/bench_decision.py``: CPU seconds a decision on seeded early positions, the
cards chosen shown so that two builds can be compared."""
from __future__ import annotations

import json

import pytest

from hearts.analysis.engine import DEFAULT_ENGINE
from hearts.solver import Rules


@pytest.fixture(scope="module")
def timer(benchmark_script):
    return benchmark_script("bench_decision")


def test_the_default_variant_plays_as_the_default_engine(timer, bench):
    engine = bench.candidate_engine(timer.DEFAULT_VARIANT, "maxn")
    assert engine.but(pass_rollout=DEFAULT_ENGINE.pass_rollout) == DEFAULT_ENGINE


def test_positions_are_seeded_early_and_not_over(timer):
    rules = Rules.preset("openspiel")
    first = timer.positions(6, 3, rules)
    again = timer.positions(6, 3, rules)
    assert [p.history for _, p in first] == [p.history for _, p in again]
    assert all(1 <= len(p.history) <= 5 and p.tricks_played <= 1 for _, p in first)
    assert [p.history for _, p in timer.positions(6, 4, rules)] != [p.history for _, p in first]


def test_a_bot_is_timed_and_its_cards_are_legal(timer, capsys):
    assert timer.main(["--bots", "k4m5o8p5s400b", "--positions", "2", "--seed", "1",
                       "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["bot"] == "k4m5o8p5s400b" and len(row["cards"]) == 2
    assert 0 < row["cpu_mean"] <= row["cpu_max"]
    rules = Rules.preset("openspiel")
    for card, (_, position) in zip(row["cards"], timer.positions(2, 1, rules)):
        assert position.why_illegal(card) is None


@pytest.mark.parametrize("argv, words", [
    (["--bots", "nosuchbot"], "nosuchbot: not an advice-bot variant"),
    (["--positions", "0"], "--positions must be at least 1, got 0"),
])
def test_bad_options_are_one_line_errors(timer, capsys, argv, words):
    assert timer.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err and err.count("\n") == 1
