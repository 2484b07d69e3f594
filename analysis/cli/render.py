"""What the commands print: cards in suit colours, hands, percentages, the rules' name, the
progress (a bar with the time left on a terminal, a line every few seconds on a pipe,
nothing under ``--quiet``), and the JSON of a result.

Colours follow the two-colour deck (♥ ♦ red, ♠ ♣ bold) except in ``hearts puzzle``, which
shows the four-colour deck (:data:`FOUR_COLOURS`) so that a suit is told apart at a glance.
Colours are styles of :class:`rich.text.Text`: they reach a terminal only, never a pipe or
``--json``.
"""
from __future__ import annotations

import json
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional

import typer
from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.text import Text

from hearts.solver.cards import Card, Suit, cards_from_mask
from hearts.solver.rules import Rules
from hearts.solver.solve import SolveProgress

__all__ = ["SUIT_STYLES", "FOUR_COLOURS", "PBN_SUITS", "card_text", "cards_text", "suit_ranks",
           "hand_text", "hand_panel", "pct", "rules_name", "progress", "batch_progress",
           "solve_progress", "set_quiet", "PIPE_EVERY_S", "emit", "echo_json"]

#: Suit styles of the two-colour deck.
SUIT_STYLES: Mapping[Suit, str] = {Suit.HEARTS: "red", Suit.DIAMONDS: "red", Suit.SPADES: "bold",
                                   Suit.CLUBS: "bold"}
#: Suit styles of a four-colour deck (spades in the terminal's own colour): ``hearts puzzle``.
FOUR_COLOURS: Mapping[Suit, str] = {Suit.SPADES: "bold", Suit.HEARTS: "bold red",
                                    Suit.DIAMONDS: "bold bright_blue", Suit.CLUBS: "bold green"}
#: The suits in PBN's order (a hand is written ``S.H.D.C``).
PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def card_text(card: Card, styles: Mapping[Suit, str] = SUIT_STYLES) -> Text:
    """``Q♠`` in its suit colour."""
    return Text(card.symbol(), style=styles[card.suit])


def cards_text(cards: Iterable[Card], sep: str = " ",
               styles: Mapping[Suit, str] = SUIT_STYLES) -> Text:
    """Cards in their suit colours, separated by ``sep`` (no style)."""
    return Text(sep).join(card_text(c, styles) for c in cards)


def _ranks(mask: int, suit: Suit) -> str:
    """The ranks of ``suit`` in the hand ``mask``, highest first: ``AK2``."""
    return "".join(c.symbol()[0] for c in reversed(cards_from_mask(mask & suit.mask)))


def suit_ranks(mask: int, suit: Suit) -> Text:
    """The ranks of one suit of a hand in the suit's colour (``AK2``), ``—`` (dim) for a void."""
    ranks = _ranks(mask, suit)
    return Text(ranks or "—", style=SUIT_STYLES[suit] if ranks else "dim")


def hand_text(mask: int) -> Text:
    """A hand on one line: ``♠ AK2  ♥ T93  ♦ —  ♣ 8765``."""
    parts = []
    for suit in PBN_SUITS:
        ranks = _ranks(mask, suit)
        parts.append(Text.assemble((suit.symbol, SUIT_STYLES[suit]), " ",
                                   (ranks or "—", "" if ranks else "dim")))
    return Text("  ").join(parts)


def hand_panel(mask: int, styles: Mapping[Suit, str] = FOUR_COLOURS) -> Text:
    """A hand one suit a line, as a diagram shows it: ``♠ A K 2`` (``—`` for a void)."""
    text = Text()
    cards = cards_from_mask(mask)
    for i, suit in enumerate(PBN_SUITS):
        if i:
            text.append("\n")
        text.append(suit.symbol, style=styles[suit])
        ranks = [c for c in cards if c.suit is suit]
        text.append(" " + (" ".join(c.symbol()[0] for c in sorted(ranks, reverse=True)) or "—"))
    return text


def pct(x: Optional[float]) -> str:
    """A share as a whole percentage (``42%``), ``—`` for none."""
    return "—" if x is None else f"{100 * x:.0f}%"


def rules_name(rules: Rules, spec: Optional[str] = None) -> str:
    """The rules spec as given, else the preset equal to ``rules`` (``standard,players=3``
    at a table of 3: :meth:`Rules.preset_text`), else its ``repr``."""
    if spec:
        return spec
    return rules.preset_text() or repr(rules)


#: On a pipe (stderr no terminal) a progress line goes to stderr every this many seconds, the
#: first after as long: a command shorter than that prints none.
PIPE_EVERY_S = 5.0

_QUIET = [False]


def set_quiet(quiet: bool) -> None:
    """``--quiet``: no progress on stderr for the rest of this command (the ``hearts`` group
    resets it for each command)."""
    _QUIET[0] = bool(quiet)


