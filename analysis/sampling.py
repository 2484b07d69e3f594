"""Deal the unseen cards exactly uniformly among the deals that fit one seat's knowledge.

The sampling step of Perfect Information Monte Carlo (PIMC) play and analysis (Ginsberg 2001,
"GIB: Imperfect Information in a Computationally Challenging Game", JAIR 14; Long, Sturtevant,
Buro & Furtak 2010, "Understanding the Success of Perfect Information Monte Carlo Sampling in
Game Tree Search", AAAI): each sampled deal is solved double dummy and the results averaged.

Method (exact, no rejection; rejection sampling collapses when several voids are known):

1. Each unseen card may go to a set of the other three seats: the seats that no fact of the
   :class:`~hearts.analysis.knowledge.Knowledge` rules out, or the one seat known to hold it
   (a card the observer passed, 2♣ with the first leader). Cards are grouped by that set: at
   most 7 groups (the non-empty subsets of three seats).
2. A *split* says how many cards of each group go to each of its seats, so that every seat
   gets exactly its hand size. The deals with a given split number
   ``prod over groups of multinomial(g; x_1, ..., x_k)`` (the ways to divide each group's cards
   into the split's counts), so the number of consistent deals is the sum over splits.
   Splits are enumerated once: the one-seat groups are forced, the three-seat group is forced
   by what the others leave, so only the (at most three) two-seat groups are free, at most
   14³ splits.
3. A sample draws a split with probability proportional to its number of deals (an exact
   integer draw), then shuffles each group uniformly and cuts it into the split's counts.
   Every consistent deal is equally likely.

The played cards are put back into the hands that played them, so a sample is the deal at the
start of play: ``knowledge.position(deal)`` replays the history legally.

Samples are reproducible: ``seed`` seeds :func:`numpy.random.default_rng`, and samples are
drawn in fixed batches, so the first ``n`` samples of a seed do not depend on how many are
asked for.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from math import factorial
from typing import Iterator

import numpy as np

from hearts.solver.cards import cards_from_mask
from hearts.solver.deal import Deal
from hearts.solver.seats import Seat

from .errors import NoConsistentDealError
from .knowledge import Knowledge

__all__ = ["CardGroup", "DealSampler", "MAX_SAMPLES", "count_deals", "iter_deals",
           "sample_deals"]

#: Samples drawn per batch; fixed so that a seed gives the same sequence whatever ``n`` is.
BATCH = 256

#: The most sampled deals a command accepts (``--samples`` of ``hearts play``, ``hearts moon``
#: and ``hearts annotate``, ``--pass-samples``). More would not help: at 100,000 samples the 95%
#: interval of a moon probability is ±0.31 percentage points at worst and the standard error
#: of a mean penalty (s.d. under 13 points) under 0.05 points; and at the measured costs
#: (docs/analysis.md: ~0.15-22 ms a moon sample, more for a play) 100,000 samples already
#: take minutes to hours. The library functions take any count (the samples are drawn lazily).
MAX_SAMPLES = 100_000


@dataclass(frozen=True)
class CardGroup:
    """Unseen cards that may go to the same seats.

    Attributes:
        seats: the seats that may hold them, ascending.
        mask: the cards.
        size: how many cards.
    """

    seats: tuple[Seat, ...]
    mask: int
    size: int


class DealSampler:
    """Uniform sampler over the deals consistent with a :class:`Knowledge`.

    Build once per knowledge state (the splits are enumerated in the constructor), then draw
    with :meth:`masks`, :meth:`deals` or :meth:`iter_deals`.

    Attributes:
        knowledge: the knowledge sampled from.
        groups: the unseen cards grouped by the seats that may hold them (step 1 above).
        count: the exact number of consistent deals (ways to deal the unseen cards).

    Raises:
        NoConsistentDealError: no deal fits (``count`` would be 0).
    """

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.groups = _groups(knowledge)
        # Cards that go to one seat are fixed; so are the cards already played.
        base = [0, 0, 0, 0]
        for card, player in zip(knowledge.history, knowledge.players):
            base[player] |= card.mask
        base[knowledge.seat] = knowledge.start_hand.mask
        room = list(knowledge.hand_sizes)
        room[knowledge.seat] = 0
        free: list[CardGroup] = []
        for group in self.groups:
            if len(group.seats) == 1:
                base[group.seats[0]] |= group.mask
                room[group.seats[0]] -= group.size
            else:
                free.append(group)
        # Two-seat groups first: the three-seat group (if any) is then forced.
        free.sort(key=lambda g: len(g.seats))
        self._base = base
        self._free = free
        splits, weights = _splits(free, room) if min(room) >= 0 else ([], [])
        self.count: int = sum(weights)
        if not self.count:
            raise NoConsistentDealError(
                f"no deal fits {knowledge.seat.name_title}'s knowledge: the unseen cards cannot "
                f"be dealt to the hand sizes {_sizes(knowledge)}")
        # Exact draws: the count fits in int64 (at most 39!/(13!)^3, about 8.4e16).
        self._cumulative = np.cumsum(np.array(weights, dtype=np.int64))
        # (split, group, slot) -> how many of the group's shuffled cards go to its seat `slot`.
        self._split_counts = np.array(splits, dtype=np.int64).reshape(
            len(splits), len(free), 3)
        self._cards = [np.array([c.mask for c in cards_from_mask(g.mask)], dtype=np.int64)
                       for g in free]

    @property
    def splits(self) -> int:
        """How many different splits (counts per group and seat) are possible."""
        return len(self._cumulative)

    def masks(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` sampled deals as card masks: an ``int64`` array of shape ``(n, 4)``, the
        hands at the start of play in seat order N, E, S, W."""
        out = np.tile(np.array(self._base, dtype=np.int64), (n, 1))
        if n == 0:
            return out
        draws = rng.integers(0, self.count, size=n, dtype=np.int64)
        chosen = np.searchsorted(self._cumulative, draws, side="right")
        counts = self._split_counts[chosen]  # (n, groups, 3)
        rows = np.arange(n)
        for k, (group, cards) in enumerate(zip(self._free, self._cards)):
            order = np.argsort(rng.random((n, group.size)), axis=1)
            # Prefix sums of the shuffled cards' masks: the cards of slot j are a slice,
            # and the sum of distinct card bits is their union.
            sums = np.zeros((n, group.size + 1), dtype=np.int64)
            np.cumsum(cards[order], axis=1, out=sums[:, 1:])
            start = np.zeros(n, dtype=np.int64)
            for slot, seat in enumerate(group.seats):
                stop = start + counts[:, k, slot]
                out[:, seat] += sums[rows, stop] - sums[rows, start]
                start = stop
        return out

    def iter_masks(self, rng: np.random.Generator) -> Iterator[tuple[int, int, int, int]]:
        """An endless stream of sampled deals as 4-tuples of masks (N, E, S, W)."""
        while True:
            for row in self.masks(BATCH, rng).tolist():
                yield tuple(row)  # type: ignore[misc]

    def iter_deals(self, seed: "int | np.random.Generator | None" = None) -> Iterator[Deal]:
        """An endless stream of sampled deals (the hands at the start of play)."""
        rng = _rng(seed)
        for masks in self.iter_masks(rng):
            yield Deal.from_masks(masks)

    def deals(self, n: int, seed: "int | np.random.Generator | None" = None) -> list[Deal]:
        """``n`` sampled deals; the same seed gives the same deals (and the first ``n`` of a
        longer run)."""
        return list(islice(self.iter_deals(seed), n))


