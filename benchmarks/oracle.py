"""An oracle for the strength harness: a seat that sees every hand (the true deal).

Not a player: a yardstick. Playing the engine's evaluator on the one true deal instead of
on deals sampled from the seat's view, it measures how much of the engine's result is lost
to the hidden hands (sampling and inference) and how much to the evaluator itself (the
rollouts and the exact solve at the horizon). Long, Sturtevant, Buro & Furtak 2010
("Understanding the success of perfect information Monte Carlo sampling in game tree
search") use the same yardstick for PIMC in Skat. Figures: ``docs/experiments.md``, "The
value of seeing the hands".

The harness gives every bot its seat's view only, so the oracle rebuilds the true position
itself: the deal from the harness's seed and the deal index (the first element of the
decision key), every seat's pass by ``policy_pass`` (the IS-MCTS field's, and the tested
bot's under ``--pass-by policy``), then the plays so far. It checks the rebuilt position
against the seat's own view (its hand, the seat to move) and fails loudly on a difference.
The oracles play only; the harness gives them the rule bot's pass (``WithPass``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from hearts.analysis.advice import advise, evaluate_deal, moon_live
from hearts.analysis.bots import RuleBot, choose_passes, key_seed
from hearts.analysis.engine import DEFAULT_ENGINE, Engine
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.passing import apply_passes
from hearts.analysis.policy import RolloutPolicy, point_cards
from hearts.analysis.settings import Sampling
from hearts.solver import Deal
from hearts.solver.cards import Card, cards_from_mask
from hearts.solver.errors import HeartsError
from hearts.solver.hand import Hand
from hearts.solver.position import Position
from hearts.solver.seats import PassDirection
from hearts.solver.solve import Solver


class OracleMismatchError(RuntimeError):
    """The rebuilt true position does not fit the seat's view (another seed, or a pass that
    was not ``policy_pass``'s)."""


def true_position(deals: Sequence[tuple[Deal, PassDirection]], view: Position,
                  knowledge: Knowledge, deal_index: int) -> Position:
    """The position of ``view``'s seat with every hand as it truly is: deal ``deal_index`` of
    ``deals`` (the harness's ``seeded_deals``), every seat passing by ``policy_pass``, then the
    plays of ``knowledge``.

    Raises:
        OracleMismatchError: it does not fit the seat's view (its hand, the seat to move),
            or the plays are not legal in it.
    """
    dealt, direction = deals[deal_index]
    rules = knowledge.rules
    after = dealt if direction is PassDirection.HOLD else Deal.from_masks(apply_passes(
        dealt.masks, choose_passes(dealt, direction, [RuleBot()] * 4, rules), direction))
    position = Position(after, rules, pass_direction=direction)
    seat = knowledge.seat
    where = f"deal {deal_index}, {seat.name_title} after {len(knowledge.history)} plays"
    try:
        for card in knowledge.history:
            position.play(card)
    except HeartsError as err:
        raise OracleMismatchError(f"{where}: the plays do not fit the rebuilt deal ({err})"
                                  ) from None
    if position.to_move != seat or position.hand(seat).mask != view.hand(seat).mask:
        raise OracleMismatchError(f"{where}: the rebuilt hand {position.hand(seat)} is not "
                                  f"the seat's {view.hand(seat)}")
    return position


@dataclass
class OracleBot:
    """Plays each card by the engine's evaluator on the true deal, every hand seen.

    Attributes:
        deals: the harness's deals by index (``seeded_deals``): the dealt hands and the pass
            direction.
        horizon: tricks left at which the rollouts hand over to exact max^n (4, the
            default engine's until stop 52, 2 since), and ``moon_horizon`` while a moon is
            live (5).
        exact_from: exact max^n once this many tricks or fewer are left (at least the
            horizon); the default engine's is its horizon.
        rollout: the rollouts' policy and runs on the one deal (default: the noisy rule bot of
            the default engine of stops 38-49, ε 0.5 for the other seats, 64 runs a card, the
            most a :class:`RolloutPolicy` takes; the engine averages 8 runs a sample).
        name: the bot's name in the results.
    """

    deals: list[tuple[Deal, PassDirection]]
    horizon: int = 4
    moon_horizon: int = 5
    exact_from: int = 4
    rollout: RolloutPolicy = RolloutPolicy("rule", 64, 0.5, True)
    name: str = "oracle"
    _solver: Solver = field(default_factory=Solver, repr=False, init=False)

    def settings(self) -> dict[str, object]:
        """What the results file records of this oracle."""
        return {"sees": "every hand", "horizon": self.horizon,
                "moon_horizon": self.moon_horizon, "exact_from": self.exact_from,
                "rollout": repr(self.rollout)}

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        """The card of the fewest points for the seat on the true deal (ties: the lowest)."""
        legal = cards_from_mask(position.legal_mask())
        if len(legal) == 1:
            return legal[0]
        true = true_position(self.deals, position, knowledge(), key[0])
        horizon = max(self.horizon, self.moon_horizon) if moon_live(true) else self.horizon
        exact = true.tricks_left <= max(horizon, self.exact_from)
        values = evaluate_deal(true, legal, "maxn", "exact" if exact else "rollout", horizon,
                               self._solver, rollout=self.rollout)
        return min(zip(values, legal))[1]


@dataclass
class HolderOracleBot:
    """The engine's own play advice (PIMC over sampled deals), but every sampled deal puts
    ``cards`` (Q♠ by default) in the hand that truly holds them: what knowing only where those
    cards are is worth (a partial oracle; the rest of the hidden hands stay hidden).

    Attributes:
        deals: as :class:`OracleBot`.
        cards: the card mask told (default: the big penalty card of the rules, Q♠).
        engine: the advice engine (default: :data:`~hearts.analysis.engine.DEFAULT_ENGINE`).
        name: the bot's name in the results.
    """

    deals: list[tuple[Deal, PassDirection]]
    cards: int | None = None
    engine: Engine = DEFAULT_ENGINE
    name: str = "oracleQ"

    def settings(self) -> dict[str, object]:
        """What the results file records of this oracle."""
        return {"sees": "Q♠'s holder" if self.cards is None else
                " ".join(map(str, cards_from_mask(self.cards))) + " where they are",
                "engine": repr(self.engine)}

    def told(self, knowledge: Knowledge, true: Position) -> Knowledge:
        """``knowledge`` with each unseen card of :attr:`cards` known to its true holder."""
        cards = point_cards(knowledge.rules).big_mask if self.cards is None else self.cards
        known = list(knowledge.known)
        for seat in knowledge.others:
            here = true.hand(seat).mask & cards & knowledge.unseen.mask
            if here:
                known[seat] = Hand.from_mask(known[seat].mask | here)
        return replace(knowledge, known=tuple(known))

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        """The engine's best card over deals sampled with :attr:`cards` where they are."""
        legal = cards_from_mask(position.legal_mask())
        if len(legal) == 1:
            return legal[0]
        seen = knowledge()
        told = self.told(seen, true_position(self.deals, position, seen, key[0]))
        advice = advise(told, sampling=Sampling(self.engine.samples, key_seed(key), 1),
                        moon=False, engine=self.engine)
        return advice.best.card
