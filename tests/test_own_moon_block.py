"""The other seats' way to stop the target's own moon (``own_moon_blocked``) is real:
brute force.

Where the test fires, the target playing for a moon of its own against every other seat
must fail; and under plain scoring (no sun, no-trick bonus or negative card) the paranoid
value is then at least the points the target has taken, the lower bound `alphabeta`
returns from it (another seat's moon only adds to them).
"""
from __future__ import annotations

import pytest

from bruteforce import _Minimax, paranoid_values, seeded_cases
from conftest import slow_after
from test_moon_stop import rules_for
from hearts.solver import Position


def own_moon(position: Position, target: int) -> int:
    """1 if ``target``, against every other seat, can take every moon card, else 0
    (plain minimax)."""
    moon = position.rules.moon_mask()
    return _Minimax(lambda p: int(p.taken[target] & moon == moon),
                    lambda mover, v, best: v > best if mover == target else v < best,
                    True).value(position.copy())


def blocked_positions(count: int, want_taken: bool):
    """Seeded trick starts of 3 or 4 tricks where the test fires for some target;
    ``want_taken``: the target has taken a moon card (the case `alphabeta` reads)."""
    def pick(position, core, state, target):
        taken = bool(position.taken[target] & position.rules.moon_mask())
        if want_taken == taken and core.own_moon_blocked(state, target):
            return (core.plain(),)
    return seeded_cases(count, rules_for, pick)


CASES = list(blocked_positions(25, True)) + list(blocked_positions(15, False))


@pytest.mark.parametrize("seed, position, target, plain", slow_after(CASES, 2),
                         ids=lambda x: str(x)[:12])
def test_the_others_stop_the_target_moon(seed, position, target, plain):
    assert own_moon(position, target) == 0
    if plain:
        value = min(paranoid_values(position, target).values())
        assert value >= position.points[target]
