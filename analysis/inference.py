"""Inference from the other seats' plays: sampled deals weighted by how well they explain them.

Plain PIMC (:mod:`.sampling`) deals the unseen cards uniformly among the deals that fit the
*facts* (voids, passed cards, the 2♣). A player reads more than facts: an opponent who
followed with 9♠ under the K♠ while Q♠ was still out probably does not hold Q♠, since
almost anyone would have dropped it there. This module turns such readings into weights
(Buro, Long, Furtak & Sturtevant 2009, "Improving State Evaluation, Inference, and Search in
Trick-Based Card Games", IJCAI; Richards & Amir 2007 for Hearts' sampling):

* **The play model.** Each other seat plays the rule bot's card (:mod:`.policy`) with chance
  ``1 - noise``, else a uniformly random legal card, where ``noise`` depends on the kind of
  play: a lead, a follow above the winning card, a duck (a card below the winning one is
  legal), a follow as last to play, a discard. Forced plays and the observer's own plays say
  nothing. A deal's weight is the product of its plays' chances (``Core.policy_likelihood``).
* **The noise** (:data:`PLAY_NOISE`) is fitted to xinxin's play (an independent Hearts
  program; 20 games of OpenSpiel's xinxin training file, 805 choices): leads and follows
  above the winner are no closer to the rule bot than random cards are (noise 1: no
  evidence), ducks and discards are (fitted noise 0.57 each; 0.6 kept). OpenSpiel's IS-MCTS
  gives the same picture (0.68 ducks, 0.66 discards, about 1 leads), so the model is not
  fitted to the strength benchmark's opponent (``docs/experiments.md``, "Inference").
* **The learned model** (:data:`MIMIC`, ``"mimic"``, in place of the noise levels): each
  other seat's play has the chance the learned model of IS-MCTS's play gives it
  (:mod:`.mimic`; leads, follows and discards alike), the model of the engine's rollouts.
  Under rules it was not fitted for (:func:`.mimic.fitted_for`) it reads nothing: the deals
  stay uniform, as the engine's rollouts there fall back to the noisy rule bot
  (:func:`play_model`).
* **The draw** (sampling importance resampling): :data:`POOL` uniform candidates per sample
  asked for, each weighted, then the samples drawn from them with replacement in
  proportion to the weights. Nothing downstream changes: the evaluator sees deals, the
  stopping rule sees values.

The engine's default since stop 51 is the learned model (``Engine(inference=MIMIC)``):
against IS-MCTS it took 0.43 points a deal fewer than uniform deals on the 240 forked deals it
was adopted on (95% CI 0.08 … 0.78), 0.21 fewer over 680 with three more seeds (95% CI 0.01
… 0.41; ``docs/experiments.md``, "A third seed of the default, the oracle with its
model, and inference by the learned model", and "A shorter horizon and more rollouts with
the learned model"). The noisy rule bot (``PLAY_NOISE``) reads the
hidden cards a little better than uniform deals but did not play better against IS-MCTS
(−0.04 points a deal, 95% CI −1.22 … +1.14, 48 deals; ``docs/experiments.md``, "Inference").
"""
from __future__ import annotations

from typing import Iterator, Sequence

import numpy as np

from hearts.solver.deal import Deal
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.solve import Solver

from .knowledge import Knowledge
from .mimic import fitted_for
from .policy import policy_spec
from .sampling import DealSampler

__all__ = ["BATCH", "KINDS", "MIMIC", "PLAY_NOISE", "POOL", "inferred_masks", "play_kind",
           "play_log_weights", "play_model"]

#: The kinds of play of the play model, in the order of :data:`PLAY_NOISE`.
KINDS = ("lead", "over", "duck", "last", "discard")
#: Noise of the play model by kind of play: lead, follow above the winner, duck, follow as
#: last to play, discard (module docstring; fitted by ``benchmarks/fit_play_noise.py``).
PLAY_NOISE = (1.0, 1.0, 0.6, 0.6, 0.6)
#: The play model that is the learned model of IS-MCTS's play (module docstring).
MIMIC = "mimic"
#: Uniform candidates drawn per sample asked for.
POOL = 4
#: The most samples weighted together (:func:`inferred_masks`): the engine's 400 in one batch,
#: while a count of samples with no practical end (``--samples`` as a stopping rule) is drawn
#: as it goes.
BATCH = 1024


