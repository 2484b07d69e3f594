"""Position mechanics: tricks, play/unplay, copies, state attributes."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.solver import (Card, Deal, HeartsError, IllegalPlayError, PassDirection, Position,
                           Rules, RulesError, Seat, parse_cards, trick_winner)

DEAL = Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942")

RULE_SETS = [Rules(), Rules.openspiel(qs_breaks_hearts=False), Rules.black_jack(),
             Rules.openspiel(can_lead_any_club=True, can_lead_hearts_instead_of_qs=True),
             Rules(no_points_on_first_trick=False, must_break_hearts=False),
             Rules(queen_at_first_chance=True), Rules(first_lead="any_card"),
             Rules.omnibus(), Rules.spot_hearts()]


def snapshot(position: Position) -> tuple:
    return (list(position.hands), list(position.history), list(position.trick), position.leader,
            position.to_move, position.hearts_broken, list(position.points),
            list(position.taken), list(position.tricks_won), position.tricks())


def test_highest_card_of_the_suit_led_wins():
    assert trick_winner(parse_cards("5C KC 3C AD"), Seat.S) is Seat.W
    assert trick_winner(parse_cards("5C 2C 3H AS"), Seat.S) is Seat.S
    assert trick_winner(parse_cards("5C"), Seat.E) is Seat.E


def test_start_of_play():
    position = Position(DEAL)
    assert position.leader is Seat.W and position.to_move is Seat.W
    assert position.history == [] and position.trick == []
    assert position.points == [0, 0, 0, 0]
    assert position.taken == [0, 0, 0, 0]
    assert position.tricks_won == [0, 0, 0, 0]
    assert position.tricks_played == 0 and position.tricks_left == 13
    assert position.hands == list(DEAL.masks)
    assert not position.is_over()


def test_a_completed_trick_goes_to_its_winner():
    position = Position(DEAL, played="2C 5C 3C TC")
    assert position.trick == []
    assert position.tricks_played == 1 and position.tricks_left == 12
    # the trick in progress counts as left until its last card
    assert Position(DEAL, played="2C 5C 3C TC QC").tricks_left == 12
    assert Position(DEAL, played="2C 5C 3C").tricks_left == 13
    assert position.leader is Seat.S and position.to_move is Seat.S
    assert position.tricks_won == [0, 0, 1, 0]
    assert position.tricks() == [(Seat.W, parse_cards("2C 5C 3C TC"))]
    assert position.hand("W").mask & Card("2C").mask == 0


def test_points_are_counted_when_the_trick_is_complete():
    # Trick 4: West leads 9♣, East and South (void in clubs) discard A♥ and Q♥; West wins.
    position = Position(DEAL, played="2C 5C 3C TC  AD 5D JD KD  QC AC 6C JC  9C 7C AH")
    assert position.trick == parse_cards("9C 7C AH")
    assert position.hearts_broken is True
    assert position.points == [0, 0, 0, 0]
    position.play("QH")
    assert position.points == [0, 0, 0, 2]
    assert position.taken[Seat.W] == sum(c.mask for c in parse_cards(
        "QC AC 6C JC 9C 7C AH QH"))
    assert position.tricks_won == [0, 0, 2, 2]
    assert position.to_move is Seat.W


def test_unplay_restores_everything():
    position = Position(DEAL, played="2C 5C 3C TC")
    before = snapshot(position)
    position.play("AD")
    assert position.unplay() is Card("AD")
    assert snapshot(position) == before
    position.unplay()
    assert position.trick == parse_cards("2C 5C 3C")
    assert position.to_move is Seat.S and position.leader is Seat.W


def test_unplay_with_nothing_played():
    with pytest.raises(HeartsError, match="nothing to unplay"):
        Position(DEAL).unplay()


def test_score_before_the_end_is_an_error():
    with pytest.raises(HeartsError, match="the deal is not over: 4 of 52 cards played"):
        Position(DEAL, played="2C 5C 3C TC").score()


def test_copy_is_independent():
    position = Position(DEAL, played="2C 5C")
    other = position.copy()
    other.play("3C")
    assert position.history == parse_cards("2C 5C")
    assert other.history == parse_cards("2C 5C 3C")


def test_repr_round_trips():
    position = Position(DEAL, Rules(moon="new"), played="2C 5C")
    again = eval(repr(position))
    assert snapshot(again) == snapshot(position)
    assert again.rules == position.rules


def test_play_checks_by_default():
    position = Position(DEAL)
    with pytest.raises(IllegalPlayError, match="^illegal play AS: West does not hold AS$"):
        position.play("AS")
    with pytest.raises(IllegalPlayError, match="^illegal play 4S: West must lead 2C$"):
        position.play("4S")


def test_no_card_is_legal_when_the_deal_is_over():
    position = Position(DEAL)
    rng = random.Random(1)
    while not position.is_over():
        position.play(rng.choice(position.legal_moves()))
    assert position.legal_moves() == []
    assert position.why_illegal("AS") == "the deal is over"
    assert sum(position.tricks_won) == 13
    assert sum(position.points) == 26


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULE_SETS))
def test_random_play_then_unplay_all_returns_to_the_start(seed, rules):
    rng = random.Random(seed)
    deal = Deal.random(rng)
    position = Position(deal, rules)
    states = []
    while not position.is_over():
        legal = position.legal_moves()
        assert legal, "a seat with cards always has a legal card"
        assert all(position.why_illegal(c) is None for c in legal)
        held = position.hand(position.to_move)
        assert all(position.why_illegal(c) is not None for c in held if c not in legal)
        states.append(snapshot(position))
        position.play(rng.choice(legal), check=False)
    final = position.score()
    assert len(final) == 4
    assert sum(position.points) == rules.total_positive_points() + sum(
        v for v in rules.point_values() if v < 0)
    while states:
        position.unplay()
        assert snapshot(position) == states.pop()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_replaying_the_history_gives_the_same_position(seed):
    rng = random.Random(seed)
    position = Position(Deal.random(rng))
    for _ in range(rng.randrange(53)):
        position.play(rng.choice(position.legal_moves()))
    again = Position(position.deal, played=position.history)
    assert snapshot(again) == snapshot(position)
    assert Position(position.deal, played=" ".join(map(str, position.history))).history == \
        position.history


def test_pass_direction_is_kept_parsed_copied_and_round_trips():
    position = Position(DEAL, Rules(sun="all_tricks", sun_paid_by="passer"), played="2C 5C",
                        pass_direction="across")
    assert position.pass_direction is PassDirection.ACROSS
    assert position.copy().pass_direction is PassDirection.ACROSS
    assert repr(position).endswith(', played="2C 5C", pass_direction="across")')
    assert eval(repr(position)).pass_direction is PassDirection.ACROSS
    assert Position(DEAL).pass_direction is None
    assert "pass_direction" not in repr(Position(DEAL))
    assert Position(DEAL, pass_direction=PassDirection.HOLD).pass_direction is PassDirection.HOLD


def test_unknown_pass_direction_is_a_rules_error():
    with pytest.raises(RulesError, match="^pass_direction='up': expected left, right, across, "
                                         "hold or none$"):
        Position(DEAL, pass_direction="up")


def test_the_moon_taker_is_the_one_seat_with_moon_cards_by_the_tricks():
    # moon_taker and may_shoot (no other seat took a moon card) against the tricks
    # themselves: each trick's winner (trick_winner) and cards, not the position's running
    # `taken`; random legal play, standard rules
    counts = {"lone": 0, "none or several": 0}
    for seed in range(12):
        rng = random.Random(seed)
        position = Position(Deal.random(rng))
        moon = position.rules.moon_mask()
        while not position.is_over():
            position.play(rng.choice(position.legal_moves()))
            takers = {trick_winner(cards, leader) for leader, cards in position.tricks()
                      if sum(card.mask for card in cards) & moon}
            assert [position.may_shoot(seat) for seat in Seat] == [takers <= {seat}
                                                                  for seat in Seat]
            expected = takers.pop() if len(takers) == 1 else None
            assert position.moon_taker() == expected
            counts["lone" if expected is not None else "none or several"] += 1
    assert min(counts.values()) > 50


def test_no_seat_may_shoot_without_a_moon_rule():
    assert Position(DEAL).may_shoot(Seat.N)
    assert not Position(DEAL, Rules.parse("standard,moon=none")).may_shoot(Seat.N)
