"""``hearts rules``: the rules presets and options, each with its source; ``hearts rules show
NAME``: every field of a preset or spec.

The rules themselves are :class:`hearts.solver.Rules` (``solver/rules.py``).
"""
from __future__ import annotations

import json
from typing import Any, Iterable

import typer
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from hearts.solver import HeartsError, Rules
from hearts.solver.passing import pass_plan
from hearts.solver.rules import OPTION_SOURCES, PRESET_SOURCES

from .help import HeartsCommand, HeartsGroup
from .options import json_option
from .render import echo_json

__all__ = ["rules_app"]

rules_app = typer.Typer(
    cls=HeartsGroup,
    help="List the rules presets, or show every option of one ('hearts rules show NAME').",
    invoke_without_command=True, no_args_is_help=False, rich_markup_mode="markdown")


@rules_app.callback(invoke_without_command=True)
def rules_list(ctx: typer.Context) -> None:
    """List the rules presets and the options, each with a one-line description and a source.

    Use a preset with `--rules NAME` and change options with `key=value`:
    `--rules openspiel,qs_breaks_hearts=false`, `--rules standard,moon=new`,
    `--rules pagat,players=5`. Keys are the Rules field names (listed below) or OpenSpiel
    parameter names.
    """
    if ctx.invoked_subcommand is not None:
        return
    console = Console(highlight=False)
    table = Table(title="rules presets (--rules NAME[,key=value...])", header_style="bold")
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("description")
    table.add_column("source", max_width=24)
    for name in Rules.presets():
        table.add_row(name, *PRESET_SOURCES[name])
    console.print(table)
    console.print()
    console.print(Text("rules options (key=value; the standard value shown)", style="bold"))
    standard = Rules.standard().to_dict()
    _print_options(console, (
        (key, Text.assemble((key, "bold"), f" = {json.dumps(standard[key])}"),
         Text.assemble(what, " ", (f"[{source}]", "dim")))
        for key, (_, what, source) in OPTION_SOURCES.items()))
    console.print("Every field of one: hearts rules show NAME (a preset or a spec).")


def _print_options(console: Console, rows: Iterable[tuple[str, Text, Text]]) -> None:
    """Rules options under their ``docs/rules.md`` section: per option (key, head, body) the head
    line, and the body indented below it.

    Blocks rather than a table: the five columns collapsed to "…" at 80 columns (and when
    piped), the descriptions and sources gone.
    """
    section = None
    for key, head, body in rows:
        if OPTION_SOURCES[key][0] != section:
            section = OPTION_SOURCES[key][0]
            console.print(Text(section, style="bold underline"))
        console.print(Padding(head, (0, 0, 0, 2), expand=False))
        console.print(Padding(body, (0, 0, 0, 6), expand=False))


@rules_app.command("show", cls=HeartsCommand)
def rules_show(
    spec: str = typer.Argument(..., metavar="NAME",
                               help='A preset or a spec such as "openspiel,jd_bonus=true".'),
    as_json: bool = json_option("Print the fields as JSON."),
) -> None:
    """Show every field of a rules preset or spec with its source (fields that differ from
    standard in bold), the deck and the first passes."""
    the_rules = Rules.parse(spec)
    fields = the_rules.to_dict()
    removed = " ".join(map(str, the_rules.removed_cards())) or "none"
    passes = [pass_plan(the_rules, number).name for number in range(4)]
    if as_json:
        deck = {"hand_size": the_rules.hand_size(), "kitty": the_rules.kitty_size(),
                "removed": [str(card) for card in the_rules.removed_cards()]}
        echo_json({"name": the_rules.name, "fields": fields, "deck": deck, "passes": passes},
                  ensure_ascii=True)
        return
    standard = Rules.standard().to_dict()
    console = Console(highlight=False)
    name = the_rules.preset_text()
    title = f"rules {spec}" + (f" (= {name})" if name and name != spec else "")
    console.print(Text(title, style="bold"))

    def head(key: str, value: Any) -> Text:
        if value == standard[key]:
            return Text(f"{key} = {json.dumps(value)}")
        return Text.assemble((f"{key} = {json.dumps(value)}", "bold"),
                             (f"  (standard {json.dumps(standard[key])})", "dim"))
    _print_options(console, ((key, head(key, value), Text(OPTION_SOURCES[key][2], style="dim"))
                             for key, value in fields.items()))
    console.print(f"players: {the_rules.players}, {the_rules.hand_size()} cards each; removed: "
                  f"{removed}; kitty: {the_rules.kitty_size()} cards")
    console.print("passes, first deals: " + ", ".join(passes))
    try:
        params = the_rules.to_openspiel_dict()
    except HeartsError:
        console.print("OpenSpiel parameters: none (OpenSpiel cannot express these rules)")
    else:
        console.print("OpenSpiel parameters: " + ", ".join(
            f"{k}={str(v).lower()}" for k, v in params.items()))
    total = the_rules.total_positive_points()
    console.print(f"penalty points in a deal: {total}; moon award: {the_rules.moon_award()}")
