"""``hearts play`` (play advice) and ``hearts moon`` (moon odds and moon watch).

The logic lives in :mod:`.advice` and :mod:`.moon`; this module reads the input (a game record,
an open position, a hand), shows a progress bar on long work, and prints a rich table or JSON.
Mount it in the ``hearts`` command with::

    from hearts.analysis.advice_cli import moon_command, play_command  # noqa: E402
    app.command("play")(play_command)
    app.command("moon")(moon_command)

Bad input raises :class:`~hearts.solver.HeartsError`, which the ``hearts`` group prints as one
``error:`` line with exit code 2.
"""
from __future__ import annotations

import json
import os
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Optional

import typer
from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                           TimeElapsedColumn)
from rich.table import Table
from rich.text import Text

from hearts.solver import Card, CardError, HeartsError, Position, Rules, Seat, Suit
from hearts.solver.cards import cards_from_mask, parse_cards
from hearts.solver.game import parse_scores
from hearts.solver.hand import Hand
from hearts.solver.seats import PassDirection, seat_letter, seat_title, table_seats
from hearts.solver.words import joined

from .advice import EVALUATORS, MODELS, STOP_RULE, Advice, AdviceError, advise
from .files import read_text
from .game_cli import (SCORES_OPTION, TARGET_OPTION, check_game_on, deal_and_rules, game_model,
                       given_options, option_names, parse_seat_option, time_option)
from .knowledge import Knowledge, record_knowledge
from .moon import DEFAULT_TIME_MS, MoonOdds, MoonWatch, moon_odds, moon_watch, wilson_interval
from .parallel import MAX_THREADS
from .records import DealRecord, read_games
from .sampling import MAX_SAMPLES
from .terminal import counted

__all__ = ["play_command", "moon_command", "load_record", "load_record_position",
           "RecordPosition", "parse_hand", "app"]


class PlayInputError(HeartsError):
    """Bad input to ``hearts play`` / ``hearts moon`` that is no game error."""


# -- input ------------------------------------------------------------------------------------

def _open_position(deal: str, played: str, rules: "str | None") -> "tuple[Rules, Position]":
    """The rules and the position of ``--position DEAL --played ... [--rules]``; the table
    size comes from the deal unless the rules set it, as in ``hearts solve``
    (:func:`.game_cli.deal_and_rules`).

    Raises:
        CardError: a bad card in ``--played`` (the message names the option).
        InvalidDealError, IllegalPlayError, RulesError: a bad deal, play or rules spec.
    """
    try:
        cards = parse_cards(played)
    except CardError as err:
        raise CardError(f"--played: {err}") from None
    the_deal, the_rules, _ = deal_and_rules(deal, rules or "standard")
    return the_rules, Position(the_deal, the_rules, cards)


def _check_view_table(players: int, what: str, instead: str) -> None:
    """Refuse ``what`` at a table of other than 4: a seat's view (:class:`.Knowledge` and the
    deal sampler) is modelled for 4 players only. ``instead`` says what works at the table.

    Raises:
        PlayInputError: ``players`` is not 4.
    """
    if players != 4:
        raise PlayInputError(f"{what} at a table of {players}: a seat's view is sampled for 4 "
                             f"players only ({instead})")


@dataclass(frozen=True)
class RecordPosition:
    """A position of a record file (:func:`load_record`).

    Attributes:
        deal: the deal's record. rules: the rules it is played under. position: the position
        after the plays asked for. totals: the game's running totals before this deal (N, E,
        S, W; all 0 for a game's first deal), or None when an earlier deal of the game is
        unfinished.
    """

    deal: DealRecord
    rules: Rules
    position: Position
    totals: Optional[tuple[int, int, int, int]]


def load_record_position(path: str, deal_number: int = 1, at: Optional[int] = None,
                         rules: Optional[str] = None, *,
                         to_move: bool = False) -> tuple[DealRecord, Rules, Position]:
    """``(deal, rules, position)`` of :func:`load_record`."""
    found = load_record(path, deal_number, at, rules, to_move=to_move)
    return found.deal, found.rules, found.position


