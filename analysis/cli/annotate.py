"""``hearts annotate``: judge every play of game records, with open hands and/or on each seat's
own knowledge.

The logic lives in :mod:`hearts.analysis.annotate`; this module reads the files, prints the
rich view or JSON and writes the annotated HGN and the HTML report
(:mod:`hearts.analysis.annotate_html`).
"""
from __future__ import annotations

import errno
import itertools
import os
from dataclasses import replace
from typing import Iterator, Optional, Sequence

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts.solver.cards import Card
from hearts.solver.limit import Limit
from hearts.solver.words import counted, printable

from .. import records
from ..records import GameRecord
from ..annotate import (ACCURACY_K, DEFAULT_SAMPLES, FAIR_MODELS, MODES, BatchJsonWriter,
                        GameAnnotation, JudgedPlay, MoonAlert, PassNote, annotate_games,
                        batch_json, judged_from_trick, mistake_count, modes_run, moon_text, primary,
                        summarise)
from ..engine import DEFAULT_ENGINE
from ..annotate_html import render_report
from ..files import input_size, open_input, os_reason, same_file, stream_position
from ..outputs import AtomicFile, StandardOutput, atomic_outputs
from ..parallel import connect, default_threads
from ..passing import DEFAULT_SAMPLES as PASS_SAMPLES
from ..passing import RecordPassRater
from ..sampling import MAX_SAMPLES
from ..settings import Sampling
from .options import (SAMPLING, CommandError, check_output, check_stdout, force_option,
                      given_options, json_option, jsonl_option, model_option, option_names,
                      output_option, quiet_option, rules_option, samples_option,
                      scheduler_option, seed_option, threads_option, time_option)
from .render import batch_progress, card_text, cards_text

__all__ = ["annotate_command", "check_options_apply"]

_MARK_STYLE = {"?": "bold yellow", "??": "bold red"}


_MODE_TEXT = {
    "open": "open hands (every hand visible; max^n values, lower is better)",
    "fair": "fair (each seat's own knowledge; sampled deals, mean points, lower is better)",
    "both": "open hands and fair (max^n with every hand visible, and sampled on each seat's "
            "own knowledge; lower is better)",
}


def _cards(text: Text, cards: Sequence[Card], sep: str = ",") -> None:
    text.append_text(cards_text(cards, sep))


def _first_trick(result: GameAnnotation) -> int:
    return min(result.judged_from, result.fair_from or 14)


def _view(console: Console, name: str, results: list[GameAnnotation], mode: str,
          from_trick: Optional[int] = None) -> None:
    """The view of one file's games; ``from_trick``: the ``--from-trick`` the user gave."""
    console.print(Text.assemble(("annotate ", "dim"), (name, "bold"), ("  mode ", "dim"),
                                _MODE_TEXT[mode]))
    # Every read error of the file first, under its name: printed with the game that holds it,
    # an OpenSpiel line's error (kept by the last game read) came before that game's output.
    for result in results:
        for err in result.errors:
            # escaped: a reader's message may quote the file (a lenient reader's warnings)
            console.print(Text(f"read error (annotated up to it): {printable(str(err))}",
                               style="yellow"))
    if not results:
        return
    first = results[0]
    if mode != "fair" and first.judged_from > 1:
        # the cost is the reason only for the trick --max-tricks chose, not for the user's own
        why = ("exact solves are affordable from there on" if from_trick is None
               else f"--from-trick {from_trick}")
        console.print(Text(f"open hands: plays before trick {first.judged_from} are not judged "
                           f"({why})", style="dim"))
    if mode != "open":
        console.print(Text(f"fair: every play from trick {first.fair_from}, up to "
                           f"{first.samples} sampled deals a play (seed {first.seed}, "
                           f"{first.fair_model}, evaluator {first.evaluator}: a bot roll-out "
                           f"then an exact solve early, exact solves late); loss = mean(card) "
                           f"- mean(best) ± SE", style="dim"))
    for gi, result in enumerate(results, start=1):
        start = _first_trick(result)
        for deal_ann in result.deals:
            deal = deal_ann.deal
            head = f"game {gi}, deal {deal.number}" if len(results) > 1 else f"deal {deal.number}"
            console.print(Text(head, style="bold underline"))
            for note in deal_ann.passes:
                console.print(_pass_text(note))
            by_index = {p.index: p for p in deal_ann.plays}
            notes: list[Text] = []
            for trick in deal.tricks():
                if trick.number < start:
                    continue
                line = Text(f"{trick.number:>2}. ")
                for offset, (seat, play) in enumerate(zip(trick.seats, trick.plays)):
                    judged = by_index.get(4 * (trick.number - 1) + offset + 1)
                    line.append(f"{seat} ", style="dim")
                    line.append_text(card_text(play.card))
                    if judged is not None:
                        line.append_text(_play_mark(judged))
                        if judged.verdict or judged.mark:
                            notes.append(_note(judged))
                    line.append("  ")
                console.print(line)
            for note in notes:
                console.print(note)
            unjudged = [p for p in deal_ann.plays if p.status == "unjudged"]
            if unjudged:
                console.print(Text(f"   {counted(len(unjudged), 'play')} unjudged (· : not "
                                   f"solved within --time)", style="yellow"))
            if deal_ann.moon_alert is not None:
                console.print(_moon_text(deal_ann.moon_alert))
            console.print(_accuracy_text(deal_ann.plays, primary(mode)))
    for which in modes_run(mode):
        # "open-hands only" compares with the open judgement: none in fair mode alone
        _summary_table(console, [p for r in results for p in r.plays], which,
                       open_only=mode == "both")
    count = mistake_count(p for r in results for p in r.plays)
    console.print(Text(f"mistakes marked: {count} ({primary(mode)} marks)", style="bold"))


