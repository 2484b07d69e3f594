"""The game model (issue 5, item 4): the search optimises the target's standing in the game.

``solve(..., model="game", scores=...)`` values each card by the target's standing after the
deal (``hearts.solver.game.standing``: result, then margin), the target minimising it and the
other seats maximising it. Checked against brute force (``tests/bruteforce.py``
``standing_values``, plain minimax over ``Position`` scored by ``Game.deal_standing``): the
core's ``(result, margin)`` must equal the first two parts of brute force's standing for every
legal card, under the rules that change how a game counts a deal: the moon scored by the
shooter's choice, new only when the old would lose, Berns, new only from some total, the
reset at exactly the target, the sun clearing the board, Omnibus's negative card, 3 players.
(The projection onto (result, margin) of a minimax over the whole standing is the minimax of
the projection: the order is lexicographic.)
"""
from __future__ import annotations

import json
import random

import pytest

from bruteforce import paranoid_values, random_position, standing_values
from game_cases import DUCK_OR_TAKE_SCORES, duck_or_take
from hearts.solver import Rules, Seat, parse_cards, solve
from hearts.solver.game import parse_scores
from hearts.solver.solve import Solver, SolverError

GAME_RULES = {
    "standard": Rules.standard(),
    "shooters_choice": Rules(moon="choice"),
    "new_if_old_loses": Rules(new_moon_if_old_loses=True),
    "berns": Rules(berns=True),
    "reset_choice": Rules(reset_at_target=True, moon="choice"),
    "new_moon_from_50": Rules(moon="new", new_moon_from=50),
    "sun_clears_board": Rules(sun="all_tricks", sun_clears_board=True),
    "omnibus": Rules.omnibus(),
    "three_players": Rules(players=3, moon="choice"),
}


def _values(result) -> dict:
    return {card: (cv.result, cv.value) for cv in result.cards for card in (cv.card,) + cv.equals}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAME_RULES))
def test_game_model_equals_brute_force(name):
    rules = GAME_RULES[name]
    n = rules.players
    solver = Solver()               # one table for every position: each new game clears it
    checked = 0
    for seed in range(24):
        rng = random.Random(seed)
        cards_left = rng.choice([2 * n, 3 * n, 4 * n])
        position = random_position(seed, rules, cards_left)
        if position.is_over():
            continue
        # totals near the target, so that the deal decides the game
        totals = tuple(rng.randint(60, 99) for _ in range(n))
        target = rng.randrange(n)
        want = {card: v[:2] for card, v in standing_values(position, totals, target).items()}
        got = _values(solver.solve_position(position, target, "game", scores=totals))
        assert got == want, (name, seed, totals, target, str(position.deal),
                             " ".join(map(str, position.history)))
        checked += 1
    assert checked >= 20


def test_keeping_the_game_going_beats_ducking():
    # tests/game_cases.py: for the deal's points North ducks (0 points), but then South
    # reaches 101 and North loses the game, 11 behind East; taking QH (4 points) keeps the
    # game going, North 15 behind the leader.
    position = duck_or_take()
    two, four, queen = parse_cards("2H 4H QH")
    assert paranoid_values(position) == {two: 0, four: 0, queen: 4}
    result = Solver().solve_position(position, model="game", scores=DUCK_OR_TAKE_SCORES)
    assert _values(result) == {queen: (1, 15), two: (2, 11), four: (2, 11)}
    assert result.best.card == queen


# The seeds' example at 3 players (docs/rules.md "Moon and sun"): shooter A at 90, B at 95, C the
# leader at 63. A holds every heart and the top spades and wins every trick whatever is played.
SEEDS_DEAL = "A:AKQ.AKQJT98765432..A JT98..AKQJT98765432. 765432...KQJT9876543"


def test_seeds_example_new_moon_when_the_old_would_lose():
    # The old moon would end the game 90, 121, 89 with A behind C: under "new moon only when the
    # old would lose" A takes the new moon, 64, 95, 63, and the game goes on, A 1 behind.
    rules = Rules(players=3, new_moon_if_old_loses=True)
    result = solve(SEEDS_DEAL, seat=0, model="game", rules=rules, scores=(90, 95, 63))
    assert [(str(cv.card), cv.result, cv.value) for cv in result.cards] == [("3C", 1, 1)]


def test_seeds_example_old_moon_loses():
    result = solve(SEEDS_DEAL, seat=0, model="game", rules=Rules(players=3),
                   scores=(90, 95, 63))
    assert [(str(cv.card), cv.result, cv.value) for cv in result.cards] == [("3C", 2, 1)]


def test_seeds_example_reset_at_exactly_the_target():
    # B at 74 + 26 = 100 exactly resets to 0 under reset_at_target: the old moon leaves
    # A 90, B 0, C 89 and the game goes on with A 90 behind B.
    rules = Rules(players=3, reset_at_target=True)
    result = solve(SEEDS_DEAL, seat=0, model="game", rules=rules, scores=(90, 74, 63))
    assert [(cv.result, cv.value) for cv in result.cards] == [(1, 90)]


