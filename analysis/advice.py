"""Play advice by Perfect Information Monte Carlo: every legal card of the seat to move, valued
over deals sampled from what that seat knows (``hearts play``).

Method (PIMC: Ginsberg 2001, "GIB: Imperfect Information in a Computationally Challenging
Game", JAIR 14; for Hearts, Sturtevant 2008, "An Analysis of UCT in Multi-Player Games" and
Sturtevant's thesis on multi-player search, which found PIMC with max^n strong in Hearts):

1. Deal the unseen cards ``samples`` times, exactly uniformly among the deals consistent with
   the seat's :class:`~hearts.analysis.knowledge.Knowledge` (:class:`~.sampling.DealSampler`),
   and, with the engine's inference (the default), draw the samples from four times as many
   such deals in proportion to the chance of the other seats' plays in each
   (:mod:`.inference`).
2. In each sampled deal (all four hands open) value every legal card of the seat with an
   *evaluator* (below): the seat's final **points for the deal** (penalty points; 1 per heart,
   13 for Q♠ under standard rules; lower is better), under the chosen model.
3. Per card: the mean over the samples and its standard error; the best card has the lowest
   mean. Every card is valued on the same samples (a paired comparison).

Models (``hearts.solver.solve``): ``paranoid`` (the seat minimises, the other three together
maximise its points) or ``maxn`` (every seat minimises its own points; ties: the lowest card),
or ``game`` with the game totals (``scores``): paranoid on the seat's *standing in the game*
after the deal (``docs/variants.md``, "Game-level advice"). A game-model sample gives a result
(win, the game goes on, lose) and a margin; a card's advice is the share of samples of each
result (the chance to finish lowest, ``win``) and the mean margin, ranked by the mean result
(win 0, on 1, lose 2), then the mean margin; the stopping rule reads ``result * 2048 + margin``.

Evaluators (every :class:`Advice` says which one it used):

* ``exact``: one exact double-dummy solve per sample (:meth:`Solver.solve_position`), which
  values every legal card at once. Used by ``auto`` when at most :data:`EXACT_HORIZON` tricks
  are left (7 for paranoid, 5 for max^n), where a solve takes milliseconds; earlier it can take
  seconds to minutes per sample.
* ``rollout``: per sample and card, play the card, then let every seat play the rule bot of
  :mod:`hearts.analysis.policy` (lead low, duck, dump Q♠ and high hearts on others' tricks)
  until :data:`EXACT_HORIZON` tricks are left, then solve that position exactly under the
  model. The value is the seat's final points on that line. It is bounded (a bot play-out and
  one small solve per card) but biased by the bot's play; its agreement with ``exact`` is
  measured in ``benchmarks/bench_advice.py`` (``docs/analysis.md``).

Moon risk (solution concept ``moon``, exact, per sample and card): whether another seat can
still take every penalty card against the best defence after the card (``moon_risk``), and
whether the seat itself still can (``own_moon``). A seat can shoot only if no other seat has
taken a penalty card, so most seats are ruled out without a search; each moon search stops
after :data:`MOON_NODE_LIMIT` nodes and an unfinished one is counted in ``moon_unknown``.

Early stopping (checked after :data:`MIN_SAMPLES` samples and then every
:data:`CHECK_EVERY`, always on the first n samples in sample order): stop when the card with
the lowest mean beats every other card clearly: for each other card c, the mean of the
per-sample difference ``value(c) − value(best)`` exceeds :data:`STOP_Z` (3) standard errors of
that difference; a card equal to the best on every sample so far is a tie and does not block
the stop (either card is as good). This is the rule "mean + 3·SE < every other mean − 3·SE"
made paired: the samples are shared, so the standard error of the difference is the right
(smaller) one. A position with one card class stops at the first check.

Node budget: the engine's own evaluator stops sampling once the samples used have spent
``Engine.sample_nodes`` (``Engine.late_sample_nodes`` from trick 7 on) × the samples asked
for in search nodes (after at least
:data:`MIN_SAMPLES`), so that a heavy position (a moon live, exact solves from 5 tricks left)
cannot take seconds. The budget is checked between samples, so each sample is capped at its
share too (the budget / :data:`MIN_SAMPLES`, split evenly over the cards valued and a
card's rollout runs): a card's
solve that reaches its part is redone after one more trick of the rule bot, and an exact
sample that reaches the share is valued by those capped rollouts (:func:`evaluate_deal`'s
``card_nodes``). So one heavy sample cannot pass the budget by much, and every card keeps a
value (``docs/analysis.md``, "Node budget").

Threads: samples are evaluated on a :class:`concurrent.futures.ThreadPoolExecutor` with one
:class:`Solver` per thread (the search releases the GIL), or on a Dask cluster
(``scheduler``, :mod:`hearts.analysis.parallel`). Sample ``i`` is always deal ``i`` of
the seed's stream and results are combined in sample order, so the numbers do not depend on
the number of threads.
"""
from __future__ import annotations

import math
import time
from contextlib import closing
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Callable, Sequence

import numpy as np

