"""The computations behind the web board: jobs run on one shared, bounded pool of threads, with
progress, cancellation, a wall-time limit and a cache of results.

A job is a function ``work(job) -> dict`` (the JSON result) that reports progress through
:meth:`Job.progress`; once the job is cancelled or past its time limit, its searches stop
(below) and its next report raises :class:`JobStopped` inside the computation, so the analysis
library unwinds.

Every client's jobs share the pool (:class:`JobRunner`, ``workers`` threads), so no request
ever runs a search on the server's event loop, and at most ``workers`` searches run at once;
more wait in the pool's queue, up to ``max_jobs`` queued or running, beyond which a new job is
refused. The search core releases the GIL, so the threads use the cores while the event loop
answers other requests.

Results are cached by the job's key (its kind and normalised inputs: the position and every
setting): the last ``cache_size`` results, least recently used dropped first. A request for a
job already queued or running joins it instead of starting another.

Stopping: every job has its own :class:`~hearts.solver.stopping.StopToken`, which its searches
hold (the job runs inside :func:`~hearts.solver.stopping.stopping`, and the pools the library
makes inside it take tokens made from it). A cancel or the time limit stops that token: the
job's searches end at their next check (every 1,024 nodes) and no other job's do. Its result,
if any comes, is dropped (a stopped search leaves values unfinished).
"""
from __future__ import annotations

import itertools
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from hearts.solver.errors import HeartsError
from hearts.solver.stopping import StopToken, stopping

__all__ = ["Job", "JobRunner", "JobStopped", "BusyError", "STATES"]

#: A job's states: waiting in the pool's queue, running, and the three ends.
STATES = ("queued", "running", "done", "error", "cancelled")

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
    token: StopToken = field(default_factory=StopToken, repr=False)
    future: "Future[None] | None" = field(default=None, repr=False)

    @property
    def elapsed_ms(self) -> float:
        start = self.started or self.created
        end = self.finished or time.monotonic()
        return (end - start) * 1000.0

    def progress(self, done: int, total: int = 0, unit: str | None = None) -> None:
        """Report progress (``done`` of ``total``, ``unit``), and stop the job here when it
        is cancelled or past its time limit.

        Raises:
            JobStopped: the job is to stop.
        """
        self.done, self.total = int(done), int(total)
        if unit is not None:
            self.unit = unit
        if self.started is not None and time.monotonic() - self.started > self.limit_s:
            self.error = (f"stopped after {self.limit_s:g} s, the server's limit for one job "
                          f"(docs/api.md)")
            self.stop()
        if self.cancel_requested:
            raise JobStopped(self.error or "cancelled")

    def stop(self) -> None:
        """Stop the job: its searches at their next check, its work at its next report."""
        self.cancel_requested = True
        self.token.stop()

    def to_json(self) -> dict:
        """The job as ``/api/jobs/{id}`` shows it: ``id``, ``kind``, ``state``, ``done``,
        ``total``, ``unit``, ``elapsed_ms``, and ``result`` (done) or ``error``."""
        done = self.done
        if self.unit == "ms" and self.state == "running":     # a search's time, as it goes
            done = min(int(self.elapsed_ms), self.total)
        data: dict[str, Any] = {"id": self.id, "kind": self.kind, "state": self.state,
                                "done": done, "total": self.total, "unit": self.unit,
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
        self.lock = threading.Lock()
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
            job = Job(self._new_id(), kind, key, limit_s, work, join_key=join_key)
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
        with self.lock:
            if job.cancel_requested:            # cancelled while queued
                self._end(job, "cancelled")
                return
            job.state = "running"
            job.started = time.monotonic()
        try:
            with stopping(job.token):
                result = job.work(job)
        except JobStopped:
            with self.lock:
                self._end(job, "error" if job.error else "cancelled")
        except HeartsError as err:
            with self.lock:
                if job.cancel_requested:        # a stopped search's unfinished values
                    self._end(job, "error" if job.error else "cancelled")
                    return
                job.error = str(err)
                job.error_field = err.argument
                self._end(job, "error")
        except Exception as err:   # a bug: the client gets its one line, the server goes on
            with self.lock:
                if job.cancel_requested:
                    self._end(job, "error" if job.error else "cancelled")
                    return
                job.error = f"internal error: {type(err).__name__}: {err}"
                self._end(job, "error")
        else:
            with self.lock:
                if job.cancel_requested:        # stopped after its last report: dropped
                    self._end(job, "error" if job.error else "cancelled")
                    return
                if cacheable(result):
                    self.cache.put(job.key, result)
                job.result = result
                self._end(job, "done")

    def _end(self, job: Job, state: str) -> None:
        """Under ``self.lock``."""
        job.state = state
        job.finished = time.monotonic()
        if self.active.get(job.join_key) is job:
            del self.active[job.join_key]

    def cancel(self, job_id: str) -> Job | None:
        """Cancel a job: a queued one never starts, a running one's searches stop at their
        next check and its work at its next report. Returns the job, None if unknown."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None or job.state not in ("queued", "running"):
                return job
            job.stop()
            if job.state == "queued" and job.future is not None and job.future.cancel():
                self._end(job, "cancelled")
            elif self.active.get(job.join_key) is job:
                del self.active[job.join_key]      # a new request starts afresh
            return job

    def stop_all(self) -> None:
        """Stop every job, queued or running (Ctrl-C: the server is going down); the pool
        stays until :meth:`shutdown`."""
        with self.lock:
            jobs = list(self.jobs.values())
        for job in jobs:
            job.stop()

    def shutdown(self) -> None:
        """Stop every job and the pool (the server is going down)."""
        self.stop_all()
        self.pool.shutdown(wait=True, cancel_futures=True)
