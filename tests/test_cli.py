"""The ``hearts`` command line: solve, replay, rules, and one-line errors for bad input.

Values printed by the CLI must be those of the Python API (``hearts.solver.solve``) on the
same input; every kind of bad input must give exit code 2 and one ``error:`` line on stderr,
never a traceback.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bruteforce

from hearts.analysis.cli import example_names, load_example
from hearts.solver import Position, Rules, Seat
from hearts.solver.solve import solve

XINXIN = Path(__file__).parent / "data" / "openspiel_xinxin"

# Points per seat (N E S W) of xinxin train lines 1-20 under OpenSpiel's default rules
# (tests/data/openspiel_xinxin/README.md).
TRAIN_POINTS = [
    [0, 1, 7, 18], [2, 14, 10, 0], [2, 4, 13, 7], [8, 14, 2, 2], [9, 0, 17, 0],
    [0, 0, 12, 14], [3, 23, 0, 0], [6, 13, 0, 7], [14, 4, 4, 4], [0, 9, 0, 17],
    [0, 10, 13, 3], [3, 4, 5, 14], [6, 13, 5, 2], [19, 7, 0, 0], [20, 0, 0, 6],
    [3, 0, 13, 10], [3, 21, 2, 0], [0, 7, 4, 15], [5, 0, 8, 13], [14, 3, 5, 4],
]
# With Q♠ not breaking hearts these train lines hold an illegal heart lead.
TRAIN_ILLEGAL_WITHOUT_QS_BREAK = {4, 9, 10, 11, 14, 15, 16, 17, 19}


@pytest.fixture
def run_ok(run_cli):
    """``run_cli`` for a run that must succeed (exit code 0)."""
    def ok(*args: str):
        result = run_cli(*args)
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return result
    return ok


def api_values(result) -> list[tuple[str, int, list[str]]]:
    return [(str(cv.card), cv.value, [str(c) for c in cv.equals]) for cv in result.cards]


def json_values(data: dict) -> list[tuple[str, int, list[str]]]:
    return [(c["card"], c["value"], c["equals"]) for c in data["cards"]]


# -- built-in examples --------------------------------------------------------------------


def test_examples_are_shipped_and_valid():
    assert {"endgame", "opening"} <= set(example_names())
    for name in example_names():
        example = load_example(name)
        position = Position(example.deal, Rules.parse(example.rules), example.played)
        assert not position.is_over()
    assert load_example("example").name == "endgame"


def test_endgame_example_is_trick_9_of_xinxin_train_game_1():
    example = load_example("endgame")
    position = Position(example.deal, Rules.standard(), example.played)
    assert position.tricks_played == 8 and not position.trick
    assert position.to_move == Seat.S
    assert position.points == [0, 1, 5, 14]


# -- solve --------------------------------------------------------------------------------


def test_solve_example_prints_a_table_of_every_legal_card(run_ok):
    out = run_ok("solve", "example", "--model", "paranoid").stdout
    example = load_example("endgame")
    expected = solve(example.deal, example.played)
    assert "paranoid" in out and "S points" in out and "nodes" in out and "TT" in out
    for cv in expected.cards:
        assert cv.card.symbol() in out
    assert "unfinished" not in out


def test_solve_example_json_equals_the_python_api(run_ok):
    data = json.loads(run_ok("solve", "example", "--model", "paranoid", "--json").stdout)
    assert {"seat", "target", "model", "rules", "cards", "nodes", "ms", "complete"} <= set(data)
    assert data["seat"] == "S" and data["model"] == "paranoid" and data["complete"] is True
    assert data["exact"] is True and data["estimate"] is None
    for card in data["cards"]:
        assert {"card", "value", "equals", "pv"} <= set(card)
        assert card["pv"][0] == card["card"]
    example = load_example("endgame")
    assert json_values(data) == api_values(solve(example.deal, example.played))


def test_solve_example_option_equals_example_argument(run_ok):
    by_option = json.loads(run_ok("solve", "--example", "endgame", "--json").stdout)
    by_name = json.loads(run_ok("solve", "endgame", "--json").stdout)
    assert json_values(by_option) == json_values(by_name)


def test_solve_mid_trick_with_played_and_another_target(run_ok):
    example = load_example("endgame")
    deal, played = example.deal, example.played + " 3C 9C"
    # An explicit PBN deal with --played: North is third to play to trick 9, valued for West.
    data = json.loads(run_ok("solve", deal, "--played", played, "--seat", "W",
                             "--json").stdout)
    assert data["seat"] == "N" and data["target"] == "W"
    assert json_values(data) == api_values(solve(deal, played, seat="W"))
    # With an example, --played continues its play.
    same = json.loads(run_ok("solve", "example", "--played", "3C 9C", "--seat", "W",
                             "--json").stdout)
    assert json_values(same) == json_values(data)
    table = run_ok("solve", "example", "--played", "3C 9C", "--seat", "W").stdout
    assert "on the table" in table and "W points" in table


def header(out: str) -> str:
    """The first lines of a solve table, up to the hands, as one line (rich wraps at 80)."""
    lines = out.splitlines()
    return " ".join(" ".join(lines[:next(i for i, line in enumerate(lines) if "♠" in line)])
                    .split())


@pytest.mark.parametrize("extra, expected", [
    ([], "example endgame: The last 5 tricks of xinxin train game 1: South leads to trick 9; "
         "points taken so far N 0, E 1, S 5, W 14 (final: 0 1 7 18)."),
    (["--rules", "standard"], "example endgame: The last 5 tricks of xinxin train game 1: "
                              "South leads to trick 9; points taken so far N 0, E 1, S 5, W 14 "
                              "(final: 0 1 7 18)."),
    (["--played", "3C 9C 3H 4C"], "example endgame then 3♣ 9♣ 3♥ 4♣ (--played): West leads to "
                                  "trick 10; points taken so far N 0, E 1, S 5, W 15."),
    (["--rules", "pink_lady"], "example endgame under rules pink_lady: South leads to trick 9; "
                               "points taken so far N 0, E 13, S 5, W 14."),
    (["--played", "3C 9C 3H", "--rules", "pink_lady"],
     "example endgame then 3♣ 9♣ 3♥ (--played), under rules pink_lady: East plays to trick 9; "
     "points taken so far N 0, E 13, S 5, W 14."),
])
def test_solve_example_header_describes_the_position_solved(extra, expected, run_ok):
    # It kept the example's description ("South leads to trick 9; … W 14") above the table of
    # trick 10 after --played, and "E 1" under pink_lady, where East's Q♥ counts 13.
    assert header(run_ok("solve", "example", "--no-pv", *extra).stdout) == expected


def test_solve_maxn_gives_every_seats_points(run_ok):
    example = load_example("endgame")
    data = json.loads(run_ok("solve", "example", "--model", "maxn", "--json").stdout)
    assert data["model"] == "maxn"
    expected = solve(example.deal, example.played, model="maxn")
    assert json_values(data) == api_values(expected)
    mover = "NESW".index(data["seat"])
    for card in data["cards"]:
        assert len(card["points"]) == 4
        assert card["value"] == card["points"][mover]
    out = run_ok("solve", "example", "--model", "maxn").stdout
    assert "N E S W" in out and "every seat" in out
    assert "--seat is ignored" not in out
    # --seat W is ignored: the values stay South's (the mover's), and the JSON said
    # "target": "W" beside them.
    with_seat = json.loads(run_ok("solve", "example", "--model", "maxn", "--seat", "W",
                                  "--json").stdout)
    assert (with_seat["seat"], with_seat["target"]) == ("S", "S")
    assert json_values(with_seat) == json_values(data)
    assert with_seat_note(run_ok("solve", "example", "--model", "maxn", "--seat", "W"))


MAXN_SEAT_NOTE = "note: --seat has no effect with --model maxn (max^n scores every seat)\n"


def with_seat_note(result) -> bool:
    """The maxn --seat note is on stderr, alone, and not in the table."""
    return result.stderr == MAXN_SEAT_NOTE and "--seat" not in result.stdout


@pytest.mark.parametrize("extra", [["--seat", "W", "--json"], ["--seat", "S"],
                                   ["--seat", "S", "--json"]])
def test_solve_maxn_says_that_seat_has_no_effect(extra, run_ok):
    # It said nothing with --json, or when the seat given was the mover (South); the table's
    # own line was dropped for this note on stderr.
    assert with_seat_note(run_ok("solve", "example", "--model", "maxn", *extra))
    assert run_ok("solve", "example", "--model", "maxn", "--json").stderr == ""
    assert run_ok("solve", "example", "--seat", "W", "--json").stderr == ""


def test_solve_moon_answers_yes_or_no(run_ok):
    example = load_example("opening")
    data = json.loads(run_ok("solve", "--example", "opening", "--model", "moon",
                             "--json").stdout)
    assert data["model"] == "moon"
    assert all(card["value"] in (0, 1) for card in data["cards"])
    assert json_values(data) == api_values(solve(example.deal, example.played, model="moon"))
    out = run_ok("solve", "--example", "opening", "--model", "moon").stdout
    assert "shoots" in out and ("yes" in out or "no" in out)


def test_solve_with_rules_spec_and_no_pv(run_ok):
    example = load_example("endgame")
    spec = "openspiel,qs_breaks_hearts=false"
    data = json.loads(run_ok("solve", "example", "--rules", spec, "--no-pv", "--model",
                             "paranoid", "--json").stdout)
    assert data["rules"]["hearts_broken_by"] == "hearts"
    assert all(card["pv"] == [] for card in data["cards"])
    assert json_values(data) == api_values(solve(example.deal, example.played, rules=spec,
                                                 pv=False))


def test_solve_node_limit_says_unfinished(run_ok):
    out = run_ok("solve", "--example", "opening", "--nodes", "1000").stdout
    assert "unfinished (node/time limit)" in out
    data = json.loads(run_ok("solve", "--example", "opening", "--nodes", "1000",
                             "--json").stdout)
    assert data["complete"] is False
    # The table shows the opening's one legal card as not valued; the JSON listed no card.
    assert (data["cards"], data["unvalued"]) == ([], ["2C"])


def test_solve_help_states_models_units_and_examples(run_ok):
    out = run_ok("solve", "--help").stdout
    for text in ("paranoid", "maxn", "moon", "points", "hearts solve example",
                 "minimises its own", "shoot the moon"):
        assert text in out


# -- replay -------------------------------------------------------------------------------


def test_replay_xinxin_train_points(tmp_path, run_ok):
    path = tmp_path / "train.txt"
    path.write_text((XINXIN / "xinxin_train.txt").read_text())
    rows = json.loads(run_ok("replay", str(path), "--json").stdout)
    assert [list(r["points"].values()) for r in rows] == TRAIN_POINTS
    assert rows[0]["points"] == {"N": 0, "E": 1, "S": 7, "W": 18}
    assert all(r["illegal"] is None and r["completed"] for r in rows)
    out = run_ok("replay", str(path)).stdout
    assert "20 deals, 20 legal" in out


def test_replay_reads_a_file_that_starts_with_a_byte_order_mark(tmp_path, run_ok):
    # It failed with 'line 1, column 1: token 1 "\ufeff1" is not an integer action id'.
    path = tmp_path / "train.txt"
    path.write_text((XINXIN / "xinxin_train.txt").read_text(), encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = json.loads(run_ok("replay", str(path), "--json").stdout)
    assert [list(r["points"].values()) for r in rows] == TRAIN_POINTS


def test_replay_reports_the_first_illegal_play(tmp_path, run_ok):
    lines = (XINXIN / "xinxin_train.txt").read_text().splitlines()
    path = tmp_path / "games.txt"
    path.write_text(lines[0] + "\n" + lines[3] + "\n")
    spec = "openspiel,qs_breaks_hearts=false"
    rows = json.loads(run_ok("replay", str(path), "--rules", spec, "--json").stdout)
    assert rows[0]["illegal"] is None
    illegal = rows[1]["illegal"]
    assert illegal["card"] == "9H" and illegal["seat"] == "E" and illegal["play"] == 13
    assert illegal["message"] == ("line 2: play 13 (9H by E): East may not lead 9H: "
                                  "hearts are not broken")
    out = run_ok("replay", str(path), "--rules", spec).stdout
    assert "line 2: play 13 (9H by E)" in out
    # Under the default rules (Q♠ breaks hearts) the same game is legal.
    rows = json.loads(run_ok("replay", str(path), "--json").stdout)
    assert rows[1]["illegal"] is None and list(rows[1]["points"].values()) == [8, 14, 2, 2]


def test_replay_without_qs_breaking_hearts_finds_the_known_illegal_games(run_ok):
    rows = json.loads(run_ok("replay", str(XINXIN / "xinxin_train.txt"), "--rules",
                             "openspiel,qs_breaks_hearts=false", "--json").stdout)
    assert {r["line"] for r in rows if r["illegal"]} == TRAIN_ILLEGAL_WITHOUT_QS_BREAK


# -- rules --------------------------------------------------------------------------------


def test_rules_lists_every_preset(run_ok):
    out = run_ok("rules").stdout
    for name in Rules.presets():
        assert name in out


def test_rules_lists_every_option_with_its_source(run_ok):
    out = run_ok("rules").stdout
    for key in Rules.standard().to_dict():
        assert key in out
    assert "Culbertson 1950" in out and "Foster 1909" in out and "Pagat" in out


def test_rules_show_a_table_of_six(run_ok):
    out = run_ok("rules", "show", "pagat,players=6").stdout
    assert "players: 6, 8 cards each; removed: 2D 3D 3C 4C; kitty: 0 cards" in out
    assert "passes, first deals: left, right, left, right" in out


def test_rules_show_json_has_the_deck_and_the_passes(run_ok):
    data = json.loads(run_ok("rules", "show", "culbertson1950,players=6", "--json").stdout)
    assert data["name"] == "culbertson1950"
    assert data["deck"] == {"hand_size": 8, "kitty": 0, "removed": ["2C", "2D", "2S", "2H"]}
    assert data["passes"] == ["left", "right", "left", "right"]


def test_rules_show_a_reading_without_a_rule_for_the_table_is_one_error_line(run_cli):
    result = run_cli("rules", "show", "foster1909,players=7")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: rules option card_removal=foster1909: the source "
                                     "gives no rule for 7 players (use culbertson1950, pagat, "
                                     "kitty)")


def test_rules_show_prints_every_field(run_ok):
    data = json.loads(run_ok("rules", "show", "pink_lady", "--json").stdout)
    assert data["name"] == "pink_lady"
    assert data["fields"] == Rules.preset("pink_lady").to_dict()
    out = run_ok("rules", "show", "openspiel,qs_breaks_hearts=false").stdout
    assert "hearts_broken_by" in out and "qs_breaks_hearts=false" in out


@pytest.mark.parametrize("args", [["rules"], ["rules", "show", "standard,moon=new"]])
def test_rules_read_whole_at_80_columns(args, run_cli):
    # The options were a 5-column table: at 80 columns (and piped) 344 of its 399 lines
    # were "…", the descriptions and sources gone.
    out = run_cli(*args, env={"COLUMNS": "80"}).stdout
    assert "…" not in out and max(map(len, out.splitlines())) <= 80
    lines = [line.rstrip() for line in out.splitlines()]
    if args == ["rules"]:
        at = lines.index("  kitty_seen = false")
        assert lines[at - 3:at + 2] == [
            "      cards removed so that the hands are equal: foster1909, culbertson1950,",
            "      morehead2001, pagat, or a kitty [Foster 1909, Culbertson 1950, Morehead",
            "      2001, Pagat]",
            "  kitty_seen = false",
            "      trick 1's winner may look at the kitty [Morehead 2001]"]
    else:
        at = lines.index('  moon = "new"  (standard "old")')
        assert lines[at + 1] == "      Morehead 2001; Culbertson 1950 (no moon)"
        assert "Moon and sun" in lines[:at]


# -- bad input: exit code 2, one "error:" line, no traceback --------------------------------

_DEAL = load_example("endgame").deal
_N, _E, _S, _W = _DEAL[2:].split()


def _write_bad_files(tmp: Path) -> None:
    line = (XINXIN / "xinxin_train.txt").read_text().splitlines()[0]
    (tmp / "truncated.txt").write_text(" ".join(line.split()[:80]) + "\n")
    (tmp / "empty.txt").write_text("\n# nothing here\n")
    (tmp / "binary.txt").write_bytes(b"\xff\xfe\x00\x01 1 2 3")


def _bad_inputs(tmp: Path) -> dict[str, list[str]]:
    """Command lines with bad input; the files are made by :func:`_write_bad_files`."""
    truncated, empty, binary = tmp / "truncated.txt", tmp / "empty.txt", tmp / "binary.txt"
    return {
        "malformed card": ["solve", "example", "--played", "3C 1X"],
        "malformed card in deal": ["solve", f"N:{_N} {_E} {_S} {_W[:-1]}Z"],
        "duplicate card": ["solve", f"N:{_N} {_E} {_S} {_W.replace('KJ97', 'KJ9Q')}"],
        # East's 2C moved to North: North holds 14 cards, East 12.
        "wrong hand size": ["solve", f"N:{_N}2 {_E.replace('T842', 'T84')} {_S} {_W}"],
        "played card not held": ["solve", _DEAL, "--played", "2C AH"],
        "illegal play": ["solve", "example", "--played", "3C 4S"],
        "unknown seat": ["solve", "example", "--seat", "X"],
        "unknown rule": ["solve", "example", "--rules", "standard,mon=old"],
        "unknown preset": ["solve", "example", "--rules", "hoyle"],
        "unknown model": ["solve", "example", "--model", "minimax"],
        "unknown example": ["solve", "--example", "middlegame"],
        "deal without seat prefix": ["solve", f"{_N} {_E} {_S} {_W}"],
        "deal and example": ["solve", _DEAL, "--example", "endgame"],
        "deal over": ["solve", load_example("endgame").deal, "--played",
                      " ".join(load_example("endgame").played.split())
                      + " 3C 9C 3H 4C 4S 4H 2H 2S JC 5H 8C 5C 5S TH AD 9S 6D KS JH 5D"],
        "bad node limit": ["solve", "example", "--nodes", "many"],
        "unknown option": ["solve", "example", "--fast"],
        "missing file": ["replay", str(tmp / "no-such-file.txt")],
        "empty file name": ["replay", ""],
        "empty extra argument": ["solve", "example", "--json", ""],
        "directory": ["replay", str(tmp)],
        "empty file": ["replay", str(empty)],
        "binary file": ["replay", str(binary)],
        "truncated action line": ["replay", str(truncated)],
        "replay unknown rule": ["replay", str(XINXIN / "xinxin_test.txt"), "--rules", "x=1"],
        "rules show unknown": ["rules", "show", "hoyle"],
        "game model without scores": ["solve", "example", "--model", "game"],
        "scores for another model": ["solve", "example", "--model", "maxn", "--scores",
                                     "N=1,E=2,S=3,W=4"],
        "target without scores": ["solve", "example", "--target", "50"],
        "scores missing a seat": ["solve", "example", "--scores", "N=80,E=95,S=63"],
        "scores not a number": ["solve", "example", "--scores", "N=80,E=95,S=63,W=forty"],
        "scores too big": ["solve", "example", "--scores", "N=80,E=95,S=63,W=4000"],
        "target zero": ["solve", "example", "--scores", "N=80,E=95,S=63,W=40", "--target", "0"],
    }


BAD_INPUT_NAMES = list(_bad_inputs(Path("/nonexistent")))


@pytest.mark.parametrize("name", BAD_INPUT_NAMES)
def test_bad_input_gives_one_error_line_and_exit_code_2(name, tmp_path, run_cli):
    _write_bad_files(tmp_path)
    args = _bad_inputs(tmp_path)[name]
    if args[0] == "solve" and "--nodes" not in args:
        args = [*args, "--nodes", "200000"]  # should an input be valid after all: no long search
    result = run_cli(*args)
    assert result.exit_code == 2, (name, result.stdout, result.stderr)
    assert isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_bad_input_messages_name_the_problem(tmp_path, run_cli):
    _write_bad_files(tmp_path)
    cases = _bad_inputs(tmp_path)
    expect = {
        "malformed card": '"1X"',
        "duplicate card": "duplicate card QC",
        "wrong hand size": "holds",
        "played card not held": "South does not hold AH",
        "illegal play": "must follow clubs",
        "unknown seat": "--seat: unknown seat 'X' (seats N, E, S, W)",
        "unknown rule": '"mon"',
        "unknown model": "unknown model",
        "unknown example": 'unknown example "middlegame"',
        "deal without seat prefix": 'is neither a deal nor an example: a deal is PBN "N:',
        "missing file": "no-such-file.txt",
        # these read "error: no such file or directory" and "argument(s) ()"
        "empty file name": "'' (an empty file name): no such file or directory",
        "empty extra argument": "unexpected extra argument(s) ('')",
        "truncated action line": "line 1",
        "game model without scores": "--model game needs the game totals",
        "scores for another model": "--scores is for the game model",
        "target without scores": "give the totals with --scores",
        "scores missing a seat": "(missing W)",
        "scores not a number": 'item 4 "W=forty"',
        "scores too big": "W=4000 is outside -400..400",
    }
    for name, text in expect.items():
        assert text in run_cli(*cases[name]).stderr, name


def test_no_command_prints_the_help(run_cli):
    result = run_cli()
    assert result.exit_code == 0
    assert "solve" in result.stdout and "replay" in result.stdout and "rules" in result.stdout


def test_the_real_process_prints_one_line_and_exits_2():
    """Through ``python -m`` (the console script's ``main()``), not only the test runner."""
    proc = subprocess.run(
        [sys.executable, "-m", "hearts.analysis.cli", "solve", "example", "--model", "foo"],
        capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr == ('error: unknown model "foo": expected one of auto, paranoid, maxn, '
                           'moon, game\n')
    assert proc.stdout == ""
    ok = subprocess.run([sys.executable, "-m", "hearts.analysis.cli", "solve", "example",
                         "--json"], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and json.loads(ok.stdout)["seat"] == "S"


# -- tables of 3 to 7 players ---------------------------------------------------------------------

THREE_HANDS = "A:AKQJT98765432.AKQJ.. .T98765432.AKQJT987. ..65432.AKQJT9876543"


# Three tricks left at a table of 3 (standard rules: 2♣ removed, 3♣ opens); A to move.
THREE_DEAL = "A:AK73.KJ84.T95.AJT876 J84.AT932.J8632.K954 QT9652.Q765.AKQ74.Q3"
THREE_PLAYED = ("3C TC KC JS TS AS TD JD KD 9S 3S 4S QD 9D 6D 7D 5D 8D 9C QC 8C AD JC 3D 5S 7S "
                "8S 5C 2S 6C KS 4C 6S AC 2D 4D 7C AH 5H 8H 3H 6H")
# Two tricks left at a table of 5 (Morehead's removal: 2♣ 2♦ out); C to move.
FIVE_DEAL = "A:2.5.JT4.AJ876 AKJ84.AJ3.6.T 5.T94.973.954 QT93.KQ6.Q5.K 76.872.AK8.Q3"
FIVE_PLAYED = ("3C JC TC 9C KC 9S 7S 2S 4S 5S 3S 6S 8C AS 3D 6D 9D 5D KD TD 8D 4D 8S 7D QD TS QC "
               "7C KS 4C JS 5C QS AD 6C 6H 8H 5H 3H 9H")


def test_solve_values_a_three_player_deal_as_brute_force(run_ok):
    data = json.loads(run_ok("solve", THREE_DEAL, "--played", THREE_PLAYED, "--model", "paranoid",
                             "--json").stdout)
    assert (data["seat"], data["target"], data["model"]) == ("A", "A", "paranoid")
    expected = {"KH": 11, "JH": 20, "4H": 23}      # A's points for the deal
    assert {cv["card"]: cv["value"] for cv in data["cards"]} == expected
    position = Position(THREE_DEAL, Rules(players=3), THREE_PLAYED)
    assert {str(c): v for c, v in bruteforce.paranoid_values(position).items()} == expected
    out = run_ok("solve", THREE_DEAL, "--played", THREE_PLAYED, "-m", "paranoid").stdout
    assert "to move Player A  target Player A" in out and "the other two seats" in out
    assert "A points" in out and "tricks left 3" in out


def test_solve_values_a_five_player_deal_as_brute_force(run_ok):
    data = json.loads(run_ok("solve", FIVE_DEAL, "--played", FIVE_PLAYED, "--model", "maxn",
                             "--json").stdout)
    assert data["seat"] == "C"
    expected = {"4H": [0, 4, 5, 17, 0], "TH": [0, 4, 5, 17, 0]}   # points of A, B, C, D, E
    got = {card: cv["points"] for cv in data["cards"] for card in [cv["card"], *cv["equals"]]}
    assert got == expected
    position = Position(FIVE_DEAL, Rules(players=5), FIVE_PLAYED)
    assert {str(c): list(v) for c, v in bruteforce.maxn_values(position).items()} == expected
    out = run_ok("solve", FIVE_DEAL, "--played", FIVE_PLAYED, "--model", "maxn").stdout
    assert "A B C D E" in out and " 0  4  5 17  0" in out
    data = json.loads(run_ok("solve", FIVE_DEAL, "--played", FIVE_PLAYED, "--seat", "D",
                             "--json").stdout)
    expected_d = {"4H": 17, "TH": 17}               # D's points (it holds Q♠ and K♥)
    got_d = {card: cv["value"] for cv in data["cards"] for card in [cv["card"], *cv["equals"]]}
    assert data["target"] == "D" and got_d == expected_d
    assert {str(c): v for c, v in bruteforce.paranoid_values(position, 3).items()} == expected_d


def test_solve_checks_a_three_player_deal_against_the_rules_deck(run_cli):
    result = run_cli("solve", THREE_HANDS, "--rules", "pagat")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: the deal holds 2D, removed by card_removal=pagat; "
                                     "misses 2C")


@pytest.mark.parametrize("deal, rules, message", [
    (THREE_HANDS, "standard,players=3",
     "2C is not in play: removed from the deck at 3 players (rules card_removal=morehead2001)"),
    (THREE_HANDS + " +...2", "standard,players=3,card_removal=kitty",
     "2C is in the kitty, not in play"),
])
def test_a_played_card_out_of_play_says_so(deal, rules, message, run_cli):
    # It was "Player C does not hold 2C", as if another player held it.
    result = run_cli("solve", deal, "--rules", rules, "--played", "2C")
    assert result.exit_code == 2
    assert result.stderr.strip() == f'error: card 1 of --played ("2C"): {message}'


@pytest.mark.parametrize("option", [["--scores", "N=1,E=2,S=3,W=4"], ["--seat", "W"]])
def test_solve_a_deal_of_the_wrong_table_size_is_that_error(option, run_cli):
    # It was reported as "unknown seat 'N' at a table of 5", the seats read first.
    result = run_cli("solve",
                     "N:8643.Q42.J754.87 AJ75.K63.A2.KJT3 KQ9.AJ75.96.AQ64 T2.T98.KQT83.952",
                     *option, "--rules", "standard,players=5")
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("error: the deal has 4 hands, the rules are for 5")


@pytest.mark.parametrize("command, message", [
    (["solve", "example"], 'error: unknown model "GAME": expected one of auto, paranoid, maxn, '
                           'moon, game'),
    (["play", str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"), "--at",
      "33"], 'error: unknown model "GAME" for advice: expected paranoid, maxn or game'),
])
def test_an_unknown_model_with_scores_is_unknown(command, message, run_cli):
    # It was "--scores is for the game model, not --model GAME".
    result = run_cli(*command, "--scores", "N=1,E=2,S=3,W=4", "--model", "GAME")
    assert result.exit_code == 2
    assert result.stderr.strip() == message


def test_replay_of_a_playthrough_points_to_convert(run_cli, run_ok):
    # It was 'line 1, column 1: token 1 "game:" is not an integer action id'.
    path = Path(__file__).parent / "data" / "openspiel_xinxin" / "playthrough_hearts.txt"
    result = run_cli("replay", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {path}: an OpenSpiel playthrough, not action-id "
                                     f"lines (hearts convert reads it: hearts convert {path} "
                                     f"--to openspiel)")
    line = run_ok("convert", str(path), "--to", "openspiel").stdout
    assert len(line.split()) in (117, 105)


def test_solve_seat_letters_of_a_three_player_table(run_cli):
    result = run_cli("solve", THREE_HANDS, "--seat", "N")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: --seat: unknown seat 'N' at a table of 3 (seats A, "
                                     "B, C)")


def test_convert_refuses_to_write_over_its_input(tmp_path, run_cli):
    source = tmp_path / "game.hgn"
    original = (Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn").read_text()
    source.write_text(original)
    result = run_cli("convert", str(source), "--to", "json", "-o", str(source))
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: -o {source} is the input file {source}: the input "
                                     f"is never overwritten")
    assert source.read_text() == original


def test_convert_keeps_an_existing_output_unless_forced(tmp_path, run_cli, run_ok):
    source = Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"
    out = tmp_path / "game.json"
    out.write_text("my notes\n")
    result = run_cli("convert", str(source), "--to", "json", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: -o {out} exists (use --force to overwrite it)"
    assert out.read_text() == "my notes\n"
    run_ok("convert", str(source), "--to", "json", "-o", str(out), "--force")
    assert json.loads(out.read_text())[0]["deals"]


def test_convert_output_errors_name_the_path(tmp_path, run_cli):
    source = str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn")
    result = run_cli("convert", source, "-o", str(tmp_path))
    assert result.stderr.strip() == f"error: -o {tmp_path} is a directory, not a file"
    result = run_cli("convert", source, "-o", str(tmp_path / "no-such-dir" / "out.hgn"))
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: cannot write {tmp_path / 'no-such-dir' / 'out.hgn'}"
                                     f": no such file or directory")


def test_annotate_checks_both_output_folders_before_the_work(tmp_path, run_cli):
    # The --html folder was found missing only after the annotation, with -o written already.
    source = str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn")
    out, report = tmp_path / "out.hgn", tmp_path / "no-such-dir" / "report.html"
    result = run_cli("annotate", source, "--max-tricks", "2", "-o", str(out), "--html",
                     str(report))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: cannot write {report}: no such file or directory"
    assert not out.exists()
    (tmp_path / "file").write_text("x")
    result = run_cli("annotate", source, "-o", str(tmp_path / "file" / "out.hgn"))
    assert result.stderr.strip() == (f"error: cannot write {tmp_path / 'file' / 'out.hgn'}: "
                                     f"not a directory")
    result = run_cli("annotate", source, "-o", "")
    assert (result.exit_code, result.stderr.strip()) == (2, "error: -o: an empty path")
    result = run_cli("puzzle", "mine", "--random", "1", "-o", str(report))
    assert result.exit_code == 2 and "mining" not in result.stderr
    assert result.stderr.strip() == f"error: cannot write {report}: no such file or directory"


@pytest.mark.parametrize("command, what", [
    (["convert", str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn")], "-o"),
    (["annotate", str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn")], "-o"),
    (["annotate", str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"),
      "--html"], "--html"),
    (["puzzle", "mine", "--random", "1"], "output"),
])
def test_output_dash_is_refused_not_a_file_named_dash(tmp_path, monkeypatch, command, what,
                                                      run_cli):
    monkeypatch.chdir(tmp_path)
    args = command + ([] if command[-1] == "--html" else ["-o"]) + ["-"]
    result = run_cli(*args)
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {what} -: standard output is the default, leave "
                                     f"out {what} (for a file named -, give ./-)")
    assert not (tmp_path / "-").exists()


def test_a_truncated_json_lines_file_is_reported_as_json(tmp_path, run_cli):
    # Detected as peer records (not HGN, whose comments are in braces too): the error is the
    # JSON problem, with its line.
    peer = Path(__file__).parent / "data" / "peer-games" / "openspiel-hearts.jsonl"
    first, second = peer.read_text().splitlines()[:2]
    cut = tmp_path / "cut.jsonl"
    cut.write_text(first + "\n" + second[:900])
    result = run_cli("convert", str(cut))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {cut}: line 2: not JSON: Unterminated string")
    # the example of docs/records.md
    assert (result.stderr.strip().replace(str(cut), "cut.jsonl") in
            (Path(__file__).parent.parent / "docs" / "records.md").read_text())
    cut.write_text(first[:2000])
    assert run_cli("convert", str(cut)).stderr.startswith(f"error: {cut}: line 1: not JSON")


@pytest.mark.parametrize("command, value, message", [
    # puzzle mine took 0 and negative limits and failed on the first solve, after the reading
    # and with no option named; nan ran with no limit
    (["puzzle", "mine", "--random", "1"], "0", "Invalid value for '--time'"),
    (["puzzle", "mine", "--random", "1"], "-5", "Invalid value for '--time'"),
    (["puzzle", "mine", "--random", "1"], "nan", "Invalid value for '--time'"),
    (["annotate", str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn")], "nan",
     "Invalid value for '--time'"),
])
def test_time_limits_must_be_positive(command, value, message, run_cli):
    result = run_cli(*command, "--time", value)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: ") and message in result.stderr


_XINXIN_RECORD = str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn")


@pytest.mark.parametrize("command", [["moon", "--record", _XINXIN_RECORD, "--at", "20"],
                                     ["puzzle", "mine", "--random", "1"],
                                     ["solve", "example"], ["annotate", _XINXIN_RECORD]])
@pytest.mark.parametrize("value", ["inf", "nan", "-inf", "0", "-5", "1e400", "abc"])
def test_time_limits_name_the_option_and_say_the_same_for_inf_and_nan(command, value, run_cli):
    # inf was "time limit must be a positive number of ms, got inf" (no option named), nan
    # "Input should be greater than or equal to 0.001": one check (options.time_option) now;
    # 1e400 was "inf is not ...", abc "Input should be a valid number, unable to parse string
    # as a number": the text typed is quoted
    result = run_cli(*command, "--time", value)
    assert result.exit_code == 2 and result.stdout == ""
    name = " ".join(command[:2]) if command[0] == "puzzle" else command[0]
    assert result.stderr.strip() == (f"error: Invalid value for '--time': {value} is not a "
                                     f"positive, finite number of milliseconds (see 'hearts "
                                     f"{name} --help')")


def test_broken_json_records_are_reported_as_json(tmp_path, run_cli, run_ok):
    # A pretty-printed game (first line "{") cut short, and games one per line, were read as
    # HGN: "'{' inside the comment opened at line 1".
    source = Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"
    game = json.loads(run_ok("convert", str(source), "--to", "json").stdout)[0]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(game, indent=2)[:1500])
    result = run_cli("convert", str(cut))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {cut}: not JSON: Unterminated string starting at: "
                                    f"line ")
    # games one per line are JSON Lines (issue 25), read a line at a time; a broken line is
    # named by its line
    lines = tmp_path / "games.jsonl"
    lines.write_text(json.dumps(game) + "\n" + json.dumps(game) + "\n")
    assert run_ok("convert", str(lines)).stdout.count('[Board "1"]') == 2
    lines.write_text(json.dumps(game) + "\n" + json.dumps(game)[:100] + "\n")
    result = run_cli("convert", str(lines))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {lines}: line 2: not JSON: Unterminated string "
                                    f"starting at: line 1 column ")
    # one JSON value after another on a line is one value too many
    lines.write_text(json.dumps([game]) + json.dumps([game]) + "\n")
    result = run_cli("convert", str(lines))
    assert result.stderr.strip() == (f"error: {lines}: not JSON: Extra data: line 1 column "
                                     f"{len(json.dumps([game])) + 1} (char "
                                     f"{len(json.dumps([game]))}) (one JSON value: a game or a "
                                     "list of games; a record a line is the format jsonl, "
                                     "JSON Lines)")


def test_solve_nodes_beyond_the_solver_counter_is_an_error_not_a_traceback(run_cli):
    result = run_cli("solve", "example", "--nodes", "99999999999999999999999")
    assert result.exit_code == 2
    assert "Invalid value for '--nodes'" in result.stderr
    assert "9223372036854775807" in result.stderr


@pytest.mark.parametrize("command", [
    ["moon", "A.AKQJT987.AK.AK"],
    ["play", str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"), "--at", "33"],
])
def test_huge_samples_is_an_error_not_a_traceback(command, run_cli):
    result = run_cli(*command, "--samples", "99999999999999999999")
    assert result.exit_code == 2
    assert "Invalid value for '--samples'" in result.stderr


@pytest.mark.parametrize("command", [
    ["moon", "A.AKQJT987.AK.AK", "--samples", "2"],
    ["play", str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"), "--at", "33",
     "--samples", "2"],
    # These reached numpy's "expected non-negative integer" (or took it silently).
    ["pass", "AKQ5.5432.432.32", "-d", "left", "--samples", "2"],
    ["annotate", str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"),
     "--mode", "fair", "--samples", "2"],
    ["puzzle", "--answer", "2C"],
    ["puzzle", "mine", "--random", "1"],
])
def test_negative_seed_is_an_error_not_a_traceback(command, run_cli):
    result = run_cli(*command, "--seed", "-1")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: Invalid value for '--seed'"), lines


@pytest.mark.parametrize("text,source_format,message", [
    ('{"a": 1}\n', "auto", "no deals (a record needs at least one [Deal])"),
    # an unknown key of a JSON record is an error of its own (issue 25)
    ('{"a": 1}\n', "json", 'JSON record: unknown key "a" (known keys: format, version, tags, '
                           'rules, comment, deals, totals)'),
    ('{"format": "hearts-dd game record", "deals": []}\n', "auto",
     "no deals (a record needs at least one [Deal])"),
    ('[Event "x"]\n', "auto", "no deals (a record needs at least one [Deal])"),
])
def test_convert_a_record_without_deals_is_an_error_not_empty_output(tmp_path, text,
                                                                     source_format, message, run_cli):
    source = tmp_path / "none.json"
    source.write_text(text)
    result = run_cli("convert", str(source), "--from", source_format)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {source}: {message}"
    assert result.stdout == ""


# -- the game model (--scores) ------------------------------------------------------------------

def test_solve_with_scores_values_the_game_standing(run_ok):
    # The seeds' example at 3 players (tests/test_solver_game.py): the new moon keeps A in the
    # game, 1 behind C; under the plain old moon A loses, 1 behind.
    deal = "A:AKQ.AKQJT98765432..A JT98..AKQJT98765432. 765432...KQJT9876543"
    data = json.loads(run_ok("solve", deal, "--rules", "players=3,new_moon_if_old_loses=true",
                             "--scores", "A=90,B=95,C=63", "--seat", "A", "--json").stdout)
    assert data["model"] == "game" and data["game_target"] == 100
    assert data["scores"] == {"A": 90, "B": 95, "C": 63}
    assert [(c["card"], c["result"], c["value"]) for c in data["cards"]] == [("3C", "on", 1)]
    old = json.loads(run_ok("solve", deal, "--scores", "90,95,63", "--seat", "A",
                            "--json").stdout)
    assert [(c["result"], c["value"]) for c in old["cards"]] == [("lose", 1)]
    # A target of 130 keeps the game going after the old moon: 90, 121, 89.
    far = json.loads(run_ok("solve", deal, "--scores", "90,95,63", "--seat", "A",
                            "--target", "130", "--json").stdout)
    assert far["game_target"] == 130
    assert [(c["result"], c["value"]) for c in far["cards"]] == [("on", 1)]


def test_solve_with_scores_prints_the_standing(run_ok):
    out = run_ok("solve", "--example", "endgame", "--scores", "N=80,E=95,S=63,W=40").stdout
    assert "game totals N 80  E 95  S 63  W 40  game ends at 100" in out
    assert "S standing" in out and "game on, 12 behind" in out


# -- a game that is over has no deal to value (solver/game.py: a total reaching the target) ----

ENDGAME = load_example("endgame")


@pytest.mark.parametrize("command", [
    ["solve", "example"],
    ["play", "--position", ENDGAME.deal, "--played", ENDGAME.played, "--samples", "2"],
])
@pytest.mark.parametrize("scores, extra, message", [
    # Without no_game_end_on_moon the game ends when a total reaches the target: exactly
    # 100 ends it too.
    ("N=150,E=95,S=63,W=40", ["--rules", "standard,no_game_end_on_moon=false"],
     "the game is already over: N has 150, the target is 100"),
    ("N=80,E=100,S=63,W=40", ["--rules", "standard,no_game_end_on_moon=false"],
     "the game is already over: E has 100, the target is 100"),
    ("80,95,63,40", ["--target", "90", "--rules", "standard,no_game_end_on_moon=false"],
     "the game is already over: E has 95, the target is 90"),
    # Under reset_at_target exactly the target drops to 0: no game stands at it between deals.
    ("N=80,E=100,S=63,W=40", ["--rules", "standard,reset_at_target=true"],
     "--scores: E=100 is exactly the target, which drops to 0 under reset_at_target"),
    ("N=80,E=101,S=63,W=40",
     ["--rules", "standard,reset_at_target=true,no_game_end_on_moon=false"],
     "the game is already over: E has 101, the target is 100"),
])
def test_scores_of_a_game_that_is_over_are_an_error(command, scores, extra, message, run_cli):
    result = run_cli(*command, "--scores", scores, *extra)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {message}"), lines
    assert result.stdout == ""


def test_scores_past_the_target_go_on_after_a_moon_by_default(run_ok):
    # no_game_end_on_moon (standard): a moon or sun deal that took a total past the target
    # does not end the game, so the next deal has a total over it and is valued.
    result = run_ok("solve", "example", "--scores", "N=110,E=95,S=63,W=40", "--no-pv")
    assert "game totals N 110  E 95  S 63  W 40  game ends at 100" in result.stdout
    # ... with a note, in case the totals are a slip (N=150 for N=50)
    assert result.stderr.splitlines() == [
        "note: N=110 is at or past the target 100: the game goes on only after a moon or sun "
        "deal (no_game_end_on_moon)"]


def test_scores_one_below_the_target_are_a_game_still_on(run_ok):
    result = run_ok("solve", "example", "--scores", "N=99,E=95,S=63,W=40", "--no-pv")
    assert "game totals N 99  E 95  S 63  W 40  game ends at 100" in result.stdout
    assert result.stderr == ""


# -- hearts puzzle: a closed stdin, Ctrl-C, the rules line ----------------------------------------

def test_puzzle_with_stdin_at_end_of_file_asks_for_answer_not_abort(run_cli):
    # It was "error: aborted" with the Ctrl-C code 130.
    result = run_cli("puzzle", "--id", "hd-018", input="")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: no answer given to puzzle hd-018: stdin is closed; hearts puzzle --answer CARD "
        "answers it (the last puzzle served), or hearts puzzle --id hd-018 --answer CARD")


def test_puzzle_stdin_ending_after_a_wrong_card_asks_for_answer(run_cli):
    result = run_cli("puzzle", "--id", "hd-018", input="XX\n")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: no answer given to puzzle hd-018: stdin is closed; hearts puzzle --answer CARD "
        "answers it (the last puzzle served), or hearts puzzle --id hd-018 --answer CARD")


def test_puzzle_empty_line_asks_again(run_cli):
    result = run_cli("puzzle", "--id", "hd-018", input="\n\n2C\n")
    assert "unknown card" not in result.stdout
    assert result.stdout.count("Your card: ") == 4      # two empty lines, 2C, end of file
    assert result.exit_code == 2


def test_puzzle_ctrl_c_at_the_prompt_is_still_an_abort(monkeypatch, run_cli):
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt
    monkeypatch.setattr("builtins.input", interrupted)
    result = run_cli("puzzle", "--id", "hd-018")
    assert result.exit_code == 130
    assert result.stderr.strip().splitlines()[-1] == "error: aborted"


@pytest.mark.parametrize("puzzle, rules", [
    ("hd-018", "Rules: standard."),
    ("hd-001", "Rules: standard with no_points_on_first_trick=false."),
    ("hd-007", "Rules: standard with first_lead=any_club."),
])
def test_puzzle_rules_line_is_a_rules_spec_not_python(puzzle, rules, run_cli):
    # It was "Rules: no_points_on_first_trick=False." (a Python bool, no base preset).
    result = run_cli("puzzle", "--id", puzzle, "--answer", "2C")
    assert result.stdout.splitlines()[1].startswith(rules)


@pytest.mark.slow
def test_a_console_without_suit_symbols_gets_suit_letters_not_a_traceback():
    # PYTHONIOENCODING=ascii stands for a Windows cp1252 console: '♠' raised
    # UnicodeEncodeError in the middle of the table.
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "COLUMNS": "100"}
    proc = subprocess.run([sys.executable, "-m", "hearts.analysis.cli", "solve", "example"],
                          capture_output=True, env=env)
    assert proc.returncode == 0, proc.stderr.decode("ascii", "replace")
    out = proc.stdout.decode("ascii")              # every byte ASCII
    assert "| 3C   |" in out and "S 3C 9C 3H 4C >W+1" in out
    assert "  E  -    2      A5  84      1" in out    # the hands: ♦ A5, ♣ 84, spades void
    bad = subprocess.run([sys.executable, "-m", "hearts.analysis.cli", "solve", "N:AS"],
                         capture_output=True, env=env)
    assert bad.returncode == 2 and bad.stderr.decode("ascii").startswith("error: deal has 1 hand")


def test_the_ascii_spelling_is_one_character_per_sign():
    from hearts.analysis.cli.terminal import ASCII_SPELLING
    assert all(len(v) == 1 and v.isascii() for v in ASCII_SPELLING.values())
    assert "Q♠ →W ±1".encode("ascii", "hearts-ascii") == b"QS >W ~1"


@pytest.mark.parametrize("to, kind", [("hgn", "an HGN record"), ("json", "a JSON game record")])
def test_replay_of_a_game_record_says_what_it_is(tmp_path, to, kind, run_cli, run_ok):
    # It was "line 1, column 1: token 1 '[Event' is not an integer action id".
    source = Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"
    path = tmp_path / f"game.{to}"
    path.write_text(run_ok("convert", str(source), "--to", to).stdout)
    result = run_cli("replay", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: {path}: {kind}, not OpenSpiel action-id lines (hearts convert {path} --to "
        f"openspiel makes them; hearts annotate reads the file as it is)")


def test_replay_of_other_text_names_the_file_and_the_bad_token(tmp_path, run_cli):
    path = tmp_path / "notes.txt"
    path.write_text("hello world\n")
    assert run_cli("replay", str(path)).stderr.strip() == (
        f"error: {path}: line 1, column 1: token 1 'hello' is not an integer action id")


def test_a_deal_of_three_hands_names_its_rules_with_the_player_count(run_ok):
    # it said "rules standard" (4 players) and the JSON's rules_name "standard"
    deal = "A:AKJT3.J963.J954.AQ85 9762.AQT2.KQT872.K63 Q854.K8754.A63.JT974"
    text = run_ok("solve", deal, "--nodes", "10000", "--model", "paranoid").stdout
    assert "rules standard,players=3  model paranoid  to move Player B" in text
    data = json.loads(run_ok("solve", deal, "--nodes", "10000", "--json").stdout)
    assert data["rules_name"] == "standard,players=3" and data["rules"]["players"] == 3
    shown = run_ok("rules", "show", "pagat,players=5").stdout.splitlines()[0]
    assert shown == "rules pagat,players=5"     # it added "(= pagat)", the 4-player preset


@pytest.mark.parametrize("args, message", [
    # 100000 threads were taken (and started as the jobs came); --ci inf "stopped" at ±inf
    (["pass", "AKQJ.5432.432.32", "-d", "left", "--threads", "100000"],
     "Invalid value for '--threads' / '-j': Input should be less than or equal to 1024"),
    (["moon", "AKQJ.5432.432.32", "-j", "5000"],
     "Invalid value for '--threads' / '-j': Input should be less than or equal to 1024"),
    (["annotate", _XINXIN_RECORD, "-j", "2000"],
     "Invalid value for '--threads' / '-j': Input should be less than or equal to 1024"),
    (["pass", "AKQJ.5432.432.32", "-d", "left", "--ci", "inf"],
     "Invalid value for '--ci': inf is not a number of points in 0.01..26"),
])
def test_thread_counts_and_pass_intervals_have_an_upper_bound(args, message, run_cli):
    result = run_cli(*args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: {message}")


@pytest.mark.parametrize("value", ["nan", "inf", "1e400", "30", "0", "-1", "abc"])
def test_pass_interval_out_of_range_names_the_text_typed_and_the_range(value, run_cli):
    # nan and 1e400 were "Input should be less than or equal to 26", 0 "Input should be
    # greater than or equal to 0.01": neither the value nor the whole range
    result = run_cli("pass", "AKQJ.5432.432.32", "-d", "left", "--ci", value)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"error: Invalid value for '--ci': {value} is not a number of "
                             f"points in 0.01..26 (see 'hearts pass --help')\n")


def test_an_empty_time_limit_is_shown_quoted(run_cli):
    result = run_cli("solve", "example", "--time", "")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == ("error: Invalid value for '--time': '' is not a positive, finite "
                             "number of milliseconds (see 'hearts solve --help')\n")


@pytest.mark.parametrize("command", [
    ["solve", "example"],
    ["play", _XINXIN_RECORD, "--at", "33"],
    ["moon", "--record", _XINXIN_RECORD, "--at", "20"],
    ["moon", "--position", load_example("endgame").deal],
    ["moon", "A.AKQJT987.AK.AK"],
    ["pass", "AKQJ.5432.432.32", "-d", "left"],
])
def test_a_bad_seat_names_the_option(command, run_cli):
    # It was "error: unknown seat 'X' (seats N, E, S, W)": which option, of several?
    result = run_cli(*command, "--seat", "X")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "error: --seat: unknown seat 'X' (seats N, E, S, W)\n"


def test_a_pass_seat_at_another_table_comes_after_the_table_size(run_cli):
    # the rating is for 4 players: that is the error at 5, whatever the seat
    for seat in ("X", "A", "S"):
        result = run_cli("pass", "AKQJ.5432.432.32", "-d", "left", "--rules", "standard,players=5",
                         "--seat", seat)
        assert result.stderr == ("error: pass rating is for 4 players, 13 cards a hand; the "
                                 "rules are for 5 players (players=5), 10 cards a hand\n"), seat


FULL_DEAL = "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97"


def test_solve_refuses_an_empty_card_between_commas(run_cli):
    # "2C,AC,,KC" was accepted as 2C AC KC: the card left out vanished.
    result = run_cli("solve", FULL_DEAL, "--played", "2C,AC,,KC")
    assert result.exit_code == 2
    assert result.stderr.strip() == ('error: --played: empty card between commas (item 3 of '
                                     '"2C,AC,,KC")')


@pytest.mark.parametrize("command", ["solve", "play", "moon"])
def test_an_illegal_play_of_played_is_named_alike_in_every_command(command, run_cli):
    # play and moon --position said 'card 3 of played list ("4S")', the solver's own words,
    # where solve says --played.
    where = [FULL_DEAL] if command == "solve" else ["--position", FULL_DEAL]
    result = run_cli(command, *where, "--played", "2C 3C 4S", "-q")
    assert result.exit_code == 2
    assert result.stderr == 'error: card 3 of --played ("4S"): West must follow clubs\n'


def test_play_given_a_deal_as_its_record_says_to_use_position(run_cli):
    # It was 'error: N:.AQJT6543...: no such file or directory'.
    result = run_cli("play", FULL_DEAL, "-q")
    assert result.exit_code == 2
    assert result.stderr == ('error: RECORD "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ93…" '
                             '(69 characters) is a deal, not a record file: give the deal as '
                             '--position DEAL (with --played, the cards played)\n')


def test_play_a_missing_record_is_still_no_such_file(run_cli, tmp_path):
    result = run_cli("play", str(tmp_path / "N:game.hgn"), "-q")
    assert result.exit_code == 2
    assert result.stderr.endswith("N:game.hgn: no such file or directory\n")


@pytest.mark.parametrize("name, to, first", [
    ("games.json", [], "["),
    ("games.JSONL", [], '{"format": "hearts-dd game record"'),
    ("games.hgn", [], '[Event "xinxin self-play (OpenSpiel data)"]'),
    ("games.txt", [], '[Event "xinxin self-play (OpenSpiel data)"]'),
    ("games.json", ["--to", "hgn"], '[Event "xinxin self-play (OpenSpiel data)"]'),
], ids=["json", "jsonl", "hgn", "other suffix", "--to wins"])
def test_convert_output_format_follows_the_suffix_of_o(name, to, first, tmp_path, run_cli):
    # -o games.json wrote HGN text into games.json.
    source = str(Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn")
    out = tmp_path / name
    result = run_cli("convert", source, "-o", str(out), *to, "-q")
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8").startswith(first)


def test_annotate_standard_input_given_twice_is_refused_before_any_output(run_cli):
    # The first '-' was annotated and printed, the second read an empty stdin: exit 2 after
    # a whole annotation on stdout.
    record = (Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn").read_text()
    result = run_cli("annotate", "-", "-", "-q", input=record)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "error: - (standard input) is given 2 times: it can be read once\n"


def test_serve_an_unknown_host_is_one_error_line_without_the_listening_note(run_cli):
    # "note: listening on 999.1.1.1: anyone who reaches this address ..." came first.
    result = run_cli("serve", "--host", "999.1.1.1", "--port", "0")
    assert result.exit_code == 2
    line, = result.stderr.splitlines()
    assert line.startswith("error: --host '999.1.1.1': ")


def test_play_says_how_many_solves_the_cap_cut_short(run_cli):
    # tests/data/solved/moon-positions.jsonl line 6: a moon is live and each sample costs
    # about 56,000 nodes, so at 100 samples (a cap of 3 M / 20 / 4 = 37,500 nodes a card's
    # solve) some solves reach the cap; the table's footer and the JSON count them
    deal = "N:96.J976.Q7542.76 43.8543.K963.KT2 KQT5.AKQT.J8.Q93 AJ872.2.AT.AJ854"
    played = "2C 3C 8C 6C 8S 6S 3S 5S AS 9S 4S TS AD 5D 3D 8D AC 7C TC 9C JS 2D 3H KS TH 2H 6H 8H"
    args = ("play", "--position", deal, "--played", played, "--samples", "100", "--threads", "1")
    data = json.loads(run_cli(*args, "--json").stdout)
    assert data["budget_spent"] is True and data["capped"] > 0
    text = run_cli(*args).stdout
    assert f"{data['capped']} solves reached the cap on each solve; they were redone" in text