from hearts.solver.cards import Card, cards_from_mask
from hearts.solver.deal import Deal
from hearts.solver.errors import HeartsError
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import Seat
from hearts.solver.limit import Limit
from hearts.solver.lookup import CardLookup
from hearts.solver.solve import Solver, game_spec, game_value, rules_spec, split_game_value
from hearts.solver.words import tricks_left_text

from .engine import DEFAULT_ENGINE, Engine
from .inference import inferred_masks, play_model
from .knowledge import Knowledge
from .moon import failed_attempt, shooter_points
from .parallel import PerThreadSolver, default_threads, executor, in_flight, lazy_map
from .policy import RULE_BOT, RolloutPolicy, policy_spec, rollout_seed
from .sampling import DealSampler
from .settings import Sampling

__all__ = ["Advice", "AdviceError", "CardAdvice", "advise", "advice_document", "card_classes",
           "default_threads",
           "evaluate_deal",
           "EXACT_HORIZON", "EVALUATORS", "MODELS", "MIN_SAMPLES", "CHECK_EVERY", "STOP_Z",
           "MOON_NODE_LIMIT", "STOP_RULE", "moon_live"]

#: Models advice can use.
MODELS = ("paranoid", "maxn", "game")
#: Evaluator names; ``auto`` picks ``exact`` or ``rollout`` by :data:`EXACT_HORIZON`.
EVALUATORS = ("auto", "exact", "rollout")
#: Tricks left (counting the trick in progress) at or below which ``auto`` solves exactly, and
#: where ``rollout`` hands over to the exact solver: the deepest solve that still costs a few ms
#: a sample per model (``docs/experiments.md`` "Figures from the code"); for the engine's model
#: the engine's own horizon (:data:`~.engine.DEFAULT_ENGINE`, measured in play).
EXACT_HORIZON = {"paranoid": 7, "maxn": 5, "game": 6,
                 DEFAULT_ENGINE.model: DEFAULT_ENGINE.horizon}
#: Early stopping: the first check after this many samples ...
MIN_SAMPLES = 20
#: ... then every this many.
CHECK_EVERY = 10
#: Standard errors of the paired difference by which the best card must beat every other.
STOP_Z = 3.0
#: Node limit of one moon search (a search that hits it counts as unknown).
MOON_NODE_LIMIT = 200_000
_MOON_LIMIT = Limit(nodes=MOON_NODE_LIMIT)
#: The early-stopping rule in words (printed by ``hearts play``).
STOP_RULE = (f"stop after n >= {MIN_SAMPLES} samples (checked every {CHECK_EVERY}) when, for "
             f"every other card c not equal to the best on every sample, "
             f"mean(value(c) - value(best)) > {STOP_Z:g} SE of that paired difference")


class AdviceError(HeartsError):
    """A request advice cannot answer (unknown model or evaluator, no seat to move, bad
    sample or thread counts, a seat that is not to move)."""


@dataclass(frozen=True)
class CardAdvice:
    """One legal card (and the cards equivalent to it) valued over the samples.

    Attributes:
        card: the card (the lowest of its class).
        equals: the other cards of the class: same suit, same point value, and no card held
            by another seat or lying on the table between them, so every sample values them
            alike (as DDS's ``equals``).
        mean: the mean of ``values``, in points for the deal (lower is better).
        se: the standard error of the mean (sample standard deviation / √n; 0 for n = 1).
        values: the value in each sample, in sample order (points, ints).
        moon_risk: the fraction of samples in which another seat can still shoot the moon
            after this card (moon model, best defence); ``None`` when not computed. Samples
            whose moon search did not finish are left out of the fraction.
        own_moon: the same for the seat itself: the fraction of samples in which it can still
            shoot after this card.
        moon_unknown: samples in which a moon search hit :data:`MOON_NODE_LIMIT`.
        results: game model only: the result in each sample (0 win, 1 the game goes on,
            2 lose); ``values``, ``mean`` and ``se`` are then the margin (the seat's total
            minus the lowest other after the deal, points).
        moon_plan: the values are those of the seat playing to shoot the moon
            (:attr:`~.engine.Engine.moon_plan`), lower than its plain rollouts'.
    """

    card: Card
    equals: tuple[Card, ...]
    mean: float
    se: float
    values: tuple[int, ...] = field(repr=False)
    moon_risk: float | None = None
    own_moon: float | None = None
    moon_unknown: int = 0
    results: tuple[int, ...] | None = field(default=None, repr=False)
    moon_plan: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        """The card and its equals."""
        return (self.card,) + self.equals

    def result_share(self, result: int) -> float | None:
        """Game model: the share of samples with ``result`` (0 win, 1 on, 2 lose); else None."""
        if not self.results:
            return None
        return sum(1 for r in self.results if r == result) / len(self.results)

    @property
    def rank(self) -> tuple[float, float]:
        """The order of advice, lower better: ``(mean result, mean margin)`` for the game
        model, ``(0, mean points)`` otherwise."""
        if not self.results:
            return (0.0, self.mean)
        return (sum(self.results) / len(self.results), self.mean)

    def to_json(self) -> dict:
        return {"card": str(self.card), "equals": [str(c) for c in self.equals],
                "mean": round(self.mean, 4), "se": round(self.se, 4),
                "moon_risk": None if self.moon_risk is None else round(self.moon_risk, 4),
                "own_moon": None if self.own_moon is None else round(self.own_moon, 4),
                "moon_unknown": self.moon_unknown,
                **({"moon_plan": True} if self.moon_plan else {}),
                **({} if not self.results else {
                    name: round(self.result_share(k) or 0.0, 4)
                    for k, name in enumerate(("win", "on", "lose"))})}