def _play_mark(p: JudgedPlay) -> Text:
    """The mark after a card in the trick lines: the verdict, an open-hands-only mark in
    brackets, ``·`` for an open play not solved in time."""
    text = Text()
    if p.verdict:
        text.append(p.verdict, style=_MARK_STYLE[p.verdict])
    elif p.agreement == "open only":
        text.append(f"({p.mark})", style="cyan")
    elif p.status == "unjudged" and p.fair is None:
        text.append("·", style="dim")
    return text


def _note(p: JudgedPlay) -> Text:
    """A marked play: a heading line, then one line per judgement (open hands, fair)."""
    text = Text(f"    trick {p.trick}: {p.seat} ")
    text.append_text(card_text(p.card))
    text.append_text(_play_mark(p))
    if p.status == "judged" and (p.mark or p.agreement):
        if p.agreement == "open only":   # a mistake only against the hands as they lay
            text.append("\n      open hands only: ", style="cyan")
        else:
            text.append("\n      open hands: ", style="dim")
        text.append(f"loses {p.loss} ({p.value} vs {p.best_value}); best ")
        _cards(text, p.best)
        if p.line:
            text.append("  line ", style="dim")
            _cards(text, p.line, " ")
    f = p.fair
    if f is not None and (f.mark or p.agreement):
        label = "fair only" if p.agreement == "fair only" else "fair"
        text.append(f"\n      {label} ({counted(f.samples, 'sample')}, {f.evaluator}): ",
                    style="cyan" if p.agreement == "fair only" else "dim")
        text.append(f"loses {f.loss:.2f} ± {f.se:.2f}")
        if f.mean is not None and f.best_mean is not None:
            text.append(f" ({f.mean:.2f} vs {f.best_mean:.2f})")
        text.append("; best ")
        _cards(text, f.best)
    return text


def _pass_text(note: PassNote) -> Text:
    text = Text(f"   pass {note.seat} → {note.to}: ", style="dim")
    _cards(text, note.cards, " ")
    summary = note.rating_summary()
    if note.rating is None:
        text.append(f"  ({note.status})", style="dim")
    elif summary is not None:
        head, best, tail, _ = summary
        text.append(f"  {head}")
        text.append("\n      best ", style="dim")
        _cards(text, best, " ")
        # the evaluator is in the report and the JSON: with it the line outgrew 80 columns
        text.append(f"{tail} ({counted(note.rating['samples'], 'sample')})", style="dim")
    else:                               # another rater's keys, as they are
        text.append("  " + ", ".join(f"{k} {v}" for k, v in note.rating.items()))
    return text


def _summary_table(console: Console, plays: list[JudgedPlay], which: str,
                   open_only: bool = True) -> None:
    fair = which == "fair"
    table = Table(title=f"per seat ({'fair: on its own knowledge' if fair else 'open hands'})",
                  header_style="bold")
    columns = ["seat", "judged", "mistakes ?", "blunders ??", "points lost"]
    last = "open-hands only" if fair else "unjudged"
    if fair and not open_only:
        last = ""
    if last:
        columns.append(last)
    for column in columns:
        table.add_column(column, justify="right" if column != "seat" else "left")
    for seat, row in summarise(plays, which).items():
        cells = [seat.name_title, str(row["judged"]), str(row["mistakes"]), str(row["blunders"]),
                 f"{row['lost']:.2f}" if fair else str(row["lost"])]
        if last:
            cells.append(str(row["open_only"] if fair else row["unjudged"]))
        table.add_row(*cells)
    console.print(table)
    console.print(_accuracy_text(plays, which, formula=True))


