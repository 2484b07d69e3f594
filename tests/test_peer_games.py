"""Cross-check with OpenSpiel's Hearts engine: 260 peer deals (tests/data/peer-games).

Each deal is replayed under its own OpenSpiel parameters (``Rules.from_openspiel_dict``): at every
play our seat to move and legal set equal the recorded ones, and the final points (after the moon
rule) equal the recorded ``points``.
"""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from hearts.analysis.openspiel import load_peer_record, replay
from hearts.solver import Card, Position, Seat

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


def _edited(path, value):
    data = json.loads(json.dumps(RECORDS[0]))
    where = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return data


@pytest.mark.parametrize("path, value, message", [
    # was "malformed field 'deal' ('str' object has no attribute 'items')"
    (("deal",), "hello",
     'malformed field \'deal\' (expected an object {"N": [cards], ...}, not a string "hello")'),
    # "yes" was taken for true (the only error a points mismatch later), 1 for true
    (("rules", "jd_bonus"), "yes",
     'malformed field \'rules\' (jd_bonus: expected true or false, not a string "yes")'),
    (("rules", "qs_breaks_hearts"), 1,
     "malformed field 'rules' (qs_breaks_hearts: expected true or false, not a number 1)"),
    (("rules", "pass_cards"), None,
     "malformed field 'rules' (pass_cards: expected true or false, not null)"),
    # "18" and 18.0 were read as 18, true as 1
    (("points", "S"), "18",
     'malformed field \'points\' (S: expected a whole number, not a string "18")'),
    (("points", "S"), 18.0,
     "malformed field 'points' (S: expected a whole number, not a number 18.0)"),
    (("points", "N"), True,
     "malformed field 'points' (N: expected a whole number, not a boolean true)"),
    (("pass_direction",), 0,
     "malformed field 'pass_direction' (expected left, right, across or hold, not a number 0)"),
    (("deal", "N"), "7S 6S",
     'malformed field \'deal\' (N: expected an array of cards, not a string "7S 6S")'),
    (("plays", 2), "4C",
     'malformed field \'plays\' (play 3: expected an object {"seat": ..., "card": ...}, not a '
     'string "4C")'),
    (("plays", 2, "card"), 4,
     "malformed field 'plays' (play 3 card: expected a card, not a number 4)"),
    (("plays", 2, "legal"), None,
     "malformed field 'plays' (play 3 legal: expected an array of cards, not null)"),
    (("policy",), 1, "malformed field 'policy' (expected a string, not a number 1)"),
])
def test_a_peer_field_of_the_wrong_json_type_is_named(tmp_path, path, value, message):
    from typer.testing import CliRunner

    from hearts.analysis.cli import app
    from hearts.analysis.records.importers import from_peer_record
    from hearts.solver import RecordSyntaxError
    data = _edited(path, value)
    expected = rf"^line 3: peer record: {re.escape(message)}$"
    for read in (load_peer_record, from_peer_record):
        with pytest.raises(RecordSyntaxError, match=expected):
            read(data, 3)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(RECORDS[1]) + "\n" + json.dumps(data) + "\n")
    result = CliRunner().invoke(app, ["convert", str(bad)])
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [f"error: {bad}: line 2: peer record: {message}"]


def test_a_peer_line_that_is_no_object_is_one_error_line():
    from hearts.solver import RecordSyntaxError
    with pytest.raises(RecordSyntaxError, match=r"^line 2: peer record: expected a JSON object, "
                                                r"not list$"):
        load_peer_record([1, 2], 2)


@pytest.mark.parametrize("legal, message", [
    # converted with exit 0 and no word: the record's own cross-check was never read
    (["2S"], "peer record: play 6 (TS by S): not in the record's own legal list (2S)"),
    ([], "peer record: play 6 (TS by S): not in the record's own legal list (none)"),
    (["JS", "TS", "QS"], "peer record: play 6 (TS by S): the record's legal list (TS JS QS) "
                         "differs from the legal cards under its rules (TS JS)"),
])
def test_a_peer_legal_list_must_hold_the_card_and_match_the_rules(tmp_path, legal, message):
    from typer.testing import CliRunner

    from hearts.analysis.cli import app
    from hearts.analysis.records.importers import from_peer_record
    from hearts.solver import RecordSyntaxError
    assert RECORDS[0]["plays"][5] == {"seat": "S", "card": "TS", "legal": ["JS", "TS"]}
    data = _edited(("plays", 5, "legal"), legal)
    with pytest.raises(RecordSyntaxError, match=rf"^line 1: {re.escape(message)}$"):
        from_peer_record(data, 1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(data) + "\n")
    result = CliRunner().invoke(app, ["convert", str(bad)])
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [f"error: {bad}: line 1: {message}"]


def test_a_peer_play_without_a_legal_list_is_read():
    from hearts.analysis.records.importers import from_peer_record
    data = json.loads(json.dumps(RECORDS[0]))
    del data["plays"][5]["legal"]
    assert from_peer_record(data, 1).deals[0].cards[5] == Card("TS")
