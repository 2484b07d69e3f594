"""``hearts annotate`` (open mode): every judged play's value, best card and loss are the
solver's; marks follow the thresholds; the annotated record reads back; bad input exits 2.

Values are exact paranoid values for the seat that played (its points for the deal; lower is
better), recomputed here with :func:`hearts.solver.solve.solve`.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hearts.analysis import records
from hearts.analysis.annotate import annotate, annotate_games, judged_from_trick
from hearts.analysis.cli import app
from hearts.analysis.record_cli import read_games
from hearts.analysis.record_import import from_openspiel_line
from hearts.solver.solve import solve

DATA = Path(__file__).parent / "data"
ONE = DATA / "records" / "xinxin-train-1.hgn"
FOUR = DATA / "records" / "xinxin-train-1-4.hgn"
XINXIN = DATA / "openspiel_xinxin" / "xinxin_train.txt"


def _runner() -> CliRunner:
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def run(*args: str):
    result = _runner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def _check_against_solve(game: records.GameRecord, result) -> None:
    rules = game.rules
    deal = game.deals[0]
    assert result.plays, "no play judged"
    for p in result.plays:
        assert p.status == "judged"
        solved = solve(deal.deal, deal.cards[:p.index - 1], p.seat, "paranoid", rules)
        best = solved.cards[0].value
        assert p.loss is not None and p.loss >= 0
        assert p.value == solved.value_of(p.card)
        assert p.best_value == best
        assert p.loss == solved.value_of(p.card) - best
        assert p.mark == ("??" if p.loss >= 6 else "?" if p.loss >= 2 else "")
        assert all(solved.value_of(c) == best for c in p.best)
        assert dict(p.values) == {c: cv.value for cv in solved.cards for c in (cv.card, *cv.equals)}


def test_hgn_record_judged_plays_agree_with_solve():
    game = records.loads(ONE.read_text())
    result = annotate(game, max_tricks=6)
    assert result.judged_from == 8
    assert [p.index for p in result.plays] == list(range(29, 53))
    _check_against_solve(game, result)
    # the fixture's hand annotation (docs/records.md): S 2S? in trick 10 loses 2, best 9S
    two_spades = next(p for p in result.plays if p.trick == 10 and str(p.card) == "2S")
    assert (two_spades.value, [str(c) for c in two_spades.best], two_spades.loss,
            two_spades.mark) == (8, ["9S"], 2, "?")


def test_openspiel_line_judged_plays_agree_with_solve():
    line = XINXIN.read_text().splitlines()[1]
    game = from_openspiel_line(line, 2)
    result = annotate(game, max_tricks=6)
    _check_against_solve(game, result)


def _blunder_game() -> records.GameRecord:
    """Deal 4 of xinxin-train-1-4 up to trick 10, card 2, where South (paranoid value 0 with
    8C) plays 4H instead: value 7, a loss of 7 points."""
    source = records.loads(FOUR.read_text()).deals[3]
    game = records.GameRecord({"Event": "hand-made blunder", "Rules": "openspiel"})
    game.add_deal(source.dealt, source.direction, source.passes,
                  [p.card for p in source.plays[:37]] + ["4H"])
    return game


def test_hand_made_blunder_is_marked_double_question():
    game = _blunder_game()
    result = annotate(game, max_tricks=6)
    last = result.plays[-1]
    assert (last.trick, str(last.seat), str(last.card)) == (10, "S", "4H")
    assert (last.value, last.best_value, last.loss, last.mark) == (7, 0, 7, "??")
    assert [str(c) for c in last.best] == ["8C"]
    assert last.line and str(last.line[0]) == "8C"
    play = result.game.deals[0].plays[-1]
    assert play.suffix == "??"
    assert play.data() == {"dd": "7", "best": "8C", "loss": "7",
                           "line": " ".join(str(c) for c in last.line), "mode": "open"}
    assert result.summary()[last.seat]["blunders"] == 1
    assert result.summary()[last.seat]["lost"] == 7
    # a higher blunder threshold makes it a mistake
    assert annotate(game, max_tricks=6, blunder=8).plays[-1].mark == "?"
    assert game.deals[0].plays[-1].nags == set()   # the input is not changed


def test_annotated_record_reads_back_with_every_play():
    game = records.loads(FOUR.read_text())
    result = annotate(game, max_tricks=6)
    text = records.dumps(result.game)
    back = records.loads(text)
    assert back == result.game
    for before, after in zip(game.deals, back.deals):
        assert after.cards == before.cards
        assert after.points == before.points
        for old, new in zip(before.plays, after.plays):
            assert old.comment in new.comment or "[%" in old.comment
    judged = {(p.deal, p.index): p for p in result.plays}
    for deal in back.deals:
        for index, play in enumerate(deal.plays, start=1):
            data = play.data()
            if index > 28:
                p = judged[(deal.number, index)]
                assert data["mode"] == "open"
                assert int(data["dd"]) == p.value and int(data["loss"]) == p.loss
            else:
                assert "mode" not in data


def test_judged_from_defaults_to_eight_tricks_left():
    assert judged_from_trick() == 6
    assert judged_from_trick(6) == 8
    assert judged_from_trick(8, from_trick=11) == 11


def test_threads_give_identical_results():
    games = records.loads_all(FOUR.read_text())
    one = [r.to_json() for r in annotate_games(games, max_tricks=6, threads=1)]
    two = [r.to_json() for r in annotate_games(games, max_tricks=6, threads=2)]
    assert one == two


def test_cli_json_keys_and_output(tmp_path):
    out = tmp_path / "out.hgn"
    original = ONE.read_text()
    result = run("annotate", str(ONE), "--max-tricks", "6", "--json", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"mode", "model", "judged_from", "thresholds", "plays", "summary", "moon_alerts",
            "errors", "files"} <= set(data)
    assert data["mode"] == "open" and data["judged_from"] == 8
    assert set(data["plays"][0]) >= {"deal", "trick", "seat", "card", "value", "best", "loss",
                                     "mark", "line", "status", "values"}
    assert set(data["summary"]) == {"N", "E", "S", "W"}
    assert set(data["summary"]["S"]) >= {"judged", "mistakes", "blunders", "lost"}
    assert data["moon_alerts"][0]["seat"] == "W"
    assert records.loads(out.read_text()).deals[0].cards == records.loads(original).deals[0].cards
    assert ONE.read_text() == original


def test_cli_view_and_openspiel_input(tmp_path):
    line = tmp_path / "line.txt"
    line.write_text(XINXIN.read_text().splitlines()[0] + "\n")
    result = run("annotate", str(line), "--max-tricks", "6")
    assert result.exit_code == 0, result.stderr
    assert "plays before trick 8 are not judged" in result.stdout
    assert "loses 2" in result.stdout and "West" in result.stdout


def test_cli_never_overwrites(tmp_path):
    record = tmp_path / "game.hgn"
    record.write_text(ONE.read_text())
    result = run("annotate", str(record), "-o", str(record), "--force")
    assert result.exit_code == 2
    assert result.stderr.startswith("error:") and "never overwritten" in result.stderr
    assert record.read_text() == ONE.read_text()
    out = tmp_path / "out.hgn"
    out.write_text("keep me")
    result = run("annotate", str(record), "-o", str(out), "--max-tricks", "4")
    assert result.exit_code == 2 and "--force" in result.stderr
    assert out.read_text() == "keep me"
    result = run("annotate", str(record), "-o", str(out), "--max-tricks", "4", "--force")
    assert result.exit_code == 0, result.stderr
    assert records.loads(out.read_text()).deals[0].cards == records.loads(
        record.read_text()).deals[0].cards


def _broken(text: str, kind: str) -> str:
    lines = text.splitlines()
    index = next(i for i, s in enumerate(lines) if s.startswith("12. "))
    if kind == "illegal":       # South leads 3C in trick 12; play the 6D from the other suit
        lines[index] = lines[index].replace("S 3C", "S 6D", 1)
    elif kind == "duplicate":
        deal = next(i for i, s in enumerate(lines) if s.startswith("[Deal "))
        lines[deal] = lines[deal].replace("N:2.", "N:3.", 1)
    elif kind == "missing card":
        deal = next(i for i, s in enumerate(lines) if s.startswith("[Deal "))
        lines[deal] = lines[deal].replace("N:2.", "N:.", 1)
    elif kind == "short trick":
        lines[index] = lines[index].rsplit(" E ", 1)[0]
    elif kind == "unknown tag":
        lines.insert(1, '[Nord "xinxin"]')
    elif kind == "truncated":
        lines = lines[:index + 1]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("kind, message", [
    ("illegal", "illegal play 4C by E: East must follow diamonds"),
    ("duplicate", "duplicate card 3S"),
    ("missing card", "[Deal]"),
    ("short trick", "trick 12 has 3 cards, expected 4"),
    ("unknown tag", "unknown tag [Nord]"),
    ("truncated", "is the file truncated?"),
])
def test_bad_input_exits_2_with_one_error_line(tmp_path, kind, message):
    path = tmp_path / "bad.hgn"
    path.write_text(_broken(ONE.read_text(), kind))
    result = run("annotate", str(path), "--max-tricks", "4")
    assert result.exit_code == 2, (kind, result.stdout)
    assert result.stderr.startswith("error: line "), result.stderr
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_missing_file_exits_2(tmp_path):
    result = run("annotate", str(tmp_path / "nope.hgn"))
    assert result.exit_code == 2 and result.stderr.startswith("error:")


def test_lenient_annotates_a_truncated_file_up_to_the_error(tmp_path):
    path = tmp_path / "cut.hgn"
    path.write_text(_broken(ONE.read_text(), "truncated"))
    result = run("annotate", str(path), "--max-tricks", "4", "--lenient", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["errors"]) == 1 and "truncated" in data["errors"][0]["error"]
    assert [p["index"] for p in data["plays"]] == list(range(37, 49))
    assert all(p["status"] == "judged" for p in data["plays"])


def test_time_cap_leaves_plays_unjudged_never_guessed():
    game = records.loads(ONE.read_text())
    result = annotate(game, from_trick=1, time_ms=1e-3, moon=False)
    early = [p for p in result.plays if p.trick == 1]
    assert all(p.status == "unjudged" and p.value is None and p.mark == "" for p in early)
    assert all(result.game.deals[0].plays[p.index - 1].data().get("unjudged") == "time"
               for p in early)


PEER = DATA / "peer-games" / "openspiel-hearts.jsonl"


def test_moon_alert_names_the_play_that_made_the_moon_unstoppable(tmp_path):
    """Peer record 37 (policy moon): North is alone with points after trick 4 and shoots;
    the others could stop it until West's 6C, the first card of trick 8 (play 29)."""
    path = tmp_path / "peer.jsonl"
    path.write_text(PEER.read_text().splitlines()[36] + "\n")
    result = run("annotate", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    (alert,) = json.loads(result.stdout)["moon_alerts"]
    assert (alert["seat"], alert["on_track_trick"], alert["stoppable"], alert["unstoppable_index"],
            alert["unstoppable_play"], alert["shot"]) == ("N", 4, True, 29,
                                                          {"seat": "W", "card": "6C"}, True)
    game = records.loads(records.dumps(
        annotate_games([_read_one(path)], max_tricks=8)[0].game))
    deal = game.deals[0]

    def can_shoot(k: int) -> int:
        return solve(deal.deal, deal.cards[:k], "N", "moon", game.rules).cards[0].value

    assert [can_shoot(k) for k in (20, 24, 28, 29)] == [0, 0, 0, 1]


def _read_one(path: Path) -> records.GameRecord:
    (game,) = read_games(path.read_text())
    return game


@pytest.mark.parametrize("args, message", [
    (["--mode", "fair"], "fair mode, judging on the seat's own knowledge, is future work"),
    (["--mistake", "7"], "1 <= mistake <= blunder"),
    (["--from-trick", "14"], "--from-trick must be 1..13"),
])
def test_bad_options_exit_2(args, message):
    result = run("annotate", str(ONE), *args)
    assert result.exit_code == 2 and result.stderr.startswith("error:")
    assert message in result.stderr
