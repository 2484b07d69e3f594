"""Mutated inputs for the fuzz test (``tests/test_fuzz.py``) and its long run
(``benchmarks/fuzz_inputs.py``), issue 25 item 8.

Seeds are real records of ``tests/data`` (HGN, our JSON and JSON Lines made from them,
OpenSpiel action-id lines, peer-engine records) and the built-in example's deal and plays.
A mutation takes a ``random.Random`` (hypothesis's, in the test) and changes the text a few
times: characters (control characters, other scripts' digits, braces, quotes), tokens
(hostile words, huge numbers), numbers, spans (deleted, repeated, cut off) and, for JSON,
the structure (a key misspelt, deleted or unknown, a value of another type).

Every target reads a mutated input and says how it ended (:class:`Outcome`): ``ok`` (a valid
result), ``error`` (a one-line error: a ``HeartsError`` in the library, exit code 2 and one
``error:`` line on stderr from the command) or ``traceback`` (anything else, the bug the fuzz
looks for; also a message that is not one short inert line).
"""
from __future__ import annotations

import copy
import json
import random
import re
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

DATA = Path(__file__).parent / "data"

#: The most characters of an error line: longer means the user's text was not cut short.
MESSAGE_LIMIT = 500

# -- seeds ------------------------------------------------------------------------------------


def _read(path: str) -> str:
    return (DATA / path).read_text(encoding="utf-8")


def _seeds() -> dict[str, list[str]]:
    from hearts.analysis import records
    from hearts.analysis.records.json import to_json

    hgn = [_read("records/xinxin-train-1.hgn"), _read("records/xinxin-train-1-4.hgn"),
           _read("records/unfinished-any-lead.hgn")]
    games = records.loads(hgn[1])
    lines = _read("openspiel_xinxin/xinxin_train.txt").splitlines()
    peer = _read("peer-games/openspiel-hearts.jsonl").splitlines()
    return {
        "hgn": hgn,
        "json": [records.dumps(games[:1], "json"), records.dumps(records.loads(hgn[0]), "json")],
        "jsonl": ["".join(json.dumps(to_json(g)) + "\n" for g in records.loads(
            _read("openspiel_xinxin/xinxin_test.txt")))],
        "openspiel": ["\n".join(lines[:3]) + "\n", lines[4] + "\n"],
        "peer": ["\n".join(peer[:2]) + "\n"],
    }


SEEDS = _seeds()
EXAMPLE_DEAL = "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97"
EXAMPLE_PLAYED = ("2C AC KC QC QS AS AH 8S TD 9D 2D 4D KD 3D QD JD TS 8D 7S 3S 7C QH TC 6C 7H "
                  "9H 8H 6H JS 6S 7D KH")

# -- mutations --------------------------------------------------------------------------------

#: Characters a mutation puts in: control characters and escapes, other scripts' digits and
#: superscripts, the format's own punctuation, invisible and wide characters.
HOSTILE_CHARS = ["\x00", "\x1b", "\x07", "\x08", "\t", "\n", "\r", "\x0b", "\x0c", "\x85",
                 "\u2028", "\u202e", "\ufeff", "\u200b", "²", "٤", "١", "９", "⁵", "_", "{", "}",
                 "[", "]", '"', "\\", "$", "%", ".", ",", ":", "-", "+", "?", "!", "♠", "é",
                 "0", "1", "9", " "]

#: Words a mutation puts in.
HOSTILE_TOKENS = [
    "9" * 5000, "1" * 30, "-1", "0", "+7", "1_0", "٤", "²", "١.", "$٤", "$0", "$256",
    "$" + "9" * 5000, "99999999999999999999999", "1e999", "NaN", "Infinity", "-0", "0x10",
    "\x1b]0;pwned\x07", "\x1b[2J", "{", "}", "{}", "{ {", "[Board \"2\"]", '[Board "²"]',
    '[Pass "²"]', "[Rules \"standard,players=٤\"]", '[X_ "x"]', "Points:", "Scores:", "*",
    "N", "passes:", "QS", "10H", "Q♠", "ZZ", "13.", "14.", "0.", "X" * 300, "",
    '{"comemnt": "x"}', '"nagz"', "null", "true", "[]",
]

#: Numbers a mutation puts in place of a number.
HOSTILE_NUMBERS = ["9" * 5000, "4301" * 1100, "-1", "0", "256", "52", "٤", "1_0", "²", "+3",
                   "99999999999999999999999", "1e999", "1.5", "-0", "00", "18446744073709551616"]

