"""Open-hands values early in a deal: the depth-bounded max^n (analysis/openhands.py) and the
``auto`` default of ``hearts solve``."""
from __future__ import annotations

import json

import pytest

import bruteforce
from conftest import slow_after
from hearts.analysis.openhands import (AUTO_EXACT_NODES, EXACT_MAXN_TRICKS, bounded_maxn,
                                       estimate_text, open_values)
from hearts.solver import Position, Rules
from hearts.solver.limit import Limit
from hearts.solver.solve import Solver, SolverError

#: Trick 5 of a random deal (``Deal.random(3)``, the rule bot's first 16 cards): every card is
#: worth 26 to South under paranoid (the other three can arrange a moon against it).
TRICK5_DEAL = "N:A.Q8542.J82.KQ85 JT76.97.KT76.743 Q542.J3.A953.AJ9 K983.AKT6.Q4.T62"
TRICK5_PLAYED = "2C 5C 4C AC 2S 3S AS JS 2D 6D 5D 4D 3C 9C 6C 8C"


def _values(result) -> dict[str, tuple[int, ...]]:
    return {str(c): tuple(cv.points) for cv in result.cards for c in (cv.card, *cv.equals)}


@pytest.mark.parametrize("seed, cards_left, depth, horizon", slow_after([
    (1, 12, 3, 0), (2, 10, 1, 2), (3, 13, 2, 2), (4, 16, 1, 3), (5, 11, 3, 5),
    (6, 14, 2, 2), (7, 12, 1, 2), (8, 15, 4, 0)], 4))
def test_bounded_maxn_is_exact_max_n_when_its_depth_and_horizon_cover_the_deal(
        seed, cards_left, depth, horizon):
    position = bruteforce.random_position(seed, Rules.standard(), cards_left)
    out = bounded_maxn(position, depth=depth, horizon=horizon)
    assert out.exact and out.estimate is None and out.result.complete
    expected = {str(c): tuple(v) for c, v in bruteforce.maxn_values(position).items()}
    assert _values(out.result) == expected
    exact = Solver().solve_position(position, None, "maxn", pv=False)
    assert _values(out.result) == _values(exact)
    # the mover's own points, best first, as the exact solve orders them
    assert [cv.value for cv in out.result.cards] == [cv.value for cv in exact.cards]


def test_a_bounded_line_is_legal_and_as_long_as_its_depth():
    position = bruteforce.random_position(11, Rules.standard(), 28)     # 7 tricks left
    out = bounded_maxn(position, depth=2, horizon=3)
    assert not out.exact
    assert out.estimate == estimate_text(2, 3) == (
        "estimate: depth-bounded max^n, 2 tricks exact, then rule-bot rollouts to 3 tricks "
        "left and exact max^n")
    for cv in out.result.cards:
        assert len(cv.pv) == 8 and cv.pv[0] == cv.card
        replay = position.copy()
        for card in cv.pv:
            replay.play(card)                   # raises on an illegal card
        assert sum(cv.points) in (26, 78)       # the deal's 26 points, or a moon's 3 x 26


def test_early_values_are_a_labelled_estimate_not_paranoid_26():
    position = Position(TRICK5_DEAL, Rules.standard(), TRICK5_PLAYED)
    assert position.to_move.name == "S" and position.tricks_played == 4
    paranoid = Solver().solve_position(position, None, "paranoid", pv=False)
    assert {cv.value for cv in paranoid.cards} == {26}
    out = open_values(position)
    assert not out.exact and out.estimate.startswith("estimate: depth-bounded max^n, 2 tricks")
    assert out.result.model == "maxn" and out.result.complete
    values = [cv.value for cv in out.result.cards]
    assert min(values) <= 5 and set(values) != {26}
    data = out.to_json()
    assert data["exact"] is False and data["estimate"] == out.estimate
    assert (data["depth"], data["horizon"]) == (2, 5) and data["leaves"] == out.leaves > 0