def sample_deals(knowledge: Knowledge, n: int,
                 seed: "int | np.random.Generator | None" = None) -> list[Deal]:
    """``n`` deals drawn uniformly among the deals consistent with ``knowledge``.

    Each deal holds all four hands at the start of play (the observer's known cards and the
    cards already played included), so ``knowledge.position(deal)`` replays the history.

    Args:
        knowledge: what the observing seat knows.
        n: how many deals.
        seed: seed for :func:`numpy.random.default_rng` (or a Generator to draw from).

    Raises:
        NoConsistentDealError: no deal fits the knowledge.
    """
    return DealSampler(knowledge).deals(n, seed)


def iter_deals(knowledge: Knowledge,
               seed: "int | np.random.Generator | None" = None) -> Iterator[Deal]:
    """An endless stream of deals drawn as by :func:`sample_deals` (same seed, same deals)."""
    return DealSampler(knowledge).iter_deals(seed)


def count_deals(knowledge: Knowledge) -> int:
    """The exact number of deals consistent with ``knowledge`` (0 if none).

    For example, at the start of play with no pass known: 39!/(13!)^3 = 84,478,098,072,866,400;
    after a pass of 3 known cards: 36!/(10! 13! 13!) = 2,643,695,814,513,600.
    """
    try:
        return DealSampler(knowledge).count
    except NoConsistentDealError:
        return 0


