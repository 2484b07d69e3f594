"""``hearts solve --record FILE --at N`` and the two deal conventions (issue 27, item 3):
``hearts solve DEAL`` takes the hands after the pass, an HGN ``[Deal]`` the hands before it; a
deal before the pass used with ``--played`` is caught by its plays and the fix named."""
from __future__ import annotations

import json

import pytest
from conftest import DATA, error_line

from hearts.solver import Deal, PassDirection
from hearts.solver.passing import passes_that_fit

RECORD = DATA / "records" / "xinxin-train-1.hgn"
#: xinxin train game 1: the [Deal] of the HGN record (before the pass across) and after it
BEFORE = "N:2.QJT653.9863.Q5 876.K82.Q52.8742 QJ93.A94.J74.A63 AKT54.7.AKT.KJT9"
AFTER = "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97"
PLAYED = ("2C AC KC QC QS AS AH 8S TD 9D 2D 4D KD 3D QD JD TS 8D 7S 3S 7C QH TC 6C 7H 9H 8H "
          "6H JS 6S 7D KH")


def test_the_record_at_32_is_the_endgame_example(run_cli):
    by_record = run_cli("solve", "--record", str(RECORD), "--at", "32", "--json")
    by_example = run_cli("solve", "example", "--json")
    assert by_record.exit_code == 0, by_record.stderr
    record, example = json.loads(by_record.stdout), json.loads(by_example.stdout)
    assert [(c["card"], c["value"], c["pv"]) for c in record["cards"]] == \
        [(c["card"], c["value"], c["pv"]) for c in example["cards"]]
    # the default model, auto: exact max^n with 5 tricks left (paranoid: 7, 7, 7, 8, 8)
    assert [c["value"] for c in record["cards"]] == [6, 6, 6, 7, 8]


def test_the_record_header_names_the_file_the_deal_and_the_plays(run_cli):
    result = run_cli("solve", "--record", str(RECORD), "--at", "32", "--model", "maxn")
    assert result.exit_code == 0, result.stderr
    head = " ".join(result.stdout.split())
    assert head.startswith(f"record {RECORD}, deal 1, after 32 of 52 plays; deal after the "
                           f"pass {AFTER}")


def test_a_record_of_several_deals_takes_deal(run_cli):
    source = DATA / "openspiel_xinxin" / "xinxin_train.txt"
    result = run_cli("solve", "--record", str(source), "--deal", "3", "--at", "40",
                        "--model", "maxn", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["seat"] in "NESW"
    assert "holds 20 deals" in error_line(run_cli("solve", "--record", str(source),
                                                     "--deal", "21", "--at", "3"))


@pytest.mark.parametrize("args, message", [
    (["--record", str(RECORD)], f"error: {RECORD}: deal 1 is over after 52 plays: give --at "
                                "0..51, the plays already made"),
    (["--record", str(RECORD), "--at", "60"], "error: --at 60: deal 1 records 52 plays "
                                              "(give 0..51)"),
    (["example", "--record", str(RECORD)], "error: give one of DEAL, --example and --record"),
    (["--record", str(RECORD), "--at", "3", "--played", "5C"],
     "error: --played goes with DEAL; with --record give --at, the plays already made"),
    (["example", "--at", "3"], "error: --deal and --at go with --record; with DEAL use --played"),
])
def test_record_options_that_do_not_go_together(args, message, run_cli):
    assert error_line(run_cli("solve", *args)) == message


def test_a_deal_before_the_pass_is_caught_by_its_plays_and_the_fix_named(run_cli):
    line = error_line(run_cli("solve", BEFORE, "--played", " ".join(PLAYED.split()[:8])))
    assert line == ('error: card 7 of --played ("AH"): North does not hold AH; if DEAL is the '
                    'deal before the pass (as an HGN [Deal] tag gives it), the plays fit a pass '
                    'across: hearts solve takes the hands after the pass, and solves a record\'s '
                    'position with --record FILE --at N')


def test_an_illegal_play_of_cards_held_gets_no_hint(run_cli):
    line = error_line(run_cli("solve", AFTER, "--played", "2C 9H"))
    assert line == 'error: card 2 of --played ("9H"): South must follow clubs'
    line = error_line(run_cli("solve", AFTER, "--played", "2C 2C"))
    assert line == 'error: card 2 of --played ("2C"): 2C was already played'


def test_passes_that_fit_the_plays():
    plays = PLAYED.split()
    before, after = Deal(BEFORE), Deal(AFTER)
    assert passes_that_fit(before, plays) == [PassDirection.ACROSS]
    # every seat plays only its own cards: no pass is needed, each direction fits
    assert passes_that_fit(after, plays) == [PassDirection.LEFT, PassDirection.ACROSS,
                                             PassDirection.RIGHT]
    assert passes_that_fit(before, plays[:4]) == passes_that_fit(after, plays[:4])
    assert passes_that_fit(before, []) == []
    # a seat's own cards only fit without a pass
    assert passes_that_fit(after, plays, pass_count=0) == passes_that_fit(after, plays)
    assert passes_that_fit(before, plays, pass_count=0) == []
