"""Players for the strength harness (``benchmarks/bench_strength.py``) and duplicate matches.

A bot makes two kinds of decision, each from its own seat's view only:

* :meth:`Bot.choose_pass`: the cards to pass from its dealt hand (``docs/rules.md`` "Passing"),
  never a card of ``Rules.no_pass_cards`` ("some tables forbid passing certain cards"),
* :meth:`Bot.choose_play`: the card to play; it gets the seat's view as a position
  (:func:`seat_view`: its own hand, the plays and the trick are the real ones, the other hands
  one deal sampled from what the seat knows, so a bot cannot read a hidden card even by
  mistake; the rule and random bots read only their own hand, the cards played and the legal
  cards) and a function returning the seat's :class:`~hearts.analysis.knowledge.Knowledge`
  (its hand, its pass, the plays), which the advice bot samples from.

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
* :class:`LearnedPassBot`: passes by the learned pass value
  (:func:`~hearts.analysis.handvalue.learned_pass`, an experiment measured level with the
  rule bot's pass) and plays as the rule bot; the harness's ``--pass-by learned``.
* :class:`AdviceBot`: passes by the pass rating (:func:`~hearts.analysis.passing.rate_passes`,
  the best pass) and plays by the play advice (:func:`~hearts.analysis.advice.advise`, the
  best card), both with the engine every analysis uses (:data:`~.engine.DEFAULT_ENGINE`, or
  another :class:`~.engine.Engine`) and seeds derived from the deal, the seat and the play, so
  a match is reproducible.

:class:`WithPass` makes a bot pass as another (``--pass-by`` of the strength harness).

Duplicate match (:func:`duplicate_match`): every deal is played once by four baseline bots
and, for each other bot and each seat, once with that bot in the seat and the baseline in the
other three. A bot's result on a deal is its mean points over the four seats, so every bot
meets the same cards in every seat against the same opponents; the difference to the baseline
is paired by deal and seat.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Protocol, Sequence

import numpy as np

from hearts.solver.cards import Card, cards_from_mask
from hearts.solver.deal import Deal
from hearts.solver.errors import IllegalPlayError, InvalidDealError
from hearts.solver.hand import Hand
from hearts.solver.passing import no_pass_note
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat

from .advice import advise
from .engine import DEFAULT_ENGINE, Engine
from .handvalue import LEARNED_SAMPLES, learned_pass
from .knowledge import Knowledge
from .mcts import TreeSearch, tree_search
from .passing import PassRanking, apply_passes, passable, policy_pass, rate_passes
from .policy import point_cards, rule_play
from .sampling import DealSampler
from .settings import Sampling
from .stats import Z95, mean_se

__all__ = ["Bot", "RandomBot", "RuleBot", "LearnedPassBot", "AdviceBot", "WithPass", "DealGame",
           "BotScore", "MatchResult", "seat_view", "choose_passes", "timed_play",
           "openspiel_actions", "key_seed", "passers", "forced_play", "play_deal",
           "duplicate_match"]


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


def key_seed(key: tuple[int, ...]) -> int:
    """A 32-bit seed derived from ``key`` (stable across runs and platforms)."""
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
    at its own hand, the cards played and the trick).

    Attributes:
        name: the bot's name in results.
        smoke: lead to smoke out a big card still out (``rule_play``'s ``smoke``).
    """

    name: str = "rule"
    smoke: bool = False

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        return policy_pass(hand, rules.pass_count, rules.no_pass_mask(), rules)

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        return rule_play(position, self.smoke)


@dataclass(frozen=True)
class LearnedPassBot(RuleBot):
    """Passes by the learned pass value (:func:`~.handvalue.learned_pass`: the pass whose hand
    scored fewest points in games against IS-MCTS, as fitted) and plays as the rule bot; an
    experiment of issue 24, used as the passer of :class:`WithPass`. A hold deal has no pass;
    rules the value was not fitted under raise :class:`~.handvalue.PassValueError`.

    Attributes:
        samples: guesses of the cards received (``learned_pass``'s ``samples``).
    """

    name: str = "learned-pass"
    samples: int = LEARNED_SAMPLES

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        return learned_pass(hand, direction, rules, self.samples, key_seed(key))


