"""Moon detection: the chance that a hand can shoot the moon, and moon watch in a game
(``hearts moon``).

Solution concept ``moon`` (``hearts.solver.solve``): can a seat take every moon card (all hearts
and Q♠ under standard rules) against the best defence of the other three, all hands open?

* :func:`moon_odds`: the probability that a 13-card hand can shoot, estimated as the fraction
  of sampled deals in which it can (Perfect Information Monte Carlo, Ginsberg 2001, "GIB:
  Imperfect Information in a Computationally Challenging Game", JAIR 14; the design's "moon
  detection"). The other 39 cards (36 after a pass whose cards are known to lie with the
  receiver) are dealt uniformly by :class:`~.sampling.DealSampler`, then the position at the
  start of play is searched with the moon model. Because every deal is searched with all hands
  open, the estimate is an upper bound on what the hand can force in real play (a double-dummy
  shooter knows where every card is). A search that hits the limit (by default 2 s of time,
  :data:`DEFAULT_LIMIT`) is *unfinished*: it is left out of the probability and counted
  separately. The 95% interval is Wilson's score interval (Wilson 1927, "Probable inference,
  the law of succession, and statistical inference", JASA 22) over the finished samples.
* :func:`moon_watch`: in a game position, the seat on track to shoot (the only seat that has
  taken moon cards so far) and whether it can still shoot against the best defence -- with the
  hands open (at every table of 3 to 7 players), and optionally as estimated from one seat's
  view (sampled deals; a seat's :class:`~.knowledge.Knowledge` is modelled for 4 players only).

Costs: ``benchmarks/bench_advice.py`` (``docs/analysis.md``).
"""
from __future__ import annotations

import math
import time
from contextlib import closing
from dataclasses import dataclass
from itertools import islice
from typing import Callable, Iterable

import numpy as np

from hearts.solver.cards import Card
from hearts.solver.deal import Deal
from hearts.solver.errors import HeartsError
from hearts.solver.hand import Hand
from hearts.solver.limit import Limit
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat, seat_letter, table_seats
from hearts.solver.solve import SolveResult, Solver

from .parallel import PerThreadSolver, executor, in_flight, lazy_map
from .stats import Z95 as _Z95
from .knowledge import Knowledge
from .sampling import DealSampler
from .settings import Sampling

__all__ = ["MoonError", "MoonOdds", "MoonWatch", "moon_odds", "moon_watch", "can_shoot",
           "shooter_points", "failed_attempt",
           "wilson_interval", "DEFAULT_TIME_MS", "DEFAULT_LIMIT"]

#: Default time limit of one moon search, in milliseconds.
DEFAULT_TIME_MS = 2000.0
#: Default limit of one moon search (:data:`DEFAULT_TIME_MS`).
DEFAULT_LIMIT = Limit(time_ms=DEFAULT_TIME_MS)


class MoonError(HeartsError):
    """A moon question that cannot be asked (no moon in the rules, bad counts, a finished deal)."""


