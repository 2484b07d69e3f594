"""Where the analysis work runs: threads on this machine, or a Dask cluster.

Every batch of the analysis layer (samples of ``hearts play``, ``hearts moon`` and ``hearts
pass``, the deals of ``hearts annotate``) is a list of independent jobs. :func:`executor`
gives a :class:`concurrent.futures.Executor` for them:

* by default a :class:`~concurrent.futures.ThreadPoolExecutor` with one thread per core: the
  search core releases the GIL (``nogil``), so threads use every core with nothing pickled.
  Each pool has its own :class:`~hearts.solver.stopping.StopToken`, which the searches of its
  workers hold: an error or Ctrl-C in the caller stops that pool's searches and no other
  (a pool made inside another pool's job stops with it too);
* with ``scheduler="tcp://HOST:PORT"`` (the CLI's ``--scheduler``), or a
  ``distributed.Client`` / ``LocalCluster`` object, the executor of a Dask distributed client
  (``Client.get_executor``), which sends each job to the cluster's workers. It needs the
  optional extra ``pip install 'hearts-dd[cluster]'``.

Jobs are callables submitted with their arguments; for a cluster they and their results must
pickle (the work objects drop their per-thread :class:`~hearts.solver.Solver` when pickled, see
:class:`PerThreadSolver`). Callers combine results in submission order, so a result never
depends on where or on how many workers it ran.

A batch of samples is submitted lazily by :func:`lazy_map`: a bounded window of jobs in flight,
the next sampled deal drawn only when a job is submitted, so memory stays flat however many
samples are asked for (``Executor.map`` submits every job before the first result; Python 3.14
adds its ``buffersize`` argument for this).
"""
from __future__ import annotations

import os
import threading
from collections import deque
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from contextlib import contextmanager
from itertools import islice
from typing import Any, Callable, Iterable, Iterator, TypeVar

from hearts.solver.errors import HeartsError
from hearts.solver.solve import Solver
from hearts.solver.stopping import StopToken, bind, current_stop

__all__ = ["ClusterError", "PerThreadSolver", "check_address", "connect", "default_threads",
           "executor", "in_flight", "lazy_map"]

#: Seconds to wait for a Dask scheduler to answer before giving up.
CONNECT_TIMEOUT_S = 10

#: Jobs :func:`lazy_map` keeps in flight per local thread (two: a thread that finishes a job
#: finds the next one queued).
IN_FLIGHT_PER_THREAD = 2

#: Jobs :func:`lazy_map` keeps in flight on a Dask cluster (whose size this process does not
#: know): enough to keep 512 worker threads busy.
CLUSTER_IN_FLIGHT = 1024

_Item = TypeVar("_Item")
_Result = TypeVar("_Result")


class ClusterError(HeartsError):
    """The Dask cluster cannot be used: the extra is not installed, the scheduler address is
    malformed or does not answer."""


#: A scheduler given without the optional extra.
_NO_DASK = "scheduler needs Dask: pip install 'hearts-dd[cluster]'"

#: The most threads the commands take (``--threads``): more only adds threads that wait, and
#: a slip such as 100000 would start that many.
MAX_THREADS = 1024