def _accuracy_text(plays: Sequence[JudgedPlay], which: str, formula: bool = False) -> Text:
    """``   accuracy N 100  E 81  S 73  W 81``: each seat's accuracy (0-100) from the
    judgement ``which`` of ``plays``; with ``formula``, how it is computed."""
    text = Text("   accuracy ", style="dim")
    for k, (seat, row) in enumerate(summarise(plays, which).items()):
        text.append(f"{'  ' if k else ''}{seat.letter} ")
        text.append("—" if row["accuracy"] is None else f"{row['accuracy']:.0f}", style="bold")
    if formula:
        text.append(f"  = 100·e^(-{ACCURACY_K[which]:g}·points lost per decision)", style="dim")
    return text


def _moon_text(a: MoonAlert) -> Text:
    return Text(moon_text(a), style="magenta")


def check_options_apply(mode: str, given: set[str], *, model: str = "paranoid",
                        rate_passes: bool = False) -> None:
    """Refuse an option that would be silently ignored in ``mode``: ``given`` holds the
    parameter names the user passed (``samples``, ``seed``, ``model``, ``pass_samples``,
    ``max_tricks``, ``from_trick``).

    Open mode samples nothing, so ``--samples`` and ``--seed`` (unless it seeds
    ``--rate-passes``) do not apply, nor ``--model`` other than paranoid; ``--pass-samples``
    needs ``--rate-passes``; ``--from-trick`` overrides ``--max-tricks`` in every mode.
    (``--max-tricks`` and ``--time`` do apply in fair mode: they set where the moon checks
    start and cap them.)

    Raises:
        CommandError: the first such option, in one line naming it and why.
    """
    if mode not in MODES:
        return      # annotate_games names the unknown mode; "applies to" would mislead
    why_open = "open mode solves every position exactly, with nothing sampled"
    if mode == "open":
        if "samples" in given:
            hint = "; --rate-passes takes --pass-samples" if rate_passes else ""
            raise CommandError(f"--samples applies to --mode fair or both ({why_open})"
                               f"{hint}")
        if "seed" in given and not rate_passes:
            raise CommandError(f"--seed applies to --mode fair or both, or with "
                               f"--rate-passes ({why_open})")
        if "model" in given and model != "paranoid" and model in FAIR_MODELS:
            raise CommandError(f"--model {model} applies to --mode fair or both (open "
                               f"mode takes --open-model)")
    if "pass_samples" in given and not rate_passes:
        raise CommandError("--pass-samples goes with --rate-passes")
    if "max_tricks" in given and "from_trick" in given:
        raise CommandError("--max-tricks has no effect with --from-trick, which sets the "
                           "first trick judged itself: give one of them")


