"""Moon threats in the rollouts (``RolloutPolicy.moon_threat`` and ``defence``; the core's
``shooter`` and ``defender``) and the late node budget (``Engine.late_sample_nodes``): the
experiments of docs/experiments.md "Moon threats in the rollouts, and a late budget"."""
from __future__ import annotations

import pytest

from hearts.analysis import DEFAULT_ENGINE, Sampling, advise
from hearts.analysis.advice import MIN_SAMPLES, evaluate_deal
from hearts.analysis.engine import LATE_TRICKS, Engine
from hearts.analysis.errors import SettingsError
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.policy import NOISY_OTHERS, RolloutPolicy, policy_spec, rule_play
from hearts.solver import Deal, Position, Rules
from hearts.solver.solve import Solver

OPENSPIEL = Rules.openspiel()
THREAT = RolloutPolicy("rule", 8, 0.5, True, moon_threat=5, defence="own")


def _rule_bot_game(seed: int, plays: int, rules: Rules = OPENSPIEL) -> Position:
    """Deal ``Deal.random(seed)`` played ``plays`` cards in by the rule bot."""
    position = Position(Deal.random(seed), rules)
    for _ in range(plays):
        position.play(rule_play(position))
    return position


def test_the_shooter_is_the_seat_alone_with_enough_moon_points():
    # seed 1: North takes a trick with 5 hearts (8 tricks played); East is to move after
    # North's lead
    position = _rule_bot_game(1, 33)
    assert position.points == [5, 0, 0, 0] and position.to_move == 1
    assert RolloutPolicy(moon_threat=5).shooter(position) == 0
    assert RolloutPolicy(moon_threat=6).shooter(position) is None   # 5 points are not 6
    assert RolloutPolicy().shooter(position) is None                # no threat asked for
    # the advised seat itself is never the rollouts' shooter: North to lead
    assert RolloutPolicy(moon_threat=5).shooter(_rule_bot_game(1, 32)) is None
    # Q♠ alone is 13 moon points (seed 0: West takes it on trick 4)
    queen = _rule_bot_game(0, 13)
    assert queen.points == [0, 0, 13, 0] and RolloutPolicy(moon_threat=13).shooter(queen) == 2
    # no moon in the rules, no shooter
    no_moon = _rule_bot_game(1, 33, Rules.parse("openspiel,moon=none"))
    assert RolloutPolicy(moon_threat=1).shooter(no_moon) is None


def test_once_a_second_seat_takes_a_moon_card_there_is_no_shooter():
    # seed 0: West takes Q♠ on trick 4, East takes hearts on trick 5
    policy = RolloutPolicy(moon_threat=5)
    position = _rule_bot_game(0, 15)
    assert position.points == [0, 0, 13, 0] and policy.shooter(position) == 2
    position.play(rule_play(position))
    assert position.points == [0, 4, 13, 0] and policy.shooter(position) is None


def test_only_the_advised_seat_defending_lets_the_moon_through():
    # seed 200, 21 cards played: South alone has 5 points and West is to move. With every
    # other seat defending, South's attempt is stopped; with only West defending, North and
    # East give South the tricks and South shoots (a value recorded from the core, the
    # rollout played to the end of the deal).
    position = _rule_bot_game(200, 21)
    assert position.points == [0, 0, 5, 0] and position.to_move == 3
    spec = policy_spec(OPENSPIEL)
    west = position.to_move

    def rollout(**kwargs):
        return Solver(16).rollout(position, None, west, "maxn", 0, spec, **kwargs)[0]

    assert rollout(shooter=2) == (0, 0, 23, 3)
    assert rollout(shooter=2, defender=west) == (26, 26, 0, 26)
    assert rollout() == (0, 13, 13, 0)                          # nobody shoots
    with pytest.raises(ValueError, match="defender must be a seat other than the shooter"):
        rollout(shooter=2, defender=2)
    with pytest.raises(ValueError, match="defender must be a seat"):
        rollout(shooter=2, defender=4)


def test_threat_rollouts_change_values_only_where_a_seat_threatens():
    # the same noisy rollouts, card by card, wherever no seat is a threat; values move in
    # many positions where one is
    solver = Solver(16)
    same = threats = moved = 0
    for seed in range(40):
        position = _rule_bot_game(seed, 0)
        while position.tricks_left > 5:
            cards = position.legal_moves()
            if len(cards) > 1:
                threat = evaluate_deal(position, cards, "maxn", "rollout", 4, solver,
                                       rollout=THREAT)
                plain = evaluate_deal(position, cards, "maxn", "rollout", 4, solver,
                                      rollout=NOISY_OTHERS)
                if THREAT.shooter(position) is None:
                    assert threat == plain
                    same += 1
                else:
                    threats += 1
                    moved += threat != plain
            position.play(rule_play(position))
    assert same > 500 and threats > 50 and moved > threats // 4


def test_threat_settings_are_checked_and_told():
    with pytest.raises(ValueError, match="moon_threat must be a whole number of points"):
        RolloutPolicy(moon_threat=0)
    with pytest.raises(ValueError, match="moon_threat must be a whole number of points"):
        RolloutPolicy(moon_threat=True)
    with pytest.raises(ValueError, match="defence must be all or own"):
        RolloutPolicy(moon_threat=5, defence="none")
    assert THREAT.text().endswith("a seat alone with 5+ moon points shoots, only the "
                                  "advised seat defends")


def test_the_late_budget_is_the_budget_from_trick_seven_on():
    with pytest.raises(SettingsError, match="late_sample_nodes must be a whole number"):
        Engine(late_sample_nodes=0)
    assert [DEFAULT_ENGINE.node_budget(t) for t in (0, 5, 6, 12)] == [30_000, 30_000, 20_000,
                                                                      20_000]
    assert DEFAULT_ENGINE.but(sample_nodes=None).node_budget(8) is None      # no budget at all
    assert DEFAULT_ENGINE.but(late_sample_nodes=None).node_budget(8) == 30_000
    tight = DEFAULT_ENGINE.but(late_sample_nodes=1)
    wide = DEFAULT_ENGINE.but(late_sample_nodes=None)
    sampling = Sampling(400, seed=3, threads=1)
    late = _rule_bot_game(7, 4 * LATE_TRICKS + 1)
    early = _rule_bot_game(7, 4 * LATE_TRICKS - 3)
    for position in (late, early):
        assert len(position.legal_moves()) > 1
    knowledge = Knowledge.from_position(late, late.to_move)
    spent = advise(knowledge, sampling=sampling, moon=False, engine=tight)
    # one node a sample: the budget is gone after the first MIN_SAMPLES samples
    assert spent.budget_spent and spent.samples == MIN_SAMPLES
    assert not advise(knowledge, sampling=sampling, moon=False, engine=wide).budget_spent
    # before trick 7 the late budget is not the budget: the default's advice, number for number
    knowledge = Knowledge.from_position(early, early.to_move)
    before = advise(knowledge, sampling=sampling, moon=False, engine=tight)
    default = advise(knowledge, sampling=sampling, moon=False, engine=wide)
    assert before.samples == default.samples and before.nodes == default.nodes
    assert [c.mean for c in before.cards] == [c.mean for c in default.cards]
