"""``hearts replay``: replay OpenSpiel Hearts games (action-id lines) and score them, reporting
each deal's first illegal play.

The logic lives in :mod:`hearts.analysis.openspiel`.
"""
from __future__ import annotations

import re
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts.solver import Card, Rules
from hearts.solver.errors import RecordSyntaxError
from hearts.solver.words import counted

from ..openspiel import parse_action_lines
from ..openspiel import replay as replay_game
from ..records import detect_format
from ..records.importers import is_openspiel_playthrough
from .options import quiet_option, read_input
from .options import CommandError, json_option, rules_option
from .render import card_text, echo_json, rules_name

__all__ = ["replay_command"]


def replay_command(
    file: str = typer.Argument(..., metavar="FILE",
                               help="OpenSpiel action-id lines, one deal a line ('-' = stdin)."),
    rules: str = rules_option('Rules to check the plays against, e.g. '
                              '"openspiel,qs_breaks_hearts=false".', default="openspiel"),
    as_json: bool = json_option("Print a JSON list, one object per deal."),
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
    missing file is an error (exit code 2).

    **Examples**:

    ```
    hearts replay tests/data/openspiel_xinxin/xinxin_train.txt
    hearts replay games.txt --rules openspiel,qs_breaks_hearts=false --json
    ```
    """
    the_rules = Rules.parse(rules)
    text = read_input(file)
    if is_openspiel_playthrough(text):
        raise CommandError(f"{file}: an OpenSpiel playthrough, not action-id lines (hearts "
                           f"convert reads it: hearts convert {file} --to openspiel)")
    kind = _record_kind(text)
    if kind is not None:
        raise CommandError(f"{file}: {kind}, not OpenSpiel action-id lines (hearts convert "
                           f"{file} --to openspiel makes them; hearts annotate reads the "
                           f"file as it is)")
    try:
        games = list(parse_action_lines(text))
    except RecordSyntaxError as err:
        raise err.in_file(file) from None
    if not games:
        raise CommandError(f"{file}: no action lines (the file is empty or holds only blank and "
                           f"# lines)")
    rows = []
    for game in games:
        result = replay_game(game, the_rules)
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
        rows.append(row)
    if as_json:
        echo_json(rows)
        return
    console = Console(highlight=False)
    table = Table(title=f"{file} — rules {rules_name(the_rules, rules)}; points for the deal",
                  header_style="bold")
    table.add_column("line", justify="right")
    table.add_column("pass")
    for s in "NESW":
        table.add_column(s, justify="right")
    table.add_column("first illegal play")
    for row in rows:
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
    console.print(table)
    illegal = [r for r in rows if r["illegal"] is not None]
    summary = f"{counted(len(rows), 'deal')}, {len(rows) - len(illegal)} legal"
    if illegal:
        summary += f", {len(illegal)} with an illegal play (points shown dim: taken before it)"
    console.print(summary)
    for row in illegal:
        console.print(row["illegal"]["message"], style="yellow", soft_wrap=True)


def _record_kind(text: str) -> Optional[str]:
    """What game record ``text`` clearly is, in words (``"an HGN record"``), or ``None``:
    HGN only when it starts with a tag pair, so that other text still gets replay's own
    error, which names the bad token."""
    fmt = detect_format(text)
    if fmt == "json":
        return "a JSON game record"
    if fmt == "peer":
        return "peer-engine JSON records"
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if fmt == "hgn" and re.match(r'\[[A-Za-z]\w*\s+"', first):
        return "an HGN record"
    return None
