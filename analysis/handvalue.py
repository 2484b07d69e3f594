"""A learned value of the hand a seat plays after the pass: the *learned pass* (an experiment of
issue 24, ``docs/experiments.md`` "A learned pass"; measured level with
:func:`~.passing.policy_pass`, −0.16 points a passing deal, 95% CI −0.53 … +0.22, 300 deals
against IS-MCTS, so not the advice bot's pass).

The pass rating (:mod:`.passing`) values a pass by playing sampled deals out with rule-bot
rollouts, and those rollouts under-rate the danger of a short Q♠ or of high hearts kept
against strong players (``docs/experiments.md``, stops 40 and 41). This module values a pass
by what such hands actually scored: a ridge regression of a seat's points for the deal on
features of its 13 cards after the pass (Q♠ and how many spades guard it, A♠ K♠, each suit's
length, voids, singletons, high, middle and low cards), of the cards it passed (Q♠ by
direction, hearts) and of the direction, fitted on seat games against OpenSpiel's IS-MCTS
(``benchmarks/fit_pass_value.py``; the weights ship as ``pass_value.json``).

A pass is valued as the mean, over ``samples`` guesses of the three cards received, of the
fitted points of the hand it leaves (kept cards plus the cards received) -- the cards
received come from :func:`~.passing.policy_pass` of a uniform deal of the unseen cards to the
giver, the way the other seats of the strength harness pass. Passes are chosen before any
card is received (``docs/rules.md`` "Passing"), so every pass meets the same guesses (paired).

It knows the rules it was fitted under only: four seats, three cards passed, hearts 1 point
each and Q♠ 13 (OpenSpiel's ``hearts`` defaults; the ``openspiel`` and ``standard`` presets).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import combinations

import numpy as np

from hearts.solver.cards import DECK_MASK, Card, Suit, cards_from_mask
from hearts.solver.errors import HeartsError
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection

from .passing import passable, policy_pass

__all__ = ["PassValueError", "PassValue", "LearnedPass", "FEATURES", "hand_features",
           "pass_value", "learned_passes", "learned_pass", "fit", "LEARNED_SAMPLES", "supports"]

#: Guesses of the cards received, per pass (paired over the passes).
LEARNED_SAMPLES = 64

# a suit's ranks 2..A are 13 consecutive bits of a card mask, from its 2's bit
_BASE = {name: Card.of(suit, 2).bit for name, suit in
         (("c", Suit.CLUBS), ("d", Suit.DIAMONDS), ("h", Suit.HEARTS), ("s", Suit.SPADES))}
_QS_BIT = Card("QS").bit
_C2_BIT = Card("2C").bit
_DIRECTIONS = (("L", PassDirection.LEFT), ("X", PassDirection.ACROSS), ("R", PassDirection.RIGHT))


class PassValueError(HeartsError):
    """The learned pass value cannot answer: rules it was not fitted under, a hold deal, or a
    weights file that does not match the features."""


def _suit(masks: np.ndarray, suit: str) -> np.ndarray:
    """Shape ``(n, 13)``: 1.0 where the hand holds that rank (2 … A) of ``suit``."""
    return ((masks[:, None] >> (_BASE[suit] + np.arange(13))) & 1).astype(np.float64)


def hand_features(kept: np.ndarray, passed: np.ndarray, direction: np.ndarray
                  ) -> np.ndarray:
    """The learned value's features, one row a hand.

    Args:
        kept: shape ``(n,)`` int64, the 13 cards after the pass (card masks).
        passed: shape ``(n,)`` int64, the cards the seat passed.
        direction: shape ``(n,)``, the :class:`PassDirection` values (1 left, 2 across, 3 right).

    Returns:
        Shape ``(n, len(FEATURES))`` float64, in the order of :data:`FEATURES`.
    """
    kept = np.asarray(kept, dtype=np.int64)
    passed = np.asarray(passed, dtype=np.int64)
    direction = np.asarray(direction)
    f: dict[str, np.ndarray] = {}
    queen = ((kept >> _QS_BIT) & 1).astype(np.float64)
    spades = _suit(kept, "s")
    guards = np.minimum(spades[:, :10].sum(1), 3)       # spades below the queen, 3 = guarded
    ace, king = spades[:, 12], spades[:, 11]
    f["qs"] = queen
    for g in range(4):
        f[f"qs_guards{g}"] = queen * (guards == g)
    f["as"] = ace
    f["ks"] = king
    f["aks_short_no_qs"] = (ace + king) * (1 - queen) * (guards <= 2)
    f["aks_with_qs"] = (ace + king) * queen
    for name in ("c", "d", "h", "s"):
        ranks = _suit(kept, name)
        n = ranks.sum(1)
        f[f"n_{name}"] = n
        f[f"void_{name}"] = (n == 0).astype(np.float64)
        f[f"single_{name}"] = (n == 1).astype(np.float64)
        f[f"high_{name}"] = ranks[:, 9:].sum(1)          # J Q K A
        f[f"mid_{name}"] = ranks[:, 5:9].sum(1)          # 7 8 9 T
        f[f"low_{name}"] = ranks[:, :4].sum(1)           # 2 3 4 5
        f[f"rank_{name}"] = (ranks * np.arange(13)).sum(1) / np.maximum(n, 1)
    hearts = _suit(kept, "h")
    f["h_2to4"] = (hearts[:, :3].sum(1) > 0).astype(np.float64)
    f["h_ak"] = hearts[:, 12] + hearts[:, 11]
    f["h_long_high"] = np.maximum(f["n_h"] - 4, 0) * f["high_h"]
    f["c2"] = ((kept >> _C2_BIT) & 1).astype(np.float64)
    f["many_high"] = np.maximum(sum(f[f"high_{n}"] for n in "cdhs") - 6, 0)
    passed_queen = ((passed >> _QS_BIT) & 1).astype(np.float64)
    for name, d in _DIRECTIONS:
        this = (direction == int(d)).astype(np.float64)
        f[f"dir{name}"] = this
        f[f"passed_qs{name}"] = passed_queen * this
        f[f"qs{name}"] = queen * this
    f["passed_h"] = _suit(passed, "h").sum(1)
    return np.column_stack([f[name] for name in FEATURES])


#: The feature names, in column order (a weights file must name the same).
FEATURES: tuple[str, ...] = (
    "qs", "qs_guards0", "qs_guards1", "qs_guards2", "qs_guards3", "as", "ks",
    "aks_short_no_qs", "aks_with_qs",
    *(f"{k}_{s}" for s in "cdhs" for k in ("n", "void", "single", "high", "mid", "low", "rank")),
    "h_2to4", "h_ak", "h_long_high", "c2", "many_high",
    *(f"{k}{d}" for d, _ in _DIRECTIONS for k in ("dir", "passed_qs", "qs")),
    "passed_h")


@dataclass(frozen=True)
class PassValue:
    """A fitted linear value: points for the deal = ``intercept`` + features · ``weights``.

    Attributes:
        weights: one per name of :data:`FEATURES`, points per unit of the feature.
        intercept: points.
        games: seat games it was fitted on.
        source: what those games were (player, opponents, rules, seeds), in words.
        ridge: the ridge penalty (on standardised features).
    """

    weights: tuple[float, ...]
    intercept: float
    games: int
    source: str
    ridge: float

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise PassValueError(f"the pass value has {len(self.weights)} weights, the "
                                 f"features are {len(FEATURES)}")

    @classmethod
    def from_json(cls, data: dict) -> "PassValue":
        """Read the weights file's object; raises :class:`PassValueError` if its feature names
        are not :data:`FEATURES` (a file fitted for other code)."""
        names = tuple(data.get("features", ()))
        if names != FEATURES:
            raise PassValueError("the pass value's weights file names other features than "
                                 "this code computes: refit it (benchmarks/fit_pass_value.py)")
        return cls(tuple(float(w) for w in data["weights"]), float(data["intercept"]),
                   int(data["games"]), str(data["source"]), float(data["ridge"]))

    def to_json(self) -> dict:
        """The weights file's object (:meth:`from_json` reads it back)."""
        return {"features": list(FEATURES), "weights": list(self.weights),
                "intercept": self.intercept, "games": self.games, "source": self.source,
                "ridge": self.ridge}

    def points(self, kept: np.ndarray, passed: np.ndarray, direction: np.ndarray
               ) -> np.ndarray:
        """Fitted points for the deal, shape ``(n,)``, of hands after their passes (the
        arguments of :func:`hand_features`)."""
        return self.intercept + hand_features(kept, passed, direction) @ np.array(self.weights)


