"""Seats and pass directions (docs/internals.md encodings, docs/rules.md "Passing")."""
from __future__ import annotations

import pytest

from hearts.solver import HeartsError, PassDirection, Seat


def test_play_goes_clockwise_north_east_south_west():
    assert [int(s) for s in (Seat.N, Seat.E, Seat.S, Seat.W)] == [0, 1, 2, 3]
    assert Seat.N.left is Seat.E
    assert Seat.W.left is Seat.N


def test_neighbours_of_north():
    assert Seat.N.across is Seat.S
    assert Seat.N.right is Seat.W
    assert Seat.S.offset(-3) is Seat.W


@pytest.mark.parametrize("text", ["N", "n", "north", "North", " NORTH ", 0])
def test_seat_parse(text):
    assert Seat.parse(text) is Seat.N


def test_seat_names():
    assert [s.letter for s in Seat] == ["N", "E", "S", "W"]
    assert [s.name_title for s in Seat] == ["North", "East", "South", "West"]
    assert str(Seat.E) == "E"


def test_unknown_seat():
    with pytest.raises(HeartsError, match="unknown seat 'X'"):
        Seat.parse("X")


def test_pass_direction_value_is_the_seat_offset_and_openspiel_id():
    assert [int(d) for d in (PassDirection.HOLD, PassDirection.LEFT, PassDirection.ACROSS,
                             PassDirection.RIGHT)] == [0, 1, 2, 3]


def test_receivers_from_north():
    assert PassDirection.LEFT.receiver(Seat.N) is Seat.E
    assert PassDirection.ACROSS.receiver(Seat.N) is Seat.S
    assert PassDirection.RIGHT.receiver(Seat.N) is Seat.W
    assert PassDirection.HOLD.receiver(Seat.N) is Seat.N
    assert PassDirection.LEFT.passer(Seat.E) is Seat.N


def test_standard_rotation_left_right_across_hold():
    assert [PassDirection.for_deal(n) for n in range(6)] == [
        PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD,
        PassDirection.LEFT, PassDirection.RIGHT]


@pytest.mark.parametrize("text, expected", [
    ("left", PassDirection.LEFT), ("Right", PassDirection.RIGHT), ("across", PassDirection.ACROSS),
    ("hold", PassDirection.HOLD), ("no pass", PassDirection.HOLD), ("2", PassDirection.ACROSS),
    (3, PassDirection.RIGHT)])
def test_pass_direction_parse(text, expected):
    assert PassDirection.parse(text) is expected


def test_unknown_pass_direction():
    with pytest.raises(HeartsError, match=r"^unknown pass direction 'up' \(directions left, "
                                          r"right, across, hold\)$"):
        PassDirection.parse("up")