@dataclass(frozen=True)
class Advice(CardLookup):
    """Every legal card of the seat to move, valued by PIMC; best (lowest mean) first.

    ``advice[card]`` is the :class:`CardAdvice` of ``card`` (a :class:`Card` or its text, any
    card of a class), ``advice[card].mean`` its mean points; ``KeyError`` for a card that is
    not legal.

    Attributes:
        seat: the seat to move, whose points are valued.
        model: ``paranoid`` or ``maxn``.
        evaluator: ``exact`` or ``rollout`` (never ``auto``: the one actually used).
        horizon: tricks left at which ``rollout`` hands over to the exact solver (also the
            ``auto`` threshold); the value of :data:`EXACT_HORIZON` for the model.
        tricks_left: tricks left in the position, counting the one in progress.
        requested: the samples asked for. samples: the samples used (fewer if stopped early).
        stopped_early: the stopping rule (:data:`STOP_RULE`) fired.
        seed: the seed of the deal sampler (:func:`numpy.random.default_rng`).
        threads: the worker threads used (does not change the numbers).
        deals: the number of deals consistent with the seat's knowledge.
        cards: one :class:`CardAdvice` per card class, best first.
        ms: wall time in milliseconds.
        knowledge: the seat's knowledge the samples came from.
        scores: game model only: the game totals before the deal (N, E, S, W).
        rollout: the rollout evaluator's policy (:class:`~.policy.RolloutPolicy`).
        budget_spent: sampling stopped because the decision's node budget (the samples
            asked for × :attr:`~.engine.Engine.sample_nodes`) was spent, after at least
            :data:`MIN_SAMPLES` samples; only the engine's own evaluator has a budget (not
            a model, evaluator or horizon asked for by name).
        nodes: the search nodes of the samples used (their exact solves and rollouts; not
            the moon risk's searches).
        capped: the solves of those samples that reached the cap on each solve of a
            budgeted decision (``card_nodes`` of :func:`evaluate_deal`) and were valued one
            rule-bot trick later instead (an exact sample counts once, plus any of its
            capped rollouts that were cut short again); 0 without a budget.
    """

    seat: Seat
    model: str
    evaluator: str
    horizon: int
    tricks_left: int
    requested: int
    samples: int
    stopped_early: bool
    seed: int
    threads: int
    deals: int
    cards: tuple[CardAdvice, ...]
    ms: float
    moon: bool = True
    knowledge: Knowledge | None = field(default=None, compare=False, repr=False)
    scores: tuple[int, ...] | None = None
    rollout: RolloutPolicy = RULE_BOT
    budget_spent: bool = False
    nodes: int = 0
    capped: int = 0

    @property
    def best(self) -> CardAdvice:
        """The best card: the lowest mean (game model: mean result, then mean margin)."""
        return self.cards[0]

    def evaluator_text(self) -> str:
        """The evaluator in one line, for output."""
        if self.evaluator == "exact":
            return f"exact: one double-dummy {self.model} solve per sample"
        return (f"rollout: the card, then every seat plays {self.rollout.text()} "
                f"until {tricks_left_text(self.horizon)}, then an exact {self.model} solve")

    def to_json(self) -> dict:
        """A JSON-ready dict (values in points for the deal; lower is better)."""
        return {
            "seat": self.seat.letter,
            "model": self.model,
            "evaluator": self.evaluator,
            "evaluator_text": self.evaluator_text(),
            "horizon": self.horizon,
            "tricks_left": self.tricks_left,
            "samples": self.samples,
            "requested": self.requested,
            "stopped_early": self.stopped_early,
            "stop_rule": STOP_RULE,
            "budget_spent": self.budget_spent,
            "nodes": self.nodes,
            "capped": self.capped,
            "seed": self.seed,
            "threads": self.threads,
            "deals": self.deals,
            "moon": self.moon,
            "value": "the seat's final points for the deal (lower is better), mean over the "
                     "sampled deals" if self.scores is None else
                     "game: win/on/lose = the share of sampled deals in which the seat wins the "
                     "game, it goes on, the seat loses; mean = the margin after the deal (the "
                     "seat's total minus the lowest other, lower is better)",
            **({} if self.scores is None else {
                "scores": dict(zip("NESW", self.scores)),
                "game_target": self.knowledge.rules.target if self.knowledge else None}),
            "cards": [c.to_json() for c in self.cards],
            "ms": round(self.ms, 1),
        }


def advice_document(advice: Advice, source: str, rules: Rules) -> dict:
    """The JSON document of ``hearts play --json`` (and the web board's ``/api/advise``):
    :meth:`Advice.to_json` with ``source`` (where the position comes from, in words) and
    ``rules`` (the preset's name, else every option)."""
    data = advice.to_json()
    data["source"] = source
    data["rules"] = rules.name or rules.to_dict()
    return data


