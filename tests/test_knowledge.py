"""What one seat knows: facts from hand-made records, with the expected values written out,
and the inverse-of-the-rules property checked against the rules engine (``Position``)."""
from __future__ import annotations

import random

import pytest

from hearts.analysis.knowledge import (
    Fact, InconsistentRecordError, Knowledge, NoConsistentDealError)
from hearts.solver import Card, Deal, Hand, HeartsError, Position, Rules, Seat, Suit

from conftest import error_line
from knowledge_cases import VARIANTS, skewed_deal

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
C, D, H, SP = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

# A hold deal built so that West leads a heart before hearts are broken: West holds the top
# three clubs and ten hearts, wins the first three club tricks and must then lead a heart.
DEAL = Deal("N:AKQJT..AKQJ.5432 9876.KQ.T987.876 5432.A.65432.JT9 .JT98765432..AKQ")
PLAYED = ("2C 6C 9C AC "     # trick 1: N leads, West wins with AC
          "KC 3C 7C TC "     # trick 2: West
          "QC 4C 8C JC "     # trick 3: West
          "2H JD QH AH "     # trick 4: West leads 2H unbroken; North discards; South wins 3
          "2D 3H")           # trick 5: South leads, West discards a heart; North to play
POSITION = Position(DEAL, Rules.standard(), PLAYED)


def south() -> Knowledge:
    return Knowledge.from_position(POSITION, S, pass_direction="hold")


# -- the facts of one record ------------------------------------------------------------

def test_south_sees_its_hand_the_history_and_the_trick():
    k = south()
    assert k.seat is S
    assert k.start_hand == Hand("5432.A.65432.JT9")
    assert k.hand == Hand("5432..6543.")
    assert k.pass_direction is not None and str(k.pass_direction) == "hold"
    assert k.passed == Hand("...") and k.passed_to is None
    assert k.received == Hand("...") and k.received_from is None
    assert " ".join(map(str, k.history)) == PLAYED
    assert "".join(map(str, k.players)) == "NESW" "WNES" "WNES" "WNES" "SW"
    assert k.first_leader is N
    assert k.trick == (Card("2D"), Card("3H"))
    assert (k.leader, k.to_move) == (S, N)


def test_south_counts_points_hearts_and_hand_sizes():
    k = south()
    assert k.hearts_broken is True
    assert k.points == (0, 0, 3, 0)        # trick 4: 2H QH AH to South
    assert k.hand_sizes == (9, 9, 8, 8)
    assert k.unseen == Hand("AKQJT9876.KJT987654.AKQT987.5")
    assert len(k.unseen) == 9 + 9 + 8


def test_heart_led_unbroken_shows_a_hand_of_hearts():
    fact = south().facts[0]
    assert fact == Fact(W, 12, Hand("AKQJT98765432..AKQJT98765432.AKQJT98765432"), Hand("..."),
                        "West holds only hearts", "it led 2H at play 13 before hearts were broken")
    assert str(fact) == ("West holds only hearts (it led 2H at play 13 before hearts were "
                         "broken)")


def test_discard_shows_a_void_and_repeated_facts_are_not_listed():
    k = south()
    assert [f.reason for f in k.facts] == [
        "West holds only hearts (it led 2H at play 13 before hearts were broken)",
        "North is void in hearts (it discarded JD on a heart lead at play 14)",
    ]   # West's 3H on the diamond lead (play 18) proves nothing new
    assert k.voids == (frozenset({H}), frozenset(), frozenset(), frozenset({C, D, SP}))


def test_candidates_follow_the_facts():
    k = south()
    assert k.candidates(W) == Hand(".KJT987654..")
    assert k.candidates(N) == Hand("AKQJT9876..AKQT987.5")
    assert k.candidates(E) == k.unseen
    assert k.candidates(S) == k.hand
    assert k.played_by(W) == Hand(".32..AKQ")


def test_every_seat_sees_the_same_public_facts():
    for seat in Seat:
        k = Knowledge.from_position(POSITION, seat)
        assert [f.claim for f in k.facts] == ["West holds only hearts", "North is void in hearts"]
        assert k.hand == POSITION.hand(seat)
        assert k.pass_direction is None


def test_knowledge_is_a_frozen_value():
    k = south()
    with pytest.raises(AttributeError):
        k.seat = N  # type: ignore[misc]
    assert k == south() and hash(k) == hash(south())


