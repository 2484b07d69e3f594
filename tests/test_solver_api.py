"""The solver's API: limits, independent solvers and threads, the core against ``Position``,
the JSON form and the errors (``solver/solve.py``)."""
from __future__ import annotations

import dataclasses
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bruteforce import random_playout, random_position
from hearts.solver import Card, Deal, HeartsError, Limit, Position, Rules, Seat
from hearts.solver._core import Core
from hearts.solver.cards import cards_from_mask
from hearts.solver.solve import (SolveResult, Solver, SolverError, _core_state_by_tricks, core_state,
                                 rules_spec, solve)

SOLVED = Path(__file__).parent / "data" / "solved" / "positions.jsonl"
RECORDS = [json.loads(line) for line in SOLVED.read_text().splitlines()]


def solved_position(index: int) -> tuple[Position, dict[str, int]]:
    """Record ``index`` of the solved data: the position and its exact paranoid values."""
    record = RECORDS[index]
    rules = Rules(hearts_broken_by="hearts_or_queen" if record["rules"]["qs_breaks_hearts"]
                  else "hearts")
    return Position(record["deal"], rules, record["played"]), record["values"]


def card_values(result: SolveResult) -> dict[str, int]:
    """Every card of the result (``equals`` expanded) with its value."""
    return {str(c): cv.value for cv in result.cards for c in (cv.card, *cv.equals)}


def summary(result: SolveResult) -> tuple:
    """All of a result a deterministic search must repeat: cards, values, lines, nodes."""
    return (result.seat, result.target, result.model, result.complete, result.nodes,
            tuple((cv.card, cv.equals, cv.value, cv.points, cv.pv) for cv in result.cards))


# -- a single legal card -----------------------------------------------------------------------

# Trick 13: North holds only Q♠ and leads it; East 6♥, South A♥, West 7♥ discard to it.
# North had 4 points and takes Q♠ and three hearts: 4 + 13 + 3 = 20.
LAST_TRICK = Position(
    Deal("N:QT832.KQT.95.J87 KJ765.6432.Q83.K .AJ9.KT72.AT9542 A94.875.AJ64.Q63"), Rules(),
    "2C QC 8C KC 7S KD 9S 2S 3C 7C 5S TC 9C 6C JC JS 3S 6S TD 4S 8D 7D AD 5D 6D 9D QD 2D KS AC "
    "AS TS JD 8S 3D 5C 4D QH 4H 4C 5H TH 2H JH 9H 8H KH 3H")


def test_a_single_legal_card_is_returned_with_its_value():
    assert LAST_TRICK.to_move is Seat.N and LAST_TRICK.legal_moves() == [Card("QS")]
    result = solve(LAST_TRICK.deal, LAST_TRICK.history)
    assert result.complete and result.seat is Seat.N
    assert len(result.cards) == 1
    only = result.best
    assert only.card == Card("QS") and only.equals == () and only.value == 20
    assert only.pv[0] == Card("QS")


def test_a_single_legal_card_in_every_model():
    moon = solve(LAST_TRICK.deal, LAST_TRICK.history, model="moon")
    assert [(cv.card, cv.value) for cv in moon.cards] == [(Card("QS"), 0)]
    maxn = solve(LAST_TRICK.deal, LAST_TRICK.history, model="maxn")
    assert [(cv.card, cv.value, cv.points) for cv in maxn.cards] == [(Card("QS"), 20, (20, 0, 4, 2))]
    # East's points: East took nothing so far, takes nothing now.
    east = solve(LAST_TRICK.deal, LAST_TRICK.history, seat="E")
    assert east.target is Seat.E and [(cv.card, cv.value) for cv in east.cards] == [(Card("QS"), 0)]


# -- node and time limits ----------------------------------------------------------------------

