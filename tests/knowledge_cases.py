"""Shared cases for the knowledge and sampling tests: rule variants, skewed random deals, and
the brute-force list of the deals consistent with a seat's knowledge.

The brute force shares nothing with the sampler: it tries every way to deal the unseen cards
to the other seats' hand sizes and keeps the deals that :meth:`Knowledge.admits` (the
definition: the record replays legally with ``Position`` and the passed cards are with their
receiver).
"""
from __future__ import annotations

import random
from itertools import combinations

from hearts.analysis.knowledge import Knowledge
from hearts.solver import ALL_CARDS, Card, Deal, Hand, Position, Rules, Seat, Suit
from hearts.solver.cards import cards_from_mask

#: Rule sets whose facts differ (first lead, club rule, hearts-breaking, first-trick rule).
VARIANTS = [
    Rules.standard(),
    Rules(first_lead="any_club"),
    Rules(first_lead="any_card"),
    Rules(queen_at_first_chance=True),
    Rules(can_lead_hearts_instead_of_qs=True),
    Rules(hearts_broken_by="hearts"),
    Rules(no_points_on_first_trick=False),
    Rules(must_break_hearts=False),
    Rules.black_jack(),
    Rules(first_lead="any_card", queen_at_first_chance=True, can_lead_hearts_instead_of_qs=True),
]


def skewed_deal(rng: random.Random) -> Deal:
    """A random deal; two times in three one seat is special so that the first-trick and
    hearts-lead rules come into play: it holds only hearts, Q♠ and J♠, or no club."""
    kind = rng.randrange(3)
    if kind == 0:
        return Deal.random(rng)
    if kind == 1:
        pool = [c for c in ALL_CARDS if c.suit is Suit.HEARTS or c in (Card("QS"), Card("JS"))]
    else:
        pool = [c for c in ALL_CARDS if c.suit is not Suit.CLUBS]
    chosen = rng.sample(pool, 13)
    rest = [c for c in ALL_CARDS if c not in chosen]
    rng.shuffle(rest)
    hands = [rest[13 * i:13 * i + 13] for i in range(3)]
    hands.insert(rng.randrange(4), chosen)
    return Deal.from_hands([Hand.from_cards(h) for h in hands])


def random_view(seed: int, rules: Rules, cards_played: int) -> tuple[Knowledge, Deal]:
    """A skewed deal played at random for ``cards_played`` cards, seen by the seat to move;
    returns its knowledge and the true deal."""
    rng = random.Random(seed)
    deal = skewed_deal(rng)
    leader = Seat(rng.randrange(4)) if rules.first_lead == "any_card" else None
    position = Position(deal, rules, first_leader=leader)
    while len(position.history) < cards_played:
        position.play(rng.choice(position.legal_moves()))
    return Knowledge.from_position(position, position.to_move), deal


def consistent_deals(knowledge: Knowledge) -> set[Deal]:
    """Every deal (hands at the start of play) that fits ``knowledge``, by brute force."""
    first, second, third = knowledge.others
    unseen = cards_from_mask(knowledge.unseen.mask)
    base = [knowledge.played_by(j).mask for j in Seat]
    base[knowledge.seat] = knowledge.start_hand.mask
    found = set()
    for a in combinations(unseen, knowledge.hand_sizes[first]):
        rest = [c for c in unseen if c not in a]
        for b in combinations(rest, knowledge.hand_sizes[second]):
            masks = list(base)
            masks[first] |= sum(c.mask for c in a)
            masks[second] |= sum(c.mask for c in b)
            masks[third] |= sum(c.mask for c in rest if c not in b)
            deal = Deal.from_masks(masks)
            if knowledge.admits(deal):
                found.add(deal)
    return found
