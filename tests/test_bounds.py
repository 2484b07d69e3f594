"""The search's cheap bounds hold: brute force on positions where they fire.

``Core.bounds`` gives the paranoid bounds at a trick start (``node_bounds``) and, when the
target is on lead and can lose the trick and then win nothing more (``leads_out``), the most
that line gives it. The target's value (its best card, brute force) must lie within the
bounds and be at most the lead-out value, under every point table, moon and sun rule and the
no-trick bonus.
"""
from __future__ import annotations

import dataclasses

import pytest

from bruteforce import paranoid_values, random_position
from hearts.solver import PassDirection, Position, Rules
from hearts.solver._core import Core
from hearts.solver.solve import core_state, rules_spec

BASES = [Rules.standard(), Rules.omnibus(), Rules.pink_lady(), Rules.black_jack(),
         Rules.spot_hearts()]
VARIANTS = [{}, {"moon": "new"}, {"moon": "none"}, {"no_trick_bonus": -5},
            {"sun": "all_tricks"}, {"sun": "last_twelve", "sun_paid_by": "passer"},
            {"hearts_broken_by": "any_penalty"}]


def rules_for(seed: int) -> Rules:
    return dataclasses.replace(BASES[seed % len(BASES)], **VARIANTS[seed // 5 % len(VARIANTS)])


def lead_out_positions(count: int = 60):
    """Seeded trick starts of 2 or 3 tricks where the leader can lead out (and some that
    the ordinary bounds alone do not decide)."""
    seed = 0
    while count:
        rules = rules_for(seed)
        position = random_position(seed, rules, 8 + 4 * (seed % 2))
        position = Position(position.deal, rules, position.history,
                            pass_direction=PassDirection(seed % 4))
        core = Core(10)
        core.set_rules(rules_spec(rules, position.pass_direction))
        lo, hi, lead_out = core.bounds(core_state(position), int(position.to_move))
        if lead_out is not None and lo < hi:
            count -= 1
            yield seed, position, (lo, hi, lead_out)
        seed += 1


@pytest.mark.parametrize("seed, position, bounds", list(lead_out_positions()),
                         ids=lambda x: str(x)[:12])
def test_leading_out_bounds_the_value(seed, position, bounds):
    lo, hi, lead_out = bounds
    value = min(paranoid_values(position).values())
    assert lo <= value <= hi
    assert value <= lead_out