#: JSON values a mutation puts in place of a value.
HOSTILE_VALUES = [None, True, False, 0, -1, 1.5, 10**30, "", "x" * 300, "{brace}", "\x1b]0;x\x07",
                  "٤", [], {}, [None], {"N": 1}, "QS", "N", "left", 255, 256]


def _position(text: str, rng: random.Random) -> int:
    return rng.randrange(len(text) + 1)


def _insert_char(text: str, rng: random.Random) -> str:
    at = _position(text, rng)
    return text[:at] + rng.choice(HOSTILE_CHARS) + text[at:]


def _replace_char(text: str, rng: random.Random) -> str:
    if not text:
        return text
    at = rng.randrange(len(text))
    return text[:at] + rng.choice(HOSTILE_CHARS) + text[at + 1:]


def _delete_span(text: str, rng: random.Random) -> str:
    at = _position(text, rng)
    return text[:at] + text[at + rng.randint(1, 20):]


def _repeat_span(text: str, rng: random.Random) -> str:
    at = _position(text, rng)
    span = text[at:at + rng.randint(1, 80)]
    return text[:at] + span * rng.randint(2, 3) + text[at:]


def _cut(text: str, rng: random.Random) -> str:
    return text[:_position(text, rng)]


def _replace_token(text: str, rng: random.Random) -> str:
    parts = re.split(r"(\s+)", text)
    words = [i for i, part in enumerate(parts) if part and not part.isspace()]
    if not words:
        return text + rng.choice(HOSTILE_TOKENS)
    i = rng.choice(words)
    if rng.random() < 0.7:
        parts[i] = rng.choice(HOSTILE_TOKENS)
    else:
        parts[i] = parts[rng.choice(words)]        # another word of the text
    return "".join(parts)


def _insert_token(text: str, rng: random.Random) -> str:
    spaces = [m.start() for m in re.finditer(r"\s", text)] or [len(text)]
    at = rng.choice(spaces)
    return text[:at] + " " + rng.choice(HOSTILE_TOKENS) + text[at:]


def _replace_number(text: str, rng: random.Random) -> str:
    numbers = list(re.finditer(r"[0-9]+", text))
    if not numbers:
        return _insert_token(text, rng)
    match = rng.choice(numbers)
    return text[:match.start()] + rng.choice(HOSTILE_NUMBERS) + text[match.end():]


def _swap_lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


TEXT_MUTATIONS: list[Callable[[str, random.Random], str]] = [
    _insert_char, _replace_char, _delete_span, _repeat_span, _cut, _replace_token,
    _insert_token, _replace_number, _replace_number, _swap_lines]


