"""Hostile records (issue 25 items 2, 3, 5): what a JSON record may hold (no unknown key, no
brace in a comment: a record that reads can be written), the lenient reader's warnings and its
"nothing readable" error, the user's text in messages (escaped and cut), and the streaming
reader and writer (a game at a time; JSON Lines in and out).
"""
from __future__ import annotations

import io
import json

import pytest

from hearts.analysis import records
from hearts.analysis.annotate import BatchJsonWriter, annotate_games, batch_json
from hearts.analysis.records import GameWriter, iter_games
from hearts.analysis.records.json import from_json, to_json
from hearts.solver import RecordSyntaxError
from hearts.solver.limit import Limit

from conftest import DATA, Counted, error_line

GAME_TEXT = (DATA / "records" / "xinxin-train-1.hgn").read_text()
GAME = records.hgn.loads(GAME_TEXT)
PEER = (DATA / "peer-games" / "openspiel-hearts.jsonl").read_text().splitlines()[0]
LINES = (DATA / "openspiel_xinxin" / "xinxin_train.txt").read_text()


def _record() -> dict:
    return json.loads(json.dumps(to_json(GAME)))


# -- unknown keys ---------------------------------------------------------------------------

@pytest.mark.parametrize("change, message", [
    (lambda r: r["deals"][0]["plays"][5].update(comemnt="x"),
     'JSON record: deal 1: play 6: unknown key "comemnt" (did you mean "comment"?)'),
    (lambda r: r["deals"][0]["plays"][5].update(nagz=[4]),
     'JSON record: deal 1: play 6: unknown key "nagz" (did you mean "nags"?)'),
    (lambda r: r["deals"][0].update(pass_directon="left"),
     'JSON record: deal 1: unknown key "pass_directon" (did you mean "pass_direction"?)'),
    (lambda r: r.update(Tags={}), 'JSON record: unknown key "Tags" (did you mean "tags"?)'),
    (lambda r: r.update(zzz=1), 'JSON record: unknown key "zzz" (known keys: format, version, '
                                'tags, rules, comment, deals, totals)'),
])
def test_an_unknown_key_is_an_error_naming_it_and_its_place(change, message):
    record = _record()
    change(record)
    with pytest.raises(RecordSyntaxError) as info:
        from_json(record)
    assert str(info.value) == message


def test_the_lenient_reader_warns_and_says_so():
    record = _record()
    record["deals"][0]["plays"][5]["comemnt"] = "x"
    game = from_json(record, strict=False)
    assert [str(e) for e in game.errors] == [
        'JSON record: deal 1: play 6: unknown key "comemnt" (did you mean "comment"?): ignored']
    game.errors.clear()
    assert game == GAME


def test_an_unknown_key_in_a_file_names_the_file(tmp_path, run_cli):
    record = _record()
    record["deals"][0]["plays"][5]["comemnt"] = "x"
    path = tmp_path / "game.json"
    path.write_text(json.dumps([record]))
    assert error_line(run_cli("convert", str(path))) == (
        f'error: {path}: JSON record: deal 1: play 6: unknown key "comemnt" (did you mean '
        f'"comment"?)')
    lines = tmp_path / "games.jsonl"
    lines.write_text(json.dumps(_record()) + "\n" + json.dumps(record) + "\n")
    assert error_line(run_cli("convert", str(lines))) == (
        f'error: {lines}: line 2: JSON record: deal 1: play 6: unknown key "comemnt" (did you '
        f'mean "comment"?)')


def test_a_peer_record_key_too():
    data = json.loads(PEER)
    data["plays"][0]["legall"] = []
    with pytest.raises(RecordSyntaxError, match=r'^line 7: peer record: play 1: unknown key '
                                                r'"legall" \(did you mean "legal"\?\)$'):
        records.importers.from_peer_record(data, 7)
    game = records.importers.from_peer_record(data, 7, strict=False)
    assert [str(e) for e in game.errors] == [
        'line 7: peer record: play 1: unknown key "legall" (did you mean "legal"?): ignored']


# -- a record that reads can be written -----------------------------------------------------

