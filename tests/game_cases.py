"""Positions shared by the game-level tests (test_game, test_solver_game, test_advice).

``DUCK_OR_TAKE``: totals N 82, E 57, S 93, W 71. Trick 11: E led 6H, S JH, W 9H; North (QH 4H
2H) is last. For the deal's points North ducks (0 points), but then South takes 8 and reaches
101: the game ends with North behind East (57 + 14 = 71). Taking QH (4 points) keeps every
total under 100, and the game goes on.
"""
from __future__ import annotations

from hearts.solver import Deal, Position, Rules

DUCK_OR_TAKE_SCORES = (82, 57, 93, 71)


def duck_or_take() -> Position:
    """A fresh copy of the ``DUCK_OR_TAKE`` position (standard rules), North to move."""
    return Position(
        Deal("N:8643.Q42.J754.87 AJ75.K63.A2.KJT3 KQ9.AJ75.96.AQ64 T2.T98.KQT83.952"), Rules(),
        "2C 7C KC QC 7S 9S 2S 3S 6C 5C 8C JC TC 4C 9C JD 5S KS TS 4S 9D 3D 5D 2D AC 8D "
        "6S 3C 6D KD 4D AD AS QS TD 8S JS 5H QD 7D 6H JH 9H")
