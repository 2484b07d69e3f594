"""hearts.solver: the Hearts game model (cards, deals, rules, positions) and the solver.

The model is pure Python; the search core (``_core``, compiled from ``_core.pyx``) is wrapped by
``solve``.
"""
from .cards import ALL_CARDS, Card, Suit, parse_cards
from .deal import Deal
from .errors import (
    CardError,
    HeartsError,
    IllegalPlayError,
    InvalidDealError,
    RecordSyntaxError,
    RulesError,
)
from .hand import Hand
from .position import Position, trick_winner
from .rules import Rules
from .seats import PassDirection, Seat

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardError",
    "Deal",
    "Hand",
    "HeartsError",
    "IllegalPlayError",
    "InvalidDealError",
    "PassDirection",
    "Position",
    "RecordSyntaxError",
    "Rules",
    "RulesError",
    "Seat",
    "Suit",
    "parse_cards",
    "trick_winner",
]

# TODO(core): import `solve` unconditionally once the compiled core exists in every build;
# until then the model must import without it (the core is written in parallel).
try:
    from . import solve as _solve
except ImportError:
    pass
else:
    globals().update({name: getattr(_solve, name) for name in _solve.__all__})
    __all__ += list(_solve.__all__)
