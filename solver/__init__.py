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
    SolverError,
)
from .hand import Hand
from .limit import Limit
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
    "Limit",
    "PassDirection",
    "Position",
    "RecordSyntaxError",
    "Rules",
    "RulesError",
    "Seat",
    "SolverError",
    "Suit",
    "parse_cards",
    "trick_winner",
]

from .solve import CardValue, SolveResult, Solver, solve  # noqa: E402
from .stopping import StopToken, stopping  # noqa: E402

__all__ += ["CardValue", "SolveResult", "Solver", "StopToken", "solve", "stopping"]

# Tables of 3 to 7 players, passing schemes and whole games (docs/variants.md).
from .game import DealOutcome, Game, play_game, standing  # noqa: E402
from .passing import PassPlan, after_pass, apply_pass, pass_plan  # noqa: E402
from .seats import table_seats  # noqa: E402

__all__ += ["DealOutcome", "Game", "PassPlan", "after_pass", "apply_pass", "pass_plan",
            "play_game", "standing", "table_seats"]