def test_admits_the_true_deal_and_not_another():
    k = south()
    assert k.admits(DEAL)
    # Swap West's 4H with East's 9S: West would have led a heart holding a spade.
    swapped = Deal("N:AKQJT..AKQJ.5432 876.KQ4.T987.876 5432.A.65432.JT9 9.JT9876532..AKQ")
    assert not k.admits(swapped)


# -- facts under rule options -------------------------------------------------------------

def test_first_trick_penalty_discard_shows_a_hand_of_penalty_cards():
    # West holds Q♠ and twelve hearts: void in clubs, it may discard a penalty card to trick 1.
    deal = Deal("N:AKJT9..AKQJT.AKQ 8765..98765.JT98 432.A.432.765432 Q.KQJT98765432..")
    k = Knowledge.from_position(Position(deal, Rules.standard(), "2C 2H AC"), S)
    assert [f.reason for f in k.facts] == [
        "West is void in clubs (it discarded 2H on a club lead at play 2)",
        "West holds only penalty cards (it discarded 2H to trick 1 at play 2)",
    ]
    assert k.voids[W] == frozenset({C, D})
    assert k.candidates(W) == Hand("Q.KQJT9876543..")


def test_club_rule_shows_who_does_not_hold_the_queen():
    rules = Rules(queen_at_first_chance=True)
    # South's view: North leads 2C, South wins with AC and leads 2S; West follows low.
    k = Knowledge.from_record(S, "AK32.A.65432.AJT", "2C 6C AC 8C 2S 5S", rules,
                              first_leader=N)
    assert [f.reason for f in k.facts] == [
        "West does not hold QS (it played 5S at play 6, where the club rule would force QS)"]
    assert Card("QS") not in k.candidates(W)


def test_any_club_first_lead_shows_who_holds_the_two():
    rules = Rules(first_lead="any_club")
    k = Knowledge.from_record(S, "AK32.A.65432.AJT", "5C", rules, first_leader=N)
    assert [f.reason for f in k.facts] == ["North holds 2C (it led 5C to trick 1)"]
    assert k.known[N] == Hand("...2")
    assert Card("2C") not in k.candidates(E)


def test_any_card_first_lead_of_a_penalty_card_shows_nothing_else_was_held():
    rules = Rules(first_lead="any_card")
    k = Knowledge.from_record(S, "AK32..765432.AJT", "QH", rules, first_leader=W)
    assert [f.claim for f in k.facts] == ["West holds only penalty cards and hearts",
                                         "West holds only hearts"]
    assert k.voids[W] == frozenset({C, D, SP})
    assert k.candidates(W) == Hand(".AKJT98765432..")   # all twelve: West holds 12 cards
    # With South holding a heart, eleven are left for West's twelve cards:
    with pytest.raises(NoConsistentDealError, match=(
            "^no deal fits South's knowledge: only West can hold the 11 unseen cards 2H 3H 4H "
            "5H 6H 7H 8H 9H TH JH KH, but it holds 12$|only North and East")):
        Knowledge.from_record(S, "AK32.A.65432.AJT", "QH", rules, first_leader=W)


def test_can_lead_hearts_instead_of_qs_allows_the_queen_in_a_heart_leaders_hand():
    rules = Rules(can_lead_hearts_instead_of_qs=True)
    # West wins trick 1 and leads a heart: it may still hold the queen of spades.
    k = Knowledge.from_record(S, "AK32.A.65432.JT9", "2C 6C 9C AC 3H", rules, first_leader=N)
    assert [f.reason for f in k.facts] == [
        "West holds only hearts and penalty cards (it led 3H at play 5 before hearts were "
        "broken)"]
    assert k.voids[W] == frozenset({C, D})
    assert k.candidates(W) == Hand("Q.KQJT9876542..")


def test_passes_are_known_to_be_held_by_the_receiver():
    dealt = Deal("N:AKQJT..AKQJ.5432 9876.KQ.T987.876 5432.A.65432.JT9 .JT98765432..AKQ")
    passes = {N: "AS KS QS", E: "KH QH 9S", S: "AH 2S 3S", W: "AC KC QC"}
    k = Knowledge.from_deal(dealt, passes, "left", "", S)
    assert (k.passed, k.passed_to) == (Hand("32.A.."), W)
    assert (k.received, k.received_from) == (Hand("9.KQ.."), E)
    assert k.start_hand == Hand("954.KQ.65432.JT9")
    assert k.known[W] == Hand("32.A..") and k.known[S] == k.hand
    assert [f.reason for f in k.facts] == ["West holds AH 2S 3S (South passed them left)"]
    assert k.first_leader is None and k.to_move is None     # who holds 2C is not known yet
    assert k.candidates(N) == k.unseen - Hand("32.A..")


