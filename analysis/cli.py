"""The ``hearts`` command: solve positions, replay OpenSpiel records, list rules presets.

Built with typer + rich on top of the Python API (:func:`hearts.solver.solve`,
:mod:`hearts.analysis.openspiel`, :class:`hearts.solver.Rules`). Every command that values
cards says which solution concept it uses; values are points for the deal (lower is better).

Bad input never shows a traceback: every :class:`~hearts.solver.HeartsError` (bad card, deal,
rules, seat, model, illegal play), every file error and every usage error prints one line
``error: <message>`` on stderr and exits with code 2. Ctrl-C prints ``interrupted`` and exits
with code 130.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, Iterable, Optional, Sequence

import typer
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from hearts.analysis.files import error_line, read_text
from hearts.analysis.game_cli import (SCORES_OPTION, TARGET_OPTION, check_game_on,
                                      deal_and_rules, game_model, parse_seat_option, time_option)
from hearts.analysis.openspiel import parse_action_lines
from hearts.analysis.openspiel import replay as replay_game
from hearts.analysis.records import detect_format
from hearts.analysis.records.importers import is_openspiel_playthrough
from hearts.analysis.terminal import ascii_fallback_streams, counted
from hearts.solver import (Card, CardError, HeartsError, IllegalPlayError, Position, Rules,
                           Seat, Suit, parse_cards)
from hearts.solver.errors import RecordSyntaxError
from hearts.solver.game import parse_scores
from hearts.solver.passing import pass_plan
from hearts.solver.seats import seat_letter, seat_title, table_seats
from hearts.solver.rules import OPTION_SOURCES, PRESET_SOURCES
from hearts.solver.solve import MODELS, SolveResult, Solver, SolverError

__all__ = ["app", "main", "Example", "load_example", "example_names"]

EXIT_BAD_INPUT = 2
#: Exit code after Ctrl-C: 128 + SIGINT, as a shell reports a program the signal ended.
EXIT_INTERRUPTED = 130
DEFAULT_EXAMPLE = "endgame"

# -- errors -----------------------------------------------------------------------------


class CommandError(HeartsError):
    """Bad command-line input that is no game error (a file, an example name)."""


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print ``error: <message>`` as one line on stderr and exit."""
    text = " ".join(str(message).split())
    sys.stderr.write(f"error: {text}\n")
    sys.stderr.flush()
    sys.exit(code)


# typer >= 0.2x vendors its own click: take the exception classes from typer's, whichever it is.
_CLICK_EXCEPTION = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class _Interrupted(Exception):
    """Ctrl-C during a command (typer would turn the KeyboardInterrupt into a silent exit 130)."""


