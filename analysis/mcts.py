"""Information-set Monte Carlo tree search from one seat's view (an experiment of issue 24).

PIMC (:mod:`.advice`) values each card in each sampled deal as if every hand were open from
then on, so the other seats "know" the seat's cards and the seat its own future cards'
fate (strategy fusion). Single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)) grows one tree over the
sampled deals instead: an iteration plays in one deal, chooses at each node among the
cards legal there by UCB1 for the seat to move (minus its final points / 26), adds one
node and plays out with the rule bot in the core (``Core.ismcts``). It is what OpenSpiel's
IS-MCTS bot does, with the rule bot's play-outs instead of random ones and the voids and
pass the seat knows in its deals.

With ``others="model"`` only the seat itself searches: the other seats' cards in the tree
are drawn from the play-out policy (say the learned model of IS-MCTS, :mod:`.mimic`), so the
tree is a best response to that model of the other players, and the seat's own later cards
are chosen in its information sets rather than in each deal seen open. With an
``inference`` model the deals are drawn as the engine's are (:mod:`.inference`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hearts.solver import Card, Deal
from hearts.solver.solve import Solver

from .advice import AdviceError, _not_to_move
from .errors import SettingsError
from .inference import MIMIC, inferred_masks, play_model
from .knowledge import Knowledge
from .policy import RolloutPolicy, policy_spec
from .sampling import DealSampler

__all__ = ["TreeSearch", "tree_search"]


@dataclass(frozen=True)
class TreeSearch:
    """Settings of :func:`tree_search`.

    Attributes:
        iterations: tree iterations a decision (one play-out each).
        deals: sampled deals the iterations cycle through.
        c: UCB1's exploration constant for rewards of minus points / 26 (0.7 is OpenSpiel's
            ``uct_c`` 18.2 for rewards in points).
        epsilon: the chance of a uniformly random card at each play of a play-out.
        policy: the play-out policy (a kind of :class:`~.policy.RolloutPolicy`, not a
            seat's own look-ahead), under rules the learned model does not know the rule bot
            (``RolloutPolicy.under``).
        discard: the play-outs' discards by this kind instead, or ``None``.
        others: ``"search"``, every seat chooses by UCB1 (the max^n reading); ``"model"``,
            the other seats' cards in the tree are the play-out policy's too.
        inference: ``"mimic"``, deals weighted by the learned model of the other seats'
            plays (as ``Engine.inference``), or ``None`` for deals that fit the facts alone.

    Raises:
        SettingsError: a count below 1, ``c`` below 0, ``epsilon`` outside 0..1, an unknown
            policy, ``others`` or ``inference``.
    """

    iterations: int = 20_000
    deals: int = 500
    c: float = 0.7
    epsilon: float = 0.0
    policy: str = "rule"
    discard: str | None = None
    others: str = "search"
    inference: str | None = None

    @property
    def playout(self) -> RolloutPolicy:
        """The play-out policy as a :class:`~.policy.RolloutPolicy` (its own checks)."""
        return RolloutPolicy(self.policy, epsilon=self.epsilon, discard=self.discard)

    def __post_init__(self) -> None:
        for name in ("iterations", "deals"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise SettingsError(f"{name} must be a whole number >= 1, got {value!r}",
                                    argument=name)
        if not self.c >= 0:
            raise SettingsError(f"c must be >= 0, got {self.c!r}", argument="c")
        if not 0 <= self.epsilon <= 1:
            raise SettingsError(f"epsilon must be in 0..1, got {self.epsilon!r}",
                                argument="epsilon")
        try:
            self.playout
        except ValueError as error:
            raise SettingsError(f"play-outs: {error}", argument="policy") from None
        if self.inference not in (None, MIMIC):
            raise SettingsError(f"inference must be {MIMIC!r} or None, got {self.inference!r}",
                                argument="inference")
        if self.others not in ("search", "model"):
            raise SettingsError(f"others must be 'search' or 'model', got {self.others!r}",
                                argument="others")


def tree_search(knowledge: Knowledge, search: TreeSearch = TreeSearch(), seed: int = 0,
                solver: Solver | None = None) -> list[tuple[Card, int, float]]:
    """IS-MCTS (module docstring) for the seat of ``knowledge``, which must be to move.

    Returns:
        ``(card, visits, mean final points)`` per legal card, most visited first: the first
        is the search's choice; the points (0..26 at standard rules) are the mean over the
        iterations through the card, a biased estimate (the tree's later choices improve
        as it grows).

    Raises:
        AdviceError: the seat is not to move, or the deal is over (as :func:`~.advice.advise`).
    """
    if knowledge.to_move != knowledge.seat:
        raise AdviceError(_not_to_move(knowledge))
    sampler = DealSampler(knowledge)
    rng = np.random.default_rng(seed)
    inference = play_model(search.inference, knowledge.rules)
    if inference is not None and knowledge.history:
        start = list(inferred_masks(sampler, rng, search.deals, inference))
    else:
        start = [tuple(int(m) for m in row) for row in sampler.masks(search.deals, rng).tolist()]
    played = 0
    for card in knowledge.history:
        played |= card.mask
    now = [tuple(m & ~played for m in row) for row in start]
    # the public position: any sampled deal gives it, with the seat's own hand
    position = knowledge.position(Deal.from_masks(start[0]))
    playout = search.playout.under(knowledge.rules)
    solver = solver or Solver()
    return solver.ismcts(position, now, search.iterations, policy_spec(knowledge.rules),
                         c=search.c, seed=seed, rollout_policy=playout.kind,
                         epsilon=playout.epsilon, discard_policy=playout.discard,
                         model_others=search.others == "model")
