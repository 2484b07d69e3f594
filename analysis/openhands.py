"""Open-hands values of early positions: a depth-bounded max^n (``hearts solve``'s default
before :data:`EXACT_MAXN_TRICKS` tricks are left, open-mode ``hearts annotate``).

Exact max^n (every seat minimises its own points, all hands visible) finishes in well under a
second from 8 tricks left and not in minutes from 10 (``docs/experiments.md``, "Open hands
early"); paranoid, which does finish, values every card 26 at trick 5 of most deals because the
other three can arrange a moon against the target. So for an early position
:func:`bounded_maxn` searches max^n exactly for the next ``depth`` trick ends (the current
trick counts as one), and values each position there by the rollout evaluator: the rule bot
(:mod:`.policy`) plays every seat until ``horizon`` tricks are left, and exact max^n solves the
rest (:meth:`Solver.rollout`, in the core). That is an *estimate*, and every result says so
(:attr:`OpenValues.estimate`); when ``depth`` reaches the end of the deal, or ``horizon`` covers
every trick after the bounded part, no rule-bot card is played and the values are the exact
max^n values (the same ties: the lowest card among equal own points).

:func:`open_values` picks: exact max^n when at most :data:`EXACT_MAXN_TRICKS` tricks are left
and it finishes within :data:`AUTO_EXACT_NODES` nodes (and ``limit``), else the bounded search;
a model asked by name (paranoid, maxn, moon, game) is solved exactly.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from hearts.solver.cards import Card
from hearts.solver.limit import Limit
from hearts.solver.position import Position
from hearts.solver.solve import CardValue, SolveResult, Solver, SolverError, core_rules

from .policy import policy_spec

__all__ = ["EXACT_MAXN_TRICKS", "AUTO_EXACT_NODES", "BOUNDED_DEPTH", "BOUNDED_HORIZON",
           "OpenValues", "bounded_maxn", "open_values", "estimate_text"]

#: Exact max^n is the default up to this many tricks left (median 0.7 s at 8, minutes at 9+:
#: ``docs/experiments.md`` "Open hands early").
EXACT_MAXN_TRICKS = 8
#: Nodes of an exact max^n solve under ``auto``: past them, the bounded estimate (about 1 s at
#: 30-40 million nodes a second; exact max^n at 8 tricks left takes 0.5 s median at a trick
#: start, but 1.7 s median and up to 19 s mid-trick in annotation: ``docs/experiments.md``
#: "Open hands early"). Nodes, not time, so that the choice is the same on every machine.
AUTO_EXACT_NODES = 30_000_000
#: Trick ends searched exactly by the bounded max^n (the current trick counts as one).
BOUNDED_DEPTH = 2
#: Tricks left at which the rollouts hand over to the exact max^n solve.
BOUNDED_HORIZON = 5


@dataclass(frozen=True)
class OpenValues:
    """Open-hands values of every legal card and how they were found.

    Attributes:
        result: the :class:`SolveResult` (for the bounded search: model ``maxn``, each card's
            ``points`` the estimated final points of every seat, ``value`` the mover's own;
            ``pv`` the bounded line, its first ``depth`` tricks at most).
        estimate: ``None`` for an exact solve, else what the values are, in words
            (:func:`estimate_text`), e.g. ``"estimate: depth-bounded max^n, 1 trick exact,
            then rule-bot rollouts to 6 tricks left and exact max^n"``.
        depth, horizon: the bounded search's settings (trick ends searched exactly; tricks
            left at the rollouts' hand-over); 0 for an exact solve.
        leaves: positions valued by a rollout (0 for an exact solve).
    """

    result: SolveResult
    estimate: str | None = None
    depth: int = 0
    horizon: int = 0
    leaves: int = 0

    @property
    def exact(self) -> bool:
        """True when the values are the model's exact values."""
        return self.estimate is None

    def to_json(self) -> dict:
        """:meth:`SolveResult.to_json` with ``exact`` (bool) and ``estimate`` (the label, or
        null), plus ``depth``, ``horizon`` and ``leaves`` for an estimate."""
        out = self.result.to_json()
        out["exact"] = self.exact
        out["estimate"] = self.estimate
        if not self.exact:
            out.update(depth=self.depth, horizon=self.horizon, leaves=self.leaves)
        return out


def estimate_text(depth: int, horizon: int) -> str:
    """The label of a bounded max^n's values: ``depth`` trick ends exact, then rule-bot
    rollouts to ``horizon`` tricks left, then exact max^n."""
    tricks = "1 trick" if depth == 1 else f"{depth} tricks"
    return (f"estimate: depth-bounded max^n, {tricks} exact, then rule-bot rollouts to "
            f"{horizon} trick{'' if horizon == 1 else 's'} left and exact max^n")


