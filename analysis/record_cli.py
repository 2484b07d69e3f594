"""``hearts convert``: convert game records between the text format (HGN), JSON and OpenSpiel
action ids; reading checks every deal (a record that converts is a legal game).

The logic lives in :mod:`.records`, :mod:`.record_reader`, :mod:`.record_json` and
:mod:`.record_import`; this module only wraps it. Mount it in the ``hearts`` command with::

    from hearts.analysis.record_cli import convert_command  # noqa: E402
    app.command("convert")(convert_command)

Bad input raises :class:`~hearts.solver.HeartsError` (a :class:`RecordSyntaxError` naming the
line), which the ``hearts`` group prints as one ``error:`` line with exit code 2.
"""
from __future__ import annotations

import json
import sys
from typing import Any, Optional

import typer

from hearts.analysis.files import check_output, load_json, read_text, write_output
from hearts.solver.errors import HeartsError, RecordSyntaxError

from . import records
from .record_import import (from_openspiel_lines, from_openspiel_playthrough, from_peer_record,
                            is_openspiel_playthrough, to_openspiel_lines)

__all__ = ["convert_command", "check_output_format", "check_rules_option", "read_games",
           "detect_format", "app", "INPUT_FORMATS", "OUTPUT_FORMATS"]

INPUT_FORMATS = ("auto", "hgn", "json", "openspiel", "peer", "playthrough")
OUTPUT_FORMATS = ("hgn", "json", "openspiel")


class ConvertError(HeartsError):
    """Bad input to ``hearts convert`` that is no record error (format names, empty files)."""


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
    if first and all(token.lstrip("-").isdigit() for token in first.split()):
        return "openspiel"
    return "hgn"


def check_rules_option(rules: Optional[str], fmt: str, name: str) -> None:
    """``--rules`` names the rules of OpenSpiel action ids only: other formats carry theirs.

    Raises:
        ConvertError: ``rules`` given for a ``fmt`` other than ``openspiel``/``playthrough``.
    """
    if rules is not None and fmt not in ("openspiel", "playthrough"):
        raise ConvertError(f"--rules applies to OpenSpiel action lines only ({name} is {fmt}; "
                           f"its rules are in the record)")


def read_games(text: str, source_format: str = "auto", *, rules: Optional[str] = None,
               name: str = "input") -> list[records.GameRecord]:
    """The games of ``text`` in ``source_format`` (one of :data:`INPUT_FORMATS`).

    OpenSpiel lines and peer records give one game per line, an OpenSpiel playthrough one game
    (its last ``History()`` line); ``rules`` applies to OpenSpiel action ids only (default
    ``openspiel``).

    Raises:
        RecordSyntaxError: a record error, named by ``name`` and its line
            (``game.hgn: line 17, column 21: ...``, as compilers say it).
        ConvertError: an unknown format, no games, or ``rules`` with another format.
    """
    try:
        return _read_games(text, source_format, rules, name)
    except RecordSyntaxError as err:
        raise err.in_file(name) from None


def _read_games(text: str, source_format: str, rules: Optional[str],
                name: str) -> list[records.GameRecord]:
    if source_format not in INPUT_FORMATS:
        raise ConvertError(f"unknown input format {source_format!r} (expected "
                           f"{', '.join(INPUT_FORMATS)})")
    fmt = detect_format(text) if source_format == "auto" else source_format
    check_rules_option(rules, fmt, name)
    if fmt == "hgn":
        games = records.loads_all(text)
    elif fmt == "openspiel":
        games = list(from_openspiel_lines(text, rules=rules))
    elif fmt == "playthrough":
        games = [from_openspiel_playthrough(text, rules=rules)]
    elif fmt == "peer":
        games = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    data = load_json(line)
                except ValueError as err:
                    raise RecordSyntaxError(f"not JSON: {err}", number) from None
                games.append(from_peer_record(data, number))
    else:
        try:
            data = load_json(text)
        except json.JSONDecodeError as err:
            hint = (" (one JSON value: a game or a list of games; JSON lines are read as peer "
                    "records)" if err.msg == "Extra data" else "")
            raise RecordSyntaxError(f"not JSON: {err.args[0]}{hint}") from None
        except ValueError as err:
            raise RecordSyntaxError(f"not JSON: {err.args[0]}") from None
        games = [records.from_json(item) for item in (data if isinstance(data, list) else [data])]
    if not games:
        raise ConvertError(f"{name}: no records")
    if not any(game.deals for game in games):
        raise ConvertError(f"{name}: no deals (a record needs at least one [Deal])")
    return games