@pytest.mark.parametrize("change, message", [
    (lambda r: r["deals"][0]["plays"][5].update(comment="a {nested} comment"),
     "JSON record: deal 1: play 6 comment: a comment may not hold '{' (at character 3; HGN "
     "comments are {...} and do not nest)"),
    (lambda r: r.update(comment="closing }"),
     "JSON record: comment: a comment may not hold '}' (at character 9; HGN comments are "
     "{...} and do not nest)"),
    (lambda r: r["deals"][0].update(pass_comments={"N": "{"}),
     "JSON record: deal 1: pass_comments N: a comment may not hold '{'"),
    (lambda r: r["deals"][0]["plays"][5].update(nags=[300]),
     "JSON record: deal 1: play 6 nags: NAG 300 is not in 1..255"),
    (lambda r: r["tags"].update(Event="two\nlines"),
     "JSON record: tags Event: a tag value may not hold a line break"),
    (lambda r: r["tags"].update({"bad name": "x"}),
     'JSON record: tags: tag name "bad name" must be letters, digits and _'),
    (lambda r: r["tags"].update(Colour="red"), "JSON record: tags: unknown tag Colour"),
    (lambda r: r["tags"].update(Date="yesterday"),
     'JSON record: tags Date: "yesterday" is not YYYY.MM.DD'),
    (lambda r: r["deals"][0]["tags"].update(Board="2"),
     "JSON record: deal 1: tags: tag Board is a field of the deal"),
    (lambda r: r["deals"][0]["plays"][5].update(data={"dd": "7"}),
     'JSON record: deal 1: play 6: "data" is {"dd": "7"} but the comment\'s [%key value] '
     "items give {}"),
])
def test_what_the_writer_refuses_is_refused_when_read(change, message):
    record = _record()
    change(record)
    with pytest.raises(RecordSyntaxError) as info:
        from_json(record)
    assert str(info.value).startswith(message)


def test_a_brace_in_a_comment_names_the_file_and_place(tmp_path, run_cli):
    record = _record()
    record["deals"][0]["plays"][5]["comment"] = "{"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = tmp_path / "out.hgn"
    line = error_line(run_cli("convert", str(path), "-o", str(out)))
    # one record on one line: JSON Lines as much as JSON, so its line is named
    assert line.startswith(f"error: {path}: line 1: JSON record: deal 1: play 6 comment: a "
                           f"comment may not hold '{{'")
    assert not out.exists()


def test_unknown_tags_are_warnings_of_the_lenient_reader():
    record = _record()
    record["tags"]["Colour"] = "red"
    game = from_json(record, strict=False)
    assert "Colour" not in game.tags
    assert str(game.errors[0]).endswith("user tags start with X_): the tag is dropped")


# -- lenient: nothing readable is an error ---------------------------------------------------

@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "[Event \"x\"\n", "1 2 3\n",
                                  '{"deals": [{}]}\n'])
def test_a_lenient_read_of_nothing_readable_is_an_error(tmp_path, text, run_cli):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises((RecordSyntaxError, records.FormatError)):
        records.read_games(text, strict=False)
    line = error_line(run_cli("annotate", str(path), "--lenient"))
    assert line.startswith(f"error: {path}: ")


def test_a_lenient_read_keeps_what_came_before_the_error():
    text = "\n".join(LINES.splitlines()[:2] + ["1 2 3"]) + "\n"
    games = records.read_games(text, strict=False, name="f")
    assert len(games) == 2 and [str(e) for e in games[1].errors] == [
        "line 3: 3 tokens, expected 117 for pass direction left"]


# -- messages -----------------------------------------------------------------------------------

def test_control_characters_never_reach_stderr(run_cli):
    result = run_cli("solve", "example", "--played", "3C \x1b]0;pwned\x074C")
    line = error_line(result)
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert line == ('error: --played: unknown card "\\x1b]0;pwned\\x074C" (item 2 of '
                    '"3C \\x1b]0;pwned\\x074C")')


def test_a_100_kb_token_gives_a_short_line(tmp_path, run_cli):
    token = "X" * 100_000
    line = error_line(run_cli("solve", "example", "--played", f"3C {token}"))
    assert len(line) < 300 and "(100,000 characters)" in line
    path = tmp_path / "game.hgn"
    path.write_text(GAME_TEXT.replace("1. E 2C", f"1. E {token}"))
    line = error_line(run_cli("convert", str(path)))
    assert len(line) < 300 and line.startswith(f"error: {path}: line 18, column 6: ")


def test_the_net_under_every_message(run_cli):
    line = error_line(run_cli("solve", "example", "--seat", "N" * 5000))
    assert len(line) < 700


# -- streaming --------------------------------------------------------------------------------

def test_games_are_read_one_at_a_time():
    text = LINES * 5                    # 100 deals
    stream = io.BytesIO(text.encode())
    games = iter_games(stream, name="lines")
    first = next(games)
    assert first.deals[0].points == (0, 1, 7, 18)
    assert stream.tell() < len(text) // 10       # a line read, not the file
    assert sum(1 for _ in games) == 99


def test_json_lines_round_trip_and_are_detected():
    games = records.loads(LINES)
    text = records.dumps(games, "jsonl")
    assert text.count("\n") == len(games) and records.detect_format(text) == "jsonl"
    assert records.loads(text) == games == records.loads(text, "jsonl")
    single = records.dumps(games[:1], "jsonl")
    assert records.loads(single) == games[:1] == records.loads(single, "json")


