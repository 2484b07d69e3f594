"""``hearts solve``: the exact value of every legal card of a position shown face-up, with the
line of play; and the built-in examples it solves by name.

The logic lives in :func:`hearts.solver.solve` (:class:`~hearts.solver.Solver`); this module
reads the deal, example or record, shows the progress of a long search (time, nodes, cards
valued so far: :func:`.render.solve_progress`), and prints the hands, the table of values
with the lines of play, or JSON.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, Optional, Sequence

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts.solver import (Card, CardError, Deal, IllegalPlayError, Limit, Position, Rules,
                           Seat, parse_cards)
from hearts.solver.game import parse_scores
from hearts.solver.passing import passes_that_fit
from hearts.solver.seats import seat_letter, seat_title, table_seats
from hearts.solver.solve import MODELS, SolveResult, Solver, SolverError
from hearts.solver.words import quoted

from ..openhands import EXACT_MAXN_TRICKS, open_values
from .options import quiet_option
from .options import (SCORES_OPTION, TARGET_OPTION, CommandError, at_option, check_game_on,
                      deal_and_rules, deal_number_option, game_model, json_option, load_record,
                      model_option, nodes_option, option_names, parse_seat_option,
                      played_option, rules_option, seat_option, time_option)
from .render import (PBN_SUITS, SUIT_STYLES, card_text, cards_text, echo_json, rules_name,
                     solve_progress, suit_ranks)

__all__ = ["solve_command", "solve_help", "Example", "load_example", "example_names",
           "standing_text"]

DEFAULT_EXAMPLE = "endgame"

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
        raise CommandError(f'unknown example {quoted(name)} (examples: '
                           f'{", ".join(["example"] + names)})')
    data = json.loads(_examples_dir().joinpath(f"{key}.json").read_text(encoding="utf-8"))
    return Example(key, data.get("description", ""), data.get("source", ""), data["deal"],
                   data.get("played", ""), data.get("rules", "standard"))


# -- what is printed ------------------------------------------------------------------

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


def solve_help() -> str:
    """The help of ``hearts solve``, naming the built-in examples."""
    names = ", ".join(example_names())
    return f"""Solve a position double-dummy: the value of every legal card of the seat to move
(exact, or before 8 tricks are left by default a labelled estimate).

All hands are open. Values are **points for the deal** (penalty points: 1 per heart,
13 for Q♠ with standard rules, 26 in a deal; lower is better), stated for one named seat;
with `--scores`, the seat's standing in the game instead (the `game` model).

**Models** (`--model`):

* `auto` (default; `paranoid` when `--seat` names a target): exact `maxn` when at most 8
  tricks are left and it finishes within 30 million nodes (about a second; median 0.5 s at 8)
  and `--time`/`--nodes`; earlier,
  where exact max^n takes minutes and paranoid often says 26 for every card, an **estimate**,
  labelled as such: a depth-bounded max^n (exact max^n for 2 trick ends, then rule-bot
  rollouts to 5 tricks left and exact max^n there).
