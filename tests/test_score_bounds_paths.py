"""``score_bounds``' fast paths answer as its general code (``score_bounds_full``).

The general code is checked against brute force (``test_bounds``, ``test_moon_stop``); the
fast paths (points only; plain scoring with a moon still live) must give the same bounds
at every trick start, for every seat, as the paranoid target (``own``) or not, under every
point table, moon and sun rule, the no-trick bonus and other player counts.
"""
from __future__ import annotations

import dataclasses

import pytest

from bruteforce import loaded_core, random_position
from conftest import slow_after
from hearts.solver import Rules

BASES = [Rules.standard(), Rules.omnibus(), Rules.pink_lady(), Rules.black_jack(),
         Rules.spot_hearts()]
VARIANTS = [{}, {"moon": "new"}, {"moon": "none"}, {"no_trick_bonus": -5},
            {"sun": "all_tricks"}, {"players": 3}, {"players": 5},
            {"hearts_broken_by": "any_penalty"}]


@pytest.mark.parametrize("variant", slow_after(range(len(VARIANTS)), 1))
@pytest.mark.parametrize("base", range(len(BASES)))
def test_fast_paths_match_the_general_code(base, variant):
    rules = dataclasses.replace(BASES[base], **VARIANTS[variant])
    n = rules.players
    checked = 0
    for seed in range(40):
        for tricks in range(1, rules.hand_size()):
            try:
                position = random_position(1000 * base + 100 * variant + seed, rules,
                                           n * tricks)
            except ValueError:
                continue
            _, core, state = loaded_core(position, seed)
            for target in range(n):
                for own in (True, False):
                    fast, full = core.score_bounds_pair(state, target, own)
                    assert fast == full, (seed, tricks, target, own)
                    checked += 1
    assert checked