def play_kind(position: Position) -> int:
    """The kind of the play about to be made in ``position`` (an index of :data:`KINDS`): a
    lead; following the suit led with every legal card above the winning one, not last
    (``over``) or last (``last``); following with a legal card below it (``duck``); void in
    the suit led (``discard``). The core's ``policy_likelihood`` reads the same kinds.

    Raises:
        ValueError: the deal is over.
    """
    if position.is_over():
        raise ValueError("the deal is over: no play to come")
    trick = position.trick
    if not trick:
        return 0
    led = trick[0].suit
    legal = position.legal_moves()
    if all(card.suit != led for card in legal):
        return 4
    top = max((card for card in trick if card.suit == led), key=lambda card: card.rank)
    if any(card.rank < top.rank for card in legal):
        return 2
    return 3 if len(trick) == position.players - 1 else 1


def play_model(noise: Sequence[float] | str | None, rules: Rules
               ) -> Sequence[float] | str | None:
    """The play model the inference uses under ``rules`` for the engine's ``noise``: as given,
    but ``None`` (no inference: uniform deals) for :data:`MIMIC` under rules the learned
    model was not fitted for (:func:`.mimic.fitted_for`: four seats, the standard point
    table), where its weights misread the cards."""
    if isinstance(noise, str) and noise == MIMIC and not fitted_for(rules):
        return None
    return noise


def play_log_weights(knowledge: Knowledge, hands: Sequence[Sequence[int]],
                     noise: Sequence[float] | str = PLAY_NOISE,
                     solver: Solver | None = None) -> np.ndarray:
    """The log weight of each deal of ``hands`` (shape ``(n, 4)`` card masks at the start of
    play, deals that fit ``knowledge``): the natural log of the chance of the other seats'
    plays under the play model (module docstring): the noisy rule bot of the five ``noise``
    levels, or :data:`MIMIC`, the learned model (all zeros, no evidence, under rules it was
    not fitted for: :func:`play_model`). Shape ``(n,)``, float64.

    Raises:
        ValueError: a deal in which the history is not legal, bad ``noise``.
    """
    hands = [tuple(int(m) for m in row) for row in hands]
    if not hands:
        return np.zeros(0)
    noise = play_model(noise, knowledge.rules)
    if noise is None:
        return np.zeros(len(hands))
    first = knowledge.first_leader if knowledge.rules.first_lead == "any_card" else None
    start = Position(Deal.from_masks(hands[0]), knowledge.rules, first_leader=first)
    solver = Solver(13) if solver is None else solver
    return np.array(solver.play_likelihoods(start, hands, knowledge.history, knowledge.seat,
                                            policy_spec(knowledge.rules), noise))


def inferred_masks(sampler: DealSampler, rng: np.random.Generator, samples: int,
                   noise: Sequence[float] | str = PLAY_NOISE, pool: int = POOL,
                   batch: int = BATCH) -> Iterator[tuple[int, int, int, int]]:
    """``samples`` deals (4-tuples of hand masks at the start of play, N, E, S, W), drawn in
    batches of at most ``batch``: each from ``pool`` times as many uniform candidates of
    ``sampler``, in proportion to their weights under the play model ``noise``
    (:func:`play_log_weights`; module docstring). The same ``rng`` state gives the same
    deals. With no evidence (no play of another seat with a choice and noise below 1) the
    candidates are all equally likely and the first of them are the deals (uniform, as
    without inference); so they are when no candidate explains the plays (possible only with
    a noise of 0). A batch's candidates are drawn and weighted up front, so memory grows
    with ``batch``, not ``samples``; the next batch is drawn only when the deals of this one
    have been taken.
    """
    knowledge = sampler.knowledge
    while samples > 0:
        n = min(samples, batch)
        samples -= n
        candidates = sampler.masks(pool * n, rng).tolist()
        logw = play_log_weights(knowledge, candidates, noise)
        if not len(logw) or not np.isfinite(logw.max()) or np.ptp(logw) == 0.0:
            # no evidence, or none of the candidates explains the plays (a model with no
            # noise in a kind of play the seat broke): the facts alone, as without inference
            yield from (tuple(row) for row in candidates[:n])
            continue
        w = np.exp(logw - logw.max())
        picks = rng.choice(len(candidates), size=n, replace=True, p=w / w.sum())
        for i in picks:
            yield tuple(candidates[i])
