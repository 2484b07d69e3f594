"""Play and scoring at tables of 3 to 7 players (``docs/rules.md`` "Players and deck",
"Moon and sun").

Seats of such tables are ints 0..n-1 written A, B, C, …; deals are ``"A:<A> <B> ..."``, the
kitty a last hand marked ``+``.
"""
from __future__ import annotations

import random

import pytest

from hearts.solver import (ALL_CARDS, Deal, Hand, HeartsError, InvalidDealError, Position,
                           Rules, parse_cards)

# 3 players, Morehead 2001 (2♣ removed): A holds every spade and A K Q J of hearts, B the other
# hearts and eight diamonds, C the low diamonds and the twelve clubs left.
THREE = Deal("A:AKQJT98765432.AKQJ.. .T98765432.AKQJT987. ..65432.AKQJT9876543")


def kitty_deal(kitty: str) -> Deal:
    """5 players, ``card_removal="kitty"``: the other 50 cards dealt ten each in deck order."""
    held = parse_cards(kitty)
    rest = [c for c in ALL_CARDS if c not in held]
    return Deal.from_hands([Hand.from_cards(rest[10 * i:10 * i + 10]) for i in range(5)],
                           kitty=Hand.from_cards(held))


KITTY5 = Rules(players=5, card_removal="kitty")


# -- deals ----------------------------------------------------------------------------------------

def test_three_hand_deal_reads_and_writes_back():
    assert THREE.players == 3
    assert str(THREE) == "A:AKQJT98765432.AKQJ.. .T98765432.AKQJT987. ..65432.AKQJT9876543"
    assert eval(repr(THREE)) == THREE
    assert THREE["B"] == THREE[1] == Hand(".T98765432.AKQJT987.")


def test_deal_may_start_at_any_seat_clockwise():
    assert Deal("B:.T98765432.AKQJT987. ..65432.AKQJT9876543 AKQJT98765432.AKQJ..") == THREE


def test_kitty_is_written_after_the_hands():
    deal = kitty_deal("QS 2H")
    assert str(deal).endswith(" +Q.2..")
    assert Deal(str(deal)) == deal
    assert deal.kitty == Hand("Q.2..")


def test_four_player_deal_has_no_kitty():
    two = Hand("...2").mask
    hands = [mask & ~two for mask in Deal.random(1).masks]
    with pytest.raises(InvalidDealError, match="a 4-player deal has no kitty, got ...2"):
        Deal.from_masks(hands, kitty=two)


def test_random_deal_for_the_rules_table():
    deal = Deal.random(9, Rules(players=6, card_removal="pagat"))
    assert [len(h) for h in deal.hands] == [8] * 6
    assert not deal.kitty
    kitty = Deal.random(9, Rules(players=7, card_removal="kitty"))
    assert [len(h) for h in kitty.hands] == [7] * 7 and len(kitty.kitty) == 3


def test_random_four_player_deal_is_unchanged_by_the_rules_argument():
    assert Deal.random(3, Rules()) == Deal.random(3)


def test_position_rejects_a_removed_card():
    deal = Deal.random(2, Rules(players=3, card_removal="pagat"))   # 2♦ removed, 2♣ in play
    with pytest.raises(InvalidDealError, match="holds 2C, removed by card_removal=morehead2001; "
                                               "misses 2D"):
        Position(deal, Rules(players=3))


def test_position_rejects_a_deal_of_another_table():
    with pytest.raises(InvalidDealError, match="the deal has 3 hands, the rules are for 4 "
                                               "players"):
        Position(THREE)


# -- the first lead -------------------------------------------------------------------------------

def test_lowest_club_leads_when_the_two_of_clubs_is_removed():
    position = Position(THREE, Rules(players=3))
    assert position.to_move == 2
    assert position.legal_moves() == parse_cards("3C")
    assert position.why_illegal("AC") == "Player C must lead 3C"


def test_four_of_clubs_leads_when_two_and_three_of_clubs_are_removed_morehead_six():
    deal = Deal.random(4, Rules(players=6))   # Morehead 2001: 2♣ 2♦ 3♣ 2♠ out
    position = Position(deal, Rules(players=6))
    assert position.legal_moves() == parse_cards("4C")
    assert position.to_move == deal.holder("4C")


def test_two_of_clubs_leads_when_it_is_in_play_pagat_six():
    deal = Deal.random(4, Rules(players=6, card_removal="pagat"))   # 2♦ 3♦ 3♣ 4♣ out
    assert Position(deal, Rules(players=6, card_removal="pagat")).legal_moves() == \
        parse_cards("2C")


def test_lowest_club_in_the_hands_leads_when_the_two_of_clubs_is_in_the_kitty():
    position = Position(kitty_deal("2C 2H"), KITTY5)
    assert position.legal_moves() == parse_cards("3C")


def test_first_trick_rule_at_three_players():
    position = Position(THREE, Rules(players=3), played="3C")
    assert position.to_move == 0          # A: void in clubs, only spades and hearts
    assert position.legal_moves() == parse_cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")


# -- tricks of n cards and the kitty --------------------------------------------------------------

def test_a_trick_has_one_card_per_player():
    position = Position(THREE, Rules(players=3), played="3C 2S 7D")
    assert position.tricks_played == 1
    assert position.tricks() == [(2, parse_cards("3C 2S 7D"))]
    assert position.to_move == 2 and position.leader == 2


def test_kitty_goes_to_the_winner_of_trick_one():
    # Trick 1: A leads 2C, B wins with AC, C, D, E discard; B takes the kitty's Q♠ 2♥: 14 points.
    position = Position(kitty_deal("QS 2H"), KITTY5, played="2C AC AD 3S AS")
    assert position.points == [0, 14, 0, 0, 0]
    assert position.taken[1] & Hand("Q.2..").mask == Hand("Q.2..").mask


