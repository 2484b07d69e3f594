"""The pass rating values moon hands as a player who shoots would (analysis/passing.py, step 6:
the moon plan beside the plain rollouts, the better plan per pass)."""
from __future__ import annotations

import json

import pytest

from hearts.analysis import DEFAULT_ENGINE, Sampling, rate_passes
from hearts.analysis.policy import RULE_BOT
from hearts.analysis.moon import failed_attempt, shooter_points
from hearts.analysis.passing import MOON_PLAN_SHARE
from hearts.solver import Rules
from hearts.solver.cards import Suit

# The recorded values are those of the rule bot's deterministic rollouts (the default's are
# noisy for the other seats since stop 39).
PLAIN = DEFAULT_ENGINE.but(pass_rollout=RULE_BOT)


def test_a_moon_hand_is_rated_by_the_moon_plan():
    # The rule bot never shoots: passing the hand's losers, the plain rollouts give it over
    # 8 points; going for the moon it shoots in 29 of the 32 deals, double dummy.
    ranking = rate_passes("AKQ.AKQJ98.AK.A2", "left", sampling=Sampling(32, threads=1),
                          engine=PLAIN)
    best = ranking.best
    assert best.text == "2C KD AD" and best.plan == "moon"
    assert best.moon == pytest.approx(29 / 32) and best.moon_unknown == 0
    assert best.plans["plain"] > 8 and best.plans["moon"] == best.mean < 2.5
    # each deal it can shoot in scores 0; the mean is over the moon deals
    assert best.n == 32 and sum(v == 0 for v in best.values) >= 29
    # it keeps every spade and heart: the moon cards and their stoppers stay in its hand
    assert not any(c.suit in (Suit.SPADES, Suit.HEARTS) for c in best.cards)
    data = best.to_json()
    assert data["plan"] == "moon" and set(data["plans"]) == {"plain", "moon"}


@pytest.mark.slow
def test_the_issue_hand_keeps_its_moon_chance_but_an_attempt_costs_more():
    # AK.AKQJ94.AK2.A7 (issue 24 item 5): the best pass keeps the moon (about one deal in
    # five, double dummy, every search finished: it was "16% (27?)"), but Q♠ lands on A♠ K♠
    # doubleton in the deals the defence stops it, so going for the moon costs more than the
    # plain play and the rating stays the plain one.
    ranking = rate_passes("AK.AKQJ94.AK2.A7", "left", sampling=Sampling(32, threads=1),
                          engine=PLAIN)
    best = ranking.best
    assert best.text == "7C 2D 4H" and best.plan == "plain"
    assert best.moon >= MOON_PLAN_SHARE and best.moon_unknown == 0
    assert best.plans["moon"] > best.plans["plain"] == pytest.approx(best.mean)


def test_a_weak_hand_gets_no_moon_plan():
    # the failure of the earlier attempt (docs/experiments.md "Moon plan"): a weak hand took
    # the moon plan on noise; below MOON_PLAN_SHARE no moon plan is valued
    ranking = rate_passes("Q8.T98.AJ73.KQ95", "left", sampling=Sampling(16, threads=1))
    assert all(p.plan == "plain" and p.plans == {} for p in ranking.passes)
    assert all(p.moon is None or p.moon < MOON_PLAN_SHARE for p in ranking.passes)


@pytest.mark.parametrize("plain, attempt, shot, expected", [
    (7, 19, 0, 19),     # the defence stopped the attempt: its rollout's points
    (7, 0, 0, 7),       # the rollout's defence let it shoot where the best defence stops it
    (3, -26, -26, 3),   # the same under a new moon (the shooter scores minus the award)
])
def test_a_failed_attempt_scores_its_rollout_or_the_plain_value(plain, attempt, shot,
                                                                  expected):
    assert failed_attempt(plain, attempt, shot) == expected


def test_hearts_pass_shows_the_moon_plan(run_cli):
    result = run_cli("pass", "AKQ.AKQJ98.AK.A2", "-d", "left", "-n", "32", "-j", "1", "--json")
    assert result.exit_code == 0, result.stderr
    best = json.loads(result.stdout)["passes"][0]
    assert best["plan"] == "moon" and best["mean"] == best["plans"]["moon"]
    text = run_cli("pass", "AKQ.AKQJ98.AK.A2", "-d", "left", "-n", "32", "-j", "1",
                   env={"COLUMNS": "120"}).stdout
    assert "shoots 2." in text and "a pass is rated by the better plan" in " ".join(text.split())


def test_new_moon_rules_score_the_shooter_minus_the_award():
    assert shooter_points(Rules.standard()) == 0
    assert shooter_points(Rules.parse("standard,moon=new")) == -26