# -- helpers ----------------------------------------------------------------------------

def _rng(seed: "int | np.random.Generator | None") -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(seed)


def _groups(knowledge: Knowledge) -> list[CardGroup]:
    """The unseen cards grouped by the set of seats that may hold them."""
    others = sorted(knowledge.others)
    candidates = {j: knowledge.candidates(j).mask for j in others}
    unseen = knowledge.unseen.mask
    groups = []
    for subset in range(1, 8):
        seats = tuple(j for i, j in enumerate(others) if subset >> i & 1)
        mask = unseen
        for j in others:
            mask &= candidates[j] if j in seats else ~candidates[j]
        if mask:
            groups.append(CardGroup(seats, mask, mask.bit_count()))
    nowhere = unseen
    for j in others:
        nowhere &= ~candidates[j]
    if nowhere:
        raise NoConsistentDealError(
            f"no deal fits {knowledge.seat.name_title}'s knowledge: no seat can hold "
            f"{' '.join(map(str, cards_from_mask(nowhere)))}")
    return groups


def _splits(groups: list[CardGroup], room: list[int]) -> tuple[list[list[int]], list[int]]:
    """Every split of the groups' cards to their seats that fills ``room`` exactly, and its
    number of deals. A split is flattened as (group, slot) counts, 3 slots per group."""
    splits: list[list[int]] = []
    weights: list[int] = []

    def walk(k: int, left: list[int], counts: list[int], ways: int) -> None:
        if k == len(groups):
            if not any(left):
                splits.append(list(counts))
                weights.append(ways)
            return
        group = groups[k]
        seats = group.seats
        if len(seats) == 3 and k == len(groups) - 1:
            parts = [left[j] for j in seats]
            if min(parts) >= 0 and sum(parts) == group.size:
                walk(k + 1, [0, 0, 0, 0], counts + parts, ways * _multinomial(group.size, parts))
            return
        for parts in _compositions(group.size, [left[j] for j in seats]):
            rest = list(left)
            for j, x in zip(seats, parts):
                rest[j] -= x
            walk(k + 1, rest, counts + parts + [0] * (3 - len(parts)),
                 ways * _multinomial(group.size, parts))

    walk(0, list(room), [], 1)
    return splits, weights


def _compositions(total: int, caps: list[int]) -> Iterator[list[int]]:
    """Ways to write ``total`` as ``len(caps)`` parts with ``0 <= part_i <= caps[i]``."""
    if len(caps) == 1:
        if 0 <= total <= caps[0]:
            yield [total]
        return
    for x in range(min(total, caps[0]) + 1):
        for rest in _compositions(total - x, caps[1:]):
            yield [x, *rest]


def _multinomial(total: int, parts: list[int]) -> int:
    ways = factorial(total)
    for x in parts:
        ways //= factorial(x)
    return ways


def _sizes(knowledge: Knowledge) -> str:
    return ", ".join(f"{j} {knowledge.hand_sizes[j]}" for j in knowledge.others)
