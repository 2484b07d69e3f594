"""The Python API on plausible wrong input: a ``HeartsError`` (a ``ValueError``) with one line
naming the problem, never a bare TypeError/AttributeError from inside the library; and the
loose forms every entry point takes alike (rules as text, ``played=None``)."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

from hearts.solver import (Card, CardError, Deal, Hand, HeartsError, InvalidDealError, Limit,
                           Position, Rules, RulesError, Suit, parse_cards, solve)
from hearts.solver.solve import Solver, SolverError

DEAL = Deal.random(1)


@pytest.mark.parametrize("call, error, message", [
    (lambda: Card(["QS"]), CardError, "not a card: ['QS']"),
    (lambda: Card.of(2, 2.5), CardError, "no card with suit H and rank 2.5 (ranks 2..14)"),
    (lambda: Card.of(2, None), CardError, "no card with suit H and rank None (ranks 2..14)"),
    (lambda: Card.of(2, True), CardError, "no card with suit H and rank True (ranks 2..14)"),
    (lambda: Suit.parse(5), CardError,
     "unknown suit 5 (suits 0..3: clubs, diamonds, hearts, spades)"),
    (lambda: Suit.parse(None), CardError, "not a suit: None"),
    (lambda: Hand("AK..Q.").suit(5), CardError,
     "unknown suit 5 (suits 0..3: clubs, diamonds, hearts, spades)"),
    (lambda: parse_cards(None), CardError, 'cards: expected a text such as "2C 3C QS", not None'),
    (lambda: Hand.from_mask(None), InvalidDealError,
     "a hand mask is an int of card bits, not None"),
    (lambda: Rules.parse(None), RulesError,
     'rules: expected a text such as "standard,moon=new", not None'),
    (lambda: Rules.preset(None), RulesError,
     'rules preset: expected a name such as "standard", not None'),
    (lambda: Rules.from_dict(None), RulesError, "rules: expected a dict of options, not None"),
    (lambda: Position(DEAL, 5), RulesError,
     'rules: expected a text such as "standard,moon=new", not 5'),
    (lambda: Position(DEAL, played=5), CardError,
     'played list: expected cards in play order ("2C 3C" or a list), not 5'),
    (lambda: Deal.random(1, rules="pagat,players=9"), RulesError, "players"),
    (lambda: Limit(nodes=10**30), SolverError,
     "nodes must be a whole number 1..2**62, got 1000000000000000000000000000000"),
    (lambda: Limit(nodes=float("nan")), SolverError,
     "nodes must be a whole number 1..2**62, got nan"),
    (lambda: Limit(nodes="100"), SolverError, "nodes must be a whole number 1..2**62, got '100'"),
    (lambda: Limit(nodes=2.5), SolverError, "nodes must be a whole number 1..2**62, got 2.5"),
    (lambda: Limit(nodes=True), SolverError, "nodes must be a whole number 1..2**62, got True"),
    (lambda: Limit(time_ms=float("nan")), SolverError,
     "time_ms must be a positive, finite number of milliseconds, got nan"),
    (lambda: Limit(time_ms=float("inf")), SolverError,
     "time_ms must be a positive, finite number of milliseconds, got inf"),
    (lambda: solve(DEAL, limit=5000), SolverError,
     "limit must be a Limit, e.g. Limit(nodes=100000) or Limit(time_ms=500), not 5000"),
    (lambda: Solver(tt_bits=2.5), SolverError,
     "tt_bits must be a whole number 10..28 (1 K to 256 M entries), got 2.5"),
    (lambda: Solver(tt_bits=9), SolverError,
     "tt_bits must be a whole number 10..28 (1 K to 256 M entries), got 9"),
    (lambda: Solver().solve_position(str(DEAL)), SolverError,
     "solve_position takes a Position, not str (solve(deal, played) takes a deal)"),
])
def test_wrong_input_is_a_hearts_error_naming_it(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, (HeartsError, ValueError))
    text = str(info.value)
    assert "\n" not in text
    assert text == message or (message == "players" and message in text)


def test_every_entry_point_takes_rules_as_text():
    # solve() took "pagat"; Position and Deal.random raised AttributeError on it.
    assert Position(DEAL, "pagat").rules == Rules.preset("pagat")
    five = Deal.random(1, rules="pagat,players=5")
    assert five.players == 5 and five == Deal.random(1, rules=Rules.parse("pagat,players=5"))
    assert Rules.of(None) == Rules.standard() and Rules.of("standard") == Rules.standard()
    from hearts.analysis.knowledge import Knowledge
    from hearts.analysis.moon import moon_odds
    from hearts.analysis.settings import Sampling
    from hearts.solver.game import play_game
    known = Knowledge.from_deal(DEAL, None, "hold", "", "S", "pagat")
    assert known.rules == Rules.preset("pagat")
    odds = moon_odds("AKQ.AKQJ98.AK.A2", sampling=Sampling(2), rules="standard,moon=new")
    assert odds.rules == Rules.parse("standard,moon=new") and odds.shoots == 2
    assert play_game("standard,target=20", 5).totals == play_game(
        Rules.parse("standard,target=20"), 5).totals


def test_played_none_is_nothing_played():
    assert Position(DEAL, played=None) == Position(DEAL)
    assert solve(DEAL, played=None, limit=Limit(nodes=5000)).cards == solve(
        DEAL, limit=Limit(nodes=5000)).cards


def test_card_of_reads_suits_as_suit_parse_and_numpy_ranks():
    assert Card.of("H", 5) == Card("5H") == Card.of(Suit.HEARTS, np.int64(5))
    assert Suit.parse(3) is Suit.SPADES and Suit.parse(Suit.CLUBS) is Suit.CLUBS


def test_hand_and_deal_refuse_deleting_their_state():
    hand, deal = Hand("AK..Q."), Deal.random(2)
    with pytest.raises(AttributeError, match="Hand is immutable"):
        del hand._mask
    with pytest.raises(AttributeError, match="Deal is immutable"):
        del deal._hands
    assert hash(hand) == hash(Hand("AK..Q.")) and len(deal.hands) == 4


def test_a_position_equals_its_repr_and_is_unhashable():
    position = Position(Deal.random(3), "pagat", played="2C")
    again = eval(repr(position), {"Position": Position, "Deal": Deal, "Rules": Rules})
    assert again == position and position.copy() == position
    assert pickle.loads(pickle.dumps(position)) == position
    again.unplay()
    assert again != position and again == Position(Deal.random(3), "pagat")
    with pytest.raises(TypeError):
        hash(position)
