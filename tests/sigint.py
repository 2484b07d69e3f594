"""Ctrl-C once a search has started, not after a delay (``tests/test_interrupt.py``).

A search on the main thread puts the core's own SIGINT handler in place of Python's for as
long as it runs (``hd_catch_sigint`` in ``solver/_search.pxi``) and puts Python's back when it
returns. Python's ``signal`` module does not see that handler; the OS does. So "the handler the
OS holds for SIGINT is not the one it held before" means "a search is running", and a signal
sent then reaches that search however fast the core has become: no timer races the solve.
"""
from __future__ import annotations

import ctypes
import os
import signal
import threading
from typing import Callable

_libc = ctypes.CDLL(None, use_errno=True)


def sigint_handler_address() -> int:
    """The address of the process's SIGINT handler as the OS holds it (``sigaction``)."""
    action = ctypes.create_string_buffer(256)   # a struct sigaction: sa_handler comes first
    if _libc.sigaction(signal.SIGINT, None, action) != 0:
        raise OSError(ctypes.get_errno(), "sigaction(SIGINT) failed")
    return ctypes.c_void_p.from_buffer(action).value or 0


class WhenSearching:
    """Call ``action()`` once, from a watching thread, as soon as a search on the main thread
    has started (the OS's SIGINT handler differs from the one it held when this was made).
    ``fired`` says whether it did; :meth:`close` stops the watch. Use as a context manager."""

    def __init__(self, action: Callable[[], object]):
        self._before = sigint_handler_address()
        self._action = action
        self._closed = threading.Event()
        self.fired = False
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._closed.wait(0.0005):
            if sigint_handler_address() != self._before:
                self.fired = True
                self._action()
                return

    def close(self) -> None:
        self._closed.set()
        self._thread.join()

    def __enter__(self) -> "WhenSearching":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def interrupt_when_searching() -> WhenSearching:
    """Send SIGINT to this process once a search on its main thread has started."""
    return WhenSearching(lambda: os.kill(os.getpid(), signal.SIGINT))