def test_a_node_limit_stops_the_search_with_only_finished_cards():
    position, exact = solved_position(62)   # 8 tricks left, about 1.6 million nodes
    full = Solver().solve_position(position)
    assert full.complete and card_values(full) == exact
    assert full.unvalued == () and full.to_json()["unvalued"] == []
    partial_cards = 0
    for fraction in (0.1, 0.5, 0.9):
        limit = max(2048, int(full.nodes * fraction))
        result = Solver().solve_position(position, limit=Limit(nodes=limit))
        assert not result.complete, f"nodes={limit} of {full.nodes}"
        assert result.nodes < 2 * limit
        got = card_values(result)
        assert len(result.cards) < len(full.cards)
        assert all(got[card] == exact[card] for card in got), (fraction, got)
        # every legal card is either valued or listed as unvalued, once
        listed = [str(c) for c in result.unvalued]
        assert sorted(listed + list(got)) == sorted(exact)
        assert result.to_json()["unvalued"] == listed
        partial_cards += len(got)
    assert partial_cards > 0, "no card finished before any limit: the check above is empty"


def test_a_time_limit_stops_the_search_with_only_finished_cards():
    position, exact = solved_position(55)   # 9 tricks left, about 2 s
    result = Solver().solve_position(position, limit=Limit(time_ms=5))
    assert not result.complete
    assert result.ms < 1000
    got = card_values(result)
    assert all(got[card] == exact[card] for card in got)


def test_a_time_limit_stops_a_whole_deal():
    position = Position(Deal.random(1), Rules())
    position.play(position.legal_moves()[0])
    result = Solver().solve_position(position, limit=Limit(time_ms=200))
    assert not result.complete
    assert result.ms < 3000


def test_a_node_limit_stops_a_whole_deal():
    result = solve(Deal.random(2), "2C", limit=Limit(nodes=5000))
    assert not result.complete
    assert result.nodes < 10000


# -- independent solvers -------------------------------------------------------------------------

MODELS = ("paranoid", "maxn", "moon")


def sequence(index: int) -> list[tuple[Position, str]]:
    """Solved record ``index`` and the four positions before it, each with a model."""
    record = RECORDS[index]
    rules = Rules(hearts_broken_by="hearts_or_queen" if record["rules"]["qs_breaks_hearts"]
                  else "hearts")
    played = record["played"].split()
    return [(Position(record["deal"], rules, played[:len(played) - k]), MODELS[k % 3])
            for k in range(5)]


# Two deals with 6 and 5 tricks left (up to 25 and 23 cards left in their sequences).
DEAL_A, DEAL_B = 20, 27


def run(solver: Solver, items: list[tuple[Position, str]]) -> list[tuple]:
    return [summary(solver.solve_position(position, model=model)) for position, model in items]


def test_two_solvers_interleaved_give_the_results_of_each_alone():
    seq_a, seq_b = sequence(DEAL_A), sequence(DEAL_B)
    alone_a = run(Solver(), seq_a)
    alone_b = run(Solver(), seq_b)
    a, b = Solver(), Solver()
    mixed_a, mixed_b = [], []
    for item_a, item_b in zip(seq_a, seq_b):
        mixed_a.extend(run(a, [item_a]))
        mixed_b.extend(run(b, [item_b]))
    assert mixed_a == alone_a
    assert mixed_b == alone_b


def test_two_solvers_interleaved_give_the_values_of_fresh_solvers():
    seq_a, seq_b = sequence(DEAL_A), sequence(DEAL_B)
    a, b = Solver(), Solver()
    for item_a, item_b in zip(seq_a, seq_b):
        for solver, (position, model) in ((a, item_a), (b, item_b)):
            reused = solver.solve_position(position, model=model)
            fresh = Solver().solve_position(position, model=model)
            assert card_values(reused) == card_values(fresh), (position, model)
            assert [cv.points for cv in reused.cards] == [cv.points for cv in fresh.cards]


