"""Cross-check with OpenSpiel's Hearts engine: 260 peer deals (tests/data/peer-games).

Each deal is replayed under its own OpenSpiel parameters (``Rules.from_openspiel_dict``): at every
play our seat to move and legal set equal the recorded ones, and the final points (after the moon
rule) equal the recorded ``points``.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from hearts.analysis.openspiel import load_peer_record, replay
from hearts.solver import Position, Seat

from conftest import DATA

RECORDS = [json.loads(line) for line in
           (DATA / "peer-games" / "openspiel-hearts.jsonl").read_text().splitlines() if line.strip()]


def test_there_are_260_records_over_five_rule_sets():
    assert len(RECORDS) == 260
    rule_sets = Counter(json.dumps(r["rules"], sort_keys=True) for r in RECORDS)
    assert sorted(rule_sets.values()) == [52, 52, 52, 52, 52]


@pytest.mark.parametrize("number", range(1, len(RECORDS) + 1))
def test_peer_deal_legal_sets_and_points(number):
    record = load_peer_record(RECORDS[number - 1], number)
    position = Position(record.deal, record.rules)
    for index, play in enumerate(record.play_records):
        assert position.to_move is play.seat, f"play {index + 1}"
        assert frozenset(position.legal_moves()) == play.legal, f"play {index + 1}"
        position.play(play.card)
    assert position.is_over()
    assert position.score() == record.points


def test_peer_moons_are_scored_0_and_26():
    moons = 0
    for number, data in enumerate(RECORDS, start=1):
        result = replay(load_peer_record(data, number))
        assert result.completed and result.legal
        if sorted(result.points) == [0, 26, 26, 26]:
            moons += 1
            shooter = Seat(result.points.index(0))
            assert result.position.points[shooter] == 26
    assert moons == 14
