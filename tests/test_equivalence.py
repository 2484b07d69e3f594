"""Inside the search, cards on the trick other than the one winning it do not separate two
cards of the mover (``candidate_moves`` in ``solver/_search.pxi``).

Two legal cards of one suit and one rule class, with no card of another seat's hand and not
the trick's winning card between them, must have the same brute-force value in every model.
Positions are mid-trick, where the rule differs from the root's stricter grouping.
"""
from __future__ import annotations

import dataclasses

import pytest

from bruteforce import maxn_values, moon_values, paranoid_values, random_position
from conftest import slow_after
from hearts.solver import Card, Rules
from hearts.solver.solve import rules_spec

RULES = [Rules.standard(), Rules.omnibus(), Rules.spot_hearts(),
         dataclasses.replace(Rules.standard(), moon="new", no_trick_bonus=-5),
         dataclasses.replace(Rules.pink_lady(), sun="all_tricks")]


def winning_card(position) -> Card:
    led = position.trick[0].suit
    return max((c for c in position.trick if c.suit == led), key=lambda c: c.rank)


def search_classes(position) -> list[list[Card]]:
    """The legal cards in the runs the search treats as interchangeable."""
    classes = rules_spec(position.rules, None)["classes"]
    mine = position.hands[int(position.to_move)]
    others = 0
    for seat, hand in enumerate(position.hands):
        if seat != int(position.to_move):
            others |= hand
    others |= winning_card(position).mask
    runs: list[list[Card]] = []
    legal = sorted(position.legal_moves(), key=lambda c: c.bit)
    for card in legal:
        prev = runs[-1][-1] if runs else None
        if prev is not None and prev.suit == card.suit and classes[prev.bit] == classes[card.bit]:
            between = ((1 << card.bit) - 1) & ~((1 << (prev.bit + 1)) - 1)
            if not between & others:
                runs[-1].append(card)
                continue
        runs.append([card])
    assert mine & sum(c.mask for c in legal) == sum(c.mask for c in legal)
    return [run for run in runs if len(run) > 1]


def merges_across_the_trick(position) -> bool:
    """Does the search merge two cards with a card of the trick between them?"""
    on_trick = sum(c.mask for c in position.trick) & ~winning_card(position).mask
    return any(((1 << b.bit) - 1) & ~((1 << (a.bit + 1)) - 1) & on_trick
               for run in search_classes(position) for a, b in zip(run, run[1:]))


def positions(count: int = 40):
    """The first `count` seeded mid-trick positions where the rule merges across the trick."""
    seed = 0
    while count:
        rules = RULES[seed % len(RULES)]
        cards_left = 5 + seed % 11
        if cards_left % 4:
            position = random_position(seed, rules, cards_left)
            if merges_across_the_trick(position):
                count -= 1
                yield seed, position
        seed += 1


@pytest.mark.parametrize("seed, position", slow_after(positions(), 8), ids=lambda x: str(x)[:12])
def test_cards_the_search_merges_have_one_value(seed, position):
    runs = search_classes(position)
    target = (int(position.to_move) + 1 + seed) % 4
    for values in (paranoid_values(position), paranoid_values(position, target),
                   moon_values(position), moon_values(position, target), maxn_values(position)):
        for run in runs:
            assert len({values[c] for c in run}) == 1, (position.history, run, values)
