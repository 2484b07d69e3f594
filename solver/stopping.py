"""Stopping searches from outside: a :class:`StopToken` per group of searches, never one switch
for the whole process.

A search stops for its own :class:`~.limit.Limit`, for Ctrl-C when it runs on the main thread
(the core takes SIGINT while it searches), and when the token it holds is stopped. A
:class:`~.solve.Solver` holds the token it was given (``Solver(stop=token)``), or else the
token of the context it searches in: :func:`stopping` sets it for a block of code, and
:func:`bind` for the rest of a thread's life (a thread pool's initializer:
``hearts.analysis.parallel.executor`` gives each pool its own token, so an error or Ctrl-C in
one pool stops its searches and no other). The context is a :mod:`contextvars` variable, so
it is per thread (and per asyncio task), not per process.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from ._core import StopToken

__all__ = ["StopToken", "bind", "current_stop", "stopping"]

_CURRENT: ContextVar[StopToken | None] = ContextVar("hearts_stop", default=None)


def current_stop() -> StopToken | None:
    """The token of the searches started here (:func:`stopping`, :func:`bind`), or None."""
    return _CURRENT.get()


@contextmanager
def stopping(token: StopToken) -> Iterator[StopToken]:
    """Within the block, the searches of this thread that have no token of their own hold
    ``token``: ``token.stop()`` (from any thread) ends them at their next limit check.

    Raises:
        TypeError: ``token`` is not a :class:`StopToken`.
    """
    if not isinstance(token, StopToken):
        raise TypeError(f"stopping takes a StopToken, not {type(token).__name__}")
    reset = _CURRENT.set(token)
    try:
        yield token
    finally:
        _CURRENT.reset(reset)


def bind(token: StopToken) -> None:
    """From now on the searches of this thread's context that have no token of their own
    hold ``token`` (for a worker thread's initializer; elsewhere :func:`stopping`)."""
    _CURRENT.set(token)