def wilson_interval(successes: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """Wilson's score interval for a binomial proportion (default 95%).

    Returns ``(low, high)`` in [0, 1]; ``(0.0, 1.0)`` when ``n`` is 0.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # Exact ends at 0 and n (the formula gives them up to rounding).
    return (0.0 if successes == 0 else low, 1.0 if successes == n else high)


def shooter_points(rules: Rules) -> int:
    """The shooter's points for a deal in which it takes every moon card: 0 (old moon, and the
    deal's own score under ``moon=choice``), minus the award under a new moon (``docs/rules.md``).
    """
    return -rules.moon_award() if rules.moon == "new" else 0


def failed_attempt(plain: float, attempt: float, shot: int) -> float:
    """The value of a moon attempt in a deal where the best defence stops it, in points: the
    attempt's rollout, or when the rollout scored the shooter's points (its defence let it
    shoot anyway; under the old moon also a rollout in which the seat took nothing: the value
    cannot tell them apart, and the plain value is the cautious reading) the plain value (the
    seat, stopped, plays on as it would have). Used by the pass rating's and the play
    advice's moon plans."""
    return plain if attempt == shot else attempt


def can_shoot(result: SolveResult) -> bool | None:
    """Whether the target of a ``moon`` solve can still shoot in the solved position.

    The target to move can shoot if some card keeps the moon; another seat to move can stop
    it if some card does. Cards finished before a node/time limit are exact, so an
    unfinished solve can still decide; ``None`` when it cannot.
    """
    finished = [cv.value for cv in result.cards]
    if result.seat == result.target:
        if any(finished):
            return True
        return False if result.complete else None
    if not all(finished):
        return False
    return True if result.complete else None


@dataclass(frozen=True)
class MoonOdds:
    """The chance that a hand can shoot the moon, over sampled deals.

    Attributes:
        seat: the seat holding the hand (matters only for who leads).
        hand: the 13 cards at the start of play (after the pass, if any).
        pass_direction: the pass the hand comes from, ``None`` for none given (the hand as
            dealt on a hold deal, or a pass nobody knows about).
        passed, received: the cards passed and received (empty without a pass).
        rules: the rules.
        requested: samples asked for.
        shoots, cannot, unfinished: samples in which the hand can shoot, cannot, or the search
            hit the limit (not counted in the probability).
        probability: ``shoots / (shoots + cannot)``, ``None`` if every sample is unfinished.
        interval: Wilson 95% interval of the probability (over the finished samples).
        seed: the sampler's seed. limit: of one search (:class:`~hearts.solver.limit.Limit`).
        deals: consistent deals. threads: the worker threads used. ms: wall time.
    """

    seat: Seat
    hand: Hand
    pass_direction: PassDirection | None
    passed: Hand
    received: Hand
    rules: Rules
    requested: int
    shoots: int
    cannot: int
    unfinished: int
    seed: int
    limit: Limit
    deals: int
    threads: int
    ms: float

    @property
    def decided(self) -> int:
        return self.shoots + self.cannot

    @property
    def probability(self) -> float | None:
        return self.shoots / self.decided if self.decided else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.shoots, self.decided)

    def to_json(self) -> dict:
        low, high = self.interval
        return {
            "model": "moon",
            "question": "can the hand take every penalty card against the best defence, "
                        "all hands open, in a deal sampled uniformly from its seat's view",
            "seat": self.seat.letter,
            "hand": str(self.hand),
            "pass": None if self.pass_direction is None else str(self.pass_direction),
            "passed": [str(c) for c in self.passed],
            "received": [str(c) for c in self.received],
            "rules": self.rules.name or self.rules.to_dict(),
            "samples": self.requested,
            "shoots": self.shoots,
            "cannot": self.cannot,
            "unfinished": self.unfinished,
            "probability": None if self.probability is None else round(self.probability, 4),
            "interval95": [round(low, 4), round(high, 4)],
            "interval_method": "Wilson score, finished samples",
            "seed": self.seed,
            **_limit_json(self.limit),
            "deals": self.deals,
            "threads": self.threads,
            "ms": round(self.ms, 1),
        }


def _limit_json(limit: Limit) -> dict:
    """A search limit as the JSON shows it: ``time_limit_ms`` (null for none), and
    ``node_limit`` when there is one."""
    out: dict = {"time_limit_ms": limit.time_ms}
    if limit.nodes is not None:
        out["node_limit"] = limit.nodes
    return out


def _check_moon_rules(rules: Rules) -> None:
    if rules.moon == "none":
        raise MoonError("these rules have no moon (moon=none)")


class _MoonWork(PerThreadSolver):
    """One moon search per sampled deal; one Solver per thread (or per Dask worker thread)."""

    def __init__(self, knowledge: Knowledge, shooter: Seat, limit: Limit) -> None:
        self.knowledge = knowledge
        self.shooter = shooter
        self.limit = limit
        left = 52 - len(knowledge.history)
        self.tt_bits = 16 if left <= 24 else 19

    def __call__(self, masks: tuple[int, int, int, int]) -> bool | None:
        """The verdict in the deal of the four hand ``masks`` (N, E, S, W)."""
        solver = self.solver()
        position = self.knowledge.position(Deal.from_masks(masks))
        result = solver.solve_position(position, self.shooter, "moon", pv=False,
                                       limit=self.limit)
        return can_shoot(result)


def _sampled(knowledge: Knowledge, shooter: Seat, sampling: Sampling, limit: Limit,
             progress: Callable[[int, int], None] | None
             ) -> tuple[tuple[int, int, int], int]:
    """How many of ``sampling.samples`` deals sampled from ``knowledge`` ``shooter`` can shoot
    in, cannot, and are unfinished in: ``(shoots, cannot, unfinished)``; and the number of
    consistent deals. The deals are drawn as their searches are submitted
    (:func:`.parallel.lazy_map`), so memory does not grow with the samples."""
    sampler = DealSampler(knowledge)
    samples, threads, scheduler = sampling.samples, sampling.workers, sampling.scheduler
    deals = islice(sampler.iter_masks(np.random.default_rng(sampling.seed)), samples)
    work = _MoonWork(knowledge, shooter, limit)
    counts = {True: 0, False: 0, None: 0}
    done = 0
    with executor(threads, scheduler, "hearts-moon") as pool, \
            closing(lazy_map(pool, work, deals, in_flight(threads, scheduler))) as verdicts:
        for verdict in verdicts:
            counts[verdict] += 1
            done += 1
            if progress is not None:
                progress(done, samples)
    return (counts[True], counts[False], counts[None]), sampler.count