@dataclass(frozen=True)
class AdviceBot:
    """Passes by the pass rating and plays by the play advice (PIMC), from its own view, both
    with an :class:`~.engine.Engine` (by default the one every analysis uses).

    Attributes:
        engine: the evaluator of both decisions (:data:`~.engine.DEFAULT_ENGINE`): model,
            samples, horizons, rollout policy, early stop.
        pass_samples: most deals per pass in :func:`rate_passes` (its racing stops earlier);
            None: ``engine.pass_samples`` (the strength harness's ``--pass-samples``, by
            default the same).
        play_samples: samples per decision in :func:`advise`; None: ``engine.samples``.
        threads: worker threads of both (the result does not depend on it).
        pass_trust: 0 (the default): pass the rating's best pass. Above 0: keep the simple
            pass (:func:`~.passing.policy_pass`) unless the rating's best beats it by more
            than this many standard errors of their paired difference (``PassRating.diff``
            and ``diff_se``), so that a best pass ahead by sampling noise does not overturn
            the simple one.
        big_as_policy: pass each big penalty card (Q♠) as :func:`~.passing.policy_pass`
            does, the rating choosing only the rest (``rate_passes``'s ``give`` and ``keep``).
            An experiment: measured 1.00 points a passing deal worse than the rating alone
            (95% CI +0.05 … +1.94, 51 deals; ``docs/experiments.md``, "Rollout opponents
            that lead like IS-MCTS, and a pass with Q♠ as the policy has it"). False (the
            default): the rating chooses every card.
        tree: play by information-set MCTS (:func:`~.mcts.tree_search`) while more than
            ``tree_until`` tricks are left (counting the trick in progress), and by the
            engine's PIMC after; None (the default): PIMC throughout.
        tree_until: tricks left from which PIMC takes over from ``tree``.
    """

    engine: Engine = DEFAULT_ENGINE
    pass_samples: int | None = None
    play_samples: int | None = None
    threads: int | None = 1
    name: str = "advice"
    pass_trust: float = 0.0
    big_as_policy: bool = False
    tree: TreeSearch | None = None
    tree_until: int = 4

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        samples = self.engine.pass_samples if self.pass_samples is None else self.pass_samples
        simple = policy_pass(hand, rules.pass_count, rules.no_pass_mask(), rules)
        give = keep = 0
        if self.big_as_policy:
            big = hand & point_cards(rules).big_mask
            give, keep = big & simple, big & ~simple
        ranking = _ranking(hand, direction, seat, rules, samples, key_seed(key), self.threads,
                           self.engine, give, keep)
        best = sum(c.mask for c in ranking.best.cards)
        if self.pass_trust > 0:
            rated = ranking[cards_from_mask(simple)]
            if rated.diff <= self.pass_trust * rated.diff_se:
                return simple
        return best

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        legal = cards_from_mask(position.legal_mask())
        if len(legal) == 1:
            return legal[0]
        if self.tree is not None and position.tricks_left > self.tree_until:
            return tree_search(knowledge(), self.tree, key_seed(key))[0][0]
        samples = self.engine.samples if self.play_samples is None else self.play_samples
        advice = advise(knowledge(), sampling=Sampling(samples, key_seed(key), self.threads),
                        moon=False, engine=self.engine)
        return advice.best.card


@lru_cache(maxsize=8)
def _ranking(hand: int, direction: PassDirection, seat: Seat, rules: Rules, samples: int,
             seed: int, threads: int | None, engine: Engine, give: int = 0,
             keep: int = 0) -> PassRanking:
    # cached: two bots that differ only in how they use the same rating (pass_trust) share it
    return rate_passes(Hand.from_mask(hand), direction, seat=seat, rules=rules,
                       sampling=Sampling(samples, seed, threads), moon=False, engine=engine,
                       give=Hand.from_mask(give) if give else None,
                       keep=Hand.from_mask(keep) if keep else None)


