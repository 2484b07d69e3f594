"""The play advice's moon plan (``Engine.moon_plan``): the seat's own moon in its rollouts (the
pass rating's moon plan: tests/test_moon_plan.py)."""
from __future__ import annotations

import pytest

from hearts.analysis import DEFAULT_ENGINE, Engine, Sampling, SettingsError, advise
from hearts.analysis.advice import PLAN_Z, _kept, evaluate_deal
from hearts.analysis.policy import MIMIC_OTHERS
from hearts.solver import Position, Rules, Seat

# North holds the moon hand of issue 24 item 5; West led 2♣, East won with 9♣ and led a
# diamond, and North follows: 2♦, K♦ or A♦. No moon card has been taken.
MOON_DEAL = "N:AK.AKQJ94.AK2.A7 QJT9.T8.QJ9.KQJ9 8765.7653.T87.T8 432.2.6543.65432"
MOON_PLAYS = "2C 7C 9C 8C QD TD 6D"
PLAN = DEFAULT_ENGINE.but(moon_plan="rollouts")
EXACT = DEFAULT_ENGINE.but(moon_plan="exact")
# the rule bot's first 18 cards of another deal: South has taken Q♥, North is to move
OTHER_DEAL = "N:2.QJT653.9863.Q5 876.K82.Q52.8742 QJ93.A94.J74.A63 AKT54.7.AKT.KJT9"
OTHER_PLAYS = "2C 3C 9C 5C 4S 2S 6S 3S 2D 4D TD 9D 5S QH 7S JS 4H 7H"


def _moon_position() -> Position:
    position = Position(MOON_DEAL, Rules.standard(), MOON_PLAYS.split())
    assert position.to_move == Seat.N and [str(c) for c in position.legal_moves()] == [
        "2D", "KD", "AD"]
    return position


def test_the_plan_is_off_by_default_and_must_be_known():
    assert DEFAULT_ENGINE.moon_plan is None
    assert "plays to shoot the moon, the clearly lower mean kept" in PLAN.text()
    assert "where the best defence cannot stop it" in EXACT.text()
    assert "shoot the moon" not in DEFAULT_ENGINE.text()
    with pytest.raises(SettingsError) as err:
        Engine(moon_plan=True)
    assert err.value.argument == "moon_plan"
    assert str(err.value) == "moon_plan must be rollouts, exact or None, got True"


def test_a_moon_hand_is_valued_as_a_seat_that_shoots():
    # Rollouts in which North's own later cards are the rule bot's never shoot, so they
    # value its hand at 17-18 points (it takes most tricks and gives the moon away); the
    # engine's own look-ahead shoots in some of them (10.7); playing to shoot, it scores
    # about 1.
    position = _moon_position()
    plain = advise(position, sampling=Sampling(60, seed=0, threads=1), moon=False)
    rule = advise(position, sampling=Sampling(60, seed=0, threads=1), moon=False,
                  engine=DEFAULT_ENGINE.but(rollout=MIMIC_OTHERS))
    shoot = advise(position, sampling=Sampling(60, seed=0, threads=1), moon=False,
                   engine=PLAN)
    assert rule.best.mean > 12 and 8 < plain.best.mean < rule.best.mean
    assert not any(c.moon_plan for c in plain.cards)
    assert shoot.best.mean < 4 and shoot.best.moon_plan
    assert shoot.best.to_json()["moon_plan"] is True
    # the attempts' rollouts are searched too, on the same deals
    assert shoot.nodes > plain.nodes
    assert "moon_plan" not in plain.best.to_json()


def test_the_exact_plan_counts_only_the_moons_the_best_defence_cannot_stop():
    # The same hand by the pass rating's rule: 0 in the deals where the moon model lets it
    # shoot, its attempt's points elsewhere, so a little above the rollouts' plan, far
    # below the plain rollouts
    position = _moon_position()
    sampling = Sampling(60, seed=0, threads=1)
    loose = advise(position, sampling=sampling, moon=False, engine=PLAN)
    exact = advise(position, sampling=sampling, moon=False, engine=EXACT)
    assert exact.best.moon_plan and loose.best.mean < exact.best.mean < 6
    # each sample's plan value is 0 (it shoots) in most deals: the moon model agrees
    assert sum(v == 0 for v in exact.best.values) > len(exact.best.values) // 2


def test_the_shooter_rollout_of_an_open_deal_shoots():
    # One open deal: the rollout in which North plays to shoot scores it 0 (the moon), the
    # plain rollout of the same deal gives it points.
    position = _moon_position()
    cards = position.legal_moves()
    plain = evaluate_deal(position, cards, "maxn", "rollout", 4, rollout=DEFAULT_ENGINE.rollout)
    shoot = evaluate_deal(position, cards, "maxn", "rollout", 4, rollout=DEFAULT_ENGINE.rollout,
                          shoot=True)
    assert min(shoot) < min(plain)
    assert min(shoot) == 0


def test_no_plan_once_another_seat_has_taken_a_moon_card():
    # South took Q♥ on trick 4: North can no longer shoot, so the plan is not valued (no
    # attempt rollouts: the same search nodes) and the advice is the plain one, value for
    # value.
    position = Position(OTHER_DEAL, Rules.standard(), OTHER_PLAYS.split())
    mask = position.rules.moon_mask()
    assert position.to_move == Seat.N and position.tricks_left == 9
    assert [s for s in Seat if position.taken[s] & mask] == [Seat.S]
    plain = advise(position, sampling=Sampling(30, seed=1, threads=1), moon=False)
    for engine in (PLAN, EXACT):
        plan = advise(position, sampling=Sampling(30, seed=1, threads=1), moon=False,
                      engine=engine)
        assert len(plain.cards) > 1 and plain.samples == plan.samples
        assert plain.nodes == plan.nodes > 0
        assert [(c.card, c.values) for c in plain.cards] == [(c.card, c.values)
                                                              for c in plan.cards]


def test_the_plan_replaces_a_card_only_when_clearly_lower():
    values = [[10, 5], [12, 5], [11, 6], [13, 4]]
    # card 0: the attempt 8 points lower in every sample; card 1: lower by 0.25 on average,
    # inside noise of ±1 a sample
    attempts = [[2.0, 4.0], [4.0, 6.0], [3.0, 5.0], [5.0, 4.0]]
    kept, shoots = _kept(values, attempts)
    assert shoots == [True, False]
    assert [row[0] for row in kept] == [2.0, 4.0, 3.0, 5.0]
    assert [row[1] for row in kept] == [5, 5, 6, 4]
    assert _kept(values, []) == (values, [False, False])
    assert PLAN_Z == 2.0