def moon_odds(hand: "Hand | str | Iterable[Card | str]", *, seat: "Seat | str" = Seat.S,
              rules: "Rules | str | None" = None,
              pass_direction: "PassDirection | str | None" = None,
              passed: "Iterable[Card | str] | str | None" = None,
              received: "Iterable[Card | str] | str | None" = None,
              sampling: Sampling = Sampling(200), limit: Limit = DEFAULT_LIMIT,
              progress: Callable[[int, int], None] | None = None) -> MoonOdds:
    """The probability that ``hand`` can shoot the moon (module docstring).

    Args:
        hand: the 13 cards at the start of play: PBN ``S.H.D.C`` text, a :class:`Hand`, or
            cards (a list or one text ``"AS KS ..."``).
        seat: the seat holding it (default South); it only decides who leads.
        rules: the rules, or a ``Rules.parse`` text (default standard).
        pass_direction: ``None`` (default): the hand as held at the start of play, the other
            39 cards dealt uniformly (a hold deal, or nothing known about the pass). A
            direction (``left``, ``right``, ``across``): ``hand`` is the hand *after* that pass;
            ``passed`` (the cards given, now with the receiver) and ``received`` (the cards got,
            part of ``hand``) are then required.
        sampling: :class:`~.settings.Sampling`: ``samples`` deals to sample, the sampler's
            ``seed``, and ``threads`` (default every core) or a Dask ``scheduler`` to run the
            searches on (:func:`.parallel.executor`; the same result as local). Default
            ``Sampling(200)``.
        limit: of one search (:class:`~hearts.solver.limit.Limit`; default
            :data:`DEFAULT_LIMIT`, 2 s); a search that hits it is unfinished. ``Limit()``: none.

    Raises:
        InconsistentRecordError: the hand is not 13 distinct cards; a pass on a hold deal or
            under rules without passing; wrong pass counts; passed cards still in the hand.
        CardError: a card text is no card. MoonError: no moon in the rules.
        SettingsError, SolverError: ``sampling`` or ``limit`` of another type.
        ClusterError: the scheduler cannot be used.
    """
    t0 = time.perf_counter()
    rules = Rules.of(rules)
    _check_moon_rules(rules)
    sampling, limit = Sampling.of(sampling), Limit.of(limit)
    seat = Seat.parse(seat)
    knowledge = Knowledge.from_record(seat, hand, (), rules, pass_direction=pass_direction,
                                      passed=passed, received=received)
    (shoots, cannot, unfinished), count = _sampled(knowledge, seat, sampling, limit, progress)
    return MoonOdds(seat, knowledge.start_hand, knowledge.pass_direction, knowledge.passed,
                    knowledge.received, rules, sampling.samples, shoots, cannot, unfinished,
                    sampling.seed, limit, count, sampling.workers,
                    (time.perf_counter() - t0) * 1000.0)