def default_threads() -> int:
    """Every core this process may run on (``os.sched_getaffinity``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def check_address(scheduler: str) -> None:
    """Refuse a Dask scheduler address that is not ``tcp://HOST:PORT``.

    Raises:
        ClusterError: the address has another form.
    """
    if not (scheduler.startswith("tcp://") and ":" in scheduler[len("tcp://"):]):
        raise ClusterError(f"scheduler address {scheduler!r}: expected tcp://HOST:PORT")


@contextmanager
def connect(scheduler: Any = None) -> Iterator[Any]:
    """One connection to a Dask scheduler for several batches: a ``tcp://HOST:PORT`` address
    becomes a ``distributed.Client`` (closed on exit); ``None``, a client or a cluster object
    pass through unchanged. Pass what it yields to every :func:`executor` of the run, so that
    a command whose batches follow one another (``hearts annotate --rate-passes``) connects
    once instead of once per batch.

    Raises:
        ClusterError: as :func:`executor`.
    """
    if not isinstance(scheduler, str):
        yield scheduler
        return
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(_NO_DASK, argument="scheduler") from None
    check_address(scheduler)
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT_S)
    except (OSError, TimeoutError) as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: "
                           f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    with client:
        yield client


@contextmanager
def executor(threads: int | None = None, scheduler: Any = None,
             name: str = "hearts", stop: StopToken | None = None) -> Iterator[Executor]:
    """An executor for independent jobs, closed (and its threads joined) on exit.

    Args:
        threads: local worker threads (default :func:`default_threads`); ignored with a
            scheduler (the cluster's workers decide).
        scheduler: ``None`` for local threads; a Dask scheduler address ``tcp://HOST:PORT``
            (connected for this batch alone; see :func:`connect`); or a ``distributed.Client``
            or cluster object (e.g. ``LocalCluster``) to use.
        name: thread-name prefix of the local threads.
        stop: the token the searches of the local workers hold (their solvers' default,
            :mod:`hearts.solver.stopping`): its ``stop()`` ends them at their next limit
            check. Default: a new token of this pool, made from the caller's own (so that a
            pool inside another pool's job stops with it). An exception in the ``with``
            block (an error, Ctrl-C) stops it, drops the jobs not started and waits for the
            running ones.

    Raises:
        ClusterError: ``dask[distributed]`` is not installed, the address is not
            ``tcp://HOST:PORT``, or the scheduler does not answer within
            :data:`CONNECT_TIMEOUT_S` seconds.
    """
    if scheduler is None:
        token = stop if stop is not None else StopToken(current_stop())
        pool = ThreadPoolExecutor(max_workers=threads or default_threads(),
                                  thread_name_prefix=name, initializer=bind,
                                  initargs=(token,))
        try:
            yield pool
        except BaseException:
            # Ctrl-C (or an error) in the caller: the jobs not started are dropped and the
            # running ones' searches stopped, else the pool's exit waited for every job
            # queued (an annotation ran on for a minute after Ctrl-C)
            token.stop()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
        return
    with connect(scheduler) as client:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterError(_NO_DASK, argument="scheduler") from None
        if not isinstance(client, Client):
            client = Client(client)         # a cluster object: a client of its own
            with client:
                yield client.get_executor(pure=False)
            return
        yield client.get_executor(pure=False)


def in_flight(threads: int | None = None, scheduler: Any = None) -> int:
    """The window of :func:`lazy_map` for an :func:`executor` made with the same arguments:
    :data:`IN_FLIGHT_PER_THREAD` per local thread, :data:`CLUSTER_IN_FLIGHT` on a cluster."""
    if scheduler is not None:
        return CLUSTER_IN_FLIGHT
    return IN_FLIGHT_PER_THREAD * (threads or default_threads())


def lazy_map(pool: Executor, fn: Callable[[_Item], _Result], items: Iterable[_Item],
             window: int) -> Iterator[_Result]:
    """``fn(item)`` for each item, in the order of ``items``, run on ``pool``; like
    ``pool.map(fn, items)`` but lazy: at most ``window`` jobs are in flight and an item is
    drawn from ``items`` only when its job is submitted, so an endless or huge ``items`` costs
    no memory up front. To stop early, close the iterator (``contextlib.closing``) before the
    executor: that cancels the jobs not yet started (the results of running ones are dropped).

    Raises:
        ValueError: ``window`` < 1. Whatever ``fn`` raises, when its result is reached.
    """
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    source = iter(items)
    pending: deque[Future] = deque(pool.submit(fn, item) for item in islice(source, window))
    try:
        while pending:
            result = pending.popleft().result()
            # Refill before handing the result over, so the workers never wait on the caller.
            pending.extend(pool.submit(fn, item) for item in islice(source, 1))
            yield result
    finally:
        for future in pending:
            future.cancel()


class PerThreadSolver:
    """Mixin for picklable work objects: :meth:`solver` gives each thread its own
    :class:`Solver` (solvers are not shared: each owns its transposition table), and pickling
    leaves the solvers behind, so a Dask worker makes its own.

    Subclasses set ``self.tt_bits`` (``None``: the solver sizes its table itself).
    """

    tt_bits: int | None = None

    def solver(self) -> Solver:
        local = self.__dict__.get("_local")
        if local is None:
            local = self.__dict__.setdefault("_local", threading.local())
        solver = getattr(local, "solver", None)
        if solver is None:
            solver = local.solver = Solver(self.tt_bits)
        return solver

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_local", None)
        return state
