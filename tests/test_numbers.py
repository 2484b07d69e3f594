"""Numbers in files and options (issue 25 item 1): one reader, :mod:`hearts.solver.numbers`,
takes ASCII digits only, bounds the length and the value, and its one-line errors say what the
number is and where. ``int()`` read other scripts' digits (``٤`` as 4), ``1_0`` as 10, raised a
traceback on ``²`` (which passes ``str.isdigit``) and on more than 4,300 digits.
"""
from __future__ import annotations

import json

import pytest
import typer

from hearts.analysis import records
from hearts.analysis.cli import app
from hearts.analysis.files import load_json
from hearts.analysis.openspiel import parse_action_line
from hearts.solver import HeartsError, PassDirection, RecordSyntaxError, Rules, RulesError
from hearts.solver.errors import NumberError
from hearts.solver.game import parse_scores
from hearts.solver.numbers import is_int_text, parse_float, parse_int

from conftest import DATA, error_line

GAME = (DATA / "records" / "xinxin-train-1.hgn").read_text()
LINE = (DATA / "openspiel_xinxin" / "xinxin_train.txt").read_text().splitlines()[0]
HUGE = "9" * 5000


# -- the reader -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [("0", 0), ("42", 42), ("-7", -7), ("+7", 7),
                                         ("007", 7), ("9" * 20, 10**20 - 1)])
def test_ascii_whole_numbers_read(text, value):
    assert parse_int(text, "x") == value


@pytest.mark.parametrize("text, message", [
    ("²", 'x: "²" is not a whole number in ASCII digits 0-9'),
    ("٤", 'x: "٤" is not a whole number in ASCII digits 0-9'),
    ("１２", 'x: "１２" is not a whole number in ASCII digits 0-9'),
    ("1_0", 'x: "1_0" is not a whole number'),
    (" 1", 'x: " 1" is not a whole number'),
    ("", 'x: "" is not a whole number'),
    ("1.0", 'x: "1.0" is not a whole number'),
    ("9" * 21, "x: 21 digits, at most 20"),
    (HUGE, "x: 5,000 digits, at most 20"),
])
def test_anything_else_is_a_one_line_number_error(text, message):
    with pytest.raises(NumberError) as info:
        parse_int(text, "x")
    assert str(info.value) == message
    assert isinstance(info.value, (HeartsError, ValueError))


def test_the_range_and_the_sign():
    assert parse_int("255", "NAG", low=1, high=255) == 255
    with pytest.raises(NumberError, match=r"^NAG: 256 is not in 1\.\.255$"):
        parse_int("256", "NAG", low=1, high=255)
    with pytest.raises(NumberError, match=r"^n: -1 is less than 0$"):
        parse_int("-1", "n", low=0)
    with pytest.raises(NumberError, match=r'^n: "-1" is not a whole number$'):
        parse_int("-1", "n", sign=False)
    assert is_int_text("-12") and not is_int_text("-12", sign=False) and not is_int_text("٤")


def test_a_quoted_text_is_escaped_and_cut():
    with pytest.raises(NumberError) as info:
        parse_int("\x1b]0;x\x07" + "a" * 200, "x")
    message = str(info.value)
    assert "\x1b" not in message and "\x07" not in message
    assert '"\\x1b]0;x\\x07' in message and "(206 characters)" in message and len(message) < 150


@pytest.mark.parametrize("text, value", [("12", 12.0), ("-0.5", -0.5), ("2.5e3", 2500.0),
                                         (".5", 0.5)])
def test_floats_read(text, value):
    assert parse_float(text, "x") == value


@pytest.mark.parametrize("text", ["inf", "nan", "1_0", "١٠٠", "1e400", "1" * 41, "0x10"])
def test_floats_refused(text):
    with pytest.raises(NumberError):
        parse_float(text, "x")


# -- HGN ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, message", [
    ('[Board "1"]', '[Board "²"]',
     r'^line 11, column 1: \[Board\]: "²" is not a whole number in ASCII digits 0-9 \(expected '
     r'the deal number 1\)$'),
    ('[Board "1"]', f'[Board "{HUGE}"]',
     r"^line 11, column 1: \[Board\]: 5,000 digits, at most 20 \(expected the deal number 1\)$"),
    ("1. E 2C", "١. E 2C",
     r'^line 18, column 1: trick number: "١" is not a whole number in ASCII digits 0-9$'),
    ("1. E 2C", f"{HUGE}. E 2C", r"^line 18, column 1: trick number: 5,000 digits, at most 20$"),
    ("S AC W KC", "S AC $٤ W KC",
     r'^line 18, column 14: NAG: "٤" is not a whole number in ASCII digits 0-9$'),
    ("S AC W KC", f"S AC ${HUGE} W KC", r"^line 18, column 14: NAG: 5,000 digits, at most 20$"),
    ("S AC W KC", "S AC $300 W KC", r"^line 18, column 14: NAG: 300 is not in 1\.\.255$"),
    ("S AC W KC", "S AC $x W KC", r'^line 18, column 14: NAG: "x" is not a whole number$'),
    ("Points: N 0", "Points: N ٠",
     r'^line 31, column 11: Points: N: "٠" is not a whole number in ASCII digits 0-9$'),
    ("Points: N 0", f"Points: N {HUGE}",
     r"^line 31, column 11: Points: N: 5,000 digits, at most 20$"),
    ('[Pass "across"]', '[Pass "²"]', r'^line 13, column 1: \[Pass "²"\]: expected left, right, '),
])
def test_hgn_numbers(old, new, message):
    assert old in GAME
    with pytest.raises(RecordSyntaxError, match=message):
        records.hgn.loads(GAME.replace(old, new, 1))


