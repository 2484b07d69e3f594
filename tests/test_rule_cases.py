"""The rules of play, one case per test, with the expected cards written out.

Rule sources: ``rules.md`` (standard game), OpenSpiel ``PlayLegalActions`` (the option names),
Morehead 2001 (club rule), Foster 1909 / Culbertson 1950 (any first lead).
"""
from __future__ import annotations

import json
import random

import pytest

from hearts.solver import (Card, Deal, Hand, IllegalPlayError, InvalidDealError, PassDirection,
                           Position, Rules, Seat, after_pass, parse_cards)
from hearts.solver.cards import mask_of


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# South is void in clubs and holds A♠ Q♠ 7♠, nine hearts and 7♦; North leads 2♣, East plays J♣.
VOID_SOUTH = Deal("N:KJT9.A.AKQ.AK932 8.3.JT98.QJT8765 AQ7.KQJT98765.7. 65432.42.65432.4")


def test_first_trick_void_player_may_not_discard_hearts_or_the_queen():
    position = Position(VOID_SOUTH, played="2C JC")
    assert position.to_move is Seat.S
    assert position.legal_moves() == cards("7D 7S AS")


def test_first_trick_void_player_holding_only_hearts_and_the_queen_may_play_any_card():
    deal = Deal("N:KJT9.A.AKQ.AK932 8..JT987.QJT8765 Q.KQJT98765432.. A765432..65432.4")
    position = Position(deal, played="2C JC")
    assert position.legal_moves() == list(Hand("Q.KQJT98765432.."))


def test_first_trick_discards_are_free_without_no_points_on_first_trick():
    position = Position(VOID_SOUTH, Rules(no_points_on_first_trick=False), played="2C JC")
    assert position.legal_moves() == list(Hand("AQ7.KQJT98765.7."))


def test_discarding_the_queen_on_trick_one_names_the_rule():
    position = Position(VOID_SOUTH, played="2C JC")
    assert position.why_illegal("QS") == "South may not discard QS: no points on the first trick"


def test_follow_suit_if_able():
    position = Position(VOID_SOUTH, played="2C")
    assert position.to_move is Seat.E
    assert position.legal_moves() == cards("5C 6C 7C 8C TC JC QC")
    assert position.why_illegal("TD") == "East must follow clubs"


# East wins trick 1 with A♣ and leads with 4♣ K♠ A♠ and nine hearts; West is void in spades.
LEADER_EAST = Deal("N:QJT3..AKQJ.KQJT2 AK.QJT987654..A4 9876542..T9.9873 .AK32.8765432.65")


def test_leader_may_not_lead_hearts_before_they_are_broken():
    position = Position(LEADER_EAST, played="2C AC 3C 5C")
    assert position.to_move is Seat.E
    assert position.hearts_broken is False
    assert position.legal_moves() == cards("4C KS AS")
    assert position.why_illegal("QH") == "East may not lead QH: hearts are not broken"


def test_once_a_heart_has_been_played_the_leader_may_lead_hearts():
    position = Position(LEADER_EAST, played="2C AC 3C 5C  KS 2S 3H 3S")
    assert position.hearts_broken is True
    assert position.to_move is Seat.E
    assert position.legal_moves() == cards("4C 4H 5H 6H 7H 8H 9H TH JH QH AS")


def test_with_must_break_hearts_off_hearts_may_be_led_at_once():
    position = Position(LEADER_EAST, Rules(must_break_hearts=False), played="2C AC 3C 5C")
    assert position.legal_moves() == cards("4C 4H 5H 6H 7H 8H 9H TH JH QH KS AS")


# East wins trick 1 with A♣, its only club, and then holds only Q♠ and eleven hearts.
QUEEN_AND_HEARTS = Deal("N:AKJT..AKQJT.KQJ2 Q.KQJT9876543..A 9876..98765.T987 5432.A2.432.6543")


def test_leader_with_only_the_queen_and_hearts_must_lead_the_queen():
    position = Position(QUEEN_AND_HEARTS, played="2C AC TC 6C")
    assert position.to_move is Seat.E
    assert position.legal_moves() == cards("QS")
    assert position.why_illegal("KH") == (
        "East may not lead KH: hearts are not broken (must lead QS)")


