"""Real input (issue 4 item 4): the 25 xinxin deals and OpenSpiel's Hearts playthrough
(tests/data/openspiel_xinxin, copies of the OpenSpiel files) annotate in open mode without
error, as one batch; the playthrough is read as its last ``History()`` line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hearts.analysis.annotate import annotate_games
from hearts.analysis.cli import app
from hearts.analysis.records import detect_format, read_games
from hearts.analysis.records.importers import from_openspiel_playthrough
from hearts.analysis.settings import Sampling

XINXIN = Path(__file__).parent / "data" / "openspiel_xinxin"
FILES = [XINXIN / "xinxin_train.txt", XINXIN / "xinxin_test.txt",
         XINXIN / "playthrough_hearts.txt"]


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def test_playthrough_is_read_as_its_last_history_line():
    text = (XINXIN / "playthrough_hearts.txt").read_text()
    assert detect_format(text) == "playthrough"
    game = from_openspiel_playthrough(text)
    (deal,) = game.deals
    assert len(deal.plays) == 52 and deal.points == (14, 4, 1, 7)
    last = max(i for i, line in enumerate(text.splitlines(), 1) if line.startswith("History()"))
    assert game.tags["Source"] == f"OpenSpiel playthrough, line {last}"
    assert read_games(text)[0] == game


def test_playthrough_without_history_is_an_error_naming_the_line(tmp_path):
    path = tmp_path / "play.txt"
    path.write_text("game: hearts\n\nHistory() = [1, 2, 999]\n")
    result = _runner().invoke(app, ["annotate", str(path)])
    assert result.exit_code == 2 and result.stderr.startswith(f"error: {path}: line 3")


def test_the_25_xinxin_deals_and_the_playthrough_annotate_in_one_batch():
    games = [g for f in FILES for g in read_games(f.read_text())]
    assert len(games) == 26
    results = annotate_games(games, max_tricks=6, sampling=Sampling(100, threads=2))
    for result in results:
        (deal,) = result.deals
        assert len(deal.plays) == 24          # tricks 8..13 judged, every one solved
        assert all(p.status == "judged" and p.loss >= 0 for p in deal.plays)


def test_cli_batch_of_the_three_files(tmp_path):
    out = tmp_path / "all.hgn"
    result = _runner().invoke(app, ["annotate", *map(str, FILES), "--max-tricks", "4",
                                    "-j", "2", "--json", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["files"] == [str(f) for f in FILES] and data["errors"] == []
    assert len({(p["file"], p["game"]) for p in data["plays"]}) == 26
    assert out.read_text().count('[Board "1"]') == 26


@pytest.mark.parametrize("line", [1, 7])
def test_xinxin_deal_in_fair_mode_late_tricks(line):
    (game,) = read_games((XINXIN / "xinxin_train.txt").read_text().splitlines()[line - 1])
    (result,) = annotate_games([game], "both", from_trick=12, sampling=Sampling(20), moon=False)
    assert all(p.fair is not None and p.status == "judged" for p in result.plays)