def card_classes(knowledge: Knowledge) -> list[tuple[Card, ...]]:
    """The seat's legal cards grouped into classes that every consistent deal values alike.

    Two legal cards of one suit are equal when they carry the same rules class (point value,
    moon card, hearts-breaking, ...; ``solve.rules_spec``) and no card between them is held by
    another seat or lies on the table (only the seat's own cards and cards of completed tricks
    lie between). Returns the classes in card order, each ascending.

    Raises:
        AdviceError: the seat is not to move.
    """
    if knowledge.to_move != knowledge.seat:
        raise AdviceError(_not_to_move(knowledge))
    return _card_classes(knowledge, _public_position(knowledge))


def _card_classes(knowledge: Knowledge, position: Position) -> list[tuple[Card, ...]]:
    """:func:`card_classes`, ``position`` a public position of the knowledge."""
    legal = cards_from_mask(position.legal_mask())
    classes = rules_spec(knowledge.rules)["classes"]
    outside = knowledge.unseen.mask
    for card in knowledge.trick:
        outside |= card.mask
    groups: list[list[Card]] = []
    for card in legal:
        if groups:
            last = groups[-1][-1]
            between = ((1 << card.bit) - 1) & ~((1 << (last.bit + 1)) - 1)
            if (last.suit == card.suit and classes[last.bit] == classes[card.bit]
                    and not between & outside):
                groups[-1].append(card)
                continue
        groups.append([card])
    return [tuple(g) for g in groups]


def _public_position(knowledge: Knowledge) -> Position:
    """A position whose seat-to-move hand is the knowledge's (others arbitrary, consistent)."""
    deal = next(DealSampler(knowledge).iter_deals(0))
    return knowledge.position(deal)


def moon_live(position: Position) -> bool:
    """Whether a moon is live: the rules have one and exactly one seat has taken moon cards
    (in completed tricks; the cards the seat to move cannot see do not matter)."""
    return position.rules.moon != "none" and position.moon_taker() is not None


def _not_to_move(knowledge: Knowledge) -> str:
    if knowledge.to_move is None:
        if len(knowledge.history) == 52:
            return "the deal is over: no card left to play"
        return "who is to move is not known (the first leader is not known)"
    return (f"{knowledge.seat.name_title} is not to move: {knowledge.to_move.name_title} is "
            f"(after {len(knowledge.history)} plays)")


# -- one sample -------------------------------------------------------------------------------