def test_can_lead_hearts_instead_of_qs_frees_that_leader():
    rules = Rules.openspiel(can_lead_hearts_instead_of_qs=True)
    position = Position(QUEEN_AND_HEARTS, rules, played="2C AC TC 6C")
    assert position.legal_moves() == cards("3H 4H 5H 6H 7H 8H 9H TH JH QH KH QS")


def test_the_queen_of_spades_breaks_hearts_by_default():
    # Trick 2: East leads Q♠, North wins it with A♠.
    position = Position(QUEEN_AND_HEARTS, played="2C AC TC 6C QS 9S 5S AS")
    assert position.hearts_broken is True


def test_the_queen_of_spades_does_not_break_hearts_without_qs_breaks_hearts():
    position = Position(QUEEN_AND_HEARTS, Rules.openspiel(qs_breaks_hearts=False),
                        played="2C AC TC 6C QS 9S 5S AS")
    assert position.hearts_broken is False


def test_a_leader_holding_only_hearts_may_lead_one_before_they_are_broken():
    # East wins trick 1 with A♣, its only club, and then holds only hearts.
    deal = Deal("N:AKJT..AKQJT.KQJ2 .KQJT98765432..A 9876..98765.T987 Q5432.A.432.6543")
    position = Position(deal, played="2C AC TC 6C")
    assert position.to_move is Seat.E
    assert position.hearts_broken is False
    assert position.legal_moves() == cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")


# -- the first lead ---------------------------------------------------------------------

def test_the_holder_of_the_two_of_clubs_leads_it():
    position = Position(VOID_SOUTH)
    assert position.to_move is Seat.N
    assert position.legal_moves() == cards("2C")
    assert position.why_illegal("AC") == "North must lead 2C"


def test_any_club_may_lead_with_can_lead_any_club():
    position = Position(VOID_SOUTH, Rules.openspiel(can_lead_any_club=True))
    assert position.to_move is Seat.N
    assert position.legal_moves() == cards("2C 3C 9C KC AC")
    assert position.why_illegal("AD") == "North must lead a club to the first trick"


def test_any_first_lead_is_made_by_the_given_seat():
    rules = Rules(first_lead="any_card")
    position = Position(VOID_SOUTH, rules, first_leader=Seat.E)
    assert position.to_move is Seat.E
    # Any card but a heart (hearts are not broken).
    assert position.legal_moves() == cards("5C 6C 7C 8C TC JC QC 8D 9D TD JD 8S")
    assert Position(VOID_SOUTH, rules).to_move is Seat.N  # default: North


def test_any_first_lead_may_not_be_a_penalty_card_with_no_points_on_first_trick():
    rules = Rules(first_lead="any_card")
    position = Position(VOID_SOUTH, rules, first_leader=Seat.S)
    assert position.legal_moves() == cards("7D 7S AS")
    assert position.why_illegal("QS") == "South may not lead QS: no points on the first trick"
    free = Position(VOID_SOUTH, Rules(first_lead="any_card", no_points_on_first_trick=False),
                    first_leader=Seat.S)
    assert free.legal_moves() == cards("7D 7S QS AS")


def test_first_leader_must_agree_with_the_two_of_clubs():
    from hearts.solver import RulesError
    with pytest.raises(RulesError, match=r"first_leader=East, but .* holder of 2C \(North\) leads"):
        Position(VOID_SOUTH, first_leader="E")


# -- club rule (Morehead 2001) ----------------------------------------------------------

def test_club_rule_holder_of_the_queen_must_play_it_when_void():
    rules = Rules(queen_at_first_chance=True, no_points_on_first_trick=False)
    position = Position(VOID_SOUTH, rules, played="2C JC")
    assert position.legal_moves() == cards("QS")
    assert position.why_illegal("AS") == "South must play QS at the first chance (club rule)"


def test_club_rule_waits_while_no_points_on_first_trick_forbids_the_queen():
    rules = Rules(queen_at_first_chance=True)
    position = Position(VOID_SOUTH, rules, played="2C JC")
    assert position.legal_moves() == cards("7D 7S AS")


# -- points and the moon -----------------------------------------------------------------

ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"


def test_thirteen_hearts_without_the_queen_is_13_points_not_a_moon():
    taken = [mask_of(cards(ALL_HEARTS)), mask_of(cards("QS")), 0, 0]
    assert Rules().score(taken, [9, 4, 0, 0]) == [13, 13, 0, 0]


