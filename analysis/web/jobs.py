"""The computations behind the web board: jobs run on one shared, bounded pool of threads, with
progress, cancellation, a wall-time limit and a cache of results.

A job is a function ``work(job) -> dict`` (the JSON result) that reports progress through
:meth:`Job.progress`, which also stops it: once the job is cancelled or past its time limit,
the next call raises :class:`JobStopped` inside the computation, and the analysis library
unwinds (an advice or pass rating stops its searches; an annotation stops between deals and
plays; a solve stops between its time slices, :func:`solve_in_slices`).

Every client's jobs share the pool (:class:`JobRunner`, ``workers`` threads), so no request
ever runs a search on the server's event loop, and at most ``workers`` searches run at once;
more wait in the pool's queue, up to ``max_jobs`` queued or running, beyond which a new job is
refused. The search core releases the GIL, so the threads use the cores while the event loop
answers other requests.

Results are cached by the job's key (its kind and normalised inputs: the position and every
setting): the last ``cache_size`` results, least recently used dropped first. A request for a
job already queued or running joins it instead of starting another.

Stopping a search: :func:`hearts.analysis.parallel.executor` stops the searches of **every**
thread of the process (``stop_searches``) when the work inside it raises, as a cancelled advice
or pass rating does. So such a job is stopped only while it is the only job running; when
others run, it is *detached*: the client sees it cancelled at once, and it runs on to its end
unseen (its result still cached), or is stopped as soon as it runs alone. Kinds that stop
without it (solves in slices, annotations between their jobs) stop at once.
"""
from __future__ import annotations

import itertools
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from hearts.solver._core import stop_searches
from hearts.solver.errors import HeartsError
from hearts.solver.position import Position
from hearts.solver.solve import SolveResult, Solver

__all__ = ["Job", "JobRunner", "JobStopped", "BusyError", "solve_in_slices", "STATES",
           "STOPS_EVERY_SEARCH"]

#: A job's states: waiting in the pool's queue, running, and the three ends.
STATES = ("queued", "running", "done", "error", "cancelled")

#: Kinds whose stop goes through ``parallel.executor`` and so stops every search in the process
#: (module docstring): stopped only while running alone.
STOPS_EVERY_SEARCH = frozenset({"advise", "pass"})

#: The time slices of :func:`solve_in_slices`, ms: short first (a cancel is seen soon), then
#: longer (each slice searches the position again from its table: 15% more time at 250 ms).
SOLVE_SLICES_MS = (250.0, 500.0, 1000.0)


class JobStopped(Exception):
    """Raised inside a job's computation (by :meth:`Job.progress`) to stop it: cancelled by
    the client, or past the job's time limit. Not a :class:`HeartsError`: nothing was wrong
    with the input."""


class BusyError(HeartsError):
    """The server already has its most jobs queued or running."""


@dataclass(eq=False)
class Job:
    """One computation (see the module docstring).

    Attributes:
        id: the job's id (``/api/jobs/{id}``). kind: ``solve``, ``advise``, ``pass`` or
        ``annotate``. key: the cache key; join_key: the key a request joins it by. state: one of :data:`STATES`. done, total, unit:
        the progress (``total`` 0 while not known; unit: what is counted). result: the JSON
        result once done. error: the one-line message of an error (or of the stop); error_field:
        the input field it is about, if one.
        limit_s: the wall-time limit in seconds. created, started, finished: monotonic times.
    """

    id: str
    kind: str
    key: str
    limit_s: float
    work: Callable[["Job"], dict] = field(repr=False)
    join_key: str = ""
    state: str = "queued"
    done: int = 0
    total: int = 0
    unit: str = ""
    result: dict | None = field(default=None, repr=False)
    error: str | None = None
    error_field: str | None = None
    created: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    cancel_requested: bool = False
    detached: bool = False
    holds_gate: bool = False
    future: "Future[None] | None" = field(default=None, repr=False)
    runner: "JobRunner | None" = field(default=None, repr=False)

    @property
    def elapsed_ms(self) -> float:
        start = self.started or self.created
        end = self.finished or time.monotonic()
        return (end - start) * 1000.0

    def progress(self, done: int, total: int = 0, unit: str | None = None) -> None:
        """Report progress (``done`` of ``total``, ``unit``), and stop the job here when it
        is cancelled or past its time limit.

        Raises:
            JobStopped: the job is to stop (never while it is detached: module docstring).
        """
        self.done, self.total = int(done), int(total)
        if unit is not None:
            self.unit = unit
        if self.started is not None and time.monotonic() - self.started > self.limit_s:
            self.cancel_requested = True
            self.error = (f"stopped after {self.limit_s:g} s, the server's limit for one job "
                          f"(docs/api.md)")
        if self.cancel_requested and self.runner is not None:
            self.runner.stop_point(self)

    def to_json(self) -> dict:
        """The job as ``/api/jobs/{id}`` shows it: ``id``, ``kind``, ``state``, ``done``,
        ``total``, ``unit``, ``elapsed_ms``, and ``result`` (done) or ``error``."""
        data: dict[str, Any] = {"id": self.id, "kind": self.kind, "state": self.state,
                                "done": self.done, "total": self.total, "unit": self.unit,
                                "elapsed_ms": round(self.elapsed_ms, 1)}
        if self.state == "done":
            data["result"] = self.result
        if self.error is not None:
            data["error"] = self.error
            data["field"] = self.error_field
        return data


