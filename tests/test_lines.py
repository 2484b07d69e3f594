"""Lines of play run to the end of the deal and add up to the value shown (issue 27).

The core's line stops where its cheap bounds decide the rest (the README's endgame lines
covered 2-3 of 5 tricks; an opening paranoid line of 48 cards added up to 17 where the value
was 18); ``Solver.solve_position`` continues it by re-solving. Checked here on every built-in
example and every shipped puzzle, for every model.
"""
from __future__ import annotations

import pytest

from hearts.analysis.cli import example_names, load_example
from hearts.analysis.puzzles import load_shipped
from hearts.solver import Limit, Position, Rules
from hearts.solver.cards import parse_cards
from hearts.solver.deal import Deal
from hearts.solver.game import Game, standing
from hearts.solver.solve import SolveResult, Solver

#: A node limit that keeps the full-deal paranoid and max^n solves of the opening short; the
#: cards it values are checked as any other (a stopped search keeps only whole, exact cards).
_NODES = 300_000


def _played_out(position: Position, line) -> Position:
    pos = position.copy()
    for card in line:
        assert pos.why_illegal(card) is None, f"{card} is illegal in the line {line}"
        pos.play(card)
    return pos


def assert_lines_add_up(position: Position, result: SolveResult) -> int:
    """Every valued card's line ends the deal and its points are the card's value; returns
    the number of lines checked."""
    target = int(result.target)
    for cv in result.cards:
        assert cv.pv[0] == cv.card
        end = _played_out(position, cv.pv)
        assert end.is_over(), f"{cv.card}: the line stops after {len(cv.pv)} cards"
        score = end.score()
        if result.model == "paranoid":
            assert score[target] == cv.value, (cv.card, score, cv.value)
        elif result.model == "maxn":
            assert tuple(score) == cv.points, (cv.card, score, cv.points)
            assert score[int(result.seat)] == cv.value
        elif result.model == "moon":
            moon = position.rules.moon_mask()
            shot = end.taken[target] & moon == moon
            assert shot == bool(cv.value), (cv.card, cv.value)
        else:
            outcome = Game(result.rules, totals=result.scores).score_deal(
                end.taken, end.tricks_won, end.last_twelve_winner(), end.pass_direction)
            assert standing(outcome.totals, target, result.rules.target)[:2] == \
                (cv.result, cv.value), (cv.card, outcome.totals)
    return len(result.cards)


def _example_position(name: str) -> Position:
    example = load_example(name)
    return Position(Deal(example.deal), Rules.parse(example.rules), parse_cards(example.played))


@pytest.mark.parametrize("name", example_names())
def test_every_line_of_an_example_runs_to_the_end_and_adds_up(name):
    position = _example_position(name)
    solver = Solver()
    checked = 0
    for model in ("paranoid", "maxn", "moon"):
        seats = [None] if model == "maxn" else list(range(4))
        for seat in seats:
            result = solver.solve_position(position, seat, model, limit=Limit(nodes=_NODES))
            checked += assert_lines_add_up(position, result)
    game = solver.solve_position(position, None, "game", scores=(80, 95, 63, 40),
                                 limit=Limit(nodes=_NODES))
    checked += assert_lines_add_up(position, game)
    assert checked > 0


def test_the_endgame_example_lines_are_five_tricks():
    position = _example_position("endgame")
    result = Solver().solve_position(position)
    assert [(str(cv.card), cv.value, len(cv.pv)) for cv in result.cards] == [
        ("3C", 7, 20), ("5C", 7, 20), ("9S", 7, 20), ("6D", 8, 20), ("2S", 8, 20)]


def test_every_line_of_a_shipped_puzzle_runs_to_the_end_and_adds_up():
    solver = Solver()
    puzzles = load_shipped()
    for puzzle in puzzles:
        position = puzzle.position()
        assert_lines_add_up(position, solver.solve_position(position, puzzle.seat, "paranoid"))
        if puzzle.model == "moon":
            assert_lines_add_up(position, solver.solve_position(position, puzzle.target, "moon"))
        end = _played_out(position, puzzle.line)
        assert end.is_over()
    assert len(puzzles) >= 50


def test_a_line_cut_by_the_bounds_is_completed():
    """South has taken Q♠ and every heart is out: the bounds decide 13 + what is left at
    once, yet the line plays every card."""
    deal = "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97"
    played = ("2C AC KC QC QS AS AH 8S TD 9D 2D 4D KD 3D QD JD TS 8D 7S 3S 7C QH TC 6C 7H 9H "
              "8H 6H JS 6S 7D KH 5C JC")
    position = Position(Deal(deal), Rules.standard(), parse_cards(played))
    for model in ("paranoid", "maxn"):
        result = Solver().solve_position(position, model=model)
        assert assert_lines_add_up(position, result) >= 1
        assert all(len(cv.pv) == 52 - len(position.history) for cv in result.cards)


def test_no_lines_when_asked_for_none():
    position = _example_position("endgame")
    assert all(cv.pv == () for cv in Solver().solve_position(position, pv=False).cards)