@dataclass(frozen=True)
class LearnedPass:
    """One pass valued by the learned value.

    Attributes:
        cards: the passed cards (a mask).
        points: mean fitted points for the deal over the guesses of the cards received.
    """

    cards: int
    points: float


@lru_cache(maxsize=1)
def pass_value() -> PassValue:
    """The shipped weights (``hearts/analysis/pass_value.json``), read once (a bot asks for
    every pass)."""
    text = resources.files("hearts.analysis").joinpath("pass_value.json").read_text("utf-8")
    return PassValue.from_json(json.loads(text))


def supports(rules: Rules) -> bool:
    """Whether the learned value knows ``rules``: four seats, three cards passed, hearts 1
    point each and Q♠ 13, nothing else scoring (the rules of the games it was fitted on)."""
    standard = Rules.parse("openspiel")
    return (rules.players == 4 and rules.pass_count == 3
            and rules.point_values() == standard.point_values())


def _received(hand: int, samples: int, seed: int) -> np.ndarray:
    """``samples`` guesses of the 3 cards received: :func:`~.passing.policy_pass` of 13 of the
    unseen cards, drawn uniformly. Shape ``(samples,)`` int64."""
    rng = np.random.default_rng(seed)
    unseen = np.array([c.mask for c in cards_from_mask(DECK_MASK & ~hand)], dtype=np.int64)
    return np.array([policy_pass(int(np.bitwise_or.reduce(rng.choice(unseen, 13, False))))
                     for _ in range(samples)], dtype=np.int64)