def load_record(path: str, deal_number: int = 1, at: Optional[int] = None,
                rules: Optional[str] = None, *, to_move: bool = False) -> RecordPosition:
    """The deal ``deal_number`` (1-based, counting every deal of every game in the file) of a
    record file (HGN, JSON, OpenSpiel action-id lines or peer JSON lines; the format is
    detected), the position after its first ``at`` plays (default: all of them), and the
    game's totals before the deal.

    Args:
        to_move: the position must have a seat to move (advice, moon watch): on a finished
            deal ``at`` is at most 51, and the default (all plays) is refused with that range.

    Raises:
        RecordSyntaxError: the record does not read (an illegal play names the file and its
            line).
        PlayInputError: no such deal; ``at`` outside the range that works, which the message
            gives (``--at 52: deal 1 is over after 52 plays (give 0..51)``).
    """
    with option_names(rules="--rules"):
        games = read_games(read_text(path), rules=rules, name=path)
    deals = [(game, index, deal) for game in games for index, deal in enumerate(game.deals)]
    if not 1 <= deal_number <= len(deals):
        raise PlayInputError(f"--deal {deal_number}: {path} holds {counted(len(deals), 'deal')}")
    game, index, deal = deals[deal_number - 1]
    totals = (0, 0, 0, 0) if index == 0 else game.scores()[index - 1]
    the_rules = Rules.parse(rules) if rules is not None else game.rules
    plays = deal.cards
    # A finished deal leaves nothing to advise on or watch after its last play.
    last = len(plays) - 1 if to_move and deal.is_finished() else len(plays)
    if at is None and len(plays) > last:
        raise PlayInputError(f"{path}: deal {deal_number} is over after "
                             f"{counted(len(plays), 'play')}: give --at 0..{last}, the plays "
                             f"already made")
    if at is None:
        at = len(plays)
    if at == len(plays) > last:
        raise PlayInputError(f"--at {at}: deal {deal_number} is over after "
                             f"{counted(len(plays), 'play')} (give 0..{last})")
    if not 0 <= at <= last:
        raise PlayInputError(f"--at {at}: deal {deal_number} records "
                             f"{counted(len(plays), 'play')} (give 0..{last})")
    position = Position(deal.deal, the_rules, plays[:at], first_leader=deal.first_leader,
                        pass_direction=deal.direction)
    return RecordPosition(deal, the_rules, position, totals)


def parse_hand(text: str) -> "Hand | list[Card]":
    """A hand as PBN ``S.H.D.C`` (``AKQ.T98.AKQ.AKQJ``) or a card list (``"AS KS QS ..."``).

    Raises:
        CardError, InvalidDealError: not a hand (the size is checked by the caller).
    """
    text = text.strip()
    if "." in text:
        return Hand(text)
    cards = parse_cards(text)
    return cards


# -- display helpers --------------------------------------------------------------------------

_SUIT_STYLE = {Suit.HEARTS: "red", Suit.DIAMONDS: "red", Suit.SPADES: "bold", Suit.CLUBS: "bold"}
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _card_text(card: Card) -> Text:
    return Text(card.symbol(), style=_SUIT_STYLE[card.suit])


def _cards_text(cards: "list[Card] | tuple[Card, ...]") -> Text:
    return Text(" ").join(_card_text(c) for c in cards)


def _hand_text(mask: int) -> Text:
    """``♠ AK2  ♥ T93  ♦ —  ♣ 8765``."""
    parts = []
    for suit in _PBN_SUITS:
        ranks = "".join(c.symbol()[0] for c in reversed(cards_from_mask(mask & suit.mask)))
        parts.append(Text.assemble((suit.symbol, _SUIT_STYLE[suit]), " ",
                                   (ranks or "—", "" if ranks else "dim")))
    return Text("  ").join(parts)


@contextmanager
def _progress(label: str, enabled: bool) -> Iterator[Optional[Callable[[int, int], None]]]:
    """A rich progress bar on stderr (only on a terminal); yields the callback."""
    console = Console(stderr=True)
    if not enabled or not console.is_terminal:
        yield None
        return
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
        yield update


def emit(result: Any, as_json: bool, printer: Callable[[Console, Any], None]) -> None:
    """Print ``result`` as JSON (its ``to_json()``) or with ``printer`` on a rich console."""
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        printer(Console(highlight=False), result)


def _pct(x: Optional[float]) -> str:
    return "—" if x is None else f"{100 * x:.0f}%"


