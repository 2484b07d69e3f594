"""Deals: PBN deal strings, validation of a full deal, random deals, the pass."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.solver import (Card, Deal, Hand, InvalidDealError, PassDirection, Seat, after_pass,
                           parse_cards)

# One fixed deal, N E S W.
PBN = "N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942"


def test_pbn_deal_reads_north_east_south_west():
    deal = Deal(PBN)
    assert deal[Seat.N] == Hand("AKQ2.T93.J4.8765")
    assert deal[Seat.E] == Hand("JT98.AK82.KQ3.J3")
    assert deal["S"] == Hand("7653.Q4.A9876.QT")
    assert deal.hands[3] == Hand("4.J765.T52.AK942")


def test_first_letter_may_be_any_seat_hands_go_clockwise_from_it():
    from_east = "E:JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942 AKQ2.T93.J4.8765"
    assert Deal(from_east) == Deal(PBN)
    assert str(Deal(from_east)) == PBN


def test_str_and_repr_round_trip():
    deal = Deal(PBN)
    assert str(deal) == PBN
    assert repr(deal) == f'Deal("{PBN}")'
    assert eval(repr(deal)) == deal


def test_holder():
    deal = Deal(PBN)
    assert deal.holder("QS") is Seat.N
    assert deal.holder(Card("2C")) is Seat.W


def test_duplicate_card_names_both_seats():
    bad = "N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT Q.J765.T52.AK942"
    with pytest.raises(InvalidDealError, match="^duplicate card QS: North and West$"):
        Deal(bad)


def test_wrong_hand_size_names_the_seat():
    # North's 2S moved to South: 52 distinct cards, but 12 and 14.
    bad = "N:AKQ.T93.J4.8765 JT98.AK82.KQ3.J3 76532.Q4.A9876.QT 4.J765.T52.AK942"
    with pytest.raises(InvalidDealError, match="^North holds 12 cards, expected 13$"):
        Deal(bad)


def test_missing_cards_are_listed():
    bad = "N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q.A9876.QT 4.J765.T52.AK942"
    with pytest.raises(InvalidDealError, match=r"^missing cards: 4H \(South holds 12\)$"):
        Deal(bad)


def test_partial_deal_allowed_when_asked():
    deal = Deal("N:A... K... Q... J...", full=False)
    assert not deal.is_full()
    with pytest.raises(InvalidDealError, match="North holds 1 card, expected 13|missing cards"):
        Deal("N:A... K... Q... J...")


def test_malformed_deal_strings():
    with pytest.raises(InvalidDealError, match='does not start with a seat letter and ":"'):
        Deal("AKQ2.T93.J4.8765")
    with pytest.raises(InvalidDealError, match="deal has 3 hands, expected 4"):
        Deal("N:A... K... Q...")
    with pytest.raises(InvalidDealError, match="starts with \"X\""):
        Deal("X:A... K... Q... J...")


def test_random_deals_are_reproducible_from_a_seed_a_random_and_numpy():
    assert Deal.random(7) == Deal.random(7)
    assert Deal.random(7) != Deal.random(8)
    assert Deal.random(random.Random(3)) == Deal.random(random.Random(3))
    assert Deal.random(np.random.default_rng(5)) == Deal.random(np.random.default_rng(5))
    assert Deal.random(np.random.default_rng(5)).is_full()


def test_openspiel_ids_deal_round_robin():
    ids = list(range(52))  # 2C 2D 2H 2S 3C ... : card i to seat i mod 4
    deal = Deal.from_openspiel_ids(ids)
    assert deal[Seat.N] == Hand("...AKQJT98765432")
    assert deal[Seat.W] == Hand("AKQJT98765432...")
    assert deal.to_openspiel_ids() == ids


def test_openspiel_ids_errors_name_the_position():
    with pytest.raises(InvalidDealError, match="52 card ids, got 3"):
        Deal.from_openspiel_ids([0, 1, 2])
    with pytest.raises(InvalidDealError, match=r"deal id 2: card 2C \(0\) already dealt as id 1"):
        Deal.from_openspiel_ids([0, 0] + list(range(2, 52)))
    with pytest.raises(InvalidDealError, match="deal id 52: OpenSpiel card id 52 is not in 0..51"):
        Deal.from_openspiel_ids(list(range(51)) + [52])


# -- the pass -----------------------------------------------------------------------------

PASSES = {Seat.N: "AS KS QS", Seat.E: "AH KH 8H", Seat.S: "AD 9D 8D", Seat.W: "AC KC 9C"}


def test_pass_left_gives_each_seat_the_cards_of_its_right_hand_neighbour():
    after = after_pass(Deal(PBN), PASSES, PassDirection.LEFT)
    assert after[Seat.N] == Hand("2.T93.J4.AK98765")     # gets West's AC KC 9C
    assert after[Seat.E] == Hand("AKQJT98.2.KQ3.J3")     # gets North's AS KS QS
    assert after[Seat.S] == Hand("7653.AKQ84.76.QT")     # gets East's AH KH 8H
    assert after[Seat.W] == Hand("4.J765.AT9852.42")     # gets South's AD 9D 8D


def test_pass_across_and_right():
    across = after_pass(Deal(PBN), PASSES, "across")
    assert set(parse_cards("AS KS QS")) <= set(across[Seat.S])
    right = after_pass(Deal(PBN), PASSES, PassDirection.RIGHT)
    assert set(parse_cards("AS KS QS")) <= set(right[Seat.W])
    assert right.is_full()


def test_hold_needs_no_pass():
    deal = Deal(PBN)
    assert after_pass(deal, None, PassDirection.HOLD) == deal
    assert after_pass(deal, {s: [] for s in Seat}, PassDirection.HOLD) == deal


def test_pass_count_argument():
    two_each = {Seat.N: "AS KS", Seat.E: "AH KH", Seat.S: "AD 9D", Seat.W: "AC KC"}
    after = after_pass(Deal(PBN), two_each, PassDirection.LEFT, count=2)
    assert Card("AS") in after[Seat.E]


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_deal_round_trip(seed):
    deal = Deal.random(seed)
    assert Deal(str(deal)) == deal
    assert Deal.from_openspiel_ids(deal.to_openspiel_ids()) == deal
    assert sum(len(h) for h in deal) == 52
