"""Annotation of game records: judge every play against the double-dummy best (``hearts annotate``).

Mode ``open`` (the only one so far) judges with all four hands visible: for each play, the
exact paranoid value (design.md, "Solution concepts") of the card played and of the best card,
both for the seat that played (its points for the deal when the other three play together
against it; lower is better). ``loss`` = value(played) − value(best), in points; a loss of at
least ``mistake`` points (default 2) marks the play ``?``, at least ``blunder`` (default 6)
``??``. The *fair* mode (judging on the seat's own knowledge by sampling deals consistent
with it) is future work.

Exact solves are affordable only late in a deal (about 25 ms per position with 8 tricks left,
seconds to minutes with 10–13), so plays before trick ``judged_from`` (default: the first trick
with at most ``max_tricks`` = 8 tricks left, trick 6) are not judged, and a position not solved
within ``time_ms`` is reported as unjudged, never guessed.

Moon alerts: the first play after which one seat is *on track* (the only seat that has taken
moon cards, with moon cards still to take); then, at every trick start from ``judged_from``, the
moon model (can that seat still take every moon card against the best defence?) says whether
the others can still stop it, and the play after which they no longer could.

Python::

    from hearts.analysis.annotate import annotate
    result = annotate(game, max_tricks=6)      # GameRecord → GameAnnotation
    result.game                                # an annotated copy (the input is not changed)
    result.plays, result.summary(), result.moon_alerts, result.to_json()
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from hearts.solver.cards import Card
from hearts.solver.errors import HeartsError
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import Seat
from hearts.solver.solve import Solver

from . import records
from .parallel import executor
from .records import NAG_BLUNDER, NAG_MISTAKE, DealRecord, GameRecord

__all__ = ["MODES", "JudgedPlay", "MoonAlert", "DealAnnotation", "GameAnnotation",
           "AnnotateError", "annotate", "annotate_deal", "annotate_games", "judged_from_trick",
           "LINE_CARDS"]

#: Annotation modes: ``open`` (all hands visible). ``fair`` is future work.
MODES = ("open",)
#: Cards of the suggested card's line written to ``[%line ...]``.
LINE_CARDS = 8
#: Machine-data keys this module writes (and clears on a judged play before writing).
DATA_KEYS = ("dd", "best", "loss", "line", "mode", "unjudged")


class AnnotateError(HeartsError):
    """Bad annotation options (unknown mode, thresholds, trick numbers)."""


@dataclass(frozen=True)
class JudgedPlay:
    """One play in the judged part of a deal.

    Attributes:
        game: the game's index in its input (1, 2, ...). deal: the deal number.
        index: the play's number in the deal, 1..52. trick: 1..13. seat, card: who played what.
        value: the paranoid value after the card for ``seat`` (its points for the deal);
            None when unjudged. best_value: the value of the best card. best: the cards that
            keep ``best_value`` (all of them, in card order). loss: value − best_value.
        mark: ``"?"``, ``"??"`` or ``""``. line: the suggested card's line (up to
            :data:`LINE_CARDS` cards, the suggested card first).
        status: ``"judged"`` or ``"unjudged"`` (the position was not solved within the time
            cap). values: every legal card and its value, best first (equivalent cards
            listed one by one). ms: the solve's wall time.
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

    def to_json(self) -> dict:
        return {"game": self.game, "deal": self.deal, "index": self.index, "trick": self.trick,
                "seat": self.seat.letter, "card": str(self.card), "value": self.value,
                "best_value": self.best_value, "best": [str(c) for c in self.best],
                "loss": self.loss, "mark": self.mark, "line": [str(c) for c in self.line],
                "status": self.status,
                "values": {str(c): v for c, v in self.values}}


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


@dataclass
class DealAnnotation:
    """The annotation of one deal: its judged plays, its moon alert, the annotated copy."""

    game: int
    deal: DealRecord
    plays: list[JudgedPlay]
    moon_alert: MoonAlert | None


@dataclass
class GameAnnotation:
    """The annotation of one game (:func:`annotate`).

    Attributes:
        game: the annotated copy of the input game (marks and machine data set).
        deals: one :class:`DealAnnotation` per deal.
        mode, model: ``open``, ``paranoid``. judged_from: the first trick judged.
        mistake, blunder: the thresholds (points). errors: reading errors of a forgiving read.
    """

    game: GameRecord
    deals: list[DealAnnotation]
    mode: str
    judged_from: int
    mistake: int
    blunder: int
    model: str = "paranoid"
    errors: list = field(default_factory=list)

    @property
    def plays(self) -> list[JudgedPlay]:
        return [p for d in self.deals for p in d.plays]

    @property
    def moon_alerts(self) -> list[MoonAlert]:
        return [d.moon_alert for d in self.deals if d.moon_alert is not None]

    def summary(self) -> dict[Seat, dict[str, int]]:
        """Per seat: ``judged``, ``unjudged``, ``mistakes`` (``?``), ``blunders`` (``??``) and
        ``lost`` (the sum of the losses of its mistakes and blunders, in points)."""
        return summarise(self.plays)

    def to_json(self) -> dict:
        return {"mode": self.mode, "model": self.model, "judged_from": self.judged_from,
                "thresholds": {"mistake": self.mistake, "blunder": self.blunder},
                "plays": [p.to_json() for p in self.plays],
                "summary": summary_json(self.summary()),
                "moon_alerts": [a.to_json() for a in self.moon_alerts],
                "errors": [str(e) for e in self.errors]}


