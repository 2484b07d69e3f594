"""``hearts convert --to openspiel``: what an action-id line cannot say (rules, the first
leader, an unfinished deal) is refused or named, so that the lines replay to the same deals."""
from __future__ import annotations

import json

import pytest

from conftest import DATA, error_line

RECORDS = DATA / "records"
XINXIN_1 = (RECORDS / "xinxin-train-1.hgn").read_text()


def _write(tmp_path, text: str, name: str = "game.hgn") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_openspiel_rules_convert_without_a_note_and_replay(tmp_path, run_cli):
    result = run_cli("convert", str(RECORDS / "xinxin-train-1.hgn"), "--to", "openspiel")
    assert result.exit_code == 0 and result.stderr == ""
    lines = _write(tmp_path, result.stdout, "x.txt")
    replay = run_cli("replay", lines, "--json")
    assert replay.exit_code == 0, replay.stderr
    assert json.loads(replay.stdout) == [{"line": 1, "pass": "across", "completed": True,
                                          "points": {"N": 0, "E": 1, "S": 7, "W": 18},
                                          "illegal": None}]


def test_other_openspiel_rules_name_the_rules_the_lines_replay_under(tmp_path, run_cli):
    source = _write(tmp_path, XINXIN_1.replace('[Rules "openspiel"]',
                                               '[Rules "standard,no_points_on_first_trick=false"]'))
    result = run_cli("convert", source, "--to", "openspiel")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        "note: these lines replay with --rules 'openspiel,no_pts_on_first_trick=false' "
        "(hearts replay, hearts convert)"]
    lines = _write(tmp_path, result.stdout, "x.txt")
    assert run_cli("replay", lines, "--rules", "openspiel,no_pts_on_first_trick=false"
                   ).exit_code == 0


def test_an_unfinished_deal_with_a_first_leader_is_refused(run_cli):
    # It wrote a 95-id line that `hearts replay` itself rejected, the West leader lost.
    source = RECORDS / "unfinished-any-lead.hgn"
    result = run_cli("convert", str(source), "--to", "openspiel")
    # the input named: the game that cannot be written is one of its games (issue 25)
    assert error_line(result) == (
        f"error: {source}: the game's rules (standard,first_lead=any_card) cannot be written as OpenSpiel "
        "parameters, which an action-id line replays under")


def test_an_unfinished_deal_is_refused(tmp_path, run_cli):
    text = XINXIN_1
    unfinished = text[:text.index("13. ")] + "Points: *\n"
    source = _write(tmp_path, unfinished)
    result = run_cli("convert", source, "--to", "openspiel")
    assert error_line(result) == (
        f"error: {source}: deal 1 is unfinished (48 of 52 cards played): an OpenSpiel line holds a "
        "whole deal")


@pytest.mark.parametrize("rules", ["standard,hearts_broken_by=hearts", "standard,moon=new"])
def test_games_under_other_rules_name_the_game(tmp_path, rules, run_cli):
    two = XINXIN_1 + "\n" + XINXIN_1.replace('[Rules "openspiel"]', f'[Rules "{rules}"]')
    source = _write(tmp_path, two)
    result = run_cli("convert", source, "--to", "openspiel")
    line = error_line(result)
    if rules == "standard,moon=new":           # no moon in the deal: its points stand
        assert line == (f"error: {source}: game 2: the game's rules (standard,moon=new) cannot be "
                        "written as OpenSpiel parameters, which an action-id line replays "
                        "under")
    else:
        assert line == (
            f"error: {source}: game 2 is played under other rules than game 1 "
            "(openspiel,qs_breaks_hearts=false, not openspiel): a file of OpenSpiel lines "
            "replays under one --rules; convert them apart")
