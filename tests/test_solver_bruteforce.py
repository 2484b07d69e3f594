"""The solver is exact: on endgames of up to 4 tricks every legal card's value equals brute force.

Brute force (``tests/bruteforce.py``) is plain minimax over the reference ``Position``, sharing
nothing with the search core. Positions are random deals played at random (or steered so that one
seat keeps a moon or sun alive) to a random point with 1 to 16 cards left -- trick starts and
mid-trick -- under every point table (standard, Omnibus, Pink Lady, Black Jack, Spot Hearts),
every moon rule (old, new, none), the sun (all 13 tricks, last 12; paid by every other seat or
by the shooter's passer alone, under every pass direction), the no-trick bonus (-5) and
every hearts-breaking rule. Models (``solver/solve.py``):

- paranoid: the target's final points, target minimising, the other three maximising;
- moon: 1 if the target can still take every card of ``rules.moon_mask()``, else 0;
- maxn: the final points of all four seats when each seat minimises its own and plays the
  lowest card (clubs < diamonds < hearts < spades, then rank) among equally good ones.

Tables of 3, 5, 6 and 7 players (issue 5, item 3) are checked the same way on endgames of up to
three tricks (four at 3 players) under every point table, deck (removed cards or a kitty), moon
and sun rule; the kitty on trick 1, which those endgames do not reach, by the core's own
values after trick 1 and by its bounds against random playouts.

For every card we also check: its ``equals`` are legal cards brute force values identically; its
line of play (PV) starts with it and replays legally; and where the PV stops, the position's
brute-force value is still the card's value.
"""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bruteforce
from bruteforce import maxn_values, moon_values, paranoid_values, random_position
from hearts.solver import Card, Deal, Limit, PassDirection, Position, Rules, Seat
from hearts.solver._core import Core
from hearts.solver.errors import RulesError
from hearts.solver.rules import POINTS_LIMIT
from hearts.solver.solve import (MODELS, CardValue, SolveResult, Solver, core_rules,
                                core_state)

POINT_TABLES = {
    "standard": Rules.standard(),
    "omnibus": Rules.omnibus(),
    "pink_lady": Rules.pink_lady(),
    "black_jack": Rules.black_jack(),
    "spot_hearts": Rules.spot_hearts(),
}
MOONS = ("old", "new", "none")
SUNS = ("none", "all_tricks", "last_twelve")
NO_TRICK_BONUSES = (0, -5)
BREAKS = ("hearts_or_queen", "hearts", "any_penalty")


@st.composite
def rule_sets(draw) -> Rules:
    """A point table with any moon rule, sun rule, no-trick bonus and hearts-breaking rule."""
    base = POINT_TABLES[draw(st.sampled_from(sorted(POINT_TABLES)))]
    sun = draw(st.sampled_from(SUNS))
    return dataclasses.replace(
        base,
        moon=draw(st.sampled_from(MOONS)),
        sun=sun,
        sun_paid_by="all" if sun == "none" else draw(st.sampled_from(("all", "passer"))),
        no_trick_bonus=draw(st.sampled_from(NO_TRICK_BONUSES)),
        hearts_broken_by=draw(st.sampled_from(BREAKS)),
    )


# Cards left in the hands: 1-4 is the last trick (one legal card: checks the scoring), 5-12 two
# or three tricks, 13-16 four tricks (brute force is slowest there, so they are drawn less).
CARDS_LEFT = (1, 2, 3, 4, *range(5, 13), *range(5, 13), *range(5, 13), *range(13, 17),
              *range(13, 17))


@st.composite
def endgames(draw, max_cards_left: int = 16) -> Position:
    """A reachable position with 1..``max_cards_left`` cards still in the hands."""
    rules = draw(rule_sets())
    cards_left = draw(st.sampled_from([n for n in CARDS_LEFT if n <= max_cards_left]))
    seed = draw(st.integers(0, 2**32 - 1))
    position = random_position(seed, rules, cards_left)
    # The pass direction only matters for a sun paid by the shooter's passer alone.
    direction = draw(st.sampled_from(list(PassDirection)))
    return Position(position.deal, rules, position.history, pass_direction=direction)


# Each property test checks EXAMPLES positions; four tests: 4 * 400 = 1,600 positions.
EXAMPLES = 400
exhaustive = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                      suppress_health_check=[HealthCheck.too_slow])


