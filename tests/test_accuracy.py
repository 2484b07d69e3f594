"""The accuracy figure and the expected-points graph of ``hearts annotate`` (docs/annotate.md,
"Accuracy"): the formula, which plays are decisions, the values on a known record in the
library, the JSON, the terminal view and the HTML report."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from hearts.analysis import records
from hearts.analysis.annotate import (ACCURACY_K, AnnotateError, accuracy, annotate, deal_json,
                                      decision_loss, points_series)
from hearts.analysis.points_graph import GraphError, render_points_graph
from hearts.analysis.settings import Sampling
from hearts.solver.seats import Seat

DATA = Path(__file__).parent / "data"
ONE = DATA / "records" / "xinxin-train-1.hgn"


@pytest.fixture(scope="module")
def game():
    return records.read_games(ONE.read_text())[0]


@pytest.fixture(scope="module")
def opened(game):
    return annotate(game)           # open hands, max^n (auto), tricks 6-13 (the defaults)


def test_no_loss_is_100():
    assert accuracy(0.0) == accuracy(0.0, "fair") == 100.0


def test_the_formula_and_its_constants():
    assert ACCURACY_K == {"open": 0.38, "fair": 1.0}
    assert accuracy(1.0, "open") == pytest.approx(100 * math.exp(-0.38))
    assert accuracy(0.5, "fair") == pytest.approx(100 * math.exp(-0.5))
    # the club player of benchmarks/bench_accuracy.py (1.82 points a decision open) scores 50
    assert accuracy(1.82, "open") == pytest.approx(50.0, abs=0.5)
    assert accuracy(26.0, "open") > 0


@pytest.mark.parametrize("loss, which", [(-1.0, "open"), (float("nan"), "open"),
                                         (1.0, "dd")])
def test_bad_arguments(loss, which):
    with pytest.raises(AnnotateError):
        accuracy(loss, which)


def test_only_decisions_count(opened):
    # tricks 6-13 judged: 32 plays, of which 10 had legal cards of different max^n values
    # (13 paranoid); play 21 is an estimate (exact max^n needs 85 million nodes there)
    decisions = [(p.index, p.seat.letter, str(p.card), p.loss) for p in opened.plays
                 if decision_loss(p) is not None]
    assert decisions == [(21, "W", "7C", 1), (23, "E", "TC", 0), (25, "E", "7H", 0),
                         (28, "N", "6H", 0), (29, "S", "JS", 0), (33, "S", "5C", 0),
                         (37, "W", "5S", 0), (40, "S", "2S", 2), (41, "W", "4S", 2),
                         (45, "S", "3C", 0)]
    forced = next(p for p in opened.plays if p.index == 52)     # the last card: no choice
    assert decision_loss(forced) is None


def test_accuracy_of_a_known_deal_open_hands(opened):
    rows = {s.letter: (r["decisions"], r["mean_loss"], r["accuracy"])
            for s, r in opened.summary().items()}
    # South lost 2 (2♠ at play 40) in 4 decisions: 0.5 a decision
    assert rows == {"N": (1, 0.0, 100.0), "E": (2, 0.0, 100.0), "S": (4, 0.5, 82.7),
                    "W": (3, 1.0, 68.4)}


def test_accuracy_of_a_known_deal_fair(game):
    result = annotate(game, mode="fair", from_trick=11, sampling=Sampling(20, seed=0),
                      model="paranoid")
    rows = {s.letter: (r["decisions"], r["mean_loss"], r["accuracy"])
            for s, r in result.summary().items()}
    # tricks 11-13, exact paranoid samples (the default engine's: weighted by the other
    # seats' plays; on uniform deals E lost 0.8 and W 0.65): one decision each for E, S, W
    assert rows == {"N": (0, None, None), "E": (1, 1.0, 36.8), "S": (1, 0.0, 100.0),
                    "W": (1, 0.45, 63.8)}


def test_points_series_of_a_known_deal(opened):
    south = points_series(opened.plays)[Seat.S]
    # South's points after each of its cards (max^n): 2♠ loses 2 (6 -> 8, "?"), the others'
    # play brings it back to 7, its final points
    assert [(p["index"], p["card"], p["value"], p["mark"]) for p in south] == [
        (24, "6C", 6, ""), (26, "9H", 5, ""), (29, "JS", 5, ""), (33, "5C", 6, ""),
        (40, "2S", 8, "?"), (44, "9S", 7, ""), (45, "3C", 7, ""), (52, "6D", 7, "")]


def test_deal_json_has_the_graph_and_the_accuracy(opened):
    data = deal_json(opened.deals[0], "open")
    assert data["graph"]["which"] == "open"
    assert (data["graph"]["low"], data["graph"]["high"]) == (0, 26)
    assert data["graph"]["final"] == {"N": 0, "E": 1, "S": 7, "W": 18}
    assert data["summaries"]["open"]["S"]["accuracy"] == 82.7
    assert len(data["graph"]["series"]["W"]) == 8


def test_the_cli_json_terminal_view_and_report(tmp_path, run_cli):
    html = tmp_path / "report.html"
    result = run_cli("annotate", str(ONE), "--json", "--html", str(html))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["summary"]["S"]["accuracy"] == 82.7
    assert data["deals"][0]["summaries"]["open"]["W"]["accuracy"] == 68.4
    page = html.read_text(encoding="utf-8")
    assert page.count('class="points-graph"') == 1
    assert '<text class="graph-accuracy" data-seat="S"' in page and ">South 83</text>" in page
    view = run_cli("annotate", str(ONE))
    assert "accuracy N 100  E 100  S 83  W 68" in view.stdout
    assert "= 100·e^(-0.38·points lost per decision)" in view.stdout


def test_graph_refuses_bad_data():
    with pytest.raises(GraphError, match="graph: value must be a number"):
        render_points_graph({"graph": {"series": {"N": [{"index": 3, "value": "x"}]}}})
    with pytest.raises(GraphError):
        render_points_graph({"graph": {"series": {"Z": []}}})
    svg = render_points_graph({"graph": {"series": {"N": [
        {"index": 3, "value": 4, "card": "<script>"}]}}})
    assert "<script>" not in svg and "&lt;script&gt;" in svg
