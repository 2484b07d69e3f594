"""``hearts annotate``'s line of play (``[%line ...]``, the JSON ``line``): the line of the card
played when it kept the best value, else of the lowest best card; that card first, each card
once, each legal when played, and the line keeps the value it is given for.

The solver values one card of each class of equivalent cards (the lowest; the others are its
``equals``) and gives that card's line, which may play the other card of the class later:
the played card's line is that line with the two cards exchanged.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.analysis import records
from hearts.analysis.annotate import annotate_games
from hearts.analysis.records import hgn, read_games
from hearts.analysis.settings import Sampling
from hearts.solver import Position, Solver
from hearts.solver.solve import solve

DATA = Path(__file__).parent / "data"
ONE = DATA / "records" / "xinxin-train-1.hgn"
FOUR = DATA / "records" / "xinxin-train-1-4.hgn"
XINXIN = DATA / "openspiel_xinxin" / "xinxin_train.txt"


def _position_before(game: records.GameRecord, deal: records.DealRecord, index: int) -> Position:
    """The position before play ``index`` (1..52) of ``deal``."""
    position = Position(deal.deal, game.rules, first_leader=deal.first_leader,
                        pass_direction=deal.direction)
    for card in deal.cards[:index - 1]:
        position.play(card)
    return position


@pytest.mark.slow
@pytest.mark.parametrize("path", [FOUR, XINXIN], ids=["xinxin-train-1-4.hgn",
                                                      "xinxin_train.txt"])
def test_every_line_starts_with_its_card_and_replays_legally_keeping_the_value(path):
    games = read_games(path.read_text())
    # the lines are checked against paranoid solves: the paranoid open model
    results = annotate_games(games, sampling=Sampling(100, threads=1), open_model="paranoid")
    lines = 0
    for game, result in zip(games, results):
        for deal, annotation in zip(game.deals, result.deals):
            solver = Solver()
            for p in annotation.plays:
                assert p.status == "judged" and p.line, (deal.number, p.index)
                where = (deal.number, p.index, str(p.card), " ".join(map(str, p.line)))
                # the card played when it was best, else the lowest best card
                first = p.card if p.loss == 0 else min(p.best)
                assert p.line[0] == first, where
                assert len(set(p.line)) == len(p.line), where
                value = p.value if p.loss == 0 else p.best_value
                position = _position_before(game, deal, p.index)
                for card in p.line:
                    assert position.why_illegal(card) is None, (where, str(card))
                    position.play(card)
                    # every card of the line keeps the value (points for the seat that played)
                    if position.is_over():
                        kept = position.score()[p.seat]
                    else:
                        kept = solver.solve_position(position, p.seat, "paranoid",
                                                     pv=False).cards[0].value
                    assert kept == value, (where, str(card))
                lines += 1
    assert lines == 32 * sum(len(g.deals) for g in games)   # tricks 6..13, every play


# xinxin-train-1.hgn, trick 6: W 7C, N QH, E TC, and South to play from
#   S: spades J92, hearts 9, diamonds 6, clubs 653
# with East holding 8C 4C, West JC 9C, North no club. East's 4C lies between South's 3C and
# 5C, nothing between 5C and 6C: the classes are 3C and 5C (equals 6C), both worth 8. 5C's
# line (5C 4C 6C 9C ...) plays 6C when East leads 4C in trick 7; South played 6C, whose line
# plays 5C there. Trick 7, North's 6H: the class 3H (equals 4H 5H 6H), whose line plays 4H
# later; trick 10, West's 5S: the class 4S (equals 5S), whose line plays 5S in trick 11.
@pytest.mark.parametrize("index, card, cls, line", [
    (24, "6C", "5C 6C", "6C 4C 5C 9C 7D 4S 3H 2H"),
    (28, "6H", "3H 4H 5H 6H", "6H 6D 9C 7D 5D 4H KH 9S"),
    (37, "5S", "4S 5S", "5S 3H AD 9S 2S 4S 4H 4C"),
])
def test_an_equivalent_card_gets_its_class_line_with_the_two_cards_exchanged(index, card, cls,
                                                                             line):
    game = hgn.loads(ONE.read_text())
    deal = game.deals[0]
    assert str(deal.cards[index - 1]) == card
    solved = solve(deal.deal, deal.cards[:index - 1], deal.seats()[index - 1], "paranoid",
                   game.rules)
    cv = solved[card]
    assert " ".join(map(str, (cv.card, *cv.equals))) == cls
    assert cv.value == solved.cards[0].value        # the card played was best
    assert str(cv.pv[0]) == cls.split()[0]          # the class's line: its lowest card first
    (result,) = annotate_games([game], open_model="paranoid")
    (p,) = [p for p in result.plays if p.index == index]
    assert (p.loss, " ".join(map(str, p.line))) == (0, line)


def test_hgn_and_json_give_the_same_lines_each_starting_with_its_card(tmp_path, run_cli):
    out = tmp_path / "out.hgn"
    result = run_cli("annotate", str(ONE), "--json", "-o", str(out), "--open-model", "paranoid")
    assert result.exit_code == 0, result.stderr
    plays = json.loads(result.stdout)["plays"]
    assert len(plays) == 32
    written = hgn.loads(out.read_text()).deals[0].plays
    for p in plays:
        line = p["line"]
        assert line[0] == (p["card"] if p["loss"] == 0 else p["best"][0]), p
        assert len(set(line)) == len(line), p
        assert written[p["index"] - 1].data()["line"] == " ".join(line)
    # the tester's three plays (trick 6 South, trick 7 North, trick 10 West)
    lines = {p["index"]: " ".join(p["line"]) for p in plays}
    assert lines[24] == "6C 4C 5C 9C 7D 4S 3H 2H"
    assert lines[28] == "6H 6D 9C 7D 5D 4H KH 9S"
    assert lines[37] == "5S 3H AD 9S 2S 4S 4H 4C"