def evaluate_deal(position: Position, cards: Sequence[Card], model: str = "paranoid",
                  evaluator: str = "exact", horizon: int | None = None,
                  solver: Solver | None = None,
                  scores: Sequence[int] | None = None,
                  rollout: RolloutPolicy = RULE_BOT,
                  card_nodes: int | None = None, shoot: bool = False,
                  facts: tuple[Sequence[int], Sequence[int]] | None = None) -> list[float]:
    """The value of each of ``cards`` for the seat to move in one open deal, by an evaluator.

    Args:
        position: the position, all hands known (one sampled deal).
        cards: legal cards of the seat to move.
        model: ``paranoid``, ``maxn`` or ``game``.
        evaluator: ``exact`` or ``rollout`` (module docstring; ``auto`` is resolved by
            :func:`advise`, not here).
        horizon: the rollout's hand-over point in tricks left (default ``EXACT_HORIZON``).
        solver: a :class:`Solver` to reuse (not shared between threads).
        scores: the game totals before the deal (the game model only).
        rollout: the rollout evaluator's policy (:class:`~.policy.RolloutPolicy`; default
            the rule bot).
        card_nodes: a cap on the search nodes a card may cost (a whole number >= 1;
            ``None``: no cap; :func:`advise` sets it for a decision with a node budget).
            ``rollout``: each card's solve at the horizon stops after this many nodes
            (split over the rollout's runs: each run's solve after ``card_nodes // runs``)
            and is redone after one more trick of the rule bot (:meth:`Solver.rollout`'s
            ``retry``; each redo capped again). ``exact``: the one solve, which values every
            card, stops after ``card_nodes × len(cards)`` nodes, and the deal is then
            valued by ``rollout`` with this cap from the next trick start (``horizon`` one
            trick below the tricks left). Either way every card gets a value. The nodes are
            checked every 1,024, so a solve can pass the cap by up to 1,023.
        shoot: ``rollout`` only: the seat to move plays the core's shooter plan while it can
            still shoot (cashes sure winners, wins what it can, discards no moon card) and
            every other seat defends (:meth:`Solver.rollout`'s ``shooter``), in place of
            ``rollout``'s own threat (its ``moon_threat``).
        facts: ``rollout`` only, for ``rollout.own`` ``"lookahead-guess"``: what the seat to
            move knows of the other hands, ``(excluded, known)`` card masks per seat, N
            first (:meth:`Solver.rollout`; :func:`seat_facts`); ``None``: nothing.

    Returns:
        The seat's final points for the deal after each card (ints, lower is better; the
        mean over the runs, a float, with several runs); for the game model its standing
        after the deal as :func:`~hearts.solver.solve.game_value`.

    Raises:
        AdviceError: an unknown model or evaluator. KeyError: a card is not legal.
        SolverError: ``card_nodes`` not a whole number 1..2**62 (:class:`Limit`).
    """
    if model not in MODELS:
        raise AdviceError(f"unknown model {model!r} for advice: expected {' or '.join(MODELS)}")
    if evaluator not in ("exact", "rollout"):
        raise AdviceError(f"unknown evaluator {evaluator!r}: expected exact or rollout")
    solver = solver or Solver()
    mover = position.to_move

    def value(cv) -> int:
        if model == "game":
            return game_value(cv.result, cv.value)
        return cv.points[mover] if model == "maxn" else cv.value

    if evaluator == "exact":
        limit = None if card_nodes is None else Limit(nodes=card_nodes * len(cards))
        result = solver.solve_position(position, mover, model, pv=False, scores=scores,
                                       limit=limit)
        if result.complete or limit is None:
            return [value(result[card]) for card in cards]
        # The cap stopped the solve. Every card is then valued by the same capped rollout,
        # not the finished cards exactly and the rest by rollouts: the cards of one sample
        # are compared with each other (a paired comparison), so they share one method.
        return evaluate_deal(position, cards, model, "rollout", position.tricks_left - 1,
                             solver, scores, rollout, card_nodes, shoot, facts)
    horizon = EXACT_HORIZON[model] if horizon is None else horizon
    # The rule bot's play-out and the solve at the horizon run in the core, without the GIL
    # (policy.play_out and Solver.solve_position on the line are the reference: same values).
    if model == "game" and rollout.runs > 1:
        raise AdviceError("the game model takes one rollout per card (its values are results "
                          "and margins, not points to average)")
    # whole: the value alone is the cheaper search, and a cap must not make the solves it
    # does not stop dearer
    # each run solves on its own, so the card's share is split over its runs
    cap = None if card_nodes is None else Limit(nodes=max(1, card_nodes // rollout.runs))
    rollout = rollout.under(position.rules)
    shooter = int(mover) if shoot else rollout.shooter(position)
    out = solver.rollout(position, cards, mover, model, horizon, policy_spec(position.rules),
                         limit=cap, retry=cap is not None, whole=True,
                         scores=scores, rollout_policy=rollout.kind, runs=rollout.runs,
                         epsilon=rollout.epsilon,
                         seed=rollout_seed(position.hands) if rollout.noisy else 0,
                         steady=rollout.steady, lead_epsilon=rollout.lead_epsilon,
                         discard_epsilon=rollout.discard_epsilon,
                         discard_policy=rollout.discard,
                         own_policy=rollout.own, shooter=shooter,
                         facts=facts, guesses=rollout.guesses,
                         defender=mover if (shooter is not None and not shoot
                                            and rollout.defence == "own") else None)
    runs = out if rollout.runs > 1 else [[v] for v in out]
    if any(v is None for card in runs for v in card):
        raise AdviceError("a rollout's solve was stopped before it finished (Ctrl-C)")
    values = [[v[mover] if model == "maxn" else v for v in card]  # type: ignore[index]
              for card in runs]
    return [card[0] if len(card) == 1 else sum(card) / len(card) for card in values]


def seat_facts(knowledge: Knowledge) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What the knowledge's seat knows of the other hands, as the core's rollouts take it
    (:meth:`Solver.rollout`'s ``facts``): per seat, N first, the mask of the cards it cannot
    hold (its voids, the cards seen elsewhere) and of the unseen cards it is known to hold
    (the cards the seat passed it); the seat's own entries 0."""
    me = knowledge.seat
    return (tuple(0 if seat == me else knowledge.excluded[seat].mask for seat in Seat),
            tuple(0 if seat == me else knowledge.known[seat].mask for seat in Seat))


class _SampleWork(PerThreadSolver):
    """Evaluates one sampled deal; shared by the threads (one Solver per thread) or pickled
    to the workers of a Dask cluster."""

    def __init__(self, knowledge: Knowledge, reps: list[Card], model: str, evaluator: str,
                 horizon: int, moon: bool, scores: Sequence[int] | None = None,
                 rollout: RolloutPolicy = RULE_BOT, public: Position | None = None,
                 card_nodes: int | None = None, plan: str | None = None) -> None:
        self.knowledge = knowledge
        self.facts = seat_facts(knowledge) if rollout.own == "lookahead-guess" else None
        self.plan = plan
        self.card_nodes = card_nodes
        self.rollout = rollout
        self.scores = scores
        self.reps = reps
        self.model = model
        self.evaluator = evaluator
        self.horizon = horizon
        rules = knowledge.rules
        self.moon = moon and rules.moon != "none"
        self.mover = knowledge.seat
        # Start from a table small enough for the cache when the solves are small
        # (Solver's own rule, applied to the largest position solved here).
        left = 52 - len(knowledge.history)
        deepest = left if evaluator == "exact" else min(left, 4 * horizon)
        self.tt_bits = 16 if deepest <= 24 else 19 if deepest <= 36 else 22
        # the plays in one consistent deal: each sample's position is this one redealt
        # (Position.redealt), not the plays replayed
        self.public = _public_position(knowledge) if public is None else public

    def __call__(self, masks: tuple[int, int, int, int]
                 ) -> tuple[list[int], list[int | None], list[int | None], int, int,
                            list[float] | None]:
        """(value per rep, others-can-shoot per rep, own-moon per rep, search nodes, solves
        the cap cut short, the moon plan's value per rep or ``None``) in the sampled deal of
        the four hand ``masks`` (N, E, S, W)."""
        solver = self.solver()
        before, stopped = solver.nodes, solver.stopped
        position = self.public.redealt(Deal.from_masks(masks))
        values = evaluate_deal(position, self.reps, self.model, self.evaluator, self.horizon,
                               solver, self.scores, self.rollout, self.card_nodes,
                               facts=self.facts)
        attempt = None
        if self.plan == "rollouts":
            attempt = evaluate_deal(position, self.reps, self.model, self.evaluator,
                                    self.horizon, solver, self.scores, self.rollout,
                                    self.card_nodes, shoot=True, facts=self.facts)
        elif self.plan == "exact":
            attempt = self._exact_plan(solver, position, values)
        used = solver.nodes - before          # the evaluation's (and moon plan's), not the risk's
        capped = solver.stopped - stopped     # and its solves the cap cut short
        risk: list[int | None] = [None] * len(self.reps)
        own: list[int | None] = [None] * len(self.reps)
        if self.moon:
            risk, own = self._moon(solver, position)
        return values, risk, own, used, capped, attempt

    def _exact_plan(self, solver: Solver, position: Position,
                    values: list[float]) -> list[float]:
        """The ``exact`` moon plan's value per rep in one sampled deal: the shooter's points
        where the moon model (all hands open, the best defence) lets the seat shoot after
        the card; elsewhere its attempt's rollout (one run, the noise of ``rollout``), or
        its plain value where that rollout's defence let it shoot anyway
        (:func:`.moon.failed_attempt`). A moon search that hits :data:`MOON_NODE_LIMIT`
        counts as a moon the defence stops."""
        result = solver.solve_position(position, self.mover, "moon", pv=False,
                                       limit=_MOON_LIMIT)
        shot = shooter_points(self.knowledge.rules)
        cans = []
        for card in self.reps:
            try:
                cans.append(result[card].value == 1)
            except KeyError:  # not finished within the node limit
                cans.append(False)
        failing = [card for card, can in zip(self.reps, cans) if not can]
        tried = iter(evaluate_deal(position, failing, self.model, self.evaluator, self.horizon,
                                   solver, self.scores, replace(self.rollout, runs=1),
                                   self.card_nodes, shoot=True, facts=self.facts)
                     if failing else [])
        return [shot if can else failed_attempt(plain, next(tried), shot)
                for plain, can in zip(values, cans)]

    def _moon(self, solver: Solver, position: Position) -> tuple[list[int | None],
                                                                 list[int | None]]:
        shooters = [s for s in Seat if position.may_shoot(s)]
        n = len(self.reps)
        risk: list[int | None] = [0] * n
        own: list[int | None] = [0] * n
        for shooter in shooters:
            result = solver.solve_position(position, shooter, "moon", pv=False,
                                           limit=_MOON_LIMIT)
            for i, card in enumerate(self.reps):
                try:
                    can = result[card].value
                except KeyError:  # not finished within the node limit
                    can = None
                if shooter == self.mover:
                    own[i] = can
                elif risk[i] != 1:
                    risk[i] = 1 if can == 1 else (None if can is None else risk[i])
        return risk, own


# -- the driver -------------------------------------------------------------------------------

def advise(subject: "Knowledge | Position", seat: "Seat | str | None" = None, *,
           sampling: Sampling | None = None, model: str | None = None,
           evaluator: str = "auto", early_stop: bool | None = None, moon: bool = True,
           horizon: int | None = None, rollout: RolloutPolicy | None = None,
           progress: Callable[[int, int], None] | None = None,
           scores: Sequence[int] | None = None,
           engine: Engine = DEFAULT_ENGINE) -> Advice:
    """Value every legal card of the seat to move over sampled deals (PIMC; module docstring).

    Args:
        subject: the seat's :class:`Knowledge`, or a :class:`Position` together with ``seat``
            (then only that seat's view of the position is used: its hand and the plays; the
            other hands are hidden and sampled).
        seat: the seat (default: the knowledge's seat, or the position's seat to move); it must
            be the seat to move.
        sampling: :class:`~.settings.Sampling`: ``samples`` sampled deals (at most; fewer
            when stopped early), ``seed`` of the deal sampler (the same seed gives the same
            deals and numbers), and where the samples run: ``threads`` (default every core)
            or a Dask ``scheduler`` (:func:`.parallel.executor`); the result does not depend
            on where they run. Default ``Sampling(engine.samples)``.
        model: ``paranoid``, ``maxn`` or ``game`` (with ``scores``); default
            ``engine.model``.
        evaluator: ``auto`` (``exact`` when at most ``horizon`` tricks are left, else
            ``rollout``), ``exact`` or ``rollout``.
        early_stop: apply the stopping rule (:data:`STOP_RULE`); default
            ``engine.early_stop``.
        moon: compute the moon risk (``moon_risk``, ``own_moon``).
        horizon: tricks left at which ``rollout`` hands over to the exact solver and up to
            which ``auto`` solves exactly (1..13; default ``engine.horizon`` for the engine's
            model, ``engine.moon_horizon`` if higher while a moon is live (:func:`moon_live`),
            else ``EXACT_HORIZON[model]``). Higher is closer to exact and slower
            (``docs/analysis.md`` has the measurements).
        rollout: the policy of the ``rollout`` evaluator (:class:`~.policy.RolloutPolicy`;
            default ``engine.rollout``, the rule bot for the game model;
            ``docs/experiments.md`` has the measurements).
        progress: called as ``progress(done, total)`` after each sample is combined.
        scores: the game model's game totals before the deal (N, E, S, W; required there,
            refused by the other models); the game ends at ``rules.target``.
        engine: the :class:`~.engine.Engine` whose settings fill in every argument left
            ``None`` (default :data:`~.engine.DEFAULT_ENGINE`, the one every analysis uses).

    Returns:
        An :class:`Advice`; values are the seat's points for the deal (lower is better), or
        for the game model its results and margins.

    Raises:
        AdviceError: unknown model or evaluator, a horizon outside 1..13, the seat is not to
            move or the deal is over, ``scores`` missing for the game model or given to
            another.
        SettingsError: ``sampling`` is not a :class:`~.settings.Sampling`.
        SolverError: bad ``scores`` (not four, or outside -400..400).
        NoConsistentDealError: no deal fits the knowledge.
        InconsistentRecordError: building the knowledge from a position failed.
        ClusterError: the scheduler cannot be used.
    """
    t0 = time.perf_counter()
    model = engine.model if model is None else model
    if model not in MODELS:
        raise AdviceError(f"unknown model {model!r} for advice: expected {' or '.join(MODELS)}")
    sampling = Sampling(engine.samples) if sampling is None else sampling
    early_stop = engine.early_stop if early_stop is None else early_stop
    if rollout is None:
        # the game model takes one rule-bot rollout per card (evaluate_deal)
        rollout = engine.rollout if model != "game" else RULE_BOT
    if evaluator not in EVALUATORS:
        raise AdviceError(f"unknown evaluator {evaluator!r}: expected one of "
                          f"{', '.join(EVALUATORS)}", argument="evaluator")
    sampling = Sampling.of(sampling)
    samples = sampling.samples
    if horizon is not None and not 1 <= horizon <= 13:
        raise AdviceError(f"horizon must be 1..13 tricks, got {horizon}", argument="horizon")
    if (model == "game") != (scores is not None):
        raise AdviceError("the game model needs the game totals (scores)" if scores is None
                          else f"scores are for the game model, not {model}")
    if isinstance(subject, Knowledge):
        knowledge = subject
        if seat is not None and Seat.parse(seat) != knowledge.seat:
            raise AdviceError(f"the knowledge is {knowledge.seat.name_title}'s, not "
                              f"{Seat.parse(seat).name_title}'s")
    else:
        if subject.is_over():
            raise AdviceError("the deal is over: no card left to play")
        knowledge = Knowledge.from_position(subject, subject.to_move if seat is None else seat)
    if knowledge.to_move != knowledge.seat:
        raise AdviceError(_not_to_move(knowledge))
    mover = knowledge.seat
    rollout = rollout.under(knowledge.rules)
    public = _public_position(knowledge)
    own_evaluator = horizon is None and evaluator == "auto" and model == engine.model
    if horizon is None:
        horizon = engine.horizon if model == engine.model else EXACT_HORIZON[model]
        if model == engine.model and moon_live(public):
            horizon = max(horizon, engine.moon_horizon)
    tricks_left = public.tricks_left
    used = evaluator if evaluator != "auto" else (
        "exact" if tricks_left <= horizon else "rollout")
    classes = _card_classes(knowledge, public)
    reps = [group[0] for group in classes]
    sampler = DealSampler(knowledge)
    # The deals are drawn as their jobs are submitted (memory does not grow with `samples`).
    rng = np.random.default_rng(sampling.seed)
    inference = play_model(engine.inference, knowledge.rules)
    if inference is not None and knowledge.history:
        deals = inferred_masks(sampler, rng, samples, inference)
    else:
        deals = islice(sampler.iter_masks(rng), samples)
    if scores is not None:
        game_spec(knowledge.rules, scores)      # the scores' errors before any sampling
    # the engine's budget is for the engine's own evaluator: a model, evaluator or horizon
    # asked for by name is more work a sample on purpose
    per_sample = engine.node_budget(public.tricks_played)
    budget = per_sample * samples if per_sample is not None and own_evaluator else None
    # The budget is checked between samples, so a sample may spend only its share of it
    # when MIN_SAMPLES samples share it: else one sample of heavy solves could cost about
    # as much as the budget again (docs/analysis.md, "Node budget"). A card's rollout runs
    # split its part (evaluate_deal); an exact sample is one solve and gets it whole.
    card_nodes = (None if budget is None
                  else max(1, budget // (MIN_SAMPLES * max(1, len(reps)))))
    # the moon plan: only the engine's own evaluator, and only while the seat can still shoot
    plan = (engine.moon_plan if own_evaluator and used == "rollout" and model == "maxn"
            and public.may_shoot(mover) else None)
    work = _SampleWork(knowledge, reps, model, used, horizon, moon,
                       None if scores is None else tuple(scores), rollout, public, card_nodes,
                       plan)
    n_threads = sampling.workers

    values: list[list[int]] = []
    attempts: list[list[float]] = []
    risks: list[list[int | None]] = []
    owns: list[list[int | None]] = []
    stopped = spent = False
    nodes = capped = 0
    # Samples beyond a checkpoint are in flight while it is checked, so that no thread waits
    # at it; results past a stop are dropped (the numbers stay the same). With early stops,
    # a cluster gets a local-sized window too: few samples wasted after a stop.
    window = in_flight(n_threads, None if early_stop else sampling.scheduler)
    with executor(n_threads, sampling.scheduler, "hearts-advice") as pool, \
            closing(lazy_map(pool, work, deals, window)) as results:
        for v, r, o, used_nodes, cut, a in results:
            values.append(v)
            if a is not None:
                attempts.append(a)
            risks.append(r)
            owns.append(o)
            n = len(values)
            nodes += used_nodes
            capped += cut
            if progress is not None:
                progress(n, samples)
            if budget is not None and nodes >= budget and MIN_SAMPLES <= n < samples:
                spent = True
                break
            if (early_stop and MIN_SAMPLES <= n < samples and (n - MIN_SAMPLES) % CHECK_EVERY == 0
                    and len(classes) > 0 and _clearly_best(_kept(values, attempts)[0])):
                stopped = True
                break

    values, shoots = _kept(values, attempts)
    # (samples, classes); the means of several runs per sample are floats
    table = np.array(values, dtype=np.int64 if (rollout.runs == 1 or used == "exact")
                     and not any(shoots) else np.float64)
    n = table.shape[0]
    cards = []
    for k, group in enumerate(classes):
        column = table[:, k]
        results = None
        if model == "game":
            results, column = zip(*(split_game_value(int(v)) for v in column))
            column = np.array(column, dtype=np.int64)
        mean = float(column.mean())
        se = float(column.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
        risk_col = [r[k] for r in risks]
        own_col = [o[k] for o in owns]
        unknown = sum(1 for r, o in zip(risk_col, own_col) if r is None or o is None)
        cards.append(CardAdvice(
            group[0], group[1:], mean, se, tuple(x.item() for x in column),
            _fraction(risk_col) if work.moon else None,
            _fraction(own_col) if work.moon else None,
            unknown if work.moon else 0, results, shoots[k]))
    cards.sort(key=lambda c: (c.rank, c.card))
    return Advice(mover, model, used, horizon, tricks_left, samples, n, stopped, sampling.seed,
                  n_threads, sampler.count, tuple(cards),
                  (time.perf_counter() - t0) * 1000.0, work.moon, knowledge, work.scores,
                  rollout, spent, nodes, capped)


#: The moon plan replaces a card's values only when its mean is lower by more than this many
#: standard errors of the paired difference (:func:`_kept`).
PLAN_Z = 2.0


def _kept(values: list[list[int]], attempts: list[list[float]]
          ) -> tuple[list[list[float]], list[bool]]:
    """The moon plan's choice (:attr:`~.engine.Engine.moon_plan`), card by card: the sample
    values (samples × cards) with each card's column replaced by its moon attempt's where
    the attempt's mean is lower by more than :data:`PLAN_Z` standard errors of the paired
    difference (the lower of two noisy means would favour the plan by its noise alone), and
    which cards took it. No attempts: ``values`` as they are. The plan is chosen per card
    over all samples, not per sample: the seat does not know which deal it is in."""
    if not attempts:
        return values, [False] * (len(values[0]) if values else 0)
    plain = np.array(values, dtype=np.float64)
    attempt = np.array(attempts, dtype=np.float64)
    gain = plain - attempt
    n = gain.shape[0]
    se = gain.std(axis=0, ddof=1) / math.sqrt(n) if n > 1 else np.zeros(gain.shape[1])
    shoots = gain.mean(axis=0) > PLAN_Z * se
    if not shoots.any():
        return values, [False] * len(shoots)
    return np.where(shoots, attempt, plain).tolist(), [bool(x) for x in shoots]


def _fraction(flags: Sequence[int | None]) -> float | None:
    known = [f for f in flags if f is not None]
    return sum(known) / len(known) if known else None


def _clearly_best(values: list[list[int]]) -> bool:
    """The stopping rule (:data:`STOP_RULE`) on the samples so far."""
    table = np.array(values, dtype=np.float64)
    n, k = table.shape
    if k == 1:
        return True
    means = table.mean(axis=0)
    best = int(np.argmin(means))
    for c in range(k):
        if c == best:
            continue
        diff = table[:, c] - table[:, best]
        if not diff.any():
            continue  # equal to the best on every sample so far: a tie, not a rival
        se = diff.std(ddof=1) / math.sqrt(n)
        if not diff.mean() > STOP_Z * se:
            return False
    return True