* `paranoid`: the target seat's final points when it plays to take as few as
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
`AKQJT98765432` (`10` accepted), the hands **after** the pass (a record's HGN `[Deal]` is
the deal before it: use `--record FILE --at N` for a record's position); or a built-in example:
`example` (= {DEFAULT_EXAMPLE}), {names}. Cards are written rank first (`QS`, `TH` or `10H`, `Q♠`);
suit first (`SQ`) is accepted.

**Examples**:

```
hearts solve example
hearts solve --example endgame --model maxn
hearts solve --example opening --model moon
hearts solve example --played "3C" --seat W --json
hearts solve --record game.hgn --at 32
hearts solve --example endgame --scores N=80,E=95,S=63,W=40 --target 100
hearts solve "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97" --played "2C AC KC QC" --time 5000
```
"""


def solve_command(
    deal: Optional[str] = typer.Argument(
        None, metavar="DEAL", show_default=False,
        help='PBN deal `N:<N> <E> <S> <W>` (hands S.H.D.C after the pass), or an example name. '
             'A table of 3, 5, 6 or 7 players lists its hands clockwise from seat A: '
             '`A:<A> <B> <C>` (and a kitty `+<S.H.D.C>`, written as a hand).'),
    played: str = played_option(
        'Cards played so far, in order from the first lead: "2C 3C AC 4C". With an example, '
        "these are played after the example's own cards."),
    seat: Optional[str] = seat_option(
        "Target seat N, E, S or W (A, B, C, … at other tables) whose points are valued "
        "(default: the seat to move)."),
    model: Optional[str] = model_option(
        "Solution concept: auto (default), paranoid, maxn, moon or game (definitions above; "
        "game is the default with --scores)."),
    scores: Optional[str] = SCORES_OPTION,
    game_target: Optional[int] = TARGET_OPTION,
    rules: Optional[str] = rules_option(
        'Rules: a preset and key=value options, e.g. "openspiel,qs_breaks_hearts=false" '
        "(see 'hearts rules'). Default: standard, or the example's rules."),
    example: Optional[str] = typer.Option(
        None, "--example", "-e", metavar="NAME", help="Solve a built-in example."),
    record: Optional[str] = typer.Option(
        None, "--record", metavar="FILE", help=(
            "Solve a position of a game record instead of DEAL: HGN, JSON or OpenSpiel "
            "action-id lines ('-' = stdin), its deal --deal N after --at PLAY plays.")),
    deal_number: int = deal_number_option(
        "With --record: the N-th deal of the file (counting across games)."),
    at: Optional[int] = at_option(
        "With --record: the plays already made (default: every play recorded; a finished "
        "deal needs --at 0..51)."),
    as_json: bool = json_option("Print the result as JSON."),
    nodes: Optional[int] = nodes_option("Stop after N search nodes (checked every 1,024 nodes)."),
    time_ms: Optional[float] = time_option(None, "Stop after MS milliseconds."),
    no_pv: bool = typer.Option(False, "--no-pv", help="Do not compute the lines of play."),
    quiet: bool = quiet_option(),
) -> None:
    # Check the cheap options first, so that a typo fails before a long search.
    # By default auto; with --seat (a target to value) paranoid, the target's guarantee.
    if model is None and scores is None:
        model = "paranoid" if seat is not None else "auto"
    model = game_model(model, scores, game_target)
    if model == "auto" and scores is not None:
        raise CommandError("--scores is for the game model, not --model auto")
    if model not in (*MODELS, "auto"):
        raise SolverError(f'unknown model {quoted(model)}: expected one of auto, '
                          f'{", ".join(MODELS)}')
    chosen: Optional[Example] = None
    source: Optional[str] = None
    if record is not None:
        if deal is not None or example is not None:
            raise CommandError("give one of DEAL, --example and --record")
        if played:
            raise CommandError("--played goes with DEAL; with --record give --at, the plays "
                               "already made")
        found = load_record(record, deal_number, at, rules, to_move=True)
        position, the_rules = found.position, found.rules
        rules_text = rules if rules is not None else ""
        source = (f"{record}, deal {deal_number}, after "
                  f"{len(position.history)} of {len(found.deal.cards)} plays")
        cards: list[Card] = []
        rules_changed = False
        if game_target is not None:
            the_rules = replace(the_rules, target=game_target)
            position = Position(position.deal, the_rules, position.history,
                                first_leader=found.deal.first_leader,
                                pass_direction=found.deal.direction)
    elif at is not None or deal_number != 1:
        raise CommandError("--deal and --at go with --record; with DEAL use --played")
    else:
        position, the_rules, rules_text, cards, chosen, rules_changed = _open_position(
            deal, example, played, rules, game_target)
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
    with option_names(nodes="--nodes", time_ms="--time"):
        limit = Limit(nodes, time_ms)
    solver = Solver()
    with solve_progress(f"solving ({model})") as report:
        values = open_values(position, model, seat=target, limit=limit, pv=not no_pv,
                             scores=totals, solver=solver, progress=report)
    if as_json:
        echo_json(values.to_json())
        return
    _print_solve(Console(highlight=False), position, values.result, chosen, rules_text,
                 show_pv=not no_pv, played=cards, rules_changed=rules_changed, source=source,
                 estimate=values.estimate)


def _open_position(deal: Optional[str], example: Optional[str], played: str,
                   rules: Optional[str], game_target: Optional[int]
                   ) -> tuple[Position, Rules, str, list[Card], Optional[Example], bool]:
    """The position of DEAL or an example with ``--played``: ``(position, rules, rules text,
    the --played cards, the example or None, rules other than the example's)``.

    Raises:
        CommandError: DEAL and --example both or neither, an unknown example.
        CardError, IllegalPlayError, InvalidDealError, RulesError: bad input; an illegal play
            of a DEAL that fits the hands before a pass says so (:func:`_before_pass_hint`).
    """
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
            raise CommandError(f'{quoted(deal)} is neither a deal nor an example: a deal is PBN '
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
        hint = _before_pass_hint(the_deal, cards) if chosen is None else ""
        raise IllegalPlayError(f'card {index} of --played ("{err.card}"): {err.reason}{hint}',
                               card=err.card, reason=err.reason, index=index) from None
    return position, the_rules, rules_text, cards, chosen, rules_changed


def _before_pass_hint(deal: "Deal", cards: Sequence[Card]) -> str:
    """What to add to an illegal play of DEAL when the plays fit DEAL read as the hands
    before a pass (an HGN ``[Deal]`` pasted into ``hearts solve``), else ``""``."""
    if passes_that_fit(deal, cards, pass_count=0):
        return ""       # every seat plays its own cards: the rule broken is of the play
    fits = passes_that_fit(deal, cards)
    if not fits:
        return ""
    directions = " or ".join(d.name.lower() for d in fits)
    return (f"; if DEAL is the deal before the pass (as an HGN [Deal] tag gives it), the plays "
            f"fit a pass {directions}: hearts solve takes the hands after the pass, and solves "
            f"a record's position with --record FILE --at N")


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
                 played: Sequence[Card] = (), rules_changed: bool = False,
                 source: Optional[str] = None, estimate: Optional[str] = None) -> None:
    """The header (hands, seat to move, model), one row per card class, the footer.

    ``estimate``: the label of values that are not exact (:class:`OpenValues`), printed under
    the model's definition and in the footer.

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
            head.append_text(cards_text(list(played)))
            head.append(" (--played)", style="dim")
        if rules_changed:
            head.append(f"{',' if played else ''} under rules {rules_text}")
        head.append(f": {_position_line(position)}.")
        console.print(head)
    elif chosen is not None:
        console.print(Text.assemble(("example ", "dim"), (chosen.name, "bold"), ": ",
                                    chosen.description))
    elif source is not None:
        console.print(Text.assemble(("record ", "dim"), source, ("; deal after the pass ", "dim"),
                                    str(position.deal)))
    else:
        console.print(Text.assemble(("deal ", "dim"), str(position.deal)))
    # The hands still held, one line per seat.
    hands = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    hands.add_column("")
    for suit in PBN_SUITS:
        hands.add_column(Text(suit.symbol, style=SUIT_STYLES[suit]), no_wrap=True)
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
                      *[suit_ranks(position.hands[seat], s) for s in PBN_SUITS],
                      str(position.points[seat]), Text(", ".join(tags), style="dim"))
    console.print(hands)
    status = Text.assemble(("trick ", "dim"), f"{position.tricks_played + 1}",
                           ("  tricks left ", "dim"), f"{position.tricks_left}")
    if position.trick:
        status.append("  on the table ", style="dim")
        status.append(Text(" ").join(
            Text.assemble((f"{seat_letter((position.leader + i) % n, n)} ", "dim"),
                          card_text(c))
            for i, c in enumerate(position.trick)))
    status.append("  hearts ", style="dim")
    status.append("broken" if position.hearts_broken else "not broken")
    console.print(status)
    console.print(Text.assemble(("rules ", "dim"), rules_name(result.rules, rules_text),
                                ("  model ", "dim"), (model, "bold"),
                                ("  to move ", "dim"), seat_title(mover, n),
                                *((("  target ", "dim"), seat_title(target, n))
                                  if model != "maxn" else ())))
    console.print(Text(_model_line(model, target, result.rules), style="italic"))
    if estimate is not None:
        console.print(Text(f"{estimate} (exact max^n from {EXACT_MAXN_TRICKS} tricks left; "
                           f"--model maxn is exact but takes minutes here, --model paranoid "
                           f"is an exact guarantee)", style="bold yellow"))
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
        row: list[Any] = [card_text(cv.card), cards_text(cv.equals), value]
        if model == "maxn":
            row.append(" ".join(f"{p:>2}" for p in (cv.points or ())))
        if with_pv:
            row.append(_pv_text(position, cv.pv, per_line))
        table.add_row(*row)
    missing = result.unvalued
    for card in missing:
        row = [card_text(card), Text(""), Text("…", style="yellow")]
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
    console.print(Text.assemble((("positions at the horizon " if estimate else "nodes "), "dim"),
                                f"{result.nodes:,}", ("  time ", "dim"),
                                f"{result.ms:,.1f} ms", ("  TT ", "dim"), f"{mib:,.1f} MiB"))
    if not result.complete:
        legal = len(position.legal_moves())
        done = legal - len(missing)
        if done:
            note = (f"{done} of {legal} legal cards valued; the values shown are "
                    f"{'estimates' if estimate else 'exact'}, raise --nodes/--time for the rest")
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
            tricks.append(cards_text(list(pv[i:])))
            return tricks
        before = list(p.points)
        trick_done = len(p.trick) == n - 1
        group.append(card)
        p.play(card, check=False)
        if trick_done:
            text = Text.assemble((f"{seat_letter(first, n)} ", "dim"), cards_text(group))
            winner = p.leader
            text.append(f" →{seat_letter(winner, n)}", style="dim")
            gained = p.points[winner] - before[winner]
            if gained:
                text.append(f"{gained:+d}", style="red" if gained > 0 else "green")
            tricks.append(text)
            group = []
            first = p.to_move
    if group:
        tricks.append(Text.assemble((f"{seat_letter(first, n)} ", "dim"), cards_text(group)))
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
