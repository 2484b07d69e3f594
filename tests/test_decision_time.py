"""``benchmarks/decision_time.py``: a match's decisions asked again on two threads (the rule-bot
field, so no OpenSpiel is needed): the same cards as in the match, every decision of trick 1
and after trick 6 timed, and a replay that disagrees with the match refused."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from hearts.solver import Card

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "decision_time.py"
BOT = "k4m5o8p5s400b"


@pytest.fixture(scope="module")
def retimer(bench):
    spec = importlib.util.spec_from_file_location("decision_time", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def match(bench, tmp_path_factory):
    """One deal (left) of the default engine in each seat against rule bots."""
    out = tmp_path_factory.mktemp("match") / "games.jsonl"
    assert bench.main(["--opponent", "rule", "--bots", BOT, "--deals", "1",
                       "--pass-by", "policy", "--out", str(out), "--json"]) == 0
    return out


def test_every_decision_of_trick_1_and_after_trick_6_replays_the_match(retimer, match,
                                                                        capsys):
    capsys.readouterr()
    assert retimer.main([str(match), "--threads", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["bot"], result["threads"], result["seat_games"]) == (BOT, 2, 4)
    # a seat plays once in trick 1 and once in each of tricks 7..13
    phases = result["phases"]
    assert phases["trick 1"]["decisions"] == 4
    assert phases["after trick 6"]["decisions"] == 4 * 7
    assert phases["after trick 6"]["target"] == 0.5
    for s in phases.values():
        assert 0 < s["wall"]["mean"] <= s["wall"]["max"]
        assert 0 <= s["over"] <= s["decisions"]


def test_a_replay_that_plays_another_card_is_refused(retimer, bench, match):
    games = [g for g in bench.read_lines(match) if g["seat"] is not None]

    class Contrary:
        """Another legal card than the match's wherever there is one."""
        def __init__(self, game):
            self.plays = [Card.from_openspiel(a) for a in game["actions"][-52:]]

        def choose_play(self, position, knowledge, key):
            legal = position.legal_moves()
            return next((c for c in legal if c != self.plays[len(position.history)]),
                        legal[0])

    refused = 0
    for game in games:
        try:
            retimer.retime(game, Contrary(game))
        except retimer.UsageError as err:
            assert f"deal 0, seat {game['seat']}, play " in str(err)
            assert "the match recorded" in str(err)
            refused += 1
    assert refused >= 3


def test_a_bot_not_in_the_files_is_one_line(retimer, match, capsys):
    assert retimer.main([str(match), "--bot", "k4s400"]) == 2
    assert capsys.readouterr().err.strip() == "error: the files hold no seat game of k4s400"
    assert retimer.main([str(match.parent / "none.jsonl")]) == 2
    assert capsys.readouterr().err.strip().startswith("error: no such results file: ")
