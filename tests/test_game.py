"""Whole games: running totals, target, reset, moon choice, Berns, sun, game end
(``docs/rules.md`` "Moon and sun", "Game end"); the seeds' example 90/95/63."""
from __future__ import annotations

import pytest

from hearts.solver import Hand, HeartsError, Rules, RulesError
from hearts.solver.game import Game, Settlement, play_game, settle, standing

MOON = Hand("Q.AKQJT98765432..").mask     # every heart and Q♠


def moon_by(seat: int, players: int) -> list[int]:
    """Taken masks: ``seat`` took every penalty card, the others nothing that counts."""
    return [MOON if s == seat else 0 for s in range(players)]


def plain(points: dict[int, str], players: int) -> list[int]:
    """Taken masks from a few cards per seat (hearts only, so the points are the counts)."""
    return [Hand(f".{points.get(s, '')}..").mask for s in range(players)]


TRICKS3 = [9, 4, 4]
TRICKS4 = [10, 1, 1, 1]


# -- the seeds' example ---------------------------------------------------------------------------

def test_seeds_example_old_moon_would_lose_so_the_shooter_takes_the_new_moon():
    # Shooter at 90, second at 95, leader at 63 (3 players); target 100.
    game = Game(Rules(players=3, new_moon_if_old_loses=True), totals=(90, 95, 63))
    outcome = game.score_deal(moon_by(0, 3), TRICKS3)
    assert outcome.moon == "new"
    assert outcome.totals == (64, 95, 63)
    assert not outcome.game_over
    assert outcome.reason == ("the old moon (90, 121, 89) would end the game with the shooter "
                              "losing; new moon (64, 95, 63)")


def test_seeds_example_old_moon_totals_121_90_89():
    game = Game(Rules(players=3, no_game_end_on_moon=False), totals=(90, 95, 63))
    outcome = game.score_deal(moon_by(0, 3), TRICKS3)
    assert outcome.moon == "old"
    assert outcome.totals == (90, 121, 89)
    assert sorted(outcome.totals, reverse=True) == [121, 90, 89]     # as the seeds list them
    assert outcome.game_over
    game.totals = outcome.totals
    assert game.winners() == (2,)                                    # the shooter loses


# -- running totals, target, reset, game end ------------------------------------------------------

def test_running_totals_add_each_deal():
    game = Game(Rules())
    first = game.score_deal(plain({0: "AKQ", 1: "2"}, 4), TRICKS4)
    assert first.points == (3, 1, 0, 0) and first.totals == (3, 1, 0, 0)
    game.totals = first.totals
    assert game.score_deal(plain({0: "J", 2: "T9"}, 4), TRICKS4).totals == (4, 1, 2, 0)


def test_game_ends_when_a_total_reaches_the_target():
    game = Game(Rules(), totals=(95, 10, 20, 30))
    assert game.score_deal(plain({0: "AKQJT"}, 4), TRICKS4).game_over       # 100
    assert not game.score_deal(plain({0: "AKQJ"}, 4), TRICKS4).game_over    # 99


def test_target_50():
    game = Game(Rules(target=50), totals=(45, 10, 20, 30))
    assert game.score_deal(plain({0: "AKQJT"}, 4), TRICKS4).game_over


def test_exactly_the_target_resets_to_zero():
    game = Game(Rules(reset_at_target=True), totals=(95, 10, 20, 30))
    outcome = game.score_deal(plain({0: "AKQJT"}, 4), TRICKS4)
    assert outcome.totals == (0, 10, 20, 30)
    assert not outcome.game_over


def test_after_a_reset_101_ends_the_game():
    game = Game(Rules(reset_at_target=True), totals=(95, 10, 20, 30))
    outcome = game.score_deal(plain({0: "AKQJT9"}, 4), TRICKS4)
    assert outcome.totals == (101, 10, 20, 30) and outcome.game_over


def test_no_game_end_on_a_moon_deal():
    game = Game(Rules(), totals=(10, 80, 85, 90))
    outcome = game.score_deal(moon_by(0, 4), TRICKS4)
    assert outcome.totals == (10, 106, 111, 116)
    assert not outcome.game_over


def test_game_may_end_on_a_moon_deal_when_allowed():
    game = Game(Rules(no_game_end_on_moon=False), totals=(10, 80, 85, 90))
    assert game.score_deal(moon_by(0, 4), TRICKS4).game_over


def test_lowest_total_wins_ties_share():
    game = Game(Rules(), totals=(40, 101, 40, 70))
    assert game.winners() == (0, 2)


def test_game_totals_need_one_entry_per_player():
    with pytest.raises(HeartsError, match="have 4 seats, the rules are for 3 players"):
        Game(Rules(players=3), totals=(1, 2, 3, 4))


# -- the moon at game level -----------------------------------------------------------------------