def annotate_command(
    ctx: typer.Context,
    files: list[str] = typer.Argument(..., metavar="FILES",
                                      help="Records: HGN, our JSON, OpenSpiel lines, peer "
                                           "JSONL, an OpenSpiel playthrough."),
    output: Optional[str] = output_option("Write the annotated records (HGN) to OUT.",
                                          metavar="OUT"),
    html: Optional[str] = typer.Option(None, "--html", metavar="REPORT",
                                       help="Write a self-contained HTML report to REPORT."),
    force: bool = force_option("Overwrite an existing OUT or REPORT."),
    mode: str = typer.Option("open", "--mode",
                             help="open (all hands visible, exact), fair (each seat's own "
                                  "knowledge, sampled) or both."),
    max_tricks: int = typer.Option(8, "--max-tricks", metavar="N",
                                   help="Open hands: judge tricks with at most N tricks left "
                                        "(8: tricks 6-13); in fair mode it only sets the "
                                        "first moon check (fair judges every trick)."),
    from_trick: Optional[int] = typer.Option(None, "--from-trick", metavar="K",
                                             help="First trick judged, every mode (instead "
                                                  "of --max-tricks, not with it; fair "
                                                  "default 1)."),
    mistake: int = typer.Option(2, "--mistake", metavar="POINTS", help="Loss for ? (points)."),
    blunder: int = typer.Option(6, "--blunder", metavar="POINTS", help="Loss for ?? (points)."),
    # --samples and -j without a lower bound here: the library's "samples must be at least
    # 1, got 0" is the message (option_names), as it always was for annotate
    samples: int = samples_option(DEFAULT_SAMPLES,
                                  "Fair and both mode: sampled deals per play (at most).",
                                  min=None),
    seed: int = seed_option("Fair and both mode: seed of every play's sampler; also seeds "
                            "--rate-passes."),
    model: str = model_option("Fair and both mode: maxn or paranoid values per sample "
                              "(default: the engine's, as in hearts play; open hands: "
                              "--open-model).", default=DEFAULT_ENGINE.model),
    open_model: str = typer.Option(
        "auto", "--open-model", metavar="MODEL",
        help="Open hands: auto (max^n, exact from 8 tricks left, a labelled depth-bounded "
             "estimate before), maxn (exact: minutes a position before 8 tricks left) or "
             "paranoid (exact: the other three together against the seat)."),
    time_ms: Optional[float] = time_option(None, "Cap per open position and moon check; "
                                                 "unsolved plays are unjudged."),
    threads: Optional[int] = threads_option("Run deals and fair plays on N threads (default: "
                                            "every core; the results do not depend on it).",
                                            min=None),
    scheduler: Optional[str] = scheduler_option("Run the jobs on a Dask cluster."),
    rate_passes: bool = typer.Option(False, "--rate-passes",
                                     help="Rate each pass made: all passes of the seat's dealt "
                                          "hand ranked as by `hearts pass` (10-30 s a pass)."),
    pass_samples: int = typer.Option(PASS_SAMPLES, "--pass-samples", metavar="N", min=1,
                                     max=MAX_SAMPLES,
                                     help="With --rate-passes: the most deals for one pass."),
    rules: Optional[str] = rules_option("Rules for OpenSpiel action lines."),
    lenient: bool = typer.Option(False, "--lenient",
                                 help="Annotate up to the first read error and report it (the "
                                      "view lists a file's read errors first, under its "
                                      "name)."),
    as_json: bool = json_option("Print JSON instead of the view (one document, written as "
                                "the games are annotated)."),
    as_jsonl: bool = jsonl_option("Print JSON Lines instead of the view: a game's annotation "
                                  "a line, as it is annotated."),
    quiet: bool = quiet_option(),
) -> None:
    """Annotate game records: every judged play's value, the best card, the loss,
    `?` (loss >= --mistake) and `??` (loss >= --blunder), moon alerts, the passes and a
    per-seat summary.

    Mode open: double-dummy values for the seat that played (its points for the deal; lower
    is better) with every hand visible, from --from-trick (default: the first trick with at
    most --max-tricks tricks left): by default max^n (every seat plays for its own points),
    exact from 8 tricks left and a labelled depth-bounded estimate before; --open-model
    paranoid judges by the exact paranoid value (the other three together against the seat),
    which early in a deal blames cards for moons nobody would arrange. Mode
    fair: each play judged on the seat's own knowledge, over --samples deals sampled from it
    (mean points ± SE), valued by the engine of `hearts play` (max^n by default,
    `hearts.analysis.DEFAULT_ENGINE`). Mode both: both, the marks are the fair ones and
    open-hands-only mistakes are shown as such. Marks and data go into the play comments of
    the HGN written to -o; see `docs/annotate.md`.

    An option that does not apply is an error (exit 2): --samples, --seed (without
    --rate-passes) and --model maxn in open mode, --pass-samples without --rate-passes,
    --max-tricks with --from-trick.

    **Examples**:

    ```
    hearts annotate game.hgn -o game-annotated.hgn --html report.html
    hearts annotate game.hgn --mode both --samples 100 --seed 1
    hearts annotate game.hgn --rate-passes --pass-samples 128
    hearts annotate tests/data/openspiel_xinxin/xinxin_train.txt --max-tricks 6 --json
    ```
    """
    check_options_apply(mode, given_options(ctx), model=model, rate_passes=rate_passes)
    if as_json and as_jsonl:
        raise CommandError("--json prints one JSON document, --jsonl a JSON line a game: give "
                           "one of them")
    with option_names(max_tricks="--max-tricks", from_trick="--from-trick"):
        judged_from_trick(max_tricks, from_trick)
    check_output(output, files, force, "-o")
    check_output(html, files, force, "--html")
    check_stdout(files)
    if output is not None and html is not None and same_file(output, html):
        raise CommandError(f"-o and --html name the same file {output}")
    if files.count("-") > 1:
        # The second read of standard input found it empty: the first file's annotation
        # was printed, then "stdin: no records".
        raise CommandError(f"- (standard input) is given {files.count('-')} times: it can "
                           f"be read once")
    for f in files:
        # the one wording of a missing file or a directory (files.os_reason)
        if f != "-" and os.path.isdir(f):
            raise CommandError(f"{f}: {os_reason(errno.EISDIR)}")
        if f != "-" and not os.path.exists(f):
            raise CommandError(f"{f}: {os_reason(errno.ENOENT)}")
    # Every file is read once before any solving (a bad record in the last file must not
    # come after hours of work), then again a few games at a time as they are annotated;
    # standard input is read once.
    for f in files:
        if f != "-":
            with (open_input(f) as stream, option_names(rules="--rules"),
                  batch_progress(f"checking {f}", input_size(stream),
                                 unit="games") as checked):
                for count, _ in enumerate(records.iter_games(stream, rules=rules, name=f,
                                                             strict=not lenient), 1):
                    checked(count, stream_position(stream))
    with option_names(time_ms="--time", **SAMPLING):
        limit = Limit(time_ms=time_ms)
        sampling = Sampling(samples, seed, threads, scheduler)
    record_file = AtomicFile(output, force=force) if output is not None else None
    report_file = AtomicFile(html, force=force) if html is not None else None
    machine = as_json or as_jsonl
    json_out = (BatchJsonWriter(StandardOutput(), mode, limit, files, output, html,
                                lines=as_jsonl) if machine else None)
    console = Console(highlight=False)
    grouped: list[tuple[str, list[GameAnnotation]]] = []   # kept for the view or the report
    workers = default_threads() if threads is None else threads
    sizes = [0 if f == "-" else os.path.getsize(f) for f in files]
    # one connection for the annotation and every pass rated after it
    with (option_names(rules="--rules", **SAMPLING),
          atomic_outputs([f for f in (record_file, report_file) if f is not None]),
          connect(scheduler) as cluster,
          batch_progress("annotate", sum(sizes) or None, unit="games") as update):
        rater = (RecordPassRater(Sampling(pass_samples, seed, threads, cluster))
                 if rate_passes else None)
        writer = records.GameWriter(record_file, "hgn") if record_file is not None else None
        done = 0
        for number, f in enumerate(files):
            kept: list[GameAnnotation] = []
            with open_input(f) as stream:
                def position() -> Optional[int]:
                    at = stream_position(stream)
                    return None if at is None else sum(sizes[:number]) + at

                def jobs(finished: int, total: int) -> None:
                    update(done, position(), f"{finished}/{total} jobs (deals, fair plays)")

                games = records.iter_games(stream, rules=rules, name=f, strict=not lenient)
                # a few games at a time: the thread pool has work, memory stays bounded
                for batch in _batches(games, max(8, 4 * workers)):
                    results = annotate_games(batch, mode, max_tricks=max_tricks,
                                             from_trick=from_trick, mistake=mistake,
                                             blunder=blunder, limit=limit,
                                             sampling=replace(sampling, scheduler=cluster),
                                             model=model, pass_rater=rater, progress=jobs,
                                             first_game=done + 1, open_model=open_model)
                    done += len(batch)
                    for result in results:
                        if writer is not None:
                            writer.write(result.game)
                        if json_out is not None:
                            json_out.add(f, result)
                        if json_out is None or report_file is not None:
                            kept.append(result)
                    update(done, position())
            if json_out is None:
                _view(console, f, kept, mode, from_trick)
                kept = [] if report_file is None else kept
            grouped.append((f, kept))
        if json_out is not None:
            json_out.close()
        if report_file is not None:
            report_file.write(render_report(grouped, batch_json(grouped, mode, limit, output,
                                                                html)))
    if machine:
        return
    if output is not None:
        console.print(Text.assemble(("annotated record written to ", "dim"), output))
    if html is not None:
        console.print(Text.assemble(("HTML report written to ", "dim"), html))


def _batches(games: Iterator[GameRecord], size: int) -> Iterator[list[GameRecord]]:
    """``games`` in lists of ``size`` (the last shorter), read as they are needed."""
    while True:
        batch = list(itertools.islice(games, size))
        if not batch:
            return
        yield batch