# -- inconsistent records ------------------------------------------------------------------

VIEW = "5432.A.65432.JT9"   # South's hand in DEAL


@pytest.mark.parametrize("played, message", [
    (PLAYED + " AD 7D KD 8D 3D 9D",
     "play 24 (9D by West): impossible, West holds only hearts (it led 2H at play 13 before "
     "hearts were broken)"),
    (PLAYED + " AD 7D KH",
     "play 21 (KH by North): impossible, North is void in hearts (it discarded JD on a heart "
     "lead at play 14)"),
    (PLAYED + " 5S", "play 19 (5S by North): South holds 5S"),
    (PLAYED + " AD 7D KD 8D 7S", "play 23 (7S by South): South does not hold 7S"),
    (PLAYED + " AD 7D KD 8D 2S",
     "play 23 (2S by South): the play means South is void in diamonds, but South holds "
     "3D 4D 5D 6D"),
    ("2C 6C 9C AC KC 3C 7C TC QC 4C 8C JC 2H JD QH AH 2D 3H 2C",
     "play 19 (2C by North): 2C was already played at play 1"),
    ("3C", "play 1 (3C by North): North must lead 2C"),
])
def test_inconsistent_records_raise(played, message):
    with pytest.raises(InconsistentRecordError) as info:
        Knowledge.from_record(S, VIEW, played, first_leader=N)
    assert str(info.value) == message


def test_first_leader_is_inferred_from_the_seats_own_card_in_trick_1():
    assert Knowledge.from_record(S, VIEW, "2C 6C 9C").first_leader is N
    assert Knowledge.from_record(S, VIEW, "2C 6C 9C AC").to_move is W
    assert Knowledge.from_record(S, VIEW, "").first_leader is None
    with pytest.raises(InconsistentRecordError, match=(
            "^who led trick 1 is not known from South's cards: give first_leader$")):
        Knowledge.from_record(S, VIEW, "2C 6C")


def test_no_seat_left_for_the_unseen_clubs():
    # North, East and West all show out of clubs while clubs are still unseen.
    with pytest.raises(NoConsistentDealError,
                       match="^no deal fits South's knowledge: no seat can hold 3C 4C"):
        Knowledge.from_record(S, "AKQJ.AKQJ.AKQ.AK", "2C 3D AC 4D KC 5D 6D 7D", first_leader=N)


def test_a_seat_plays_a_card_passed_to_another():
    with pytest.raises(InconsistentRecordError, match=(
            r"^play 2 \(2S by East\): impossible, West holds AH 2S 3S \(South passed them "
            r"left\)$")):
        Knowledge.from_record(S, "954.KQ.65432.JT9", "2C 2S", pass_direction="left",
                              passed="AH 2S 3S", received="9S KH QH", first_leader=N)


@pytest.mark.parametrize("kwargs, message", [
    (dict(start_hand="5432.A.65432.JT"), "South's hand holds 12 cards, expected 13"),
    (dict(pass_direction="hold", passed="AS KS QS"),
     "no pass on a hold deal, but South passes QS KS AS"),
    (dict(pass_direction="left", passed="AS KS QS", received="AH 2S 3S",
          rules=Rules(pass_scheme="hold")),
     "pass direction left on a hold deal (rules pass_scheme=hold)"),
    (dict(pass_direction="right", passed="AS KS QS", received="AH 2S 3S",
          rules=Rules(pass_scheme="left")),
     "pass direction right is not used by the rules' pass_scheme=left"),
    (dict(pass_direction="left", passed="AS KS QS", received="AH 2S 3S",
          rules=Rules(pass_scheme="shuffle")),
     "pass direction left: under pass_scheme=shuffle the passed cards are pooled and dealt "
     "back at random, so a pass has no direction"),
    (dict(passed="AS KS QS"), "South's pass is given without a pass direction"),
    (dict(pass_direction="right", passed="AS KS", received="AH 2S 3S"),
     "South passes 2 cards, expected 3"),
    (dict(pass_direction="right", passed="AS KS QS"),
     "South's pass right: the cards it receives are not given"),
    (dict(pass_direction="right", passed="AS KS 2S", received="AH 3S 4S"),
     "South passed 2S but holds it at the start of play"),
    (dict(pass_direction="right", passed="AS KS QS", received="AH 3S KH"),
     "South received KH but does not hold it at the start of play"),
    (dict(first_leader="S"), "first leader South, but South does not hold 2C"),
    # docs/rules.md "Passing": some tables forbid passing certain cards (no_pass_cards).
    (dict(pass_direction="right", passed="KS AS QS", received="AH 2S 3S",
          rules=Rules(no_pass_cards="QS AS")),
     "South passes AS QS, which may not be passed (rules no_pass_cards=QS+AS)"),
    (dict(pass_direction="right", passed="AS KS QS", received="AH 2S 3S",
          rules=Rules(no_pass_cards="AH")),
     "South receives AH, which may not be passed (rules no_pass_cards=AH)"),
])
def test_inconsistent_views_raise(kwargs, message):
    args = dict(start_hand=VIEW)
    args.update(kwargs)
    with pytest.raises(InconsistentRecordError) as info:
        Knowledge.from_record(S, **args)
    assert str(info.value) == message


