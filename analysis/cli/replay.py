"""``hearts replay``: replay OpenSpiel Hearts games (action-id lines) and score them, reporting
each deal's first illegal play.

The logic lives in :mod:`hearts.analysis.openspiel`.
"""
from __future__ import annotations

import json
import re
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts.solver import Card, Rules
from hearts.solver.errors import RecordSyntaxError
from hearts.solver.words import counted

from ..files import InputLines, input_size, open_input, stream_position
from ..openspiel import OpenSpielGame, parse_action_line
from ..openspiel import replay as replay_game
from ..outputs import StandardOutput
from ..records.formats import detect_head
from .options import (CommandError, check_stdout, json_option, jsonl_option, quiet_option,
                      rules_option)
from .render import batch_progress, card_text, rules_name

__all__ = ["replay_command"]

#: Rows of one table of the view: a longer file is shown as several tables, so that the view
#: of any number of deals is printed as it goes, in bounded memory.
TABLE_ROWS = 1000


def replay_command(
    file: str = typer.Argument(..., metavar="FILE",
                               help="OpenSpiel action-id lines, one deal a line ('-' = stdin)."),
    rules: str = rules_option('Rules to check the plays against, e.g. '
                              '"openspiel,qs_breaks_hearts=false".', default="openspiel"),
    as_json: bool = json_option("Print a JSON list, one object per deal."),
    as_jsonl: bool = jsonl_option("Print JSON Lines, one object per deal."),
    quiet: bool = quiet_option(),
) -> None:
    """Replay OpenSpiel Hearts games (action-id lines) and score them.

    Each line of FILE is one deal as OpenSpiel action ids (the xinxin files): the pass
    direction (0 hold, 1 left, 2 across, 3 right), the 52 dealt cards (card i to seat i mod 4),
    the 12 passed cards unless hold, then the 52 plays. Card id = `rank_index*4 + suit` with
    suits C 0, D 1, H 2, S 3 (0 = 2C, 43 = QS, 51 = AS). Blank lines and `#` lines are skipped.

    For each deal: the **points** of N, E, S, W (final points for the deal after the moon rule;
    when a play is illegal, the points taken before it) and the first illegal play, e.g.
    `line 4: play 13 (9H by E): East may not lead 9H: hearts are not broken`.
    An illegal play is reported, not an error (exit code 0); a malformed line, an empty or
    missing file is an error (exit code 2). The lines are read and reported one at a time,
    so a file of any length runs in little memory (the view: a table per 1,000 deals).

    **Examples**:

    ```
    hearts replay tests/data/openspiel_xinxin/xinxin_train.txt
    hearts replay games.txt --rules openspiel,qs_breaks_hearts=false --json
    hearts replay many.txt --jsonl > points.jsonl
    ```
    """
    if as_json and as_jsonl:
        raise CommandError("--json prints one JSON list, --jsonl a JSON line a deal: give one "
                           "of them")
    the_rules = Rules.parse(rules)
    check_stdout([file])
    with open_input(file) as stream:
        lines = InputLines(stream, "stdin" if file == "-" else file)
        _refuse_other_records(file, lines.peek())
        out = StandardOutput()
        view = None if as_json or as_jsonl else _View(file, rules_name(the_rules, rules))
        count = 0
        with batch_progress("replay", input_size(stream), unit="deals") as update:
            for game in _games(lines, file):
                row = _row(game, the_rules)
                if as_jsonl:
                    out.write(json.dumps(row) + "\n")
                elif as_json:
                    out.write(("[\n  " if not count else ",\n  ")
                              + json.dumps(row, indent=2).replace("\n", "\n  "))
                else:
                    view.add(row)  # type: ignore[union-attr]
                count += 1
                update(count, stream_position(stream))
    if not count:
        raise CommandError(f"{file}: no action lines (the file is empty or holds only blank and "
                           f"# lines)")
    if as_json:
        out.write("\n]\n")
    if view is not None:
        view.close()
    out.flush()


def _games(lines: InputLines, file: str):  # type: ignore[no-untyped-def]
    """The deals of the action-id lines, one at a time; blank and ``#`` lines skipped."""
    for number, line in lines:
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            try:
                yield parse_action_line(line, number)
            except RecordSyntaxError as err:
                raise err.in_file(file) from None


