"""Game records in every format, by name: :func:`detect_format`, :func:`read_games` and
:func:`write_games`, and :func:`loads`/:func:`load`/:func:`dumps`/:func:`dump`, which dispatch
on the format name as endplay's I/O modules and the ``json`` module do.

Input formats (:data:`INPUT_FORMATS`): ``hgn`` (the text format, :mod:`.hgn`), ``json`` (our
JSON export, :mod:`.json`), ``jsonl`` (the same, one game a line: JSON Lines), ``openspiel``
(OpenSpiel action-id lines, the xinxin files), ``peer`` (JSON lines of peer-engine records),
``playthrough`` (an OpenSpiel playthrough); and ``auto``, which detects them. Output formats
(:data:`OUTPUT_FORMATS`): ``hgn``, ``json``, ``jsonl``, ``openspiel``. Reading checks every
deal, so a record that reads is a legal game. The formats are in ``docs/records.md``.

A batch streams: :func:`iter_games` reads a file one game at a time (the line formats a line
at a time) and :class:`GameWriter` writes one game at a time, so ``hearts convert`` of any
number of games runs in bounded memory.
"""
from __future__ import annotations

import io
import json
from typing import IO, Iterable, Iterator, Optional

from hearts.solver.errors import HeartsError, RecordSyntaxError

from ..files import InputLines, load_json, stream_name
from . import hgn
from .importers import (different_rules, from_openspiel_line, from_openspiel_playthrough,
                        from_peer_record, is_openspiel_playthrough, openspiel_game_lines)
from .json import from_json, to_json
from .model import GameRecord

__all__ = ["INPUT_FORMATS", "OUTPUT_FORMATS", "LINE_FORMATS", "FormatError", "detect_format",
           "detect_head", "read_games", "iter_games", "write_games", "GameWriter",
           "check_output_format", "check_rules_format", "loads", "load", "dumps", "dump"]

INPUT_FORMATS = ("auto", "hgn", "json", "jsonl", "openspiel", "peer", "playthrough")
OUTPUT_FORMATS = ("hgn", "json", "jsonl", "openspiel")
#: The formats of one game a line, read a line at a time (:func:`iter_games`).
LINE_FORMATS = ("jsonl", "openspiel", "peer")


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
    """Guess the input format: ``json`` (our export), ``jsonl`` (our records one a line),
    ``peer`` (JSON lines of peer records), ``openspiel`` (lines of integers), ``playthrough``
    (an OpenSpiel playthrough of Hearts) or ``hgn`` (anything else)."""
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
            return "jsonl"              # games one per line
        looks_json = first.startswith(('{"', "[{")) or first.strip() in ("[", "{")
        if looks_json and data is None and line is None:
            # Broken JSON (a truncated file, say), not HGN: an HGN file starts with a tag
            # pair ([Event "..."]) or a plain comment, never with a JSON key. Read it as the JSON it
            # tries to be, so that the error names the JSON problem and its line.
            lines = first.startswith('{"') and ("\n{" in text.strip() or '"plays"' in first)
            if lines and '"deals"' in first:
                return "jsonl"          # a broken record of JSON Lines: its line is named
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
    """The games of ``text`` in ``source_format`` (one of :data:`INPUT_FORMATS`): the list of
    :func:`iter_games` (which reads a file one game at a time).

    Raises:
        RecordSyntaxError, FormatError: as :func:`iter_games`.
    """
    return list(iter_games(io.StringIO(text), source_format, rules=rules, name=name,
                           strict=strict))


