"""``benchmarks/strength_breakdown.py``: a bot's points against the field by source, Q♠ holder
and how its own Q♠ fell (the rule-bot field, so no OpenSpiel is needed)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from hearts.analysis.bots import openspiel_actions
from hearts.analysis.policy import rule_play
from hearts.solver import Card, Deal, Position, Rules, Seat
from hearts.solver.seats import PassDirection

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "strength_breakdown.py"

# W wins trick 1 with A♣ and leads A♠ to trick 2; N, holding Q♠ and 3♠, plays after it.
DEAL = Deal("N:Q3..JT98765432.2 42...KQJT9876543 KJT98765.32.AKQ. A.AKQJT987654..A")


@pytest.fixture(scope="module")
def breakdown():
    spec = importlib.util.spec_from_file_location("strength_breakdown", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _game(n_plays: list[str]) -> dict:
    """A results line of DEAL (hold) with these first plays, the rule bot after them."""
    position = Position(DEAL, Rules.openspiel())
    for text in n_plays:
        position.play(Card(text))
    while not position.is_over():
        position.play(rule_play(position))
    return {"deal": 0, "seat": None, "bot": "rule", "points": position.score(),
            "settings": {"seed": 1, "rules": "openspiel"},
            "actions": openspiel_actions(DEAL, PassDirection.HOLD, [0] * 4, position.history)}


def test_a_spade_under_the_ace_is_a_missed_drop(breakdown):
    kept = breakdown.seat_game(_game(["2C", "3C", "QD", "AC", "AS", "3S"]), Seat.N)
    assert kept["held"] and kept["missed_drops"] == 1
    dropped = _game(["2C", "3C", "QD", "AC", "AS", "QS"])
    north = breakdown.seat_game(dropped, Seat.N)
    assert (north["missed_drops"], north["queen"], north["own_queen"]) == (0, 0, None)
    # W won the A♠ trick, so W took Q♠, and with it every heart: a moon
    west = breakdown.seat_game(dropped, Seat.W)
    assert (west["queen"], west["hearts"], west["moon_by"], west["held"]) == (1, 13, 1, False)
    assert dropped["points"] == [26, 26, 26, 0]
    assert breakdown.seat_game(dropped, Seat.E)["moon_against"] == 1


def test_the_sources_add_up_to_the_points_the_harness_scored(breakdown, bench, tmp_path):
    out = tmp_path / "games.jsonl"
    assert bench.main(["--opponent", "rule", "--bots", "random", "--deals", "6",
                       "--pass-by", "policy", "--out", str(out), "--json"]) == 0
    games = bench.read_lines(out)
    for g in games:
        for seat in Seat:
            x = breakdown.seat_game(g, seat)
            assert g["points"][seat] == (13 * x["queen"] + x["hearts"] + 26 * x["moon_against"]
                                         - 26 * x["moon_by"])
    result = breakdown.breakdown(games, breakdown.default_bot(games))
    assert (result["bot"], result["deals"], result["seat_games"]) == ("random", 6, 24)
    parts = sum(result["sources"][k]["difference"]
                for k in ("queen", "hearts", "moon_against", "moon_by"))
    assert parts == pytest.approx(result["sources"]["points"]["difference"])
    # every seat passes by the policy, so one seat of each deal held Q♠ after the pass
    assert result["holder"]["held"]["seat_games"] == 6
    assert result["holder"]["not_held"]["seat_games"] == 18


def test_bad_files_are_one_line_errors(breakdown, bench, tmp_path, capsys):
    assert breakdown.main([str(tmp_path / "none.jsonl")]) == 2
    assert capsys.readouterr().err.strip() == f"error: no such results file: {tmp_path}/none.jsonl"
    base = tmp_path / "base.jsonl"
    base.write_text('{"deal": 0, "seat": null, "bot": "rule", "points": [0, 0, 0, 26], '
                    '"seconds": [], "settings": {"seed": 1}}\n')
    assert breakdown.main([str(base)]) == 2
    assert "no bot's seat game" in capsys.readouterr().err


def test_a_truncated_game_is_named_in_its_error(breakdown, capsys, tmp_path):
    game = _game([])
    seat_line = dict(game, seat="N", bot="rule2", seconds=[], actions=game["actions"][:80])
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(json.dumps(dict(g, seconds=[])) for g in (game, seat_line)) + "\n")
    assert breakdown.main([str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: seed 1 deal 0, rule2 (seat N): its actions are no complete deal "
        "(80 tokens, expected 105 for pass direction hold)")
