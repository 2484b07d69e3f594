"""The 25 xinxin deals and OpenSpiel's golden Hearts playthrough (tests/data/openspiel_xinxin).

Facts from the data's README: all 25 deals are legal under OpenSpiel's default rules with the
points below; with Q♠ not breaking hearts, train lines 4, 9, 10, 11, 14, 15, 16, 17 and 19 lead a
heart after only the Q♠ had been played.
"""
from __future__ import annotations

import re

import pytest

from hearts.analysis.openspiel import parse_action_line, parse_action_lines, replay
from hearts.solver import Card, PassDirection, Rules

from conftest import DATA

XINXIN = DATA / "openspiel_xinxin"
TRAIN = list(parse_action_lines((XINXIN / "xinxin_train.txt").read_text()))
TEST = list(parse_action_lines((XINXIN / "xinxin_test.txt").read_text()))

# Points per seat N E S W.
TRAIN_POINTS = [
    [0, 1, 7, 18], [2, 14, 10, 0], [2, 4, 13, 7], [8, 14, 2, 2], [9, 0, 17, 0],
    [0, 0, 12, 14], [3, 23, 0, 0], [6, 13, 0, 7], [14, 4, 4, 4], [0, 9, 0, 17],
    [0, 10, 13, 3], [3, 4, 5, 14], [6, 13, 5, 2], [19, 7, 0, 0], [20, 0, 0, 6],
    [3, 0, 13, 10], [3, 21, 2, 0], [0, 7, 4, 15], [5, 0, 8, 13], [14, 3, 5, 4],
]
TEST_POINTS = [[1, 0, 18, 7], [7, 4, 2, 13], [8, 0, 5, 13], [16, 1, 0, 9], [1, 6, 15, 4]]
ILLEGAL_WITHOUT_QUEEN_BREAKING = {4, 9, 10, 11, 14, 15, 16, 17, 19}


def test_file_contents():
    assert len(TRAIN) == 20
    assert len(TEST) == 5
    directions = [g.direction for g in TRAIN + TEST]
    assert directions.count(PassDirection.HOLD) == 6
    assert directions.count(PassDirection.LEFT) == 7
    assert directions.count(PassDirection.ACROSS) == 9
    assert directions.count(PassDirection.RIGHT) == 3


@pytest.mark.parametrize("line", range(1, 21))
def test_train_deal_is_legal_under_openspiel_rules_with_its_points(line):
    result = replay(TRAIN[line - 1], Rules.openspiel())
    assert result.legal and result.completed
    assert result.points == TRAIN_POINTS[line - 1]


@pytest.mark.parametrize("line", range(1, 6))
def test_test_deal_is_legal_under_openspiel_rules_with_its_points(line):
    result = replay(TEST[line - 1], Rules.openspiel())
    assert result.legal and result.completed
    assert result.points == TEST_POINTS[line - 1]


@pytest.mark.parametrize("line", range(1, 21))
def test_train_deal_without_queen_breaking_hearts(line):
    result = replay(TRAIN[line - 1], Rules.openspiel(qs_breaks_hearts=False))
    if line in ILLEGAL_WITHOUT_QUEEN_BREAKING:
        assert not result.legal
        assert result.illegal_card.suit == 2  # a heart lead
        assert result.illegal_reason.endswith("hearts are not broken")
        assert result.position.trick == []    # it was a lead
        assert Card("QS") in result.position.history
    else:
        assert result.legal and result.points == TRAIN_POINTS[line - 1]


def test_test_deals_stay_legal_without_queen_breaking_hearts():
    assert all(replay(g, Rules.openspiel(qs_breaks_hearts=False)).legal for g in TEST)


def test_action_ids_round_trip():
    # The deal ids come back in a canonical order (each hand ascending), so compare the games.
    for game in TRAIN + TEST:
        again = parse_action_line(" ".join(map(str, game.action_ids())))
        assert (again.direction, again.dealt, again.passes, again.deal, again.plays) == (
            game.direction, game.dealt, game.passes, game.deal, game.plays)


def test_openspiel_playthrough_final_points():
    """The golden playthrough's last ``History()`` line is a no-pass deal's 105 action ids."""
    text = (XINXIN / "playthrough_hearts.txt").read_text()
    histories = re.findall(r"^History\(\) = \[([0-9, ]*)\]$", text, flags=re.MULTILINE)
    final = histories[-1].replace(",", " ")
    game = parse_action_line(final)
    assert game.direction is PassDirection.HOLD
    result = replay(game, Rules.openspiel())
    assert result.completed and result.legal
    assert result.points == [14, 4, 1, 7]
    assert result.position.tricks()[0][1] == [Card("2C"), Card("KC"), Card("3C"), Card("6C")]