def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` changed one to three times by :data:`TEXT_MUTATIONS`."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        text = rng.choice(TEXT_MUTATIONS)(text, rng)
    return text


def _paths(value: object, path: tuple = ()) -> list[tuple]:
    """Every path to a value inside a parsed JSON value."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, path + (index,))
    return found


def _typo(key: str, rng: random.Random) -> str:
    if not key:
        return "x"
    at = rng.randrange(len(key))
    return rng.choice([key[:at] + key[at + 1:], key[:at] + key[at] + key[at:],
                       key + rng.choice("sz_"), key.upper()])


def mutate_json_value(data: object, rng: random.Random) -> object:
    """A copy of the parsed JSON ``data`` with one change of its structure: a key misspelt,
    deleted or added, or a value replaced by one of another type."""
    data = copy.deepcopy(data)
    path = rng.choice(_paths(data)[1:] or [()])
    if not path:
        return rng.choice(HOSTILE_VALUES)
    parent = data
    for step in path[:-1]:
        parent = parent[step]  # type: ignore[index]
    last = path[-1]
    action = rng.randrange(4)
    if isinstance(parent, dict) and action == 0:
        parent[_typo(last, rng)] = parent.pop(last)
    elif isinstance(parent, dict) and action == 1:
        del parent[last]
    elif isinstance(parent, dict) and action == 2:
        parent[rng.choice(["comemnt", "nagz", "extra", "Comment", "\x1b[31m"])] = \
            rng.choice(HOSTILE_VALUES)
    else:
        parent[last] = rng.choice(HOSTILE_VALUES)  # type: ignore[index]
    return data


def mutate_json_text(text: str, rng: random.Random, lines: bool = False) -> str:
    """JSON (``lines``: JSON Lines) mutated in its structure, then maybe as text."""
    if lines:
        rows = text.splitlines()
        i = rng.randrange(len(rows))
        rows[i] = json.dumps(mutate_json_value(json.loads(rows[i]), rng), ensure_ascii=False)
        text = "\n".join(rows) + "\n"
    else:
        text = json.dumps(mutate_json_value(json.loads(text), rng), indent=rng.choice([None, 2]),
                          ensure_ascii=False)
    return mutate_text(text, rng) if rng.random() < 0.3 else text


def mutated(kind: str, rng: random.Random) -> str:
    """A mutated input of ``kind`` (a key of :data:`SEEDS`)."""
    text = rng.choice(SEEDS[kind])
    if kind in ("json", "jsonl", "peer") and rng.random() < 0.6:
        return mutate_json_text(text, rng, lines=kind != "json")
    return mutate_text(text, rng)


def to_bytes(text: str, rng: random.Random) -> bytes:
    """``text`` as a file's bytes: UTF-8, now and then with a byte that is not."""
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.1:
        at = rng.randrange(len(data) + 1)
        data = data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]) + data[at:]
    return data


# -- outcomes ---------------------------------------------------------------------------------

@dataclass
class Outcome:
    """How a target ended: ``ok``, ``error`` or ``traceback`` (with ``detail``: the error
    line, or the traceback or what is wrong with the message)."""

    kind: str
    detail: str = ""


def message_problem(line: str) -> "str | None":
    """What makes an error message no short inert line, or ``None``."""
    if "\n" in line or "\r" in line:
        return f"more than one line: {line[:200]!r}"
    if any(not ch.isprintable() for ch in line):
        return f"a control character: {line[:200]!r}"
    if len(line) > MESSAGE_LIMIT:
        return f"{len(line)} characters: {line[:200]!r}"
    return None


def library_outcome(call: Callable[[], object]) -> Outcome:
    """Run a library call: ``error`` for a ``HeartsError`` with a good message."""
    from hearts.solver import HeartsError

    try:
        call()
    except HeartsError as err:
        problem = message_problem(str(err))
        return Outcome("traceback", problem) if problem else Outcome("error", str(err))
    except Exception:  # noqa: BLE001 - the fuzz's finding
        return Outcome("traceback", traceback.format_exc())
    return Outcome("ok")


def command_outcome(result) -> Outcome:  # type: ignore[no-untyped-def]
    """A ``CliRunner`` result: exit 0 (``ok``), or 2 with one good ``error:`` line."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return Outcome("traceback", "".join(traceback.format_exception(
            type(result.exception), result.exception, result.exception.__traceback__)))
    stderr = result.stderr
    if "\x1b" in stderr or "\x07" in stderr:
        return Outcome("traceback", f"a control character on stderr: {stderr[:200]!r}")
    if result.exit_code == 0:
        return Outcome("ok")
    lines = stderr.splitlines()
    if result.exit_code != 2 or len(lines) != 1 or not lines[0].startswith("error: "):
        return Outcome("traceback", f"exit {result.exit_code}, stderr {stderr[-2000:]!r}")
    problem = message_problem(lines[0])
    return Outcome("traceback", problem) if problem else Outcome("error", lines[0])


# -- targets ----------------------------------------------------------------------------------

READ_FORMATS = ("auto", "hgn", "json", "jsonl", "openspiel", "peer", "playthrough")


def read_records(text: str, fmt: str, strict: bool) -> Outcome:
    """The library's reader (``records.read_games``); a game that reads must write in every
    format that can hold it, and a strict read must read back from HGN and JSON as it was."""
    from hearts.analysis import records
    from hearts.solver import HeartsError

    games: list = []

    def read() -> None:
        games.extend(records.read_games(text, fmt, name="fuzz", strict=strict))
    outcome = library_outcome(read)
    if outcome.kind != "ok":
        return outcome
    try:
        for game in games:
            if game.errors:                         # a lenient read: partial games
                problem = next((message_problem(str(e)) for e in game.errors
                                if message_problem(str(e))), None)
                if problem:
                    return Outcome("traceback", f"lenient error message: {problem}")
            hgn_text = records.dumps([game], "hgn")
            json_text = records.dumps([game], "json")
            if strict and game.deals:       # (a text holding no deal is no record)
                if records.loads(hgn_text, "hgn") != [game]:
                    return Outcome("traceback", "HGN does not read back to the game")
                if records.loads(json_text, "json") != [game]:
                    return Outcome("traceback", "JSON does not read back to the game")
            try:
                records.dumps([game], "openspiel")
            except HeartsError:
                pass                    # not every game fits an OpenSpiel line: refused
    except Exception:  # noqa: BLE001 - the fuzz's finding
        return Outcome("traceback", "a game read but not written: " + traceback.format_exc())
    return outcome


def runner():  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def run_command(args: list[str], stdin: "bytes | None" = None) -> Outcome:
    from hearts.analysis.cli import app

    return command_outcome(runner().invoke(app, args, input=stdin))
