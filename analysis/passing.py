"""Pass rating: every pass of a 13-card hand ranked by the seat's expected points for the deal
(``hearts pass``).

Method (Perfect Information Monte Carlo, Ginsberg 2001, "GIB: Imperfect Information in a
Computationally Challenging Game", JAIR 14; racing by successive halving, Karnin, Koren &
Somekh 2013, "Almost Optimal Exploration in Multi-Armed Bandits", ICML):

1. **Deals.** Sample ``i`` deals the 39 cards the seat cannot see to the other three seats,
   13 each, uniformly (a shuffle from :func:`numpy.random.default_rng` seeded by ``seed``;
   sample ``i`` is always the ``i``-th shuffle of the stream).
2. **The other passes.** Every other seat passes by :func:`policy_pass`, a stated simple
   policy that sees only its own dealt hand (below; its penalty and bonus cards come from the
   rules' point table, :func:`pass_policy_text` states it for the rules). Passes are chosen
   before any card is received (``docs/rules.md`` "Passing"), so in one sample the other seats'
   passes are the same whatever the seat passes: the seat's pass changes only its own hand and
   its receiver's.
   No seat passes a card of ``Rules.no_pass_cards`` ("some tables forbid passing certain
   cards"): the seat's passes that hold one are not rated, and the policy skips them.
3. **Evaluator** (:func:`evaluate_pass`, named in every output): from the start of play,
   every seat plays the rule bot of :mod:`hearts.analysis.policy` until ``horizon`` tricks are
   left, then the position is solved exactly under ``model`` (default max^n: every seat for
   itself, the design's model for early-deal questions; paranoid is the other choice). The
   value is the seat's final points for the deal on that line (a moon counts). A solve that
   hits :data:`NODE_LIMIT` nodes is not used: the bot plays one more trick and the smaller
   position is solved (node counts, not time, so the result is reproducible). ``horizon=13``
   with ``model="paranoid"`` and ``limit=Limit()`` is the exact double-dummy value of the
   deal (seconds to minutes a deal: the benchmark's reference, not a default). The error of
   the bounded evaluator is measured in ``benchmarks/bench_pass.py`` (``docs/analysis.md``).
4. **Racing** (common random numbers: every pass is valued on the same sampled deals, in the
   same order, so comparisons are paired). Round 0, the cheap pruning: every pass on the
   first :data:`FIRST_SAMPLES` deals; the best third (by mean) goes on. Each later round
   doubles the deals of the passes still in (the new deals only are evaluated) and keeps the
   better half, never fewer than :data:`TOP` passes. Once at most 2·:data:`TOP` remain, the
   racing stops after a round in which the best pass's 95% interval is at most
   ``ci_target`` points either side; otherwise it goes on until ``samples`` deals are used.
5. **Moon chance** (the top :data:`TOP` passes, on their first :data:`MOON_SAMPLES` deals): the
   share of deals in which the seat, after the pass, can take every penalty card against the
   best defence with all hands open (moon model, exact; a search stopping at
   :data:`MOON_NODE_LIMIT` nodes is left out and counted in ``moon_unknown``). An upper bound
   on what the hand can force.
6. **Moon plan** (a top pass with a moon share of at least :data:`MOON_PLAN_SHARE`): the rule
   bot never shoots, so a moon hand's plain rating counts points it would not take. The pass
   is valued a second way on its moon deals, as a player who goes for the moon: a deal in which
   the seat can shoot (step 5) scores the shooter's points (0, or minus the award of a new
   moon); in one where it cannot, the attempt fails: it scores a rollout in which the seat
   plays to shoot and the others defend (``Solver.rollout``'s ``shooter``), or the plain value
   when that rollout's defence let the seat shoot all the same (the best defence would stop it,
   and the seat would play on normally). The pass takes the plan with the lower mean
   (``PassRating.plan``), chosen per pass and not per deal; the moon plan's mean, interval and
   values are over the moon deals. Double dummy: whether the moon is on is known per deal, so
   the moon plan is an upper bound on what a real attempt gets, as the moon share is.

Means are points for the deal (lower is better); the 95% interval is mean ± 1.96 standard
errors over that pass's deals; ``vs best`` is the paired mean difference to the best pass on
their common deals. Passes dropped in an early round are ranked below every pass that went
further, by their mean on the deals they had.

Threads: each job values a list of passes on one sampled deal, on
:func:`.parallel.executor` (local threads, one :class:`Solver` each, or a Dask cluster);
results are combined in sample order, so the ranking is the same for any thread count and on
a cluster.
"""
from __future__ import annotations

import math
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable, Iterable, Sequence

import numpy as np

from hearts.solver.cards import DECK_MASK, SUIT_MASKS, Card, Suit, cards_from_mask
from hearts.solver.deal import Deal
from hearts.solver.errors import CardError, HeartsError
from hearts.solver.hand import Hand
from hearts.solver.limit import Limit
from hearts.solver.passing import no_pass_note
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import PassDirection, Seat
from hearts.solver.solve import Solver
from hearts.solver.words import counted, joined, tricks_left_text

from .advice import _fraction
from .engine import DEFAULT_ENGINE, Engine
from .errors import InconsistentRecordError
from .knowledge import _check_direction, _mask_of_cards, _text
from .moon import can_shoot, failed_attempt, shooter_points
from .parallel import PerThreadSolver, executor
from .policy import (RULE_BOT, PointCards, RolloutPolicy, point_cards, policy_spec,
                     rollout_seed)
from .settings import Sampling
from .stats import Z95, mean_se

__all__ = ["PassError", "PassWhy", "PenaltyCardWhy", "PassRating", "PassRanking",
           "RecordPassRater", "rate_passes", "policy_pass", "passable", "evaluate_pass", "pass_why",
           "apply_passes", "PASS_POLICY", "pass_policy_text", "MODELS", "FIRST_SAMPLES", "TOP",
           "NODE_LIMIT", "MOON_SAMPLES", "MOON_NODE_LIMIT", "MOON_PLAN_SHARE", "DEFAULT_HORIZON",
           "DEFAULT_SAMPLES", "CI_TARGET", "Z95"]

#: Models the evaluator can solve with at the horizon.
MODELS = ("maxn", "paranoid")
#: Tricks left at which the rule-bot rollout hands over to the exact solver, per model: a solve
#: of a few ms (``docs/experiments.md`` "Figures from the code"); the engine's own for its model.
DEFAULT_HORIZON = {"maxn": 6, "paranoid": 7,
                   DEFAULT_ENGINE.model: DEFAULT_ENGINE.pass_horizon}
#: Node limit of one solve at the horizon; a solve that hits it is redone one trick later.
NODE_LIMIT = 300_000
#: Deals per pass in round 0 (every pass).
FIRST_SAMPLES = 16
#: Passes shown (and raced to the end).
TOP = 10
#: Default most deals for one pass: the engine's.
DEFAULT_SAMPLES = DEFAULT_ENGINE.pass_samples
#: Default target half-width of the best pass's 95% interval, in points.
CI_TARGET = 1.0
#: Deals on which the moon chance of the top passes is searched.
MOON_SAMPLES = 100
#: Node limit of one moon search: the moon hand ``AK.AKQJ94.AK2.A7`` needed up to 11 million
#: nodes (1-2 s; 26 of 100 deals over the old 200,000; 10 ms a search on average:
#: ``docs/experiments.md`` "Moon hands in the pass rating").
MOON_NODE_LIMIT = 16_000_000
_MOON_LIMIT = Limit(nodes=MOON_NODE_LIMIT)
#: A top pass after which the seat can shoot in at least this share of the moon deals is also
#: valued with the moon plan (:func:`rate_passes`, step 6).
MOON_PLAN_SHARE = 0.10