def test_from_deal_wraps_bad_passes_and_plays():
    with pytest.raises(InconsistentRecordError, match="^no pass given for West$"):
        Knowledge.from_deal(DEAL, {N: "AS KS QS", E: "9S 8S 7S", S: "2S 3S 4S"}, "left", "", S)
    with pytest.raises(InconsistentRecordError,
                       match=r'^card 2 of played list \("9D"\): East must follow clubs$'):
        Knowledge.from_deal(DEAL, None, "hold", "2C 9D", S)
    with pytest.raises(InconsistentRecordError, match="on a hold deal"):
        Knowledge.from_deal(DEAL, None, "left", "", S, Rules(pass_scheme="hold"))
    assert issubclass(InconsistentRecordError, HeartsError)


def test_from_deal_refuses_a_pass_the_rules_forbid():
    passes = {N: "AS KS QS", E: "9S 8S 7S", S: "2S 3S 4S", W: "2H 3H 4H"}
    with pytest.raises(InconsistentRecordError, match=r"^North passes AS, which may not be "
                                                      r"passed \(rules no_pass_cards=AS\)$"):
        Knowledge.from_deal(DEAL, passes, "left", "", S, Rules(no_pass_cards="AS"))


def test_moon_after_a_pass_the_rules_forbid_is_one_error_line(run_cli):
    # It ran (exit 0): the moon odds read the pass without the rules' no_pass_cards.
    line = error_line(run_cli("moon", "AKQ.AKQJ98.AK.A2", "--after-pass", "left",
                              "--passed", "2S 3D 4C", "--received", "AH KH 8H",
                              "--rules", "standard,no_pass_cards=2S", "--samples", "2"))
    assert line == "error: South passes 2S, which may not be passed (rules no_pass_cards=2S)"


def test_from_position_checks_the_pass_against_the_deal():
    with pytest.raises(InconsistentRecordError, match=(
            "^South passed QH KH 9S to West, but West does not hold QH KH 9S at the start of "
            "play$")):
        Knowledge.from_position(Position(DEAL), S, passed="KH QH 9S", received="AH 2S 3S",
                                pass_direction="left")


# -- the facts are the inverse of the rules of play ----------------------------------------

@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: repr(r))
def test_a_play_is_legal_exactly_when_its_facts_fit_the_players_hand(rules):
    """For the seat to move, ``from_record`` of its own view accepts a next card exactly when
    ``Position`` says it is legal: the facts are the exact inverse of the rules of play."""
    rng = random.Random(7)
    checked = 0
    for _ in range(4):
        deal = skewed_deal(rng)
        leader = Seat(rng.randrange(4)) if rules.first_lead == "any_card" else None
        position = Position(deal, rules, first_leader=leader)
        while not position.is_over():
            unbroken_lead = not position.trick and not position.hearts_broken
            if len(position.history) < 4 or unbroken_lead or rng.random() < 0.05:
                seat = position.to_move
                for card in position.hand(seat):
                    try:
                        Knowledge.from_record(seat, deal[seat], position.history + [card], rules,
                                              first_leader=position.first_leader)
                        accepted = True
                    except InconsistentRecordError:
                        accepted = False
                    assert accepted == position.is_legal(card), (str(deal), position.history,
                                                                 card)
                    checked += 1
            position.play(rng.choice(position.legal_moves()))
    assert checked > 100
