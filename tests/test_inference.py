"""Inference from the other seats' plays (``analysis/inference.py``, ``Core.policy_likelihood``).

The core's log-likelihood is checked against a Python statement of the play model (the rule
bot of :func:`~hearts.analysis.policy.rule_play`, the kinds of play read from the position)
on random positions under every preset, the learned model's against
:func:`~hearts.analysis.mimic.probabilities`; the weighted draw against known answers: no
evidence leaves the uniform deals, and low spades played under the K♠ make it less likely
that those seats hold the Q♠ (the rule bot, and IS-MCTS, would have dropped it there).
"""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

from hearts.analysis.engine import DEFAULT_ENGINE, Engine
from hearts.analysis.errors import SettingsError
from hearts.analysis.inference import (KINDS, MIMIC, PLAY_NOISE, inferred_masks, play_kind,
                                       play_log_weights, play_model)
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.mimic import probabilities
from hearts.analysis.policy import policy_spec, rule_play
from hearts.analysis.sampling import DealSampler
from hearts.solver import Deal, Position, Rules
from hearts.solver.cards import Card
from hearts.solver.seats import PassDirection, Seat

#: South's view after two tricks: West won trick 1 with 5♣ and led K♠; North and East
#: followed with their lowest spades, South with 4♠.
SPADES_DEAL = Deal("N:2.AKQJ.AKQJ.8762 3.T987.T987.JT93 7654.6543.6543.4 AKQJT98.2.2.AKQ5")
SPADES_PLAYS = ["2C", "3C", "4C", "5C", "KS", "2S", "3S", "4S"]
QS = Card("QS")


def reference_log_likelihood(deal: Deal, rules: Rules, plays, observer: int,
                             noise) -> float:
    """The play model of ``analysis/inference.py`` in plain Python (``play_kind``,
    ``rule_play``)."""
    position = Position(deal, rules)
    total = 0.0
    for card in plays:
        legal = position.legal_moves()
        if int(position.to_move) != observer and len(legal) > 1:
            e = noise[play_kind(position)]
            if e < 1.0:
                p = e / len(legal) + ((1.0 - e) if rule_play(position) == card else 0.0)
                total += math.log(p)
        position.play(card)
    return total


@pytest.mark.parametrize("text", list(Rules.presets()))
def test_core_likelihood_is_the_python_model(text):
    rules = Rules.of(text)
    rng = random.Random(f"infer-{text}")
    checked = 0
    for _ in range(40):
        deal = Deal.random(rng, rules)
        position = Position(deal, rules)
        stop = rng.randrange(1, 48)
        share = rng.random()
        while len(position.history) < stop:
            legal = position.legal_moves()
            position.play(rule_play(position) if rng.random() < share else rng.choice(legal))
        observer = rng.randrange(4)
        noise = tuple(rng.choice([0.2, 0.6, 1.0]) for _ in range(5))
        knowledge = Knowledge.from_record(Seat(observer), deal[Seat(observer)],
                                          position.history, rules,
                                          first_leader=position.first_leader)
        got = play_log_weights(knowledge, [deal.masks], noise)[0]
        want = reference_log_likelihood(deal, rules, position.history, observer, noise)
        assert got == pytest.approx(want, abs=1e-9), (text, str(deal), observer, noise)
        checked += want != 0.0
    assert checked >= 20        # most cases hold evidence, not only zeros


def reference_mimic_log_likelihood(deal: Deal, rules: Rules, plays, observer: int) -> float:
    """The learned play model in plain Python: the sum of the logs of
    :func:`~hearts.analysis.mimic.probabilities` of the other seats' plays with a choice."""
    position = Position(deal, rules)
    spec = policy_spec(rules)
    total = 0.0
    for card in plays:
        if int(position.to_move) != observer and len(position.legal_moves()) > 1:
            total += math.log(probabilities(position, spec)[card])
        position.play(card)
    return total


@pytest.mark.parametrize("text", ["standard", "openspiel"])
def test_core_mimic_likelihood_is_the_learned_models(text):
    rules = Rules.of(text)
    rng = random.Random(f"infer-mimic-{text}")
    for _ in range(25):
        deal = Deal.random(rng, rules)
        position = Position(deal, rules)
        stop = rng.randrange(1, 48)
        while len(position.history) < stop:
            position.play(rng.choice(position.legal_moves()))
        observer = rng.randrange(4)
        knowledge = Knowledge.from_record(Seat(observer), deal[Seat(observer)],
                                          position.history, rules,
                                          first_leader=position.first_leader)
        got = play_log_weights(knowledge, [deal.masks], MIMIC)[0]
        want = reference_mimic_log_likelihood(deal, rules, position.history, observer)
        assert got == pytest.approx(want, abs=1e-9), (text, str(deal), observer)
        # a random line is far from IS-MCTS's: every play with a choice is evidence
        assert want < 0.0 or len(position.history) < 4


def test_the_learned_model_reads_nothing_under_rules_it_does_not_know():
    # Black Jack: J♠ scores 13 in place of Q♠; the learned weights read Q♠ as the big card
    rules = Rules.of("black_jack")
    rng = random.Random("infer-mimic-fallback")
    deal = Deal.random(rng, rules)
    position = Position(deal, rules)
    while len(position.history) < 20:
        position.play(rng.choice(position.legal_moves()))
    knowledge = Knowledge.from_record(Seat.N, deal[Seat.N], position.history, rules,
                                      first_leader=position.first_leader)
    assert play_model(MIMIC, rules) is None and play_model(MIMIC, Rules.standard()) == MIMIC
    assert play_model(PLAY_NOISE, rules) == PLAY_NOISE
    # no evidence: the uniform deals, as the engine's rollouts there are the noisy rule bot
    assert play_log_weights(knowledge, [deal.masks], MIMIC).tolist() == [0.0]
    sampler = DealSampler(knowledge)
    plain = sampler.masks(4 * 30, np.random.default_rng(2)).tolist()[:30]
    drawn = list(inferred_masks(sampler, np.random.default_rng(2), 30, noise=MIMIC))
    assert drawn == [tuple(m) for m in plain]