_HEARTS = SUIT_MASKS[Suit.HEARTS]
_LOW_HEARTS = sum(Card.of(Suit.HEARTS, r).mask for r in range(2, 7))    # 2♥..6♥
_HIGH_HEARTS = [Card.of(Suit.HEARTS, r) for r in (14, 13, 12, 11)]
_RANK_WORDS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine",
               8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two"}

#: The other seats' pass policy in words under the standard rules (printed by ``hearts
#: pass``; :func:`pass_policy_text` gives it for any rules).
PASS_POLICY = ("the other seats pass by a simple rule, from their dealt hand only: Q♠, then "
               "A♠ and K♠, unless guarded by 3+ spades below the queen; then A♥ K♥ Q♥ J♥; "
               "then the shorter of ♣/♦ if it can be emptied, highest first; then the "
               "highest cards (never a guarded Q♠)")


class PassError(HeartsError):
    """A pass question that cannot be asked: no pass (a hold deal, or rules without passing),
    a hand of the wrong size, bad counts, fewer cards the rules allow passing than the count,
    an unknown model."""


def passable(hand: int, rules: Rules, who: str = "the hand") -> int:
    """The cards of ``hand`` (a mask) that the rules allow passing: all but
    ``rules.no_pass_cards`` (``docs/rules.md`` "Passing": "some tables forbid passing certain
    cards").

    Raises:
        PassError: fewer than ``rules.pass_count`` of them, e.g. ``South's hand holds 2 cards
            the rules allow passing (rules no_pass_cards=...), fewer than the 3 to pass``
            (``docs/rules.md`` does not say what such a player does, so no pass is made up).
    """
    return _allowed(hand, rules.pass_count, rules.no_pass_mask(), who)


def _allowed(hand: int, count: int, forbidden: int, who: str) -> int:
    """``hand`` less ``forbidden``; PassError when fewer than ``count`` cards are left."""
    allowed = hand & ~forbidden
    if allowed.bit_count() < count:
        raise PassError(f"{who} holds {allowed.bit_count()} card"
                        f"{'' if allowed.bit_count() == 1 else 's'} the rules allow passing "
                        f"({no_pass_note(forbidden)}), fewer than the {count} to pass")
    return allowed


# -- the other seats' pass policy -----------------------------------------------------------

def _points(rules: "Rules | str | None") -> PointCards:
    return point_cards(Rules.of(rules))


def policy_pass(hand: int, count: int = 3, forbidden: int = 0,
                rules: "Rules | str | None" = None) -> int:
    """The simple pass of the other seats (and of the rule bot): ``count`` cards of ``hand``.

    The rules' point table decides which cards are dangerous (:func:`.policy.point_cards`):
    the *big penalty cards* (Q♠ under the standard rules, J♠ in Black Jack, Q♥ and Q♠ in
    Pink Lady), each with the *high cards* of its suit above it (A♠ K♠ for Q♠; A♠ K♠ Q♠ for
    J♠), and the *bonus cards* (10♦ −10 in Omnibus), which are worth keeping. A big card is
    *guarded* when the hand holds at least 3 cards of its suit below it (it can be ducked
    under higher cards).

    Rules, in order, until ``count`` cards are chosen (the hand's own cards only, never one of
    ``forbidden``: each rule skips them, and a suit holding one cannot be emptied):

    1. each big card that is not guarded (the most points first), then the high cards of
       those big cards (highest first; ties ♠, ♥, ♦, ♣) -- standard: Q♠, then A♠, then K♠,
       unless the hand holds at least 3 spades below the queen;
    2. the high hearts A♥, K♥, Q♥, J♥ (highest first; not a guarded big card, not a heart
       without points);
    3. the shorter of clubs and diamonds (clubs on a tie), highest card first, if the cards
       still to choose can empty it (to make a void) and it holds no guarded big card and no
       bonus card;
    4. the highest remaining cards other than the big and bonus cards (ties: ♠, ♥, ♦, ♣): a
       guarded big card and a bonus card are kept;
    5. the big cards, then the bonus cards, after all, when nothing else may be passed.

    Args:
        hand: the dealt hand, a card mask.
        count: cards to pass (``Rules.pass_count``).
        forbidden: the cards nobody may pass (``Rules.no_pass_mask()``).
        rules: the rules whose point table names the big and bonus cards (a ``Rules``, a
            ``Rules.parse`` text, or ``None``: standard).

    Returns:
        The passed cards, a mask with ``count`` bits.

    Raises:
        PassError: the hand holds fewer than ``count`` cards outside ``forbidden``.
    """
    points = _points(rules)
    allowed = _allowed(hand, count, forbidden, "the hand")
    chosen: list[Card] = []

    def take(card: Card) -> None:
        if len(chosen) < count and allowed & card.mask and card not in chosen:
            chosen.append(card)

    guarded = high = 0
    for card, above, below in zip(points.big, points.high, points.below):
        if (hand & below).bit_count() >= 3:
            guarded |= card.mask
        else:
            take(card)
            high |= above
    for card in sorted(cards_from_mask(hand & high), key=lambda c: (-c.rank, -c.suit)):
        take(card)
    for card in _HIGH_HEARTS:
        if points.values[card.bit] > 0 and not card.mask & guarded:
            take(card)
    left = count - len(chosen)
    if left:
        keep = forbidden | guarded | points.bonus_mask
        sides = sorted((Suit.CLUBS, Suit.DIAMONDS),
                       key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), s))
        for suit in sides:
            n = (hand & SUIT_MASKS[suit]).bit_count()
            if 0 < n <= left and not hand & SUIT_MASKS[suit] & keep:
                for card in reversed(cards_from_mask(hand & SUIT_MASKS[suit])):
                    take(card)
                break
    rest = sorted(cards_from_mask(hand & ~(points.big_mask | points.bonus_mask)),
                  key=lambda c: (-c.rank, -c.suit))
    for card in rest:
        take(card)
    # Only short when a big or bonus card is among the few cards that may be passed.
    for card in points.big + points.bonus:
        take(card)
    return sum(c.mask for c in chosen)


