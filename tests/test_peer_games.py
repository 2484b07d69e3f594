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


@pytest.mark.parametrize("change, message", [
    # each was a Python traceback from hearts convert, annotate and puzzle mine
    ({"deal": None}, "malformed field 'deal'"),
    ({"rules": "x"}, "malformed field 'rules'"),
    ({"points": None}, "malformed field 'points'"),
    ({"plays": None}, "malformed field 'plays'"),
    ({"passes": None}, "malformed field 'passes'"),
])
def test_a_malformed_peer_field_is_one_error_line(tmp_path, change, message):
    from typer.testing import CliRunner

    from hearts.analysis.cli import app
    from hearts.solver import RecordSyntaxError
    data = dict(RECORDS[0], **change)
    with pytest.raises(RecordSyntaxError, match=rf"^line 3: peer record: {message} \("):
        load_peer_record(data, 3)
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(data) + "\n")
    for command in (["convert"], ["annotate"], ["puzzle", "mine"]):
        result = CliRunner().invoke(app, [*command, str(path)])
        assert result.exit_code == 2, (command, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output and message in result.output


def test_a_peer_line_that_is_no_object_is_one_error_line():
    from hearts.solver import RecordSyntaxError
    with pytest.raises(RecordSyntaxError, match=r"^line 2: peer record: expected a JSON object, "
                                                r"not list$"):
        load_peer_record([1, 2], 2)
