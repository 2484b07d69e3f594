"""Game records in every format, by name: :func:`detect_format`, :func:`read_games` and
:func:`write_games`, and :func:`loads`/:func:`load`/:func:`dumps`/:func:`dump`, which dispatch
on the format name as endplay's I/O modules and the ``json`` module do.

Input formats (:data:`INPUT_FORMATS`): ``hgn`` (the text format, :mod:`.hgn`), ``json`` (our
JSON export, :mod:`.json`), ``openspiel`` (OpenSpiel action-id lines, the xinxin files),
``peer`` (JSON lines of peer-engine records), ``playthrough`` (an OpenSpiel playthrough); and
``auto``, which detects them. Output formats (:data:`OUTPUT_FORMATS`): ``hgn``, ``json``,
``openspiel``. Reading checks every deal, so a record that reads is a legal game. The formats
are in ``docs/records.md``.
"""
from __future__ import annotations

import json
from typing import IO, Iterable, Optional

from hearts.solver.errors import HeartsError, RecordSyntaxError

from ..files import load_json, read_limited, stream_name
from . import hgn
from .importers import (from_openspiel_line, from_openspiel_lines, from_openspiel_playthrough,
                        from_peer_record, is_openspiel_playthrough, to_openspiel_lines)
from .json import from_json, to_json
from .model import GameRecord

__all__ = ["INPUT_FORMATS", "OUTPUT_FORMATS", "FormatError", "detect_format", "read_games",
           "write_games", "check_output_format", "check_rules_format", "loads", "load", "dumps",
           "dump"]

INPUT_FORMATS = ("auto", "hgn", "json", "openspiel", "peer", "playthrough")
OUTPUT_FORMATS = ("hgn", "json", "openspiel")


class FormatError(HeartsError):
    """A format name that is not known, options the format does not take, or a text that holds
    no game (no record error: those are :class:`~hearts.solver.RecordSyntaxError`)."""


def _first_line(text: str) -> str:
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return stripped
    return ""


def detect_format(text: str) -> str:
    """Guess the input format: ``json`` (our export), ``peer`` (JSON lines of peer records),
    ``openspiel`` (lines of integers), ``playthrough`` (an OpenSpiel playthrough of Hearts)
    or ``hgn`` (anything else)."""
    first = _first_line(text)
    if is_openspiel_playthrough(text):
        return "playthrough"
    if first.startswith(("{", "[")):
        try:
            data = load_json(text)
        except json.JSONDecodeError as err:
            if err.msg == "nested too deeply":
                return "json"           # JSON after all: its reader says where
            data = None
        if isinstance(data, list) or (isinstance(data, dict) and "deals" in data):
            return "json"
        try:
            line = load_json(first)
        except ValueError:
            line = None
        if isinstance(line, dict) and "plays" in line:
            return "peer"
        if isinstance(line, dict) and "deals" in line:
            return "json"               # games one per line: the JSON error says where
        looks_json = first.startswith(('{"', "[{")) or first.strip() in ("[", "{")
        if looks_json and data is None and line is None:
            # Broken JSON (a truncated file, say), not HGN: an HGN file starts with a tag
            # pair ([Event "..."]) or a plain comment, never with a JSON key. Read it as the JSON it
            # tries to be, so that the error names the JSON problem and its line.
            lines = first.startswith('{"') and ("\n{" in text.strip() or '"plays"' in first)
            return "peer" if lines else "json"
    # digits of any script: a line of numbers is meant as action ids, whose reader refuses
    # all but ASCII digits, naming the token (detection only: nothing is read here)
    if first and all(token.lstrip("-").isdigit() for token in first.split()):
        return "openspiel"
    return "hgn"


def check_rules_format(rules: Optional[str], fmt: str, name: str = "input") -> None:
    """``rules`` name the rules of OpenSpiel action ids only: the other formats carry theirs.

    Raises:
        FormatError: ``rules`` given for a ``fmt`` other than ``openspiel``/``playthrough``
            (the message starts with ``rules``, the argument's name).
    """
    if rules is not None and fmt not in ("openspiel", "playthrough"):
        raise FormatError(f"rules applies to OpenSpiel action lines only ({name} is {fmt}; "
                          f"its rules are in the record)", argument="rules")


