"""Counts in messages: ``1 card``, ``2 cards`` (the solver's errors, the analysis and the
commands' output share it)."""
from __future__ import annotations

__all__ = ["counted", "joined", "tricks_left_text"]


def counted(n: int, noun: str) -> str:
    """``"1 deal"``, ``"0 deals"``, ``"2 deals"``: ``n`` and ``noun``, plural unless ``n`` is 1
    (a regular plural: add ``s``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def tricks_left_text(n: int) -> str:
    """``"1 trick is left"``, ``"6 tricks are left"``."""
    return f"{counted(n, 'trick')} {'is' if n == 1 else 'are'} left"


def joined(words: "list[str] | tuple[str, ...]", conjunction: str = "and") -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (``conjunction`` ``"or"``: ``"A, B or C"``)."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"
