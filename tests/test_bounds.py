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

from bruteforce import paranoid_values, random_position, varied_rules
from hearts.solver import PassDirection, Position, Rules
from hearts.solver._core import Core
from hearts.solver.position import trick_winner
from hearts.solver.solve import core_state, rules_spec

VARIANTS = [{}, {"moon": "new"}, {"moon": "none"}, {"no_trick_bonus": -5},
            {"sun": "all_tricks"}, {"sun": "last_twelve", "sun_paid_by": "passer"},
            {"hearts_broken_by": "any_penalty"}]


def rules_for(seed: int) -> Rules:
    return varied_rules(seed, VARIANTS)


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


def can_win_no_trick(position: Position, target: int) -> bool:
    """In every suit the target's cards are all below every card another hand holds there."""
    hand = position.hands[target]
    others = sum(position.hands) - hand
    for suit in range(4):
        mine, theirs = hand >> 16 * suit & 0x1FFF, others >> 16 * suit & 0x1FFF
        if mine and theirs and mine >= theirs & -theirs:
            return False
    return True


def blocked(position: Position, target: int, x: int, moon: int) -> bool:
    """`moon_blocked_mid` for one seat `x`: it holds a moon card whose suit the target holds
    at least as many cards above as `x` holds of it (not the suit led if `x` is still to
    play to the trick)."""
    n = position.players
    to_play = (x - position.leader) % n >= len(position.trick)
    for suit in range(4):
        if to_play and suit == position.trick[0].suit:
            continue
        xs = position.hands[x] >> 16 * suit & 0x1FFF
        ms = xs & (moon >> 16 * suit & 0x1FFF)
        if not ms:
            continue
        low = (ms & -ms).bit_length() - 1
        above = (position.hands[target] >> 16 * suit & 0x1FFF) >> (low + 1)
        if bin(above).count("1") >= bin(xs).count("1"):
            return True
    return False


def beaten_target_positions(count: int = 40, idle: bool = False, moon_live: bool = False):
    """Seeded mid-trick positions (plain point tables: no sun, bonus or negative card) where
    the target surely loses the trick: it played and another seat's card beats it, or it is
    still to play and holds no card of the suit led above the winning one, or it is to move
    and can duck (a lower card of the suit led). No other seat can shoot the moon (two seats
    took moon cards, or the target took one, or no moon rule, or the target has played and
    can block the one seat that might: `moon_blocked_mid`).
    ``idle``: only those where the target can win no trick left either; ``moon_live``: only
    those where one other seat might still shoot but the target can block it."""
    seed = 0
    plain = [Rules.standard(), Rules.spot_hearts(),
             dataclasses.replace(Rules.standard(), moon="none")]
    while count:
        rules = plain[seed % len(plain)]
        position = random_position(seed, rules, 6 + seed % 7)
        seed += 1
        trick = position.trick
        if not trick:
            continue
        n = position.players
        target = seed % n
        winning = trick_winner(trick, position.leader, n)
        if (target - position.leader) % n < len(trick):
            beaten = int(winning) != target
        else:
            top = max(c for c in trick if c.suit == trick[0].suit)
            mine = [c for c in position.hand(target) if c.suit == top.suit]
            beaten = (not any(c.rank > top.rank for c in mine)
                      # or, on its turn, it can duck
                      or (position.to_move == target and any(c.rank < top.rank for c in mine)))
        moon = rules_spec(rules, position.pass_direction)["moon"]
        takers = {s for s in range(n) if position.taken[s] & moon}
        if not beaten:
            continue
        if rules.moon != "none" and not (len(takers) >= 2 or target in takers):
            played = (target - position.leader) % n < len(trick)
            shooters = [x for x in range(n) if x != target and takers <= {x}]
            if not (moon and played and position.tricks_played > 0 and len(shooters) == 1
                    and blocked(position, target, shooters[0], moon)):
                continue
        elif moon_live:
            continue
        if idle and not (can_win_no_trick(position, target) and takers != {target}):
            continue
        count -= 1
        yield seed, position, target


BEATEN = list(beaten_target_positions()) + list(beaten_target_positions(25, moon_live=True))


@pytest.mark.parametrize("seed, position, target", BEATEN, ids=lambda x: str(x)[:12])
def test_a_beaten_target_takes_at_most_the_points_left_in_hands(seed, position, target):
    """`beaten_target`: the trick goes to another seat, so the target ends with at most its
    points plus the positive points still in the hands."""
    values = paranoid_values(position, target).values()
    value = (min if position.to_move == target else max)(values)
    points = position.rules.point_values()
    left = sum(max(0, points[b]) for h in position.hands for b in range(64) if h >> b & 1)
    assert value <= position.points[target] + left


@pytest.mark.parametrize("seed, position, target", list(beaten_target_positions(30, idle=True)),
                         ids=lambda x: str(x)[:12])
def test_a_beaten_target_that_can_win_nothing_keeps_its_points(seed, position, target):
    """... and when it can win no trick left either, it ends with exactly its points (it
    has not taken every moon card: those positions are left out)."""
    values = paranoid_values(position, target).values()
    assert (min if position.to_move == target else max)(values) == position.points[target]



def own_moon_positions(count: int = 40):
    """Seeded trick starts of 2 or 3 tricks (plain point tables, a moon rule) where no seat
    but the target took a moon card, some are still out and the target can win a trick:
    taking every one left would be its own moon."""
    seed = 0
    plain = [Rules.standard(), Rules.spot_hearts(),
             dataclasses.replace(Rules.standard(), moon="new")]
    while count:
        rules = plain[seed % len(plain)]
        position = random_position(seed, rules, 8 + 4 * (seed % 2))
        seed += 1
        n = position.players
        moon = rules_spec(rules, position.pass_direction)["moon"]
        live = sum(position.hands) & moon
        for target in range(n):
            takers = {s for s in range(n) if position.taken[s] & moon}
            if live and takers <= {target} and not can_win_no_trick(position, target):
                count -= 1
                yield seed, position, target
                break


@pytest.mark.parametrize("seed, position, target", list(own_moon_positions()),
                         ids=lambda x: str(x)[:12])
def test_without_a_moon_the_only_taker_misses_a_moon_card(seed, position, target):
    """`score_bounds_full`: where only the target took moon cards, it cannot take every
    point left without shooting, so the no-moon upper bound leaves out the cheapest moon
    card left (the bound must hold, and be that tight where no other seat can shoot)."""
    core = Core(10)
    core.set_rules(rules_spec(position.rules, position.pass_direction))
    lo, hi, _ = core.bounds(core_state(position), target)
    values = paranoid_values(position, target).values()
    value = (min if position.to_move == target else max)(values)
    assert lo <= value <= hi
    points = position.rules.point_values()
    live = [points[b] for h in position.hands for b in range(64) if h >> b & 1 and points[b] > 0]
    if lo < hi and position.taken[target] & rules_spec(position.rules,
                                                      position.pass_direction)["moon"]:
        # no other seat can shoot: the no-moon branch is the bound (the target's own moon
        # scores less), or its points where it can lose every trick left (`can_duck_all`)
        ducks = core.can_duck_all(core_state(position), target)
        assert hi == position.points[target] + (0 if ducks else sum(live) - min(live))