@dataclass(frozen=True)
class WithPass:
    """A bot that plays as ``bot`` and passes as ``passer`` (under ``bot``'s name): the strength
    harness's ``--pass-by``, so that two bots can be compared on their play alone, or two
    pass methods under the same play."""

    bot: Bot
    passer: Bot

    @property
    def name(self) -> str:
        return self.bot.name

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        return self.passer.choose_pass(seat, hand, direction, rules, key)

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        return self.bot.choose_play(position, knowledge, key)


# -- one deal ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class DealGame:
    """One deal played out.

    Attributes:
        bots: the bot name in each seat, by seat.
        direction: the pass direction. passes: the masks passed, by seat (0 on hold).
        plays: the 52 cards in order. points: each seat's points for the deal (moon
        applied), by seat.
        seconds: per seat, the wall-clock seconds of each of its 13 play decisions, in trick
            order (a seat plays once a trick, so ``seconds[seat][t]`` is trick ``t + 1``).
        cpu_seconds: the same in CPU seconds of this process (the decision's own work when
            other programs share the machine).
        actions: the deal as OpenSpiel ``hearts`` action ids (pass direction, 52 deal
            actions, the passes, the plays: the line format of
            :mod:`hearts.analysis.openspiel`).
    """

    bots: tuple[str, str, str, str]
    direction: PassDirection
    passes: tuple[int, int, int, int]
    plays: tuple[Card, ...]
    points: tuple[int, int, int, int]
    seconds: tuple[tuple[float, ...], ...] = field(default=(), repr=False)
    cpu_seconds: tuple[tuple[float, ...], ...] = field(default=(), repr=False)
    actions: tuple[int, ...] = field(default=(), repr=False)


def seat_view(knowledge: Knowledge, seed: int) -> Position:
    """The position as ``knowledge.seat`` sees it: its own hand, the plays and the trick as
    they are, the hidden hands one deal drawn uniformly from those that fit the knowledge
    (:class:`~.sampling.DealSampler`, seeded by ``seed``).

    A bot handed this position cannot read a hidden card: the other hands in it are a guess
    that fits what the seat has seen (its legal cards, trick and points are the real ones).

    Raises:
        NoConsistentDealError: no deal fits the knowledge (a contradictory record).
    """
    masks = DealSampler(knowledge).masks(1, np.random.default_rng(seed))[0]
    return knowledge.position(Deal.from_masks(tuple(int(m) for m in masks)))


def choose_passes(dealt: Deal, direction: PassDirection, bots: Sequence[Bot], rules: Rules,
                  key: tuple[int, ...] = ()) -> tuple[int, int, int, int]:
    """Every seat's pass (card masks, by seat; zeros on a hold deal), each chosen by its bot
    from its own dealt hand and checked.

    Raises:
        InvalidDealError: a bot passed anything but ``pass_count`` cards of its own hand, or
            a card the rules forbid passing (``no_pass_cards``).
        PassError: a seat holds fewer cards the rules allow passing than ``pass_count``.
    """
    hands = dealt.masks
    forbidden = rules.no_pass_mask()
    passes = [0, 0, 0, 0]
    if direction is PassDirection.HOLD:
        return (0, 0, 0, 0)
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
    return (passes[0], passes[1], passes[2], passes[3])


def timed_play(bot: Bot, dealt: Deal, passes: Sequence[int], direction: PassDirection,
               played: Sequence[Card], seat: Seat, rules: Rules,
               key: tuple[int, ...]) -> tuple[Card, float, float]:
    """``bot``'s card for ``seat`` after ``played``, decided from the seat's view only
    (:func:`seat_view` and its :class:`Knowledge`), with the decision's wall-clock and CPU
    seconds (the view's sampling included: it is part of the bot's work).

    Raises:
        IllegalPlayError: the bot chose a card that is not legal for the seat.
        InconsistentRecordError: as :meth:`Knowledge.from_deal`.
    """
    wall, cpu = time.perf_counter(), time.process_time()
    pass_map = None if direction is PassDirection.HOLD else {
        s: cards_from_mask(passes[s]) for s in Seat}
    knowledge = Knowledge.from_deal(dealt, pass_map, direction, played, seat, rules)
    view = seat_view(knowledge, key_seed(key + (-2,)))
    card = bot.choose_play(view, lambda: knowledge, key)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    reason = view.why_illegal(card)
    if reason is not None:
        raise IllegalPlayError(f"{type(bot).__name__} played {card} for {seat.name_title}: "
                               f"{reason}")
    return card, wall, cpu