class _LRU:
    """The last ``size`` results by key, least recently used dropped first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, dict] = OrderedDict()

    def get(self, key: str) -> dict | None:
        value = self.items.get(key)
        if value is not None:
            self.items.move_to_end(key)
        return value

    def put(self, key: str, value: dict) -> None:
        self.items[key] = value
        self.items.move_to_end(key)
        while len(self.items) > self.size:
            self.items.popitem(last=False)


class JobRunner:
    """The shared pool of the web board's computations (module docstring).

    Args:
        workers: threads of the pool: at most this many jobs run at once.
        max_jobs: the most jobs queued or running; one more is refused (:class:`BusyError`).
        cache_size: results kept (:class:`_LRU`).
        keep_s: seconds a finished job stays readable at ``/api/jobs/{id}``.
    """

    def __init__(self, workers: int = 4, max_jobs: int = 32, cache_size: int = 512,
                 keep_s: float = 900.0) -> None:
        self.workers = workers
        self.max_jobs = max_jobs
        self.keep_s = keep_s
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="hearts-web")
        self.cache = _LRU(cache_size)
        self.jobs: dict[str, Job] = {}
        self.active: dict[str, Job] = {}          # key -> the job queued or running for it
        self.running: set[Job] = set()
        self.lock = threading.Lock()
        # Held from a process-wide stop until its searches have unwound: no job starts
        # meanwhile, so none is stopped by another's cancel (module docstring).
        self.stop_gate = threading.Lock()
        self._ids = itertools.count(1)

    # -- submitting ---------------------------------------------------------------------------

    def submit(self, kind: str, key: str, work: Callable[[Job], dict], limit_s: float,
               cacheable: Callable[[dict], bool] = lambda result: True,
               join_key: str | None = None) -> tuple[Job, bool]:
        """A job for ``key``: a finished one from the cache, the one queued or running for
        ``join_key`` (default ``key``: the key with the limits that change an unfinished
        result), or a new one queued on the pool. Returns the job and whether it is new.

        Raises:
            BusyError: :attr:`max_jobs` jobs are queued or running.
        """
        join_key = key if join_key is None else join_key
        with self.lock:
            self._forget_old()
            cached = self.cache.get(key)
            if cached is not None:
                job = Job(self._new_id(), kind, key, limit_s, work, state="done",
                          result=cached, unit="cached")
                job.started = job.finished = job.created
                self.jobs[job.id] = job
                return job, False
            active = self.active.get(join_key)
            if active is not None and not active.cancel_requested:
                return active, False
            if len(self.active) >= self.max_jobs:
                raise BusyError(f"the server is busy: {self.max_jobs} jobs queued or running "
                                f"(its limit); try again when one has finished")
            job = Job(self._new_id(), kind, key, limit_s, work, runner=self, join_key=join_key)
            self.jobs[job.id] = job
            self.active[join_key] = job
            job.future = self.pool.submit(self._run, job, cacheable)
            return job, True

    def _new_id(self) -> str:
        return f"j{next(self._ids)}"

    def _forget_old(self) -> None:
        now = time.monotonic()
        for job_id in [i for i, j in self.jobs.items()
                       if j.finished is not None and now - j.finished > self.keep_s]:
            del self.jobs[job_id]

    def get(self, job_id: str) -> Job | None:
        with self.lock:
            return self.jobs.get(job_id)

    # -- running ------------------------------------------------------------------------------

    def _run(self, job: Job, cacheable: Callable[[dict], bool]) -> None:
        with self.stop_gate, self.lock:
            if job.cancel_requested:            # cancelled while queued
                self._end(job, "cancelled")
                return
            job.state = "running"
            job.started = time.monotonic()
            self.running.add(job)
        try:
            result = job.work(job)
        except JobStopped:
            with self.lock:
                self._end(job, "error" if job.error else "cancelled")
        except HeartsError as err:
            with self.lock:
                job.error = str(err)
                job.error_field = err.argument
                self._end(job, "error")
        except Exception as err:   # a bug: the client gets its one line, the server goes on
            with self.lock:
                job.error = f"internal error: {type(err).__name__}: {err}"
                self._end(job, "error")
        else:
            with self.lock:
                if cacheable(result):
                    self.cache.put(job.key, result)
                job.result = result
                self._end(job, "cancelled" if job.detached else "done")
        finally:
            if job.holds_gate:
                job.holds_gate = False
                self.stop_gate.release()

    def _end(self, job: Job, state: str) -> None:
        """Under ``self.lock``."""
        if job.detached and state in ("done", "error"):
            state = "cancelled"                 # the client left it; its result is cached
        job.state = state
        job.finished = time.monotonic()
        self.running.discard(job)
        if self.active.get(job.join_key) is job:
            del self.active[job.join_key]

    def stop_point(self, job: Job) -> None:
        """Called by :meth:`Job.progress` of a job to stop: raise :class:`JobStopped`, unless
        stopping it would stop other jobs' searches (module docstring)."""
        if job.kind not in STOPS_EVERY_SEARCH:
            raise JobStopped(job.error or "cancelled")
        self.stop_gate.acquire()
        with self.lock:
            alone = self.running == {job}
        if not alone:
            self.stop_gate.release()
            if not job.detached:
                job.detached = True
                with self.lock:
                    if self.active.get(job.join_key) is job:
                        del self.active[job.join_key]    # a new request starts afresh
            return
        job.holds_gate = True                    # released by _run once the searches unwound
        raise JobStopped(job.error or "cancelled")

    def cancel(self, job_id: str) -> Job | None:
        """Cancel a job: a queued one never starts, a running one stops at its next progress
        report (or is detached, module docstring). Returns the job, None if unknown."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None or job.state not in ("queued", "running"):
                return job
            job.cancel_requested = True
            if job.state == "queued" and job.future is not None and job.future.cancel():
                self._end(job, "cancelled")
            elif job.kind in STOPS_EVERY_SEARCH and len(self.running) > 1:
                # it would stop the others' searches: the client sees it cancelled now
                job.detached = True
                job.state = "cancelled"
                if self.active.get(job.join_key) is job:
                    del self.active[job.join_key]
            return job

    def shutdown(self) -> None:
        """Stop every job and the pool (the server is going down: every search may stop)."""
        with self.lock:
            for job in self.jobs.values():
                job.cancel_requested = True
        stop_searches(True)
        try:
            self.pool.shutdown(wait=True, cancel_futures=True)
        finally:
            stop_searches(False)


def solve_in_slices(job: Job, position: Position, seat: Any, model: str, *,
                    node_limit: int | None, time_limit_ms: float, pv: bool,
                    scores: Any = None) -> SolveResult:
    """:meth:`Solver.solve_position` cut into time slices (:data:`SOLVE_SLICES_MS`), so that a
    cancel is seen between them without stopping any other search: each slice searches again
    with the table the last one filled, so little is lost. Progress is the time used, in ms of
    ``time_limit_ms``. The result is the last slice's (complete, or the cards finished when the
    limit came), with ``ms`` and ``nodes`` summed over the slices.

    Raises:
        JobStopped: cancelled (between slices). SolverError: as ``solve_position``.
    """
    solver = Solver()
    used_ms = 0.0
    nodes = 0
    k = 0
    while True:
        slice_ms = min(SOLVE_SLICES_MS[min(k, len(SOLVE_SLICES_MS) - 1)],
                       time_limit_ms - used_ms)
        nodes_left = None if node_limit is None else max(1, node_limit - nodes)
        result = solver.solve_position(position, seat, model, node_limit=nodes_left,
                                       time_limit_ms=slice_ms, pv=pv, scores=scores)
        used_ms += result.ms
        nodes += result.nodes
        k += 1
        out_of_nodes = node_limit is not None and nodes >= node_limit
        if result.complete or out_of_nodes or used_ms >= time_limit_ms - 1.0:
            break
        job.progress(int(used_ms), int(time_limit_ms), "ms")
    job.progress(int(used_ms), int(time_limit_ms), "ms")
    return replace(result, nodes=nodes, ms=used_ms)