def by_card(result: SolveResult) -> dict[Card, CardValue]:
    """Every card the result values (each class representative and its ``equals``), checking
    that no card is valued twice."""
    out: dict[Card, CardValue] = {}
    for cv in result.cards:
        assert cv.card not in cv.equals, f"{cv.card} lists itself among its equals"
        for card in (cv.card, *cv.equals):
            assert card not in out, f"{card} is valued twice"
            out[card] = cv
    return out


def replay_pv(position: Position, cv: CardValue) -> Position:
    """The position after the card's PV, which must start with the card and be legal."""
    assert cv.pv and cv.pv[0] == cv.card, f"PV {cv.pv} does not start with {cv.card}"
    line = position.copy()
    for i, card in enumerate(cv.pv):
        reason = line.why_illegal(card)
        assert reason is None, f"PV of {cv.card}, card {i + 1} ({card}): {reason}"
        line.play(card)
    return line


# -- brute force checks itself -------------------------------------------------------------------

@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(endgames(max_cards_left=14), st.integers(0, 3))
def test_brute_force_memo_changes_no_value(position, shift):
    target = Seat((position.to_move + shift) % 4)
    assert paranoid_values(position, target) == paranoid_values(position, target, memo=False)
    assert moon_values(position, target) == moon_values(position, target, memo=False)
    assert maxn_values(position) == maxn_values(position, memo=False)


def test_brute_force_agrees_with_the_independent_solver_on_small_endgames(data_dir):
    """The solved positions with up to 4 tricks left (independent program, ``tests/data/solved``)."""
    checked = 0
    for name in ("positions.jsonl", "moon-positions.jsonl"):
        for line in (data_dir / "solved" / name).read_text().splitlines():
            record = json.loads(line)
            if record["tricks_left"] > 4:
                continue
            rules = Rules(hearts_broken_by="hearts_or_queen" if record["rules"]["qs_breaks_hearts"]
                          else "hearts")
            position = Position(record["deal"], rules, record["played"])
            expected = {Card(c): v for c, v in record["values"].items()}
            assert paranoid_values(position) == expected, record["played"]
            assert any(moon_values(position).values()) == record["mover_can_shoot"]
            checked += 1
    assert checked >= 30


# -- hand-checked endgames: brute force and the solver give the values worked out by hand ------

# East leads trick 12 with 24 points (Q♠ and 11 hearts). N 9♦ 8♥, E 9♣ T♥, S J♣ 8♦, W 3♠ 4♠.
# T♥ draws 8♥ (North must follow): East has all 26 and then loses J♣ > 9♣ -- a moon.
# 9♣ loses to J♣; 8♥ and T♥ then go to North or South: East ends with 24.
MOON_ENDGAME = Position(
    Deal("N:95.8765.9754.843 AK.AKQT.AKQ.AKQ9 Q8.432.8632.JT75 JT76432.J9.JT.62"), Rules(),
    "2C 3C AC 5C AD 2D TD 4D AS 8S 2S 5S KC 7C 6C 4C KD 3D JD 5D KS QS JS 9S AH 2H 9H 5H "
    "KH 3H JH 6H QC TC TS 8C QH 4H 7S 7H QD 6D 6S 7D")

# South leads trick 12, has won all 11 tricks and taken 12 hearts. N 6♣ 8♠, E Q♣ Q♠,
# S 9♣ 9♥, W 4♣ 7♣. After 9♥ everybody discards: if East keeps Q♣ it wins the last trick and
# South took every penalty card (a moon); if East keeps Q♠, South wins the last trick too
# (a sun, when the sun counts). After 9♣ East wins Q♣ and then Q♠ with 9♥: East 14, South 12.
SUN_ENDGAME = Position(
    Deal("N:9832.832.T.AT865 Q75.J754.7632.Q2 AK.AKQT9.AKQJ.J9 JT64.6.9854.K743"), Rules(),
    "2C JC 3C 5C AD 4D TD 2D AS 4S 2S 5S KD 5D 8H 3D AH 6H 2H 4H KH KC 3H JH KS 6S 3S 7S "
    "QD 8D 8C 6D QH JS AC 5H JD 9D TC 7D TH TS 9S 7H")