@dataclass(frozen=True)
class _GivenPass:
    """A pass already made (a forked game's): :func:`choose_passes` still checks it."""

    mask: int
    name: str = "the given pass"

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        return self.mask


def passers(players: Sequence[Any], passes: "Sequence[int] | None") -> Sequence[Any]:
    """Who passes: ``players``, or with ``passes`` given (masks by seat) those passes."""
    return players if passes is None else [_GivenPass(int(m)) for m in passes]


def forced_play(position: Position, start: Sequence[Card]) -> Card:
    """The next card of ``start`` (the plays a forked game begins with), checked.

    Raises:
        IllegalPlayError: that card is not legal for the seat to play.
    """
    card = start[len(position.history)]
    reason = position.why_illegal(card)
    if reason is not None:
        raise IllegalPlayError(f"play {len(position.history) + 1} of the given start, {card} "
                               f"for {position.to_move.name_title}: {reason}")
    return card


def play_deal(dealt: Deal, direction: PassDirection, bots: Sequence[Bot], rules: Rules,
              key: tuple[int, ...] = (), *, passes: "Sequence[int] | None" = None,
              start: Sequence[Card] = ()) -> DealGame:
    """Play one deal: every seat passes (unless hold), then the 52 cards are played; every
    decision is made from the seat's own view (:func:`timed_play`).

    Args:
        dealt: the dealt hands (before the pass).
        direction: the pass direction.
        bots: the bot of each seat, by seat (N, E, S, W).
        rules: the rules.
        key: seeds the bots' randomness with the seat and the play appended.
        passes: every seat's pass (masks by seat), made instead of asking the bots, and
            ``start``: the first plays, made in order without asking them (their seconds are
            0): a game forked from one already played (:mod:`.forks`).

    Raises:
        InvalidDealError: as :func:`choose_passes` (``passes`` too).
        PassError: as :func:`choose_passes`.
        IllegalPlayError: a bot chose an illegal card, or a card of ``start`` is illegal.
    """
    passes = choose_passes(dealt, direction, passers(bots, passes), rules, key)
    after = dealt if direction is PassDirection.HOLD else Deal.from_masks(
        apply_passes(dealt.masks, passes, direction))
    position = Position(after, rules, pass_direction=direction)
    seconds: list[list[float]] = [[] for _ in Seat]
    cpu_seconds: list[list[float]] = [[] for _ in Seat]
    while not position.is_over():
        seat = position.to_move
        if len(position.history) < len(start):
            card, wall, cpu = forced_play(position, start), 0.0, 0.0
        else:
            card, wall, cpu = timed_play(bots[seat], dealt, passes, direction,
                                         position.history, seat, rules,
                                         key + (int(seat), len(position.history)))
        seconds[seat].append(wall)
        cpu_seconds[seat].append(cpu)
        position.play(card)
    return DealGame(tuple(b.name for b in bots), direction,  # type: ignore[arg-type]
                    passes, tuple(position.history),
                    tuple(position.score()),  # type: ignore[arg-type]
                    tuple(map(tuple, seconds)), tuple(map(tuple, cpu_seconds)),
                    tuple(openspiel_actions(dealt, direction, passes, position.history)))


def openspiel_actions(dealt: Deal, direction: PassDirection, passes: Sequence[int],
                      plays: Sequence[Card]) -> list[int]:
    """The OpenSpiel ``hearts`` action ids of a deal (:mod:`hearts.analysis.openspiel`): the
    pass direction, the 52 deal actions, each seat's 3 passed cards (N, E, S, W; low to
    high), the plays."""
    ids = [int(direction), *dealt.to_openspiel_ids()]
    if direction is not PassDirection.HOLD:
        for seat in Seat:
            ids.extend(c.openspiel_id for c in cards_from_mask(passes[seat]))
    ids.extend(c.openspiel_id for c in plays)
    return ids


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