def test_two_solvers_in_two_threads_give_the_sequential_results():
    seq_a, seq_b = sequence(DEAL_A), sequence(DEAL_B)
    sequential = [run(Solver(), seq_a), run(Solver(), seq_b)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = list(pool.map(lambda items: run(Solver(), items), [seq_a, seq_b]))
    assert threaded == sequential


def test_many_positions_over_two_threads_give_the_sequential_results():
    items = [(random_position(seed, Rules.standard(), 24), MODELS[seed % 3])
             for seed in range(12)]
    sequential = [run(Solver(tt_bits=14), [item])[0] for item in items]
    with ThreadPoolExecutor(max_workers=2) as pool:
        threaded = list(pool.map(lambda item: run(Solver(tt_bits=14), [item])[0], items))
    assert threaded == sequential


def test_a_solver_reused_across_deals_gives_the_values_of_fresh_solvers():
    """One small table (2**10 entries, many replacements) kept over 160 positions of 80 deals."""
    solver = Solver(tt_bits=10)
    for rules in (Rules.standard(), Rules.omnibus(), Rules(moon="new", no_trick_bonus=-5),
                  Rules.spot_hearts()):
        for seed in range(20):
            for cards_left in (14, 20):
                position = random_position(seed, rules, cards_left)
                for model in MODELS:
                    # the game model's entries hold standings: totals near the target
                    scores = (85, 90, 70, 95) if model == "game" else None
                    reused = solver.solve_position(position, model=model, scores=scores)
                    fresh = Solver(tt_bits=16).solve_position(position, model=model,
                                                              scores=scores)
                    assert card_values(reused) == card_values(fresh), (position, model)
                    assert [cv.result for cv in reused.cards] == [cv.result for cv in fresh.cards]


# -- the core agrees with Position ---------------------------------------------------------------

LEGAL_RULES = {
    **{name: Rules.preset(name) for name in Rules.presets()},
    "can_lead_hearts_instead_of_qs": Rules(can_lead_hearts_instead_of_qs=True),
    "queen_at_first_chance": Rules(queen_at_first_chance=True),
    "no_points_on_first_trick=false": Rules(no_points_on_first_trick=False),
    "first_lead=any_club": Rules(first_lead="any_club"),
    "first_lead=any_card": Rules(first_lead="any_card"),
    "first_lead=any_card,no_points_on_first_trick=false":
        Rules(first_lead="any_card", no_points_on_first_trick=False),
    "must_break_hearts=false": Rules(must_break_hearts=False),
    "hearts_broken_by=hearts": Rules(hearts_broken_by="hearts"),
    "hearts_broken_by=any_penalty": Rules(hearts_broken_by="any_penalty"),
    "black_jack,queen_at_first_chance": dataclasses.replace(Rules.black_jack(),
                                                            queen_at_first_chance=True),
    "pink_lady,can_lead_hearts_instead_of_qs": dataclasses.replace(
        Rules.pink_lady(), can_lead_hearts_instead_of_qs=True),
    "openspiel,all options": Rules.openspiel(can_lead_any_club=True, jd_bonus=True,
                                             avoid_all_tricks_bonus=True, qs_breaks_hearts=False,
                                             can_lead_hearts_instead_of_qs=True),
}


@pytest.mark.parametrize("name", LEGAL_RULES)
def test_core_legal_cards_equal_position_legal_moves(name):
    rules = LEGAL_RULES[name]
    core = Core(10)
    core.set_rules(rules_spec(rules))
    checked = 0
    for seed in range(40):
        for position in random_playout(seed, rules):
            if position.is_over():
                break
            legal = core.legal_mask(core_state(position))
            assert legal == position.legal_mask(), (
                f"{position!r}: core {[str(c) for c in cards_from_mask(legal)]}, "
                f"Position {[str(c) for c in position.legal_moves()]}")
            checked += 1
    assert checked == 40 * 52


# North to lead trick 10 with 2♥ T♥ Q♥ Q♠, hearts unbroken.
ONLY_HEARTS_AND_QUEEN = (
    Deal("N:KQ72.QT2.KQ5.AQ6 AT8.A73.A97.KJ82 J9643.J94.J82.97 5.K865.T643.T543"),
    "2C 7C 5C AC QC 8C 9C TC KD AD 8D 4D TS 3S 5S 2S 9D JD TD 5D 6S 6D 7S AS KC 9S 3C 6C 7D 2D "
    "3D QD KS 8S JS 4C")


@pytest.mark.parametrize("relief, expected", [
    (False, "QS"),             # OpenSpiel default: must lead Q♠
    (True, "2H TH QH QS"),     # can_lead_hearts_instead_of_qs
])
def test_core_leader_with_only_hearts_and_the_queen(relief, expected):
    rules = Rules(can_lead_hearts_instead_of_qs=relief)
    position = Position(ONLY_HEARTS_AND_QUEEN[0], rules, ONLY_HEARTS_AND_QUEEN[1])
    assert not position.hearts_broken
    core = Core(10)
    core.set_rules(rules_spec(rules))
    assert " ".join(map(str, cards_from_mask(core.legal_mask(core_state(position))))) == expected
    assert " ".join(map(str, position.legal_moves())) == expected


SCORE_RULES = {
    **{name: Rules.preset(name) for name in Rules.presets()},
    **{f"moon={m}": Rules(moon=m) for m in ("new", "none", "choice")},
    **{f"sun={s}": Rules(sun=s) for s in ("all_tricks", "last_twelve")},
    "no_trick_bonus=-5": Rules(no_trick_bonus=-5),
    "omnibus,moon=new,no_trick_bonus=-5": dataclasses.replace(Rules.omnibus(), moon="new",
                                                              no_trick_bonus=-5),
    "pink_lady,sun=all_tricks": dataclasses.replace(Rules.pink_lady(), sun="all_tricks"),
    "spot_hearts,moon=new": dataclasses.replace(Rules.spot_hearts(), moon="new"),
    "black_jack,sun=last_twelve": dataclasses.replace(Rules.black_jack(), sun="last_twelve"),
    "moon_points=20": Rules(moon_points=20),
    "openspiel,jd_bonus,avoid_all_tricks_bonus": Rules.openspiel(jd_bonus=True,
                                                                 avoid_all_tricks_bonus=True),
}


@pytest.mark.parametrize("name", SCORE_RULES)
def test_core_score_equals_position_score_at_the_end_of_a_deal(name):
    rules = SCORE_RULES[name]
    core = Core(10)
    core.set_rules(rules_spec(rules))
    for seed in range(60):
        position = random_position(seed, rules, 0)
        state = core_state(position)
        scores = [core.score(state, seat) for seat in range(4)]
        assert scores == position.score(), (
            f"{position!r}: core {scores}, Position {position.score()} "
            f"(taken points {position.points}, tricks {position.tricks_won})")


STATE_RULES = {
    **SCORE_RULES,
    "3 players, kitty, sun=all_tricks": dataclasses.replace(
        Rules.standard(), players=3, card_removal="kitty", sun="all_tricks"),
    "6 players, kitty, pink_lady, sun=last_twelve": dataclasses.replace(
        Rules.pink_lady(), players=6, card_removal="kitty", sun="last_twelve"),
}


@pytest.mark.parametrize("name", STATE_RULES)
def test_core_state_from_the_seats_totals_equals_the_walk_over_the_tricks(name):
    """``core_state`` reads takers, won, the sun candidate and trick 1 from what ``Position``
    keeps; the reference walks every completed trick (kitty with trick 1)."""
    rules = STATE_RULES[name]
    total = rules.players * rules.hand_size()
    for seed in range(20):
        for position in random_playout(seed, rules):
            if (total - len(position.history)) % 5 == seed % 5:
                assert core_state(position) == _core_state_by_tricks(position), position


def test_played_out_deals_include_moons_and_suns():
    """The score test above meets the cases it is for: moons, suns of 13 tricks and suns of the
    last 12 tricks only."""
    moon = Rules.standard().moon_mask()
    moons = suns = last_twelve_suns = 0
    for seed in range(60):
        position = random_position(seed, Rules.standard(), 0)
        moons += any(taken & moon == moon for taken in position.taken)
        suns += 13 in position.tricks_won
        winners = [int(leader) for leader, _ in position.tricks()[2:]] + [int(position.leader)]
        last_twelve_suns += len(set(winners)) == 1 and 12 in position.tricks_won
    assert moons >= 5 and suns >= 2 and last_twelve_suns >= 2


# -- JSON --------------------------------------------------------------------------------------

# East leads trick 12 with 9♣ or T♥: T♥ shoots the moon (0), 9♣ leaves East 24.
MOON_ENDGAME = (
    "N:95.8765.9754.843 AK.AKQT.AKQ.AKQ9 Q8.432.8632.JT75 JT76432.J9.JT.62",
    "2C 3C AC 5C AD 2D TD 4D AS 8S 2S 5S KC 7C 6C 4C KD 3D JD 5D KS QS JS 9S AH 2H 9H 5H KH 3H "
    "JH 6H QC TC TS 8C QH 4H 7S 7H QD 6D 6S 7D")


def test_to_json_names_the_seat_model_rules_cards_nodes_and_time():
    result = solve(*MOON_ENDGAME)
    data = json.loads(result.dumps())
    assert {"seat", "model", "rules", "cards", "nodes", "ms"} <= set(data)
    assert data["seat"] == "E" and data["target"] == "E" and data["model"] == "paranoid"
    assert data["rules"] == Rules.standard().to_dict()
    assert data["complete"] is True
    assert isinstance(data["nodes"], int) and data["nodes"] > 0
    assert isinstance(data["ms"], float) and data["ms"] >= 0
    assert [(c["card"], c["value"], c["equals"]) for c in data["cards"]] == [
        ("TH", 0, []), ("9C", 24, [])]
    for c in data["cards"]:
        assert set(c) == {"card", "value", "equals", "pv"}
        assert c["pv"][0] == c["card"]
        Position(MOON_ENDGAME[0], Rules(), MOON_ENDGAME[1].split() + c["pv"])  # a legal line


def test_to_json_of_maxn_gives_the_points_of_every_seat():
    data = solve(*MOON_ENDGAME, model="maxn").to_json()
    assert [(c["card"], c["value"], c["points"]) for c in data["cards"]] == [
        ("TH", 0, [26, 0, 26, 26]), ("9C", 24, [0, 24, 2, 0])]


# -- errors ------------------------------------------------------------------------------------

def test_an_unknown_model_is_a_solver_error():
    with pytest.raises(SolverError, match="unknown model 'minimax'"):
        solve(*MOON_ENDGAME, model="minimax")
    with pytest.raises(SolverError):
        Solver().solve_position(LAST_TRICK, model="Paranoid")


def test_a_finished_deal_is_a_solver_error():
    over = LAST_TRICK.copy()
    for _ in range(4):
        over.play(over.legal_moves()[0])
    assert over.is_over()
    with pytest.raises(SolverError, match="over"):
        Solver().solve_position(over)
    with pytest.raises(SolverError):
        solve(over.deal, over.history, model="maxn")


@pytest.mark.parametrize("limits, argument", [({"nodes": -1}, "nodes"),
                                              ({"nodes": 0}, "nodes"),
                                              ({"time_ms": -5.0}, "time_ms"),
                                              ({"time_ms": 0}, "time_ms")])
def test_a_limit_below_one_is_a_solver_error_naming_it(limits, argument):
    with pytest.raises(SolverError) as info:
        Limit(**limits)
    assert info.value.argument == argument and str(info.value).startswith(argument + " must")


def test_solver_errors_are_hearts_errors_and_value_errors():
    assert issubclass(SolverError, HeartsError) and issubclass(SolverError, ValueError)