def with_rules(position: Position, **changes) -> Position:
    return Position(position.deal, dataclasses.replace(position.rules, **changes),
                    position.history)


def solver_values(position: Position, target=None, model="paranoid") -> dict[str, object]:
    result = Solver(tt_bits=12).solve_position(position, target, model)
    return {str(card): (cv.points if model == "maxn" else cv.value)
            for card, cv in by_card(result).items()}


def brute_values(position: Position, target=None, model="paranoid") -> dict[str, object]:
    if model == "maxn":
        values = maxn_values(position)
    elif model == "moon":
        values = moon_values(position, target)
    else:
        values = paranoid_values(position, target)
    return {str(card): value for card, value in values.items()}


@pytest.mark.parametrize("moon, expected", [
    ("old", {"9C": 24, "TH": 0}),     # the shooter scores 0
    ("new", {"9C": 24, "TH": -26}),   # the shooter scores -26
    ("none", {"9C": 24, "TH": 26}),   # no moon: 26 taken, 26 scored
])
def test_the_moon_rule_scores_the_shooter(moon, expected):
    position = with_rules(MOON_ENDGAME, moon=moon)
    assert brute_values(position) == expected
    assert solver_values(position) == expected


def test_a_seat_can_still_shoot_only_by_leading_the_ten_of_hearts():
    assert brute_values(MOON_ENDGAME, model="moon") == {"9C": 0, "TH": 1}
    assert solver_values(MOON_ENDGAME, model="moon") == {"9C": 0, "TH": 1}


@pytest.mark.parametrize("changes, expected", [
    # T♥: old moon, 26 to each other seat. 9♣: North discards 9♦ (keeping 8♥ it takes nothing,
    # keeping 9♦ it would win T♥ on the last trick), South takes both hearts.
    ({}, {"9C": (0, 24, 2, 0), "TH": (26, 0, 26, 26)}),
    ({"moon": "none"}, {"9C": (0, 24, 2, 0), "TH": (0, 26, 0, 0)}),
    # No trick for North and West: -5 each (not after a moon).
    ({"no_trick_bonus": -5}, {"9C": (-5, 24, 2, -5), "TH": (26, 0, 26, 26)}),
])
def test_maxn_points_of_the_moon_endgame(changes, expected):
    position = with_rules(MOON_ENDGAME, **changes)
    assert brute_values(position, model="maxn") == expected
    assert solver_values(position, model="maxn") == expected


@pytest.mark.parametrize("sun, target, expected", [
    ("all_tricks", Seat.S, {"9C": 12, "9H": 0}),
    ("none", Seat.S, {"9C": 12, "9H": 0}),
    # North's points: after 9♥ the defenders give South every trick -- a sun, 52 to North.
    ("all_tricks", Seat.N, {"9C": 0, "9H": 52}),
    ("none", Seat.N, {"9C": 0, "9H": 26}),
    ("all_tricks", Seat.E, {"9C": 14, "9H": 26}),  # East keeps Q♣: a moon, 26 beats 52
])
def test_the_sun_scores_52_to_each_other_seat(sun, target, expected):
    position = with_rules(SUN_ENDGAME, sun=sun)
    assert brute_values(position, target) == expected
    assert solver_values(position, target) == expected


def test_maxn_points_of_the_sun_endgame():
    position = with_rules(SUN_ENDGAME, sun="all_tricks")
    expected = {"9C": (0, 14, 12, 0), "9H": (26, 26, 0, 26)}
    assert brute_values(position, model="maxn") == expected
    assert solver_values(position, model="maxn") == expected


# -- the solver against brute force on random endgames --------------------------------------------

