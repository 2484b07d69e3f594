"""Players for the strength harness (``benchmarks/bench_strength.py``) and duplicate matches.

A bot makes two kinds of decision, each from its own seat's view only:

* :meth:`Bot.choose_pass`: the cards to pass from its dealt hand (``rules.md`` "Passing"),
  never a card of ``Rules.no_pass_cards`` ("some tables forbid passing certain cards"),
* :meth:`Bot.choose_play`: the card to play; it gets the position (the rule and random bots
  read only their own hand, the cards played and the legal cards from it) and a function that
  builds the seat's :class:`~hearts.analysis.knowledge.Knowledge` (its hand, its pass, the
  plays), which the advice bot samples from.

Bots:

* :class:`RandomBot`: passes 3 random cards, plays a random legal card.
* :class:`RuleBot`: passes by :func:`hearts.analysis.passing.policy_pass` (Q♠, then A♠ and K♠
  unless guarded by 3+ spades below the queen; then A♥ K♥ Q♥ J♥; then the shorter of ♣/♦ if
  it can be emptied; then the highest cards, never a guarded Q♠) and plays by
  :func:`hearts.analysis.policy.rule_play` (lead the lowest card, never Q♠ nor A♠/K♠ while Q♠
  is out; follow by ducking under the winning card, else the last seat wins high and the others
  play low, keeping Q♠ back; discard Q♠, then A♠/K♠ while Q♠ is out, then the highest heart,
  then the highest card of the shortest suit). Both read the rules' point table: Q♠ here is
  the rules' big penalty card (J♠ in Black Jack, with A♠ K♠ Q♠ above it; Q♥ too in Pink
  Lady), and a bonus card (Omnibus 10♦) is kept and won, not given away
  (:func:`hearts.analysis.policy.point_cards`).
* :class:`AdviceBot`: passes by the pass rating (:func:`~hearts.analysis.passing.rate_passes`,
  the best pass) and plays by the play advice (:func:`~hearts.analysis.advice.advise`, the
  best card), both with seeds derived from the deal, the seat and the play, so a match is
  reproducible.

Duplicate match (:func:`duplicate_match`): every deal is played once by four baseline bots
and, for each other bot and each seat, once with that bot in the seat and the baseline in the
other three. A bot's result on a deal is its mean points over the four seats, so every bot
meets the same cards in every seat against the same opponents; the difference to the baseline
is paired by deal and seat.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Protocol, Sequence

from hearts.solver.cards import Card, cards_from_mask
from hearts.solver.deal import Deal
from hearts.solver.errors import InvalidDealError
from hearts.solver.hand import Hand
from hearts.solver.passing import no_pass_note
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat

from .advice import advise
from .knowledge import Knowledge
from .passing import apply_passes, passable, policy_pass, rate_passes
from .policy import rule_play
from .settings import Sampling
from .stats import Z95, mean_se

__all__ = ["Bot", "RandomBot", "RuleBot", "AdviceBot", "DealGame", "BotScore", "MatchResult",
           "play_deal", "duplicate_match"]


class Bot(Protocol):
    """A player: ``name`` and the two decisions (module docstring)."""

    name: str

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int: ...

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card: ...


def _rng(key: tuple[int, ...]) -> random.Random:
    # A string seed is hashed by random's own stable algorithm (not hash()), so runs repeat.
    return random.Random("/".join(map(str, key)))


def _seed(key: tuple[int, ...]) -> int:
    return _rng(key).getrandbits(32)


@dataclass(frozen=True)
class RandomBot:
    """Passes 3 random cards of its hand (of those the rules allow passing) and plays a random
    legal card (seeded by the deal, the seat and the play)."""

    name: str = "random"

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        allowed = passable(hand, rules, f"{seat.name_title}'s hand")
        chosen = _rng(key).sample(cards_from_mask(allowed), rules.pass_count)
        return sum(c.mask for c in chosen)

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        return _rng(key).choice(cards_from_mask(position.legal_mask()))


@dataclass(frozen=True)
class RuleBot:
    """The simple rule bot: passes by :func:`~hearts.analysis.passing.policy_pass` and plays
    by :func:`~hearts.analysis.policy.rule_play` (rules in the module docstring; it looks only
    at its own hand, the cards played and the trick)."""

    name: str = "rule"

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        return policy_pass(hand, rules.pass_count, rules.no_pass_mask(), rules)

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        return rule_play(position)


@dataclass(frozen=True)
class AdviceBot:
    """Passes by the pass rating and plays by the play advice (PIMC), from its own view.

    Attributes:
        pass_samples: most deals per pass in :func:`rate_passes` (its racing stops earlier).
        play_samples: samples per decision in :func:`advise` (early stop on).
        model: the model of :func:`advise` (``maxn`` or ``paranoid``; evaluator ``auto``).
            max^n: measured the stronger against rule bots (``docs/analysis.md``).
        threads: worker threads of both (the result does not depend on it).
        horizon: the ``horizon`` of :func:`advise` (tricks left from which it solves
            exactly; default the model's); 1 = rule-bot rollouts to the end of the deal.
        pass_horizon: the ``horizon`` of :func:`rate_passes` (default the model's).
        pass_model: the model of :func:`rate_passes`.
    """

    pass_samples: int = 64
    play_samples: int = 100
    model: str = "maxn"
    threads: int | None = 1
    name: str = "advice"
    horizon: int | None = None
    pass_horizon: int | None = None
    pass_model: str = "maxn"

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        ranking = rate_passes(Hand.from_mask(hand), direction, seat=seat, rules=rules,
                              sampling=Sampling(self.pass_samples, _seed(key), self.threads),
                              moon=False, model=self.pass_model, horizon=self.pass_horizon)
        return sum(c.mask for c in ranking.best.cards)

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        legal = cards_from_mask(position.legal_mask())
        if len(legal) == 1:
            return legal[0]
        advice = advise(knowledge(),
                        sampling=Sampling(self.play_samples, _seed(key), self.threads),
                        model=self.model, moon=False, horizon=self.horizon)
        return advice.best.card


# -- one deal ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class DealGame:
    """One deal played out.

    Attributes:
        bots: the bot name in each seat, by seat.
        direction: the pass direction. passes: the masks passed, by seat (0 on hold).
        plays: the 52 cards in order. points: each seat's points for the deal (moon
        applied), by seat.
    """

    bots: tuple[str, str, str, str]
    direction: PassDirection
    passes: tuple[int, int, int, int]
    plays: tuple[Card, ...]
    points: tuple[int, int, int, int]


def play_deal(dealt: Deal, direction: PassDirection, bots: Sequence[Bot], rules: Rules,
              key: tuple[int, ...] = ()) -> DealGame:
    """Play one deal: every seat passes (unless hold), then the 52 cards are played.

    Args:
        dealt: the dealt hands (before the pass).
        direction: the pass direction.
        bots: the bot of each seat, by seat (N, E, S, W).
        rules: the rules.
        key: seeds the bots' randomness with the seat and the play appended.

    Raises:
        InvalidDealError: a bot passed anything but ``pass_count`` cards of its own hand, or
            a card the rules forbid passing (``no_pass_cards``).
        PassError: a seat holds fewer cards the rules allow passing than ``pass_count``.
    """
    hands = dealt.masks
    forbidden = rules.no_pass_mask()
    passes = [0, 0, 0, 0]
    if direction is not PassDirection.HOLD:
        for seat in Seat:
            passes[seat] = bots[seat].choose_pass(seat, hands[seat], direction, rules,
                                                  key + (int(seat), -1))
            if passes[seat].bit_count() != rules.pass_count or passes[seat] & ~hands[seat]:
                # apply_passes trusts its masks: a bad bot must not deal a wrong deck
                raise InvalidDealError(f"{type(bots[seat]).__name__} passed "
                                       f"{' '.join(map(str, cards_from_mask(passes[seat])))} "
                                       f"for {seat.name_title}: not {rules.pass_count} cards "
                                       f"of its hand")
            if passes[seat] & forbidden:
                wrong = " ".join(map(str, cards_from_mask(passes[seat] & forbidden)))
                raise InvalidDealError(f"{type(bots[seat]).__name__} passed "
                                       f"{' '.join(map(str, cards_from_mask(passes[seat])))} "
                                       f"for {seat.name_title}: {wrong} may not be passed "
                                       f"({no_pass_note(forbidden)})")
        after = Deal.from_masks(apply_passes(hands, passes, direction))
    else:
        after = dealt
    position = Position(after, rules, pass_direction=direction)
    pass_map = None if direction is PassDirection.HOLD else {
        s: cards_from_mask(passes[s]) for s in Seat}
    while not position.is_over():
        seat = position.to_move
        played = list(position.history)

        def knowledge(seat: Seat = seat, played: list = played) -> Knowledge:
            return Knowledge.from_deal(dealt, pass_map, direction, played, seat, rules)
        card = bots[seat].choose_play(position, knowledge, key + (int(seat), len(played)))
        position.play(card)
    points = position.score()
    return DealGame(tuple(b.name for b in bots), direction,  # type: ignore[arg-type]
                    tuple(passes), tuple(position.history), tuple(points))  # type: ignore[arg-type]


# -- duplicate match ---------------------------------------------------------------------------

@dataclass(frozen=True)
class BotScore:
    """A bot's points per deal over a match.

    Attributes:
        name: the bot. deals: deals played (each in all four seats).
        mean: mean points per deal (mean over deals of the mean over the four seats).
        ci: the 95% interval of the mean (mean ± 1.96 SE over deals).
        vs_baseline: mean of (bot − baseline) per deal, paired by deal and seat (0 for the
            baseline); vs_ci: its 95% interval.
        per_deal: the bot's mean over the four seats, per deal.
        diffs: per deal, that mean minus the baseline's mean on the same deal and seats.
    """

    name: str
    deals: int
    mean: float
    ci: tuple[float, float]
    vs_baseline: float
    vs_ci: tuple[float, float]
    per_deal: tuple[float, ...] = field(repr=False)
    diffs: tuple[float, ...] = field(repr=False, default=())

    @classmethod
    def from_deals(cls, name: str, per_deal: Sequence[float],
                   diffs: Sequence[float]) -> "BotScore":
        """The score of per-deal results (e.g. merged from several runs)."""
        mean, ci = _interval(per_deal)
        vs, vs_ci = _interval(diffs)
        return cls(name, len(per_deal), mean, ci, vs, vs_ci, tuple(per_deal), tuple(diffs))

    def to_json(self) -> dict:
        return {"bot": self.name, "deals": self.deals, "points_per_deal": round(self.mean, 3),
                "ci95": [round(x, 3) for x in self.ci],
                "vs_baseline": round(self.vs_baseline, 3),
                "vs_baseline_ci95": [round(x, 3) for x in self.vs_ci]}


@dataclass(frozen=True)
class MatchResult:
    """A duplicate match: per bot its score; every game played."""

    baseline: str
    scores: tuple[BotScore, ...]
    games: tuple[DealGame, ...] = field(repr=False)

    def to_json(self) -> dict:
        return {"baseline": self.baseline, "scores": [s.to_json() for s in self.scores],
                "games": len(self.games)}


def _interval(xs: Sequence[float]) -> tuple[float, tuple[float, float]]:
    mean, se = mean_se(xs)
    return mean, (mean - Z95 * se, mean + Z95 * se)


def duplicate_match(deals: Sequence[tuple[Deal, PassDirection]], bots: Sequence[Bot],
                    baseline: Bot, rules: "Rules | str | None" = None, *,
                    progress: Callable[[int, int], None] | None = None,
                    key: tuple[int, ...] = ()) -> MatchResult:
    """Play a duplicate match (module docstring) and score every bot in points per deal.

    Args:
        deals: the dealt hands and the pass direction of each deal.
        bots: the bots to rate (besides the baseline).
        baseline: the bot in the other three seats, also rated on its own games.
        rules: the rules, or a ``Rules.parse`` text (default standard).
        progress: called as ``progress(games done, games)``.
        key: seeds the bots (the deal index is appended).

    Returns:
        A :class:`MatchResult`; the baseline's score first.
    """
    rules = Rules.of(rules)
    games: list[DealGame] = []
    per_deal: dict[str, list[float]] = {baseline.name: []}
    diffs: dict[str, list[float]] = {baseline.name: []}
    for bot in bots:
        per_deal[bot.name] = []
        diffs[bot.name] = []
    total = len(deals) * (1 + 4 * len(bots))
    for d, (dealt, direction) in enumerate(deals):
        base = play_deal(dealt, direction, [baseline] * 4, rules, key + (d,))
        games.append(base)
        per_deal[baseline.name].append(sum(base.points) / 4)
        diffs[baseline.name].append(0.0)
        if progress is not None:
            progress(len(games), total)
        for bot in bots:
            mine = []
            for seat in Seat:
                seats: list[Bot] = [baseline] * 4
                seats[seat] = bot
                game = play_deal(dealt, direction, seats, rules, key + (d,))
                games.append(game)
                mine.append(game.points[seat])
                if progress is not None:
                    progress(len(games), total)
            per_deal[bot.name].append(sum(mine) / 4)
            diffs[bot.name].append(sum(mine) / 4 - sum(base.points) / 4)
    scores = [BotScore.from_deals(name, per_deal[name], diffs[name])
              for name in [baseline.name] + [b.name for b in bots]]
    return MatchResult(baseline.name, tuple(scores), tuple(games))