def learned_passes(hand: int, direction: "PassDirection | int", rules: Rules,
                   samples: int = LEARNED_SAMPLES, seed: int = 0,
                   value: "PassValue | None" = None) -> list[LearnedPass]:
    """Every pass of ``hand`` (3 of its cards, none of ``Rules.no_pass_cards``) valued by the
    learned value, best (fewest points) first; ties keep the order of the cards.

    Args:
        hand: the dealt 13 cards, a mask.
        direction: left, across or right.
        rules: must be rules the value knows (:func:`supports`).
        samples: guesses of the cards received (the same for every pass).
        seed: seeds the guesses.
        value: the fitted value; None: the shipped one (:func:`pass_value`).

    Returns:
        One :class:`LearnedPass` for each pass, sorted by points (points for the deal).

    Raises:
        PassValueError: a hold deal, rules the value was not fitted under, or ``samples`` < 1.
        PassError: the hand holds fewer than 3 cards the rules allow passing.
    """
    direction = PassDirection(direction)
    if direction == PassDirection.HOLD:
        raise PassValueError("a hold deal has no pass to value")
    if not supports(rules):
        raise PassValueError("the learned pass value knows only the rules it was fitted "
                             "under (4 seats, 3 cards passed, hearts 1 and Q♠ 13)")
    if samples < 1:
        raise PassValueError(f"samples must be at least 1, not {samples}")
    value = value or pass_value()
    allowed = [c.mask for c in cards_from_mask(passable(hand, rules))]
    passes = np.array([a | b | c for a, b, c in combinations(allowed, 3)], dtype=np.int64)
    received = _received(hand, samples, seed)
    passed = np.repeat(passes, samples)
    kept = (hand & ~passed) | np.tile(received, len(passes))
    points = value.points(kept, passed, np.full(len(passed), int(direction)))
    means = points.reshape(len(passes), samples).mean(1)
    order = np.argsort(means, kind="stable")
    return [LearnedPass(int(passes[i]), float(means[i])) for i in order]


def learned_pass(hand: int, direction: "PassDirection | int", rules: Rules,
                 samples: int = LEARNED_SAMPLES, seed: int = 0) -> int:
    """The best pass of :func:`learned_passes` (a mask of 3 cards); same errors."""
    return learned_passes(hand, direction, rules, samples, seed)[0].cards


def fit(kept: np.ndarray, passed: np.ndarray, direction: np.ndarray, points: np.ndarray,
        ridge: float, source: str) -> PassValue:
    """Ridge regression of ``points`` on :func:`hand_features` (standardised, the intercept
    not penalised). Shapes ``(n,)``; ``points`` in points for the deal. Raises
    :class:`PassValueError` when there are no games."""
    x = hand_features(kept, passed, direction)
    if len(x) == 0:
        raise PassValueError("there are no games to fit the pass value on")
    mean, scale = x.mean(0), x.std(0) + 1e-9
    z = np.column_stack([np.ones(len(x)), (x - mean) / scale])
    penalty = ridge * np.eye(z.shape[1])
    penalty[0, 0] = 0.0
    w = np.linalg.solve(z.T @ z + penalty, z.T @ np.asarray(points, dtype=np.float64))
    weights = w[1:] / scale
    return PassValue(tuple(float(v) for v in weights),
                     float(w[0] - (w[1:] * mean / scale).sum()), len(x), source, ridge)