#: The --threads and --scheduler options of every sampling command (play, moon, pass).
THREADS_OPTION: Any = typer.Option(None, "--threads", "-t", metavar="N", min=1,
                                   max=MAX_THREADS, help="Worker threads (default: every core).")
SCHEDULER_OPTION: Any = typer.Option(
    None, "--scheduler", metavar="tcp://HOST:PORT",
    help="Run the samples on this Dask cluster (pip install 'hearts-dd[cluster]'); same "
         "numbers as a local run with the same seed.")


#: The options of the sampling commands, by the library's argument names (for its errors).
_SAMPLING = {"samples": "--samples", "threads": "--threads", "scheduler": "--scheduler"}


# -- hearts play ------------------------------------------------------------------------------

def play_command(
    record: Optional[str] = typer.Argument(
        None, metavar="RECORD", show_default=False,
        help="A game record: HGN, JSON, or OpenSpiel action-id lines ('-' = stdin)."),
    deal_number: int = typer.Option(1, "--deal", "-d", metavar="N", min=1,
                                    help="The N-th deal of the file (counting across games)."),
    at: Optional[int] = typer.Option(
        None, "--at", metavar="PLAY", min=0,
        help="Plays already made (default: every play recorded)."),
    position_deal: Optional[str] = typer.Option(
        None, "--position", metavar="DEAL",
        help="An open position instead of a record: a PBN deal `N:<N> <E> <S> <W>` (the "
             "hands after the pass). Only the seat's hand and --played are used: the other "
             "hands are hidden from the seat and sampled."),
    played: str = typer.Option("", "--played", "-p", metavar="CARDS",
                               help='With --position: the cards played, "2C 3C AC 4C".'),
    seat: Optional[str] = typer.Option(
        None, "--seat", "-s", metavar="SEAT",
        help="The seat to advise (N E S W); it must be the seat to move (the default)."),
    samples: int = typer.Option(100, "--samples", "-n", metavar="N", min=1, max=MAX_SAMPLES,
                                help="Sampled deals (at most; fewer when one card is clearly "
                                     "best)."),
    seed: int = typer.Option(0, "--seed", metavar="S", min=0, help="Seed of the deal sampler."),
    model: Optional[str] = typer.Option(
        None, "--model", "-m", metavar="MODEL", show_default=False,
        help="paranoid (default), maxn or game (the default with --scores)."),
    scores: Optional[str] = SCORES_OPTION,
    game_target: Optional[int] = TARGET_OPTION,
    evaluator: str = typer.Option("auto", "--evaluator", "-e", metavar="EVAL",
                                  help="auto, exact or rollout (see above)."),
    threads: Optional[int] = THREADS_OPTION,
    scheduler: Optional[str] = SCHEDULER_OPTION,
    horizon: Optional[int] = typer.Option(
        None, "--horizon", metavar="K", min=1, max=13,
        help="Tricks left from which the solver takes over (rollout) and up to which auto "
             "solves exactly (default 7 paranoid, 5 maxn, 6 game)."),
    no_moon: bool = typer.Option(False, "--no-moon", help="Skip the moon-risk searches."),
    no_stop: bool = typer.Option(False, "--no-early-stop",
                                 help="Use every sample even when one card is clearly best."),
    rules: Optional[str] = typer.Option(
        None, "--rules", "-r", metavar="SPEC",
        help="Rules for --position (default standard) or OpenSpiel lines (default openspiel); "
             "HGN/JSON records carry their own."),
    as_json: bool = typer.Option(False, "--json", help="Print the advice as JSON."),
) -> None:
    """Play advice: every legal card's expected points over deals sampled from the seat's view.

    The seat to move sees its own hand, its pass and the plays; the other hands are dealt
    uniformly among the deals consistent with that (voids shown, cards passed), and in each
    sampled deal every legal card is valued with all hands open (Perfect Information Monte
    Carlo). Values are the seat's **points for the deal** (lower is better): the mean over the
    samples ± its standard error. `moon risk`: the share of samples in which another seat can
    still shoot the moon after the card; `own moon`: in which the seat itself still can.

    **Models** (`--model`): `paranoid` (the other three together push points onto the seat)
    or `maxn` (every seat minimises its own points); `game` (with `--scores`, the game totals
    before the deal): paranoid on the seat's standing in the game after the deal: per card the
    share of samples in which the seat wins the game (a total reaches `--target` and the seat
    is lowest), the game goes on, or the seat loses, and the mean margin to the lowest other
    total; cards are ranked by the mean result (win 0, on 1, lose 2), then the margin.

    **Evaluators** (`--evaluator`, the output says which one ran): `exact` solves each sample
    double dummy; `rollout` plays the card, lets every seat play a simple rule bot until 7
    (paranoid), 5 (max^n) or 6 (game) tricks are left, then solves exactly; `auto` (default) uses `exact`
    from that point on and `rollout` before it.

    **Early stop**: after 20 samples, and every 10 after, stop when one card beats every other
    by more than 3 standard errors of the per-sample difference.

    **Input**: a record file (`--deal N`, `--at PLAY` = plays already made), or an open
    position `--position DEAL --played "..."` (the other hands in DEAL are **not** used: they
    are hidden from the seat and sampled).

    **Examples**:

    ```
    hearts play tests/data/records/xinxin-train-1.hgn --at 33
    hearts play tests/data/openspiel_xinxin/xinxin_train.txt --deal 3 --at 21 --model maxn
    hearts play --position "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97" --played "2C 3C 7C QC" --json
    hearts play tests/data/records/xinxin-train-1.hgn --at 33 --scores N=80,E=95,S=63,W=40
    ```
    """
    model = game_model(model, scores, game_target)
    if model not in MODELS:
        raise AdviceError(f'unknown model "{model}" for advice: expected paranoid, maxn or '
                          f'game')
    if evaluator not in EVALUATORS:
        raise AdviceError(f'unknown evaluator "{evaluator}": expected one of '
                          f'{", ".join(EVALUATORS)}')
    record_totals = None
    if (record is None) == (position_deal is None):
        raise PlayInputError("give either RECORD or --position DEAL")
    if record is not None:
        if played:
            raise PlayInputError("--played goes with --position; for a record use --at")
        found = load_record(record, deal_number, at, rules, to_move=True)
        deal, the_rules, position = found.deal, found.rules, found.position
        record_totals = found.totals
    else:
        if at is not None or deal_number != 1:
            raise PlayInputError("--deal and --at go with RECORD; with --position use --played")
        the_rules, position = _open_position(position_deal, played, rules)
        _check_view_table(position.players, "play advice",
                          "hearts solve values the open position")
        if position.is_over():
            raise PlayInputError("the deal is over: all 52 cards are played")
    # The seat once the table is known: at a table of 3, "--seat A" is the table's error
    # above, not "unknown seat 'A' (seats N, E, S, W)".
    mover = parse_seat_option(seat) if seat is not None else position.to_move
    if mover != position.to_move:
        raise AdviceError(f"{mover.name_title} is not to move after "
                          f"{counted(len(position.history), 'play')}: "
                          f"{position.to_move.name_title} is")
    if record is not None:
        knowledge = record_knowledge(deal, the_rules, len(position.history), mover)
        source = (f"{record}, deal {deal_number}, after "
                  f"{counted(len(position.history), 'play')}")
    else:
        knowledge = Knowledge.from_position(position, mover)
        source = (f"position after {counted(len(position.history), 'play')}, "
                  f"{mover.name_title}'s view")
    # After the position: a deal of another table is that error, not "unknown seat 'A'".
    if scores != "record":
        totals = parse_scores(scores) if scores is not None else None
    elif record is None:
        raise PlayInputError("--scores record takes the totals from RECORD: give a record file")
    elif record_totals is None:
        raise PlayInputError(f"--scores record: a deal before deal {deal_number} in its game is "
                             f"unfinished, so the totals before it are not known")
    else:
        totals = record_totals
    if game_target is not None:
        the_rules = replace(the_rules, target=game_target)
        knowledge = replace(knowledge, rules=the_rules)
    if totals is not None:
        check_game_on(totals, the_rules)
    with _progress(f"{model} advice", not as_json) as update, option_names(**_SAMPLING):
        advice = advise(knowledge, samples=samples, seed=seed, model=model,
                        evaluator=evaluator, threads=threads, early_stop=not no_stop,
                        moon=not no_moon, horizon=horizon, progress=update,
                        scheduler=scheduler, scores=totals)
    if as_json:
        data = advice.to_json()
        data["source"] = source
        data["rules"] = the_rules.name or the_rules.to_dict()
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    _print_advice(Console(highlight=False), advice, knowledge, source, the_rules)