def check_result(position: Position, result: SolveResult, expected: dict, *, model: str,
                 target: Seat) -> None:
    """Every legal card valued as brute force says (``expected``), ``equals`` included; the
    PVs replay legally and keep the value; the best card comes first."""
    assert result.complete
    assert result.seat == position.to_move
    got = by_card(result)
    assert set(got) == set(position.legal_moves()) == set(expected)
    for card, cv in got.items():
        value = cv.points if model == "maxn" else cv.value
        assert value == expected[card], (
            f"{model} target {getattr(target, 'name', target)}: {card} (class of {cv.card}) valued {value}, "
            f"brute force {expected[card]}; all: {dict((str(c), v) for c, v in expected.items())}")
        if model == "maxn":
            assert cv.value == cv.points[position.to_move]
    for cv in result.cards:
        end = replay_pv(position, cv)
        if model == "paranoid":
            assert bruteforce.paranoid_value(end, target) == cv.value, f"PV {cv.pv} loses the value"
        elif model == "moon":
            assert bruteforce.moon_value(end, target) == cv.value, f"PV {cv.pv} loses the value"
        else:
            assert bruteforce.maxn_value(end) == cv.points, f"PV {cv.pv} leaves the max^n line"
    mover = position.to_move
    if model == "maxn":
        # The card max^n plays: the lowest of the cards with the mover's least points.
        own = {card: v[mover] for card, v in expected.items()}
        assert result.best.card == min(own, key=lambda c: (own[c], c))
    else:
        values = list(expected.values())
        minimising = (target == mover) == (model == "paranoid")
        assert result.best.value == (min(values) if minimising else max(values))


def solves_as_brute_force(position: Position, model: str, shift: int = 0) -> None:
    """The solver values every card of ``position`` as brute force does (``check_result``), for
    the target ``shift`` seats after the mover (maxn: the mover)."""
    n = position.players
    target = (position.to_move + shift) % n
    if n == 4:
        target = Seat(target)
    if model == "maxn":
        result = Solver().solve_position(position, model="maxn")
        assert len(result.best.points) == n
        expected = maxn_values(position)
    else:
        result = Solver().solve_position(position, target, model)
        expected = (paranoid_values if model == "paranoid" else moon_values)(position, target)
    assert result.target == (position.to_move if model == "maxn" else target)
    check_result(position, result, expected, model=model, target=target)


@exhaustive
@given(endgames())
def test_paranoid_value_of_every_card_equals_brute_force(position):
    solves_as_brute_force(position, "paranoid")


@exhaustive
@given(endgames(), st.integers(1, 3))
def test_paranoid_value_for_another_seat_equals_brute_force(position, shift):
    solves_as_brute_force(position, "paranoid", shift)


@exhaustive
@given(endgames(), st.integers(0, 3))
def test_moon_feasibility_of_every_card_equals_brute_force(position, shift):
    solves_as_brute_force(position, "moon", shift)


@exhaustive
@given(endgames())
def test_maxn_points_of_every_card_equal_brute_force(position):
    solves_as_brute_force(position, "maxn")


# -- tables of 3, 5 and 6 players (issue 5, item 3) -----------------------------------------------

TABLE_RULES = {
    3: [Rules(players=3), Rules.pagat(3), Rules(players=3, card_removal="kitty", moon="new")],
    5: [Rules.pagat(5), Rules(players=5, card_removal="kitty", sun="all_tricks")],
    6: [Rules(players=6), Rules.culbertson1950(6), Rules(players=6, heart_scale="spot")],
}


def table_endgames(players: int, count: int):
    """``count`` reachable endgames at a table of ``players``: one to three tricks left."""
    for seed in range(count):
        rules = TABLE_RULES[players][seed % len(TABLE_RULES[players])]
        cards_left = 1 + seed % (3 * players)
        yield random_position(seed, rules, cards_left)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_brute_force_memo_changes_no_value_at_other_tables(players):
    for position in table_endgames(players, 12):
        target = (position.to_move + 1) % players
        assert paranoid_values(position, target) == paranoid_values(position, target, memo=False)
        assert maxn_values(position) == maxn_values(position, memo=False)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_brute_force_last_card_is_the_deals_score_at_other_tables(players):
    for seed, rules in enumerate(TABLE_RULES[players]):
        position = random_position(seed, rules, 1)
        (card,) = position.legal_moves()
        done = position.copy()
        done.play(card)
        for target in range(players):
            assert paranoid_values(position, target) == {card: done.score()[target]}
        assert maxn_values(position) == {card: tuple(done.score())}


@pytest.mark.parametrize("players", [3, 5, 6])
def test_solver_equals_brute_force_at_other_tables(players):
    for position in table_endgames(players, 40):
        result = Solver().solve_position(position)
        check_result(position, result, paranoid_values(position), model="paranoid",
                     target=position.to_move)
        result = Solver().solve_position(position, model="maxn")
        check_result(position, result, maxn_values(position), model="maxn",
                     target=position.to_move)