def _clock(seconds: float) -> str:
    """``0:01:05``, as rich's time columns write it."""
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class _PipeLines:
    """Progress as a line on stderr every :data:`PIPE_EVERY_S` seconds (stderr no terminal)."""

    def __init__(self, console: Console, label: str) -> None:
        self.console = console
        self.label = label
        self.start = self.last = time.monotonic()

    def due(self) -> bool:
        now = time.monotonic()
        if now - self.last < PIPE_EVERY_S:
            return False
        self.last = now
        return True

    def say(self, text: str) -> None:
        elapsed = time.monotonic() - self.start
        self.console.print(f"{self.label}: {text}, {_clock(elapsed)} elapsed", soft_wrap=True,
                           highlight=False, markup=False)


@contextmanager
def progress(label: str, enabled: bool,
             unit: Optional[str] = None) -> Iterator[Optional[Callable[[int, int], None]]]:
    """Progress on stderr; yields the callback ``update(done, total)``, or ``None`` when none
    is shown (``enabled`` false or ``--quiet``).

    On a terminal a rich bar: ``label``, the bar, done/total, ``unit``, the time elapsed and
    the time left (rich's estimate from the recent rate). On a pipe a line every
    :data:`PIPE_EVERY_S` seconds: ``label: 12/40 unit, about 0:01:10 left, 0:00:31 elapsed``.
    """
    console = Console(stderr=True)
    if not enabled or _QUIET[0]:
        yield None
        return
    if not console.is_terminal:
        lines = _PipeLines(console, label)

        def log(done: int, total: int) -> None:
            if not lines.due():
                return
            elapsed = time.monotonic() - lines.start
            left = (f", about {_clock(elapsed * (total - done) / done)} left"
                    if 0 < done < total else "")
            lines.say(f"{done}/{total}{' ' + unit if unit else ''}{left}")
        yield log
        return
    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()]
    if unit is not None:
        columns.append(TextColumn(unit))
    columns += [TimeElapsedColumn(), TextColumn("eta", style="dim"), TimeRemainingColumn()]
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
        yield update


@contextmanager
def batch_progress(label: str, total_bytes: Optional[int] = None,
                   unit: str = "records") -> Iterator[Callable[..., None]]:
    """The progress of a batch read as it goes (``hearts replay``, ``convert``,
    ``annotate``); yields ``update(count, position=None, detail="")``: ``count`` records
    done, ``position`` bytes of the input read (a share of ``total_bytes`` when the size is
    known), ``detail`` a few words more (``"12/40 jobs"``).

    On a terminal a rich progress bar on stderr (by bytes read when the size is known); on a
    pipe or a file a line on stderr every :data:`PIPE_EVERY_S` seconds as :func:`progress`
    writes them (``convert: 4,200 records, 42% of the input, 0:00:10 elapsed``), the first
    only after that long, so a short run prints none; nothing after ``--quiet``
    (:func:`set_quiet`).
    """
    console = Console(stderr=True)
    if _QUIET[0]:
        yield lambda count, position=None, detail="": None
        return
    if not console.is_terminal:
        lines = _PipeLines(console, label)

        def line(count: int, position: Optional[int] = None, detail: str = "") -> None:
            if not lines.due():
                return
            share = (f", {100 * position / total_bytes:.0f}% of the input"
                     if position is not None and total_bytes else "")
            more = f", {detail}" if detail else ""
            # "1 game", not "1 games"
            noun = unit[:-1] if count == 1 and unit.endswith("s") else unit
            lines.say(f"{count:,} {noun}{share}{more}")
        yield line
        return
    columns = [TextColumn("{task.description}"), BarColumn(),
               TextColumn("{task.fields[count]:,} " + unit + "{task.fields[detail]}"),
               TimeElapsedColumn()]
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total_bytes or None, count=0, detail="")

        def update(count: int, position: Optional[int] = None, detail: str = "") -> None:
            bar.update(task, completed=position if total_bytes and position is not None
                       else None, count=count, detail=f"  {detail}" if detail else "")
        yield update


@contextmanager
def solve_progress(label: str) -> Iterator[Optional[Callable[[SolveProgress], None]]]:
    """Progress of one solve on stderr (``Solver.solve_position(progress=...)``): the time
    elapsed, the nodes and the cards valued so far with the best of them. The solver reports
    after a second and then every few seconds; a terminal shows the time running between
    reports. No time left is shown: a solve's first card takes most of its time. Yields
    ``None`` under ``--quiet``."""
    console = Console(stderr=True)
    if _QUIET[0]:
        yield None
        return

    def words(report: SolveProgress) -> str:
        text = (f"{report.nodes:,} nodes, {report.cards_valued} of {report.legal} legal cards "
                f"valued")
        if report.valued:
            best = report.valued[0]
            text += f" (best so far {best.card.symbol()} {best.value})"
        return text
    if not console.is_terminal:
        lines = _PipeLines(console, label)
        yield lambda report: lines.say(words(report))
        return
    columns = [SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
               TextColumn("{task.fields[state]}", style="dim")]
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=None, state="")
        yield lambda report: bar.update(task, state=words(report))


def echo_json(data: Any, *, ensure_ascii: bool = False) -> None:
    """Print ``data`` as indented JSON on stdout."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=ensure_ascii))


def emit(result: Any, as_json: bool, printer: Callable[[Console, Any], None]) -> None:
    """Print ``result`` as JSON (its ``to_json()``) or with ``printer`` on a rich console."""
    if as_json:
        echo_json(result.to_json())
    else:
        printer(Console(highlight=False), result)