class _HeartsGroup(TyperGroup):
    """The top-level group: turns bad input of every kind into one ``error:`` line, exit 2,
    and Ctrl-C into one ``interrupted`` line, exit 130."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            # Not a KeyboardInterrupt past here: typer's main catches that and exits 130 with
            # no word, which read like a crash to a user who pressed Ctrl-C by mistake.
            raise _Interrupted() from None

    def main(self, args: Any = None, prog_name: Optional[str] = None,
             complete_var: Optional[str] = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        ascii_fallback_streams()       # Q♠ on a console without ♠ is QS, not a traceback
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _CLICK_EXCEPTION as err:
            if type(err).__name__ == "NoArgsIsHelpError":  # click >= 8.2: ``hearts`` alone
                typer.echo(err.ctx.get_help() if err.ctx else err.format_message())
                sys.exit(0)
            message = err.format_message()
            # click joins the extra arguments with spaces, so empty ones read "()"
            empty = re.search(r"extra argument\S* \((\s*)\)", message)
            if empty:
                blanks = " ".join(["''"] * (len(empty.group(1)) + 1))
                message = message[:empty.start(1)] + blanks + message[empty.end(1):]
            ctx = getattr(err, "ctx", None)
            if isinstance(err, _USAGE_ERROR) and ctx is not None:
                message += f" (see '{ctx.command_path} --help')"
            _fail(message)
        except typer.Abort:
            _fail("aborted", 130)
        except _Interrupted:
            sys.stderr.write("interrupted\n")
            sys.stderr.flush()
            sys.exit(EXIT_INTERRUPTED)
        except HeartsError as err:
            _fail(str(err))
        except UnicodeDecodeError as err:
            _fail(f"not a UTF-8 text file ({err.reason} at byte {err.start + 1})")
        except OSError as err:
            _fail(error_line(err))
        if not standalone_mode:
            return rv
        sys.exit(rv if isinstance(rv, int) else 0)


# -- built-in examples ------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """A built-in position (``analysis/examples/<name>.json``).

    Attributes:
        name: the file name without ``.json``.
        description: one line for people.
        source: where the deal comes from.
        deal: PBN deal after the pass. played: the cards played so far (text).
        rules: a ``Rules.parse`` spec.
    """

    name: str
    description: str
    source: str
    deal: str
    played: str
    rules: str


def _examples_dir() -> Any:
    return resources.files("hearts.analysis").joinpath("examples")


def example_names() -> list[str]:
    """The names of the built-in examples, sorted."""
    return sorted(p.name[:-5] for p in _examples_dir().iterdir() if p.name.endswith(".json"))


def load_example(name: str) -> Example:
    """The built-in example ``name`` (``example`` is the default one, ``endgame``).

    Raises:
        CommandError: no such example.
    """
    key = name.strip().lower()
    if key == "example":
        key = DEFAULT_EXAMPLE
    names = example_names()
    if key not in names:
        raise CommandError(f'unknown example "{name}" (examples: {", ".join(["example"] + names)})')
    data = json.loads(_examples_dir().joinpath(f"{key}.json").read_text(encoding="utf-8"))
    return Example(key, data.get("description", ""), data.get("source", ""), data["deal"],
                   data.get("played", ""), data.get("rules", "standard"))


# -- text helpers -----------------------------------------------------------------------

_SUIT_STYLE = {Suit.HEARTS: "red", Suit.DIAMONDS: "red", Suit.SPADES: "bold", Suit.CLUBS: "bold"}
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _card_text(card: Card) -> Text:
    """``Q♠`` in its suit colour (♥♦ red, ♠♣ bold)."""
    return Text(card.symbol(), style=_SUIT_STYLE[card.suit])


def _cards_text(cards: "list[Card] | tuple[Card, ...]", sep: str = " ") -> Text:
    return Text(sep).join(_card_text(c) for c in cards)


def _suit_ranks(mask: int, suit: Suit) -> Text:
    ranks = "".join(c.symbol()[0] for c in reversed(_cards_of(mask & suit.mask)))
    return Text(ranks or "—", style=_SUIT_STYLE[suit] if ranks else "dim")


def _cards_of(mask: int) -> list[Card]:
    from hearts.solver.cards import cards_from_mask
    return cards_from_mask(mask)


_OTHERS = {3: "two", 4: "three", 5: "four", 6: "five", 7: "six"}


def _model_line(model: str, target: "Seat | int", rules: Rules) -> str:
    """One line defining the solution concept, from ``hearts.solver.solve``'s docstring."""
    n = rules.players
    t = seat_title(target, n)
    others = _OTHERS[n]
    if model == "paranoid":
        return (f"value = {t}'s final points for the deal when {t} plays to take as few as "
                f"possible and the other {others} seats together give it as many as possible "
                f"(lower is better for {t}; a moon counts)")
    if model == "moon":
        return (f"value = can {t} still take every penalty card (shoot the moon) against the "
                f"best defence of the other {others}? yes/no")
    if model == "game":
        return (f"value = {t}'s standing in the game after the deal when {t} plays to finish "
                f"lowest at the target (else to keep the game going) with the smallest margin "
                f"to the lowest other total, and the other {others} together play against it "
                f"(margin = {t}'s total minus the lowest other; negative: {t} leads)")
    letters = " ".join(seat_letter(x, n) for x in range(n))
    return ("value = the mover's own final points when every seat plays to minimise its own "
            f"points (ties: the lowest card, ♣<♦<♥<♠); the {letters} column gives all "
            f"{'four' if n == 4 else n}")


