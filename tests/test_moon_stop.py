"""The target's way to stop another seat's moon (``moon_stoppable``) is real: brute force.

Where the test fires, every other seat playing together for a moon by any of them (the
target alone against them) must fail, and the paranoid value must lie within the cheap
bounds, whose upper bound it lowers.
"""
from __future__ import annotations

import dataclasses

import pytest

from bruteforce import (_Minimax, loaded_core, paranoid_values, random_position, seeded_cases,
                        varied_rules)
from conftest import slow_after
from hearts.solver import Position, Rules

VARIANTS = [{}, {"moon": "new"}, {"no_trick_bonus": -5}, {"sun": "all_tricks"},
            {"players": 3}, {"players": 5}, {"hearts_broken_by": "any_penalty"}]


def rules_for(seed: int) -> Rules:
    return varied_rules(seed, VARIANTS)


def other_moon(position: Position, target: int) -> int:
    """1 if the seats other than ``target``, playing together, can make one of them take
    every moon card against the target, else 0 (plain minimax)."""
    moon = position.rules.moon_mask()
    players = position.rules.players
    return _Minimax(lambda p: int(any(p.taken[x] & moon == moon
                                      for x in range(players) if x != target)),
                    lambda mover, v, best: v < best if mover == target else v > best,
                    True).value(position.copy())


def stoppable_positions(count: int = 30):
    """Seeded trick starts of 3 or 4 tricks where the test fires."""
    def pick(position, core, state, target):
        if core.moon_stoppable(state, target):
            return (core.bounds(state, target)[:2],)
    return seeded_cases(count, rules_for, pick)


@pytest.mark.slow
@pytest.mark.parametrize("seed, position, target, bounds", list(stoppable_positions()),
                         ids=lambda x: str(x)[:12])
def test_target_stops_every_other_moon(seed, position, target, bounds):
    assert other_moon(position, target) == 0
    lo, hi = bounds
    value = min(paranoid_values(position, target).values())
    assert lo <= value <= hi


def rule_positions(rule: int, count: int, shooters2: bool = False):
    """Seeded trick starts of 3 or 4 tricks where test ``rule`` of ``moon_stop_rules``
    (0 ``shooter_blocked``, 1 ``sweep_blocked``, 2 ``moon_card_block``) fires and the
    others do not, with one seat that might shoot (``shooters2``: two or more)."""
    def pick(position, core, state, target):
        fired = core.moon_stop_rules(state, target)
        if (fired is not None and sum(fired[:3]) == 1 and fired[rule]
                and shooters2 == (fired[3] > 1)):
            return (core.bounds(state, target)[:2],)
    return seeded_cases(count, rules_for, pick)


RULE_CASES = (list(rule_positions(1, 15)) + list(rule_positions(2, 15))
              + list(rule_positions(2, 10, shooters2=True)))


@pytest.mark.slow
@pytest.mark.parametrize("seed, position, target, bounds", RULE_CASES,
                         ids=lambda x: str(x)[:12])
def test_each_new_stop_rule_is_real(seed, position, target, bounds):
    """`sweep_blocked` (a seat holds moon cards only, or the shooter must win more tricks
    than the target lets it) and `moon_card_block` (the target's moon card above the
    shooters' cards of its suit, which hold a moon card there): each alone must mean that
    no other seat can shoot, and the bounds must hold."""
    assert other_moon(position, target) == 0
    lo, hi = bounds
    value = min(paranoid_values(position, target).values())
    assert lo <= value <= hi


def mid_trick_positions(count: int):
    """Seeded mid-trick positions of 3 or 4 tricks where the target has played and
    ``moon_card_block`` (within ``moon_blocked_mid``) says it stops every other moon."""
    def pick(position, core, state, target):
        answer = core.moon_blocked_mid(state, target)
        if answer is not None and answer[1]:
            return ()
    return seeded_cases(count, rules_for, pick, cards_played=2)


@pytest.mark.parametrize("seed, position, target", slow_after(mid_trick_positions(30), 4),
                         ids=lambda x: str(x)[:12])
def test_the_moon_card_block_mid_trick_is_real(seed, position, target):
    """`moon_blocked_mid` by `moon_card_block`: the target has played to the trick; the
    suit led is left out while a shooter is still to play."""
    assert other_moon(position, target) == 0


def unplayed_positions(count: int):
    """Seeded mid-trick positions of 3 or 4 tricks (plain point tables) where the target is
    still to play, surely loses the trick (no card of the suit led above the winning one)
    and ``moon_unplayed_block`` says it stops every other moon."""
    seed = 0
    plain = [Rules.standard(), Rules.spot_hearts(), dataclasses.replace(Rules.standard(),
                                                                        moon="new")]
    while count:
        rules = plain[seed % len(plain)]
        position = random_position(seed, rules, 4 * (3 + seed % 2) - 1 - seed % 3)
        position, core, state = loaded_core(position, seed)
        seed += 1
        trick = position.trick
        if not trick:
            continue
        top = max(c for c in trick if c.suit == trick[0].suit)
        for target in range(4):
            if (target - position.leader) % 4 < len(trick):
                continue
            if any(c.suit == top.suit and c.rank > top.rank for c in position.hand(target)):
                continue
            if core.moon_unplayed_block(state, target):
                count -= 1
                yield seed, position, target
                break


@pytest.mark.parametrize("seed, position, target", slow_after(unplayed_positions(80), 3),
                         ids=lambda x: str(x)[:12])
def test_an_unplayed_beaten_target_stops_the_moon(seed, position, target):
    """`beaten_target` with the target still to play and `moon_unplayed_block`: no other
    seat can shoot, and the target ends with at most its points plus the points left in
    the hands."""
    assert other_moon(position, target) == 0
    values = paranoid_values(position, target).values()
    value = (min if position.to_move == target else max)(values)
    points = position.rules.point_values()
    left = sum(max(0, points[b]) for h in position.hands for b in range(64) if h >> b & 1)
    assert value <= position.points[target] + left
