"""Annotation of game records: judge every play against the best card (``hearts annotate``).

Two modes, and ``both`` (``docs/annotate.md`` "Modes"); every judgement says which it is:

* ``open`` — all four hands visible: the **max^n** value (``docs/internals.md`` "Solution
  concepts": every seat plays to take the fewest points itself) of the card played and of the
  best card, both for the seat that played (its points for the deal; lower is better), exact
  from :data:`~.openhands.EXACT_MAXN_TRICKS` tricks left and a labelled depth-bounded estimate
  before (:func:`.openhands.open_values`, open model ``auto``). ``loss`` = value(played) −
  value(best), in points (an int). ``open_model="paranoid"`` judges by the exact paranoid value
  instead (the other three together against the seat: a guarantee, but early in a deal it
  often blames a card for a moon the others would have to arrange against their own points).
* ``fair`` — the seat's own knowledge at that point (its hand, its pass, the plays seen;
  :meth:`Knowledge.from_deal`): every legal card valued by :func:`.advice.advise` over
  deals sampled from that knowledge (PIMC; ``samples`` per play, default the engine's,
  seeded; by default the engine every analysis uses, :data:`~.engine.DEFAULT_ENGINE`: max^n,
  rollouts (the seat by the rule bot, the other seats by the learned model of IS-MCTS's play)
  then an exact solve early in the deal, exact solves from its horizon on).
  ``loss`` = mean(card played) − mean(best card), in points (a float), with the standard
  error of that paired difference.
* ``both`` — both judgements per play. The mark written to the record (``?``/``??``) is the
  fair one (what the seat could have known); a play that loses points only with the hands open
  is shown as such (``open_only``), one that loses only on the seat's information as
  ``fair_only``.

A loss of at least ``mistake`` points (default 2) marks the play ``?``, at least ``blunder``
(default 6) ``??``, in either mode. A play with one class of equivalent legal cards (a forced
play) loses nothing and is not sampled.

Which plays are judged: exact open solves are affordable only late in a deal (max^n: median
0.5 s a position with 8 tricks left, minutes with 9–13), so open mode judges from trick
``judged_from`` (default: the first trick with at most ``max_tricks`` = 8 tricks left, trick 6),
and a position not solved within the ``limit`` is reported as unjudged, never guessed. Fair mode
is bounded per play by its evaluator and judges every trick (from ``from_trick`` when given).

Moon alerts (open hands, both modes): the first play after which one seat is *on track* (the
only seat that has taken moon cards, with moon cards still to take); then, at every trick start
from the open ``judged_from``, the moon model (can that seat still take every moon card against
the best defence?) says whether the others can still stop it, and the play after which they no
longer could.

Accuracy (per seat and deal, and over a batch): ``100 * exp(-k * mean loss per decision)``, a
decision being a judged play whose legal cards did not all have the same value, k chosen from
data so that a club player scores 50 (:data:`ACCURACY_K`, docs/annotate.md "Accuracy"). The
expected-points graph of a deal (:func:`points_series`, drawn by :mod:`.points_graph`): each
seat's points for the deal after each of its judged plays.

Passes: each deal's passes are listed (:class:`PassNote`); their rating plugs in through the
``pass_rater`` hook (a callable, :data:`PassRater`, e.g.
:class:`~hearts.analysis.passing.RecordPassRater`) — without one every pass says
:data:`PASS_NOT_RATED`.

Python::

    from hearts.analysis import Sampling, annotate
    result = annotate(game, mode="both", sampling=Sampling(100, seed=0))   # → GameAnnotation
    result.game                                # an annotated copy (the input is not changed)
    result.plays, result.summary(), result.moon_alerts, result.to_json()
"""
from __future__ import annotations

import copy
import json
import math
import re
import shutil
import tempfile
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Sequence

from hearts.solver.cards import Card
from hearts.solver.errors import HeartsError
from hearts.solver.limit import Limit
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat
from hearts.solver.solve import CardValue, Solver
from hearts.solver.words import counted

from . import records
from .advice import EVALUATORS, advise, card_classes
from .engine import DEFAULT_ENGINE, Engine
from .knowledge import record_knowledge
from .parallel import executor
from .openhands import EXACT_MAXN_TRICKS, open_values
from .records import NAG_BLUNDER, NAG_MISTAKE, DealRecord, GameRecord
from .settings import Sampling
from .stats import mean_se

__all__ = ["MODES", "JudgedPlay", "FairJudgement", "MoonAlert", "PassNote", "PassRater",
           "DealAnnotation", "GameAnnotation", "AnnotateError", "annotate", "annotate_deal",
           "annotate_games", "batch_json", "OPEN_MODELS", "BatchJsonWriter", "SummaryTally",
           "judge_fair",
           "judged_from_trick", "summarise",
           "summary_json", "mistake_count", "moon_text", "modes_run", "primary", "fair_json",
           "accuracy", "decision_loss", "points_series", "deal_json",
           "LINE_CARDS", "PASS_NOT_RATED", "DEFAULT_SAMPLES", "ACCURACY_K"]

#: Annotation modes: ``open`` (all hands visible), ``fair`` (the seat's knowledge, sampled),
#: ``both``.
MODES = ("open", "fair", "both")
#: Fair-mode models: the advice's models on the deal's points (the game model needs game
#: totals, which a record's deal does not get here).
FAIR_MODELS = ("paranoid", "maxn")
#: Open-mode models: ``auto`` (max^n, exact from :data:`EXACT_MAXN_TRICKS` tricks left, a
#: depth-bounded estimate before; :func:`.openhands.open_values`), ``maxn`` (exact max^n
#: always: minutes a position early in a deal), ``paranoid`` (exact).
OPEN_MODELS = ("auto", "maxn", "paranoid")
#: Samples per play in fair mode (at most: advice stops early when one card is clearly best):
#: the engine's.
DEFAULT_SAMPLES = DEFAULT_ENGINE.samples
#: Cards of the suggested card's line written to ``[%line ...]``.
LINE_CARDS = 8
#: Machine-data keys this module writes (and clears on a judged play before writing).
DATA_KEYS = ("dd", "best", "loss", "line", "mode", "unjudged", "fair", "fair_best",
             "fair_loss", "fair_se", "samples", "eval", "open_only", "fair_only", "estimate")
#: The status of a pass while no pass rater is plugged in (``pass_rater=None``).
PASS_NOT_RATED = "not rated yet"


class AnnotateError(HeartsError):
    """Bad annotation options (unknown mode, thresholds, trick numbers, sample counts)."""


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


@dataclass(frozen=True)
class FairJudgement:
    """A play judged on the seat's own knowledge (fair mode), by sampled deals.

    Attributes:
        mean: the mean over the samples of the seat's points for the deal after the card
            played (lower is better). best_mean: the same for the best card. Both None for a
            forced play (not sampled).
        best: the best card's class (equivalent cards), ascending.
        loss: ``mean − best_mean`` in points (≥ 0; 0 when the card played is best).
        se: the standard error of that loss, from the paired per-sample differences (the
            cards are valued on the same samples).
        mark: ``"?"``, ``"??"`` or ``""`` (on ``loss``).
        samples: the samples used (fewer than ``requested`` when advice stopped early; 0 for
            a forced play). requested: the samples asked for.
        evaluator: ``exact`` or ``rollout`` (:mod:`.advice`), or ``forced`` (one class of
            legal cards: nothing to judge). model: ``paranoid`` or ``maxn``.
        values: every legal card class's representative and its mean, best first.
        deals: the number of deals consistent with the seat's knowledge.
        ms: wall time.
        mean_se: the standard error of ``mean`` (None for a forced play).
    """

    mean: float | None
    best_mean: float | None
    best: tuple[Card, ...]
    loss: float
    se: float
    mark: str
    samples: int
    requested: int
    evaluator: str
    model: str
    values: tuple[tuple[Card, float], ...] = ()
    deals: int = 0
    ms: float = field(default=0.0, compare=False)
    mean_se: float | None = None

    def to_json(self) -> dict:
        return {"mean": _round(self.mean), "mean_se": _round(self.mean_se),
                "best_mean": _round(self.best_mean),
                "best": [str(c) for c in self.best], "loss": round(self.loss, 4),
                "se": round(self.se, 4), "mark": self.mark, "samples": self.samples,
                "requested": self.requested, "evaluator": self.evaluator, "model": self.model,
                "deals": self.deals,
                "values": {str(c): round(v, 4) for c, v in self.values}}


