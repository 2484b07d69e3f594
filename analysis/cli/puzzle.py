"""``hearts puzzle``: serve a double-dummy puzzle, check the collection, mine new puzzles.

The logic lives in :mod:`hearts.analysis.puzzles`; this module only wraps it (typer + rich):
a group of its own (``puzzle_app``; serving a puzzle is its callback), shown in the four-colour
deck (:data:`.render.FOUR_COLOURS`).

Exit codes: ``hearts puzzle`` 0 right answer, 1 wrong answer; ``check`` 0 every puzzle verified,
1 a mismatch; every command 2 on bad input (``error: ...`` on stderr, no traceback).
"""
from __future__ import annotations

import itertools
import json
import os
import random
import time
from pathlib import Path
from typing import List, Optional

import platformdirs
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts.solver.cards import Card, CardError
from hearts.solver.errors import HeartsError, RecordSyntaxError
from hearts.solver.limit import Limit
from hearts.solver.position import Position, trick_winner
from hearts.solver.rules import Rules
from hearts.solver.seats import Seat
from hearts.solver.words import counted

from .. import puzzles as pz
from ..outputs import write_output
from ..records import rules_text
from .help import HeartsCommand, HeartsGroup
from .options import quiet_option
from .options import (check_output, force_option, json_option, output_option, seed_option,
                      time_option)
from .render import FOUR_COLOURS, card_text, cards_text, hand_panel, progress

__all__ = ["puzzle_app", "CACHE_ENV", "cache_dir"]

#: Moves the cache folder where ``hearts puzzle`` keeps the last puzzle served (tests set it).
CACHE_ENV = "HEARTS_DD_CACHE_DIR"
_LAST = "last-puzzle.json"

# The group's help is what `hearts puzzle --help` shows (not serve's docstring), so the exit
# codes a script tests are stated here (docs/puzzles.md).
puzzle_app = typer.Typer(
    cls=HeartsGroup,
    help="Double-dummy Hearts puzzles: one right card, proved by the solver.\n\n"
         "Serving one (no command): exit code 0 for a right answer, 1 for a wrong one, 2 for "
         "bad input.",
    add_completion=False)


def _card(card: Card) -> Text:
    return card_text(card, FOUR_COLOURS)


def _cards(cards: "list[Card] | tuple[Card, ...]", sep: str = " ") -> Text:
    return cards_text(cards, sep, FOUR_COLOURS)


def rules_words(rules: Rules) -> str:
    """The rules as a person reads them, in the ``--rules`` spelling the other commands print
    (:func:`~hearts.analysis.records.rules_text`): ``standard``, or ``standard with
    no_points_on_first_trick=false``."""
    base, *changes = rules_text(rules).split(",")
    return base if not changes else f"{base} with {', '.join(changes)}"


def _points(value: int) -> str:
    return counted(value, "point")


def _task_sentence(puzzle: pz.Puzzle) -> str:
    seat = puzzle.seat.name_title
    if puzzle.task == "lose the fewest points":
        return (f"{seat} to play: find the card that loses the fewest points "
                f"(the other three play together against {seat}).")
    if puzzle.task == "duck the queen":
        return (f"{seat} to play: find the card that keeps the Q♠ away "
                f"(the other three play together against {seat}).")
    if puzzle.task == "shoot the moon":
        return (f"{seat} has taken every penalty card so far. {seat} to play: find the card "
                f"that still shoots the moon against any defence.")
    return (f"{puzzle.target.name_title} has taken every penalty card so far. {seat} to play: "
            f"find the card that stops the moon (the other defenders help).")