def test_a_new_game_clears_the_table():
    # The table keeps standings for one game's totals: solving the same position for other
    # totals with the same solver gives what a fresh solver gives.
    rules = Rules.standard()
    position = random_position(7, rules, 16)
    solver = Solver()
    for totals in ((80, 95, 63, 40), (20, 30, 25, 10), (80, 95, 63, 40)):
        reused = _values(solver.solve_position(position, Seat.S, "game", scores=totals))
        fresh = _values(Solver().solve_position(position, Seat.S, "game", scores=totals))
        assert reused == fresh


def test_far_from_the_target_the_game_model_follows_the_points():
    # No total can reach 100 in this deal: the game goes on whatever is played, and the
    # margin is the target's points less the lowest other total's (every seat at 0 so far).
    # A margin is never more than the target's own points (the others' are >= 0), so neither
    # is its minimax value.
    position = random_position(11, Rules.standard(), 12)
    points = paranoid_values(position)
    game = _values(Solver().solve_position(position, model="game", scores=(10, 10, 10, 10)))
    assert {card: r for card, (r, _) in game.items()} == {card: 1 for card in points}
    assert all(m <= points[card] for card, (_, m) in game.items())


def test_json_has_the_result_and_the_scores():
    rules = Rules(players=3, new_moon_if_old_loses=True)
    data = solve(SEEDS_DEAL, seat=0, model="game", rules=rules, scores=(90, 95, 63)).to_json()
    assert data["model"] == "game"
    assert data["scores"] == {"A": 90, "B": 95, "C": 63}
    assert data["game_target"] == 100
    assert data["cards"][0]["result"] == "on" and data["cards"][0]["value"] == 1
    json.dumps(data)


@pytest.mark.parametrize("kwargs, message", [
    ({"model": "game"}, "needs the game scores"),
    ({"model": "paranoid", "scores": (1, 2, 3, 4)}, "scores are for the game model"),
    ({"model": "game", "scores": (1, 2, 3)}, "3 scores for 4 players"),
    ({"model": "game", "scores": (1, 2, 3, 401)}, "W=401 is outside -400..400"),
    # were taken: a float kept in result.scores, True as 1; a text failed with a TypeError
    # or was counted as its characters
    ({"model": "game", "scores": (82.5, 57, 93, 71)}, "N=82.5 is not a whole number"),
    ({"model": "game", "scores": (1, True, 3, 4)}, "E=True is not a whole number"),
    ({"model": "game", "scores": ("82", 57, 93, 71)}, "N='82' is not a whole number"),
    ({"model": "game", "scores": "N=82,E=57,S=93,W=71"}, "not the text 'N=82,E=57,S=93,W=71' "
                                                         r"\(parse_scores reads it\)"),
    ({"model": "game", "scores": 80}, "expected one total per seat, seat 0 first, not int"),
])
def test_bad_game_requests(kwargs, message):
    position = random_position(3, Rules.standard(), 8)
    with pytest.raises(SolverError, match=message):
        Solver().solve_position(position, **kwargs)


@pytest.mark.parametrize("changes, scores, message", [
    ({"no_game_end_on_moon": False}, (150, 95, 63, 40),
     "the game is already over: N has 150, the target is 100"),
    ({"no_game_end_on_moon": False}, (80, 100, 63, 40), "E has 100, the target is 100"),
    ({"reset_at_target": True}, (80, 100, 63, 40), "E=100 is exactly the target"),
])
def test_a_game_that_is_over_has_no_deal_to_value(changes, scores, message):
    # Only the CLI refused these at first; the Python twin valued a deal after the game.
    position = random_position(3, Rules(**changes), 8)
    with pytest.raises(SolverError, match=message):
        Solver().solve_position(position, model="game", scores=scores)


def test_a_total_past_the_target_goes_on_after_a_moon_by_default():
    # no_game_end_on_moon (standard): the deal after a moon that took N past 100 is valued.
    position = random_position(3, Rules.standard(), 8)
    result = Solver().solve_position(position, model="game", scores=(110, 95, 63, 40))
    assert result.scores == (110, 95, 63, 40) and result.complete


def test_scores_of_numpy_ints_are_whole_numbers():
    import numpy as np
    position = random_position(3, Rules.standard(), 8)
    result = Solver().solve_position(position, model="game",
                                     scores=np.array([80, 95, 63, 40], dtype=np.int64))
    assert result.scores == (80, 95, 63, 40) and type(result.scores[0]) is int


def test_parse_scores():
    assert parse_scores("N=80,E=95,S=63,W=40") == (80, 95, 63, 40)
    assert parse_scores("W=40, S=63, E=95, N=80") == (80, 95, 63, 40)
    assert parse_scores("80,95,63,40") == (80, 95, 63, 40)
    assert parse_scores("A=90,B=95,C=-3", 3) == (90, 95, -3)


@pytest.mark.parametrize("text, message", [
    ("N=80,E=95,S=63", r"3 given for 4 players \(missing W\)"),
    ("80,95,63,40,1", "5 given for 4 players"),
    ("N=80,N=95,S=63,W=40", 'item 2 "N=95": seat N is given twice'),
    ("N=x,E=95,S=63,W=40", 'item 1 "N=x": expected SEAT=POINTS'),
    ("Q=1,E=95,S=63,W=40", 'item 1 "Q=1": unknown seat'),
    ("N=1,E=2,S=3,40", 'item 4 "40": expected SEAT=POINTS'),
])
def test_parse_scores_errors(text, message):
    from hearts.solver import HeartsError
    with pytest.raises(HeartsError, match=message):
        parse_scores(text)