def test_old_moon_26_to_each_other_player():
    outcome = Game(Rules(), totals=(10, 20, 30, 40)).score_deal(moon_by(0, 4), TRICKS4)
    assert outcome.moon == "old" and outcome.totals == (10, 46, 56, 66)


def test_new_moon_minus_26_to_the_shooter():
    outcome = Game(Rules(moon="new"), totals=(10, 20, 30, 40)).score_deal(moon_by(0, 4), TRICKS4)
    assert outcome.moon == "new" and outcome.totals == (-16, 20, 30, 40)


def test_new_moon_only_after_50_points():
    rules = Rules(moon="new", new_moon_from=50)
    below = Game(rules, totals=(49, 20, 30, 40)).score_deal(moon_by(0, 4), TRICKS4)
    assert below.moon == "old" and below.totals == (49, 46, 56, 66)
    at = Game(rules, totals=(50, 20, 30, 40)).score_deal(moon_by(0, 4), TRICKS4)
    assert at.moon == "new" and at.totals == (24, 20, 30, 40)


def test_shooters_choice_old_moon_when_it_wins_the_game():
    game = Game(Rules(moon="choice", no_game_end_on_moon=False), totals=(70, 80, 85, 90))
    outcome = game.score_deal(moon_by(0, 4), TRICKS4)
    assert outcome.moon == "old" and outcome.totals == (70, 106, 111, 116)
    assert outcome.game_over


def test_shooters_choice_new_moon_when_the_old_would_lose():
    game = Game(Rules(players=3, moon="choice"), totals=(90, 95, 63))
    outcome = game.score_deal(moon_by(0, 3), TRICKS3)
    assert outcome.moon == "new" and outcome.totals == (64, 95, 63)


def test_shooters_choice_leader_takes_the_old_moon_to_near_the_end():
    outcome = Game(Rules(moon="choice"), totals=(10, 20, 30, 40)).score_deal(moon_by(0, 4),
                                                                            TRICKS4)
    assert outcome.moon == "old" and outcome.totals == (10, 46, 56, 66)


def test_shooters_choice_trailer_takes_the_new_moon_to_make_the_game_last():
    outcome = Game(Rules(moon="choice"), totals=(60, 20, 30, 40)).score_deal(moon_by(0, 4),
                                                                            TRICKS4)
    assert outcome.moon == "new" and outcome.totals == (34, 20, 30, 40)


def test_berns_old_moon_when_it_puts_the_shooter_in_the_lead():
    outcome = Game(Rules(berns=True), totals=(50, 40, 60, 70)).score_deal(moon_by(0, 4), TRICKS4)
    assert outcome.moon == "old" and outcome.totals == (50, 66, 86, 96)


def test_berns_subtracts_when_the_old_moon_would_not_put_the_shooter_in_the_lead():
    outcome = Game(Rules(berns=True), totals=(80, 40, 60, 70)).score_deal(moon_by(0, 4), TRICKS4)
    assert outcome.moon == "new" and outcome.totals == (54, 40, 60, 70)


def test_new_moon_if_old_loses_keeps_the_old_moon_otherwise():
    outcome = Game(Rules(new_moon_if_old_loses=True), totals=(80, 40, 60, 70)).score_deal(
        moon_by(0, 4), TRICKS4)
    assert outcome.moon == "old" and outcome.totals == (80, 66, 86, 96)


def test_void_moon_is_no_successful_moon_culbertson1950():
    game = Game(Rules.culbertson1950(), totals=(95, 10, 20, 30))
    outcome = game.score_deal(moon_by(0, 4), TRICKS4)
    assert outcome.shot is None and outcome.points == (0, 0, 0, 0)


# -- the sun at game level ------------------------------------------------------------------------

def test_sun_52_to_each_other_player_and_no_game_end():
    game = Game(Rules(sun="all_tricks"), totals=(10, 50, 60, 70))
    outcome = game.score_deal(moon_by(0, 4), [13, 0, 0, 0])
    assert outcome.shot == "sun" and outcome.totals == (10, 102, 112, 122)
    assert not outcome.game_over


def test_sun_clears_the_board():
    game = Game(Rules(sun="all_tricks", sun_clears_board=True), totals=(70, 10, 20, 30))
    outcome = game.score_deal(moon_by(0, 4), [13, 0, 0, 0])
    assert outcome.totals == (0, 62, 72, 82)


def test_sun_paid_by_the_passer_only():
    game = Game(Rules(sun="all_tricks", sun_paid_by="passer"), totals=(0, 0, 0, 0))
    outcome = game.score_deal(moon_by(1, 4), [0, 13, 0, 0], pass_direction="left")
    assert outcome.totals == (52, 0, 0, 0)          # passing left, North passed to East


# -- standing (the game-level objective) ----------------------------------------------------------

