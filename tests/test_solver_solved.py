"""The solver reproduces every solved position of ``tests/data/solved`` exactly.

108 positions (2 to 9 tricks left, 12 of them with a moon still possible) valued by an independent
double-dummy program (see ``tests/data/solved/README.md``): for every legal card of the seat to
move, its final points when it minimises them and the other three seats maximise them (paranoid,
standard points, old moon), and whether it can still force taking all 26 points.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.solver import Position, Rules, Seat
from hearts.solver.solve import Solver

SOLVED = Path(__file__).parent / "data" / "solved"


def load(name: str) -> list[dict]:
    lines = (SOLVED / name).read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


RECORDS = [(f"{name.split('.')[0]}-{i}", record)
           for name in ("positions.jsonl", "moon-positions.jsonl")
           for i, record in enumerate(load(name))]


def cases():
    for ident, record in RECORDS:
        yield pytest.param(record, id=f"{ident}-{record['tricks_left']}tricks")


def rules_of(record: dict) -> Rules:
    """Standard rules; the records say whether Q♠ breaks hearts (OpenSpiel ``qs_breaks_hearts``)."""
    flags = record["rules"]
    assert flags["preset"] == "standard" and flags["moon"] == "old"
    assert flags["no_pts_on_first_trick"] is True
    return Rules(hearts_broken_by="hearts_or_queen" if flags["qs_breaks_hearts"] else "hearts")


def position_of(record: dict) -> Position:
    position = Position(record["deal"], rules_of(record), record["played"])
    # The replay agrees with the record's own summary of the position.
    assert position.to_move is Seat.parse(record["to_move"])
    assert position.tricks_played == 13 - record["tricks_left"]
    assert len(position.trick) == record["cards_on_trick"]
    assert position.points == [record["points_so_far"][s.letter] for s in Seat]
    return position


def test_the_solved_data_holds_108_positions():
    assert len(RECORDS) == 108
    assert sum(r["mover_can_shoot"] for _, r in RECORDS) == 12
    assert {r["tricks_left"] for _, r in RECORDS} == set(range(2, 10))
    assert all(r["model"] == "paranoid" and r["target"] == r["to_move"] for _, r in RECORDS)


@pytest.mark.parametrize("record", list(cases()))
def test_every_legal_card_gets_the_solved_value(record):
    position = position_of(record)
    result = Solver().solve_position(position)
    assert result.complete
    got: dict[str, int] = {}
    for cv in result.cards:
        for card in (cv.card, *cv.equals):
            assert str(card) not in got, f"{card} valued twice"
            got[str(card)] = cv.value
    assert set(got) == {str(c) for c in position.legal_moves()}
    assert got == record["values"]


@pytest.mark.parametrize("record", list(cases()))
def test_the_moon_model_knows_whether_the_mover_can_still_shoot(record):
    position = position_of(record)
    result = Solver().solve_position(position, model="moon")
    assert result.complete
    assert {str(c) for cv in result.cards for c in (cv.card, *cv.equals)} == \
        {str(c) for c in position.legal_moves()}
    can_shoot = any(cv.value == 1 for cv in result.cards)
    assert can_shoot == record["mover_can_shoot"]
    if can_shoot:
        # Shooting is taking all 26: a card that still shoots is worth 0 to the paranoid mover.
        paranoid = {str(k): v for k, v in record["values"].items()}
        for cv in result.cards:
            if cv.value == 1:
                assert paranoid[str(cv.card)] == 0
