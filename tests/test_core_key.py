"""The transposition table's key is the same whichever way the core computes it.

Keys pack cards in relative ranks with PEXT: the CPU instruction where it is fast, a portable
loop elsewhere. Both must give the same key, so the same search: same values and, since every
probe and store is the same, the same node count. Point tables cover suits of one value, of
two (Q♠, J♦) and of many (Spot Hearts). With PEXT fast, the tables of 3 and 4 seats without
a suit of many values, sun or no-trick bonus take ``make_key``'s one-test path
(``RulesC.key_fast``): it must give the portable loop's key as well.
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
    "three_players": Rules(players=3, card_removal="kitty"),   # 2 bits of owner, seat 3 empty
    "sun_bonus": Rules(sun="all_tricks", no_trick_bonus=-5),    # not key_fast: sun, bonus bits
}


def analyse(rules: Rules, state: tuple, target: int, fast: bool, kitty: int = 0) -> tuple:
    core = Core(14)
    core.fast_pext = fast
    core.set_rules(rules_spec(rules, None, kitty))
    out = core.analyse(state, target, "paranoid", 0, 0, False)
    return [(card, value) for card, _, value, _ in out["moves"]], out["nodes"]


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("seed", range(6))
def test_the_portable_key_equals_the_pext_key(name, seed):
    rules = RULES[name]
    n = rules.players
    position = random_position(seed, rules, (5 + seed % 3) * n)
    state = core_state(position)
    target = int(position.to_move)
    kitty = position.deal.kitty.mask
    soft = analyse(rules, state, target, False, kitty)
    assert soft == analyse(rules, state, target, True, kitty)
    assert soft[1] > 0