def test_standing_win_goes_on_lose():
    assert standing((70, 106, 111, 116), 0, 100) == (0, -36, -116)
    assert standing((10, 46, 56, 66), 0, 100) == (1, -36, -66)
    assert standing((90, 121, 89), 0, 100) == (2, 1, 121)


# -- whole games ----------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [
    Rules(), Rules(players=3), Rules.pagat(5), Rules(players=6, pass_scheme="scatter"),
    Rules(players=7, card_removal="kitty", pass_scheme="rotating"),
    Rules(players=5, pass_scheme="star", moon="choice"),
    Rules(pass_scheme="shuffle", reset_at_target=True, sun="all_tricks"),
    Rules(players=3, pass_count_by_dealer=True, no_pass_cards="QS 2C"),
], ids=repr)
def test_a_whole_game_is_played_to_its_end(rules):
    game = play_game(rules, 7)
    assert game.is_over()
    assert max(game.totals) >= rules.target
    assert game.deals == len(game.outcomes)
    assert game.outcomes[-1].totals == game.totals
    assert game.standing(game.winners()[0])[0] == 0


def test_pass_plan_follows_the_deal_number():
    game = Game(Rules())
    assert game.pass_plan().name == "left"
    game.deals = 2
    assert game.pass_plan().name == "across"


# -- the game-level objective in play (brute force over Position, tests/bruteforce.py) ------------

def test_game_objective_takes_points_to_keep_the_game_going():
    # tests/game_cases.py: North ducks for the deal's points, takes QH for the game.
    from bruteforce import paranoid_values, standing_values
    from game_cases import DUCK_OR_TAKE_SCORES, duck_or_take

    from hearts.solver import parse_cards

    position = duck_or_take()
    two, four, queen = parse_cards("2H 4H QH")
    assert paranoid_values(position) == {two: 0, four: 0, queen: 4}
    assert standing_values(position, DUCK_OR_TAKE_SCORES) == {
        two: (2, 11, 101), four: (2, 11, 101), queen: (1, 15, 97)}


# -- Classic Hearts settled in counters (Foster 1909) ----------------------------------------------

HOWELL = Rules(settlement="howell")
SWEEP = Rules(settlement="sweepstake")


def test_howell_settling_fosters_example():
    # "A takes three hearts; B and C five each, and D none": A puts up 9 and takes out 10,
    # B and C put up 15 and take out 8, D takes out 13.
    assert settle(HOWELL, [3, 5, 5, 0]) == Settlement((1, -7, -7, 13))


def test_howell_settling_at_three_players():
    assert settle(Rules(players=3, settlement="howell"), [10, 3, 0]) == Settlement((-17, 4, 13))


def test_sweepstake_the_player_taking_no_heart_takes_the_pool():
    assert settle(SWEEP, [3, 5, 5, 0]) == Settlement((-3, -5, -5, 13))


def test_sweepstake_two_clean_players_share_the_odd_counter_stays():
    assert settle(SWEEP, [6, 7, 0, 0]) == Settlement((-6, -7, 6, 6), jack=1)


def test_sweepstake_every_player_took_hearts_makes_a_jack():
    assert settle(SWEEP, [4, 3, 3, 3]) == Settlement((-4, -3, -3, -3), jack=13)


def test_sweepstake_one_player_took_every_heart_makes_a_jack():
    assert settle(SWEEP, [13, 0, 0, 0]) == Settlement((-13, 0, 0, 0), jack=13)


def test_sweepstake_jack_goes_only_to_a_sole_clean_player():
    assert settle(SWEEP, [6, 7, 0, 0], jack=13) == Settlement((-6, -7, 0, 0), jack=26)
    assert settle(SWEEP, [6, 4, 3, 0], jack=13) == Settlement((-6, -4, -3, 26))


def test_game_keeps_the_counters_balance():
    game = play_game(Rules(settlement="sweepstake"), 3)
    assert sum(game.counters) + game.jack == 0
    howell = play_game(Rules(players=5, settlement="howell"), 3)
    assert sum(howell.counters) == 0 and howell.jack == 0


def test_unknown_settlement_names_the_choices():
    with pytest.raises(RulesError, match="settlement='chips': expected one of points, "
                                         "sweepstake, howell"):
        Rules(settlement="chips")


def test_play_game_refuses_a_hand_without_enough_cards_it_may_pass():
    # Only spades may be passed: with seed 1, West is dealt 2 of them on the first deal. The
    # default random pass raised a bare ValueError ("Sample larger than population").
    rules = Rules.parse("standard,no_pass_cards=" + "+".join(
        f"{rank}{suit}" for suit in "CDH" for rank in "23456789TJQKA"))
    with pytest.raises(HeartsError, match=r"^W holds 2 cards the rules allow passing \(rules "
                                          r"no_pass_cards=2C\+3C\+.*\), fewer than the 3 to "
                                          r"pass$"):
        play_game(rules, 1)