def test_auto_is_exact_max_n_from_eight_tricks_left():
    # 7.4 million nodes: within AUTO_EXACT_NODES
    position = bruteforce.random_position(1, Rules.standard(), 4 * EXACT_MAXN_TRICKS)
    out = open_values(position, pv=False)
    assert out.exact and out.result.model == "maxn" and out.result.nodes < AUTO_EXACT_NODES
    exact = Solver().solve_position(position, None, "maxn", pv=False)
    assert _values(out.result) == _values(exact)
    assert open_values(position, "paranoid").result.model == "paranoid"


def test_auto_gives_way_to_the_estimate_when_exact_max_n_does_not_finish():
    position = bruteforce.random_position(5, Rules.standard(), 4 * EXACT_MAXN_TRICKS)
    out = open_values(position, limit=Limit(nodes=1024))
    assert not out.exact and out.estimate == estimate_text(2, 5)


def test_a_limit_stops_the_bounded_search_and_says_so():
    position = Position(TRICK5_DEAL, Rules.standard(), TRICK5_PLAYED)
    out = bounded_maxn(position, limit=Limit(nodes=1))
    assert not out.result.complete
    valued = {c for cv in out.result.cards for c in (cv.card, *cv.equals)}
    assert valued | set(out.result.unvalued) == set(position.legal_moves())
    assert out.result.unvalued


def test_bad_settings_name_the_argument():
    position = Position(TRICK5_DEAL, Rules.standard(), TRICK5_PLAYED)
    with pytest.raises(SolverError, match="^depth must be 1..13 tricks, got 0$"):
        bounded_maxn(position, depth=0)
    with pytest.raises(SolverError, match="^horizon must be 0..13 tricks, got 14$"):
        bounded_maxn(position, horizon=14)


def test_hearts_solve_labels_an_early_estimate(run_cli):
    def run_ok(*args: str):
        result = run_cli(*args)
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return result

    args = ("solve", TRICK5_DEAL, "--played", TRICK5_PLAYED)
    data = json.loads(run_ok(*args, "--json").stdout)
    assert data["model"] == "maxn" and data["exact"] is False
    assert data["estimate"].startswith("estimate: depth-bounded max^n")
    assert {cv["value"] for cv in data["cards"]} != {26}
    text = " ".join(run_ok(*args, "--no-pv").stdout.split())
    assert "estimate: depth-bounded max^n, 2 tricks exact" in text
    assert "--model paranoid is an exact guarantee" in text
    paranoid = json.loads(run_ok(*args, "--model", "paranoid", "--json").stdout)
    assert paranoid["exact"] is True and {cv["value"] for cv in paranoid["cards"]} == {26}


def test_open_annotation_blames_no_card_for_a_moon_nobody_would_arrange():
    """xinxin train game 7 (South finished with 0, North with 3): paranoid marks North's J♥
    (play 36) and South's 3♥ (play 38) ``??``, losing 20 and 23 points, because after them the
    other three could push all 26 points on the seat together; max^n, the default open model,
    values both at the seat's best: 3 and 0, the points North and South finished with."""
    from pathlib import Path

    from hearts.analysis import annotate, records
    line = (Path(__file__).parent / "data" / "openspiel_xinxin"
            / "xinxin_train.txt").read_text().splitlines()[6]
    game = records.loads(line, format="openspiel")[0]
    deal = game.deals[0]
    assert Position(deal.deal, game.rules, deal.cards,
                    first_leader=deal.first_leader).score() == [3, 23, 0, 0]

    def marks(result):
        return {(p.index, p.seat.letter, str(p.card)): (p.mark, p.loss, p.value)
                for p in result.plays if p.index in (36, 38)}

    assert marks(annotate(game, open_model="paranoid", moon=False)) == {
        (36, "N", "JH"): ("??", 20, 26), (38, "S", "3H"): ("??", 23, 26)}
    default = annotate(game, moon=False)
    assert default.model == "auto"
    assert marks(default) == {(36, "N", "JH"): ("", 0, 3), (38, "S", "3H"): ("", 0, 0)}
