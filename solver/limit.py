"""Search limits: how long one search may run (``Limit``), as python-chess's ``engine.Limit``.

A :class:`Limit` is a value: frozen, checked once when it is made, and its ``repr`` is the
call that makes it (``Limit(nodes=200000)``). Every function that searches takes one as
``limit=``: :func:`~hearts.solver.solve.solve` and :meth:`~hearts.solver.solve.Solver.solve_position`
here, and in ``hearts.analysis`` the pass rating, the moon odds, the annotation and the puzzle
miner, which apply it to each search they run.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

from .errors import SolverError

__all__ = ["Limit", "MAX_NODES"]

#: The largest node limit: the core counts nodes in a signed 64-bit int.
MAX_NODES = 2 ** 62


@dataclass(frozen=True)
class Limit:
    """When a search stops before its end: after ``nodes`` search nodes or ``time_ms``
    milliseconds of wall time, whichever comes first; ``Limit()`` is no limit.

    The core checks both every 1,024 nodes, so a search may pass a node limit by up to 1,023
    nodes; one that ends before it looks is complete. A stopped search keeps the values it
    finished (they are exact) and says ``complete=False``. A node limit gives the same result
    on every machine; a time limit does not.

    Attributes:
        nodes: the most search nodes (a whole number 1..2**62), or ``None`` for no node limit.
        time_ms: the most wall time, in milliseconds (a positive, finite number), or ``None``
            for no time limit.

    Raises:
        SolverError: a value that is not ``None`` nor in its range (a float, bool or text
            node count, NaN or infinite milliseconds); the message starts with the
            argument's name (``nodes must be ...``), which is ``argument``.
    """

    nodes: int | None = None
    time_ms: float | None = None

    def __post_init__(self) -> None:
        nodes, time_ms = self.nodes, self.time_ms
        if nodes is not None:
            if (isinstance(nodes, bool) or not isinstance(nodes, numbers.Integral)
                    or not 1 <= nodes <= MAX_NODES):
                raise SolverError(f"nodes must be a whole number 1..2**62, got {nodes!r}",
                                  argument="nodes")
            object.__setattr__(self, "nodes", int(nodes))       # a numpy int as an int
        if time_ms is not None:
            if (isinstance(time_ms, bool) or not isinstance(time_ms, numbers.Real)
                    or not (math.isfinite(time_ms) and time_ms > 0)):
                # NaN or inf would never stop the search
                raise SolverError(f"time_ms must be a positive, finite number of milliseconds, "
                                  f"got {time_ms!r}", argument="time_ms")
            object.__setattr__(self, "time_ms", float(time_ms))

    @classmethod
    def of(cls, limit: "Limit | None") -> "Limit":
        """``limit`` as every function takes it: a :class:`Limit`, or ``None`` for no limit.

        Raises:
            SolverError: another type (a number of nodes or ms given bare, say).
        """
        if limit is None:
            return cls()
        if not isinstance(limit, Limit):
            raise SolverError(f"limit must be a Limit, e.g. Limit(nodes=100000) or "
                              f"Limit(time_ms=500), not {limit!r}", argument="limit")
        return limit

    @property
    def unlimited(self) -> bool:
        """No node limit and no time limit."""
        return self.nodes is None and self.time_ms is None

    def __repr__(self) -> str:
        parts = [f"{name}={value!r}" for name, value in (("nodes", self.nodes),
                                                          ("time_ms", self.time_ms))
                 if value is not None]
        return f"Limit({', '.join(parts)})"