class _Search:
    """One bounded max^n search (state shared by the recursion)."""

    def __init__(self, solver: Solver, position: Position, depth: int, horizon: int,
                 limit: Limit, runs: int = 1, epsilon: float = 0.0, seed: int = 0) -> None:
        self.solver = solver
        self.runs, self.epsilon, self.seed = runs, epsilon, seed
        self.horizon = horizon
        self.policy = policy_spec(position.rules)
        self.classes = core_rules(position)["classes"]
        self.n = position.players
        # the leaves: positions at a trick start after `depth` trick ends
        self.stop_at = position.tricks_played + depth
        self.leaves = 0
        self.deadline = (None if limit.time_ms is None
                         else time.perf_counter() + limit.time_ms / 1000.0)
        self.max_leaves = limit.nodes
        self.stopped = False

    def classes_of(self, position: Position) -> list[list[Card]]:
        """The mover's legal cards in classes of equivalent cards (same suit and rule class,
        no card of another hand or of the trick between them), lowest card first."""
        legal = sorted(position.legal_moves(), key=lambda c: c.bit)
        mover = int(position.to_move)
        live = 0
        for seat, mask in enumerate(position.hands):
            if seat != mover:
                live |= mask
        for card in position.trick:
            live |= card.mask
        groups: list[list[Card]] = []
        for card in legal:
            if groups:
                last = groups[-1][-1]
                between = ((1 << card.bit) - 1) & ~((1 << (last.bit + 1)) - 1)
                if (last.suit == card.suit and self.classes[last.bit] == self.classes[card.bit]
                        and not live & between):
                    groups[-1].append(card)
                    continue
            groups.append([card])
        return groups

    def out_of_budget(self) -> bool:
        if self.stopped:
            return True
        if ((self.max_leaves is not None and self.leaves >= self.max_leaves)
                or (self.deadline is not None and time.perf_counter() > self.deadline)):
            self.stopped = True
        return self.stopped

    def last_ply(self, position: Position) -> bool:
        """Whether the mover's card ends the bounded part (the trick end at the depth)."""
        return (len(position.trick) == self.n - 1
                and position.tricks_played + 1 >= self.stop_at)

    def values(self, position: Position, reps: Sequence[Card]) -> list[tuple[int, ...] | None]:
        """The leaf values (final points of every seat) after each of ``reps``."""
        self.leaves += len(reps)
        out = self.solver.rollout(position, list(reps), position.to_move, "maxn",
                                  self.horizon, self.policy, runs=self.runs,
                                  epsilon=self.epsilon, seed=self.seed)
        if self.runs == 1:
            return out
        return [None if any(v is None for v in card)
                else tuple(sum(v[s] for v in card) / len(card) for s in range(self.n))
                for card in out]

    def best(self, position: Position) -> tuple[tuple[int, ...], list[Card]] | None:
        """The max^n value of ``position`` and its line (None: stopped)."""
        if position.is_over():
            return tuple(position.score()), []
        if self.out_of_budget():
            return None
        mover = int(position.to_move)
        reps = [g[0] for g in self.classes_of(position)]
        best: tuple[tuple[int, ...], list[Card]] | None = None
        for card, value, line in self.children(position, reps):
            if value is None:
                return None
            if best is None or value[mover] < best[0][mover]:
                best = (value, [card, *line])
        return best

    def children(self, position: Position, reps: Sequence[Card]):
        """``(card, value, line)`` for each of ``reps`` (value None: stopped)."""
        if self.last_ply(position):
            for card, value in zip(reps, self.values(position, reps)):
                yield card, (None if value is None else tuple(value)), []
            return
        for card in reps:
            position.play(card, check=False)
            try:
                found = self.best(position)
            finally:
                position.unplay()
            if found is None:
                yield card, None, []
                return
            yield card, found[0], found[1]


