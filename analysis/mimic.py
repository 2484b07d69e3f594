"""A learned model of how OpenSpiel's IS-MCTS plays a card: the *mimic* rollout policy (an
experiment of issue 24, ``docs/experiments.md`` "Rollouts that play like IS-MCTS"; as the
model of the other seats in the engine's rollouts it measured +0.30 points a deal against the
noisy rule bot's, 95% CI −0.11 … +0.71, 200 deals against IS-MCTS; in the pass rating's
rollouts, passing by that rating −0.03 against passing by the policy, −0.67 … +0.61, 126
passing deals: not the default).

The engine's rollouts model the other seats as a noisy rule bot, and stop 44 found that model,
not the view of the cards, to be what holds the engine back against IS-MCTS. This module fits
a model of IS-MCTS itself, from its plays in the strength harness's games: a multinomial logit
(McFadden 1974) over the legal cards of the seat to move, the chance of card *c* proportional
to exp(w · f(c)), where f are 32 features of the card and the trick from what that seat knows
(:data:`FEATURES`; computed in the core, ``Core.mimic_features``, so that the fit and the
rollouts read the very same numbers). The weights are the maximum-likelihood fit with a small
ridge penalty, by Newton's method (``benchmarks/fit_mimic.py``; they ship as ``mimic.json``).

In the rollouts (:class:`~.policy.RolloutPolicy` kind ``"mimic"``) each other seat draws its
card from the model; the advised seat's own later cards are the rule bot's or a look-ahead's
(``own``; the engine's: a look-ahead over play-outs against the model).

Fitted under OpenSpiel's default rules (hearts 1, Q♠ 13, four seats): under any other point
table or number of seats (:func:`fitted_for`) a mimic rollout plays the rule bot instead
(:meth:`.policy.RolloutPolicy.under`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterable, Sequence

import numpy as np

from hearts.solver.errors import HeartsError
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import Seat
from hearts.solver.solve import Solver

from .openspiel import OpenSpielGame

__all__ = ["FEATURES", "MimicError", "Decisions", "mimic_weights", "fitted_for", "decisions",
           "fit", "likelihood", "probabilities"]

#: The features of one legal card, in the core's order (``solver/_policy.pxi``,
#: ``mimic_features``): a lead (0-11), a follow of the suit led (12-22), a discard (23-31).
#: Ranks and counts are scaled to 0..1 (rank / 12, cards / 12 or 13, points / 13); "higher
#: out" / "lower out" count the cards of the suit that the other seats still hold above /
#: below the card; "big" is the rules' first big card (Q♠), "out" while unseen by the seat.
FEATURES = (
    "lead: rank", "lead: higher out", "lead: lower out", "lead: sure winner",
    "lead: suit length", "lead: a heart", "lead: the big card's suit", "lead: the big card",
    "lead: below the big card, it out", "lead: above the big card, it out",
    "lead: nobody else holds the suit", "lead: points",
    "follow: wins the trick so far", "follow: wins as last to play",
    "follow: wins x points on the trick", "follow: wins, not last x higher out",
    "follow: the highest card that ducks", "follow: rank", "follow: points",
    "follow: wins x its own points", "follow: above the big card, it out",
    "follow: lower out", "follow: the big card under a higher one",
    "discard: points", "discard: the big card", "discard: a heart", "discard: rank",
    "discard: voids the suit", "discard: suit length", "discard: above the big card, it out",
    "discard: higher out", "discard: lower out",
)


class MimicError(HeartsError):
    """The learned policy cannot answer: a weights file that does not match the features, or
    no decisions to fit."""


@dataclass(frozen=True)
class Decisions:
    """Plays with a choice, as the fit reads them.

    Attributes:
        features: (cards, 32) float array: one row per legal card of every decision.
        group: (cards,) int array: the decision each row belongs to (0, 1, ... in order).
        chosen: (decisions,) int array: the row index of the card played in each decision.
    """

    features: np.ndarray
    group: np.ndarray
    chosen: np.ndarray

    @property
    def count(self) -> int:
        """The number of decisions."""
        return len(self.chosen)

    @staticmethod
    def join(parts: Iterable["Decisions"]) -> "Decisions":
        """The decisions of ``parts`` one after another (groups and rows renumbered)."""
        feats, groups, chosen = [], [], []
        rows = decisions_so_far = 0
        for part in parts:
            feats.append(part.features)
            groups.append(part.group + decisions_so_far)
            chosen.append(part.chosen + rows)
            rows += len(part.features)
            decisions_so_far += part.count
        if not feats:
            return Decisions(np.zeros((0, len(FEATURES))), np.zeros(0, int), np.zeros(0, int))
        return Decisions(np.concatenate(feats), np.concatenate(groups), np.concatenate(chosen))


@lru_cache(maxsize=1)
def mimic_weights() -> tuple[float, ...]:
    """The shipped weights (``hearts/analysis/mimic.json``: ``{"features": [...],
    "weights": [...]}``), one per :data:`FEATURES` entry, read once.

    Raises:
        MimicError: the file's features are not :data:`FEATURES`.
    """
    text = resources.files("hearts.analysis").joinpath("mimic.json").read_text("utf-8")
    data = json.loads(text)
    if tuple(data.get("features", ())) != FEATURES or len(data.get("weights", ())) != len(FEATURES):
        raise MimicError("mimic.json: its features are not this version's (refit with "
                         "benchmarks/fit_mimic.py)")
    return tuple(float(w) for w in data["weights"])


@lru_cache(maxsize=64)
def fitted_for(rules: Rules) -> bool:
    """Whether the learned model knows ``rules``: four seats and the standard point table
    (each heart 1, Q♠ 13, nothing else scores), those of the games it was fitted on
    (OpenSpiel's defaults). Under another table its weights misread the cards: under Black
    Jack (J♠ 13) a pass rating with its rollouts kept A♠ K♠ Q♠ J♠ and passed 2♣ 2♦ 4♥
    (``docs/experiments.md``, "The pass rating with mimic rollouts, again");
    :meth:`.policy.RolloutPolicy.under` then plays the rule bot instead."""
    return rules.players == 4 and rules.point_values() == Rules.standard().point_values()


def decisions(game: OpenSpielGame, seats: Sequence[Seat], rules: Rules, policy: dict,
              solver: Solver | None = None) -> Decisions:
    """The plays with a choice (two or more legal cards) that ``seats`` made in ``game``,
    replayed from its deal after the pass under ``rules``; ``policy`` is the rollout policy's
    view of the rules (``policy.policy_spec(rules)``).

    Raises:
        hearts.solver.errors.IllegalPlayError: a play the rules do not allow.
    """
    solver = solver or Solver()
    position = Position(game.deal, rules)
    feats: list = []
    group: list[int] = []
    chosen: list[int] = []
    for card in game.plays:
        if position.to_move in seats:
            cards, rows = solver.mimic_features(position, policy)
            if len(cards) > 1:
                chosen.append(len(feats) + cards.index(card))
                group.extend([len(chosen) - 1] * len(cards))
                feats.extend(rows)
        position.play(card)
    return Decisions(np.asarray(feats, float).reshape(-1, len(FEATURES)),
                     np.asarray(group, int), np.asarray(chosen, int))


def _probabilities(weights: np.ndarray, data: Decisions) -> np.ndarray:
    score = data.features @ weights
    top = np.full(data.count, -np.inf)
    np.maximum.at(top, data.group, score)
    e = np.exp(score - top[data.group])
    total = np.bincount(data.group, weights=e, minlength=data.count)
    return e / total[data.group]


def fit(data: Decisions, ridge: float = 1.0, iterations: int = 50) -> np.ndarray:
    """The maximum-likelihood weights of the multinomial logit on ``data``, with a ridge
    penalty ``ridge`` × ‖w‖² / 2 (in log-likelihood units), by Newton's method from zero
    (the log-likelihood is concave: it converges to the one optimum).

    Returns:
        (32,) float array, one weight per :data:`FEATURES` entry.

    Raises:
        MimicError: no decisions.
    """
    if data.count == 0:
        raise MimicError("no plays with a choice to fit")
    x = data.features
    k = x.shape[1]
    w = np.zeros(k)
    onehot = np.zeros(len(x))
    onehot[data.chosen] = 1.0
    for _ in range(iterations):
        p = _probabilities(w, data)
        grad = x.T @ (onehot - p) - ridge * w
        mean = np.zeros((data.count, k))
        np.add.at(mean, data.group, x * p[:, None])
        hess = (x * p[:, None]).T @ x - mean.T @ mean + ridge * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w = w + step
        if np.max(np.abs(step)) < 1e-10:
            break
    return w


def likelihood(weights: Sequence[float], data: Decisions) -> tuple[float, float]:
    """How well ``weights`` predict ``data``: the mean log-likelihood of the cards played
    (nats a decision; 0 is perfect) and the share of decisions whose most likely card was the
    card played (ties: the lowest row).

    Raises:
        MimicError: no decisions.
    """
    if data.count == 0:
        raise MimicError("no plays with a choice to measure")
    w = np.asarray(weights, float)
    p = _probabilities(w, data)
    best = np.full(data.count, -1.0)
    np.maximum.at(best, data.group, p)
    top1 = np.mean(p[data.chosen] >= best - 1e-12)
    return float(np.mean(np.log(p[data.chosen]))), float(top1)


def probabilities(position: Position, policy: dict, weights: Sequence[float] | None = None,
                  solver: Solver | None = None) -> dict:
    """The chance (0..1) of each legal card of the seat to move in ``position`` under the
    learned policy (the shipped weights unless ``weights``): card → chance, summing to 1.

    Raises:
        hearts.solver.errors.SolverError: the deal is over.
    """
    cards, rows = (solver or Solver()).mimic_features(position, policy)
    one = Decisions(np.asarray(rows, float), np.zeros(len(rows), int), np.zeros(1, int))
    w = np.asarray(mimic_weights() if weights is None else weights, float)
    return dict(zip(cards, _probabilities(w, one).tolist()))