@dataclass(frozen=True)
class JudgedPlay:
    """One judged play of a deal: its open-hands judgement and, in fair or both mode, its fair
    one.

    Attributes:
        game: the game's index in its input (1, 2, ...). deal: the deal number.
        index: the play's number in the deal, 1..52. trick: 1..13. seat, card: who played what.
        value: the open value after the card for ``seat`` (its points for the deal, under the
            open model: max^n by default); None when not judged with open hands.
            best_value: the value of the best card.
            best: the cards that keep ``best_value`` (all of them, in card order).
            loss: value − best_value (points).
        mark: the open mark, ``"?"``, ``"??"`` or ``""``. line: the suggested card's open line
            (up to :data:`LINE_CARDS` cards, the suggested card first, each card once, each
            legal in turn; a card equivalent to its class's lowest gets the class's line with
            the two exchanged, :func:`_line_of`).
        status: the open judgement: ``"judged"``, ``"unjudged"`` (not solved within the time
            cap) or ``"skipped"`` (open hands not asked for this play: fair mode, or before
            the open ``judged_from`` in both mode). values: every legal card and its open
            value, best first (equivalent cards listed one by one). ms: the solve's wall time.
        fair: the :class:`FairJudgement` (None in open mode).
        estimate: the label of open values that are an estimate (the depth-bounded max^n
            before :data:`EXACT_MAXN_TRICKS` tricks are left), None when exact.
    """

    game: int
    deal: int
    index: int
    trick: int
    seat: Seat
    card: Card
    value: int | None
    best_value: int | None
    best: tuple[Card, ...]
    loss: int | None
    mark: str
    line: tuple[Card, ...]
    status: str
    values: tuple[tuple[Card, int], ...] = ()
    ms: float = field(default=0.0, compare=False)
    fair: FairJudgement | None = None
    estimate: str | None = None

    @property
    def verdict(self) -> str:
        """The mark that stands for the play: the fair mark when judged fair, else the open
        mark (points lost on what the seat knew come before points lost to hidden cards)."""
        return self.fair.mark if self.fair is not None else self.mark

    @property
    def agreement(self) -> str:
        """``"open only"`` (a mistake with the hands open, not on the seat's information),
        ``"fair only"`` (the reverse), or ``""`` (the modes agree, or only one judged it)."""
        if self.fair is None or self.status != "judged":
            return ""
        if self.mark and not self.fair.mark:
            return "open only"
        if self.fair.mark and not self.mark:
            return "fair only"
        return ""

    def to_json(self) -> dict:
        data = {"game": self.game, "deal": self.deal, "index": self.index, "trick": self.trick,
                "seat": self.seat.letter, "card": str(self.card), "value": self.value,
                "best_value": self.best_value, "best": [str(c) for c in self.best],
                "loss": self.loss, "mark": self.mark, "line": [str(c) for c in self.line],
                "status": self.status,
                "values": {str(c): v for c, v in self.values}}
        if self.estimate is not None:
            data["estimate"] = self.estimate
        if self.fair is not None:
            data["fair"] = self.fair.to_json()
            data["verdict"] = self.verdict
            data["agreement"] = self.agreement
        return data


@dataclass(frozen=True)
class MoonAlert:
    """A seat on track for the moon in one deal.

    Attributes:
        seat: the seat on track. on_track_index/on_track_trick: the play (1..52) after which it
            first was the only seat with moon cards, and its trick.
        stopped_index: the play after which a second seat had taken moon cards (None: never).
        checks: ``(trick, can_shoot)`` at the trick starts checked with the moon model (from
            ``judged_from`` while the seat was on track; ``can_shoot`` None = not solved in time).
        stoppable: whether the others could still stop it at the first check (None: no check
            or not solved in time).
        unstoppable_index: the play after which it could no longer be stopped (None: it stayed
            stoppable, or it was already unstoppable at the first check, or unknown).
        unstoppable_trick: the first trick start at which it was unstoppable (None: never).
        shot: whether the seat took every moon card (None: unfinished deal).
        unstoppable_seat, unstoppable_card: who played the play ``unstoppable_index``, and
            what.
    """

    game: int
    deal: int
    seat: Seat
    on_track_index: int
    on_track_trick: int
    stopped_index: int | None
    checks: tuple[tuple[int, bool | None], ...]
    stoppable: bool | None
    unstoppable_index: int | None
    unstoppable_trick: int | None
    shot: bool | None
    unstoppable_seat: Seat | None = None
    unstoppable_card: Card | None = None

    def to_json(self) -> dict:
        return {"game": self.game, "deal": self.deal, "seat": self.seat.letter,
                "on_track_index": self.on_track_index, "on_track_trick": self.on_track_trick,
                "stopped_index": self.stopped_index,
                "checks": [{"trick": t, "can_shoot": v} for t, v in self.checks],
                "stoppable": self.stoppable, "unstoppable_index": self.unstoppable_index,
                "unstoppable_trick": self.unstoppable_trick, "shot": self.shot,
                "unstoppable_play": None if self.unstoppable_index is None else {
                    "seat": str(self.unstoppable_seat), "card": str(self.unstoppable_card)}}


@dataclass(frozen=True)
class PassNote:
    """One seat's pass in a deal, and its rating once a pass rater is plugged in.

    Attributes:
        seat: the passer. to: the receiver. cards: the cards passed, as written.
        status: :data:`PASS_NOT_RATED` (no rater plugged in) or ``"rated"``.
        rating: the rater's JSON-ready result (None while not rated); its keys are the
            rater's (e.g. the pass's expected points and its rank among the 286).
    """

    seat: Seat
    to: Seat
    cards: tuple[Card, ...]
    status: str = PASS_NOT_RATED
    rating: dict | None = None

    def to_json(self) -> dict:
        return {"seat": self.seat.letter, "to": self.to.letter,
                "cards": [str(c) for c in self.cards], "status": self.status,
                "rating": self.rating}

    def rating_summary(self) -> tuple[str, tuple[Card, ...], str, str] | None:
        """The rating of ``hearts pass`` (:class:`~hearts.analysis.passing.RecordPassRater`)
        in words, for the view and the report: the pass's rank and points, the best pass's
        cards (for the caller to draw), its points and the loss, and how it was rated, as
        in ``("rank 204 of 286: 10.38 ± 2.59 points", (5♣, Q♣, 5♥), ": 3.75, loses 6.62",
        "8 samples, rollout to 6 tricks, then maxn")``. None when not rated, or rated by a
        rater without those keys (then show :attr:`rating` as it is).
        """
        r = self.rating
        keys = ("rank", "of", "mean", "se", "best", "best_mean", "loss", "samples", "evaluator")
        if r is None or not all(k in r for k in keys):
            return None
        best = r["best"]
        cards = tuple(Card(c) for c in (best.split() if isinstance(best, str) else best))
        return (f"rank {r['rank']} of {r['of']}: {r['mean']:.2f} ± {r['se']:.2f} points", cards,
                f": {r['best_mean']:.2f}, loses {r['loss']:.2f}",
                f"{counted(r['samples'], 'sample')}, {r['evaluator']}")