def pass_policy_text(rules: "Rules | str | None" = None) -> str:
    """:func:`policy_pass` in words for ``rules``, naming its big and bonus cards
    (:data:`PASS_POLICY` under the standard rules; printed by ``hearts pass``)."""
    points = _points(rules)
    parts = []
    if len(points.big) == 1:
        card = points.big[0]
        high = [c.symbol() for c in reversed(cards_from_mask(points.high[0]))]
        parts.append(card.symbol() + (f", then {joined(high)}" if high else "")
                     + f", unless guarded by 3+ {card.suit.name.lower()} below the "
                     + _RANK_WORDS[card.rank])
    elif points.big:
        high = sorted(cards_from_mask(sum(points.high)), key=lambda c: (-c.rank, -c.suit))
        parts.append(joined([c.symbol() for c in points.big])
                     + " (each unless guarded by 3+ cards of its suit below it)"
                     + (f", then the cards above an unguarded one "
                        f"({' '.join(c.symbol() for c in high)})" if high else ""))
    hearts = [c.symbol() for c in _HIGH_HEARTS if points.values[c.bit] > 0]
    if hearts:
        parts.append(("then " if parts else "") + " ".join(hearts))
    parts.append(("then " if parts else "") + "the shorter of ♣/♦ if it can be emptied, "
                 "highest first")
    parts.append("then the highest cards" + (
        f" (never a guarded {joined([c.symbol() for c in points.big], 'or')})" if points.big else ""))
    if points.bonus:
        parts.append(f"never {joined([c.symbol() for c in points.bonus], 'or')} (it scores "
                     f"{joined([str(points.values[c.bit]) for c in points.bonus], 'or')}) unless "
                     f"nothing else may be passed")
    return ("the other seats pass by a simple rule, from their dealt hand only: "
            + "; ".join(parts))


def apply_passes(hands: Sequence[int], passes: Sequence[int],
                 direction: PassDirection) -> tuple[int, int, int, int]:
    """The hands after every seat passes ``passes[seat]`` to ``direction.receiver(seat)``.

    Args:
        hands: the four dealt hands (masks), by seat.
        passes: the four passed sets (masks, each within its hand), by seat.
        direction: the pass direction (not hold).
    """
    after = [hands[s] & ~passes[s] for s in range(4)]
    for s in range(4):
        after[direction.receiver(Seat(s))] |= passes[s]
    return (after[0], after[1], after[2], after[3])


# -- why --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PenaltyCardWhy:
    """What a pass does with one big penalty card of the rules (:func:`.policy.point_cards`:
    Q♠ under the standard rules, J♠ in Black Jack, Q♥ and Q♠ in Pink Lady).

    Attributes:
        card: the big penalty card.
        state: ``"passed"`` (it goes to the receiver), ``"kept"`` or ``"none"`` (not held).
        guards: cards of its suit below it that the seat keeps.
        high_kept: cards of its suit above it that the seat keeps, highest first (A♠ K♠ for
            Q♠): the card may fall on them.
        held_below: cards of its suit below it in the hand before the pass.
        high_passed: cards of its suit above it in the pass, highest first.
    """

    card: Card
    state: str
    guards: int
    high_kept: tuple[Card, ...]
    held_below: int = 0
    high_passed: tuple[Card, ...] = ()

    def words(self, to: str) -> str:
        """The pass's dealing with the card as a player says it, or ``""``: ``"gets rid of
        the unguarded Q♠ to your left"``, ``"keeps Q♠ guarded by 4 lower
        spades"``, ``"keeps A♠ K♠ with only 1 lower spade: Q♠ may fall on them"``. Fewer
        than 3 lower cards of its suit leave the card (or the cards above it) unguarded:
        the other seats can lead the suit until it falls."""
        suit = self.card.suit.name.lower()
        card = self.card.symbol()
        high = " ".join(c.symbol() for c in self.high_passed)
        thin = self._thin_high()
        if self.state == "passed":
            shed = f"{card}{' and ' + high if high else ''}"
            if self.held_below < 3:
                text = f"gets rid of the unguarded {shed} to {to}"
            else:
                text = (f"passes {shed} to {to} though "
                        f"{counted(self.held_below, 'lower ' + suit[:-1])} guarded it")
            return text + (f"; {thin}, should it come back" if thin else "")
        if self.state == "kept":
            guarded = self._guarded(self.guards)
            return f"keeps {card} {guarded}" + (f"; gets rid of {high}" if high else "")
        if thin:
            return thin
        if high:
            return f"gets rid of {high}, on which {card} could fall"
        return ""

    def _thin_high(self) -> str:
        """``"keeps A♠ K♠ with only 1 lower spade: Q♠ may fall on them"``, or ``""`` when no
        card above it is kept with fewer than 3 lower cards."""
        if not self.high_kept or self.guards >= 3:
            return ""
        return (f"keeps {' '.join(c.symbol() for c in self.high_kept)} "
                f"{self._guarded(self.guards)}: {self.card.symbol()} may fall on "
                f"{'them' if len(self.high_kept) > 1 else 'it'}")

    def _guarded(self, n: int) -> str:
        suit = self.card.suit.name.lower()[:-1]
        if n >= 3:
            return f"guarded by {counted(n, 'lower ' + suit)}"
        return f"with no lower {suit}" if n == 0 else f"with only {counted(n, 'lower ' + suit)}"

    def to_json(self) -> dict:
        return {"card": str(self.card), "state": self.state, "guards": self.guards,
                "high_kept": [str(c) for c in self.high_kept]}


#: Where the receiver of a pass sits, seen from the passer (the left-hand player plays
#: after the passer in a trick, the right-hand player before).
_SIDE = {PassDirection.LEFT: "your left", PassDirection.RIGHT: "your right",
         PassDirection.ACROSS: "the player across"}


