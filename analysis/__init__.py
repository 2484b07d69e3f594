"""hearts.analysis: what a seat can know, and the analyses built on it.

One import for a Python user (the game model and the solver are :mod:`hearts.solver`)::

    from hearts.analysis import (advise, rate_passes, moon_odds, moon_watch, annotate,
                                 Knowledge, records, Limit, Sampling)

- :func:`advise`: every legal card of the seat to move valued over deals sampled from its view
  (:class:`Advice`; ``advice["QS"]`` is one card's :class:`CardAdvice`).
- :func:`rate_passes`: every pass of a hand ranked (:class:`PassRanking`; ``ranking["QS KS
  AS"]`` is one pass's :class:`PassRating`).
- :func:`moon_odds`: the chance that a hand can shoot the moon (:class:`MoonOdds`);
  :func:`moon_watch`: who is on track to shoot in a game, and whether it can be stopped.
- :func:`annotate` (and its batch twin :func:`annotate_games`): every play of a game record
  judged (:class:`GameAnnotation`).
- :class:`Knowledge`: everything one seat knows at one moment of a deal.
- :mod:`records <hearts.analysis.records>`: game records, read and written by format
  (``records.loads`` / ``records.dumps``).
- The settings, as values: :class:`Sampling` (samples, seed, threads, scheduler) and
  :class:`Limit` (nodes, milliseconds of one search; the solver's own).

Every error is a :class:`~hearts.solver.HeartsError` (a ``ValueError``) with a one-line
message; an error about one argument names it in ``argument``.
"""
from hearts.solver.errors import HeartsError, SolverError
from hearts.solver.limit import Limit

from . import records
from .advice import Advice, AdviceError, CardAdvice, advise
from .annotate import AnnotateError, GameAnnotation, annotate, annotate_games
from .errors import InconsistentRecordError, NoConsistentDealError, SettingsError
from .knowledge import Knowledge
from .moon import MoonError, MoonOdds, MoonWatch, moon_odds, moon_watch
from .parallel import ClusterError
from .passing import PassError, PassRanking, PassRating, rate_passes
from .settings import Sampling

__all__ = [
    # the analyses
    "advise", "rate_passes", "moon_odds", "moon_watch", "annotate", "annotate_games",
    # what they take
    "Knowledge", "records", "Limit", "Sampling",
    # what they give
    "Advice", "CardAdvice", "PassRanking", "PassRating", "MoonOdds", "MoonWatch",
    "GameAnnotation",
    # their errors
    "HeartsError", "AdviceError", "PassError", "MoonError", "AnnotateError", "SettingsError",
    "SolverError", "ClusterError", "InconsistentRecordError", "NoConsistentDealError",
]