def _row(game: OpenSpielGame, rules: Rules) -> dict[str, Any]:
    """One deal's report (the ``--json`` object)."""
    result = replay_game(game, rules)
    row: dict[str, Any] = {
        "line": game.line_number,
        "pass": str(game.direction),
        "points": dict(zip("NESW", result.points)),
        "completed": result.completed,
        "illegal": None,
    }
    if result.illegal_index is not None:
        seat = result.position.to_move
        row["illegal"] = {
            "play": result.illegal_index + 1,
            "card": str(result.illegal_card),
            "seat": seat.letter,
            "reason": result.illegal_reason,
            "message": f"line {game.line_number}: play {result.illegal_index + 1} "
                       f"({result.illegal_card} by {seat.letter}): {result.illegal_reason}",
        }
    return row


class _View:
    """The rich view: a table of deals (one per :data:`TABLE_ROWS`), each followed by its
    illegal plays, then the summary."""

    def __init__(self, file: str, rules: str) -> None:
        self.console = Console(highlight=False)
        self.title = f"{file} — rules {rules}; points for the deal"
        self.rows: list[dict[str, Any]] = []
        self.deals = self.illegal = 0
        self.tables = 0

    def add(self, row: dict[str, Any]) -> None:
        self.rows.append(row)
        self.deals += 1
        self.illegal += row["illegal"] is not None
        if len(self.rows) == TABLE_ROWS:
            self._print_messages(self._table())

    def _table(self) -> list[str]:
        """Print the table of the rows kept and forget them; return their illegal plays."""
        title = self.title if not self.tables else f"{self.title} (continued)"
        table = Table(title=title, header_style="bold")
        table.add_column("line", justify="right")
        table.add_column("pass")
        for s in "NESW":
            table.add_column(s, justify="right")
        table.add_column("first illegal play")
        for row in self.rows:
            pts = [str(v) for v in row["points"].values()]
            if row["illegal"] is not None:
                ill = row["illegal"]
                note = Text.assemble(f"play {ill['play']} (", card_text(Card(ill["card"])),
                                     f" by {ill['seat']})")
                pts = [Text(p, style="dim") for p in pts]  # type: ignore[misc]
            elif not row["completed"]:
                note = Text("incomplete", style="yellow")
            else:
                note = Text("—", style="dim")
            table.add_row(str(row["line"]), row["pass"], *pts, note)
        self.console.print(table)
        self.tables += 1
        messages = [r["illegal"]["message"] for r in self.rows if r["illegal"] is not None]
        self.rows = []
        return messages

    def _print_messages(self, messages: list[str]) -> None:
        for message in messages:
            self.console.print(message, style="yellow", soft_wrap=True)

    def close(self) -> None:
        """The last table, the summary, the last table's illegal plays."""
        messages = self._table() if self.rows or not self.tables else []
        summary = f"{counted(self.deals, 'deal')}, {self.deals - self.illegal} legal"
        if self.illegal:
            summary += (f", {self.illegal} with an illegal play (points shown dim: taken "
                        f"before it)")
        self.console.print(summary)
        self._print_messages(messages)


def _refuse_other_records(file: str, first: str) -> None:
    """Refuse a file that is clearly another kind of record (``first``: its first line that is
    neither blank nor ``#``), naming the command that reads it."""
    if not first:
        return
    fmt = detect_head(first)
    if fmt == "playthrough":
        raise CommandError(f"{file}: an OpenSpiel playthrough, not action-id lines (hearts "
                           f"convert reads it: hearts convert {file} --to openspiel)")
    kind = _record_kind(fmt, first)
    if kind is not None:
        raise CommandError(f"{file}: {kind}, not OpenSpiel action-id lines (hearts convert "
                           f"{file} --to openspiel makes them; hearts annotate reads the "
                           f"file as it is)")


def _record_kind(fmt: str, first: str) -> Optional[str]:
    """What game record a file is, in words (``"an HGN record"``), or ``None``: HGN only when
    it starts with a tag pair, so that other text still gets replay's own error, which names
    the bad token."""
    if fmt == "json":
        return "a JSON game record"
    if fmt == "jsonl":
        return "JSON Lines game records"
    if fmt == "peer":
        return "peer-engine JSON records"
    if fmt == "hgn" and re.match(r'\[[A-Za-z]\w*\s+"', first):
        return "an HGN record"
    return None