def write_games(games: list[records.GameRecord], to: str, *,
                symbols: bool = False) -> tuple[str, str | None]:
    """The text of ``games`` in output format ``to`` (one of :data:`OUTPUT_FORMATS`), and a
    note for stderr (or ``None``).

    ``json`` is always a list of game objects (``record_json`` schema); ``openspiel`` one
    action-id line per deal, with a note naming the ``--rules`` they replay under when those
    are not OpenSpiel's defaults (the reader's default).

    Raises:
        ConvertError: an unknown format, or ``symbols`` with a format other than ``hgn``.
        RulesError, InvalidDealError: games OpenSpiel lines cannot express
            (:func:`~.record_import.to_openspiel_lines`).
    """
    check_output_format(to, symbols)
    if to == "hgn":
        return records.dumps_all(games, symbols=symbols), None
    if to == "json":
        return json.dumps([records.to_json(g) for g in games], indent=2,
                          ensure_ascii=False) + "\n", None
    if to == "openspiel":
        text, spec = to_openspiel_lines(games)
        return text, (None if spec == "openspiel" else
                      f"note: these lines replay with --rules '{spec}' (hearts replay, "
                      f"hearts convert)")
    raise AssertionError(to)  # pragma: no cover - check_output_format knows the formats


def check_output_format(to: str, symbols: bool = False) -> None:
    """Refuse an unknown output format, and ``--symbols`` where it has no effect: JSON keeps
    the schema's card spelling (``QS``) and OpenSpiel lines hold action ids.

    Raises:
        ConvertError: ``to`` is not one of :data:`OUTPUT_FORMATS`, or ``symbols`` with a
            format other than ``hgn``.
    """
    if to not in OUTPUT_FORMATS:
        raise ConvertError(f"unknown output format {to!r} (expected "
                           f"{', '.join(OUTPUT_FORMATS)})")
    if symbols and to != "hgn":
        written = "cards as QS" if to == "json" else "action ids"
        raise ConvertError(f"--symbols applies to --to hgn only (--to {to} writes {written})")


def convert_command(
    file: str = typer.Argument(..., metavar="FILE", help="The records to convert ('-' = stdin)."),
    to: str = typer.Option("hgn", "--to", "-t", metavar="FORMAT",
                           help="Output format: hgn (text), json or openspiel (action ids)."),
    source_format: str = typer.Option(
        "auto", "--from", "-f", metavar="FORMAT",
        help="Input format: auto, hgn, json, openspiel (action-id lines), peer (JSON lines) or "
             "playthrough (an OpenSpiel playthrough)."),
    rules: Optional[str] = typer.Option(
        None, "--rules", "-r", metavar="SPEC",
        help='Rules for OpenSpiel action lines (default "openspiel"), e.g. '
             '"openspiel,qs_breaks_hearts=false".'),
    symbols: bool = typer.Option(False, "--symbols", help="Write cards with suit symbols (Q♠)."),
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="PATH",
                                         help="Write to PATH instead of stdout."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing PATH."),
) -> None:
    """Convert game records: HGN text, JSON, OpenSpiel action ids, peer JSON lines.

    Every deal is replayed under its rules while reading, so a record that converts is a
    legal game; the first error is reported with its line, e.g.
    `error: game.hgn: line 17, column 21: trick 1: illegal play 9D by N: North must follow
    clubs`.
    OpenSpiel lines and peer records become one game each, an OpenSpiel playthrough one game
    (its last `History()` line). The format is in `docs/records.md`.

    **Examples**:

    ```
    hearts convert tests/data/openspiel_xinxin/xinxin_train.txt > xinxin.hgn
    hearts convert game.hgn --to json
    hearts convert game.json --to hgn --symbols
    ```
    """
    check_output_format(to, symbols)    # before the input is read, as the output path
    check_output(output, [file], force)
    text = read_text(file)
    games = read_games(text, source_format, rules=rules, name=file)
    result, note = write_games(games, to, symbols=symbols)
    if output is None:
        typer.echo(result, nl=False)
    else:
        write_output(output, result)
    if note:
        typer.echo(note, err=True)


#: A stand-alone app (``python -m hearts.analysis.record_cli FILE``), also used by the tests.
app = typer.Typer(add_completion=False, rich_markup_mode="markdown")
app.command("convert")(convert_command)


def _main(argv: Any = None) -> None:  # pragma: no cover - thin wrapper
    try:
        app(argv)
    except HeartsError as err:
        sys.stderr.write(f"error: {err}\n")
        sys.exit(2)


if __name__ == "__main__":  # pragma: no cover
    _main()
