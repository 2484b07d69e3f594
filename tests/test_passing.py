"""Pass targets per scheme and deal number, pass counts, and the deal after a pass
(``rules.md`` "Passing"; sources on ``Rules.pass_scheme``)."""
from __future__ import annotations

import pytest

from hearts.solver import Deal, InvalidDealError, PassDirection, Rules, RulesError, Seat
from hearts.solver.passing import PassPlan, after_pass, apply_pass, pass_plan


def names(rules: Rules, deals: int) -> list[str]:
    return [pass_plan(rules, number).name for number in range(deals)]


def receivers(rules: Rules, number: int, passer: int) -> tuple[int, ...]:
    return pass_plan(rules, number).receivers(passer)


# -- schemes --------------------------------------------------------------------------------------

def test_standard_left_right_across_hold():
    assert names(Rules(), 8) == ["left", "right", "across", "hold"] * 2
    assert receivers(Rules(), 0, Seat.N) == (Seat.E, Seat.E, Seat.E)
    assert receivers(Rules(), 1, Seat.N) == (Seat.W, Seat.W, Seat.W)
    assert receivers(Rules(), 2, Seat.N) == (Seat.S, Seat.S, Seat.S)
    assert receivers(Rules(), 3, Seat.N) == ()


def test_standard_at_three_players_alternates_left_and_right_pagat():
    rules = Rules(players=3)
    assert names(rules, 4) == ["left", "right", "left", "right"]
    assert receivers(rules, 0, 2) == (0, 0, 0)
    assert receivers(rules, 1, 2) == (1, 1, 1)


def test_left_only_foster1909():
    assert names(Rules(pass_scheme="left"), 4) == ["left"] * 4
    assert names(Rules.foster1909(), 4) == ["left"] * 4


def test_left_right_culbertson1950_alternative():
    assert names(Rules(pass_scheme="left_right"), 4) == ["left", "right", "left", "right"]


def test_hold_never_passes():
    assert names(Rules(pass_scheme="hold"), 4) == ["hold"] * 4


def test_scatter_on_the_fourth_deal_one_card_to_each_opponent():
    rules = Rules(pass_scheme="scatter")
    assert names(rules, 8) == ["left", "right", "across", "scatter"] * 2
    assert receivers(rules, 3, Seat.N) == (Seat.E, Seat.S, Seat.W)
    assert receivers(rules, 3, Seat.W) == (Seat.N, Seat.E, Seat.S)


def test_scatter_at_six_players_gives_five_cards_one_to_each():
    rules = Rules(players=6, pass_scheme="scatter")
    assert names(rules, 4) == ["left", "right", "left", "scatter"]
    assert receivers(rules, 3, 0) == (1, 2, 3, 4, 5)


def test_star_pass_five_players_one_each_to_the_two_opposite():
    rules = Rules(players=5, pass_scheme="star")
    assert names(rules, 3) == ["star"] * 3
    assert receivers(rules, 0, 0) == (2, 3)
    assert receivers(rules, 0, 4) == (1, 2)
    assert pass_plan(rules, 0).passers(0) == (3, 2)


def test_star_pass_needs_five_players():
    with pytest.raises(RulesError, match="the star pass is for 5 players \\(not 4\\)"):
        Rules(pass_scheme="star")


def test_rotating_one_left_two_left_then_hold_four_players():
    rules = Rules(pass_scheme="rotating")
    assert names(rules, 8) == ["left", "across", "right", "hold"] * 2


def test_rotating_at_five_players():
    rules = Rules(players=5, pass_scheme="rotating")
    assert names(rules, 6) == ["left", "2 left", "3 left", "right", "hold", "left"]
    assert receivers(rules, 1, 4) == (1, 1)
    assert receivers(rules, 2, 4) == (2, 2)


def test_pass_shuffle_is_pooled():
    plan = pass_plan(Rules(pass_scheme="shuffle"), 0)
    assert plan.name == "shuffle" and plan.pooled and plan.count == 3
    assert plan.direction is None


# -- counts ---------------------------------------------------------------------------------------

def test_three_cards_up_to_four_players():
    assert Rules().pass_count == 3
    assert Rules(players=3).pass_count == 3


@pytest.mark.parametrize("players", [5, 6, 7])
def test_two_cards_with_more_than_four_players(players):
    rules = Rules(players=players, card_removal="pagat")
    assert rules.pass_count == 2
    assert repr(rules) == f"Rules(players={players}, card_removal='pagat')"


def test_three_cards_with_more_than_four_players_on_request():
    rules = Rules(players=5, pass_count=3)
    assert rules.pass_count == 3
    assert eval(repr(rules)) == rules
    assert Rules.parse("players=5,pass_count=3") == rules


def test_pass_count_follows_a_player_count_given_as_text():
    assert Rules.parse("pagat,players=6").pass_count == 2
    assert Rules.parse("pagat,pass_count=1,players=6").pass_count == 1


def test_pass_count_at_most_a_hand():
    with pytest.raises(RulesError, match="pass_count=9: expected 0..8"):
        Rules(players=6, pass_count=9)


# -- directions for the score ---------------------------------------------------------------------

def test_plan_direction_is_the_pass_direction_at_four_players():
    assert pass_plan(Rules(), 0).direction is PassDirection.LEFT
    assert pass_plan(Rules(), 3).direction is PassDirection.HOLD
    assert pass_plan(Rules(pass_scheme="scatter"), 3).direction is None
    assert pass_plan(Rules(players=3), 1).direction == 2