def test_hgn_numbers_in_the_command(tmp_path, run_cli):
    path = tmp_path / "board.hgn"
    path.write_text(GAME.replace('[Board "1"]', '[Board "²"]'), encoding="utf-8")
    assert error_line(run_cli("convert", str(path))) == (
        f'error: {path}: line 11, column 1: [Board]: "²" is not a whole number in ASCII digits '
        f"0-9 (expected the deal number 1)")


# -- OpenSpiel lines, JSON ------------------------------------------------------------------------

def test_an_action_id_of_5000_digits():
    with pytest.raises(RecordSyntaxError, match=r"^line 3, column 3: token 2: 5,000 digits, "
                                                r"at most 6 \(an action id is 0\.\.51\)$"):
        parse_action_line("1 " + HUGE, 3)


@pytest.mark.parametrize("token", ["٢", "1_0", "+7", "²"])
def test_an_action_id_in_other_digits(token):
    with pytest.raises(RecordSyntaxError, match="is not an integer action id"):
        parse_action_line(token + LINE[1:], 1)


def test_replay_of_a_5000_digit_id(tmp_path, run_cli):
    path = tmp_path / "id.txt"
    path.write_text("1 " + HUGE + "\n")
    line = error_line(run_cli("replay", str(path)))
    assert line == f"error: {path}: line 1, column 3: token 2: 5,000 digits, at most 6 (an action id is 0..51)"


@pytest.mark.parametrize("text, message", [
    ('[{"version": ' + "1" * 5000 + "}]", "JSON number: 5,000 digits, at most 20: line 1 column 14"),
    ('{"a": "1111", "b": NaN}', "NaN is no JSON value: line 1 column 20"),
    ('{"a": "-Infinity", "b": -Infinity}', "-Infinity is no JSON value: line 1 column 25"),
    ('{"a":\n 1.5e999}', 'JSON number: "1.5e999" is too large: line 2 column 2'),
])
def test_json_numbers(text, message):
    with pytest.raises(json.JSONDecodeError) as info:
        load_json(text)
    assert str(info.value).startswith(message)


def test_json_numbers_in_the_command(tmp_path, run_cli):
    path = tmp_path / "n.json"
    path.write_text('[{"version": ' + "1" * 5000 + "}]")
    assert error_line(run_cli("convert", str(path))) == (
        f"error: {path}: not JSON: JSON number: 5,000 digits, at most 20: line 1 column 14 "
        f"(char 13)")


# -- the game model's texts and the options ---------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("N=1_0,E=0,S=0,W=0", 'scores item 1 "N=1_0": "1_0" is not a whole number'),
    ("N=٤,E=0,S=0,W=0", 'scores item 1 "N=٤": "٤" is not a whole number in ASCII digits'),
    (f"N={HUGE},E=0,S=0,W=0", "digits, at most 6"),
])
def test_scores(text, message):
    with pytest.raises(HeartsError, match=message):
        parse_scores(text)
    assert parse_scores("N= 10,E=0,S=0,W=-5") == (10, 0, 0, -5)


def test_scores_option(run_cli):
    line = error_line(run_cli("solve", "example", "--scores", "N=1_0,E=0,S=0,W=0"))
    assert '"1_0" is not a whole number' in line


def test_rules_and_pass_direction_numbers():
    assert Rules.parse("standard,players=3").players == 3
    with pytest.raises(RulesError, match="ASCII digits"):
        Rules.parse("standard,players=٣")
    with pytest.raises(RulesError, match="expected an integer"):
        Rules.parse("standard,players=three")
    assert PassDirection.parse("2") is PassDirection.ACROSS
    for text in ("²", "٢", "9"):
        with pytest.raises(HeartsError):
            PassDirection.parse(text)


def _whole_number_options():
    """Every whole-number option of every command, as (command path, option)."""
    found = []

    def walk(command, path):
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])
        for param in getattr(command, "params", []):
            descriptor = getattr(param, "type_descriptor", None)
            whole = (descriptor.annotation is int if descriptor is not None
                     else type(getattr(param, "type", None)).__name__ in ("IntParamType",
                                                                         "IntRange"))
            if whole and param.opts and param.opts[0].startswith("--"):
                found.append((tuple(path), param.opts[0]))
    walk(typer.main.get_command(app), [])
    return found


def test_every_whole_number_option_takes_ascii_digits_only(run_cli):
    options = _whole_number_options()
    assert len(options) >= 25            # solve, play, moon, pass, annotate, puzzle, ...
    for path, option in options:
        for value, words in (("١٠", "ASCII digits 0-9"), ("1_0", "is not a whole number"),
                             (HUGE, "5,000 digits, at most 100")):
            result = run_cli(*path, option, value)
            line = error_line(result)
            assert f"Invalid value for '{option}'" in line and words in line, (path, option,
                                                                               line)


@pytest.mark.parametrize("value", ["١٠٠", "1_0", "inf", "nan", HUGE])
def test_the_time_option(value, run_cli):
    line = error_line(run_cli("solve", "example", "--time", value))
    assert "is not a positive, finite number of milliseconds" in line and len(line) < 250
