"""Suits and cards: spellings, encodings (docs/internals.md), ordering, errors."""
from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.solver import ALL_CARDS, Card, CardError, Suit, parse_cards
from hearts.solver.cards import DECK_MASK, SUIT_MASKS, cards_from_mask, mask_of

cards = st.sampled_from(ALL_CARDS)


def test_suit_values_follow_openspiel_order():
    assert [int(s) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)] == [0, 1, 2, 3]


def test_suit_letter_and_symbol():
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]


@pytest.mark.parametrize("text", ["h", "H", "♥", "♡", "hearts", "Hearts", "heart"])
def test_suit_parse_spellings(text):
    assert Suit.parse(text) is Suit.HEARTS


def test_suit_parse_unknown_names_the_text():
    with pytest.raises(CardError, match='unknown suit "x"'):
        Suit.parse("x")


@pytest.mark.parametrize("text", ["QS", "qs", "Q♠", "SQ", "♠Q", "sq", "q♤", " QS "])
def test_queen_of_spades_spellings_are_one_object(text):
    assert Card(text) is Card("QS")


@pytest.mark.parametrize("text", ["TH", "10H", "th", "10♥", "HT", "H10", "♥10"])
def test_ten_spellings(text):
    assert Card(text) is Card("TH")


def test_queen_of_spades_encoding():
    qs = Card("QS")
    assert qs.suit is Suit.SPADES
    assert qs.rank == 12
    assert qs.rank_index == 10
    assert qs.bit == 16 * 3 + 10 == 58
    assert qs.mask == 1 << 58
    assert qs.openspiel_id == 43


def test_openspiel_ids_of_the_corner_cards():
    assert Card.from_openspiel(0) is Card("2C")
    assert Card.from_openspiel(1) is Card("2D")
    assert Card.from_openspiel(43) is Card("QS")
    assert Card.from_openspiel(51) is Card("AS")


def test_there_are_52_interned_cards():
    assert len(ALL_CARDS) == 52
    assert len({id(c) for c in ALL_CARDS}) == 52
    assert mask_of(ALL_CARDS) == DECK_MASK


def test_text_forms():
    card = Card("10h")
    assert str(card) == "TH"
    assert card.symbol() == "T♥"
    assert repr(card) == 'Card("TH")'
    assert eval(repr(card)) is card
    assert f"{card:>3}" == " TH"


def test_order_is_suit_then_rank():
    assert sorted(parse_cards("AS 2C QH 3C KD")) == parse_cards("2C 3C KD QH AS")
    assert Card("AC") < Card("2D")
    assert Card("2S") > Card("AH")


def test_cards_are_immutable_and_stay_interned_through_copy_and_pickle():
    card = Card("7D")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_parse_cards_accepts_spaces_and_commas():
    assert parse_cards("2C 3C,QS, 10h") == [Card("2C"), Card("3C"), Card("QS"), Card("TH")]
    assert parse_cards("") == []


def test_suit_masks_cover_one_lane_each():
    assert SUIT_MASKS[Suit.CLUBS] == 0x1FFF
    assert SUIT_MASKS[Suit.SPADES] == 0x1FFF << 48
    assert cards_from_mask(SUIT_MASKS[Suit.HEARTS])[0] is Card("2H")


@pytest.mark.parametrize("text", ["1X", "QX", "", "11H", "Q", "QSS", "1H", "ZZ"])
def test_malformed_card_is_a_card_error_naming_it(text):
    with pytest.raises(CardError) as info:
        Card(text)
    message = str(info.value)
    assert f'"{text}"' in message
    assert "\n" not in message


@pytest.mark.parametrize("text", ["2C AC KC", "2C,AC,KC", "2C, AC, KC", " 2C ,AC,  KC ",
                                  "2C AC, KC", "2C\tAC\nKC"])
def test_parse_cards_accepts_spaces_commas_or_both(text):
    assert parse_cards(text) == [Card("2C"), Card("AC"), Card("KC")]


@pytest.mark.parametrize("text, where, item", [
    ("2C,AC,,KC", "between commas", 3),
    ("2C, AC, , KC", "between commas", 3),
    (",2C", "before the first comma", 1),
    ("2C,AC,", "after the last comma", 3),
])
def test_parse_cards_refuses_an_empty_item(text, where, item):
    # "2C,AC,,KC" read as 2C AC KC: a card left out vanished.
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert str(info.value) == f'empty card {where} (item {item} of "{text}")'


def test_parse_cards_names_the_bad_item():
    with pytest.raises(CardError, match=r'unknown card "1X" \(item 3 of "2C 3C 1X"\)'):
        parse_cards("2C 3C 1X")


def test_from_bit_rejects_unused_lane_bits():
    assert Card.from_bit(58) is Card("QS")
    with pytest.raises(CardError, match="no card has bit 13"):
        Card.from_bit(13)


def test_from_openspiel_rejects_ids_outside_the_deck():
    with pytest.raises(CardError, match="52"):
        Card.from_openspiel(52)


@given(cards)
def test_every_spelling_round_trips(card):
    assert Card(str(card)) is card
    assert Card(card.symbol()) is card
    assert Card(str(card).lower()) is card
    assert Card(card.suit.letter + str(card)[0]) is card
    assert Card.from_bit(card.bit) is card
    assert Card.from_openspiel(card.openspiel_id) is card
    assert eval(repr(card)) is card


@given(st.sets(cards))
def test_mask_round_trip(some):
    assert cards_from_mask(mask_of(some)) == sorted(some)