def test_the_deals_are_weighted_a_batch_at_a_time():
    # 10 samples in batches of 4: three batches (4, 4, 2) of 16, 16 and 8 candidates, each
    # from the same stream, so the first batch is the deals of a first call asking for 4
    sampler = DealSampler(_spades_knowledge())
    batched = list(inferred_masks(sampler, np.random.default_rng(5), 10, MIMIC, batch=4))
    first = list(inferred_masks(sampler, np.random.default_rng(5), 4, MIMIC))
    assert len(batched) == 10 and batched[:4] == first
    assert all(not m[int(Seat.N)] & QS.mask and not m[int(Seat.E)] & QS.mask
               for m in batched)


def test_the_kinds_of_play_on_the_spades_deal():
    position = Position(SPADES_DEAL, Rules.standard())
    kinds = []
    for card in SPADES_PLAYS:
        kinds.append(KINDS[play_kind(position)])
        position.play(card)
    # 2♣ led (forced, still a lead); East and South follow above the winner, West last;
    # then K♠ led, and North's 2♠, East's 3♠ and South's 4♠ all go under it: ducks
    assert kinds == ["lead", "over", "over", "last", "lead", "duck", "duck", "duck"]


def _spades_knowledge() -> Knowledge:
    return Knowledge.from_deal(SPADES_DEAL, None, PassDirection.HOLD, SPADES_PLAYS,
                               Seat.S, Rules.standard())


def _share_with(masks, seats, card: Card) -> float:
    return float(np.mean([any(m[s] & card.mask for s in seats) for m in masks]))


def test_low_spades_under_the_king_point_away_from_the_queen():
    knowledge = _spades_knowledge()
    sampler = DealSampler(knowledge)
    uniform = sampler.masks(4000, np.random.default_rng(1)).tolist()
    inferred = list(inferred_masks(sampler, np.random.default_rng(1), 4000))
    # 33 unseen cards, 11 to each of North, East and West: Q♠ with North or East in 2/3
    assert _share_with(uniform, (Seat.N, Seat.E), QS) == pytest.approx(2 / 3, abs=0.03)
    # any spade of theirs between 2♠/3♠ and K♠ would have been the rule bot's duck, the Q♠
    # too: inferred, they hold fewer spades, and Q♠ less often (0.53 with this seed)
    assert _share_with(inferred, (Seat.N, Seat.E), QS) < 0.58


def test_the_learned_model_reads_that_the_duckers_hold_no_queen():
    # IS-MCTS drops Q♠ under K♠ or A♠ whenever it can (29 of 29 such plays in its games,
    # docs/experiments.md "Inference"), and the learned model with it: after North and East
    # ducked low under West's K♠, Q♠ is West's (0.002 with these seeds, 2/3 uniform)
    sampler = DealSampler(_spades_knowledge())
    inferred = list(inferred_masks(sampler, np.random.default_rng(1), 4000, noise=MIMIC))
    assert _share_with(inferred, (Seat.N, Seat.E), QS) < 0.05
    assert _share_with(inferred, (Seat.W,), QS) > 0.95


@pytest.mark.parametrize("noise, seed", [
    # noise 1 everywhere: no play is evidence
    ((1.0,) * 5, 7),
    # noise 0 for leads too: the rule bot never leads K♠ from West's hands of this view (it
    # leads low), so no candidate explains the plays: the uniform deals, not NaNs
    ((0.0,) * 5, 5)])
def test_no_evidence_or_no_explanation_leaves_the_uniform_deals(noise, seed):
    sampler = DealSampler(_spades_knowledge())
    plain = sampler.masks(4 * 50, np.random.default_rng(seed)).tolist()[:50]
    drawn = list(inferred_masks(sampler, np.random.default_rng(seed), 50, noise=noise))
    assert drawn == [tuple(m) for m in plain]


def test_impossible_plays_get_no_weight():
    # noise 0: a duck other than the rule bot's is impossible, so North and East held no
    # spade between their low one and the K♠, and no Q♠
    knowledge = _spades_knowledge()
    drawn = list(inferred_masks(DealSampler(knowledge), np.random.default_rng(3), 200,
                                noise=(1.0, 1.0, 0.0, 0.0, 0.0)))
    assert len(drawn) == 200
    assert _share_with(drawn, (Seat.N, Seat.E), QS) == 0.0


@pytest.mark.parametrize("field, bad", [
    ("inference", (0.5,) * 4), ("inference", (0.5, 0.5, 0.5, 0.5, 1.5)),
    ("inference", [1.0] * 5), ("inference", (True,) * 5), ("inference", "rule"),
    ("sample_nodes", 0), ("sample_nodes", True), ("sample_nodes", 1.5)])
def test_engine_checks_inference_and_budget(field, bad):
    assert DEFAULT_ENGINE.but(inference=PLAY_NOISE).inference == PLAY_NOISE
    assert DEFAULT_ENGINE.but(inference=MIMIC).inference == "mimic"
    assert DEFAULT_ENGINE.but(sample_nodes=None).sample_nodes is None
    with pytest.raises(SettingsError) as err:
        Engine(**{field: bad})
    assert err.value.argument == field