def test_plan_repr_round_trips():
    plan = pass_plan(Rules(players=5, pass_scheme="star"), 0)
    assert repr(plan) == "PassPlan(players=5, offsets=(2, 3), pooled=False)"
    assert eval(repr(plan)) == plan


# -- moving the cards -----------------------------------------------------------------------------

DEAL = Deal.random(5)


def test_scatter_moves_one_card_to_each_opponent():
    plan = pass_plan(Rules(pass_scheme="scatter"), 3)
    passes = {seat: list(DEAL[seat])[:3] for seat in Seat}
    after = apply_pass(DEAL, plan, passes)
    north = passes[Seat.N]
    assert north[0] in after[Seat.E] and north[1] in after[Seat.S] and north[2] in after[Seat.W]
    assert all(len(after[seat]) == 13 for seat in Seat)


def test_directional_pass_equals_deal_after_pass():
    passes = {seat: list(DEAL[seat])[-3:] for seat in Seat}
    assert apply_pass(DEAL, pass_plan(Rules(), 1), passes) == after_pass(DEAL, passes, "right")


def test_star_pass_at_five_players():
    rules = Rules(players=5, pass_scheme="star")
    deal = Deal.random(3, rules)
    passes = {seat: list(deal.hands[seat])[:2] for seat in range(5)}
    after = apply_pass(deal, pass_plan(rules, 0), passes)
    assert passes[0][0] in after[2] and passes[0][1] in after[3]
    assert [len(h) for h in after.hands] == [10] * 5


def test_pass_shuffle_redeals_the_pool_reproducibly():
    rules = Rules(pass_scheme="shuffle")
    passes = {seat: list(DEAL[seat])[:3] for seat in Seat}
    first = apply_pass(DEAL, pass_plan(rules, 0), passes, rng=4)
    assert first == apply_pass(DEAL, pass_plan(rules, 0), passes, rng=4)
    assert all(len(first[seat]) == 13 for seat in Seat)
    pooled = {c for cards in passes.values() for c in cards}
    kept = {c for seat in Seat for c in DEAL[seat] if c not in pooled}
    assert kept <= {c for seat in Seat for c in first[seat]}


def test_forbidden_pass_card_is_named():
    rules = Rules(no_pass_cards="QS 2C")
    holder = DEAL.holder("QS")
    passes = {seat: list(DEAL[seat])[:3] for seat in Seat}
    passes[holder] = ["QS"] + [c for c in DEAL[holder] if str(c) != "QS"][:2]
    with pytest.raises(InvalidDealError, match=f"{holder.name_title} passes QS, which may not be "
                                               "passed"):
        apply_pass(DEAL, pass_plan(rules, 0), passes, forbidden=rules.no_pass_mask())


def test_no_pass_cards_are_stored_in_canonical_text():
    assert Rules(no_pass_cards="QS+2c AH").no_pass_cards == "2C AH QS"
    with pytest.raises(RulesError, match="no_pass_cards='XX': expected cards such as 2C QS"):
        Rules(no_pass_cards="XX")


def test_hold_plan_rejects_cards():
    with pytest.raises(InvalidDealError, match="no pass on a hold deal, but North passes"):
        apply_pass(DEAL, PassPlan.hold(), {"N": list(DEAL[Seat.N])[:3]})


def test_pass_names_the_seat_at_a_five_player_table():
    rules = Rules(players=5)
    deal = Deal.random(1, rules)
    passes = {seat: list(deal.hands[seat])[:2] for seat in range(5)}
    passes[3] = passes[3][:1]
    with pytest.raises(InvalidDealError, match="Player D passes 1 card, expected 2"):
        apply_pass(deal, pass_plan(rules, 0), passes)


# -- every scheme keeps the cards and the hand sizes -------------------------------------------------

SCHEMES = [Rules(players=n, card_removal=removal, pass_scheme=scheme)
           for n, removal in ((3, "pagat"), (4, "morehead2001"), (5, "kitty"), (6, "pagat"),
                              (7, "culbertson1950"))
           for scheme in ("standard", "left", "left_right", "hold", "scatter", "rotating",
                          "shuffle")] + [Rules(players=5, pass_scheme="star")]


@pytest.mark.parametrize("rules", SCHEMES, ids=repr)
def test_a_pass_keeps_every_card_and_the_hand_sizes(rules):
    for number in range(2 * rules.players):
        deal = Deal.random(number, rules)
        plan = pass_plan(rules, number)
        passes = {seat: list(deal.hands[seat])[:plan.count] for seat in deal.seats()}
        after = apply_pass(deal, plan, passes, rng=number)
        assert [len(h) for h in after.hands] == [len(h) for h in deal.hands]
        assert after.kitty == deal.kitty
        union = lambda d: sum(h.mask for h in d.hands)  # noqa: E731
        assert union(after) == union(deal)
        if not plan.pooled:
            for seat in deal.seats():
                for card, receiver in zip(passes[seat], plan.receivers(seat)):
                    assert card in after.hands[receiver]


def test_dealers_choice_of_the_count():
    rules = Rules(pass_count_by_dealer=True)
    assert pass_plan(rules, 0, count=1).offsets == (1,)
    assert pass_plan(rules, 1, count=2).receivers(Seat.N) == (Seat.W, Seat.W)
    with pytest.raises(RulesError, match="deal 1: the pass count is the dealer's choice"):
        pass_plan(rules, 0)


def test_a_pass_count_beyond_a_hand_is_refused():
    with pytest.raises(RulesError, match="deal 1: pass count 14, expected 0..13"):
        pass_plan(Rules(), 0, count=14)