def _print_advice(console: Console, advice: Advice, knowledge: Knowledge, source: str,
                  rules: Rules) -> None:
    seat = advice.seat
    console.print(Text.assemble(("play advice ", "dim"), source))
    line = Text.assemble(("▶ ", "bold"), (seat.name_title, "bold"), " to move  ",
                         _hand_text(knowledge.hand.mask),
                         ("  trick ", "dim"), str(len(knowledge.history) // 4 + 1),
                         ("  tricks left ", "dim"), str(advice.tricks_left))
    if knowledge.trick:
        line.append("  on the table ", style="dim")
        leader = knowledge.leader
        assert leader is not None
        line.append(Text(" ").join(
            Text.assemble((f"{leader.offset(i).letter} ", "dim"), _card_text(c))
            for i, c in enumerate(knowledge.trick)))
    console.print(line)
    taken = "  ".join(f"{s.letter} {knowledge.points[s]}" for s in Seat)
    console.print(Text.assemble(("points taken ", "dim"), taken, ("  hearts ", "dim"),
                                "broken" if knowledge.hearts_broken else "not broken"))
    console.print(Text.assemble(
        ("rules ", "dim"), rules.name or "custom", ("  model ", "dim"), (advice.model, "bold"),
        ("  evaluator ", "dim"), (advice.evaluator, "bold"),
        ("  samples ", "dim"), f"{advice.samples}/{advice.requested}",
        ("  seed ", "dim"), str(advice.seed), ("  threads ", "dim"), str(advice.threads)))
    console.print(Text(f"evaluator = {advice.evaluator_text()}", style="italic"))
    who = seat.name_title
    game = advice.scores is not None
    if advice.model == "paranoid":
        concept = (f"{who} plays to take as few points as possible and the other three "
                   f"together give it as many as possible")
    else:
        concept = "every seat plays to minimise its own points (max^n; ties: the lowest card)"
    if game:
        console.print(Text.assemble(("game totals ", "dim"), "  ".join(
            f"{s.letter} {v}" for s, v in zip(Seat, advice.scores or ())),
            ("  game ends at ", "dim"), str(rules.target)))
        console.print(Text(f"value = {who}'s standing in the game after the deal when {who} "
                           f"plays for it and the other three together against it: the share "
                           f"of deals sampled from {who}'s view in which {who} wins the game, "
                           f"it goes on, {who} loses, and the mean margin ({who}'s total minus "
                           f"the lowest other; lower is better)", style="italic"))
    else:
        console.print(Text(f"value = {who}'s final points for the deal when {concept}, mean "
                           f"over deals sampled from {who}'s view (lower is better)",
                           style="italic"))
    table = Table(header_style="bold")
    table.add_column("card", no_wrap=True)
    table.add_column("equal cards")
    if game:
        for name in ("win", "on", "lose"):
            table.add_column(name, justify="right")
    table.add_column(f"{seat.letter} margin" if game else f"{seat.letter} points",
                     justify="right")
    table.add_column("± SE", justify="right")
    table.add_column("vs best", justify="right")
    if advice.moon:
        table.add_column("moon risk", justify="right")
        table.add_column("own moon", justify="right")
    best = advice.best
    for ca in advice.cards:
        style = "bold" if ca is best else ""
        row: list[Any] = [_card_text(ca.card), _cards_text(ca.equals)]
        if game:
            row += [_pct(ca.result_share(k)) for k in range(3)]
        row += [Text(f"{ca.mean:.2f}", style=style), f"{ca.se:.2f}",
                "" if ca is best else f"{ca.mean - best.mean:+.2f}"]
        if advice.moon:
            risk = _pct(ca.moon_risk)
            if ca.moon_unknown:
                risk += f" ({ca.moon_unknown}?)"
            row += [Text(risk, style="red" if ca.moon_risk else ""),
                    Text(_pct(ca.own_moon), style="green" if ca.own_moon else "")]
        table.add_row(*row)
    console.print(table)
    if advice.stopped_early:
        console.print(Text(f"stopped early after {counted(advice.samples, 'sample')}: {STOP_RULE}",
                           style="dim"))
    else:
        console.print(Text(f"no early stop ({STOP_RULE})", style="dim"))
    if advice.moon:
        console.print(Text("moon risk: share of samples where another seat can still shoot "
                           "after the card (moon model, best defence); own moon: the same for "
                           f"{who}" + ("; (k?) = k samples whose moon search hit its node limit"
                                       if any(c.moon_unknown for c in advice.cards) else ""),
                           style="dim"))
    console.print(Text.assemble(("consistent deals ", "dim"), f"{advice.deals:,}",
                                ("  time ", "dim"), f"{advice.ms / 1000:,.2f} s"))


# -- hearts moon ------------------------------------------------------------------------------

def moon_command(
    ctx: typer.Context,
    hand: Optional[str] = typer.Argument(
        None, metavar="HAND", show_default=False,
        help='13 cards: PBN "S.H.D.C" (AKQ.T98.AKQ.AKQJ) or a list ("AS KS QS ...").'),
    seat: Optional[str] = typer.Option(
        None, "--seat", "-s", metavar="SEAT",
        help="HAND: the seat holding it (default S; it only decides who leads). --record, "
             "--position: also estimate from this seat's view (sampled deals) whether the "
             "seat on track, or before any penalty card is taken this seat itself, can "
             "still shoot (4 players only; the open-hands watch works at every table)."),
    after_pass: Optional[str] = typer.Option(
        None, "--after-pass", metavar="DIR",
        help="HAND is the hand after a pass in direction DIR (left, right, across); give "
             "--passed and --received."),
    passed: Optional[str] = typer.Option(None, "--passed", metavar="CARDS",
                                         help="With --after-pass: the cards passed."),
    received: Optional[str] = typer.Option(None, "--received", metavar="CARDS",
                                           help="With --after-pass: the cards received."),
    record: Optional[str] = typer.Option(None, "--record", metavar="FILE",
                                         help="Moon watch in a game record instead of a hand."),
    position_deal: Optional[str] = typer.Option(
        None, "--position", metavar="DEAL",
        help="Moon watch in an open position: a PBN deal (hands after the pass) with --played."),
    played: str = typer.Option("", "--played", "-p", metavar="CARDS",
                               help="With --position: the cards played so far."),
    deal_number: int = typer.Option(1, "--deal", "-d", metavar="N", min=1,
                                    help="With --record: the N-th deal of the file."),
    at: Optional[int] = typer.Option(None, "--at", metavar="PLAY", min=0,
                                     help="With --record: plays already made (default all)."),
    samples: int = typer.Option(200, "--samples", "-n", metavar="N", min=1, max=MAX_SAMPLES,
                                help="Sampled deals."),
    seed: int = typer.Option(0, "--seed", metavar="S", min=0, help="Seed of the deal sampler."),
    time_ms: float = time_option(DEFAULT_TIME_MS, "Time limit of one moon search (ms); "
                                                  "searches that hit it are counted as "
                                                  "unfinished."),
    threads: Optional[int] = THREADS_OPTION,
    scheduler: Optional[str] = SCHEDULER_OPTION,
    rules: Optional[str] = typer.Option(
        None, "--rules", "-r", metavar="SPEC",
        help="Rules (default standard; OpenSpiel lines: openspiel; records carry their own)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Moon odds of a hand, or moon watch in a game.

    **HAND**: the probability that the hand can shoot the moon (take every penalty card
    against the best defence). The other 39 cards are dealt uniformly at random `--samples`
    times and each deal is searched exactly from the start of play with all hands open
    (model `moon`), so this is the double-dummy chance, an upper bound on real play. Without
    `--after-pass`, HAND is the hand at the start of play with nothing known about a pass
    (a hold deal). With `--after-pass DIR --passed CARDS --received CARDS`, HAND is the hand
    after that pass: the passed cards lie with the receiver, the rest is dealt uniformly.
    Output: the probability with a 95% Wilson interval over the finished searches; searches
    that hit `--time` are counted apart as unfinished.

    **--record FILE --at PLAY** (or an open position `--position DEAL --played "..."`): which
    seat is on track (the only seat that has taken penalty cards so far) and whether the others
    can still stop it, with all hands open (when no penalty card is taken yet, every seat is
    checked); with `--seat V` also the share of deals sampled from V's view (its hand, its pass
    and the plays) in which the seat on track can still shoot (when no penalty card is taken
    yet: in which V itself can; when two seats have taken some, nobody can and nothing is
    sampled).

    **Examples**:

    ```
    hearts moon "A.AKQJT987.AK.AK"
    hearts moon "AKQ.AKQJ98.AK.A2" --after-pass left --passed "2S 3D 4C" --received "AH KH 8H"
    hearts moon --record tests/data/records/xinxin-train-1.hgn --at 20 --seat S
    ```
    """
    if record is not None or position_deal is not None:
        if (hand is not None) + (record is not None) + (position_deal is not None) > 1:
            raise PlayInputError("give one of HAND, --record FILE or --position DEAL")
        if after_pass or passed or received:
            raise PlayInputError("--after-pass, --passed and --received go with HAND")
        view = None
        sampling = sorted(given_options(ctx) & {"samples", "seed", "threads", "scheduler"})
        if seat is None and sampling:
            # the watch itself is exact on open hands: only a seat's view is sampled
            raise PlayInputError(f"{', '.join('--' + o for o in sampling)} "
                                 f"{'has' if len(sampling) == 1 else 'have'} no effect without "
                                 f"--seat: a moon watch samples only from a seat's view")
        if record is not None:
            if played:
                raise PlayInputError("--played goes with --position; for a record use --at")
            deal, the_rules, position = load_record_position(record, deal_number, at, rules,
                                                             to_move=True)
            source = f"{record}, deal {deal_number}"
        else:
            if at is not None or deal_number != 1:
                raise PlayInputError("--deal and --at go with --record; with --position use "
                                     "--played")
            the_rules, position = _open_position(position_deal, played, rules)
            source = "open position"
        if seat is not None:
            # The open-hands watch works at every table; only the view is for 4 players.
            _check_view_table(position.players, "--seat",
                              "without --seat the moon watch checks the open hands")
            view_seat = parse_seat_option(seat)
            if record is not None:
                view = record_knowledge(deal, the_rules, len(position.history), view_seat)
            elif not position.is_over():
                view = Knowledge.from_position(position, view_seat)
        with (_progress("moon watch", not as_json and view is not None) as update,
              option_names(**_SAMPLING)):
            watch = moon_watch(position, view=view, samples=samples, seed=seed,
                               time_limit_ms=time_ms, threads=threads, progress=update,
                               scheduler=scheduler)
        if as_json:
            data = watch.to_json()
            data["source"] = source
            typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
            return
        _print_watch(Console(highlight=False), watch, source)
        return
    given_seat = parse_seat_option(seat) if seat is not None else None
    if hand is None:
        raise PlayInputError("missing HAND (13 cards), --record FILE or --position DEAL")
    if played:
        raise PlayInputError("--played goes with --position")
    if at is not None or deal_number != 1:
        raise PlayInputError("--deal and --at go with --record")
    if after_pass is None and (passed or received):
        raise PlayInputError("--passed and --received need --after-pass DIR")
    direction = None
    if after_pass is not None:
        direction = PassDirection.parse(after_pass)
    the_rules = Rules.parse(rules or "standard")
    if os.path.isfile(hand):
        # "hand 'game.hgn' has 2 suit groups" did not say what went wrong
        raise PlayInputError(f"HAND {hand} is a file: a game record goes with --record {hand}")
    cards = parse_hand(hand)
    with _progress("moon odds", not as_json) as update, option_names(**_SAMPLING):
        odds = moon_odds(cards, seat=Seat.S if given_seat is None else given_seat,
                         samples=samples, seed=seed, rules=the_rules, pass_direction=direction,
                         passed=passed, received=received, time_limit_ms=time_ms,
                         threads=threads, progress=update, scheduler=scheduler)
    emit(odds, as_json, _print_odds)


def _print_odds(console: Console, odds: MoonOdds) -> None:
    who = odds.seat.name_title
    console.print(Text.assemble(("moon odds ", "dim"), (who, "bold"), "  ",
                                _hand_text(odds.hand.mask)))
    if odds.pass_direction is None:
        console.print(Text("the hand at the start of play, nothing known about a pass: the "
                           "other 39 cards dealt uniformly", style="dim"))
    else:
        console.print(Text.assemble(
            ("after passing ", "dim"), str(odds.pass_direction), ": gave ",
            _cards_text(list(odds.passed)), ", got ", _cards_text(list(odds.received)),
            (" (the passed cards lie with the receiver)", "dim")))
    console.print(Text(f"model moon: can {who} take every penalty card against the best "
                       f"defence, all hands open, from the start of play", style="italic"))
    p = odds.probability
    low, high = odds.interval
    if p is None:
        console.print(Text("no search finished: raise --time", style="bold yellow"))
    else:
        console.print(Text.assemble(
            ("P(moon) = ", "bold"), (f"{100 * p:.1f}%", "bold"),
            f"  (95% Wilson interval {100 * low:.1f}%–{100 * high:.1f}%)"))
    console.print(Text.assemble(
        ("shoots ", "dim"), str(odds.shoots), ("  cannot ", "dim"), str(odds.cannot),
        ("  unfinished ", "dim"), Text(str(odds.unfinished),
                                       style="bold yellow" if odds.unfinished else ""),
        ("  samples ", "dim"), str(odds.requested), ("  seed ", "dim"), str(odds.seed),
        ("  time limit ", "dim"), f"{odds.time_limit_ms:g} ms/search",
        ("  time ", "dim"), f"{odds.ms / 1000:.2f} s"))
    if odds.unfinished:
        console.print(Text(f"{counted(odds.unfinished, 'sample')} hit the time limit (left "
                           f"out); counted as moons, P(moon) is at most "
                           f"{100 * (odds.shoots + odds.unfinished) / odds.requested:.1f}%",
                           style="yellow"))


def _print_watch(console: Console, watch: MoonWatch, source: str) -> None:
    n = watch.players

    def title(seat: int) -> str:
        return seat_title(seat, n)
    console.print(Text.assemble(("moon watch ", "dim"), source,
                                ("  after ", "dim"), counted(watch.plays, "play")))
    console.print(Text.assemble(("points taken ", "dim"), "  ".join(
        f"{seat_letter(s, n)} {watch.points[s]}" for s in table_seats(n))))
    console.print(Text("model moon: can the seat still take every penalty card against the "
                       "best defence?", style="italic"))
    verdict = {True: "yes", False: "no", None: "unknown (time limit)"}
    if len(watch.takers) >= 2:
        names = [title(s) for s in watch.takers]
        both = " both" if len(names) == 2 else ""
        console.print(f"nobody can shoot: {joined(names)} have{both} taken penalty cards")
    elif watch.on_track is None:
        console.print("no penalty card taken yet; open hands, can each seat still shoot?")
        for seat, can in watch.open.items():
            console.print(f"  {title(seat)}: {verdict[can]}")
    else:
        who = title(watch.on_track)
        can = watch.open.get(watch.on_track)
        points = watch.points[watch.on_track]
        console.print(Text.assemble((f"{who} is on track", "bold"),
                                    f": the only seat with penalty cards "
                                    f"({counted(points, 'point')} so far)"))
        stop = {True: "the others can no longer stop it", False: "the others can still stop it",
                None: "not decided within the time limit"}[can]
        console.print(Text.assemble("open hands: ", who, " can still shoot: ",
                                    (verdict[can], "bold"), f" ({stop})"))
    if watch.view is None:
        return
    view = title(watch.view)
    shooter = watch.shooter
    if watch.sampled is None or shooter is None:
        console.print(Text(f"no estimate from {view}'s view: nobody can shoot", style="dim"))
        return
    shoots, cannot, unfinished = watch.sampled
    p = watch.sampled_probability
    low, high = wilson_interval(shoots, shoots + cannot)
    share = "—" if p is None else f"{100 * p:.1f}%"
    console.print(Text.assemble(
        f"from {view}'s view ({counted(watch.samples, 'sampled deal')}, seed {watch.seed}): "
        f"{title(shooter)} can still shoot in ", (share, "bold"),
        f" (95% Wilson {100 * low:.1f}%–{100 * high:.1f}%; unfinished {unfinished})"))


#: A stand-alone app (tests and ``python -m hearts.analysis.advice_cli``).
app = typer.Typer(add_completion=False, rich_markup_mode="markdown")
app.command("play")(play_command)
app.command("moon")(moon_command)