@dataclass(frozen=True)
class MoonWatch:
    """Who is on track to shoot in a game position, and whether it can still be stopped.

    Attributes:
        plays: cards played so far.
        points: raw points each seat has taken, one per seat in play order (N, E, S, W at 4
            players; A, B, C, … at a table of 3, 5, 6 or 7).
        takers: the seats that have taken moon cards so far (:class:`Seat` at 4 players, ints
            0..n-1 at other tables: :func:`~hearts.solver.seats.table_seats`).
        on_track: the only seat that has taken moon cards, ``None`` when none or several have.
        open: seat → can it still shoot, hands open, against the best defence (``True``,
            ``False``, ``None`` = the search hit the limit). Holds ``on_track`` only; when no
            moon card is taken yet, every seat; empty when two seats have taken some (nobody
            can shoot).
        view: the seat whose view was sampled, or ``None``.
        sampled: for ``shooter`` from ``view``'s knowledge: (shoots, cannot, unfinished);
            ``None`` without a view or when nobody can shoot.
        samples, seed: of the sampled estimate.
        limit: of one search (:class:`~hearts.solver.limit.Limit`). ms: wall time.
        shooter: the seat the sampled estimate is about: ``on_track``, or when no moon card
            is taken yet the ``view`` seat itself (its own chance); ``None`` without one.
    """

    plays: int
    points: tuple[int, ...]
    takers: tuple[int, ...]
    on_track: int | None
    open: dict[int, bool | None]
    view: Seat | None = None
    sampled: tuple[int, int, int] | None = None
    samples: int = 0
    seed: int = 0
    limit: Limit = Limit()
    ms: float = 0.0
    shooter: int | None = None

    @property
    def players(self) -> int:
        """The number of seats at the table (one point count per seat)."""
        return len(self.points)

    def letter(self, seat: int) -> str:
        """``seat``'s letter at this table (N at 4 players, A at others)."""
        return seat_letter(seat, self.players)

    @property
    def sampled_probability(self) -> float | None:
        if self.sampled is None or not self.sampled[0] + self.sampled[1]:
            return None
        return self.sampled[0] / (self.sampled[0] + self.sampled[1])

    def to_json(self) -> dict:
        out = {
            "model": "moon",
            "plays": self.plays,
            "points": list(self.points),
            "takers": [self.letter(s) for s in self.takers],
            "on_track": None if self.on_track is None else self.letter(self.on_track),
            "open": {self.letter(s): v for s, v in self.open.items()},
            **_limit_json(self.limit),
            "ms": round(self.ms, 1),
        }
        if self.view is None:
            return out
        if self.sampled is None or self.shooter is None:
            out["sampled"] = None       # asked for, but nobody can shoot
        else:
            shoots, cannot, unfinished = self.sampled
            low, high = wilson_interval(shoots, shoots + cannot)
            out["sampled"] = {
                "view": self.letter(self.view), "shooter": self.letter(self.shooter),
                "samples": self.samples, "seed": self.seed,
                "shoots": shoots, "cannot": cannot, "unfinished": unfinished,
                "probability": (None if self.sampled_probability is None
                                else round(self.sampled_probability, 4)),
                "interval95": [round(low, 4), round(high, 4)]}
        return out


def moon_watch(position: Position, *, view: "Knowledge | None" = None,
               sampling: Sampling = Sampling(100), limit: Limit = DEFAULT_LIMIT,
               progress: Callable[[int, int], None] | None = None) -> MoonWatch:
    """Moon watch in a game position (module docstring).

    Args:
        position: the open position (all hands known), at a table of any size.
        view: a seat's knowledge of the same position; when given, also estimate from that
            view (``sampling.samples`` deals of its unseen cards) how often the seat on track
            can still shoot, or when no moon card is taken yet, the view's seat itself
            (nothing is sampled when two seats have taken moon cards: nobody can shoot).
        sampling: of the view's estimate, as :func:`moon_odds` (default ``Sampling(100)``).
        limit: of one search (default :data:`DEFAULT_LIMIT`); ``Limit()`` for none.

    Raises:
        MoonError: the rules have no moon; the deal is over.
        SettingsError, SolverError: ``sampling`` or ``limit`` of another type.
        ClusterError: the scheduler cannot be used.
    """
    t0 = time.perf_counter()
    rules = position.rules
    _check_moon_rules(rules)
    if position.is_over():
        raise MoonError("the deal is over: nothing left to shoot for")
    sampling, limit = Sampling.of(sampling), Limit.of(limit)
    moon_mask = rules.moon_mask()
    seats = table_seats(position.players)
    takers = tuple(s for s in seats if position.taken[s] & moon_mask)
    on_track = takers[0] if len(takers) == 1 else None
    candidates = [on_track] if on_track is not None else (list(seats) if not takers else [])
    solver = Solver()
    open_verdicts: dict[int, bool | None] = {}
    for seat in candidates:
        result = solver.solve_position(position, seat, "moon", pv=False, limit=limit)
        open_verdicts[seat] = can_shoot(result)
    sampled = None
    view_seat: int | None = None
    shooter: int | None = None      # whose moon the sampled estimate is about
    if view is not None:
        view_seat = view.seat
        shooter = on_track if on_track is not None else (view.seat if not takers else None)
        if shooter is not None:
            sampled, _ = _sampled(view, shooter, sampling, limit, progress)
    return MoonWatch(len(position.history), tuple(position.points), takers,
                     on_track, open_verdicts, view_seat, sampled, sampling.samples,
                     sampling.seed, limit, (time.perf_counter() - t0) * 1000.0, shooter)
