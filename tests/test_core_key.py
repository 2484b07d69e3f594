"""The transposition table's key is the same whichever way the core computes it.

Keys pack cards in relative ranks with PEXT: the CPU instruction where it is fast, a portable
loop elsewhere. Both must give the same key, so the same search: same values and, since every
probe and store is the same, the same node count. Point tables cover suits of one value, of
two (Q♠, J♦) and of many (Spot Hearts).
"""
from __future__ import annotations

import pytest

from bruteforce import random_position
from hearts.solver import Rules
from hearts.solver._core import Core
from hearts.solver.solve import core_state, rules_spec

RULES = {
    "standard": Rules.standard(),
    "omnibus": Rules.omnibus(),
    "spot_hearts": Rules.spot_hearts(),
}


def analyse(rules: Rules, state: tuple, target: int, fast: bool) -> tuple:
    core = Core(14)
    core.fast_pext = fast
    core.set_rules(rules_spec(rules, None))
    out = core.analyse(state, target, "paranoid", 0, 0, False)
    return [(card, value) for card, _, value, _ in out["moves"]], out["nodes"]


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("seed", range(6))
def test_the_portable_key_equals_the_pext_key(name, seed):
    rules = RULES[name]
    position = random_position(seed, rules, 20 + 4 * (seed % 3))
    state = core_state(position)
    target = int(position.to_move)
    soft = analyse(rules, state, target, False)
    assert soft == analyse(rules, state, target, True)
    assert soft[1] > 0
