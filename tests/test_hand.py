"""Hands: the PBN form spades.hearts.diamonds.clubs over a card mask."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.solver import ALL_CARDS, Card, CardError, Hand, InvalidDealError, parse_cards
from hearts.solver.cards import mask_of


def test_pbn_hand_reads_spades_hearts_diamonds_clubs():
    hand = Hand("AKQ2.T93.J4.8765")
    assert len(hand) == 13
    assert hand.suit("S") == parse_cards("2S QS KS AS")
    assert hand.suit("hearts") == parse_cards("3H 9H TH")
    assert hand.suit(1) == parse_cards("4D JD")
    assert hand.suit("♣") == parse_cards("5C 6C 7C 8C")


def test_iteration_is_ascending_by_suit_then_rank():
    assert list(Hand("A.K.Q.J")) == parse_cards("JC QD KH AS")


def test_str_and_repr_round_trip():
    hand = Hand("AKQ2.T93.J4.8765")
    assert str(hand) == "AKQ2.T93.J4.8765"
    assert repr(hand) == 'Hand("AKQ2.T93.J4.8765")'
    assert eval(repr(hand)) == hand


def test_void_may_be_written_empty_or_dash_and_prints_empty():
    assert Hand("AKQ2.-.J4.8765") == Hand("AKQ2..J4.8765")
    assert str(Hand("-.-.-.2")) == "...2"
    assert len(Hand("...")) == 0


def test_ten_may_be_written_10_and_lower_case():
    assert Hand("a10.-.-.-") == Hand("AT...")


def test_membership_takes_cards_or_text():
    hand = Hand("Q...")
    assert Card("QS") in hand
    assert "QS" in hand
    assert "KS" not in hand


def test_from_cards_and_from_mask():
    cards = parse_cards("QS 2C TH")
    assert Hand.from_cards(cards) == Hand("Q.T..2")
    assert Hand.from_mask(mask_of(cards)).mask == mask_of(cards)


def test_set_operations():
    assert Hand("AK...") | Hand("...2") == Hand("AK...2")
    assert Hand("AK...2") - Hand("K...") == Hand("A...2")
    assert Hand("AK...2") & Hand("K...3") == Hand("K...")


def test_duplicate_card_in_one_hand_is_an_error():
    with pytest.raises(InvalidDealError, match='duplicate card QS in hand "QQ..."'):
        Hand("QQ...")
    with pytest.raises(InvalidDealError, match="duplicate card QS in hand"):
        Hand.from_cards(["QS", "2C", "Q♠"])


def test_hand_needs_four_suit_groups():
    with pytest.raises(InvalidDealError, match='hand "AK.Q" has 2 suit groups, expected 4'):
        Hand("AK.Q")
    with pytest.raises(InvalidDealError, match='hand "AKQ" has 1 suit group, expected 4'):
        Hand("AKQ")


def test_unknown_rank_names_suit_and_hand():
    with pytest.raises(CardError, match='unknown rank "X" in hearts of hand "A.X.."'):
        Hand("A.X..")


def test_hands_are_immutable():
    with pytest.raises(AttributeError):
        Hand("A...").x = 1  # type: ignore[attr-defined]


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_pbn_round_trip(cards):
    hand = Hand.from_cards(cards)
    assert Hand(str(hand)) == hand
    assert list(hand) == sorted(cards)
    assert len(hand) == len(cards)