#: The hook for pass rating (``annotate_games(..., pass_rater=...)``): called as
#: ``rater(deal, rules, seat)`` for each seat that passed, in the main process; returns the
#: rating as a JSON-ready dict. :class:`hearts.analysis.passing.RecordPassRater` (the pass
#: rating of ``hearts pass``, ``hearts annotate --rate-passes``) is one; without a rater every
#: pass is listed with :data:`PASS_NOT_RATED`.
PassRater = Callable[[DealRecord, Rules, Seat], dict]


@dataclass
class DealAnnotation:
    """The annotation of one deal: its judged plays, its moon alert, its passes, and the
    lowest and highest points a seat can take in it under the rules (``bounds``:
    :meth:`Rules.score_bounds`, the scale of its points graph)."""

    game: int
    deal: DealRecord
    plays: list[JudgedPlay]
    moon_alert: MoonAlert | None
    passes: list[PassNote] = field(default_factory=list)
    bounds: tuple[int, int] = (0, 26)


@dataclass
class GameAnnotation:
    """The annotation of one game (:func:`annotate`).

    Attributes:
        game: the annotated copy of the input game (marks and machine data set).
        deals: one :class:`DealAnnotation` per deal.
        mode: ``open``, ``fair`` or ``both``. model: the open model (:data:`OPEN_MODELS`).
        judged_from: the first trick judged with open hands (14: none, fair mode).
        fair_from: the first trick judged fair (None in open mode).
        mistake, blunder: the thresholds (points). errors: reading errors of a forgiving read.
        samples, seed, fair_model, evaluator: the fair-mode settings (samples per play).
    """

    game: GameRecord
    deals: list[DealAnnotation]
    mode: str
    judged_from: int
    mistake: int
    blunder: int
    model: str = "auto"
    errors: list = field(default_factory=list)
    fair_from: int | None = None
    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    fair_model: str = DEFAULT_ENGINE.model
    evaluator: str = "auto"

    @property
    def plays(self) -> list[JudgedPlay]:
        return [p for d in self.deals for p in d.plays]

    @property
    def moon_alerts(self) -> list[MoonAlert]:
        return [d.moon_alert for d in self.deals if d.moon_alert is not None]

    @property
    def passes(self) -> list[PassNote]:
        return [n for d in self.deals for n in d.passes]

    def summary(self, which: str | None = None) -> dict[Seat, dict[str, Any]]:
        """Per seat: ``judged``, ``unjudged``, ``mistakes`` (``?``), ``blunders`` (``??``) and
        ``lost`` (the sum of the losses of its mistakes and blunders, in points), of the open
        or the fair judgements (``which``; default: fair in fair and both mode, else open)."""
        return summarise(self.plays, which or primary(self.mode))

    def to_json(self) -> dict:
        return {"mode": self.mode,
                "model": self.fair_model if self.mode == "fair" else self.model,
                "judged_from": None if self.mode == "fair" else self.judged_from,
                "fair": fair_json(self),
                "thresholds": {"mistake": self.mistake, "blunder": self.blunder},
                "plays": [p.to_json() for p in self.plays],
                "summary": summary_json(self.summary()),
                "summaries": {w: summary_json(self.summary(w)) for w in modes_run(self.mode)},
                "mistake_count": mistake_count(self.plays),
                "moon_alerts": [a.to_json() for a in self.moon_alerts],
                "passes": [n.to_json() for n in self.passes],
                "deals": [deal_json(d, self.mode) for d in self.deals],
                "errors": [str(e) for e in self.errors]}


def primary(mode: str) -> str:
    """The judgement whose marks stand for a play in ``mode``: ``fair`` in fair and both
    mode (what the seat could know), ``open`` in open mode."""
    return "open" if mode == "open" else "fair"


def modes_run(mode: str) -> tuple[str, ...]:
    """The judgements made in ``mode``: ``("open",)``, ``("fair",)`` or both."""
    return ("open", "fair") if mode == "both" else (mode,)


def fair_json(result: GameAnnotation) -> dict | None:
    """The fair-mode settings as JSON (None in open mode)."""
    if result.mode == "open":
        return None
    return {"from_trick": result.fair_from, "samples": result.samples, "seed": result.seed,
            "model": result.fair_model, "evaluator": result.evaluator}


def mistake_count(plays: Iterable[JudgedPlay]) -> int:
    """The plays marked ``?`` or ``??`` by their :attr:`JudgedPlay.verdict` (the number the
    view, the JSON and the HTML report show)."""
    return sum(1 for p in plays if p.verdict)


def summarise(plays: Iterable[JudgedPlay], which: str = "open") -> dict[Seat, dict[str, Any]]:
    """Per-seat counts of :class:`JudgedPlay` s (see :meth:`GameAnnotation.summary`); for
    ``which="fair"`` also ``open_only`` (plays marked with the hands open only) and ``lost`` is
    a float (mean losses), rounded to 0.01 point. Every row also has ``decisions``,
    ``mean_loss`` and ``accuracy`` (:func:`decision_loss`, :func:`accuracy`; None without a
    decision)."""
    tally = SummaryTally(which)
    tally.add(plays)
    return tally.table()


class SummaryTally:
    """:func:`summarise` kept up play by play: a batch's per-seat summary without keeping its
    plays (``add`` them as they are judged, ``table()`` at any time)."""

    def __init__(self, which: str = "open") -> None:
        self.which = which
        self.rows: dict[Seat, dict[str, Any]] = {
            seat: {"judged": 0, "unjudged": 0, "mistakes": 0, "blunders": 0, "lost": 0}
            for seat in Seat}
        if which == "fair":
            for row in self.rows.values():
                row["open_only"] = 0
        # Per seat: the number and the sum of the losses of its decisions (accuracy).
        self.decisions: dict[Seat, list[float]] = {seat: [0, 0.0] for seat in Seat}

    def add(self, plays: Iterable[JudgedPlay]) -> None:
        fair = self.which == "fair"
        for p in plays:
            loss_of_decision = decision_loss(p, self.which)
            if loss_of_decision is not None:
                self.decisions[p.seat][0] += 1
                self.decisions[p.seat][1] += loss_of_decision
            row = self.rows[p.seat]
            if fair:
                if p.fair is None:
                    continue
                mark, loss = p.fair.mark, p.fair.loss
                row["open_only"] += p.agreement == "open only"
            else:
                if p.status == "skipped":
                    continue
                if p.status != "judged":
                    row["unjudged"] += 1
                    continue
                mark, loss = p.mark, p.loss or 0
            row["judged"] += 1
            if mark == "??":
                row["blunders"] += 1
            elif mark == "?":
                row["mistakes"] += 1
            if mark:
                row["lost"] += loss

    def table(self) -> dict[Seat, dict[str, Any]]:
        """The summary so far, as :func:`summarise` gives it (fair losses rounded to 0.01)."""
        table = {seat: dict(row) for seat, row in self.rows.items()}
        for seat, row in table.items():
            if self.which == "fair":
                row["lost"] = round(row["lost"], 2)
            row.update(_accuracy_row(*self.decisions[seat], self.which))
        return table