@dataclass(frozen=True)
class PassWhy:
    """What a pass does to the seat's hand (the cards it keeps; received cards are unknown).

    Attributes:
        voids: the suits the pass empties (every card of the suit passed).
        penalty_cards: per big penalty card of the rules (most points first), what the pass
            does with it (:class:`PenaltyCardWhy`); none when the rules have no such card.
        low_hearts_kept: hearts 2–6 the seat keeps (protection: they can duck heart leads).
        hearts_passed: hearts in the pass.
        receiver: the seat receiving the pass.
        bonus_passed: bonus cards (negative points: 10♦ in Omnibus) in the pass.
        bonus_points: their points (for the text).
        direction: the pass direction (where the receiver sits), if known.
        high_hearts_passed: hearts J and up in the pass, highest first.
        low_hearts_passed: hearts 2–6 in the pass.
    """

    voids: tuple[Suit, ...]
    penalty_cards: tuple[PenaltyCardWhy, ...]
    low_hearts_kept: int
    hearts_passed: int
    receiver: Seat
    bonus_passed: tuple[Card, ...] = ()
    bonus_points: tuple[int, ...] = ()
    direction: PassDirection | None = None
    high_hearts_passed: tuple[Card, ...] = ()
    low_hearts_passed: int = 0

    @property
    def queen(self) -> str:
        """The first big penalty card's state (the name is the standard game's, where that
        card is Q♠): ``"passed"``, ``"kept"`` or ``"none"`` (not held, or no such card)."""
        return self.penalty_cards[0].state if self.penalty_cards else "none"

    @property
    def queen_guards(self) -> int:
        """Cards below the first big penalty card, of its suit, that the seat keeps."""
        return self.penalty_cards[0].guards if self.penalty_cards else 0

    @property
    def high_spades_kept(self) -> tuple[Card, ...]:
        """Cards above the first big penalty card, of its suit, that the seat keeps (A♠/K♠
        for Q♠)."""
        return self.penalty_cards[0].high_kept if self.penalty_cards else ()

    @property
    def to(self) -> str:
        """The receiver as the passer sees it: ``"your left"``, ``"your right"``, ``"the
        player across"`` (``"West"`` without a direction)."""
        side = _SIDE.get(self.direction) if self.direction is not None else None
        return side or self.receiver.name_title

    @property
    def text(self) -> str:
        """What the pass does, in a player's words, e.g. ``"voids clubs; gets rid of the
        unguarded Q♠ to your left; keeps a low heart for protection"``: the voids made, each
        big penalty card (passed, and whether it was guarded by 3 lower cards of its suit, to
        whom; kept, and how well guarded; the cards above it kept thinly, which it may fall
        on), high hearts shed, a bonus card given away, and the low hearts (2–6) kept to duck
        heart leads or given up.

        The notions are those of the other seats' pass policy (:data:`PASS_POLICY`): a Q♠ is
        guarded by 3 or more lower spades; A♠ K♠, high hearts and a short minor are what a
        pass sheds."""
        parts = []
        if self.voids:
            parts.append("voids " + joined([s.name.lower() for s in self.voids]))
        parts.extend(t for t in (p.words(self.to) for p in self.penalty_cards) if t)
        if self.high_hearts_passed:
            parts.append("gets rid of " + " ".join(c.symbol() for c in self.high_hearts_passed))
        parts.extend(f"gives away {c.symbol()} ({v} points) to {self.to}"
                     for c, v in zip(self.bonus_passed, self.bonus_points))
        if self.low_hearts_kept:
            parts.append("keeps " + ("a low heart" if self.low_hearts_kept == 1 else
                                     f"{self.low_hearts_kept} low hearts") + " for protection")
        elif self.low_hearts_passed:
            parts.append("gives up its low hearts (no heart left to duck with)"
                         if Suit.HEARTS in self.voids else
                         "gives up its low hearts (none left to duck with)")
        return "; ".join(parts)

    def to_json(self) -> dict:
        """JSON-ready: ``queen``, ``queen_guards``, ``high_spades_kept`` describe the first
        big penalty card (Q♠ standard); ``penalty_cards`` lists each one; ``text`` is
        :attr:`text`."""
        return {"voids": [s.letter for s in self.voids], "queen": self.queen,
                "queen_guards": self.queen_guards,
                "high_spades_kept": [str(c) for c in self.high_spades_kept],
                "low_hearts_kept": self.low_hearts_kept, "hearts_passed": self.hearts_passed,
                "receiver": self.receiver.letter,
                "penalty_cards": [p.to_json() for p in self.penalty_cards],
                "bonus_passed": [str(c) for c in self.bonus_passed], "text": self.text}


def pass_why(hand: int, passed: int, receiver: Seat,
             rules: "Rules | str | None" = None,
             direction: PassDirection | None = None) -> PassWhy:
    """The :class:`PassWhy` of passing ``passed`` (a mask) from ``hand`` to ``receiver``;
    ``rules`` (default standard) names the big penalty and bonus cards by its point table;
    ``direction`` says where the receiver sits (in the text)."""
    points = _points(rules)
    kept = hand & ~passed
    voids = tuple(s for s in Suit if hand & SUIT_MASKS[s] and not kept & SUIT_MASKS[s])
    penalty = tuple(
        PenaltyCardWhy(card, "passed" if passed & card.mask else
                       "kept" if kept & card.mask else "none", (kept & below).bit_count(),
                       tuple(reversed(cards_from_mask(kept & high))),
                       (hand & below).bit_count(),
                       tuple(reversed(cards_from_mask(passed & high))))
        for card, high, below in zip(points.big, points.high, points.below))
    bonus = tuple(c for c in points.bonus if passed & c.mask)
    told = points.big_mask | sum(c.mask for p in penalty for c in p.high_passed)
    high_hearts = tuple(c for c in _HIGH_HEARTS if passed & c.mask and not told & c.mask)
    return PassWhy(voids, penalty, (kept & _LOW_HEARTS).bit_count(),
                   (passed & _HEARTS).bit_count(), receiver, bonus,
                   tuple(points.values[c.bit] for c in bonus), direction, high_hearts,
                   (passed & _LOW_HEARTS).bit_count())


# -- the evaluator ----------------------------------------------------------------------------

def evaluate_pass(position: Position, seat: Seat, model: str = "maxn",
                  horizon: int | None = None, solver: Solver | None = None,
                  limit: Limit = Limit(nodes=NODE_LIMIT), shoot: bool = False,
                  rollout: RolloutPolicy = RULE_BOT, seed: int = 0) -> int:
    """The seat's final points for one open deal at the start of play (after the passes).

    Every seat plays the ``rollout`` policy (by default the rule bot,
    :func:`hearts.analysis.policy.play_out`) until ``horizon`` tricks are left, then the
    position is solved exactly under ``model``; a solve that a ``limit`` stops is redone
    after one more bot trick. ``horizon=13`` and ``Limit()`` solve the whole deal exactly.

    Args:
        position: the deal at the start of play, all hands known (changed: a copy is played).
        seat: the seat whose points are returned.
        model: ``maxn`` (value: the seat's points when every seat minimises its own) or
            ``paranoid`` (the seat's points when the other three push points onto it).
        horizon: tricks left at the hand-over (default :data:`DEFAULT_HORIZON`), 1..13.
        solver: a :class:`Solver` to reuse (not shared between threads).
        limit: the limit of one solve (:class:`~hearts.solver.limit.Limit`; default
            :data:`NODE_LIMIT` nodes); ``Limit()``: none.
        shoot: the seat plays to shoot the moon while no other seat has taken a moon card,
            and the others defend (``Solver.rollout``'s ``shooter``): the value of a moon
            attempt. The rating uses it only for the deals in which the exact moon search
            says the attempt fails (module docstring, step 6; ``docs/experiments.md``: its
            defence lets too many attempts through to value a shoot by it).
        rollout: the play to the horizon (:class:`~.policy.RolloutPolicy`, one run).
        seed: the random stream of a noisy ``rollout`` (0..2**64-1; the rating passes
            :func:`~.policy.rollout_seed` of the deal before the passes, so that every pass is
            valued under the same stream).

    Returns:
        Points for the deal (int, lower is better for the seat).

    Raises:
        PassError: an unknown model, a horizon outside 1..13 or a rollout of several runs.
    """
    if model not in MODELS:
        raise PassError(f"unknown model {model!r} for pass rating: expected maxn or paranoid")
    horizon = DEFAULT_HORIZON[model] if horizon is None else horizon
    if not 1 <= horizon <= 13:
        raise PassError(f"horizon must be 1..13 tricks, got {horizon}", argument="horizon")
    if rollout.runs != 1:
        raise PassError(f"a pass is valued by one rollout a deal, got {rollout.runs} runs",
                        argument="rollout")
    solver = solver or Solver()
    rollout = rollout.under(position.rules)
    # In the core, without the GIL: the play-out (policy.play_out for the rule bot), the
    # solve, and a stopped solve redone one bot trick later.
    value = solver.rollout(position, None, seat, model, horizon, policy_spec(position.rules),
                           limit=limit, retry=True, shooter=seat if shoot else None,
                           rollout_policy=rollout.kind, epsilon=rollout.epsilon,
                           seed=seed if rollout.noisy else 0, steady=rollout.steady,
                           lead_epsilon=rollout.lead_epsilon,
                           discard_epsilon=rollout.discard_epsilon,
                           discard_policy=rollout.discard, own_policy=rollout.own)[0]
    return value[seat] if model == "maxn" else value  # type: ignore[index]


