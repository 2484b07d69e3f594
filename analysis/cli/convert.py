"""``hearts convert``: convert game records between the text format (HGN), JSON and OpenSpiel
action ids; reading checks every deal (a record that converts is a legal game).

The logic lives in :mod:`hearts.analysis.records.formats`; this module reads the file, writes
the result and names the options in the errors.
"""
from __future__ import annotations

import contextlib
import copy
from pathlib import Path
from typing import Optional

import typer

from hearts.solver.errors import HeartsError

from ..files import OutputFileError, input_size, open_input, stream_position
from ..outputs import AtomicFile, StandardOutput
from ..records import formats
from .options import (CommandError, check_output, check_stdout, force_option, given_options,
                      jsonl_option, option_names, output_option, quiet_option, rules_option)
from .render import batch_progress

__all__ = ["convert_command"]

#: The output format of ``-o PATH`` by its suffix, when ``--to`` is not given.
SUFFIX_FORMATS = {".json": "json", ".jsonl": "jsonl"}


def convert_command(
    ctx: typer.Context,
    file: str = typer.Argument(..., metavar="FILE", help="The records to convert ('-' = stdin)."),
    to: str = typer.Option("hgn", "--to", "-t", metavar="FORMAT", show_default=False,
                           help="Output format: hgn (text), json, jsonl (JSON Lines: a game a "
                                "line) or openspiel (action ids). Default: json or jsonl for "
                                "-o PATH ending in .json or .jsonl, else hgn."),
    source_format: str = typer.Option(
        "auto", "--from", "-f", metavar="FORMAT",
        help="Input format: auto, hgn, json, jsonl, openspiel (action-id lines), peer (JSON "
             "lines) or playthrough (an OpenSpiel playthrough)."),
    rules: Optional[str] = rules_option('Rules for OpenSpiel action lines (default "openspiel"), '
                                        'e.g. "openspiel,qs_breaks_hearts=false".'),
    symbols: bool = typer.Option(False, "--symbols", help="Write cards with suit symbols (Q♠)."),
    output: Optional[str] = output_option("Write to PATH instead of stdout (whole or not at "
                                          "all: a temporary file renamed at the end)."),
    force: bool = force_option("Overwrite an existing PATH."),
    jsonl: bool = jsonl_option("Write JSON Lines, a game a line: the same as --to jsonl."),
    quiet: bool = quiet_option(),
) -> None:
    """Convert game records: HGN text, JSON, JSON Lines, OpenSpiel action ids, peer JSON lines.

    Every deal is replayed under its rules while reading, so a record that converts is a
    legal game; the first error is reported with its line, e.g.
    `error: game.hgn: line 17, column 21: trick 1: illegal play 9D by N: North must follow
    clubs`.
    OpenSpiel lines and peer records become one game each, an OpenSpiel playthrough one game
    (its last `History()` line). The records are read and written one at a time (a file of
    lines a line at a time), so a batch of any size runs in little memory. The format is in
    `docs/records.md`.

    **Examples**:

    ```
    hearts convert tests/data/openspiel_xinxin/xinxin_train.txt > xinxin.hgn
    hearts convert game.hgn --to json
    hearts convert many.txt --jsonl -o many.jsonl
    hearts convert game.json --to hgn --symbols
    ```
    """
    if jsonl:
        if "to" in given_options(ctx) and to != "jsonl":
            raise CommandError(f"--jsonl writes JSON Lines, not --to {to}: give one of them")
        to = "jsonl"
    elif "to" not in given_options(ctx) and output is not None:
        # -o games.json wrote HGN text into games.json: the suffix says what the user wants.
        to = SUFFIX_FORMATS.get(Path(output).suffix.lower(), to)
    # The output options before the input is read, as the output path.
    formats.check_output_format(to)
    if symbols and to != "hgn":
        written = "cards as QS" if to in ("json", "jsonl") else "action ids"
        raise CommandError(f"--symbols applies to --to hgn only (--to {to} writes {written})")
    check_output(output, [file], force)
    if output is None:
        check_stdout([file])
    target = StandardOutput() if output is None else AtomicFile(output, force=force)
    with (open_input(file) as stream,
          option_names(rules="--rules"),
          batch_progress("convert", input_size(stream), unit="games") as update,
          contextlib.nullcontext(target) if output is None else target):
        games = formats.iter_games(stream, source_format, rules=rules, name=file)
        writer = formats.GameWriter(target, to, symbols=symbols)
        for game in games:
            try:
                writer.write(game)
            except OutputFileError:
                raise
            except HeartsError as err:
                # a game the output format cannot hold: which file it is from
                raise _in_input(err, file) from None
            update(writer.count, stream_position(stream))
        spec = writer.close()
    if output is None:
        target.flush()
    if spec is not None:
        typer.echo(f"note: these lines replay with --rules '{spec}' (hearts replay, "
                   f"hearts convert)", err=True)


def _in_input(err: HeartsError, name: str) -> HeartsError:
    """``err`` (same class) with the input's name first: ``game.hgn: deal 1 is ...``."""
    named = copy.copy(err)
    named.args = (f"{'stdin' if name == '-' else name}: {err}",)
    return named