def test_unplay_gives_the_kitty_back():
    position = Position(kitty_deal("QS 2H"), KITTY5, played="2C AC AD 3S AS")
    position.unplay()
    assert position.points == [0] * 5 and position.taken == [0] * 5


# -- scoring at n players -------------------------------------------------------------------------

def masks(*hands: str) -> list[int]:
    return [Hand(h or "...").mask for h in hands]


def test_old_moon_at_three_players_26_to_each_other_player():
    rules = Rules(players=3)
    taken = masks("Q.AKQJT98765432..", "AKJT98765432...", "..AKQJT98765432.AKQJT9876543")
    assert rules.score(taken, [10, 4, 3]) == [0, 26, 26]


def test_new_moon_at_five_players_minus_26_to_the_shooter():
    rules = Rules(players=5, moon="new")
    taken = masks("Q.AKQJT98765432..", "", "", "", "")
    assert rules.score(taken, [3, 2, 2, 2, 1]) == [-26, 0, 0, 0, 0]


def test_moon_without_the_removed_two_of_hearts_award_25_culbertson_six():
    rules = Rules(players=6, card_removal="culbertson1950")
    taken = masks("Q.AKQJT9876543..", "", "", "", "", "")
    assert rules.score(taken, [3, 1, 1, 1, 1, 1]) == [0, 25, 25, 25, 25, 25]


def test_void_moon_scores_nothing_culbertson1950():
    rules = Rules.culbertson1950(players=3)
    taken = masks("Q.AKQJT98765432..", "", "")
    assert rules.score(taken, [9, 4, 4]) == [0, 0, 0]


def test_sun_at_three_players_needs_all_17_tricks():
    rules = Rules(players=3, sun="all_tricks")
    taken = masks("Q.AKQJT98765432..", "", "")
    assert rules.score(taken, [17, 0, 0]) == [0, 52, 52]
    assert rules.score(taken, [16, 1, 0]) == [0, 26, 26]     # a moon, not a sun


def test_sun_paid_by_the_passer_at_five_players():
    rules = Rules(players=5, sun="all_tricks", sun_paid_by="passer")
    assert rules.sun_payers(0, 2) == (3,)       # passing 2 seats left, D passed to A
    assert rules.sun_payers(0, None) == (1, 2, 3, 4)


def test_score_needs_one_entry_per_player():
    with pytest.raises(HeartsError, match="score of 4 seats, but the rules are for 3 players"):
        Rules(players=3).score([0, 0, 0, 0], [13, 0, 0, 0])


# -- random play at every table -------------------------------------------------------------------

TABLES = [Rules(players=n, card_removal=reading)
          for n in (3, 5, 6, 7)
          for reading in ("foster1909", "culbertson1950", "morehead2001", "pagat", "kitty")
          if not (n == 7 and reading in ("foster1909", "morehead2001"))]


@pytest.mark.parametrize("rules", TABLES, ids=repr)
def test_random_play_to_the_end_and_back(rules):
    rng = random.Random(rules.players)
    for seed in range(3):
        deal = Deal.random(seed, rules)
        position = Position(deal, rules)
        while not position.is_over():
            legal = position.legal_moves()
            assert legal, repr(position)
            position.play(legal[rng.randrange(len(legal))])
        assert position.tricks_played == rules.hand_size()
        assert sum(position.tricks_won) == rules.hand_size()
        assert sum(position.points) == rules.total_positive_points()
        assert len(position.score()) == rules.players
        while position.history:
            position.unplay()
        assert position.points == [0] * rules.players
        assert position.hands == list(deal.masks)


# -- point tables at other tables -----------------------------------------------------------------

def test_pink_lady_at_five_players_moon_award_38():
    rules = Rules(players=5, queen_of_hearts=13)
    assert rules.total_positive_points() == 38
    taken = masks("Q.AKQJT98765432..", "", "", "", "")
    assert rules.score(taken, [4, 2, 2, 1, 1]) == [0, 38, 38, 38, 38]


def test_spot_hearts_without_the_two_of_hearts_totals_115_culbertson_six():
    rules = Rules(players=6, card_removal="culbertson1950", heart_scale="spot")
    assert rules.total_positive_points() == 104 - 2 + 13


def test_omnibus_at_three_players_ten_of_diamonds_minus_10():
    rules = Rules(players=3, bonus_card="TD", moon_needs_bonus_card=True)
    taken = masks(".AK..", "..T.", "Q...")
    assert rules.score(taken, [6, 6, 5]) == [2, -10, 13]


def test_black_jack_at_seven_players():
    rules = Rules(players=7, card_removal="pagat", queen_of_spades=0, jack_of_spades=10)
    taken = masks("J...", ".A..", "Q...", "", "", "", "")
    assert rules.score(taken, [2, 1, 1, 1, 1, 1, 0]) == [10, 1, 0, 0, 0, 0, 0]


def test_no_trick_bonus_at_five_players():
    rules = Rules(players=5, no_trick_bonus=-5)
    taken = masks(".AK..", "Q...", "", "", "")
    assert rules.score(taken, [4, 3, 3, 0, 0]) == [2, 13, 0, -5, -5]


def test_position_at_three_players_repr_round_trips():
    position = Position(THREE, Rules(players=3), played="3C 2S 7D", pass_direction=2)
    assert repr(position) == ('Position(Deal("A:AKQJT98765432.AKQJ.. .T98765432.AKQJT987. '
                              '..65432.AKQJT9876543"), rules=Rules(players=3), '
                              'played="3C 2S 7D", pass_direction=2)')
    again = eval(repr(position))
    assert again.history == position.history and again.pass_direction == 2