def test_the_moon_needs_all_13_hearts_and_the_queen():
    taken = [mask_of(cards(ALL_HEARTS + " QS")), 0, 0, 0]
    assert Rules().score(taken, [10, 3, 0, 0]) == [0, 26, 26, 26]


# North holds A♣-8♣ and A♥-9♥: after East's 2♣ lead it wins every trick whatever the others
# play, so it takes every card.
MOON_NORTH = Deal("N:.AKQJT9..AKQJT98 AKQJT98...765432 765432.8765.AKQ. .432.JT98765432.")


def play_out_at_random(position: Position, seed: int) -> Position:
    rng = random.Random(seed)
    while not position.is_over():
        position.play(rng.choice(position.legal_moves()))
    return position


@pytest.mark.parametrize("seed", range(5))
def test_a_played_moon_scores_0_for_the_shooter_26_for_the_others(seed):
    position = play_out_at_random(Position(MOON_NORTH), seed)
    assert position.tricks_won == [13, 0, 0, 0]
    assert position.points == [26, 0, 0, 0]
    assert position.score() == [0, 26, 26, 26]


def test_a_played_moon_under_other_moon_rules():
    assert play_out_at_random(Position(MOON_NORTH, Rules(moon="new")), 0).score() == [-26, 0, 0, 0]
    assert play_out_at_random(Position(MOON_NORTH, Rules(moon="none")), 0).score() == [26, 0, 0, 0]
    assert play_out_at_random(Position(MOON_NORTH, Rules(sun="all_tricks")), 0).score() == [
        0, 52, 52, 52]


# -- the sun, paid by all or by the shooter's passer (rules.md "Moon and sun") --------------

SUN = Rules(sun="all_tricks")
SUN_PAID_BY_PASSER = Rules(sun="all_tricks", sun_paid_by="passer")
# The same cards one seat clockwise: East holds North's cards above and takes every trick.
SUN_EAST = Deal("E:.AKQJT9..AKQJT98 AKQJT98...765432 765432.8765.AKQ. .432.JT98765432.")


@pytest.mark.parametrize("direction, expected", [
    # Passing left West passes to North, right East does, across South does.
    (PassDirection.LEFT, [0, 0, 0, 52]),
    (PassDirection.RIGHT, [0, 52, 0, 0]),
    (PassDirection.ACROSS, [0, 0, 52, 0]),
    # A hold deal has no passer: every other seat pays.
    (PassDirection.HOLD, [0, 52, 52, 52]),
    (None, [0, 52, 52, 52]),
])
def test_sun_paid_by_passer_only_the_seat_that_passed_to_north_gets_52(direction, expected):
    position = play_out_at_random(Position(MOON_NORTH, SUN_PAID_BY_PASSER,
                                           pass_direction=direction), 0)
    assert position.tricks_won == [13, 0, 0, 0]
    assert position.points == [26, 0, 0, 0]
    assert position.score() == expected


@pytest.mark.parametrize("direction, expected", [
    # Passing left North passes to East, right South does, across West does.
    ("left", [52, 0, 0, 0]),
    ("right", [0, 0, 52, 0]),
    ("across", [0, 0, 0, 52]),
    ("hold", [52, 0, 52, 52]),
])
def test_sun_paid_by_passer_only_the_seat_that_passed_to_east_gets_52(direction, expected):
    position = play_out_at_random(Position(SUN_EAST, SUN_PAID_BY_PASSER,
                                           pass_direction=direction), 1)
    assert position.tricks_won == [0, 13, 0, 0]
    assert position.score() == expected


@pytest.mark.parametrize("direction", ["left", "right", "across", "hold", None])
def test_sun_paid_by_all_every_other_seat_gets_52_whatever_the_pass(direction):
    position = play_out_at_random(Position(MOON_NORTH, SUN, pass_direction=direction), 0)
    assert position.score() == [0, 52, 52, 52]


def test_a_moon_is_not_changed_by_sun_paid_by_passer():
    # North takes every penalty card but not every trick: a moon, paid by all three.
    taken = [mask_of(cards(ALL_HEARTS + " QS")), mask_of(cards("2C 3C 4C 5C")), 0, 0]
    assert SUN_PAID_BY_PASSER.score(taken, [12, 1, 0, 0], pass_direction="left") == [
        0, 26, 26, 26]


