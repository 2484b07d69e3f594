"""``hearts convert``: convert game records between the text format (HGN), JSON and OpenSpiel
action ids; reading checks every deal (a record that converts is a legal game).

The logic lives in :mod:`hearts.analysis.records.formats`; this module reads the file, writes
the result and names the options in the errors.
"""
from __future__ import annotations

from typing import Optional

import typer

from ..files import write_output
from ..records import formats
from .options import quiet_option, read_input
from .options import (CommandError, check_output, force_option, option_names, output_option,
                      rules_option)

__all__ = ["convert_command"]

def convert_command(
    file: str = typer.Argument(..., metavar="FILE", help="The records to convert ('-' = stdin)."),
    to: str = typer.Option("hgn", "--to", "-t", metavar="FORMAT",
                           help="Output format: hgn (text), json or openspiel (action ids)."),
    source_format: str = typer.Option(
        "auto", "--from", "-f", metavar="FORMAT",
        help="Input format: auto, hgn, json, openspiel (action-id lines), peer (JSON lines) or "
             "playthrough (an OpenSpiel playthrough)."),
    rules: Optional[str] = rules_option('Rules for OpenSpiel action lines (default "openspiel"), '
                                        'e.g. "openspiel,qs_breaks_hearts=false".'),
    symbols: bool = typer.Option(False, "--symbols", help="Write cards with suit symbols (Q♠)."),
    output: Optional[str] = output_option("Write to PATH instead of stdout."),
    force: bool = force_option("Overwrite an existing PATH."),
    quiet: bool = quiet_option(),
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
    # The output options before the input is read, as the output path.
    formats.check_output_format(to)
    if symbols and to != "hgn":
        written = "cards as QS" if to == "json" else "action ids"
        raise CommandError(f"--symbols applies to --to hgn only (--to {to} writes {written})")
    check_output(output, [file], force)
    text = read_input(file)
    with option_names(rules="--rules"):
        games = formats.read_games(text, source_format, rules=rules, name=file)
    result, spec = formats.write_games(games, to, symbols=symbols)
    if output is None:
        typer.echo(result, nl=False)
    else:
        write_output(output, result)
    if spec is not None:
        typer.echo(f"note: these lines replay with --rules '{spec}' (hearts replay, "
                   f"hearts convert)", err=True)