def _rules_name(rules: Rules, spec: Optional[str] = None) -> str:
    """The rules spec as given, else the preset equal to ``rules`` (``standard,players=3``
    at a table of 3: :meth:`Rules.preset_text`), else its ``repr``."""
    if spec:
        return spec
    return rules.preset_text() or repr(rules)


# -- the app ----------------------------------------------------------------------------

app = typer.Typer(
    cls=_HeartsGroup,
    name="hearts",
    help="hearts-dd: exact double-dummy solver and analysis for the card game Hearts.\n\n"
         "Values are penalty points for the deal (1 per heart, 13 for Q♠ under standard "
         "rules; lower is better). Bad input prints one `error:` line and exits with code 2."
         "\n\nStart with `hearts solve example`.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            v = version("hearts-dd")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            v = "unknown (not installed)"
        typer.echo(f"hearts-dd {v}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """hearts-dd: exact double-dummy solver and analysis for the card game Hearts."""


def _solve_help() -> str:
    names = ", ".join(example_names())
    return f"""Solve a position double-dummy: the exact value of every legal card of the seat to move.

All hands are open. Values are **points for the deal** (penalty points: 1 per heart,
13 for Q♠ with standard rules, 26 in a deal; lower is better), stated for one named seat;
with `--scores`, the seat's standing in the game instead (the `game` model).

**Models** (`--model`):

* `paranoid` (default): the target seat's final points when it plays to take as few as
  possible and all other seats together play to give it as many as possible (exact
  alpha-beta). A moon counts: 0 if the target takes every penalty card, 26 if another seat does.
* `maxn`: every seat minimises its own final points; among equal cards it plays the lowest
  (♣ < ♦ < ♥ < ♠, then rank). Value = the mover's own points; the table also gives the points
  of every seat (N E S W; A B C … at other tables). `--seat` has no effect (a note on
  stderr says so).
* `moon`: can the target take every penalty card (shoot the moon) against the best defence
  of all other seats? yes/no for each card.
* `game` (with `--scores`, the game totals before the deal): the target's **standing in the
  game** after the deal instead of its points: it plays to finish lowest when a total reaches
  the target (`--target`, default the rules' 100), else to keep the game going, then for the
  smallest margin to the lowest other total; the others play against it. The moon is scored
  as the game scores it (shooter's choice, new moon when the old would lose, Berns …).

DEAL is a PBN deal `N:<N> <E> <S> <W>`, each hand `spades.hearts.diamonds.clubs` with ranks
`AKQJT98765432` (`10` accepted), the hands after the pass; or a built-in example:
`example` (= {DEFAULT_EXAMPLE}), {names}. Cards are written rank first (`QS`, `TH` or `10H`, `Q♠`);
suit first (`SQ`) is accepted.

**Examples**:

```
hearts solve example
hearts solve --example endgame --model maxn
hearts solve --example opening --model moon
hearts solve example --played "3C" --seat W --json
hearts solve --example endgame --scores N=80,E=95,S=63,W=40 --target 100
hearts solve "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97" --played "2C AC KC QC" --time 5000
```
"""


@app.command("solve", help=_solve_help())
def solve_command(
    deal: Optional[str] = typer.Argument(
        None, metavar="DEAL", show_default=False,
        help='PBN deal `N:<N> <E> <S> <W>` (hands S.H.D.C after the pass), or an example name. '
             'A table of 3, 5, 6 or 7 players lists its hands clockwise from seat A: '
             '`A:<A> <B> <C>` (and a kitty `+<S.H.D.C>`, written as a hand).'),
    played: str = typer.Option(
        "", "--played", "-p", metavar="CARDS",
        help='Cards played so far, in order from the first lead: "2C 3C AC 4C". With an '
             "example, these are played after the example's own cards."),
    seat: Optional[str] = typer.Option(
        None, "--seat", "-s", metavar="SEAT",
        help="Target seat N, E, S or W (A, B, C, … at other tables) whose points are valued "
             "(default: the seat to move)."),
    model: Optional[str] = typer.Option(
        None, "--model", "-m", metavar="MODEL", show_default=False,
        help="Solution concept: paranoid (default), maxn, moon or game (definitions above; "
             "game is the default with --scores)."),
    scores: Optional[str] = SCORES_OPTION,
    game_target: Optional[int] = TARGET_OPTION,
    rules: Optional[str] = typer.Option(
        None, "--rules", "-r", metavar="SPEC",
        help='Rules: a preset and key=value options, e.g. "openspiel,qs_breaks_hearts=false" '
             "(see 'hearts rules'). Default: standard, or the example's rules."),
    example: Optional[str] = typer.Option(
        None, "--example", "-e", metavar="NAME", help="Solve a built-in example."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    nodes: Optional[int] = typer.Option(
        None, "--nodes", metavar="N", min=1, max=2**63 - 1,
        help="Stop after N search nodes (checked every 1,024 nodes)."),
    time_ms: Optional[float] = time_option(None, "Stop after MS milliseconds."),
    no_pv: bool = typer.Option(False, "--no-pv", help="Do not compute the lines of play."),
) -> None:
    # Check the cheap options first, so that a typo fails before a long search.
    model = game_model(model, scores, game_target)
    if model not in MODELS:
        raise SolverError(f'unknown model "{model}": expected one of {", ".join(MODELS)}')
    chosen: Optional[Example] = None
    if example is not None:
        if deal is not None:
            raise CommandError("give either DEAL or --example, not both")
        chosen = load_example(example)
    elif deal is None:
        raise CommandError("missing DEAL: a PBN deal \"N:<N> <E> <S> <W>\" or an example name "
                           f"({', '.join(['example'] + example_names())})")
    elif ":" not in deal:
        try:
            chosen = load_example(deal)
        except CommandError:
            # Without a seat prefix it is no PBN deal; the user may have meant either.
            raise CommandError(f'"{deal}" is neither a deal nor an example: a deal is PBN '
                               '"N:<N> <E> <S> <W>", each hand spades.hearts.diamonds.clubs; '
                               f'examples: {", ".join(["example"] + example_names())}') from None
    if chosen is not None:
        deal_text, before = chosen.deal, parse_cards(chosen.played)
        rules_text = rules if rules is not None else chosen.rules
    else:
        deal_text, before, rules_text = deal, [], rules or "standard"
    try:
        cards = parse_cards(played)
    except CardError as err:
        raise CardError(f"--played: {err}") from None
    the_deal, the_rules, rules_text = deal_and_rules(deal_text, rules_text)
    # The example's description states its own position's facts (who leads, points taken),
    # which more cards played or other rules make false.
    rules_changed = chosen is not None and the_rules != Rules.parse(chosen.rules)
    if game_target is not None:
        the_rules = replace(the_rules, target=game_target)
    try:
        position = Position(the_deal, the_rules, before + cards)
    except IllegalPlayError as err:
        if err.index is None or err.index <= len(before):
            raise
        # Count from the user's own --played cards, not from the example's.
        index = err.index - len(before)
        raise IllegalPlayError(f'card {index} of --played ("{err.card}"): {err.reason}',
                               card=err.card, reason=err.reason, index=index) from None
    # The seats once the deal and the rules agree on the table (a 4-hand deal with players=5
    # is that error, not "unknown seat 'N' at a table of 5").
    totals = parse_scores(scores, the_rules.players) if scores is not None else None
    target = parse_seat_option(seat, the_rules.players) if seat is not None else None
    if totals is not None:
        check_game_on(totals, the_rules)
    if position.is_over():
        raise SolverError(f"the deal is over: all {len(position.history)} cards are played")
    if model == "maxn" and target is not None:
        # On stderr, as check_game_on's note: said in the table only, it was lost with --json
        # and when the seat given was the mover.
        typer.echo("note: --seat has no effect with --model maxn (max^n scores every seat)",
                   err=True)
    solver = Solver()
    run = lambda: solver.solve_position(  # noqa: E731
        position.copy(), target, model, node_limit=nodes, time_limit_ms=time_ms, pv=not no_pv,
        scores=totals)
    err_console = Console(stderr=True)
    if not as_json and err_console.is_terminal:
        with err_console.status(f"solving ({model}) …", spinner="dots"):
            result = run()
    else:
        result = run()
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return
    _print_solve(Console(highlight=False), position, result, chosen, rules_text,
                 show_pv=not no_pv, played=cards, rules_changed=rules_changed)


def _position_line(position: Position) -> str:
    """``South leads to trick 9; points taken so far N 0, E 1, S 5, W 14``: the facts an
    example's description gives, read from the position itself."""
    n = position.players
    who = seat_title(position.to_move, n)
    verb = "plays" if position.trick else "leads"
    taken = ", ".join(f"{seat_letter(s, n)} {position.points[s]}" for s in table_seats(n))
    return f"{who} {verb} to trick {position.tricks_played + 1}; points taken so far {taken}"


def _print_solve(console: Console, position: Position, result: SolveResult,
                 chosen: Optional[Example], rules_text: str, show_pv: bool = True,
                 played: Sequence[Card] = (), rules_changed: bool = False) -> None:
    """The header (hands, seat to move, model), one row per card class, the footer.

    ``played`` (the user's --played cards after an example's own) and ``rules_changed``
    (rules other than the example's): the example's description is then of another position,
    so the header says what changed and the facts of the position solved instead.
    """
    mover, target, model = result.seat, result.target, result.model
    n = position.players
    if chosen is not None and (played or rules_changed):
        head = Text.assemble(("example ", "dim"), (chosen.name, "bold"))
        if played:
            head.append(" then ")
            head.append_text(_cards_text(list(played)))
            head.append(" (--played)", style="dim")
        if rules_changed:
            head.append(f"{',' if played else ''} under rules {rules_text}")
        head.append(f": {_position_line(position)}.")
        console.print(head)
    elif chosen is not None:
        console.print(Text.assemble(("example ", "dim"), (chosen.name, "bold"), ": ",
                                    chosen.description))
    else:
        console.print(Text.assemble(("deal ", "dim"), str(position.deal)))
    # The hands still held, one line per seat.
    hands = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    hands.add_column("")
    for suit in _PBN_SUITS:
        hands.add_column(Text(suit.symbol, style=_SUIT_STYLE[suit]), no_wrap=True)
    hands.add_column(Text("taken", style="dim"), justify="right")
    hands.add_column("")
    for seat in table_seats(n):
        tags = []
        if seat == mover:
            tags.append("to move")
        if seat == target and model != "maxn":
            tags.append("target")
        mark = Text("▶ " if seat == mover else "  ", style="bold")
        hands.add_row(Text.assemble(mark, (seat_letter(seat, n), "bold")),
                      *[_suit_ranks(position.hands[seat], s) for s in _PBN_SUITS],
                      str(position.points[seat]), Text(", ".join(tags), style="dim"))
    console.print(hands)
    tricks_left = position.rules.hand_size() - position.tricks_played
    status = Text.assemble(("trick ", "dim"), f"{position.tricks_played + 1}",
                           ("  tricks left ", "dim"), f"{tricks_left}")
    if position.trick:
        status.append("  on the table ", style="dim")
        status.append(Text(" ").join(
            Text.assemble((f"{seat_letter((position.leader + i) % n, n)} ", "dim"),
                          _card_text(c))
            for i, c in enumerate(position.trick)))
    status.append("  hearts ", style="dim")
    status.append("broken" if position.hearts_broken else "not broken")
    console.print(status)
    console.print(Text.assemble(("rules ", "dim"), _rules_name(result.rules, rules_text),
                                ("  model ", "dim"), (model, "bold"),
                                ("  to move ", "dim"), seat_title(mover, n),
                                *((("  target ", "dim"), seat_title(target, n))
                                  if model != "maxn" else ())))
    console.print(Text(_model_line(model, target, result.rules), style="italic"))
    if result.scores is not None:
        console.print(Text.assemble(("game totals ", "dim"), "  ".join(
            f"{seat_letter(x, n)} {v}" for x, v in enumerate(result.scores)),
            ("  game ends at ", "dim"), str(result.rules.target)))

    table = Table(show_lines=False, header_style="bold")
    table.add_column("card", no_wrap=True)
    table.add_column("equal cards")
    if model == "paranoid":
        table.add_column(f"{seat_letter(target, n)} points", justify="right")
    elif model == "moon":
        table.add_column(f"{seat_letter(target, n)} shoots", justify="center")
    elif model == "game":
        table.add_column(f"{seat_letter(target, n)} standing", justify="left")
    else:
        table.add_column(f"{seat_letter(mover, n)} points", justify="right")
        table.add_column(" ".join(seat_letter(x, n) for x in range(n)), no_wrap=True)
    with_pv = show_pv and any(cv.pv for cv in result.cards)
    if with_pv:
        table.add_column("line of play", ratio=1)
        # Whole tricks per line, as many as the terminal holds beside the other columns.
        equals_width = max([len(cv.equals) * 3 - 1 for cv in result.cards] + [11])
        other = 7 + (equals_width + 3) + 11 + (3 * n + 2 if model == "maxn" else 0) + 4
        per_line = max(1, (console.width - other + 2) // (_TRICK_WIDTH + 2))
    best = result.best.rank if result.best is not None else None
    for cv in result.cards:
        style = "bold" if cv.rank == best else ""
        if model == "moon":
            value = Text("yes" if cv.value else "no", style="green" if cv.value else "")
        elif model == "game":
            value = Text(standing_text(cv.result or 0, cv.value), style=style)
        else:
            value = Text(str(cv.value), style=style)
        row: list[Any] = [_card_text(cv.card), _cards_text(cv.equals), value]
        if model == "maxn":
            row.append(" ".join(f"{p:>2}" for p in (cv.points or ())))
        if with_pv:
            row.append(_pv_text(position, cv.pv, per_line))
        table.add_row(*row)
    missing = result.unvalued()
    for card in missing:
        row = [_card_text(card), Text(""), Text("…", style="yellow")]
        if model == "maxn":
            row.append(Text(""))
        if with_pv:
            row.append(Text("not searched", style="yellow"))
        table.add_row(*row)
    console.print(table)
    if with_pv:
        console.print(Text("line of play, per trick: first seat, cards, →winner+points taken",
                           style="dim"))
    mib = result.tt_bytes / 2 ** 20
    console.print(Text.assemble(("nodes ", "dim"), f"{result.nodes:,}", ("  time ", "dim"),
                                f"{result.ms:,.1f} ms", ("  TT ", "dim"), f"{mib:,.1f} MiB"))
    if not result.complete:
        legal = len(position.legal_moves())
        done = legal - len(missing)
        if done:
            note = (f"{done} of {legal} legal cards valued; the values shown are exact, "
                    f"raise --nodes/--time for the rest")
        else:
            note = ("the only legal card is not valued yet" if legal == 1 else
                    f"none of the {legal} legal cards is valued yet")
            note += "; raise --nodes/--time"
        console.print(Text(f"unfinished (node/time limit): {note}.", style="bold yellow"))


def standing_text(result: int, margin: int) -> str:
    """A game-model value in words: ``"wins, 12 ahead"``, ``"game on, 5 behind"``, ``"loses,
    3 behind"`` (``result`` 0/1/2 as ``CardValue.result``; ``margin`` the seat's total minus
    the lowest other, points)."""
    word = ("wins", "game on", "loses")[result]
    if margin < 0:
        return f"{word}, {-margin} ahead"
    if margin > 0:
        return f"{word}, {margin} behind"
    return f"{word}, tied lowest"


_TRICK_WIDTH = 20  # "S 3♣ 9♣ 3♥ 4♣ →W+13"


def _pv_tricks(position: Position, pv: "tuple[Card, ...]") -> list[Text]:
    """The line of play cut into tricks, each ``S 3♣ 9♣ 3♥ 4♣ →W+1``: the seat that plays the
    group's first card, the cards, and for a finished trick its winner and the points taken."""
    p = position.copy()
    n = p.players
    tricks: list[Text] = []
    group: list[Card] = []
    first = p.to_move
    for i, card in enumerate(pv):
        if p.why_illegal(card) is not None:  # never expected: show the rest as it is
            tricks.append(_cards_text(list(pv[i:])))
            return tricks
        before = list(p.points)
        trick_done = len(p.trick) == n - 1
        group.append(card)
        p.play(card, check=False)
        if trick_done:
            text = Text.assemble((f"{seat_letter(first, n)} ", "dim"), _cards_text(group))
            winner = p.leader
            text.append(f" →{seat_letter(winner, n)}", style="dim")
            gained = p.points[winner] - before[winner]
            if gained:
                text.append(f"{gained:+d}", style="red" if gained > 0 else "green")
            tricks.append(text)
            group = []
            first = p.to_move
    if group:
        tricks.append(Text.assemble((f"{seat_letter(first, n)} ", "dim"), _cards_text(group)))
    return tricks


def _pv_text(position: Position, pv: "tuple[Card, ...]", per_line: int) -> Text:
    """The line of play, ``per_line`` tricks a line, in aligned columns."""
    tricks = _pv_tricks(position, pv)
    lines = []
    for start in range(0, len(tricks), per_line):
        chunk = tricks[start:start + per_line]
        line = Text()
        for j, trick in enumerate(chunk):
            line.append_text(trick)
            if j < len(chunk) - 1:
                line.append(" " * max(2, _TRICK_WIDTH + 2 - trick.cell_len))
        lines.append(line)
    return Text("\n").join(lines)


# -- replay -----------------------------------------------------------------------------




@app.command("replay")
def replay_command(
    file: str = typer.Argument(..., metavar="FILE",
                               help="OpenSpiel action-id lines, one deal a line ('-' = stdin)."),
    rules: str = typer.Option(
        "openspiel", "--rules", "-r", metavar="SPEC",
        help='Rules to check the plays against, e.g. "openspiel,qs_breaks_hearts=false".'),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list, one object per deal."),
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
    text = read_text(file)
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
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    console = Console(highlight=False)
    table = Table(title=f"{file} — rules {_rules_name(the_rules, rules)}; points for the deal",
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
            note = Text.assemble(f"play {ill['play']} (", _card_text(Card(ill["card"])),
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


# -- rules ------------------------------------------------------------------------------

rules_app = typer.Typer(
    help="List the rules presets, or show every option of one ('hearts rules show NAME').",
    invoke_without_command=True, no_args_is_help=False, rich_markup_mode="markdown")
app.add_typer(rules_app, name="rules")


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
    """Rules options under their ``rules.md`` section: per option (key, head, body) the head
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


@rules_app.command("show")
def rules_show(
    spec: str = typer.Argument(..., metavar="NAME",
                               help='A preset or a spec such as "openspiel,jd_bonus=true".'),
    as_json: bool = typer.Option(False, "--json", help="Print the fields as JSON."),
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
        typer.echo(json.dumps({"name": the_rules.name, "fields": fields, "deck": deck,
                               "passes": passes}, indent=2))
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


# -- puzzles (analysis/puzzle_cli.py) -----------------------------------------------------

from hearts.analysis.puzzle_cli import app as _puzzle_app  # noqa: E402

app.add_typer(_puzzle_app, name="puzzle")

# -- game records (analysis/convert_cli.py, format in docs/records.md) --------------------

from hearts.analysis.convert_cli import convert_command  # noqa: E402

app.command("convert")(convert_command)

# -- play advice and moon odds (analysis/advice_cli.py) -----------------------------------

from hearts.analysis.advice_cli import moon_command, play_command  # noqa: E402

app.command("play")(play_command)
app.command("moon")(moon_command)

# -- pass rating (analysis/pass_cli.py, docs/analysis.md) ---------------------------------

from hearts.analysis.pass_cli import pass_command  # noqa: E402

app.command("pass")(pass_command)

# -- annotation of game records (analysis/annotate_cli.py, docs/annotate.md) --------------

from hearts.analysis.annotate_cli import annotate_command  # noqa: E402

app.command("annotate")(annotate_command)


def main() -> None:
    """Console-script entry point (``hearts``)."""
    app()


if __name__ == "__main__":
    main()