def iter_games(stream: "IO[bytes] | IO[str]", source_format: str = "auto", *,
               rules: Optional[str] = None, name: Optional[str] = "input",
               strict: bool = True) -> Iterator[GameRecord]:
    """The games of the input ``stream`` (bytes or text) in ``source_format`` (one of
    :data:`INPUT_FORMATS`; ``auto`` detects it from the first line that is neither blank
    nor a ``#`` comment), **one at a time**, so that a batch of any size runs in bounded
    memory:

    - the line formats (``openspiel``, ``peer``, ``jsonl``: one game per line) are read a
      line at a time (:class:`~hearts.analysis.files.InputLines`);
    - the whole-file formats (``hgn``, ``json``, ``playthrough``) read the file first, at
      most :data:`~hearts.analysis.files.MAX_INPUT_BYTES`, then give their games one by one
      (an OpenSpiel playthrough is one game: its last ``History()`` line).

    ``rules`` applies to OpenSpiel action ids only (default ``openspiel``).

    Args:
        name: the input's name in error messages (a file name; ``-`` is ``stdin``; ``None``:
            the errors name no file, as :func:`loads`).
        strict: raise the first record error (default). With ``False`` (the lenient
            reader), read up to the first error, which is kept in the ``errors`` of the last
            game read (a game holding only the error when none was read): HGN by the
            forgiving reader (:func:`.hgn.iter_all`, which also keeps recoverable errors and
            reads on to the next game), the line formats up to the bad line; our JSON and
            playthroughs are read strictly, but for warnings (an unknown key, :func:`.json.
            from_json`). An input with no deal read is an error all the same: the first error
            met, or "no records".

    Raises:
        RecordSyntaxError: a record error, named by ``name`` and its line
            (``game.hgn: line 17, column 21: ...``, as compilers say it), when the reading
            reaches it.
        FormatError: an unknown format, no games, no deals, or ``rules`` with another
            format.
        InputFileError: not UTF-8, or a whole-file format or a line larger than the limit.
    """
    if source_format not in INPUT_FORMATS:
        raise FormatError(f"unknown input format {source_format!r} (expected "
                          f"{', '.join(INPUT_FORMATS)})")
    label = "input" if name is None else "stdin" if name == "-" else name
    lines = InputLines(stream, label)
    fmt = detect_head(lines.peek()) if source_format == "auto" else source_format
    check_rules_format(rules, fmt, label)
    games = (_line_games(lines, fmt, rules, strict) if fmt in LINE_FORMATS
             else _file_games(lines.rest(), fmt, rules, strict))
    read = with_deals = 0
    first_error: Optional[RecordSyntaxError] = None
    # Games without a deal wait for the first game with one: an input with no deal at all is
    # an error, and a caller writing as it reads must not have written them first.
    waiting: list[GameRecord] = []
    try:
        for game in games:
            read += 1
            if first_error is None and game.errors:
                first_error = game.errors[0]
            if not with_deals and not game.deals:
                waiting.append(game)
                continue
            with_deals += 1
            yield from waiting
            waiting.clear()
            yield game
    except RecordSyntaxError as err:
        if name is None:
            raise
        raise err.in_file(name) from None
    if with_deals:
        return
    if first_error is not None:         # lenient, and nothing readable: the reason why
        raise first_error if name is None else first_error.in_file(name)
    if not read:
        raise FormatError(f"{label}: no records")
    raise FormatError(f"{label}: no deals (a record needs at least one [Deal])")


def detect_head(first: str) -> str:
    """The format of an input whose first line (neither blank nor a ``#`` comment) is
    ``first``, as :func:`detect_format` names it: a stream is detected without reading it
    whole. A one-line JSON object with ``deals`` is ``jsonl`` (a file of one record reads
    the same as ``json``)."""
    first = first.strip()
    if first.startswith("game: hearts"):
        return "playthrough"
    fmt = detect_format(first)
    if fmt == "json":
        try:
            data = load_json(first)
        except ValueError:
            data = None
        if isinstance(data, dict) and "deals" in data:
            return "jsonl"
    return fmt


def _line_games(lines: InputLines, fmt: str, rules: Optional[str],
                strict: bool) -> Iterator[GameRecord]:
    """The games of a line format, one per line; blank and ``#`` lines are skipped. A lenient
    read keeps one game back, so that the error of the next line joins the game before it."""
    last: Optional[GameRecord] = None
    for number, line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            game = _line_game(line, number, fmt, rules, strict)
        except RecordSyntaxError as err:
            if strict:
                raise
            stub = last if last is not None else GameRecord()
            stub.errors.append(err)
            yield stub
            return
        if last is not None:
            yield last
        last = game
    if last is not None:
        yield last


def _line_game(line: str, number: int, fmt: str, rules: Optional[str],
               strict: bool) -> GameRecord:
    if fmt == "openspiel":
        return from_openspiel_line(line, number, rules=rules)
    data = _json_line(line, number)
    if fmt == "peer":
        return from_peer_record(data, number, strict=strict)  # type: ignore[arg-type]
    try:
        game = from_json(data, strict=strict)  # type: ignore[arg-type]
    except RecordSyntaxError as err:
        raise RecordSyntaxError(err.detail, number) from None
    game.errors[:] = [RecordSyntaxError(e.detail, number) for e in game.errors]
    return game


def _file_games(text: str, fmt: str, rules: Optional[str],
                strict: bool) -> Iterator[GameRecord]:
    """The games of a whole-file format, one at a time."""
    if fmt == "hgn":
        yield from hgn.iter_all(text, strict=strict)
    elif fmt == "playthrough":
        yield from_openspiel_playthrough(text, rules=rules)
    else:
        try:
            data = load_json(text)
        except json.JSONDecodeError as err:
            hint = (" (one JSON value: a game or a list of games; a record a line is the "
                    "format jsonl, JSON Lines)" if err.msg == "Extra data" else "")
            raise RecordSyntaxError(f"not JSON: {err.args[0]}{hint}") from None
        except ValueError as err:
            raise RecordSyntaxError(f"not JSON: {err.args[0]}") from None
        items = data if isinstance(data, list) else [data]
        del data
        items.reverse()
        while items:
            # taken off the list as read, so that a game's dicts are freed with it
            yield from_json(items.pop(), strict=strict)


def _json_line(line: str, number: int) -> object:
    try:
        return load_json(line)
    except ValueError as err:
        raise RecordSyntaxError(f"not JSON: {err}", number) from None