def summarise(plays: Iterable[JudgedPlay]) -> dict[Seat, dict[str, int]]:
    """Per-seat counts of :class:`JudgedPlay` s (see :meth:`GameAnnotation.summary`)."""
    table = {seat: {"judged": 0, "unjudged": 0, "mistakes": 0, "blunders": 0, "lost": 0}
             for seat in Seat}
    for p in plays:
        row = table[p.seat]
        if p.status != "judged":
            row["unjudged"] += 1
            continue
        row["judged"] += 1
        if p.mark == "??":
            row["blunders"] += 1
        elif p.mark == "?":
            row["mistakes"] += 1
        if p.mark:
            row["lost"] += p.loss or 0
    return table


def summary_json(table: dict[Seat, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {seat.letter: dict(row) for seat, row in table.items()}


def judged_from_trick(max_tricks: int = 8, from_trick: int | None = None) -> int:
    """The first trick judged: ``from_trick`` if given, else the first trick with at most
    ``max_tricks`` tricks left (14 − max_tricks; 6 for 8).

    Raises:
        AnnotateError: a value out of range.
    """
    if from_trick is not None:
        if not 1 <= from_trick <= 13:
            raise AnnotateError(f"--from-trick must be 1..13, got {from_trick}")
        return from_trick
    if not 1 <= max_tricks <= 13:
        raise AnnotateError(f"--max-tricks must be 1..13, got {max_tricks}")
    return 14 - max_tricks


def _mark(loss: int, mistake: int, blunder: int) -> str:
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
               time_ms: float | None) -> bool | None:
    """Whether ``seat`` can still take every moon card against the best defence (None: not
    solved within ``time_ms``)."""
    result = solver.solve_position(position, seat, "moon", time_limit_ms=time_ms, pv=False)
    if not result.complete or not result.cards:
        return None
    return bool(result.cards[0].value)


def annotate_deal(deal: DealRecord, rules: Rules, *, game: int = 1, judged_from: int = 6,
                  mistake: int = 2, blunder: int = 6, time_ms: float | None = None,
                  moon: bool = True, solver: Solver | None = None) -> DealAnnotation:
    """Annotate one deal in place (``deal`` is changed: pass a copy) with open-hands values.

    One :class:`Solver` serves every position of the deal (its transposition table is shared).
    """
    solver = solver or Solver()
    position = _start_position(deal, rules)
    judged: list[JudgedPlay] = []
    for i, play in enumerate(deal.plays):
        trick = i // 4 + 1
        if trick >= judged_from:
            judged.append(_judge(solver, position, play, game, deal.number, i + 1, trick,
                                 mistake, blunder, time_ms))
        position.play(play.card, check=False)
    alert = _moon_alert(deal, rules, game, judged_from, time_ms, solver) if moon else None
    return DealAnnotation(game, deal, judged, alert)


def _judge(solver: Solver, position: Position, play: records.Play, game: int, number: int,
           index: int, trick: int, mistake: int, blunder: int,
           time_ms: float | None) -> JudgedPlay:
    seat = position.to_move
    for key in DATA_KEYS:
        play.set_data(key, None)
    play.nags.discard(NAG_MISTAKE)
    play.nags.discard(NAG_BLUNDER)
    result = solver.solve_position(position, seat, "paranoid", time_limit_ms=time_ms, pv=True)
    if not result.complete or not result.cards:
        play.set_data("mode", "open")
        play.set_data("unjudged", "time")
        return JudgedPlay(game, number, index, trick, seat, play.card, None, None, (), None, "",
                          (), "unjudged", (), result.ms)
    value = result.value_of(play.card)
    best_cv = result.cards[0]
    best_value = best_cv.value
    best = tuple(sorted(c for cv in result.cards if cv.value == best_value
                        for c in (cv.card, *cv.equals)))
    loss = value - best_value
    mark = _mark(loss, mistake, blunder)
    # The suggested card: the played card when it is best, else the lowest best card.
    suggested = next((cv for cv in result.cards if cv.value == best_value
                      and (cv.card == play.card or play.card in cv.equals)), best_cv)
    line = tuple(suggested.pv[:LINE_CARDS])
    if suggested is not best_cv and line:
        line = (play.card, *line[1:])   # the played card is one of an equivalent class
    if mark == "??":
        play.nags.add(NAG_BLUNDER)
    elif mark == "?":
        play.nags.add(NAG_MISTAKE)
    play.set_data("dd", value)
    play.set_data("best", ",".join(str(c) for c in best))
    play.set_data("loss", loss)
    if line:
        play.set_data("line", " ".join(str(c) for c in line))
    play.set_data("mode", "open")
    values = tuple((c, cv.value) for cv in result.cards for c in sorted((cv.card, *cv.equals)))
    return JudgedPlay(game, number, index, trick, seat, play.card, value, best_value, best, loss,
                      mark, line, "judged", values, result.ms)


def _moon_alert(deal: DealRecord, rules: Rules, game: int, judged_from: int,
                time_ms: float | None, solver: Solver) -> MoonAlert | None:
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
        can = _can_shoot(solver, positions[k], seat, time_ms)
        checks.append((k // 4 + 1, can))
        if can:
            unstoppable_trick = k // 4 + 1
            if previous is not None and previous[1] is False:
                # Pin the play inside the previous trick after which it became unstoppable.
                for j in range(previous[0] + 1, k):
                    if _can_shoot(solver, positions[j], seat, time_ms):
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


def _annotated_copy(game: GameRecord) -> GameRecord:
    result = copy.deepcopy(game)
    result.errors = list(game.errors)
    if "Annotator" not in result.tags:
        result.tags["Annotator"] = "hearts-dd annotate (open hands, paranoid)"
    return result


@dataclass(frozen=True)
class _DealJob:
    """Annotates one deal (a picklable job for threads or a Dask cluster)."""

    judged_from: int
    mistake: int
    blunder: int
    time_ms: float | None
    moon: bool

    def __call__(self, game: int, rules: Rules, deal: DealRecord) -> DealAnnotation:
        return annotate_deal(deal, rules, game=game, judged_from=self.judged_from,
                             mistake=self.mistake, blunder=self.blunder, time_ms=self.time_ms,
                             moon=self.moon, solver=Solver())


def annotate_games(games: Sequence[GameRecord], mode: str = "open", *, max_tricks: int = 8,
                   from_trick: int | None = None, mistake: int = 2, blunder: int = 6,
                   time_ms: float | None = None, threads: int = 1, moon: bool = True,
                   progress: Callable[[int], None] | None = None,
                   scheduler: object = None) -> list[GameAnnotation]:
    """Annotate several games: the batch twin of :func:`annotate`; a thread pool of
    ``threads`` over all their deals (one :class:`Solver` per deal), or the workers of a Dask
    cluster (``scheduler``: a ``tcp://HOST:PORT`` address or a ``distributed.Client``), with
    results identical to one thread. ``progress(n)`` is called after each deal with the
    number done so far.

    Raises:
        AnnotateError: bad options. ClusterError: the scheduler cannot be used.
    """
    if mode not in MODES:
        raise AnnotateError(f"unknown mode {mode!r}: only {', '.join(MODES)} so far (fair mode, "
                            f"judging on the seat's own knowledge, is future work)")
    if mistake < 1 or blunder < mistake:
        raise AnnotateError(f"thresholds must satisfy 1 <= mistake <= blunder, got mistake "
                            f"{mistake}, blunder {blunder}")
    if time_ms is not None and time_ms <= 0:
        raise AnnotateError(f"--time must be positive, got {time_ms}")
    if threads < 1:
        raise AnnotateError(f"--threads must be at least 1, got {threads}")
    start = judged_from_trick(max_tricks, from_trick)
    copies = [_annotated_copy(g) for g in games]
    tasks = [(gi + 1, g.rules, d) for gi, g in enumerate(copies) for d in g.deals]
    job = _DealJob(start, mistake, blunder, time_ms, moon)

    done: list[DealAnnotation] = []
    if threads == 1 and scheduler is None:
        for task in tasks:
            done.append(job(*task))
            if progress:
                progress(len(done))
    else:
        with executor(threads, scheduler, "hearts-annotate") as pool:
            futures = [pool.submit(job, *t) for t in tasks]
            for count, future in enumerate(futures, start=1):
                done.append(future.result())
                if progress:
                    progress(count)
    result = []
    for gi, g in enumerate(copies):
        deals = [d for d in done if d.game == gi + 1]
        result.append(GameAnnotation(g, deals, mode, start, mistake, blunder,
                                     errors=list(g.errors)))
    return result


def annotate(game: GameRecord, mode: str = "open", *, max_tricks: int = 8,
             from_trick: int | None = None, mistake: int = 2, blunder: int = 6,
             time_ms: float | None = None, threads: int = 1,
             moon: bool = True) -> GameAnnotation:
    """Annotate a game with open-hands paranoid values (module docstring).

    Args:
        game: the record (not changed: the result holds an annotated copy).
        mode: ``open`` (all hands visible); ``fair`` is future work.
        max_tricks: judge the plays of tricks with at most this many tricks left (default 8:
            tricks 6..13). from_trick: the first trick judged (overrides ``max_tricks``).
        mistake, blunder: loss thresholds in points for ``?`` and ``??``.
        time_ms: cap per position; a position not solved in time is unjudged.
        threads: solve deals on this many threads.
        moon: compute moon alerts.

    Raises:
        AnnotateError: bad options.
    """
    return annotate_games([game], mode, max_tricks=max_tricks, from_trick=from_trick,
                          mistake=mistake, blunder=blunder, time_ms=time_ms, threads=threads,
                          moon=moon)[0]
