"""Bad input: every error is the right class with one line naming the problem and the place."""
from __future__ import annotations

import pytest

from hearts.solver import (Card, CardError, Deal, HeartsError, Hand, IllegalPlayError,
                           InvalidDealError, Position, RecordSyntaxError, Rules, RulesError)

DEAL = "N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942"


def one_line(error: BaseException) -> str:
    message = str(error)
    assert "\n" not in message
    return message


def test_every_error_is_a_value_error():
    for cls in (CardError, InvalidDealError, IllegalPlayError, RulesError, RecordSyntaxError):
        assert issubclass(cls, HeartsError)
        assert issubclass(cls, ValueError)


def test_malformed_card():
    with pytest.raises(CardError) as info:
        Card("Q")
    assert one_line(info.value) == 'unknown card "Q"'


def test_unknown_card():
    with pytest.raises(CardError) as info:
        Card("1S")
    assert one_line(info.value) == 'unknown card "1S"'


def test_unknown_card_in_a_deal_names_the_seat():
    with pytest.raises(CardError) as info:
        Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK94X")
    assert one_line(info.value) == (
        "West's hand: unknown rank \"X\" in clubs of hand \"4.J765.T52.AK94X\"")


def test_duplicate_card_across_hands():
    with pytest.raises(InvalidDealError) as info:
        Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT Q.J765.T52.AK942")
    assert one_line(info.value) == "duplicate card QS: North and West"


def test_duplicate_card_within_a_hand_names_the_seat():
    with pytest.raises(InvalidDealError) as info:
        Deal("N:AKQQ.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942")
    assert one_line(info.value) == 'North\'s hand: duplicate card QS in hand "AKQQ.T93.J4.8765"'


def test_wrong_hand_size():
    with pytest.raises(InvalidDealError) as info:
        Deal("N:AKQ.T93.J4.8765 JT98.AK82.KQ3.J3 76532.Q4.A9876.QT 4.J765.T52.AK942")
    assert one_line(info.value) == "North holds 12 cards, expected 13"


def test_played_card_not_held():
    with pytest.raises(IllegalPlayError) as info:
        Position(DEAL, played="2C 5C 3C AS")
    assert one_line(info.value) == 'card 4 of played list ("AS"): South does not hold AS'


def test_played_card_played_twice():
    with pytest.raises(IllegalPlayError) as info:
        Position(DEAL, played="2C 5C 3C TC 2C")
    assert one_line(info.value) == 'card 5 of played list ("2C"): 2C was already played'


def test_illegal_play():
    with pytest.raises(IllegalPlayError) as info:
        Position(DEAL, played="2C 5C 8H")
    assert one_line(info.value) == 'card 3 of played list ("8H"): East must follow clubs'


def test_malformed_card_in_a_played_list():
    with pytest.raises(CardError) as info:
        Position(DEAL, played="2C 5X")
    assert one_line(info.value) == 'played list: unknown card "5X" (item 2 of "2C 5X")'
    with pytest.raises(CardError) as info:
        Position(DEAL, played=["2C", "5X"])
    assert one_line(info.value) == 'card 2 of played list: unknown card "5X"'


def test_unknown_rule():
    with pytest.raises(RulesError) as info:
        Rules.parse("standard,moon_shot=new")
    assert one_line(info.value).startswith('unknown rules option "moon_shot"')


def test_hand_text_errors():
    with pytest.raises(InvalidDealError):
        Hand("AKQ")


def test_record_syntax_error_carries_line_and_column():
    error = RecordSyntaxError("bad token", 12, 5)
    assert str(error) == "line 12, column 5: bad token"
    assert (error.line, error.column) == (12, 5)
    assert str(RecordSyntaxError("bad", 3)) == "line 3: bad"