def write_games(games: Iterable[GameRecord], to: str, *,
                symbols: bool = False) -> tuple[str, Optional[str]]:
    """The text of ``games`` in output format ``to`` (one of :data:`OUTPUT_FORMATS`), and for
    OpenSpiel lines the rules spec they replay under when it is not ``openspiel`` (the
    readers' default for action ids; ``None`` otherwise): :class:`GameWriter` into a string.

    ``json`` is always a list of game objects (the :mod:`.json` schema); ``jsonl`` one game
    object a line; ``openspiel`` one action-id line per deal.

    Raises:
        FormatError: an unknown format, or ``symbols`` with a format other than ``hgn``.
        RulesError, InvalidDealError: games OpenSpiel lines cannot express
            (:func:`~.importers.to_openspiel_lines`).
    """
    out = io.StringIO()
    writer = GameWriter(out, to, symbols=symbols)
    for game in games:
        writer.write(game)
    spec = writer.close()
    return out.getvalue(), spec


class GameWriter:
    """Writes games one at a time to a text stream ``fp`` (anything with ``write(str)``) in
    output format ``to``, as :func:`write_games` writes them all: a batch is written as it is
    read and never held whole. :meth:`close` ends the text (the ``]`` of a JSON list).

    Raises (``write``, ``close``):
        FormatError: an unknown format, or ``symbols`` with a format other than ``hgn``.
        HeartsError: a game the format cannot hold (:func:`.hgn.dumps`;
            :func:`~.importers.openspiel_game_lines`: a game after the first under other
            rules names both, ``game 2 is played under other rules than game 1 ...``).
    """

    def __init__(self, fp: "IO[str] | object", to: str, *, symbols: bool = False) -> None:
        check_output_format(to, symbols)
        self.fp = fp
        self.to = to
        self.symbols = symbols
        self.count = 0              # games written
        self._spec: Optional[str] = None

    def write(self, game: GameRecord) -> None:
        """Write the next game."""
        number = self.count + 1
        if self.to == "hgn":
            text = ("\n" if self.count else "") + hgn.dumps(game, symbols=self.symbols)
        elif self.to == "json":
            # not textwrap.indent: it also breaks at U+2028 and other line ends of str
            item = "  " + json.dumps(to_json(game), indent=2, ensure_ascii=False).replace(
                "\n", "\n  ")
            text = ("[\n" if not self.count else ",\n") + item
        elif self.to == "jsonl":
            text = json.dumps(to_json(game), ensure_ascii=False) + "\n"
        else:
            lines, spec = openspiel_game_lines(game, f"game {number}: " if self.count else "")
            if self._spec is None:
                self._spec = spec
            elif spec != self._spec:
                raise different_rules(number, 1, spec, self._spec)
            text = "".join(line + "\n" for line in lines)
        self.fp.write(text)  # type: ignore[attr-defined]
        self.count = number

    def close(self) -> Optional[str]:
        """End the text; return the rules spec OpenSpiel lines replay under when it is not
        ``openspiel`` (``None`` otherwise and for the other formats)."""
        if self.to == "json":
            self.fp.write("\n]\n" if self.count else "[]\n")  # type: ignore[attr-defined]
        if self.to == "openspiel" and self._spec not in (None, "openspiel"):
            return self._spec
        return None


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
        written = "cards as QS" if to in ("json", "jsonl") else "action ids"
        raise FormatError(f"symbols apply to the hgn format only ({to} writes {written})",
                          argument="symbols")


# -- the json module's names ------------------------------------------------------------------


def loads(text: str, format: str = "auto", *, rules: Optional[str] = None,
          strict: bool = True) -> list[GameRecord]:
    """Every game of ``text`` in ``format`` (one of :data:`INPUT_FORMATS`; ``auto`` detects
    it, :func:`detect_format`), as a list of :class:`GameRecord` (one per OpenSpiel, peer or
    JSON Lines line, one for a playthrough). ``rules`` is for OpenSpiel action ids only
    (default ``openspiel``); ``strict=False`` reads up to the first error
    (:func:`iter_games`).

    ``loads(dumps(games, f), f) == games`` for ``f`` in ``hgn``, ``json``, ``jsonl`` (for
    ``openspiel`` the games of one deal each, the comments and tags not kept).

    Raises:
        RecordSyntaxError: the first record error, with its line (``input: line 17, column
            21: ...``).
        FormatError: an unknown format, no games, or ``rules`` with another format.
    """
    return list(iter_games(io.StringIO(text), format, rules=rules, name=None, strict=strict))


def load(fp: "IO[str] | IO[bytes]", format: str = "auto", *, rules: Optional[str] = None,
         strict: bool = True) -> list[GameRecord]:
    """:func:`loads` of a file's content (text or bytes, read as :func:`iter_games` reads).

    Raises:
        RecordSyntaxError, FormatError: as :func:`loads`.
        InputFileError: the file is larger than the input limit
            (:data:`hearts.analysis.files.MAX_INPUT_BYTES`) or not UTF-8.
    """
    return list(iter_games(fp, format, rules=rules, name=stream_name(fp), strict=strict))


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