def bounded_maxn(position: Position, *, depth: int = BOUNDED_DEPTH,
                 horizon: int = BOUNDED_HORIZON, limit: Limit | None = None,
                 solver: Solver | None = None, pv: bool = True, runs: int = 1,
                 epsilon: float = 0.0, seed: int = 0) -> OpenValues:
    """Every legal card of the seat to move valued by a depth-bounded max^n (module
    docstring): exact max^n for the next ``depth`` trick ends, rule-bot rollouts from there to
    ``horizon`` tricks left, exact max^n after that.

    Args:
        position: a position with all hands known (not changed). Four or more seats, any rules
            the core plays.
        depth: trick ends searched exactly (1..13; the current trick counts as one).
        horizon: tricks left at the rollouts' hand-over to exact max^n (0..13).
        limit: stop early (:class:`Limit`: ``nodes`` counts the positions valued by a
            rollout, ``time_ms`` the wall time, checked between positions); the result then
            says ``complete=False`` and keeps the root cards finished in time.
        solver: a :class:`Solver` to reuse (its table serves the solves at the horizon).
        pv: keep each card's bounded line (its first ``depth`` tricks at most).
        runs, epsilon, seed: rollouts a leaf (1..64; with more than one a leaf's value is
            their mean, a float), the chance of a random card at each rollout play, and its
            random stream (:meth:`Solver.rollout`). Measured: more runs did not choose
            better cards (``docs/experiments.md`` "Open hands early").

    Returns:
        :class:`OpenValues`; its ``result`` has model ``maxn`` (values in points for the
        deal, lower is better, every seat's in ``points``), best for the mover first. Exact
        (``estimate`` None) when the bounded part reaches the end of the deal or the horizon
        covers every trick after it.

    Raises:
        SolverError: a finished deal, ``depth`` or ``horizon`` out of range, ``limit`` not a
            :class:`Limit`.
    """
    if not isinstance(position, Position):
        raise SolverError(f"bounded_maxn takes a Position, not {type(position).__name__}")
    if position.is_over():
        raise SolverError("the deal is over: no card left to play")
    if not 1 <= depth <= 13:
        raise SolverError(f"depth must be 1..13 tricks, got {depth}", argument="depth")
    if not 0 <= horizon <= 13:
        raise SolverError(f"horizon must be 0..13 tricks, got {horizon}", argument="horizon")
    limit = Limit.of(limit)
    solver = solver or Solver()
    t0 = time.perf_counter()
    work = position.copy()
    search = _Search(solver, work, depth, horizon, limit, runs, epsilon, seed)
    mover = int(work.to_move)
    groups = search.classes_of(work)
    reps = [g[0] for g in groups]
    found: list[tuple[Card, tuple[int, ...], list[Card]]] = []
    for card, value, line in search.children(work, reps):
        if value is None:
            break
        found.append((card, value, line))
    by_rep = {g[0]: g for g in groups}
    found.sort(key=lambda f: (f[1][mover], f[0].bit))
    cards = tuple(CardValue(card, tuple(by_rep[card][1:]), value[mover],
                            tuple([card, *line]) if pv else (), value)
                  for card, value, line in found)
    complete = len(found) == len(reps)
    valued = {c for card, _, _ in found for c in by_rep[card]}
    unvalued = () if complete else tuple(sorted(
        (c for g in groups for c in g if c not in valued), key=lambda c: c.bit))
    ms = (time.perf_counter() - t0) * 1000.0
    result = SolveResult(work.to_move, work.to_move, "maxn", position.rules, cards,
                         search.leaves, ms, complete, solver.tt_bytes, unvalued)
    left_after = position.tricks_left - depth
    exact = left_after <= 0 or horizon >= left_after
    return OpenValues(result, None if exact else estimate_text(depth, horizon), depth,
                      horizon, search.leaves)


def open_values(position: Position, model: str | None = None, *, seat=None,
                limit: Limit | None = None, solver: Solver | None = None, pv: bool = True,
                scores: Sequence[int] | None = None, depth: int = BOUNDED_DEPTH,
                horizon: int = BOUNDED_HORIZON, progress=None) -> OpenValues:
    """The open-hands values of ``position`` under ``model``: a named model (``paranoid``,
    ``maxn``, ``moon``, ``game``) is solved exactly (:meth:`Solver.solve_position`);
    ``None`` (the default) or ``auto`` solves exact max^n when at most
    :data:`EXACT_MAXN_TRICKS` tricks are left and the solve finishes within
    :data:`AUTO_EXACT_NODES` nodes and ``limit``; else (earlier, or not finished)
    :func:`bounded_maxn`, labelled an estimate, within what is left of ``limit``'s time.
    ``progress``: passed to an exact solve (:meth:`Solver.solve_position`); the bounded search
    takes a few seconds at most and reports nothing.

    Raises:
        SolverError: as :meth:`Solver.solve_position` and :func:`bounded_maxn`; ``scores``
            with ``auto``.
    """
    solver = solver or Solver()
    if model not in (None, "auto"):
        return OpenValues(solver.solve_position(position, seat, model, limit=limit, pv=pv,
                                                scores=scores, progress=progress))
    if scores is not None:
        raise SolverError("scores are for the game model, not auto", argument="scores")
    if position.is_over():
        raise SolverError("the deal is over: no card left to play")
    limit = Limit.of(limit)
    t0 = time.perf_counter()
    if position.tricks_left <= EXACT_MAXN_TRICKS:
        nodes = min(limit.nodes or AUTO_EXACT_NODES, AUTO_EXACT_NODES)
        exact = solver.solve_position(position, seat, "maxn", pv=pv, progress=progress,
                                      limit=Limit(nodes, limit.time_ms))
        if exact.complete:
            return OpenValues(exact)
    if limit.time_ms is not None:
        spent = (time.perf_counter() - t0) * 1000.0
        limit = Limit(limit.nodes, max(1.0, limit.time_ms - spent))
    return bounded_maxn(position, depth=depth, horizon=horizon, limit=limit, solver=solver,
                        pv=pv)