# Every deck of the tables: the default removal (Morehead 2001), Pagat's, Culbertson's, and the
# kitty (the leftover cards go to the winner of trick 1, counted in its points and its moon).
REMOVALS = ("morehead2001", "pagat", "culbertson1950", "kitty")


@st.composite
def table_rule_sets(draw, players: int) -> Rules:
    """A point table, deck, moon, sun, no-trick bonus and hearts-breaking rule for a table of
    ``players`` (as ``rule_sets`` at four)."""
    four = draw(rule_sets())
    removals = [r for r in REMOVALS if players < 7 or r != "morehead2001"]  # 3..6 players
    return dataclasses.replace(four, players=players,
                               card_removal=draw(st.sampled_from(removals)))


@st.composite
def table_positions(draw, sizes=(3, 5, 6)) -> Position:
    """A reachable position at a table of 3, 5 or 6 players with at most three tricks (four at
    3 players) in the hands, trick starts and mid-trick, and any pass direction (the seat
    offset: it matters for a sun paid by the shooter's passer alone)."""
    players = draw(st.sampled_from(sizes))
    rules = draw(table_rule_sets(players))
    tricks = draw(st.sampled_from((1, 2, 3, 4) if players == 3 else (1, 2, 3)))
    played = draw(st.sampled_from((0, 0, *range(players))))   # to this trick; 0: its start
    cards_left = tricks * players - played
    seed = draw(st.integers(0, 2**32 - 1))
    position = random_position(seed, rules, cards_left)
    direction = draw(st.integers(0, players - 1))
    return Position(position.deal, rules, position.history, pass_direction=direction)


