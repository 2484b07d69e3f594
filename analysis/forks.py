"""Forked games: a duplicate comparison of two bots that plays only where they differ.

Two of our bots, *A* and *B*, compared in a field that is not reproducible (OpenSpiel's IS-MCTS:
the same seed can give another card, ``referee.ISMCTSPlayer``): in the plain duplicate design
each plays its own games, so the paired difference carries the field's noise over the whole
deal, even on deals where the two bots would play every card alike. Here *A* plays its games
as usual, and at each of its decisions (the pass too) *B* is asked, from the same view and
with the same seed, what it would choose (:class:`ShadowBot`; *B*'s answer is not played).
Where *B* first chooses otherwise, the game is **forked**: replayed to that point exactly
(the passes and plays already made; ``start`` of ``bots.play_deal`` and
``referee.play_refereed_deal``), *B*'s choice made, and the rest played with *B* in the seat
and the field in the others. *B*'s result for the seat game is the fork's points, or *A*'s
points when *B* never chose otherwise.

Why this measures the same difference: our bots are deterministic given the view and the
seed, so up to the first decision where they differ the two games have the same distribution
(the same bot choices against the same field); coupling them there, *B* − *A* keeps only the
field's noise after the fork, and is 0 where the bots agree on every decision. The expected
difference is the same as in the plain design (an unbiased estimate of the same quantity),
its variance lower: by how much is measured, not assumed (``docs/experiments.md``, "Forked
games"). Several *B* can shadow one *A* at once, each with its own fork.

The idea is "common random numbers" (variance reduction for comparing two systems
simulated alike), applied to one decision sequence; with a reproducible field a plain
duplicate run would already be a fork at every deal.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from hearts.solver.cards import Card
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat

from .bots import Bot
from .knowledge import Knowledge

__all__ = ["Divergence", "ShadowBot", "PASS"]

#: ``Divergence.at`` of a bot that first chose another pass.
PASS = -1


@dataclass(frozen=True)
class Divergence:
    """Where a shadow bot first chose otherwise than the bot played.

    Attributes:
        at: :data:`PASS` (the pass), or the number of cards played before the decision
            (0..51; the trick is ``at // 4 + 1``).
        choice: the shadow's pass (a card mask) or card there.
        played: the played bot's pass or card there.
    """

    at: int
    choice: "int | Card"
    played: "int | Card"

    @property
    def trick(self) -> int:
        """The trick of the decision (0 for the pass)."""
        return 0 if self.at == PASS else self.at // 4 + 1


@dataclass
class ShadowBot:
    """Plays as ``bot``; at each decision also asks each of ``shadows`` that has not yet chosen
    otherwise, and records where it first does (:class:`Divergence`) and the seconds it took
    per decision (module docstring). One game at a time: :meth:`reset` before each.

    Attributes:
        bot: the bot whose choices are played.
        shadows: the bots asked alongside (distinct names).
        diverged: per shadow name, its first divergence in this game.
        seconds: per shadow name, (wall, CPU) seconds of each play decision it was asked, in
            order (its decisions up to and including the divergence).
        own_seconds: (wall, CPU) of the shadows' work inside each play decision of this bot, to
            take off the decision's measured time (the harness times the whole call).
    """

    bot: Bot
    shadows: Sequence[Bot]
    diverged: dict[str, Divergence] = field(default_factory=dict)
    seconds: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    own_seconds: list[tuple[float, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        names = [s.name for s in self.shadows]
        if len(set(names)) != len(names) or self.bot.name in names:
            raise ValueError(f"shadow bots need distinct names, other than {self.bot.name!r}: "
                             f"got {', '.join(names)}")
        self.reset()

    @property
    def name(self) -> str:
        return self.bot.name

    def reset(self) -> None:
        """Forget the last game."""
        self.diverged = {}
        self.seconds = {s.name: [] for s in self.shadows}
        self.own_seconds = []

    def _live(self) -> list[Bot]:
        return [s for s in self.shadows if s.name not in self.diverged]

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        mask = self.bot.choose_pass(seat, hand, direction, rules, key)
        for shadow in self._live():
            other = shadow.choose_pass(seat, hand, direction, rules, key)
            if other != mask:
                self.diverged[shadow.name] = Divergence(PASS, other, mask)
        return mask

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        card = self.bot.choose_play(position, knowledge, key)
        at = len(position.history)
        spent_wall = spent_cpu = 0.0
        for shadow in self._live():
            wall, cpu = time.perf_counter(), time.process_time()
            other = shadow.choose_play(position, knowledge, key)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            self.seconds[shadow.name].append((wall, cpu))
            spent_wall += wall
            spent_cpu += cpu
            if other != card:
                self.diverged[shadow.name] = Divergence(at, other, card)
        self.own_seconds.append((spent_wall, spent_cpu))
        return card