def summary_json(table: dict[Seat, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {seat.letter: dict(row) for seat, row in table.items()}


# -- accuracy and the points graph ------------------------------------------------------------

#: The accuracy scale per judgement: ``accuracy = 100 * exp(-k * mean loss per decision)``,
#: loss in points for the deal. k = ln 2 / L, where L is the loss per decision of a "club
#: player", placed halfway between the rule bot (rules of thumb, no card counted) and xinxin (a
#: strong program), so that such a player scores 50. Measured on the 25 xinxin deals of
#: tests/data with ``benchmarks/bench_accuracy.py`` (docs/annotate.md, "Accuracy"): open hands
#: (tricks 6-13, the max^n open model ``auto``) xinxin 1.32 and the rule bot 2.32 points per
#: decision, L = 1.82, k = 0.38 (0.42 with the paranoid open model: 1.26 and 2.03);
#: fair (tricks 6-13, 40 samples, 12 deals) 0.56 and 0.83, L = 0.70, k = 1.0. The open
#: judgement charges every seat for the cards it could not see, so its losses are larger for
#: everyone and its k is smaller.
ACCURACY_K = {"open": 0.38, "fair": 1.0}


def accuracy(mean_loss: float, which: str = "open") -> float:
    """The 0-100 accuracy of a mean loss per decision (points for the deal, >= 0) under the
    judgement ``which`` (``open`` or ``fair``): ``100 * exp(-ACCURACY_K[which] *
    mean_loss)``; 100 when no decision lost anything.

    Why this form (docs/annotate.md, "Accuracy"): lichess maps centipawn loss to accuracy the
    same way. It is 100 at no loss and falls fastest over the first points lost, where the
    skill of most players lies, while a single catastrophe (a moon let through costs 26)
    cannot drive the figure below 0 or swamp the rest of the scale.

    Raises:
        AnnotateError: ``mean_loss`` is negative or not a number; an unknown judgement.
    """
    if not mean_loss >= 0:
        raise AnnotateError(f"mean_loss must be a number of points >= 0, got {mean_loss!r}")
    if which not in ACCURACY_K:
        raise AnnotateError(f"unknown judgement {which!r}: expected open or fair")
    return 100.0 * math.exp(-ACCURACY_K[which] * mean_loss)


def decision_loss(play: JudgedPlay, which: str = "open") -> float | None:
    """The points ``play`` lost if it was a *decision* under the judgement ``which``
    (``open`` or ``fair``), else None.

    A decision is a judged play whose legal cards did not all have the same value: a play
    that could not lose points (one legal card, or cards that every line values alike) says
    nothing of the player's skill, and counting it would lift the accuracy of a seat that
    happened to hold forced cards. Open: the exact loss (an int); fair: ``mean(card) -
    mean(best)`` over the samples.
    """
    if which == "fair":
        f = play.fair
        if f is None or f.evaluator == "forced" or len({v for _, v in f.values}) < 2:
            return None
        return float(f.loss)
    if play.status != "judged" or play.loss is None or len({v for _, v in play.values}) < 2:
        return None
    return float(play.loss)


def _accuracy_row(decisions: int, lost: float, which: str) -> dict[str, Any]:
    """``decisions``, ``mean_loss`` (points, 4 decimals) and ``accuracy`` (0-100, one
    decimal) of one seat's ``decisions`` decisions that lost ``lost`` points in all; the last
    two None without a decision."""
    if not decisions:
        return {"decisions": 0, "mean_loss": None, "accuracy": None}
    mean = lost / decisions
    return {"decisions": decisions, "mean_loss": round(mean, 4),
            "accuracy": round(accuracy(mean, which), 1)}


def points_series(plays: Iterable[JudgedPlay], which: str = "open"
                  ) -> dict[Seat, list[dict[str, Any]]]:
    """The expected-points graph's data: per seat, at each of its judged plays, its points for
    the deal after the card it played (lower is better), in play order.

    Each point is ``{"index": 1..52, "card", "value", "se", "mark"}``: open, ``value`` is the
    exact paranoid value after the card (``se`` None); fair, the mean over the sampled deals
    of the seat's points after the card, with its standard error (a forced play, not sampled,
    has no point). A seat's line rises by the points its own mistakes lose and falls when the
    others' play helps it.
    """
    series: dict[Seat, list[dict[str, Any]]] = {seat: [] for seat in Seat}
    for p in plays:
        if which == "fair":
            f = p.fair
            if f is None or f.mean is None:
                continue
            value, se, mark = round(f.mean, 4), _round(f.mean_se), f.mark
        else:
            if p.status != "judged" or p.value is None:
                continue
            value, se, mark = p.value, None, p.mark
        series[p.seat].append({"index": p.index, "card": str(p.card), "value": value,
                               "se": se, "mark": mark})
    return series


#: What the graph's values are, per judgement (the JSON's ``graph.value`` and the legends).
GRAPH_VALUE = {
    "open": "the seat's points for the deal after its card, exact with every hand open "
            "(paranoid: the other three against it); lower is better",
    "fair": "the seat's expected points for the deal after its card: the mean over deals "
            "sampled from what it knew, ± SE; lower is better",
}


def deal_json(result: "DealAnnotation", mode: str) -> dict[str, Any]:
    """One deal's figures as JSON: ``game``, ``deal``, ``summaries`` (per judgement run: per
    seat the counts of :func:`summarise`, with ``decisions``, ``mean_loss`` and ``accuracy``
    of this deal alone) and ``graph`` (the primary judgement's :func:`points_series`:
    ``which``, ``value`` (what the values are), ``plays`` (the deal's plays), ``low`` and
    ``high`` (the points a seat can take in a deal under the rules, the graph's scale),
    ``series`` by seat letter and ``final``, the deal's points per seat when it is
    finished, else None)."""
    which = primary(mode)
    deal = result.deal
    return {"game": result.game, "deal": deal.number,
            "summaries": {w: summary_json(summarise(result.plays, w)) for w in modes_run(mode)},
            "graph": {"which": which, "value": GRAPH_VALUE[which], "plays": len(deal.plays),
                      "low": result.bounds[0], "high": result.bounds[1],
                      "series": {seat.letter: points
                                 for seat, points in points_series(result.plays, which).items()},
                      "final": None if deal.points is None else dict(zip("NESW", deal.points))}}


def batch_json(grouped: Sequence[tuple[str, list[GameAnnotation]]], mode: str,
               limit: Limit, output: str | None, html: str | None = None) -> dict:
    """The JSON document of a batch of annotated files (``grouped``: file name → its game
    annotations, in order; ``limit`` (of one search: ``time_ms``, and ``node_limit`` when it
    has one), ``output`` and ``html``: the settings and the files written, recorded as given):
    every file's plays, summaries, moon alerts, passes, deals (:func:`deal_json`: per deal
    the accuracy and the points graph) and errors (``docs/annotate.md``, "Output"; ``hearts
    annotate --json`` prints it, and the HTML report is rendered from it)."""
    results = [r for _, rs in grouped for r in rs]
    plays, alerts, passes, deals, errors = [], [], [], [], []
    for f, rs in grouped:
        for r in rs:
            data = r.to_json()
            for item in data["plays"] + data["moon_alerts"] + data["passes"] + data["deals"]:
                item["file"] = f
            plays += data["plays"]
            alerts += data["moon_alerts"]
            passes += data["passes"]
            deals += data["deals"]
            errors += [{"file": f, "error": e} for e in data["errors"]]
    every = [p for r in results for p in r.plays]
    first = results[0] if results else None
    model = "auto" if first is None else first.fair_model if mode == "fair" else first.model
    return {"mode": mode, "model": model,
            "judged_from": first.judged_from if first and mode != "fair" else None,
            "fair": fair_json(first) if first else None,
            "thresholds": {"mistake": first.mistake, "blunder": first.blunder} if first else None,
            "time_ms": limit.time_ms,
            **({} if limit.nodes is None else {"node_limit": limit.nodes}),
            "files": [f for f, _ in grouped], "plays": plays,
            "summary": summary_json(summarise(every, primary(mode))),
            "summaries": {w: summary_json(summarise(every, w)) for w in modes_run(mode)},
            "mistake_count": mistake_count(every),
            "moon_alerts": alerts, "passes": passes, "deals": deals, "errors": errors,
            "output": output, "html": html}


class BatchJsonWriter:
    """The JSON of a batch written as its games are annotated, so that a batch of any size
    runs in bounded memory: the document of :func:`batch_json` (the same text as
    ``json.dumps(batch_json(...), indent=2)``: the plays are written as they come, the moon
    alerts, passes and errors go to a temporary file until the end, the summaries are
    tallied), or with ``lines=True`` JSON Lines: one object a game, its
    :meth:`GameAnnotation.to_json` with ``file`` and ``game`` (the game's number in the batch)
    first and ``file`` in each play, alert and pass (``docs/annotate.md``, "Output").

    Args:
        fp: where to write (anything with ``write(str)``).
        mode, limit, output, html: as :func:`batch_json`. files: the input files, in order.
        ensure_ascii: as ``json.dumps``.
    """

    def __init__(self, fp: Any, mode: str, limit: Limit, files: Sequence[str],
                 output: str | None = None, html: str | None = None, *,
                 lines: bool = False, ensure_ascii: bool = True) -> None:
        self.fp = fp
        self.mode = mode
        self.limit = Limit.of(limit)
        self.files = list(files)
        self.output, self.html = output, html
        self.lines = lines
        self.ascii = ensure_ascii
        self.games = 0
        self.plays = 0
        self.tallies = {w: SummaryTally(w) for w in ("open", "fair")}
        self.mistakes = 0
        self._spools: dict[str, Any] = {}
        self._counts = {"moon_alerts": 0, "passes": 0, "deals": 0, "errors": 0}

    def _dumps(self, value: Any, indent: int | None = 2) -> str:
        return json.dumps(value, indent=indent, ensure_ascii=self.ascii)

    def _member(self, key: str, value: Any) -> str:
        """``  "key": value`` as ``json.dumps(..., indent=2)`` writes a top-level member."""
        return f"  {self._dumps(key)}: " + self._dumps(value).replace("\n", "\n  ")

    def _head(self, first: GameAnnotation | None) -> None:
        mode = self.mode
        model = ("auto" if first is None
                 else first.fair_model if mode == "fair" else first.model)
        head = {"mode": mode, "model": model,
                "judged_from": first.judged_from if first and mode != "fair" else None,
                "fair": fair_json(first) if first else None,
                "thresholds": ({"mistake": first.mistake, "blunder": first.blunder}
                               if first else None),
                "time_ms": self.limit.time_ms,
                **({} if self.limit.nodes is None else {"node_limit": self.limit.nodes}),
                "files": self.files}
        self.fp.write("{\n" + ",\n".join(self._member(k, v) for k, v in head.items())
                      + ",\n")

    def add(self, file: str, result: GameAnnotation) -> None:
        """Write (or keep for the end) the annotation of the next game, read from ``file``."""
        if not self.lines and not self.games:
            self._head(result)
        self.games += 1
        data = result.to_json()
        for item in data["plays"] + data["moon_alerts"] + data["passes"] + data["deals"]:
            item["file"] = file
        for tally in self.tallies.values():
            tally.add(result.plays)
        self.mistakes += mistake_count(result.plays)
        if self.lines:
            self.fp.write(self._dumps({"file": file, "game": self.games, **data}, None) + "\n")
            return
        for play in data["plays"]:
            self.fp.write(("  \"plays\": [\n" if not self.plays else ",\n") + "    "
                          + self._dumps(play).replace("\n", "\n    "))
            self.plays += 1
        errors = [{"file": file, "error": e} for e in data["errors"]]
        for key, items in (("moon_alerts", data["moon_alerts"]), ("passes", data["passes"]),
                           ("deals", data["deals"]), ("errors", errors)):
            for item in items:
                spool = self._spools.get(key)
                if spool is None:
                    spool = self._spools[key] = tempfile.SpooledTemporaryFile(
                        max_size=1 << 20, mode="w+", encoding="utf-8")
                spool.write(("" if not self._counts[key] else ",\n") + "    "
                            + self._dumps(item).replace("\n", "\n    "))
                self._counts[key] += 1

    def close(self) -> None:
        """End the document (nothing more for JSON Lines)."""
        if self.lines:
            return
        if not self.games:
            self._head(None)
        self.fp.write("\n  ],\n" if self.plays else '  "plays": [],\n')
        which = primary(self.mode)
        tail = {"summary": summary_json(self.tallies[which].table()),
                "summaries": {w: summary_json(self.tallies[w].table())
                              for w in modes_run(self.mode)},
                "mistake_count": self.mistakes}
        self.fp.write(",\n".join(self._member(k, v) for k, v in tail.items()) + ",\n")
        for key in ("moon_alerts", "passes", "deals", "errors"):
            spool = self._spools.pop(key, None)
            if spool is None:
                self.fp.write(f'  "{key}": [],\n')
                continue
            self.fp.write(f'  "{key}": [\n')
            spool.seek(0)
            shutil.copyfileobj(spool, self.fp)   # type: ignore[arg-type]
            spool.close()
            self.fp.write("\n  ],\n")
        self.fp.write(self._member("output", self.output) + ",\n"
                      + self._member("html", self.html) + "\n}\n")


def judged_from_trick(max_tricks: int = 8, from_trick: int | None = None) -> int:
    """The first trick judged with open hands: ``from_trick`` if given, else the first trick
    with at most ``max_tricks`` tricks left (14 − max_tricks; 6 for 8).

    Raises:
        AnnotateError: a value out of range.
    """
    if from_trick is not None:
        if not 1 <= from_trick <= 13:
            raise AnnotateError(f"from_trick must be 1..13, got {from_trick}",
                                argument="from_trick")
        return from_trick
    if not 1 <= max_tricks <= 13:
        raise AnnotateError(f"max_tricks must be 1..13, got {max_tricks}", argument="max_tricks")
    return 14 - max_tricks


def _mark(loss: float, mistake: int, blunder: int) -> str:
    if loss >= blunder:
        return "??"
    if loss >= mistake:
        return "?"
    return ""


def _start_position(deal: DealRecord, rules: Rules) -> Position:
    return Position(deal.deal, rules, first_leader=deal.first_leader,
                    pass_direction=deal.direction)


def _moon_takers(position: Position, moon_mask: int) -> list[Seat]:
    return [seat for seat in Seat if position.taken[seat] & moon_mask]


def _can_shoot(solver: Solver, position: Position, seat: Seat,
               limit: Limit) -> bool | None:
    """Whether ``seat`` can still take every moon card against the best defence (None: not
    solved within ``limit``)."""
    result = solver.solve_position(position, seat, "moon", limit=limit, pv=False)
    if not result.complete or not result.cards:
        return None
    return bool(result.cards[0].value)


def annotate_deal(deal: DealRecord, rules: Rules, *, game: int = 1, judged_from: int = 6,
                  mistake: int = 2, blunder: int = 6, limit: Limit = Limit(),
                  moon: bool = True, solver: Solver | None = None,
                  moon_from: int | None = None, open_model: str = "auto") -> DealAnnotation:
    """Open-hands judgements of one deal's plays from trick ``judged_from`` (14: none) under
    ``open_model`` (:data:`OPEN_MODELS`) and its moon alert (checked from trick ``moon_from``,
    default ``judged_from``), each search within ``limit`` (a position it stops is unjudged).
    ``deal`` is not changed (:func:`annotate_games` writes the marks into its annotated copy).

    One :class:`Solver` serves every position of the deal (its transposition table is shared).
    """
    solver = solver or Solver()
    position = _start_position(deal, rules)
    judged: list[JudgedPlay] = []
    for i, play in enumerate(deal.plays):
        trick = i // 4 + 1
        if trick >= judged_from:
            judged.append(_judge(solver, position, play.card, game, deal.number, i + 1, trick,
                                 mistake, blunder, limit, open_model))
        position.play(play.card, check=False)
    moon_from = judged_from if moon_from is None else moon_from
    alert = _moon_alert(deal, rules, game, moon_from, limit, solver) if moon else None
    return DealAnnotation(game, deal, judged, alert)


def _line_of(suggested: CardValue, card: Card) -> tuple[Card, ...]:
    """The line of play of ``card``, ``suggested``'s card or one of its ``equals``: the
    solver's line (``pv``, the class's lowest card first) with that card and ``card``
    exchanged wherever they are.

    The solver values and gives a line for one card of each class of equivalent cards, and
    that line may play ``card`` later: putting ``card`` first alone would play it twice. Two
    cards of one class are of the mover's hand and of one suit, with the same points, moon
    membership and rule class, and no live card of another seat (in a hand or on the trick)
    lies between them (``reduce_equivalent`` in the core); cards played later only take
    cards away, so exchanging their names maps every line from this position onto a line
    from it with each card legal at the same turn, every trick won by the same seat and the
    same points. The exchanged line is a legal line of ``card`` with the value of
    ``suggested``, each card once, and costs nothing, where solving ``card``'s own line
    would search the position again.
    """
    rep = suggested.card
    if card == rep or card not in suggested.equals:
        return suggested.pv
    return tuple(card if c == rep else rep if c == card else c for c in suggested.pv)


def _judge(solver: Solver, position: Position, card: Card, game: int, number: int,
           index: int, trick: int, mistake: int, blunder: int, limit: Limit,
           open_model: str = "auto") -> JudgedPlay:
    seat = position.to_move
    found = open_values(position, None if open_model == "auto" else open_model, seat=seat,
                        limit=limit, solver=solver, pv=True)
    result = found.result
    if not result.complete or not result.cards:
        return JudgedPlay(game, number, index, trick, seat, card, None, None, (), None, "",
                          (), "unjudged", (), result.ms)
    value = result[card].value
    best_cv = result.cards[0]
    best_value = best_cv.value
    best = tuple(sorted(c for cv in result.cards if cv.value == best_value
                        for c in (cv.card, *cv.equals)))
    loss = value - best_value
    # The suggested card: the played card when it is best, else the lowest best card.
    suggested = next((cv for cv in result.cards if cv.value == best_value
                      and (cv.card == card or card in cv.equals)), best_cv)
    line = _line_of(suggested, card)[:LINE_CARDS]
    values = tuple((c, cv.value) for cv in result.cards for c in sorted((cv.card, *cv.equals)))
    return JudgedPlay(game, number, index, trick, seat, card, value, best_value, best, loss,
                      _mark(loss, mistake, blunder), line, "judged", values, result.ms,
                      estimate=found.estimate)


def judge_fair(deal: DealRecord, rules: Rules, index: int, *,
               sampling: Sampling = Sampling(DEFAULT_SAMPLES), model: str | None = None,
               evaluator: str = "auto", mistake: int = 2, blunder: int = 6,
               engine: Engine = DEFAULT_ENGINE) -> FairJudgement:
    """Judge play ``index`` (1..52) of ``deal`` on the knowledge of the seat that made it (its
    hand after the pass, its pass, the cards played before): :func:`.advice.advise` over
    ``sampling.samples`` deals sampled from that knowledge (seeded with ``sampling.seed``),
    values in points for the deal (lower is better). It runs on the calling thread (one job
    of a batch: ``sampling.threads`` and ``scheduler`` are the batch's, not used here). The
    evaluator is ``engine``'s (:data:`~.engine.DEFAULT_ENGINE`), its model unless ``model``.

    Raises:
        AdviceError: bad model or evaluator. InconsistentRecordError: the record contradicts
            itself (the readers rule that out).
    """
    model = engine.model if model is None else model
    cards = deal.cards
    seat = deal.seats()[index - 1]
    card = cards[index - 1]
    knowledge = record_knowledge(deal, rules, index - 1, seat)
    classes = card_classes(knowledge)
    if len(classes) == 1:
        # One class of equivalent cards: every legal card gives the same points on every deal.
        return FairJudgement(None, None, classes[0], 0.0, 0.0, "", 0, sampling.samples,
                             "forced", model)
    # one job of the batch's pool: no nested pool
    alone = Sampling(sampling.samples, sampling.seed, threads=1)
    advice = advise(knowledge, sampling=alone, model=model, evaluator=evaluator, moon=False,
                    engine=engine)
    played, best = advice[card], advice.best
    loss = se = 0.0
    if played is not best:
        # Paired: both cards are valued on the same samples, so the spread of the per-sample
        # difference (not of each card's values) gives the loss's standard error.
        loss, se = mean_se([a - b for a, b in zip(played.values, best.values)])
    return FairJudgement(played.mean, best.mean, best.cards, loss, se,
                         _mark(loss, mistake, blunder), advice.samples, sampling.samples,
                         advice.evaluator, model, tuple((c.card, c.mean) for c in advice.cards),
                         advice.deals, advice.ms, played.se)


def _write_play(play: records.Play, judged: JudgedPlay) -> None:
    """Write a judged play's marks and machine data into its record (``docs/annotate.md``):
    the annotator owns ``?``/``??`` and the keys of :data:`DATA_KEYS`; other NAGs and free
    text stay."""
    for key in DATA_KEYS:
        play.set_data(key, None)
    play.nags.discard(NAG_MISTAKE)
    play.nags.discard(NAG_BLUNDER)
    fair = judged.fair
    opened = judged.status != "skipped"
    if opened and judged.status == "judged":
        play.set_data("dd", judged.value)
        play.set_data("best", ",".join(str(c) for c in judged.best))
        play.set_data("loss", judged.loss)
        if judged.line:
            play.set_data("line", " ".join(str(c) for c in judged.line))
        if judged.estimate is not None:
            play.set_data("estimate", "bounded")     # the depth-bounded max^n, not exact
    elif opened:
        play.set_data("unjudged", "time")
    if fair is not None:
        if fair.evaluator == "forced":
            play.set_data("eval", "forced")
        else:
            play.set_data("fair", f"{fair.mean:.2f}")
            play.set_data("fair_best", ",".join(str(c) for c in fair.best))
            play.set_data("fair_loss", f"{fair.loss:.2f}")
            play.set_data("fair_se", f"{fair.se:.2f}")
            play.set_data("samples", fair.samples)
            play.set_data("eval", fair.evaluator)
    play.set_data("mode", "both" if opened and fair is not None else
                  "fair" if fair is not None else "open")
    if judged.agreement == "open only":
        play.set_data("open_only", judged.mark)
    elif judged.agreement == "fair only":
        play.set_data("fair_only", fair.mark if fair else "")
    if judged.verdict == "??":
        play.nags.add(NAG_BLUNDER)
    elif judged.verdict == "?":
        play.nags.add(NAG_MISTAKE)


def _moon_alert(deal: DealRecord, rules: Rules, game: int, judged_from: int,
                limit: Limit, solver: Solver) -> MoonAlert | None:
    moon_mask = rules.moon_mask()
    if rules.moon == "none" or not moon_mask:
        return None
    # Positions before each play and after the last one (index k: after k plays).
    position = _start_position(deal, rules)
    positions = [position.copy()]
    for play in deal.plays:
        position.play(play.card, check=False)
        positions.append(position.copy())
    seat: Seat | None = None
    on_track = stopped = None
    for k in range(4, len(positions), 4):   # moon cards are taken at trick ends only
        takers = _moon_takers(positions[k], moon_mask)
        taken = 0
        for s in Seat:
            taken |= positions[k].taken[s]
        if seat is None:
            if len(takers) == 1 and (moon_mask & ~taken):
                seat, on_track = takers[0], k
        elif len(takers) > 1:
            stopped = k
            break
    if seat is None or on_track is None:
        return None
    # Trick starts checked: from judged_from, while on track, not the end of the deal.
    end = min(stopped if stopped is not None else 49, len(positions))
    checks: list[tuple[int, bool | None]] = []
    first_check = max(on_track, 4 * (judged_from - 1))
    unstoppable_trick = unstoppable_index = None
    previous: tuple[int, bool | None] | None = None
    for k in range(first_check, end, 4):
        can = _can_shoot(solver, positions[k], seat, limit)
        checks.append((k // 4 + 1, can))
        if can:
            unstoppable_trick = k // 4 + 1
            if previous is not None and previous[1] is False:
                # Pin the play inside the previous trick after which it became unstoppable.
                for j in range(previous[0] + 1, k):
                    if _can_shoot(solver, positions[j], seat, limit):
                        unstoppable_index = j
                        break
                else:
                    unstoppable_index = k
            break
        previous = (k, can)
    stoppable = None if not checks or checks[0][1] is None else not checks[0][1]
    shot = None
    if deal.is_finished():
        shot = positions[-1].taken[seat] & moon_mask == moon_mask
    by_seat = by_card = None
    if unstoppable_index is not None:
        by_seat = positions[unstoppable_index - 1].to_move
        by_card = deal.plays[unstoppable_index - 1].card
    return MoonAlert(game, deal.number, seat, on_track, on_track // 4, stopped,
                     tuple(checks), stoppable, unstoppable_index, unstoppable_trick,
                     None if shot is None else bool(shot), by_seat, by_card)


def moon_text(a: MoonAlert) -> str:
    """The moon alert in one line of words (the view and the HTML report)."""
    parts = [f"   moon: {a.seat.name_title} on track after trick {a.on_track_trick}"]
    if a.checks:
        if a.unstoppable_trick is None:
            known = [t for t, v in a.checks if v is not None]
            if known:
                parts.append(f"still stoppable at every trick start checked "
                             f"({known[0]}–{known[-1]})")
            else:
                parts.append("moon checks not finished in time")
        elif a.unstoppable_index is not None:
            parts.append(f"unstoppable after {a.unstoppable_seat} {a.unstoppable_card} (play "
                         f"{a.unstoppable_index}, trick {(a.unstoppable_index - 1) // 4 + 1})")
        else:
            parts.append(f"already unstoppable at the first check (trick {a.unstoppable_trick})")
    else:
        parts.append("not checked (before the judged tricks)")
    if a.stopped_index is not None:
        parts.append(f"stopped: a second seat took points in trick {a.stopped_index // 4}")
    if a.shot:
        parts.append("shot the moon")
    return "; ".join(parts)


def _open_model_text(open_model: str) -> str:
    """The open model in words, for the Annotator tag and the game comment."""
    if open_model == "auto":
        return f"max^n model, exact from {EXACT_MAXN_TRICKS} tricks left, estimated before"
    return "max^n model" if open_model == "maxn" else f"{open_model} model"


def _annotator_tag(mode: str, samples: int, seed: int, model: str, evaluator: str,
                   open_model: str = "auto") -> str:
    fair = (f"fair: the seat's knowledge, up to {samples} sampled deals a play, seed {seed}, "
            f"{model}, evaluator {evaluator}")
    opened = f"open hands, {_open_model_text(open_model)}"
    if mode == "open":
        return f"hearts-dd annotate ({opened})"
    if mode == "fair":
        return f"hearts-dd annotate ({fair})"
    return f"hearts-dd annotate ({opened}; {fair})"


#: The sentences of the game comment that say what a run judged (``{tricks}``: ``tricks 6 to
#: 13`` or ``trick 13``); an earlier run's sentences are recognised by this wording and replaced.
_OPEN_NOTE = ("Open-hands annotation of {tricks} ({model}): dd is the value after the "
              "card for the seat that played it (its points for the deal, lower is better), "
              "best the cards that keep the best value, loss the difference.")
_FAIR_NOTE = ("Fair annotation of {tricks} (each seat's knowledge, sampled deals): fair is the "
              "mean points after the card for the seat that played it, fair_best the cards "
              "with the best mean, fair_loss the difference.")
_TRICKS_RE = r"(?:tricks (?:[1-9]|1[0-2]) to 13|trick 13)"
# A note sentence with the space or line break that joined it to the text before it.
_NOTE_RE = re.compile("|".join(
    r"[ \n]?" + re.escape(note).replace(re.escape("{tricks}"), _TRICKS_RE)
    .replace(re.escape("{model}"), r"[^()]+")
    for note in (_OPEN_NOTE, _FAIR_NOTE)))


def _tricks_text(first: int) -> str:
    return "trick 13" if first == 13 else f"tricks {first} to 13"


def annotation_note(mode: str, open_from: int, fair_from: int | None,
                    open_model: str = "auto") -> str:
    """The game comment's sentences on what a run judged: the open-hands tricks (mode open,
    both) and the fair ones (fair, both), e.g. ``Open-hands annotation of tricks 6 to 13
    (max^n model, exact from 8 tricks left, estimated before): dd is ...``."""
    notes = []
    if mode != "fair":
        notes.append(_OPEN_NOTE.format(tricks=_tricks_text(open_from),
                                       model=_open_model_text(open_model)))
    if fair_from is not None:
        notes.append(_FAIR_NOTE.format(tricks=_tricks_text(fair_from)))
    return " ".join(notes)


def noted_comment(comment: str, note: str) -> str:
    """The game comment with ``note`` (:func:`annotation_note`) in place of the note an earlier
    run wrote: a note left there would name the tricks that run judged, not this one's. The
    person's own text is kept; the note follows it on a line of its own."""
    own = _NOTE_RE.sub("", comment)
    if own != comment:
        own = own.strip()
    return f"{own}\n{note}" if own else note


def _annotated_copy(game: GameRecord, tag: str, note: str) -> GameRecord:
    result = copy.deepcopy(game)
    result.errors = list(game.errors)
    # A tag written by an earlier run is replaced (the marks are rewritten too); a person's
    # own Annotator tag is kept.
    if result.tags.get("Annotator", "hearts-dd").startswith("hearts-dd"):
        result.tags["Annotator"] = tag
    result.comment = noted_comment(result.comment, note)
    return result


@dataclass(frozen=True)
class _DealJob:
    """Judges one deal with open hands and finds its moon alert (a picklable job for threads
    or a Dask cluster)."""

    judged_from: int
    moon_from: int
    mistake: int
    blunder: int
    limit: Limit
    moon: bool
    open_model: str = "auto"

    def __call__(self, game: int, rules: Rules, deal: DealRecord) -> DealAnnotation:
        return annotate_deal(deal, rules, game=game, judged_from=self.judged_from,
                             mistake=self.mistake, blunder=self.blunder, limit=self.limit,
                             moon=self.moon, solver=Solver(), moon_from=self.moon_from,
                             open_model=self.open_model)


@dataclass(frozen=True)
class _FairJob:
    """Judges one play on its seat's knowledge (a picklable job; one thread per play, as the
    plays of all deals are the jobs)."""

    sampling: Sampling          # samples and seed only: the job runs on one thread
    model: str
    evaluator: str
    mistake: int
    blunder: int
    engine: Engine = DEFAULT_ENGINE

    def __call__(self, rules: Rules, deal: DealRecord, index: int) -> FairJudgement:
        return judge_fair(deal, rules, index, sampling=self.sampling, model=self.model,
                          evaluator=self.evaluator, mistake=self.mistake, blunder=self.blunder,
                          engine=self.engine)


def _check_options(mode: str, mistake: int, blunder: int, model: str, evaluator: str,
                   open_model: str = "auto") -> None:
    if mode not in MODES:
        raise AnnotateError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    if open_model not in OPEN_MODELS:
        raise AnnotateError(f"unknown open model {open_model!r}: expected one of "
                            f"{', '.join(OPEN_MODELS)}", argument="open_model")
    if mistake < 1 or blunder < mistake:
        raise AnnotateError(f"thresholds must satisfy 1 <= mistake <= blunder, got mistake "
                            f"{mistake}, blunder {blunder}")
    if model not in FAIR_MODELS:
        raise AnnotateError(f"unknown model {model!r}: expected {' or '.join(FAIR_MODELS)}")
    if evaluator not in EVALUATORS:
        raise AnnotateError(f"unknown evaluator {evaluator!r}: expected one of "
                            f"{', '.join(EVALUATORS)}")


def _rate_passes(deal: DealRecord, rules: Rules,
                 pass_rater: PassRater | None) -> list[PassNote]:
    if deal.direction is PassDirection.HOLD:
        return []
    notes = []
    for seat in Seat:
        to = deal.direction.receiver(seat)
        if pass_rater is None:
            notes.append(PassNote(seat, to, deal.passes[seat]))
        else:
            notes.append(PassNote(seat, to, deal.passes[seat], "rated",
                                  pass_rater(deal, rules, seat)))
    return notes


def annotate_games(games: Sequence[GameRecord], mode: str = "open", *, max_tricks: int = 8,
                   from_trick: int | None = None, mistake: int = 2, blunder: int = 6,
                   limit: Limit = Limit(),
                   sampling: Sampling = Sampling(DEFAULT_SAMPLES, threads=1),
                   moon: bool = True, model: str | None = None, evaluator: str = "auto",
                   progress: Callable[[int, int], None] | None = None,
                   pass_rater: PassRater | None = None,
                   first_game: int = 1, open_model: str = "auto",
                   engine: Engine = DEFAULT_ENGINE) -> list[GameAnnotation]:
    """Annotate several games: the batch twin of :func:`annotate` (its arguments).

    The jobs are the deals (open hands and the moon alert, one :class:`Solver` per deal) and,
    in fair and both mode, every fair-judged play (one :func:`judge_fair` each); they run on a
    thread pool of ``sampling.threads`` or the workers of a Dask cluster
    (``sampling.scheduler``: a ``tcp://HOST:PORT`` address or a ``distributed.Client``), with
    results identical to one thread (without a time limit). ``progress(done, total)`` is
    called after each job. The marks are written into annotated copies in this process. The
    games are numbered from ``first_game`` (a batch annotated in parts, as ``hearts annotate``
    streams it).

    Raises:
        AnnotateError: bad options. SettingsError, SolverError: ``sampling`` or ``limit`` of
        another type. ClusterError: the scheduler cannot be used.
    """
    model = engine.model if model is None else model
    _check_options(mode, mistake, blunder, model, evaluator, open_model)
    sampling, limit = Sampling.of(sampling), Limit.of(limit)
    samples, seed = sampling.samples, sampling.seed
    open_from = judged_from_trick(max_tricks, from_trick)
    fair_from = None if mode == "open" else (from_trick or 1)
    tag = _annotator_tag(mode, samples, seed, model, evaluator, open_model)
    note = annotation_note(mode, open_from, fair_from, open_model)
    copies = [_annotated_copy(g, tag, note) for g in games]
    deal_job = _DealJob(open_from if mode != "fair" else 14, open_from, mistake, blunder,
                        limit, moon, open_model)
    fair_job = _FairJob(Sampling(samples, seed, threads=1), model, evaluator, mistake, blunder,
                        engine)
    jobs: list[tuple[tuple[int, int, int], Callable, tuple]] = []
    for gi, g in enumerate(copies):
        for di, d in enumerate(g.deals):
            jobs.append(((gi, di, 0), deal_job, (gi + first_game, g.rules, d)))
            if fair_from is not None:
                for index in range(4 * (fair_from - 1) + 1, len(d.plays) + 1):
                    jobs.append(((gi, di, index), fair_job, (g.rules, d, index)))

    done: dict[tuple[int, int, int], Any] = {}
    if sampling.workers == 1 and sampling.scheduler is None:
        for key, job, args in jobs:
            done[key] = job(*args)
            if progress:
                progress(len(done), len(jobs))
    else:
        with executor(sampling.workers, sampling.scheduler, "hearts-annotate") as pool:
            futures = [(key, pool.submit(job, *args)) for key, job, args in jobs]
            for key, future in futures:
                done[key] = future.result()
                if progress:
                    progress(len(done), len(jobs))

    results = []
    for gi, g in enumerate(copies):
        deals = []
        for di, d in enumerate(g.deals):
            opened: DealAnnotation = done[(gi, di, 0)]
            by_index = {p.index: p for p in opened.plays}
            plays = []
            seats = d.seats()
            for index in range(1, len(d.plays) + 1):
                fair = done.get((gi, di, index))
                judged = by_index.get(index)
                if judged is None and fair is None:
                    continue
                if judged is None:
                    judged = JudgedPlay(gi + first_game, d.number, index,
                                        (index - 1) // 4 + 1, seats[index - 1],
                                        d.plays[index - 1].card, None, None, (), None, "", (),
                                        "skipped")
                if fair is not None:
                    judged = _with_fair(judged, fair)
                _write_play(d.plays[index - 1], judged)
                plays.append(judged)
            deals.append(DealAnnotation(gi + first_game, d, plays, opened.moon_alert,
                                        _rate_passes(d, g.rules, pass_rater),
                                        g.rules.score_bounds()))
        results.append(GameAnnotation(g, deals, mode, open_from if mode != "fair" else 14,
                                      mistake, blunder, model=open_model,
                                      errors=list(g.errors),
                                      fair_from=fair_from, samples=samples, seed=seed,
                                      fair_model=model, evaluator=evaluator))
    return results


def _with_fair(judged: JudgedPlay, fair: FairJudgement) -> JudgedPlay:
    return replace(judged, fair=fair)


def annotate(game: GameRecord, mode: str = "open", *, max_tricks: int = 8,
             from_trick: int | None = None, mistake: int = 2, blunder: int = 6,
             limit: Limit = Limit(),
             sampling: Sampling = Sampling(DEFAULT_SAMPLES, threads=1),
             moon: bool = True, model: str | None = None, evaluator: str = "auto",
             pass_rater: PassRater | None = None, open_model: str = "auto",
             engine: Engine = DEFAULT_ENGINE) -> GameAnnotation:
    """Annotate a game (module docstring).

    Args:
        game: the record (not changed: the result holds an annotated copy).
        mode: ``open`` (all hands visible, exact), ``fair`` (the seat's knowledge, sampled)
            or ``both``.
        max_tricks: judge with open hands the plays of tricks with at most this many tricks
            left (default 8: tricks 6..13). from_trick: the first trick judged, in both modes
            (overrides ``max_tricks``; fair mode judges from trick 1 without it).
        mistake, blunder: loss thresholds in points for ``?`` and ``??``.
        limit: of each open-hands search and moon check (:class:`~hearts.solver.limit.Limit`;
            default none); a position not solved within it is unjudged.
        sampling: :class:`~.settings.Sampling`: in fair and both mode ``samples`` sampled
            deals per play (at most: advice stops early when one card is clearly best) and
            the ``seed`` of every play's sampler; in every mode the ``threads`` the jobs
            (deals, fair plays) run on, or a Dask ``scheduler`` (``tcp://HOST:PORT`` or a
            client). Default ``Sampling(DEFAULT_SAMPLES, threads=1)``.
        moon: compute moon alerts.
        model: ``paranoid`` or ``maxn`` for the fair values (default ``engine.model``).
            evaluator: ``auto``, ``exact`` or ``rollout``.
        pass_rater: the pass-rating hook (:data:`PassRater`); None lists the passes as
            :data:`PASS_NOT_RATED`.
        open_model: the open-hands model (:data:`OPEN_MODELS`): ``auto`` (default: max^n,
            exact from :data:`EXACT_MAXN_TRICKS` tricks left, a labelled depth-bounded
            estimate before), ``maxn`` or ``paranoid`` (exact).
        engine: the evaluator of the fair values (:class:`~.engine.Engine`; default
            :data:`~.engine.DEFAULT_ENGINE`, the one every analysis uses).

    Raises:
        AnnotateError: bad options. SettingsError, SolverError: ``sampling`` or ``limit`` of
        another type. ClusterError: the scheduler cannot be used.
    """
    return annotate_games([game], mode, max_tricks=max_tricks, from_trick=from_trick,
                          mistake=mistake, blunder=blunder, limit=limit, sampling=sampling,
                          moon=moon, model=model, evaluator=evaluator,
                          pass_rater=pass_rater, open_model=open_model,
                          engine=engine)[0]
