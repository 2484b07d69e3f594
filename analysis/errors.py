"""Errors raised by the analysis layer.

Like the game model's errors (:mod:`hearts.solver.errors`) they are :class:`ValueError`
subclasses through :class:`~hearts.solver.errors.HeartsError`, and every message is one line
that names the problem and where it is, e.g.
``play 14 (5C by East): impossible, East is void in clubs (it discarded 9H on a club lead at
play 7)``.
"""
from __future__ import annotations

from hearts.solver.errors import HeartsError

__all__ = ["InconsistentRecordError", "NoConsistentDealError", "SettingsError"]


class InconsistentRecordError(HeartsError):
    """A seat's record contradicts itself or the rules.

    Examples: a seat plays a suit it showed void in, a seat plays a card another seat is
    known to hold (the observer's own card, a card the observer passed to someone else), a
    hand of the wrong size, a pass on a hold deal, an illegal play by the observer.
    """


class NoConsistentDealError(InconsistentRecordError):
    """No deal of the unseen cards fits what the seat knows (hand sizes, voids, held cards)."""


class SettingsError(HeartsError):
    """A sampling setting with a bad value (:class:`~hearts.analysis.settings.Sampling`:
    ``samples must be at least 1, got 0``); ``argument`` names the setting."""
