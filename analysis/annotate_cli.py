"""``hearts annotate``: judge every play of game records with open-hands double-dummy values.

The logic lives in :mod:`.annotate`; this module reads the files, prints the rich view or JSON
and writes the annotated HGN. Mount it in the ``hearts`` command with::

    from hearts.analysis.annotate_cli import annotate_command  # noqa: E402
    app.command("annotate")(annotate_command)

Bad input raises :class:`~hearts.solver.HeartsError` (a :class:`RecordSyntaxError` naming the
line), which the ``hearts`` group prints as one ``error:`` line with exit code 2.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from hearts.solver.cards import Card, Suit
from hearts.solver.errors import HeartsError, RecordSyntaxError

from . import records
from .annotate import (GameAnnotation, JudgedPlay, MoonAlert, annotate_games, judged_from_trick,
                       summarise, summary_json)
from .files import read_text
from .record_cli import detect_format, read_games
from .record_import import from_openspiel_line, from_peer_record

__all__ = ["annotate_command", "read_games_lenient", "app"]


class AnnotateInputError(HeartsError):
    """Bad input to ``hearts annotate`` that is no record error (files, output path)."""


_SUIT_STYLE = {Suit.HEARTS: "red", Suit.DIAMONDS: "red", Suit.SPADES: "bold", Suit.CLUBS: "bold"}
_MARK_STYLE = {"?": "bold yellow", "??": "bold red"}


def _card(card: Card) -> Text:
    return Text(card.symbol(), style=_SUIT_STYLE[card.suit])


def read_games_lenient(text: str, name: str = "input",
                       rules: Optional[str] = None) -> list[records.GameRecord]:
    """The games of ``text`` read up to the first error, which is kept in the last game's
    ``errors`` (HGN: the forgiving reader; OpenSpiel and peer lines: the lines before the bad
    one; our JSON is read strictly)."""
    fmt = detect_format(text)
    if fmt == "hgn":
        return records.loads_all(text, strict=False)
    if fmt not in ("openspiel", "peer"):
        return read_games(text, fmt, rules=rules, name=name)
    games: list[records.GameRecord] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            if fmt == "openspiel":
                games.append(from_openspiel_line(line, number, rules=rules))
            else:
                try:
                    data = json.loads(line)
                except ValueError as err:
                    raise RecordSyntaxError(f"not JSON: {err}", number) from None
                games.append(from_peer_record(data, number))
        except RecordSyntaxError as err:
            stub = games[-1] if games else records.GameRecord()
            stub.errors.append(err)
            if not games:
                games.append(stub)
            break
    return games


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def _view(console: Console, name: str, results: list[GameAnnotation], judged_from: int) -> None:
    console.print(Text.assemble(("annotate ", "dim"), (name, "bold"), ("  mode ", "dim"),
                                "open hands (every hand visible; paranoid values, lower is "
                                "better)"))
    console.print(Text(f"plays before trick {judged_from} are not judged (exact solves are "
                       f"affordable from there on)", style="dim"))
    for gi, result in enumerate(results, start=1):
        for err in result.errors:
            console.print(Text(f"read error (annotated up to it): {err}", style="yellow"))
        for deal_ann in result.deals:
            deal = deal_ann.deal
            head = f"game {gi}, deal {deal.number}" if len(results) > 1 else f"deal {deal.number}"
            console.print(Text(head, style="bold underline"))
            by_index = {p.index: p for p in deal_ann.plays}
            notes: list[Text] = []
            for trick in deal.tricks():
                if trick.number < judged_from:
                    continue
                line = Text(f"{trick.number:>2}. ")
                for offset, (seat, play) in enumerate(zip(trick.seats, trick.plays)):
                    judged = by_index.get(4 * (trick.number - 1) + offset + 1)
                    line.append(f"{seat} ", style="dim")
                    line.append_text(_card(play.card))
                    if judged is not None and judged.status != "judged":
                        line.append("·", style="dim")
                    elif judged is not None and judged.mark:
                        line.append(judged.mark, style=_MARK_STYLE[judged.mark])
                        notes.append(_note(judged))
                    line.append("  ")
                console.print(line)
            for note in notes:
                console.print(note)
            unjudged = [p for p in deal_ann.plays if p.status != "judged"]
            if unjudged:
                console.print(Text(f"   {len(unjudged)} play(s) unjudged (· : not solved within "
                                   f"--time)", style="yellow"))
            if deal_ann.moon_alert is not None:
                console.print(_moon_text(deal_ann.moon_alert))
    table = Table(title="per seat (open hands)", header_style="bold")
    for column in ("seat", "judged", "mistakes ?", "blunders ??", "points lost", "unjudged"):
        table.add_column(column, justify="right" if column != "seat" else "left")
    totals = summarise(p for r in results for p in r.plays)
    for seat, row in totals.items():
        table.add_row(seat.name_title, str(row["judged"]), str(row["mistakes"]),
                      str(row["blunders"]), str(row["lost"]), str(row["unjudged"]))
    console.print(table)


def _note(p: JudgedPlay) -> Text:
    text = Text(f"    trick {p.trick}: {p.seat} ")
    text.append_text(_card(p.card))
    text.append(p.mark, style=_MARK_STYLE[p.mark])
    text.append(f" loses {p.loss} (leaves {p.value}); best ")
    for i, c in enumerate(p.best):
        if i:
            text.append(",")
        text.append_text(_card(c))
    text.append(f" ({p.best_value})")
    if p.line:
        text.append("  line ", style="dim")
        for c in p.line:
            text.append_text(_card(c))
            text.append(" ")
    return text


def _moon_text(a: MoonAlert) -> Text:
    parts = [f"   moon: {a.seat.name_title} on track after trick {a.on_track_trick}"]
    if a.checks:
        if a.unstoppable_trick is None:
            known = [t for t, v in a.checks if v is not None]
            if known:
                parts.append(f"still stoppable at every trick start checked "
                             f"({known[0]}–{known[-1]})")
            else:
                parts.append("moon checks not finished in time")
        elif a.unstoppable_index is not None:
            parts.append(f"unstoppable after {a.unstoppable_seat} {a.unstoppable_card} (play "
                         f"{a.unstoppable_index}, trick {(a.unstoppable_index - 1) // 4 + 1})")
        else:
            parts.append(f"already unstoppable at the first check (trick {a.unstoppable_trick})")
    else:
        parts.append("not checked (before the judged tricks)")
    if a.stopped_index is not None:
        parts.append(f"stopped: a second seat took points in trick {a.stopped_index // 4}")
    if a.shot:
        parts.append("shot the moon")
    return Text("; ".join(parts), style="magenta")


def annotate_command(
    files: list[str] = typer.Argument(..., metavar="FILES",
                                      help="Records: HGN, our JSON, OpenSpiel lines, peer JSONL."),
    output: Optional[str] = typer.Option(None, "--output", "-o", metavar="OUT",
                                         help="Write the annotated records (HGN) to OUT."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing OUT."),
    mode: str = typer.Option("open", "--mode", help="open (all hands visible). fair: future."),
    max_tricks: int = typer.Option(8, "--max-tricks", metavar="N",
                                   help="Judge tricks with at most N tricks left (8: tricks "
                                        "6-13)."),
    from_trick: Optional[int] = typer.Option(None, "--from-trick", metavar="K",
                                             help="First trick judged (overrides --max-tricks)."),
    mistake: int = typer.Option(2, "--mistake", metavar="POINTS", help="Loss for ? (points)."),
    blunder: int = typer.Option(6, "--blunder", metavar="POINTS", help="Loss for ?? (points)."),
    time_ms: Optional[float] = typer.Option(None, "--time", metavar="MS",
                                            help="Cap per position; unsolved plays are unjudged."),
    threads: int = typer.Option(1, "--threads", "-j", metavar="N",
                                help="Solve deals on N threads (same results as one)."),
    rules: Optional[str] = typer.Option(None, "--rules", "-r", metavar="SPEC",
                                        help="Rules for OpenSpiel action lines."),
    lenient: bool = typer.Option(False, "--lenient",
                                 help="Annotate up to the first read error and report it."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of the view."),
) -> None:
    """Annotate game records: every judged play's open-hands value, the best card, the loss,
    `?` (loss >= --mistake) and `??` (loss >= --blunder), moon alerts and a per-seat summary.

    Values are exact paranoid double-dummy values for the seat that played (its points for
    the deal when the other three play against it; lower is better), with every hand visible
    (mode open). Plays before --from-trick (default: the first trick with at most
    --max-tricks tricks left) are not judged. Marks and data go into the play comments of
    the HGN written to -o (`[%dd V] [%best C] [%loss L] [%line ...] [%mode open]`); see
    `docs/annotate.md`.

    **Examples**:

    ```
    hearts annotate game.hgn -o game-annotated.hgn
    hearts annotate tests/data/openspiel_xinxin/xinxin_train.txt --max-tricks 6 --json
    ```
    """
    judged_from = judged_from_trick(max_tricks, from_trick)
    if output is not None:
        for f in files:
            if f != "-" and _same_file(f, output):
                raise AnnotateInputError(f"-o {output} is the input file {f}: the input is "
                                         f"never overwritten")
        if os.path.exists(output) and not force:
            raise AnnotateInputError(f"{output} exists (use --force to overwrite it)")
    per_file: list[tuple[str, list[records.GameRecord]]] = []
    for f in files:
        if f != "-" and not os.path.isfile(f):
            raise AnnotateInputError(f"{f}: no such file")
        text = read_text(f)
        games = (read_games_lenient(text, f, rules) if lenient
                 else read_games(text, rules=rules, name=f))
        per_file.append((f, games))
    all_games = [g for _, games in per_file for g in games]
    total = sum(len(g.deals) for g in all_games)
    err_console = Console(stderr=True)
    with Progress(TextColumn("annotating"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err_console, transient=True,
                  disable=as_json or not err_console.is_terminal) as bar:
        task = bar.add_task("deals", total=total)
        results = annotate_games(all_games, mode, max_tricks=max_tricks, from_trick=from_trick,
                                 mistake=mistake, blunder=blunder, time_ms=time_ms,
                                 threads=threads,
                                 progress=lambda n: bar.update(task, completed=n))
    if output is not None:
        with open(output, "w", encoding="utf-8") as fp:
            fp.write(records.dumps_all([r.game for r in results]))
    start = 0
    grouped = []
    for f, games in per_file:
        grouped.append((f, results[start:start + len(games)]))
        start += len(games)
    if as_json:
        plays = []
        alerts = []
        errors = []
        for f, rs in grouped:
            for r in rs:
                data = r.to_json()
                for item in data["plays"] + data["moon_alerts"]:
                    item["file"] = f
                plays += data["plays"]
                alerts += data["moon_alerts"]
                errors += [{"file": f, "error": e} for e in data["errors"]]
        out = {"mode": mode, "model": "paranoid", "judged_from": judged_from,
               "thresholds": {"mistake": mistake, "blunder": blunder},
               "time_ms": time_ms, "files": [f for f, _ in grouped], "plays": plays,
               "summary": summary_json(summarise(p for r in results for p in r.plays)),
               "moon_alerts": alerts, "errors": errors, "output": output}
        typer.echo(json.dumps(out, indent=2))
        return
    console = Console(highlight=False)
    for f, rs in grouped:
        _view(console, f, rs, judged_from)
    if output is not None:
        console.print(Text.assemble(("annotated record written to ", "dim"), output))


#: A stand-alone app (``python -m hearts.analysis.annotate_cli FILES``).
app = typer.Typer(add_completion=False, rich_markup_mode="markdown")
app.command("annotate")(annotate_command)


def _main(argv: Any = None) -> None:  # pragma: no cover - thin wrapper
    try:
        app(argv)
    except HeartsError as err:
        sys.stderr.write(f"error: {err}\n")
        sys.exit(2)


if __name__ == "__main__":  # pragma: no cover
    _main()
