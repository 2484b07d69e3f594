"""``shed_bound`` holds: brute force on trick starts where it lowers the cheap upper bound.

The target on lead takes at most the live points less those of a lead that surely loses
and the cheapest cards the others may play to it (``lead_shed``). Its paranoid value (its
best card, brute force) must be at most that, under every point table, moon rule and at
3 to 5 seats. Not on lead, where it can beat no legal lead, it takes at most the live
points less the fewest points, over the suits the leader may lead, of the cheapest lead,
its own dearest card to it and the others' cheapest (``follow_shed``).
"""
from __future__ import annotations

import dataclasses

import pytest

from bruteforce import (loaded_core, paranoid_values, random_position, seeded_cases,
                        varied_rules)
from conftest import slow_after
from hearts.solver import Rules

VARIANTS = [{}, {"moon": "new"}, {"moon": "none"}, {"players": 3}, {"players": 5},
            {"hearts_broken_by": "any_penalty"}]


def rules_for(seed: int) -> Rules:
    return varied_rules(seed, VARIANTS)


def shed_positions(count: int = 60):
    """Seeded trick starts of 3 or 4 tricks where the bound, for the leader, is below the
    cheap upper bound."""
    seed = 0
    while count:
        rules = rules_for(seed)
        position = random_position(seed, rules, rules.players * (3 + seed % 2))
        position, core, state = loaded_core(position, seed)
        target = int(position.leader)
        bound = core.shed_bound(state, target)
        if bound is not None and bound < core.bounds(state, target)[1]:
            count -= 1
            yield seed, position, target, bound
        seed += 1


@pytest.mark.parametrize("seed, position, target, bound", slow_after(shed_positions(), 4),
                         ids=lambda x: str(x)[:12])
def test_shed_bound_bounds_the_value(seed, position, target, bound):
    assert min(paranoid_values(position, target).values()) <= bound


def follow_positions(count: int = 40):
    """Seeded trick starts of 3 or 4 tricks where the bound, for a seat not on lead, is
    below the cheap upper bound (no moon rule: random positions seldom have the moon dead
    otherwise)."""
    def pick(position, core, state, target):
        if int(position.leader) != target:
            bound = core.shed_bound(state, target)
            if bound is not None and bound < core.bounds(state, target)[1]:
                return (bound,)
    return seeded_cases(count, lambda seed: dataclasses.replace(rules_for(seed), moon="none"),
                        pick)


@pytest.mark.parametrize("seed, position, target, bound", slow_after(follow_positions(), 4),
                         ids=lambda x: str(x)[:12])
def test_a_follower_that_beats_no_lead_sheds_the_trick(seed, position, target, bound):
    # the leader, another seat, moves: the target's value is the best of its cards for them
    assert max(paranoid_values(position, target).values()) <= bound