def read_games(text: str, source_format: str = "auto", *, rules: Optional[str] = None,
               name: str = "input", strict: bool = True) -> list[GameRecord]:
    """The games of ``text`` in ``source_format`` (one of :data:`INPUT_FORMATS`).

    OpenSpiel lines and peer records give one game per line, an OpenSpiel playthrough one game
    (its last ``History()`` line); ``rules`` applies to OpenSpiel action ids only (default
    ``openspiel``).

    Args:
        name: the text's name in error messages (a file name).
        strict: raise the first record error (default). With ``False``, read up to the first
            error, which is kept in the last game's ``errors`` (a game holding only the error
            when none was read): HGN by the forgiving reader (:func:`.hgn.loads_all`, which also
            keeps recoverable errors and reads on to the next game), OpenSpiel and peer lines
            up to the bad line; our JSON and playthroughs are read strictly.

    Raises:
        RecordSyntaxError: a record error, named by ``name`` and its line
            (``game.hgn: line 17, column 21: ...``, as compilers say it).
        FormatError: an unknown format, no games, or ``rules`` with another format.
    """
    if not strict:
        return _read_games_forgiving(text, source_format, rules, name)
    try:
        return _read_games(text, source_format, rules, name)
    except RecordSyntaxError as err:
        raise err.in_file(name) from None


def _format_of(text: str, source_format: str) -> str:
    if source_format not in INPUT_FORMATS:
        raise FormatError(f"unknown input format {source_format!r} (expected "
                          f"{', '.join(INPUT_FORMATS)})")
    return detect_format(text) if source_format == "auto" else source_format


def _read_games(text: str, source_format: str, rules: Optional[str],
                name: str) -> list[GameRecord]:
    fmt = _format_of(text, source_format)
    check_rules_format(rules, fmt, name)
    if fmt == "hgn":
        games = hgn.loads_all(text)
    elif fmt == "openspiel":
        games = list(from_openspiel_lines(text, rules=rules))
    elif fmt == "playthrough":
        games = [from_openspiel_playthrough(text, rules=rules)]
    elif fmt == "peer":
        games = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                games.append(from_peer_record(_json_line(line, number), number))
    else:
        try:
            data = load_json(text)
        except json.JSONDecodeError as err:
            hint = (" (one JSON value: a game or a list of games; JSON lines are read as peer "
                    "records)" if err.msg == "Extra data" else "")
            raise RecordSyntaxError(f"not JSON: {err.args[0]}{hint}") from None
        except ValueError as err:
            raise RecordSyntaxError(f"not JSON: {err.args[0]}") from None
        games = [from_json(item) for item in (data if isinstance(data, list) else [data])]
    if not games:
        raise FormatError(f"{name}: no records")
    if not any(game.deals for game in games):
        raise FormatError(f"{name}: no deals (a record needs at least one [Deal])")
    return games


def _json_line(line: str, number: int) -> object:
    try:
        return load_json(line)
    except ValueError as err:
        raise RecordSyntaxError(f"not JSON: {err}", number) from None


def _read_games_forgiving(text: str, source_format: str, rules: Optional[str],
                          name: str) -> list[GameRecord]:
    """:func:`read_games` with ``strict=False``."""
    fmt = _format_of(text, source_format)
    # the strict reader refuses this too; the forgiving one must not drop the rules silently
    check_rules_format(rules, fmt, name)
    if fmt == "hgn":
        return hgn.loads_all(text, strict=False)
    if fmt not in ("openspiel", "peer"):
        return read_games(text, fmt, rules=rules, name=name)
    games: list[GameRecord] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            if fmt == "openspiel":
                games.append(from_openspiel_line(line, number, rules=rules))
            else:
                games.append(from_peer_record(_json_line(line, number), number))
        except RecordSyntaxError as err:
            stub = games[-1] if games else GameRecord()
            stub.errors.append(err)
            if not games:
                games.append(stub)
            break
    return games