@pytest.fixture(scope="module")
def codegolf_cases(data_dir):
    return json.loads((data_dir / "codegolf_hearts" / "score_a_hand_99716.json").read_text())["cases"]


def test_codegolf_score_a_hand(codegolf_cases):
    """Code Golf SE 99716: 0 = QS, 1 = AH, 2..13 = 2H..KH; expected points per player."""
    assert [case["expected"] for case in codegolf_cases] == [
        [4, 2, 0, 20], [25, 0, 0, 1], [0, 26, 26, 26]]

    def card(code: int) -> Card:
        return Card("QS") if code == 0 else Card("AH") if code == 1 else Card.of(2, code)

    for case in codegolf_cases:
        taken = [mask_of(card(code) for code in player) for player in case["taken"]]
        assert Rules().score(taken, [4, 3, 3, 3]) == case["expected"]


def test_codegolf_reachable_totals_are_multiples_of_26(data_dir):
    """Code Golf SE 242415: with the old moon each deal adds 26 (no moon) or 78 (moon) points
    to the table, so every reachable end-of-game total is a multiple of 26."""
    cases = json.loads((data_dir / "codegolf_hearts" / "possible_final_scores_242415.json")
                       .read_text())["cases"]
    assert sum(Rules().score([mask_of(cards(ALL_HEARTS + " QS")), 0, 0, 0], [13, 0, 0, 0])) == 78
    assert sum(Rules().score([mask_of(cards(ALL_HEARTS)), mask_of(cards("QS")), 0, 0],
                             [9, 4, 0, 0])) == 26
    for case in cases:
        if case["possible"]:
            assert sum(case["scores"]) % 26 == 0, case


# -- the pass -----------------------------------------------------------------------------

DEAL = Deal("N:AKQ2.T93.J4.8765 JT98.AK82.KQ3.J3 7653.Q4.A9876.QT 4.J765.T52.AK942")
PASSES = {Seat.N: "AS KS QS", Seat.E: "AH KH 8H", Seat.S: "AD 9D 8D", Seat.W: "AC KC 9C"}


def test_on_a_hold_deal_the_two_of_clubs_still_leads_trick_one():
    position = Position(after_pass(DEAL, None, PassDirection.HOLD))
    assert position.to_move is Seat.W
    assert position.legal_moves() == cards("2C")


def test_a_deal_plays_with_no_pass_at_all():
    position = Position(DEAL)
    assert position.to_move is Seat.W


def test_after_the_pass_the_new_holder_of_the_two_of_clubs_leads():
    passes = dict(PASSES, W="2C AC KC")
    position = Position(after_pass(DEAL, passes, PassDirection.LEFT))
    assert position.to_move is Seat.N


@pytest.mark.parametrize("passes, message", [
    (dict(PASSES, N="AS KS"), "^North passes 2 cards, expected 3$"),
    (dict(PASSES, N="AS KS QS 2S"), "^North passes 4 cards, expected 3$"),
    (dict(PASSES, N="AS KS AS"), "^North passes AS twice$"),
    (dict(PASSES, N="AS KS JS"), r"^North passes JS, which it does not hold \(East holds it\)$"),
    ({Seat.N: "AS KS QS"}, "^no pass given for East$"),
])
def test_a_pass_is_exactly_three_distinct_cards_from_the_passers_own_hand(passes, message):
    with pytest.raises(InvalidDealError, match=message):
        after_pass(DEAL, passes, PassDirection.LEFT)


def test_no_cards_pass_on_a_hold_deal():
    with pytest.raises(InvalidDealError, match="^no pass on a hold deal, but North passes AS KS QS$"):
        after_pass(DEAL, PASSES, PassDirection.HOLD)


def test_illegal_card_in_a_played_list_names_index_card_and_rule():
    with pytest.raises(IllegalPlayError) as info:
        Position(VOID_SOUTH, played="2C 3H")
    assert str(info.value) == 'card 2 of played list ("3H"): East must follow clubs'
    assert info.value.index == 2
    assert info.value.card is Card("3H")
    assert info.value.reason == "East must follow clubs"
