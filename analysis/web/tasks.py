"""The API's computations: for each kind (``solve``, ``advise``, ``pass``, ``annotate``) the
request read into a :class:`Task` (its cache key and its work), the work calling the analysis
library and returning the command line's ``--json`` document.

Reading a request is quick and checks every input, so a bad request fails at once with the
library's one-line message; the work runs later on the shared pool (:mod:`.jobs`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from hearts.solver.limit import Limit
from hearts.solver.seats import Seat
from hearts.solver.solve import Solver, SolverError
from hearts.solver.words import counted

from ..advice import advice_document, advise
from ..annotate import annotate_games, batch_json
from ..engine import DEFAULT_ENGINE
from ..knowledge import Knowledge, record_knowledge
from ..openhands import open_values
from ..passing import (CI_TARGET, DEFAULT_SAMPLES as PASS_SAMPLES, RecordPassRater,
                       rate_passes)
from ..records import GameRecord
from ..settings import Sampling
from .inputs import (SOURCE_FIELDS, Fields, RequestError, canonical, read_games_field,
                     read_source)
from .jobs import Job

__all__ = ["Task", "KINDS", "LIMITS", "read_task"]

#: The server's limits (docs/api.md). ``solve_ms``/``annotate_ms``: the most time of one
#: search (a solve; an open-hands position of an annotation), and the default when not given.
LIMITS = {
    "body_bytes": 4 * 2 ** 20,
    "solve_ms": 60_000, "solve_ms_default": 10_000,
    "advise_samples": 2_000,
    "pass_samples": 1_024,
    "annotate_samples": 500, "annotate_deals": 8,
    "annotate_ms": 60_000, "annotate_ms_default": 10_000,
    "annotate_pass_samples": 256,
    "job_s": 600,
}


@dataclass(frozen=True)
class Task:
    """A computation asked for.

    Attributes:
        kind: its kind. key: the cache key (every input that changes a finished result).
        join_key: the key under which a request joins a job already queued or running (the
        key with the limits, which change an unfinished result). work: the computation, given
        its :class:`~.jobs.Job` (for progress and stops); returns the JSON document.
        cacheable: whether a result may be cached (a result cut short by a limit is not).
    """

    kind: str
    key: str
    join_key: str
    work: Callable[[Job], dict]
    cacheable: Callable[[dict], bool]


def _solve(fields: Fields) -> Task:
    source = read_source(fields, fields.whole("target"))
    players = source.position.players
    scores = fields.scores(players)
    target = fields.seat("seat", players)
    # the defaults of `hearts solve`: game with scores, paranoid for a target seat, else auto
    model = fields.text("model", "game" if scores is not None
                        else "paranoid" if target is not None else "auto")
    limit = Limit(fields.whole("nodes"),
                  fields.number("time_ms", LIMITS["solve_ms_default"], LIMITS["solve_ms"]))
    pv = fields.flag("pv", True)
    if source.position.is_over():
        raise SolverError(f"the deal is over: all {len(source.position.history)} cards are "
                          f"played")
    settings = {"seat": target, "model": model, "scores": scores, "pv": pv}
    position = source.position

    def work(job: Job) -> dict:
        job.total, job.unit = int(limit.time_ms or 0), "ms"   # the time searched, as it goes
        return open_values(position, model, seat=target, limit=limit, pv=pv, scores=scores,
                           solver=Solver()).to_json()

    key = {"kind": "solve", **source.key, **settings}
    limits = {"nodes": limit.nodes, "time_ms": limit.time_ms}
    # a complete result does not depend on the limits: the cache key leaves them out
    return Task("solve", canonical(key), canonical({**key, **limits}), work,
                lambda result: bool(result["complete"]))


def _advise(fields: Fields) -> Task:
    source = read_source(fields, fields.whole("target"))
    position = source.position
    if position.players != 4:
        raise RequestError(f"play advice at a table of {position.players}: a seat's view is "
                           f"sampled for 4 players only (solve values the open position)")
    if fields.raw("scores") == "record":
        # the record's running totals before the deal, as `hearts play --scores record`
        if source.record is None:
            raise RequestError('scores "record" takes the totals from the record: give record',
                               argument="scores")
        scores = source.record.totals
        if scores is None:
            raise RequestError(f"scores record: a deal before deal {source.record.number} in "
                               f"its game is unfinished, so the totals before it are not "
                               f"known", argument="scores")
    else:
        scores = fields.scores(4)
    seat = fields.seat("seat", 4)
    mover = position.to_move if seat is None else Seat(seat)
    # the defaults are the engine every analysis uses (DEFAULT_ENGINE), as in hearts play
    sampling = Sampling(fields.whole("samples", DEFAULT_ENGINE.samples,
                                     LIMITS["advise_samples"]),
                        fields.whole("seed", 0), threads=1)
    settings = {
        "model": fields.text("model", "game" if scores is not None else DEFAULT_ENGINE.model),
        "evaluator": fields.text("evaluator", "auto"),
        "horizon": fields.whole("horizon"),
        "moon": fields.flag("moon", True),
        "early_stop": fields.flag("early_stop", True),
        "scores": scores,
    }
    plays = counted(len(position.history), "play")
    if source.record is not None:
        found = source.record
        knowledge: Knowledge = record_knowledge(found.deal, source.rules,
                                                len(position.history), mover)
        where = f"record, deal {found.number}, after {plays}"
    else:
        if position.is_over():
            raise RequestError("the deal is over: all 52 cards are played")
        knowledge = Knowledge.from_position(position, mover)
        where = f"position after {plays}, {mover.name_title}'s view"

    def work(job: Job) -> dict:
        advice = advise(knowledge, sampling=sampling, **settings,
                        progress=lambda done, total: job.progress(done, total, "samples"))
        return advice_document(advice, where, source.rules)

    key = canonical({"kind": "advise", **source.key, "seat": int(mover), **settings,
                     "samples": sampling.samples, "seed": sampling.seed})
    return Task("advise", key, key, work, lambda result: True)


def _pass(fields: Fields) -> Task:
    hand, direction = fields.required_text("hand"), fields.required_text("direction")
    sampling = Sampling(fields.whole("samples", PASS_SAMPLES, LIMITS["pass_samples"]),
                        fields.whole("seed", 0), threads=1)
    settings = {
        "seat": fields.text("seat", "S"),
        "rules": fields.text("rules", "standard"),
        "model": fields.text("model", DEFAULT_ENGINE.model),
        "horizon": fields.whole("horizon"),
        "ci_target": fields.number("ci", CI_TARGET, 26.0),
        "moon": fields.flag("moon", True),
        "give": fields.cards("give"),
        "keep": fields.cards("keep"),
    }

    def work(job: Job) -> dict:
        ranking = rate_passes(hand, direction, sampling=sampling, **settings,
                              progress=lambda done, total: job.progress(done, total,
                                                                        "evaluations"))
        return ranking.to_json()

    key = canonical({"kind": "pass", "hand": hand, "direction": direction, **settings,
                     "samples": sampling.samples, "seed": sampling.seed})
    return Task("pass", key, key, work, lambda result: True)


def _annotate(fields: Fields) -> Task:
    games = read_games_field(fields)
    name = fields.text("name", "record")
    deal_number = fields.whole("deal_number")
    if deal_number is not None:
        games = [_only_deal(games, deal_number)]
    deals = sum(len(g.deals) for g in games)
    if deals > LIMITS["annotate_deals"]:
        raise RequestError(f"the record holds {deals} deals, over the server's limit of "
                           f"{LIMITS['annotate_deals']} a request (docs/api.md): give "
                           f"deal_number", argument="record")
    sampling = Sampling(fields.whole("samples", DEFAULT_ENGINE.samples,
                                     LIMITS["annotate_samples"]),
                        fields.whole("seed", 0), threads=1)
    settings = {
        "mode": fields.text("mode", "open"),
        "max_tricks": fields.whole("max_tricks", 8),
        "from_trick": fields.whole("from_trick"),
        "mistake": fields.whole("mistake", 2),
        "blunder": fields.whole("blunder", 6),
        "model": fields.text("model", DEFAULT_ENGINE.model),
        "moon": fields.flag("moon", True),
    }
    limit = Limit(time_ms=fields.number("time_ms", LIMITS["annotate_ms_default"],
                                        LIMITS["annotate_ms"]))
    rate = fields.flag("rate_passes", False)
    pass_sampling = Sampling(fields.whole("pass_samples", 128, LIMITS["annotate_pass_samples"]),
                             sampling.seed, threads=1)
    # The options are checked now (a bad one is a 400 at once): an empty batch runs them.
    annotate_games([], limit=limit, sampling=sampling, **settings)

    def work(job: Job) -> dict:
        results = annotate_games(games, limit=limit, sampling=sampling,
                                 pass_rater=RecordPassRater(pass_sampling) if rate else None,
                                 progress=lambda done, total: job.progress(done, total,
                                                                           "jobs"),
                                 **settings)
        return batch_json([(name, results)], settings["mode"], limit, None, None)

    key = {"kind": "annotate", "games": [records_key(g) for g in games], "name": name,
           "samples": sampling.samples, "seed": sampling.seed, "rate_passes": rate,
           "pass_samples": pass_sampling.samples if rate else None, **settings}
    return Task("annotate", canonical(key), canonical({**key, "time_ms": limit.time_ms}), work,
                lambda result: not any(p["status"] == "unjudged" for p in result["plays"]))


def _only_deal(games: list[GameRecord], deal_number: int) -> GameRecord:
    """A game holding only deal ``deal_number`` (counting every deal of every game)."""
    deals = [(game, deal) for game in games for deal in game.deals]
    if isinstance(deal_number, bool) or not 1 <= deal_number <= len(deals):
        raise RequestError(f"deal_number {deal_number}: the record holds "
                           f"{counted(len(deals), 'deal')}", argument="deal_number")
    game, deal = deals[deal_number - 1]
    return replace(game, deals=[deal], errors=list(game.errors))


def records_key(game: GameRecord) -> str:
    """A game as its HGN text (every deal, pass, play and comment): its part of a key."""
    return str(game)


#: Per kind: the fields it takes and how its request is read.
KINDS: dict[str, tuple[tuple[str, ...], Callable[[Fields], Task]]] = {
    "solve": (SOURCE_FIELDS + ("seat", "model", "scores", "target", "nodes", "time_ms", "pv"),
              _solve),
    "advise": (SOURCE_FIELDS + ("seat", "model", "scores", "target", "samples", "seed",
                                "evaluator", "horizon", "moon", "early_stop"), _advise),
    "pass": (("hand", "direction", "seat", "rules", "samples", "seed", "model", "horizon",
              "ci", "moon", "give", "keep"), _pass),
    "annotate": (("record", "rules", "lenient", "name", "deal_number", "mode", "max_tricks",
                  "from_trick", "mistake", "blunder", "samples", "seed", "model", "time_ms",
                  "moon", "rate_passes", "pass_samples"), _annotate),
}


def read_task(kind: str, body: Any) -> Task:
    """The task of a request of ``kind`` with JSON ``body``.

    Raises:
        RequestError: an unknown kind; a body that is not an object, an unknown field, a
            field of the wrong type or over the limits. HeartsError: bad input (the library's
            one-line message).
    """
    if kind not in KINDS:
        raise RequestError(f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}",
                           argument="kind")
    allowed, read = KINDS[kind]
    return read(Fields(body, allowed))
