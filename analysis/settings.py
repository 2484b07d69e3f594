"""The settings of the analyses, as values: :class:`Sampling` (how many deals, which random
stream, where the work runs) and :class:`~hearts.solver.limit.Limit` (how long one search may
run; it lives with the solver, which takes it too, and is exported here as well).

Both are frozen and checked once, when they are made; their ``repr`` is the call that makes
them (``Sampling(200, seed=7)``, ``Limit(time_ms=2000.0)``). The analyses take them as
``sampling=`` and ``limit=``: :func:`~.advice.advise` (sampling), :func:`~.passing.rate_passes`,
:func:`~.moon.moon_odds`, :func:`~.moon.moon_watch` and :func:`~.annotate.annotate` (both), the
puzzle miner (:func:`~.puzzles.mine`, a limit).
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Any

from hearts.solver.limit import Limit

from .errors import SettingsError
from .parallel import check_address, default_threads

__all__ = ["Limit", "Sampling"]


def _whole(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, numbers.Integral)


@dataclass(frozen=True)
class Sampling:
    """How a sampling analysis samples: how many deals, from which random stream, on how many
    threads or which cluster.

    The numbers of an analysis depend on ``samples`` and ``seed`` only: sample ``i`` is
    always the ``i``-th deal of the seed's stream and results are combined in sample order,
    so ``threads`` and ``scheduler`` change the speed, never the result.

    Attributes:
        samples: the sampled deals (a whole number >= 1; the most: analyses that stop early
            when the answer is clear use fewer). Each analysis says what one sample is (a
            deal for a play, a deal per pass, ...).
        seed: seeds the deal sampler (:func:`numpy.random.default_rng`; a whole number >= 0).
        threads: local worker threads (a whole number >= 1), or ``None`` for every core this
            process may run on (:func:`~.parallel.default_threads`). Ignored with a scheduler.
        scheduler: ``None`` (local threads), a Dask scheduler address ``"tcp://HOST:PORT"``,
            or a ``distributed.Client`` or cluster object (:func:`~.parallel.executor`; the
            optional extra ``pip install 'hearts-dd[cluster]'``).

    Raises:
        SettingsError: a count that is not a whole number in its range; the message starts
            with the setting's name (``samples must be at least 1, got 0``), which is
            ``argument``.
        ClusterError: a scheduler address that is not ``tcp://HOST:PORT``.
    """

    samples: int
    seed: int = 0
    threads: int | None = None
    scheduler: Any = None

    def __post_init__(self) -> None:
        for name, low in (("samples", 1), ("seed", 0), ("threads", 1)):
            value = getattr(self, name)
            if value is None and name == "threads":
                continue
            if not _whole(value):
                raise SettingsError(f"{name} must be a whole number, got {value!r}",
                                    argument=name)
            if value < low:
                raise SettingsError(f"{name} must be at least {low}, got {value}",
                                    argument=name)
            object.__setattr__(self, name, int(value))      # a numpy int as an int
        if isinstance(self.scheduler, str):
            check_address(self.scheduler)

    @classmethod
    def of(cls, sampling: "Sampling") -> "Sampling":
        """``sampling`` checked to be a :class:`Sampling`.

        Raises:
            SettingsError: another type (a bare number of samples, say).
        """
        if not isinstance(sampling, Sampling):
            raise SettingsError(f"sampling must be a Sampling, e.g. Sampling(100, seed=1), "
                                f"not {sampling!r}", argument="sampling")
        return sampling

    @property
    def workers(self) -> int:
        """The local worker threads: ``threads``, or every core for ``None``."""
        return self.threads or default_threads()

    def __repr__(self) -> str:
        parts = [repr(self.samples)]
        parts += [f"{name}={value!r}" for name, value, default in (
            ("seed", self.seed, 0), ("threads", self.threads, None),
            ("scheduler", self.scheduler, None)) if value != default]
        return f"Sampling({', '.join(parts)})"