# -- results ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class PassRating:
    """One pass valued over sampled deals.

    Attributes:
        cards: the passed cards, ascending.
        mean: mean points for the deal over ``values`` (lower is better).
        se: standard error of the mean (0 for one deal).
        values: points in each deal valued, in sample order (the first ``n`` deals).
        round: the last racing round the pass took part in (0 = only the cheap pruning).
        diff: paired mean difference to the best pass on their common deals (0 for the best).
        diff_se: its standard error.
        why: what the pass does to the hand.
        moon: the share of the first :data:`MOON_SAMPLES` deals in which the seat can shoot
            after the pass (double dummy); ``None`` when not searched (below the top).
        moon_unknown: moon searches that hit :data:`MOON_NODE_LIMIT`.
        plan: ``"plain"`` (the rollouts as they are) or ``"moon"`` (the seat goes for the moon:
            module docstring, step 6); ``mean``, ``se`` and ``values`` are the plan's.
        plans: each plan valued on the moon deals, ``{"plain": mean, "moon": mean}`` in
            points (empty when the moon plan was not valued: a moon share below
            :data:`MOON_PLAN_SHARE`, or outside the top).
        bounds: the lowest and highest points a seat can have for a deal under the rules
            (:meth:`Rules.score_bounds`), which the mean cannot pass: :attr:`interval` is
            clipped to them.
    """

    cards: tuple[Card, ...]
    mean: float
    se: float
    values: tuple[int, ...] = field(repr=False)
    round: int
    diff: float
    diff_se: float
    why: PassWhy
    moon: float | None = None
    moon_unknown: int = 0
    bounds: tuple[float, float] = (-math.inf, math.inf)
    plan: str = "plain"
    plans: dict[str, float] = field(default_factory=dict)

    @property
    def n(self) -> int:
        """Deals valued."""
        return len(self.values)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the mean, mean ± 1.96 SE, clipped to :attr:`bounds`: with few
        deals the normal interval can reach below the lowest score a hand can take ("-0.8 to
        5.4" under standard rules, where no deal scores below 0), which no mean can."""
        low, high = self.bounds
        return (max(float(low), self.mean - Z95 * self.se),
                min(float(high), self.mean + Z95 * self.se))

    @property
    def text(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def to_json(self) -> dict:
        low, high = self.interval
        return {"cards": [str(c) for c in self.cards], "mean": round(self.mean, 4),
                "se": round(self.se, 4), "ci95": [round(low, 4), round(high, 4)],
                "samples": self.n, "round": self.round, "vs_best": round(self.diff, 4),
                "vs_best_se": round(self.diff_se, 4),
                "moon": None if self.moon is None else round(self.moon, 4),
                "moon_unknown": self.moon_unknown, "plan": self.plan,
                "plans": {k: round(v, 4) for k, v in self.plans.items()},
                "why": self.why.to_json()}


@dataclass(frozen=True)
class PassRanking:
    """Every pass of a hand ranked, best (lowest mean) first.

    ``ranking[cards]`` is the :class:`PassRating` of the pass of ``cards`` (any order: a
    text ``"QS KS AS"`` or cards); ``KeyError`` for a pass the hand cannot make.

    Attributes:
        seat: the passing seat. hand: its 13 dealt cards. direction: the pass direction.
        receiver: the seat receiving the pass; passer: the seat passing to it.
        rules: the rules. model: the model solved at the horizon. horizon: tricks left at
        the hand-over. limit: the node limit of one solve (:class:`~hearts.solver.limit.Limit`).
        samples: the most deals for one pass (asked). ci_target: the target half-width.
        seed: the seed of the deals. threads: worker threads (does not change the numbers).
        passes: every pass the rules allow, best first (``len`` = C(k, pass_count) for the k
            cards of the hand not in ``rules.no_pass_cards``: 286 for 3 of 13 cards).
        rounds: per racing round, ``(passes raced, deals per pass)``.
        stopped: why the racing ended: ``"ci"`` (the target reached) or ``"samples"``.
        evaluations: deals evaluated in total (pass × deal). ms: wall time.
        rollout: the rollouts' play to the horizon (``Engine.pass_rollout``).
        give, keep: the cards every pass ranked includes, and those none does
            (``rate_passes``); with either, ``passes`` holds only the passes within them.
    """

    seat: Seat
    hand: Hand
    direction: PassDirection
    receiver: Seat
    passer: Seat
    rules: Rules
    model: str
    horizon: int
    limit: Limit
    samples: int
    ci_target: float
    seed: int
    threads: int
    passes: tuple[PassRating, ...]
    rounds: tuple[tuple[int, int], ...]
    stopped: str
    evaluations: int
    ms: float
    rollout: RolloutPolicy = RULE_BOT
    give: Hand = Hand.from_mask(0)
    keep: Hand = Hand.from_mask(0)

    @property
    def best(self) -> PassRating:
        return self.passes[0]

    @property
    def forbidden(self) -> Hand:
        """The cards of the hand that the rules forbid passing (``no_pass_cards``): in no
        rated pass."""
        return Hand.from_mask(self.hand.mask & self.rules.no_pass_mask())

    @property
    def top(self) -> tuple[PassRating, ...]:
        """The passes raced in the last round, best first (:data:`TOP` of them when the
        racing got that far; more when ``samples`` ran out before)."""
        last = self.passes[0].round
        return tuple(p for p in self.passes if p.round == last)

    def __getitem__(self, cards: "Iterable[Card | str] | str") -> PassRating:
        """The rating of the pass of ``cards`` (any order).

        Raises:
            KeyError: not a pass of this hand. CardError: a text that is no card.
        """
        if isinstance(cards, str):
            cards = cards.split()
        chosen = [Card(c) for c in cards]
        mask = sum(c.mask for c in chosen)
        for p in self.passes:
            if sum(c.mask for c in p.cards) == mask:
                return p
        raise KeyError(f"{' '.join(str(c) for c in chosen) or 'no cards'} is not a pass of "
                       f"{self.hand} ({self.rules.pass_count} of its cards the rules allow "
                       f"passing)")

    @property
    def evaluator(self) -> str:
        """``exact`` (whole deals solved, no node limit) or ``rollout``."""
        return "exact" if self.horizon == 13 and self.limit.nodes is None else "rollout"

    def evaluator_text(self) -> str:
        """The evaluator in one line, for output."""
        if self.evaluator == "exact":
            return f"exact: one double-dummy {self.model} solve of each whole deal"
        limit = "" if self.limit.nodes is None else (
            f" (a solve over {self.limit.nodes:,} nodes is redone one bot trick later)")
        return (f"rollout: every seat plays {self.rollout.text()} until "
                f"{tricks_left_text(self.horizon)}, then an exact {self.model} solve{limit}")

    def to_json(self) -> dict:
        """A JSON-ready dict (points for the deal; lower is better)."""
        return {
            "seat": self.seat.letter, "hand": str(self.hand), "direction": str(self.direction),
            "receiver": self.receiver.letter, "passer": self.passer.letter,
            "rules": self.rules.name or self.rules.to_dict(),
            "model": self.model, "evaluator": self.evaluator,
            "evaluator_text": self.evaluator_text(), "horizon": self.horizon,
            "node_limit": self.limit.nodes, "pass_policy": pass_policy_text(self.rules),
            "value": "the seat's final points for the deal (lower is better), mean over "
                     "sampled deals of the 39 unseen cards",
            "samples": self.samples, "ci_target": self.ci_target, "seed": self.seed,
            "threads": self.threads, "rounds": [list(r) for r in self.rounds],
            "stopped": self.stopped, "evaluations": self.evaluations,
            "ms": round(self.ms, 1), "forbidden": [str(c) for c in self.forbidden],
            "give": [str(c) for c in self.give], "keep": [str(c) for c in self.keep],
            "count": len(self.passes), "passes": [p.to_json() for p in self.passes],
        }


# -- the work of one sampled deal -------------------------------------------------------------

@dataclass
class _PassWork(PerThreadSolver):
    """Values passes on one sampled deal; shared by threads or pickled to Dask workers.

    ``candidates``: the seat's passes (masks); ``others``: per sample, the four dealt hands
    by seat (the seat's own too); ``forbidden``: the cards no seat may pass."""

    seat: Seat
    hand: int
    direction: PassDirection
    rules: Rules
    model: str
    horizon: int
    limit: Limit
    candidates: list[int]
    others: list[tuple[int, int, int, int]]
    forbidden: int = 0
    rollout: RolloutPolicy = RULE_BOT

    def __post_init__(self) -> None:
        # The solves at the horizon are small: a table that fits in the cache is faster;
        # whole-deal solves (the exact reference) need a big one.
        self.tt_bits = 22 if self.horizon >= 10 or self.limit.nodes is None else 16

    def _moon_solver(self) -> Solver:
        """This thread's solver for the moon searches: a table of 2**18 entries (the rollouts'
        2**16 made the moon hand's searches need up to 2x the nodes)."""
        self.solver()
        local = self.__dict__["_local"]
        solver = getattr(local, "moon_solver", None)
        if solver is None:
            solver = local.moon_solver = Solver(18)
        return solver

    def __call__(self, index: int, arms: Sequence[int], kind: str = "value") -> list:
        """Per arm (an index into ``candidates``): its value on sample ``index`` (``kind``
        ``"value"``), its value when the seat plays to shoot (``"shoot"``), or whether the
        seat can shoot after it (``"moon"``: 1, 0, ``None``)."""
        solver = self.solver()
        hands = self.others[index]
        # The other seats' passes do not depend on the seat's: chosen once per deal.
        passes = [policy_pass(hands[s], self.rules.pass_count, self.forbidden, self.rules)
                  for s in range(4)]
        out: list = []
        for arm in arms:
            passes[self.seat] = self.candidates[arm]
            after = apply_passes(hands, passes, self.direction)
            position = Position(Deal.from_masks(after), self.rules,
                                pass_direction=self.direction)
            if kind in ("value", "shoot"):
                out.append(evaluate_pass(position, self.seat, self.model, self.horizon, solver,
                                         self.limit, shoot=kind == "shoot",
                                         rollout=self.rollout, seed=rollout_seed(hands)))
            else:
                result = self._moon_solver().solve_position(position, self.seat, "moon",
                                                            pv=False, limit=_MOON_LIMIT)
                can = can_shoot(result)
                out.append(None if can is None else int(can))
        return out


def _sample_hands(seat: Seat, hand: int, n: int, seed: int) -> list[tuple[int, int, int, int]]:
    """``n`` deals of the cards outside ``hand`` to the other seats, 13 each (uniform)."""
    rng = np.random.default_rng(seed)
    unseen = np.array([c.mask for c in cards_from_mask(DECK_MASK & ~hand)], dtype=object)
    others = [s for s in Seat if s != seat]
    deals = []
    for _ in range(n):
        order = unseen[rng.permutation(len(unseen))]
        hands = [0, 0, 0, 0]
        hands[seat] = hand
        size = len(unseen) // 3
        for k, other in enumerate(others):
            hands[other] = int(sum(order[k * size:(k + 1) * size]))
        deals.append((hands[0], hands[1], hands[2], hands[3]))
    return deals


def _schedule(arms: int, samples: int) -> list[tuple[int, int]]:
    """The full racing plan: per round (passes kept, deals per pass) if no early stop."""
    plan = []
    n = min(FIRST_SAMPLES, samples)
    plan.append((arms, n))
    keep = max(min(TOP, arms), math.ceil(arms / 3))
    while n < samples:
        n = min(2 * n, samples)
        plan.append((keep, n))
        keep = max(min(TOP, arms), math.ceil(keep / 2))
    return plan


# -- the driver -------------------------------------------------------------------------------

def rate_passes(hand: "Hand | str | Iterable[Card | str]", direction: "PassDirection | str",
                *, seat: "Seat | str" = Seat.S, rules: "Rules | str | None" = None,
                sampling: Sampling | None = None, model: str | None = None,
                horizon: int | None = None, limit: Limit = Limit(nodes=NODE_LIMIT),
                ci_target: float = CI_TARGET, moon: bool = True,
                progress: Callable[[int, int], None] | None = None,
                engine: Engine = DEFAULT_ENGINE,
                give: "Hand | str | Iterable[Card | str] | None" = None,
                keep: "Hand | str | Iterable[Card | str] | None" = None) -> PassRanking:
    """Rank every pass of ``hand`` by the seat's expected points for the deal (module docstring).

    Args:
        hand: the seat's 13 dealt cards (PBN ``S.H.D.C``, a :class:`Hand` or cards).
        direction: ``left``, ``right`` or ``across``.
        seat: the passing seat (default South; it decides who receives and who leads).
        rules: the rules, or a ``Rules.parse`` text (default standard); ``pass_count`` cards
            are passed.
        sampling: :class:`~.settings.Sampling`: ``samples``, the most sampled deals for one
            pass (round 0 uses ``min(samples, FIRST_SAMPLES)``); ``seed`` of the deals (the
            same seed gives the same ranking); ``threads`` (default every core) or a Dask
            ``scheduler`` (:func:`.parallel.executor`), which do not change the result.
            Default ``Sampling(engine.pass_samples)``.
        model: ``maxn`` or ``paranoid`` at the horizon (default ``engine.model``).
        horizon: tricks left at the rollout's hand-over (default ``engine.pass_horizon`` for
            the engine's model, else :data:`DEFAULT_HORIZON`).
        limit: the node limit of one solve (default :data:`NODE_LIMIT` nodes; ``Limit()``:
            none); a node limit only, so that the ranking is the same on every machine.
        ci_target: stop when the best pass's 95% half-width is at most this (points).
        moon: search the moon chance of the top passes.
        progress: called as ``progress(done, total)`` (pass × deal evaluations).
        engine: the :class:`~.engine.Engine` whose settings fill in every argument left
            ``None`` (default :data:`~.engine.DEFAULT_ENGINE`, the one every analysis uses).
        give: cards every pass ranked must include ("which two with Q♠?"); None: none
            (an empty list is refused: it would rate every pass while asking for some).
        keep: cards no pass ranked may include ("which three, keeping Q♠?"); None: none.
            Only the passes within both are raced, so their ranking gets all the deals.

    Returns:
        A :class:`PassRanking`, values in points for the deal (lower is better).

    Raises:
        PassError: rules for another table than 4 players; the hand does not hold 13 cards;
            a hold direction or rules without passing; bad counts; the hand holds fewer cards
            the rules allow passing (``no_pass_cards``) than ``pass_count``, or another seat
            could be dealt such a hand; an unknown model; a horizon outside 1..13; a limit
            with a time (``argument`` ``limit``); a ``give`` or ``keep`` text that is no card
            or repeats one, a card not in the hand or in both, an empty ``give`` or ``keep``,
            a ``give`` card the rules forbid passing, more ``give`` cards than ``pass_count``,
            or too few cards left to pass besides ``keep`` (``argument`` ``give`` or
            ``keep``).
        SettingsError: ``sampling`` is not a :class:`~.settings.Sampling`.
        SolverError: ``limit`` is not a :class:`~hearts.solver.limit.Limit`.
        ClusterError: the scheduler cannot be used.
        CardError: a card text of the hand is no card.
    """
    t0 = time.perf_counter()
    rules = Rules.of(rules)
    if rules.players != 4:
        # The rating deals the 39 unseen cards to three other seats of 13 (policy passes,
        # rule bots and apply_passes are 4-seat), so a hand at another table has no rating.
        raise PassError(f"pass rating is for 4 players, 13 cards a hand; the rules are for "
                        f"{rules.players} players (players={rules.players}), "
                        f"{rules.hand_size()} cards a hand")
    seat = Seat.parse(seat) if not isinstance(seat, Seat) else seat
    mask = _hand_mask(hand)
    direction = _direction(direction, rules)
    model = engine.model if model is None else model
    if model not in MODELS:
        raise PassError(f"unknown model {model!r} for pass rating: expected maxn or paranoid")
    if horizon is None:
        horizon = engine.pass_horizon if model == engine.model else DEFAULT_HORIZON[model]
    if not 1 <= horizon <= 13:
        raise PassError(f"horizon must be 1..13 tricks, got {horizon}", argument="horizon")
    sampling = Sampling.of(Sampling(engine.pass_samples) if sampling is None else sampling)
    samples, seed = sampling.samples, sampling.seed
    limit = Limit.of(limit)
    if limit.time_ms is not None:
        raise PassError(f"limit: pass rating takes a node limit only (Limit(nodes=N)), so "
                        f"that its ranking is the same on every machine; got {limit!r}",
                        argument="limit")
    if not ci_target > 0:
        raise PassError(f"the interval target must be positive, got {ci_target}")
    count = rules.pass_count
    forbidden = rules.no_pass_mask()
    cards = cards_from_mask(passable(mask, rules, f"{seat.name_title}'s hand"))
    _check_others_can_pass(mask, rules)
    give_mask, keep_mask = _pass_bounds(mask, give, keep, forbidden, count, seat)
    combos = [tuple(c) for c in combinations(cards, count)
              if sum(x.mask for x in c) & (give_mask | keep_mask) == give_mask]
    candidates = [sum(c.mask for c in combo) for combo in combos]
    others = _sample_hands(seat, mask, samples, seed)
    rollout = engine.pass_rollout.under(rules)
    work = _PassWork(seat, mask, direction, rules, model, horizon, limit, candidates,
                     others, forbidden, rollout)
    plan = _schedule(len(candidates), samples)
    total = sum(arms * (n - (plan[k - 1][1] if k else 0)) for k, (arms, n) in enumerate(plan))
    n_threads = sampling.workers

    values: list[list[int]] = [[] for _ in candidates]    # per arm, in sample order
    reached = [0] * len(candidates)
    alive = list(range(len(candidates)))
    rounds: list[tuple[int, int]] = []
    done = 0
    have = 0
    stopped = "samples"
    moon_values: dict[int, list[int | None]] = {}
    with executor(n_threads, sampling.scheduler, "hearts-pass") as pool:
        for k, (_, n) in enumerate(plan):
            if k:
                keep = plan[k][0]
                alive = sorted(alive, key=lambda a: (float(np.mean(values[a])), a))[:keep]
            rounds.append((len(alive), n))
            for a in alive:
                reached[a] = k
            futures: list[Future] = [pool.submit(work, i, alive) for i in range(have, n)]
            try:
                for future in futures:
                    for a, v in zip(alive, future.result()):
                        values[a].append(v)
                    done += len(alive)
                    if progress is not None:
                        progress(done, total)
            finally:
                for future in futures:
                    future.cancel()
            have = n
            # The interval target is checked once at most 2·TOP contenders remain (earlier,
            # the leader of many near-equal passes is too often a lucky one) and at the end.
            if len(alive) <= 2 * TOP or k == len(plan) - 1:
                best = min(alive, key=lambda a: (float(np.mean(values[a])), a))
                _, se = mean_se(np.array(values[best], dtype=np.float64))
                if n > 1 and Z95 * se <= ci_target:
                    stopped = "ci"
                    break
        top = sorted(alive, key=lambda a: (float(np.mean(values[a])), a))[:TOP]
        plans: dict[int, list[int]] = {}
        if moon and rules.moon != "none":
            m = min(have, MOON_SAMPLES)
            futures = [pool.submit(work, i, top, "moon") for i in range(m)]
            for a in top:
                moon_values[a] = []
            for future in futures:
                for a, v in zip(top, future.result()):
                    moon_values[a].append(v)
            plans = _moon_plans(pool, work, values, moon_values, rules)
    if progress is not None:
        progress(total, total)

    last = max(reached)
    means = {a: {"plain": float(np.mean(values[a][:len(plan)])), "moon": float(np.mean(plan))}
             for a, plan in plans.items()}
    chosen = {a for a in plans if means[a]["moon"] < means[a]["plain"]}
    for a in chosen:
        values[a] = plans[a]       # type: ignore[assignment]
    order = sorted(range(len(candidates)),
                   key=lambda a: (-reached[a], float(np.mean(values[a])), a))
    best_values = np.array(values[order[0]], dtype=np.float64)
    receiver = direction.receiver(seat)
    bounds = rules.score_bounds()
    ratings = []
    for a in order:
        column = np.array(values[a], dtype=np.float64)
        mean, se = mean_se(column)
        common = min(len(column), len(best_values))     # paired on the first deals of both
        diff, diff_se = mean_se(column[:common] - best_values[:common])
        flags = moon_values.get(a)
        ratings.append(PassRating(
            combos[a], mean, se, tuple(values[a]), reached[a],
            0.0 if a == order[0] else diff, 0.0 if a == order[0] else diff_se,
            pass_why(mask, candidates[a], receiver, rules, direction),
            None if flags is None else _fraction(flags),
            0 if flags is None else sum(1 for f in flags if f is None), bounds,
            "moon" if a in chosen else "plain", means.get(a, {})))
    assert ratings[0].round == last
    return PassRanking(seat, Hand.from_mask(mask), direction, receiver,
                       direction.passer(seat), rules, model, horizon, limit, samples,
                       ci_target, seed, n_threads, tuple(ratings), tuple(rounds), stopped,
                       done, (time.perf_counter() - t0) * 1000.0, rollout,
                       Hand.from_mask(give_mask), Hand.from_mask(keep_mask))


def _pass_bounds(hand: int, give: "Hand | str | Iterable[Card | str] | None",
                 keep: "Hand | str | Iterable[Card | str] | None", forbidden: int, count: int,
                 seat: Seat) -> tuple[int, int]:
    """The masks of ``rate_passes``'s ``give`` and ``keep``, checked against the hand."""
    masks = []
    for cards, what in ((give, "give"), (keep, "keep")):
        try:
            m = 0 if cards is None else _mask_of_cards(cards, what)
        except (InconsistentRecordError, CardError) as err:
            raise PassError(str(err), argument=what) from None
        if cards is not None and not m:
            # an empty list asks nothing: say so rather than rate every pass unasked
            raise PassError(f"{what}: no cards", argument=what)
        if m & ~hand:
            raise PassError(f"{what}: {_text(m & ~hand)} not in {seat.name_title}'s hand "
                            f"{Hand.from_mask(hand)}", argument=what)
        masks.append(m)
    give_mask, keep_mask = masks
    if give_mask & keep_mask:
        raise PassError(f"keep: {_text(give_mask & keep_mask)} also to give",
                        argument="keep")
    if give_mask & forbidden:
        raise PassError(f"give: the rules forbid passing {_text(give_mask & forbidden)} "
                        f"({no_pass_note(forbidden)})", argument="give")
    if give_mask.bit_count() > count:
        raise PassError(f"give: {give_mask.bit_count()} cards, more than the {count} to pass",
                        argument="give")
    left = (hand & ~keep_mask & ~forbidden).bit_count()
    if left < count:
        rule = f" the rules allow passing ({no_pass_note(forbidden)})" if forbidden else ""
        raise PassError(f"keep: keeping {_text(keep_mask)} leaves {left} card"
                        f"{'' if left == 1 else 's'}{rule}, fewer than the {count} to pass",
                        argument="keep")
    return give_mask, keep_mask


def _moon_plans(pool, work: _PassWork, values: list[list[int]],
                moon_values: dict[int, list[int | None]], rules: Rules) -> dict[int, list[int]]:
    """The moon plan of every top pass with a moon share of at least :data:`MOON_PLAN_SHARE`
    (module docstring, step 6): per such pass, its values on the moon deals, in sample order
    (a search that hit the node limit counts as a moon the defence stops)."""
    candidates = [a for a, flags in moon_values.items()
                  if (_fraction(flags) or 0.0) >= MOON_PLAN_SHARE]
    if not candidates:
        return {}
    m = len(moon_values[candidates[0]])
    failing = [[a for a in candidates if moon_values[a][i] != 1] for i in range(m)]
    futures = {i: pool.submit(work, i, arms, "shoot") for i, arms in enumerate(failing) if arms}
    attempts = {i: dict(zip(failing[i], future.result())) for i, future in futures.items()}
    shot = shooter_points(rules)
    plans = {}
    for a in candidates:
        plans[a] = [shot if moon_values[a][i] == 1
                    else failed_attempt(values[a][i], attempts[i][a], shot) for i in range(m)]
    return plans


def _check_others_can_pass(hand: int, rules: Rules) -> None:
    """Refuse rules under which a sampled other hand could hold fewer cards it may pass than
    ``pass_count``: ``docs/rules.md`` does not say what such a seat passes, so such a deal has no
    value to give."""
    unseen = (DECK_MASK & ~hand & rules.no_pass_mask()).bit_count()
    most = min(unseen, 13)
    if 13 - most < rules.pass_count:
        raise PassError(f"the rules forbid passing {unseen} of the 39 unseen cards "
                        f"({no_pass_note(rules.no_pass_mask())}): another seat could be dealt "
                        f"{13 - most} cards it may pass, fewer than the {rules.pass_count} to "
                        f"pass")


def _hand_mask(hand: "Hand | str | Iterable[Card | str]") -> int:
    """The 13 dealt cards as a mask (the forms ``Knowledge`` reads)."""
    try:
        mask = _mask_of_cards(hand, "the hand")
    except InconsistentRecordError as err:
        raise PassError(str(err)) from None
    size = mask.bit_count()
    if size != 13:
        raise PassError(f"the hand holds {size} card{'s' if size != 1 else ''}: a pass "
                        f"needs the 13 dealt cards")
    return mask


def _direction(direction: "PassDirection | str", rules: Rules) -> PassDirection:
    parsed = PassDirection.parse(direction)
    if parsed is PassDirection.HOLD:
        raise PassError("no pass on a hold deal: the direction must be left, right or across",
                        argument="direction")
    if rules.pass_scheme == "hold" or rules.pass_count < 1:
        raise PassError(f"the rules have no passing (pass_scheme={rules.pass_scheme}, "
                        f"pass_count={rules.pass_count})")
    if rules.pass_count > 13:
        raise PassError(f"pass_count={rules.pass_count}: a hand holds 13 cards")
    try:
        return _check_direction(rules, parsed)
    except InconsistentRecordError as err:
        raise PassError(str(err)) from None


@dataclass(frozen=True)
class RecordPassRater:
    """Rates the pass a seat made in a game record (``hearts annotate --rate-passes``): the
    seat's dealt hand goes through :func:`rate_passes` (the seat's own view: the other 39
    cards unseen), and the pass it made is placed among all of them.

    Called as ``rater(deal, rules, seat)`` with a record's ``DealRecord`` (the
    :data:`hearts.analysis.annotate.PassRater` hook). Returns a JSON-ready dict: ``rank`` (1 =
    the best of ``of`` passes), ``mean`` (points for the deal, lower is better) with ``se``,
    ``best`` (the best pass's cards) and ``best_mean``, ``loss`` (the paired mean difference to
    the best pass, points), ``samples`` (deals the made pass was valued on) and ``evaluator``.
    A pass pruned in the racing's early rounds is valued on fewer deals, so its ``loss`` is
    less precise than the best pass's (its ``se`` says how much).

    Attributes:
        sampling, model: as :func:`rate_passes` (moon searches off).

    Raises:
        PassError, ClusterError: as :func:`rate_passes`.
    """

    sampling: Sampling = Sampling(DEFAULT_SAMPLES)
    model: str = "maxn"

    def __call__(self, deal: "object", rules: Rules, seat: Seat) -> dict:
        ranking = rate_passes(deal.dealt[seat], deal.direction, seat=seat,  # type: ignore
                              rules=rules, sampling=self.sampling, model=self.model,
                              moon=False)
        made = ranking[deal.passes[seat]]  # type: ignore[attr-defined]
        best = ranking.best
        return {"rank": ranking.passes.index(made) + 1, "of": len(ranking.passes),
                "mean": round(made.mean, 2), "se": round(made.se, 2),
                "best": [str(c) for c in best.cards], "best_mean": round(best.mean, 2),
                "loss": round(made.diff, 2), "samples": made.n,
                "evaluator": "exact" if ranking.evaluator == "exact"
                else f"rollout to {ranking.horizon} tricks, then {ranking.model}"}
