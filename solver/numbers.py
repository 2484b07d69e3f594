"""Numbers read from text: every number a file or an option gives (an OpenSpiel action id, a
JSON number, HGN's ``[Board]``, trick numbers, ``$`` NAGs, ``Points:``, ``--scores``, a rules
option, a command's ``--seed``) is read here, by one rule.

- **ASCII digits only.** Python's ``int()`` and ``float()`` also read other scripts' digits
  (``int("٤") == 4``), superscripts pass ``str.isdigit`` but not ``int()`` (``"²"``: a
  traceback), and ``int("1_0") == 10``; a regex ``\\d`` matches every script's digits unless
  ``re.ASCII``. A record that reads must mean what it shows, so ``[0-9]`` it is.
- **Bounded length and value.** ``int()`` of more than 4,300 digits raises (CPython's guard
  against quadratic conversion), and no number of a Hearts record or option needs more than a
  few digits: :data:`MAX_DIGITS` by default, a range per field.
- **One-line errors** (:class:`~hearts.solver.errors.NumberError`) that start with what the
  number is and quote the text safely (:func:`~hearts.solver.words.quoted`); the readers put
  the file, line and column before them.
"""
from __future__ import annotations

import math
import re

from .errors import NumberError
from .words import quoted

__all__ = ["MAX_DIGITS", "MAX_FLOAT_CHARS", "NumberError", "parse_int", "parse_ints",
           "parse_float", "is_int_text"]

#: The most digits :func:`parse_int` reads by default: more than any count, score or seed of
#: the game (a 64-bit seed has 20).
MAX_DIGITS = 20
#: The most characters :func:`parse_float` reads.
MAX_FLOAT_CHARS = 40

_INT = re.compile(r"[+-]?[0-9]+")
_UNSIGNED = re.compile(r"[0-9]+")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def is_int_text(text: str, *, sign: bool = True) -> bool:
    """Whether ``text`` is written as a whole number of ASCII digits (``-`` or ``+`` first if
    ``sign``), of any length: for telling a number from a word before reading it."""
    return (_INT if sign else _UNSIGNED).fullmatch(text) is not None


def _lead(what: str) -> str:
    return f"{what}: " if what else ""


def _not_a_number(text: str, what: str, kind: str) -> NumberError:
    if any(ch.isdigit() and not "0" <= ch <= "9" for ch in text):
        return NumberError(f"{_lead(what)}{quoted(text)} is not {kind} in ASCII digits 0-9")
    return NumberError(f"{_lead(what)}{quoted(text)} is not {kind}")


def _out_of_range(shown: str, low: "float | None", high: "float | None") -> str:
    if low is not None and high is not None:
        return f"{shown} is not in {low}..{high}"
    return f"{shown} is less than {low}" if low is not None else f"{shown} is more than {high}"


def parse_int(text: str, what: str, *, low: "int | None" = None, high: "int | None" = None,
              digits: int = MAX_DIGITS, sign: bool = True) -> int:
    """The whole number written in ``text``: ASCII digits, a ``-`` or ``+`` first only if
    ``sign``, nothing else (no spaces, no ``_``), at most ``digits`` digits, in
    ``low..high`` (either may be ``None``).

    Args:
        what: what the number is, first in the message (``"[Board]"``, ``"token 3"``; ``""``
            for none: an option's error names the option itself).

    Raises:
        NumberError: ``[Board]: "²" is not a whole number in ASCII digits 0-9``,
            ``token 2: 5,000 digits, at most 20``, ``NAG: 300 is not in
            1..255``.
    """
    if not isinstance(text, str) or not (_INT if sign else _UNSIGNED).fullmatch(text):
        raise _not_a_number(str(text), what, "a whole number")
    count = len(text.lstrip("+-"))
    if count > digits:
        raise NumberError(f"{_lead(what)}{count:,} digits, at most {digits}")
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise NumberError(f"{_lead(what)}{_out_of_range(str(value), low, high)}")
    return value


_RUNS: dict[int, "re.Pattern[str]"] = {}


def parse_ints(texts: "list[str]", *, digits: int = MAX_DIGITS) -> "list[int] | None":
    """Many whole numbers at once, by the rule of :func:`parse_int` (ASCII digits, a ``-``
    first, at most ``digits`` digits each): one regular-expression match of them all, then
    ``int`` (a line of 117 OpenSpiel action ids read number by number was a quarter of
    ``hearts replay``'s time). ``None`` when any is not such a number: the caller reads them one
    by one with :func:`parse_int`, for the error naming the one.
    """
    run = _RUNS.get(digits)
    if run is None:
        number = f"-?[0-9]{{1,{digits}}}"
        run = _RUNS[digits] = re.compile(f"{number}(?: {number})*")
    if not texts or not run.fullmatch(" ".join(texts)):
        return None
    return [int(text) for text in texts]


def parse_float(text: str, what: str, *, low: "float | None" = None,
                high: "float | None" = None, chars: int = MAX_FLOAT_CHARS) -> float:
    """The finite number written in ``text``: ASCII digits with an optional sign, point and
    exponent (``12``, ``-0.5``, ``2.5e3``), at most ``chars`` characters, in ``low..high``.
    ``inf``, ``nan``, ``1_0`` and other scripts' digits are no numbers here.

    Raises:
        NumberError: as :func:`parse_int` (``1e400`` is out of range: not finite).
    """
    if not isinstance(text, str) or not _FLOAT.fullmatch(text):
        raise _not_a_number(str(text), what, "a number")
    if len(text) > chars:
        raise NumberError(f"{_lead(what)}{len(text):,} characters, at most {chars}")
    value = float(text)
    if not math.isfinite(value):
        raise NumberError(f"{_lead(what)}{quoted(text)} is too large")
    if (low is not None and value < low) or (high is not None and value > high):
        raise NumberError(f"{_lead(what)}{_out_of_range(text, low, high)}")
    return value
