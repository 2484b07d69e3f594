"""One engine everywhere (issue 24 item 3): the default evaluator configuration is one value,
``DEFAULT_ENGINE``, and the play advice, the pass rating, fair-mode annotation, the bots and
the ``hearts`` commands all use it unless told otherwise."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from hearts.analysis import DEFAULT_ENGINE, Engine, Sampling, SettingsError, advise, annotate
from hearts.analysis.advice import moon_live
from hearts.analysis.bots import AdviceBot
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.passing import rate_passes
from hearts.analysis.policy import MIMIC_LOOKAHEAD, MIMIC_OTHERS, NOISY_OTHERS, RolloutPolicy
from hearts.analysis.records import hgn
from hearts.solver import Deal, Position, Rules, Seat
from hearts.solver.seats import PassDirection

DATA = Path(__file__).parent / "data"
RECORD = DATA / "records" / "xinxin-train-1.hgn"
DEAL = "N:2.QJT653.9863.Q5 876.K82.Q52.8742 QJ93.A94.J74.A63 AKT54.7.AKT.KJT9"


def _trick_one() -> Knowledge:
    # East (2♣) leads trick 1 of a hold deal: 13 tricks left, the rollout evaluator's case
    return Knowledge.from_deal(DEAL, None, "hold", [], "E", Rules.standard())


def test_the_default_engine_is_max_n_with_noisy_rollouts_for_the_others():
    # The values the strength harness measured (docs/experiments.md, "Strength against
    # IS-MCTS"); a change of default must change this test and the docs together.
    assert DEFAULT_ENGINE == Engine()
    assert (DEFAULT_ENGINE.model, DEFAULT_ENGINE.samples, DEFAULT_ENGINE.horizon,
            DEFAULT_ENGINE.moon_horizon, DEFAULT_ENGINE.early_stop) == ("maxn", 400, 2, 5, True)
    assert DEFAULT_ENGINE.rollout == MIMIC_LOOKAHEAD == replace(MIMIC_OTHERS,
                                                                own="lookahead-model")
    assert (MIMIC_OTHERS.kind, MIMIC_OTHERS.runs, MIMIC_OTHERS.steady, MIMIC_OTHERS.own,
            MIMIC_OTHERS.discard) == ("mimic", 8, True, "rule", "rule")
    # under rules the model was not fitted for: the noisy rule bot of before stop 50, the
    # seat's own look-ahead over its play-outs
    assert (DEFAULT_ENGINE.rollout.under(Rules.preset("black_jack"))
            == replace(NOISY_OTHERS, own="lookahead-model"))
    assert (NOISY_OTHERS.kind, NOISY_OTHERS.runs, NOISY_OTHERS.steady) == ("rule", 8, True)
    assert (DEFAULT_ENGINE.pass_samples, DEFAULT_ENGINE.pass_horizon) == (512, 6)
    assert DEFAULT_ENGINE.pass_rollout == RolloutPolicy("rule", 1, 0.5, steady=True)


def test_an_engine_repr_round_trips():
    engine = Engine(samples=400, horizon=4, rollout=RolloutPolicy("rule", 8, 0.1))
    assert eval(repr(engine), {"Engine": Engine, "RolloutPolicy": RolloutPolicy}) == engine
    assert DEFAULT_ENGINE.but(horizon=4) == Engine(horizon=4)
    assert ("until 2 tricks are left (5 while a moon is live), then an exact maxn solve"
            in DEFAULT_ENGINE.text())
    assert "rule bot, leading to smoke out the big penalty card until 1 trick is left (5 " \
        in Engine(horizon=1, rollout=RolloutPolicy("smoke")).text()


@pytest.mark.parametrize("field, value, message", [
    ("model", "game", "model must be maxn or paranoid, got 'game'"),
    ("samples", 0, "samples must be a whole number >= 1, got 0"),
    ("horizon", 14, "horizon must be 1..13 tricks, got 14"),
    ("pass_horizon", 0, "pass_horizon must be 1..13 tricks, got 0"),
    ("moon_horizon", 14, "moon_horizon must be 1..13 tricks, got 14"),
    ("rollout", "rule", "rollout must be a RolloutPolicy, got 'rule'"),
    ("pass_rollout", "rule", "pass_rollout must be a RolloutPolicy, got 'rule'"),
    ("pass_rollout", RolloutPolicy("rule", 8, 0.5, True),
     "pass_rollout must be one run a sampled deal (its deals average the noise), got 8 runs"),
])
def test_a_bad_engine_names_its_field(field, value, message):
    with pytest.raises(SettingsError) as err:
        Engine(**{field: value})
    assert str(err.value) == message and err.value.argument == field


def test_advise_takes_its_defaults_from_the_engine():
    knowledge = _trick_one()
    advice = advise(knowledge, sampling=Sampling(2, threads=1), moon=False)
    assert (advice.model, advice.evaluator, advice.horizon, advice.rollout) == \
        ("maxn", "rollout", DEFAULT_ENGINE.horizon, DEFAULT_ENGINE.rollout)
    assert advice.requested == 2
    own = Engine(model="paranoid", samples=3, horizon=3, early_stop=False)
    mine = advise(knowledge, moon=False, engine=own)
    assert (mine.model, mine.horizon, mine.requested, mine.samples) == ("paranoid", 3, 3, 3)
    # an explicit argument beats the engine's
    assert advise(knowledge, sampling=Sampling(2, threads=1), moon=False, engine=own,
                  horizon=6).horizon == 6
    # another model than the engine's takes that model's own horizon (paranoid 7)
    assert advise(knowledge, sampling=Sampling(2, threads=1), moon=False,
                  model="paranoid").horizon == 7


def test_rate_passes_takes_its_defaults_from_the_engine():
    ranking = rate_passes("AKQ.T98.AKQ.AKQJ", "left", sampling=Sampling(2, seed=0, threads=1),
                          moon=False)
    assert (ranking.model, ranking.horizon) == (DEFAULT_ENGINE.model,
                                                DEFAULT_ENGINE.pass_horizon)
    own = rate_passes("AKQ.T98.AKQ.AKQJ", "left", sampling=Sampling(2, seed=0, threads=1),
                      moon=False, engine=Engine(model="paranoid", pass_horizon=4))
    assert (own.model, own.horizon) == ("paranoid", 4)


def test_fair_annotation_takes_its_defaults_from_the_engine():
    game = hgn.loads(RECORD.read_text())
    result = annotate(game, "fair", from_trick=13, sampling=Sampling(5, seed=0), moon=False)
    assert result.fair_model == DEFAULT_ENGINE.model
    assert {p.fair.model for p in result.plays if p.fair} == {DEFAULT_ENGINE.model}


def test_the_advice_bot_plays_and_passes_with_the_default_engine():
    bot = AdviceBot()
    assert bot.engine is DEFAULT_ENGINE
    knowledge = _trick_one()
    card = bot.choose_play(knowledge.position(Deal(DEAL)), lambda: knowledge, (7,))
    from hearts.analysis.bots import key_seed
    expected = advise(knowledge, sampling=Sampling(DEFAULT_ENGINE.samples, key_seed((7,)), 1),
                      moon=False, model="maxn", horizon=DEFAULT_ENGINE.horizon,
                      rollout=DEFAULT_ENGINE.rollout, early_stop=True)
    assert card == expected.best.card
    hand = Deal(DEAL).hands[Seat.S].mask
    passed = AdviceBot(pass_samples=2).choose_pass(Seat.S, hand, PassDirection.LEFT,
                                                   Rules.standard(), (1,))
    ranking = rate_passes(Deal(DEAL).hands[Seat.S], "left", seat=Seat.S,
                          sampling=Sampling(2, seed=key_seed((1,)), threads=1), moon=False,
                          model="maxn", horizon=DEFAULT_ENGINE.pass_horizon)
    assert passed == sum(c.mask for c in ranking.best.cards)


def test_the_commands_default_to_the_engine(run_cli):
    play = run_cli("play", str(RECORD), "--at", "4", "--samples", "2", "--threads", "1",
                   "--no-moon", "--json")
    assert play.exit_code == 0, play.stderr
    data = json.loads(play.stdout)
    assert (data["model"], data["evaluator"], data["horizon"]) == \
        (DEFAULT_ENGINE.model, "rollout", DEFAULT_ENGINE.horizon)
    passes = run_cli("pass", "AKQ.T98.AKQ.AKQJ", "-d", "left", "--samples", "2", "--threads",
                     "1", "--no-moon", "--json")
    assert passes.exit_code == 0, passes.stderr
    data = json.loads(passes.stdout)
    assert (data["model"], data["horizon"]) == (DEFAULT_ENGINE.model,
                                                DEFAULT_ENGINE.pass_horizon)
    fair = run_cli("annotate", str(RECORD), "--mode", "fair", "--from-trick", "13",
                   "--samples", "2", "--json")
    assert fair.exit_code == 0, fair.stderr
    assert json.loads(fair.stdout)["fair"]["model"] == DEFAULT_ENGINE.model


def test_a_live_moon_is_solved_a_trick_earlier():
    # moon-positions line 3: West has taken 23 points (the only seat with moon cards), 6
    # tricks left; leading Q♥ shoots (0 points), every other card gives 24-25 with open hands.
    # A rule-bot rollout to 4 tricks left never shoots and ranks another card first (7♣ on
    # uniform deals, 9♠ on the deals weighted by the other seats' plays); the engine's moon
    # horizon (5) hands over to the exact solve a trick earlier and finds Q♥.
    line = (DATA / "solved" / "moon-positions.jsonl").read_text().splitlines()[2]
    data = json.loads(line)
    position = Position(data["deal"], Rules.standard(), data["played"].split())
    assert moon_live(position) and position.to_move == Seat.W
    # the engine's own sample count: its node budget grows with it, and each of the 8
    # rollout runs' solves gets a share of it (at 20 samples the shares cut the 5-trick
    # solves short, and Q♥ averaged 15.5 points). From trick 7 on the budget is the late
    # one (20,000 a sample): 94 solves reach their share, against 55 at 30,000, and their
    # redo a trick later, the seat's own card by look-ahead, finds the moon in every sample
    # (Q♥ 0.0; with the rule bot's own card, stop 53's default, in all but one: Q♥ 1.25;
    # on uniform deals, the default of stop 50, 72 solves and Q♥ 0.0; with the noisy rule
    # bot's rollouts before it, 83 solves and Q♥ 0.16).
    advice = advise(position, sampling=Sampling(DEFAULT_ENGINE.samples, seed=0, threads=1),
                    moon=False)
    assert (advice.horizon, str(advice.best.card)) == (5, "QH")
    assert advice.best.mean == 0.0 and advice.capped == 94
    assert max(advice["QH"].values) == 0
    wide = advise(position, sampling=Sampling(DEFAULT_ENGINE.samples, seed=0, threads=1),
                  moon=False, engine=DEFAULT_ENGINE.but(late_sample_nodes=None))
    assert (str(wide.best.card), wide.best.mean, wide.capped) == ("QH", 0.0, 55)
    uniform = advise(position, sampling=Sampling(DEFAULT_ENGINE.samples, seed=0, threads=1),
                     moon=False, engine=DEFAULT_ENGINE.but(inference=None))
    assert (str(uniform.best.card), uniform.best.mean, uniform.capped) == ("QH", 0.0, 72)
    # without the moon horizon: rollouts to 4 tricks left (the horizon until stop 52) rank
    # 2♦ first and Q♥ at 11.9 (the seat's own look-ahead shoots in some rollouts; with the
    # rule bot's own cards, stop 53, 9♠ first and Q♥ above 20); to 2 left (the default's)
    # Q♥ is first but averages 5.0 points (10.5 with the rule bot's own cards): the moon
    # horizon is still what values it right
    blind = advise(position, sampling=Sampling(20, seed=0, threads=1), moon=False,
                   engine=DEFAULT_ENGINE.but(moon_horizon=1, horizon=4))
    assert blind.horizon == 4 and str(blind.best.card) == "2D"
    assert blind["QH"].mean == pytest.approx(11.875)
    short = advise(position, sampling=Sampling(20, seed=0, threads=1), moon=False,
                   engine=DEFAULT_ENGINE.but(moon_horizon=1))
    assert short.horizon == 2 and str(short.best.card) == "QH"
    assert short.best.mean == pytest.approx(5.0)
    # no moon live (nobody has taken a moon card): the plain horizon
    assert not moon_live(Position(DEAL, Rules.standard()))