def show_position(console: Console, puzzle: pz.Puzzle) -> Position:
    """Print the puzzle: header, the four hands, the trick so far, points taken, the task."""
    position = puzzle.position()
    stars = "★" * puzzle.difficulty + "☆" * (5 - puzzle.difficulty)
    console.print(Text.assemble((f"Puzzle {puzzle.id}", "bold"), f"  {stars}  ",
                                (puzzle.task, "italic")))
    console.print(Text(f"Rules: {rules_words(puzzle.rules)}. Trick "
                       f"{position.tricks_played + 1} of 13, {puzzle.tricks_left} left.",
                       style="dim"))

    def panel(seat: Seat) -> Text:
        title = Text(f"{seat.name_title} ", style="bold")
        title.append(f"{_points(position.points[seat])} taken", style="dim")
        if seat == position.to_move:
            title.append("  ◀ to play", style="bold yellow")
        title.append("\n")
        title.append_text(hand_panel(position.hands[seat]))
        return title

    trick = Text("Trick so far\n", style="bold")
    if position.trick:
        for i, card in enumerate(position.trick):
            trick.append(f"{position.leader.offset(i).letter} ")
            trick.append_text(_card(card))
            trick.append("\n")
    else:
        trick.append(f"{position.leader.name_title} leads\n", style="dim")
    trick.append(f"{position.to_move.letter} ?", style="bold yellow")
    grid = Table.grid(padding=(1, 4))
    for _ in range(3):
        grid.add_column()
    grid.add_row("", panel(Seat.N), "")
    grid.add_row(panel(Seat.W), trick, panel(Seat.E))
    grid.add_row("", panel(Seat.S), "")
    console.print(grid)
    console.print(_task_sentence(puzzle))
    return position


def _value_words(puzzle: pz.Puzzle, card: Card) -> str:
    if puzzle.model == "moon":
        value = puzzle.values[card]
        if puzzle.task == "shoot the moon":
            return "shoots the moon" if value else "cannot shoot"
        return "lets the moon through" if value else "stops the moon"
    value = puzzle.values[card]
    return f"ends the deal with {_points(value)}"


def show_solution(console: Console, puzzle: pz.Puzzle, guess: Card | None) -> None:
    """Print right/wrong, every card's value, and the solution line trick by trick."""
    position = puzzle.position()
    best = puzzle.answer[0]
    if guess is not None:
        if puzzle.is_right(guess):
            console.print(Text.assemble(("Right! ", "bold green"), _card(guess),
                                        f" {_value_words(puzzle, guess)}."))
        else:
            console.print(Text.assemble(("Wrong. ", "bold red"), _card(guess),
                                        f" {_value_words(puzzle, guess)}; the answer ",
                                        _cards(puzzle.answer, " or "),
                                        f" {_value_words(puzzle, best)}."))
    points = puzzle.paranoid_points()
    console.print(Text(f"Every card ({puzzle.model} model). Points: {puzzle.seat.name_title}'s "
                       f"final points for the deal when the other three play against it "
                       f"(lower is better).", style="bold"))
    table = Table()
    table.add_column("card")
    if puzzle.model == "moon":
        table.add_column("moon")
    table.add_column("points", justify="right")
    table.add_column("")
    shown: dict[tuple, list[Card]] = {}
    for card in puzzle.values:
        shown.setdefault((puzzle.values[card], points.get(card)), []).append(card)
    for (value, pts), cards in sorted(shown.items(), key=lambda kv: (
            kv[1][0] not in puzzle.answer, kv[0][1] if kv[0][1] is not None else 0)):
        mark = Text()
        if cards[0] in puzzle.answer:
            mark.append("best", style="bold green")
        if guess is not None and guess in cards:
            mark.append(" ← yours", style="bold yellow")
        row = [_cards(cards)]
        if puzzle.model == "moon":
            row.append(_value_words(puzzle, cards[0]))
        row.extend([str(pts), mark])
        table.add_row(*row)
    console.print(table)
    console.print(Text(f"Margin: {_points(puzzle.margin)} over the next-best card. "
                       f"Source: {puzzle.source}.", style="dim"))
    console.print(Text("Solution line (both sides at their best):", style="bold"))
    pos = position
    for card in puzzle.line:
        pos.play(card)
        if not pos.trick:
            leader, cards = pos.tricks()[-1]
            winner = trick_winner(cards, leader)
            worth = sum(puzzle.rules.card_points(c) for c in cards)
            row = Text(f"  trick {pos.tricks_played:>2}: ")
            for i, c in enumerate(cards):
                row.append(f"{leader.offset(i).letter} ")
                row.append_text(_card(c))
                row.append("  ")
            row.append(f"→ {winner.letter}" + (f" +{worth}" if worth else ""))
            console.print(row)
    score = pos.score()
    console.print(Text("Final points: " + "  ".join(f"{s.letter} {score[s]}" for s in Seat)))


