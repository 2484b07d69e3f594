"""The target losing every trick left (``ducks_hold``, ``can_duck_all``, ``idle_after_trick``).

Where the search's static test says the target can lose every trick left, brute force must
agree (``bruteforce.can_lose_every_trick``): at trick starts, on lead and not, and in the
middle of a trick it surely loses, under several point tables, moon rules and at 3 to 5
seats. The rule itself is written out on small hands: in each suit the target's i-th
lowest card is below the others' i-th lowest (the others lead, the target plays its highest
card under the card led). And the case that once made the search wrong: a target that
can lose every trick but stops another seat's moon only by winning one is not worth its
points taken (a moon block and ducking do not go together).
"""
from __future__ import annotations

import pytest

from bruteforce import can_lose_every_trick, paranoid_values, seeded_cases, varied_rules
from hearts.solver import Deal, Hand, Position, Rules
from hearts.solver._core import Core
from hearts.solver.solve import Solver, rules_spec

VARIANTS = [{}, {"moon": "new"}, {"moon": "none"}, {"players": 3}, {"players": 5},
            {"hearts_broken_by": "any_penalty"}]


def rules_for(seed: int) -> Rules:
    return varied_rules(seed, VARIANTS)


def duck_cases(count: int, cards_played: int, want_leader: bool | None = None):
    """Seeded positions where the static test says some seat can lose every trick left."""
    def pick(position, core, state, target):
        if want_leader is not None and (int(position.to_move) == target) != want_leader:
            return None
        if core.can_duck_all(state, target):
            return ()
        return None
    return list(seeded_cases(count, rules_for, pick, cards_played))


@pytest.mark.slow
@pytest.mark.parametrize("seed, position, target", duck_cases(40, 0, want_leader=False),
                         ids=lambda x: str(x)[:12])
def test_a_follower_that_ducks_loses_every_trick(seed, position, target):
    assert can_lose_every_trick(position, target)


@pytest.mark.parametrize("seed, position, target", duck_cases(30, 0, want_leader=True),
                         ids=lambda x: str(x)[:12])
def test_a_leader_with_a_losing_lead_then_ducks(seed, position, target):
    assert can_lose_every_trick(position, target)


@pytest.mark.parametrize("played", [1, 2, 3])
def test_mid_trick_the_target_loses_this_trick_and_every_later_one(played):
    cases = duck_cases(15, played)
    assert len(cases) == 15
    for seed, position, target in cases:
        assert can_lose_every_trick(position, target), (seed, target)


def core_state(hands: dict[str, str], leader: int = 1) -> tuple:
    """A trick start after trick 1 (hearts broken, no points taken) with these hands."""
    masks = tuple(Hand(hands[seat]).mask for seat in "NESW")
    return (masks, (), leader, 1, 5, (0, 0, 0, 0), 0b0110, 0b0110, 4, 1, 0)


def standard_core() -> Core:
    core = Core(10)
    core.set_rules(rules_spec(Rules.standard()))
    return core


def test_the_ith_lowest_card_below_the_others_ith_lowest_ducks_every_trick():
    # N holds the 5 and 7 of diamonds, the others the 6, 8, 9 and J: 5 < 6 and 7 < 8, so
    # under any card led N holds a lower one (the 5 under the 6, the 7 under the 8 and up)
    hands = {"N": "-.-.75.-", "E": "-.-.96.-", "S": "-.-.J8.-", "W": "2.-.-.3"}
    assert standard_core().can_duck_all(core_state(hands), 0) is True


def test_a_card_of_the_others_below_all_the_targets_can_make_it_win():
    # E leads the 4, S follows with the 6, W discards: N's 9 wins the trick
    hands = {"N": "-.-.9.-", "E": "-.-.4.-", "S": "-.-.6.-", "W": "-.-.-.2"}
    assert standard_core().can_duck_all(core_state(hands), 0) is False
    # N's second lowest above the others' second lowest: 5 < 6, but 8 > 7. The rule is
    # sufficient, not necessary: it makes no claim here (N may yet duck, by the order of
    # play), and the search finds the value itself
    hands = {"N": "-.-.85.-", "E": "-.-.96.-", "S": "-.-.J7.-", "W": "2.-.-.3"}
    assert standard_core().can_duck_all(core_state(hands), 0) is False


def test_a_suit_only_the_target_holds_is_never_led_to_it():
    hands = {"N": "-.-.AKQ.-", "E": "2.-.-.32", "S": "3.-.-.54", "W": "4.-.-.76"}
    assert standard_core().can_duck_all(core_state(hands), 0) is True


def test_on_lead_the_target_needs_a_lead_that_surely_loses_first():
    # N on lead: the 2 of clubs loses to the others' higher clubs; then its A of diamonds,
    # which no one else holds, is never led to
    hands = {"N": "-.-.A.2", "E": "-.-.-.K3", "S": "-.-.-.Q4", "W": "-.-.-.J5"}
    assert standard_core().can_duck_all(core_state(hands, leader=0), 0) is True
    hands = {"N": "-.-.A.A", "E": "-.-.-.K3", "S": "-.-.-.Q4", "W": "-.-.-.J5"}
    assert standard_core().can_duck_all(core_state(hands, leader=0), 0) is False


def test_ducking_does_not_stop_another_seats_moon():
    # N (the target) could lose every trick left, but then another seat may still shoot; a
    # search that took N's points as its value when N could also block that moon (by
    # winning a trick) valued the 10 of hearts at 0 instead of 2 (brute force)
    deal = Deal("N:AT92.Q832.K.T865 853.AK97.J432.KJ J7.4.AT75.AQ9742 KQ64.JT65.Q986.3")
    history = ("2C 3C TC KC 3D 7D 6D KD 6C JC 9C QD 5S 7S KS AS 9S 8S JS 6S AD 8D 3H JD "
               "TD 9D 2H 4D QC QS 8C 2D 5D 5H TS 9H 7C 6H 5C KH AC JH 8H 7H 4C").split()
    position = Position(deal, Rules.standard())
    for card in history:
        position.play(card)
    values = {str(cv.card): cv.value
              for cv in Solver().solve_position(position, seat="N", pv=False).cards}
    assert values == {"4S": 0, "TH": 2}
    assert values == {str(card): v for card, v in paranoid_values(position, 0).items()}


def test_ducking_is_only_a_bound_for_the_one_seat_that_took_moon_cards():
    # S took every moon card so far (Q of spades and hearts: 18 points) and can still
    # shoot (a new moon: -26). Surely losing the trick in play and able to lose every
    # later one, it keeps at most its 18 points, but winning instead it shoots: a search
    # that took 18 (and more) as exact valued N's cards at 21 (brute force: -26)
    deal = Deal("N:JT4.J852.KQ42.Q3 Q98732.K.J73.AT4 AK5.AT9.T5.J7652 6.Q7643.A986.K98")
    history = ("2C KC QC 4C 8C 3C TC 7C QS AS 6S JS 5C 9C TS AC 7S 5S 9D 4S JD 5D 6D 4D "
               "9S KS 7H KD AH QH JH KH TH 3H").split()
    position = Position(deal, Rules.parse("standard,moon=new"))
    for card in history:
        position.play(card)
    values = {str(cv.card): cv.value
              for cv in Solver().solve_position(position, seat="S", pv=False).cards}
    assert values == {"2H": -26, "5H": -26, "8H": -26}
    assert values == {str(card): v for card, v in paranoid_values(position, 2).items()}