def test_the_writer_writes_as_it_goes():
    games = Counted(records.loads(LINES))
    out = io.StringIO()
    writer = GameWriter(out, "json")
    for n, game in enumerate(games, start=1):
        writer.write(game)
        assert games.drawn == n and out.getvalue().count('"format"') == n
    writer.close()
    assert out.getvalue() == records.dumps(records.loads(LINES), "json")


def test_the_streamed_annotate_json_is_the_batch_document():
    games = records.loads(LINES)[:3]
    results = annotate_games(games, max_tricks=1)
    grouped = [("a.txt", results[:2]), ("b.txt", results[2:])]
    out = io.StringIO()
    writer = BatchJsonWriter(out, "open", Limit(time_ms=500), ["a.txt", "b.txt"], "x.hgn", None)
    for name, rs in grouped:
        for r in rs:
            writer.add(name, r)
    writer.close()
    expected = json.dumps(batch_json(grouped, "open", Limit(time_ms=500), "x.hgn", None), indent=2,
                          ensure_ascii=True) + "\n"
    assert out.getvalue() == expected


def test_annotate_jsonl_a_game_a_line(tmp_path, run_cli):
    path = tmp_path / "lines.txt"
    path.write_text("\n".join(LINES.splitlines()[:3]) + "\n")
    result = run_cli("annotate", str(path), "--max-tricks", "1", "--jsonl")
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["file"], r["game"]) for r in rows] == [(str(path), 1), (str(path), 2),
                                                      (str(path), 3)]
    assert all(p["file"] == str(path) and p["game"] == r["game"] for r in rows
               for p in r["plays"])


def test_replay_jsonl_and_json_agree(tmp_path, run_cli):
    path = tmp_path / "lines.txt"
    path.write_text(LINES)
    rows = [json.loads(line) for line in run_cli("replay", str(path), "--jsonl").stdout
            .splitlines()]
    assert rows == json.loads(run_cli("replay", str(path), "--json").stdout)
    assert [r["points"]["W"] for r in rows[:3]] == [18, 0, 7]


def test_replay_view_of_many_deals_in_tables(tmp_path, monkeypatch, run_cli):
    from hearts.analysis.cli import replay
    monkeypatch.setattr(replay, "TABLE_ROWS", 8)
    path = tmp_path / "lines.txt"
    path.write_text(LINES)
    out = run_cli("replay", str(path)).stdout
    assert out.count("(continued)") == 2 and out.rstrip().endswith("20 deals, 20 legal")


def test_progress_lines_on_a_pipe(tmp_path, monkeypatch, run_cli):
    from hearts.analysis.cli import render
    monkeypatch.setattr(render, "PIPE_EVERY_S", 0.0)
    path = tmp_path / "lines.txt"
    path.write_text(LINES)
    result = run_cli("convert", str(path))
    lines = result.stderr.splitlines()
    assert len(lines) == 20 and lines[-1].startswith("convert: 20 games, 100% of the input, ")
    assert run_cli("convert", str(path), "--quiet").stderr == ""



def test_annotate_shows_the_check_of_each_file_before_the_work(monkeypatch, run_cli):
    # every file is read once before any solving; a big file shows that reading too
    from hearts.analysis.cli import render
    monkeypatch.setattr(render, "PIPE_EVERY_S", 0.0)
    four = DATA / "records" / "xinxin-train-1-4.hgn"
    stderr = run_cli("annotate", str(four), "--max-tricks", "1").stderr
    lines = [line.rsplit(", ", 1)[0] for line in stderr.splitlines()]   # the seconds cut off
    assert lines[0] == f"checking {four}: 1 game, 100% of the input"
    assert lines[-1] == "annotate: 1 game, 100% of the input"
    assert [line for line in lines if "jobs" in line][-1] == (
        "annotate: 0 games, 100% of the input, 4/4 jobs (deals, fair plays)")


def test_convert_jsonl_option(tmp_path, run_cli):
    path = tmp_path / "lines.txt"
    path.write_text(LINES)
    assert (run_cli("convert", str(path), "--jsonl", "--quiet").stdout
            == run_cli("convert", str(path), "--to", "jsonl", "--quiet").stdout)
    assert error_line(run_cli("convert", str(path), "--jsonl", "--to", "json")) == (
        "error: --jsonl writes JSON Lines, not --to json: give one of them")


def test_a_pipe_is_read_as_it_comes():
    # stream.tell() raised "Illegal seek" on a pipe (progress asks how far the input is read)
    import subprocess
    import sys
    for command in (["convert", "-", "--to", "jsonl"], ["replay", "-", "--jsonl"]):
        result = subprocess.run([sys.executable, "-m", "hearts.analysis.cli", *command],
                                input=LINES, capture_output=True, text=True)
        assert result.returncode == 0 and result.stderr == "", result.stderr
        assert result.stdout.count("\n") == 20