class _NoAnswer(Exception):
    """stdin ended before a card was typed."""


def _ask(prompt: str) -> str:
    """One answer typed on stdin (``typer.prompt`` would turn end of file into an abort, the
    Ctrl-C exit code 130: a closed stdin is bad input, a Ctrl-C stays an abort).

    Raises:
        _NoAnswer: stdin is at end of file (``< /dev/null``, a pipe that ended); the caller
            names the puzzle's id in the message.
        typer.Abort: Ctrl-C (``error: aborted``, exit code 130, as ``typer.prompt`` had it).
    """
    try:
        return input(f"{prompt}: ")
    except EOFError:
        raise _NoAnswer() from None
    except KeyboardInterrupt:
        raise typer.Abort() from None


def cache_dir() -> Path:
    """The user's cache folder of hearts-dd: ``$HEARTS_DD_CACHE_DIR`` if set, else the
    platform's (``~/.cache/hearts-dd`` on Linux, honouring ``XDG_CACHE_HOME``: platformdirs)."""
    return Path(os.environ.get(CACHE_ENV) or platformdirs.user_cache_dir("hearts-dd",
                                                                        appauthor=False))


def _source_key(file: Optional[Path]) -> Optional[str]:
    """Which collection a puzzle id belongs to: None for the shipped one, else the file."""
    return None if file is None else str(file.resolve())


def _remember(puzzle: pz.Puzzle, file: Optional[Path]) -> None:
    """Keep the puzzle just served, for ``--answer`` without ``--id``. A cache that cannot
    be written (a read-only home) only loses that: the hint names the id."""
    path = cache_dir() / _LAST
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"id": puzzle.id, "file": _source_key(file)}) + "\n",
                        encoding="utf-8")
    except OSError:
        pass