# A property test of TABLE_EXAMPLES positions per model: 1,500 positions at 3, 5 and 6 players.
TABLE_EXAMPLES = 500
tables = settings(max_examples=TABLE_EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("model", ["paranoid", "moon", "maxn"])
@tables
@given(position=table_positions(), shift=st.integers(0, 6))
def test_every_model_at_other_tables_equals_brute_force(model, position, shift):
    """Paranoid and moon for the target ``shift`` seats after the mover; max^n."""
    solves_as_brute_force(position, model, shift)


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(table_positions(sizes=(7,)), st.integers(0, 6))
def test_seven_players_equal_brute_force(position, shift):
    for model in ("paranoid", "moon", "maxn"):
        solves_as_brute_force(position, model, shift)


# -- the kitty and trick 1 at other tables ---------------------------------------------------------

def trick_one(seed: int, players: int, rules: Rules, played: int) -> Position:
    """A random deal of ``rules`` at a table of ``players`` with ``played`` cards of trick 1
    played at random (the kitty still to go to the trick's winner)."""
    rng = random.Random(seed)
    position = Position(Deal.random(rng, rules), rules)
    while len(position.history) < played:
        position.play(rng.choice(position.legal_moves()))
    return position


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_the_bounds_on_trick_one_hold_every_random_playout(players):
    """``node_bounds`` at the start of trick 1 count the kitty: every way the deal can end lies
    within them (the scores of random playouts), under every point table, moon and sun rule."""
    for seed in range(40):
        rules = dataclasses.replace(
            list(POINT_TABLES.values())[seed % 5], players=players, card_removal="kitty",
            moon=MOONS[seed % 3], sun=SUNS[seed // 3 % 3], no_trick_bonus=-5 * (seed % 2))
        position = trick_one(seed, players, rules, 0)
        core = Core(10)
        core.set_rules(core_rules(position))
        target = seed % players
        lo, hi, _ = core.bounds(core_state(position), target)
        rng = random.Random(seed)
        for _ in range(30):
            line = position.copy()
            while not line.is_over():
                line.play(rng.choice(line.legal_moves()))
            assert lo <= line.score()[target] <= hi, (seed, lo, hi, line.score())


# Trick 1 of a 6-player Pink Lady deal with a 4-card kitty (its last card to play), searched whole
# by the core, which gives the kitty to the trick's winner itself: each card's value must equal
# the value of the position after it, where the kitty is already in the winner's points and moon
# (``core_state``, as ``Position.play``; that path is checked against brute force above). Whole
# deals are slow to search: this one takes 2 s for its six targets, most take minutes.
KITTY_DEALS = [
    (7, dataclasses.replace(Rules.pink_lady(), players=6, card_removal="kitty", moon="new",
                            sun="all_tricks"), "4..A9.J"),
]


@pytest.mark.parametrize("seed, rules, kitty", KITTY_DEALS)
def test_the_core_gives_the_kitty_to_the_winner_of_trick_one(seed, rules, kitty):
    position = trick_one(seed, 6, rules, 5)
    assert str(position.deal.kitty) == kitty
    for target in range(6):
        result = Solver(tt_bits=18).solve_position(position, target, pv=False)
        assert result.complete and len(result.cards) == 2
        for cv in result.cards:
            after = position.copy()
            after.play(cv.card)
            assert after.tricks_played == 1
            best = Solver(tt_bits=18).solve_position(after, target, pv=False).best
            assert cv.value == best.value, (target, cv.card)


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_one_table_serves_every_target_and_model_at_other_tables(players):
    """A solver keeps its table across the positions of a deal, every target and model (the key
    holds them: 3 bits of owner per card at 5-7 seats): the values are a fresh solver's."""
    rules = Rules(players=players, card_removal="kitty", no_trick_bonus=-5)
    shared = Solver(tt_bits=14)
    for cards_left in range(4 * players, 0, -1):
        position = random_position(players, rules, cards_left)
        for model in MODELS:
            for target in range(players):
                scores = tuple(range(80, 80 + players)) if model == "game" else None
                got = shared.solve_position(position, target, model, pv=False, scores=scores)
                fresh = Solver(tt_bits=14).solve_position(position, target, model, pv=False,
                                                          scores=scores)
                assert [(cv.card, cv.value, cv.points, cv.result) for cv in got.cards] == [
                    (cv.card, cv.value, cv.points, cv.result) for cv in fresh.cards]
                if model == "maxn":
                    break                       # max^n has no target


def test_a_void_follower_with_seventeen_cards_to_choose_from():
    """At 3 players a void follower on trick 1 may have 17 different cards (B: no clubs, and
    the others' cards between any two of B's): the search takes them in card order, as its
    move list holds 16 sorted (``order_moves``). Whole deals at 3 are big: a node limit."""
    deal = "A:KJ9.AQT8642..9876543 AQT8.KJ9753.AQT8642. 765432..KJ9753.AKQJT"
    rules = Rules(players=3, no_points_on_first_trick=False)
    position = Position(deal, rules, "3C")
    assert len(position.legal_moves()) == 17
    result = Solver(tt_bits=16).solve_position(position, limit=Limit(nodes=50_000), pv=False)
    assert not result.complete and result.nodes >= 50_000


# -- point values at the rules' limit (`POINTS_LIMIT`) --------------------------------------------
LIMIT_RULES = [
    Rules(queen_of_spades=POINTS_LIMIT, queen_of_hearts=POINTS_LIMIT, jack_of_spades=-POINTS_LIMIT),
    Rules(queen_of_spades=POINTS_LIMIT, moon="new", moon_points=POINTS_LIMIT,
          no_trick_bonus=-POINTS_LIMIT),
    Rules(bonus_card="JD", bonus_points=-POINTS_LIMIT, sun="all_tricks",
          sun_points=POINTS_LIMIT, queen_of_hearts=POINTS_LIMIT),
]


@pytest.mark.parametrize("model", ["paranoid", "moon", "maxn"])
def test_points_at_the_limit_equal_brute_force(model):
    # A QA run found values wrapped past 32,767 (Q♠ and Q♥ at 20,000: -25,534); the rules now
    # refuse more than POINTS_LIMIT, and every value up to it must still come out exactly.
    for seed in range(24):
        rules = LIMIT_RULES[seed % len(LIMIT_RULES)]
        position = random_position(seed, rules, 9 + seed % 4)
        solves_as_brute_force(position, model, seed % 4 if model != "maxn" else 0)


def test_points_beyond_the_limit_are_refused():
    with pytest.raises(RulesError, match=r"queen_of_spades=1001: expected -1000\.\.1000 points"):
        Rules(queen_of_spades=POINTS_LIMIT + 1)
    with pytest.raises(RulesError, match=r"moon_points=-40000: expected -1000\.\.1000 points"):
        Rules.parse("standard,moon_points=-40000")
