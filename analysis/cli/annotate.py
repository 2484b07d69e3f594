"""``hearts annotate``: judge every play of game records, with open hands and/or on each seat's
own knowledge.

The logic lives in :mod:`hearts.analysis.annotate`; this module reads the files, prints the
rich view or JSON and writes the annotated HGN and the HTML report
(:mod:`hearts.analysis.annotate_html`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts.solver.cards import Card
from hearts.solver.limit import Limit
from hearts.solver.errors import RecordSyntaxError
from hearts.solver.words import counted

from .. import records
from ..annotate import (DEFAULT_SAMPLES, FAIR_MODELS, MODES, GameAnnotation, JudgedPlay,
                        MoonAlert, PassNote, annotate_games, batch_json, judged_from_trick,
                        mistake_count, modes_run, moon_text, primary, summarise)
from ..annotate_html import render_report
from ..files import same_file, write_output
from ..parallel import connect
from ..passing import DEFAULT_SAMPLES as PASS_SAMPLES
from ..passing import RecordPassRater
from ..sampling import MAX_SAMPLES
from ..settings import Sampling
from .options import (SAMPLING, CommandError, check_output, force_option, given_options,
                      json_option, model_option, option_names, output_option, rules_option,
                      samples_option, scheduler_option, seed_option, threads_option,
                      time_option)
from .options import quiet_option, read_input
from .render import card_text, cards_text, echo_json, progress

__all__ = ["annotate_command", "check_options_apply"]

_MARK_STYLE = {"?": "bold yellow", "??": "bold red"}


_MODE_TEXT = {
    "open": "open hands (every hand visible; exact paranoid values, lower is better)",
    "fair": "fair (each seat's own knowledge; sampled deals, mean points, lower is better)",
    "both": "open hands and fair (exact with every hand visible, and sampled on each seat's "
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
            console.print(Text(f"read error (annotated up to it): {err}", style="yellow"))
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
                               f"mode solves paranoid values only)")
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
    model: str = model_option("Fair and both mode: paranoid or maxn values per sample (open "
                              "hands are paranoid only).", default="paranoid"),
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
    as_json: bool = json_option("Print JSON instead of the view."),
    quiet: bool = quiet_option(),
) -> None:
    """Annotate game records: every judged play's value, the best card, the loss,
    `?` (loss >= --mistake) and `??` (loss >= --blunder), moon alerts, the passes and a
    per-seat summary.

    Mode open: exact paranoid double-dummy values for the seat that played (its points for
    the deal when the other three play against it; lower is better) with every hand visible,
    from --from-trick (default: the first trick with at most --max-tricks tricks left). Mode
    fair: each play judged on the seat's own knowledge, over --samples deals sampled from it
    (mean points ± SE). Mode both: both, the marks are the fair ones and open-hands-only
    mistakes are shown as such. Marks and data go into the play comments of the HGN written
    to -o; see `docs/annotate.md`.

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
    with option_names(max_tricks="--max-tricks", from_trick="--from-trick"):
        judged_from_trick(max_tricks, from_trick)
    check_output(output, files, force, "-o")
    check_output(html, files, force, "--html")
    if output is not None and html is not None and same_file(output, html):
        raise CommandError(f"-o and --html name the same file {output}")
    per_file: list[tuple[str, list[records.GameRecord]]] = []
    for f in files:
        text = read_input(f)     # a missing file or a directory: error_line's one wording
        try:
            with option_names(rules="--rules"):
                games = records.read_games(text, rules=rules, name=f, strict=not lenient)
        except RecordSyntaxError as err:
            # read_games names the file; the forgiving reader's own errors too
            raise err.in_file(f) from None
        per_file.append((f, games))
    all_games = [g for _, games in per_file for g in games]
    # one connection for the annotation and every pass rated after it
    with option_names(time_ms="--time", **SAMPLING):
        limit = Limit(time_ms=time_ms)
        sampling = Sampling(samples, seed, threads, scheduler)
    with (option_names(**SAMPLING),
          connect(scheduler) as cluster,
          progress("annotating", not as_json, unit="jobs (deals, fair plays)") as update):
        results = annotate_games(all_games, mode, max_tricks=max_tricks, from_trick=from_trick,
                                 mistake=mistake, blunder=blunder, limit=limit,
                                 sampling=replace(sampling, scheduler=cluster), model=model,
                                 pass_rater=RecordPassRater(
                                     Sampling(pass_samples, seed, threads, cluster)
                                 ) if rate_passes else None,
                                 progress=update)
    if output is not None:
        write_output(output, records.dumps([r.game for r in results]))
    start = 0
    grouped = []
    for f, games in per_file:
        grouped.append((f, results[start:start + len(games)]))
        start += len(games)
    data = batch_json(grouped, mode, limit, output, html)
    if html is not None:
        write_output(html, render_report(grouped, data))
    if as_json:
        echo_json(data, ensure_ascii=True)
        return
    console = Console(highlight=False)
    for f, rs in grouped:
        _view(console, f, rs, mode, from_trick)
    if output is not None:
        console.print(Text.assemble(("annotated record written to ", "dim"), output))
    if html is not None:
        console.print(Text.assemble(("HTML report written to ", "dim"), html))