def _last_served(file: Optional[Path]) -> Optional[str]:
    """The id of the last puzzle served from the same collection, or None."""
    try:
        data = json.loads((cache_dir() / _LAST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("file") != _source_key(file):
        return None
    return data.get("id") if isinstance(data.get("id"), str) else None


def _answer_card(answer: str) -> Card:
    """The card of ``--answer``.

    Raises:
        CardError: ``--answer: unknown card "ZZ"``.
    """
    try:
        return Card(answer)
    except CardError as err:
        raise CardError(f"--answer: {err}") from None


def _answer_hint(puzzle: pz.Puzzle) -> str:
    return (f"hearts puzzle --answer CARD answers it (the last puzzle served), or "
            f"hearts puzzle --id {puzzle.id} --answer CARD")


def _load(file: Optional[Path]) -> list[pz.Puzzle]:
    if file is None:
        return pz.load_shipped()
    return pz.load(file)


@puzzle_app.callback(invoke_without_command=True)
def serve(
    ctx: typer.Context,
    puzzle_id: Optional[str] = typer.Option(None, "--id", help="Serve this puzzle."),
    seed: Optional[int] = seed_option("Pick reproducibly.", default=None),
    difficulty: Optional[int] = typer.Option(None, "--difficulty", "-d", min=1, max=5,
                                             help="Only puzzles of this difficulty (1-5)."),
    task: Optional[str] = typer.Option(None, "--task", "-t", help=(
        "Only this task: fewest, queen, shoot, stop (or the full label).")),
    answer: Optional[str] = typer.Option(None, "--answer", "-a", help=(
        "Your card, for non-interactive use (else you are asked); a wrong one exits "
        "1. Without --id (and --seed) it answers the last puzzle served.")),
    file: Optional[Path] = typer.Option(None, "--file", "-f", help=(
        "A puzzle file (JSONL) instead of the shipped collection.")),
) -> None:
    """Serve one puzzle: show the position, ask for a card, say right or wrong, show the line.

    Exit code 0 for a right answer, 1 for a wrong one, 2 for bad input.
    """
    if ctx.invoked_subcommand is not None:
        return
    # A card that is no card is bad input before any puzzle is shown (it came after the
    # position, as 'unknown card "ZZ"' without the option's name).
    guess = _answer_card(answer) if answer is not None else None
    console = Console(highlight=False)
    source = str(file) if file is not None else "the shipped collection"
    try:
        puzzles = _load(file)
    except RecordSyntaxError as err:
        raise err.in_file(source) from None     # "line 1: bad JSON" of which file?
    if not puzzles:
        raise HeartsError(f"{source}: no puzzles (the file is empty or holds only blank "
                          f"and # lines)")
    wanted = pz.parse_task(task) if task is not None else None
    pool = [p for p in puzzles
            if (puzzle_id is None or p.id == puzzle_id)
            and (difficulty is None or p.difficulty == difficulty)
            and (wanted is None or p.task == wanted)]
    if not pool:
        what = [f"id {puzzle_id}" if puzzle_id else "", f"difficulty {difficulty}"
                if difficulty else "", f"task {wanted}" if wanted else ""]
        raise HeartsError(f"{source}: no puzzle with {', '.join(w for w in what if w)}")
    if answer is not None and puzzle_id is None and seed is None and len(pool) > 1:
        # The answer is to the puzzle the user saw: a new random pick answered another one.
        last = _last_served(file)
        pool = [p for p in pool if p.id == last]
        if not pool:
            raise HeartsError(
                "--answer without --id answers the last puzzle served, and "
                + ("none was served yet" if last is None else
                   f"the last one, {last}, is not among those asked for")
                + ": give --id ID (each puzzle shows its id) or run hearts puzzle first")
    puzzle = random.Random(seed).choice(pool)
    _remember(puzzle, file)
    if file is not None:
        # A file's stored values are what says right or wrong: re-solve the puzzle first,
        # so that an edited or stale file cannot call the right card wrong.
        problems = pz.check_puzzle(puzzle).problems
        if problems:
            raise HeartsError(f"{file}: puzzle {puzzle.id} does not check out: "
                              f"{problems[0]} (hearts puzzle check {file} lists them all)")
    position = show_position(console, puzzle)
    if guess is not None:
        reason = position.why_illegal(guess)
        if reason is not None:
            raise HeartsError(f"--answer {guess} cannot be played: {reason}")
    else:
        while True:
            try:
                text = _ask("Your card")
            except _NoAnswer:
                raise HeartsError(f"no answer given to puzzle {puzzle.id}: stdin is closed; "
                                  f"{_answer_hint(puzzle)}") from None
            if not text.strip():
                continue            # an empty line asks again, as typer.prompt did
            try:
                guess = Card(text)
            except HeartsError as err:
                console.print(f"{err}; write a card like QS, TH or 10H")
                continue
            reason = position.why_illegal(guess)
            if reason is None:
                break
            console.print(f"{guess} cannot be played: {reason}")
    show_solution(console, puzzle, guess)
    raise typer.Exit(0 if puzzle.is_right(guess) else 1)


@puzzle_app.command("check", cls=HeartsCommand)
def check_command(
    file: Optional[Path] = typer.Argument(None, metavar="FILE",
                                       help="Puzzle file (default: the shipped one)."),
    as_json: bool = json_option("One JSON object per puzzle."),
) -> None:
    """Re-solve every puzzle and report any disagreement with the solver.

    Exit code 0 when every puzzle is verified, 1 on any mismatch, 2 on a malformed,
    unreadable or empty file (the message names the line).
    """
    console = Console(highlight=False)
    try:
        puzzles = _load(file)
    except RecordSyntaxError as err:
        raise err.in_file(str(file or "the shipped collection")) from None
    if not puzzles:
        # "all verified" of nothing would pass a file that lost its puzzles
        raise HeartsError(f"{file or 'the shipped collection'}: no puzzles to check")
    t0 = time.perf_counter()
    results = pz.check(puzzles)
    bad = [r for r in results if not r.ok]
    if as_json:
        for r in results:
            print(json.dumps({"id": r.puzzle.id, "ok": r.ok, "problems": r.problems,
                              "ms": round(r.ms, 1)}))
    else:
        for r in bad:
            console.print(Text(f"MISMATCH {r.puzzle.id} ({r.puzzle.source}): "
                               + "; ".join(r.problems), style="red"))
        seconds = time.perf_counter() - t0
        verdict = "all verified" if not bad else f"{len(bad)} mismatched"
        console.print(f"checked {counted(len(results), 'puzzle')} in {seconds:.1f} s: {verdict}")
    raise typer.Exit(1 if bad else 0)


@puzzle_app.command("mine", cls=HeartsCommand)
def mine_command(
    files: Optional[List[Path]] = typer.Argument(None, metavar="FILES", help=(
        "Game records: OpenSpiel action-id lines (xinxin), peer JSONL, HGN or our JSON.")),
    output: Optional[Path] = output_option("Write here (default stdout)."),
    max_count: Optional[int] = typer.Option(None, "--max", min=1, help=(
        "Keep at most N puzzles, the best of all the deals mined.")),
    seed: int = seed_option("Seed of the random deals and of the selection."),
    random_deals: int = typer.Option(0, "--random", min=0, max=pz.MAX_RANDOM_DEALS, help=(
        "Also mine N seeded random deals (seeds SEED .. SEED+N-1), each made when it is "
        "mined.")),
    per_record: int = typer.Option(1, "--per-record", min=1, help="Puzzles per deal at most."),
    max_tricks: int = typer.Option(pz.MAX_TRICKS_LEFT, "--max-tricks", min=2, max=13, help=(
        "Look at positions with at most this many tricks left.")),
    time_limit: float = time_option(5000, "Time limit per solve (ms)."),
    stop_at_max: bool = typer.Option(False, "--stop-at-max", help=(
        "With --max N: stop mining once N puzzles can be kept, choosing among those found so "
        "far (by default every deal is mined and the best N of all are kept).")),
    force: bool = force_option("Overwrite PATH if it exists."),
    quiet: bool = quiet_option(),
) -> None:
    """Find positions where exactly one card is best by >= 3 points, and write them as JSONL.

    With --max N and --stop-at-max, mining stops after the first deal that brings the puzzles
    that can be kept to N. Never overwrites an input file; refuses to
    overwrite PATH unless --force.
    """
    files = files or []
    if not files and not random_deals:
        raise HeartsError("nothing to mine: give record files or --random N")
    check_output(output, [str(f) for f in files], force, "output")
    from_files: list[pz.PlayedDeal] = []
    for f in files:
        found_here = list(pz.read_records(f))   # its errors name the file
        if not found_here:
            raise HeartsError(f"{f}: no records (the file is empty or holds only blank "
                              f"and # lines)")
        from_files.extend(found_here)
    # The random deals are made one by one as they are mined: a mine that stops at --max
    # never plays out the rest.
    records = itertools.chain(from_files, pz.random_records(seed, random_deals))
    given = len(from_files) + random_deals
    mined = 0
    with progress("mining", True) as update:

        def advance(record: pz.PlayedDeal, new: int) -> None:
            nonlocal mined
            mined += 1
            if update is not None:
                update(mined, given)

        found = pz.mine(records, max_count=max_count, per_record=per_record, seed=seed,
                        limit=Limit(time_ms=time_limit), max_tricks_left=max_tricks,
                        progress=advance, early_stop=stop_at_max)
    text = pz.dumps(found)
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_output(output, text, force=force)
    counts: dict[str, int] = {}
    for p in found:
        counts[p.task] = counts.get(p.task, 0) + 1
    summary = ", ".join(f"{n} {t}" for t, n in counts.items()) or "none"
    stop = (f"; stopped at --max {max_count}, {counted(given - mined, 'deal')} not mined"
            if mined < given else "")
    Console(stderr=True, highlight=False).print(
        f"{counted(len(found), 'puzzle')} from {counted(mined, 'deal')} ({summary}{stop})",
        soft_wrap=True)