def write_games(games: Iterable[GameRecord], to: str, *,
                symbols: bool = False) -> tuple[str, Optional[str]]:
    """The text of ``games`` in output format ``to`` (one of :data:`OUTPUT_FORMATS`), and for
    OpenSpiel lines the rules spec they replay under when it is not ``openspiel`` (the
    readers' default for action ids; ``None`` otherwise).

    ``json`` is always a list of game objects (the :mod:`.json` schema); ``openspiel`` one
    action-id line per deal.

    Raises:
        FormatError: an unknown format, or ``symbols`` with a format other than ``hgn``.
        RulesError, InvalidDealError: games OpenSpiel lines cannot express
            (:func:`~.importers.to_openspiel_lines`).
    """
    check_output_format(to, symbols)
    games = list(games)
    if to == "hgn":
        return hgn.dumps_all(games, symbols=symbols), None
    if to == "json":
        return json.dumps([to_json(g) for g in games], indent=2,
                          ensure_ascii=False) + "\n", None
    if to == "openspiel":
        text, spec = to_openspiel_lines(games)
        return text, None if spec == "openspiel" else spec
    raise AssertionError(to)  # pragma: no cover - check_output_format knows the formats


def check_output_format(to: str, symbols: bool = False) -> None:
    """Refuse an unknown output format, and ``symbols`` where they have no effect: JSON keeps
    the schema's card spelling (``QS``) and OpenSpiel lines hold action ids.

    Raises:
        FormatError: ``to`` is not one of :data:`OUTPUT_FORMATS`, or ``symbols`` with a
            format other than ``hgn``.
    """
    if to not in OUTPUT_FORMATS:
        raise FormatError(f"unknown output format {to!r} (expected "
                          f"{', '.join(OUTPUT_FORMATS)})")
    if symbols and to != "hgn":
        written = "cards as QS" if to == "json" else "action ids"
        raise FormatError(f"symbols apply to the hgn format only ({to} writes {written})",
                          argument="symbols")


# -- the json module's names ------------------------------------------------------------------


def loads(text: str, format: str = "auto", *, rules: Optional[str] = None,
          strict: bool = True) -> list[GameRecord]:
    """Every game of ``text`` in ``format`` (one of :data:`INPUT_FORMATS`; ``auto`` detects
    it, :func:`detect_format`), as a list of :class:`GameRecord` (one per OpenSpiel or peer
    line, one for a playthrough). ``rules`` is for OpenSpiel action ids only (default
    ``openspiel``); ``strict=False`` reads up to the first error (:func:`read_games`).

    ``loads(dumps(games, f), f) == games`` for ``f`` in ``hgn``, ``json`` (for ``openspiel``
    the games of one deal each, the comments and tags not kept).

    Raises:
        RecordSyntaxError: the first record error, with its line (``line 17, column 21: ...``).
        FormatError: an unknown format, no games, or ``rules`` with another format.
    """
    if not strict:
        return _read_games_forgiving(text, format, rules, "input")
    return _read_games(text, format, rules, "input")


def load(fp: IO[str], format: str = "auto", *, rules: Optional[str] = None,
         strict: bool = True) -> list[GameRecord]:
    """:func:`loads` of a text file's content.

    Raises:
        RecordSyntaxError, FormatError: as :func:`loads`.
        InputFileError: the file is larger than the input limit
            (:data:`hearts.analysis.files.MAX_INPUT_BYTES`).
    """
    text = read_limited(fp, stream_name(fp))
    return loads(text, format, rules=rules, strict=strict)  # type: ignore[arg-type]


def dumps(games: "GameRecord | Iterable[GameRecord]", format: str = "hgn", *,
          symbols: bool = False) -> str:
    """The text of ``games`` (a list of :class:`GameRecord`; one game is taken as a list of
    one) in ``format``, one of :data:`OUTPUT_FORMATS`: ``hgn`` (``symbols``: cards as ``Q♠``),
    ``json`` (always a list of games) or ``openspiel`` (one action-id line per deal; the rules
    they replay under: :func:`write_games`).

    Raises:
        FormatError: an unknown format, or ``symbols`` with another format than ``hgn``.
        HeartsError: a game the format cannot hold (:func:`.hgn.dumps`,
            :func:`~.importers.to_openspiel_lines`).
    """
    if isinstance(games, GameRecord):
        games = [games]
    return write_games(games, format, symbols=symbols)[0]


def dump(games: "GameRecord | Iterable[GameRecord]", fp: IO[str], format: str = "hgn", *,
         symbols: bool = False) -> None:
    """Write :func:`dumps` of ``games`` to the text file ``fp``."""
    fp.write(dumps(games, format, symbols=symbols))
