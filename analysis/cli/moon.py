"""``hearts moon``: the odds that a hand shoots the moon, or the moon watch in a game (who is on
track, and whether the others can still stop it).

The logic lives in :mod:`hearts.analysis.moon`; this module reads the hand or the position
(:mod:`.options`), shows a progress bar and prints the result or JSON.
"""
from __future__ import annotations

import os
from typing import Optional

import typer
from rich.console import Console
from rich.text import Text

from hearts.solver import Limit, Rules, Seat
from hearts.solver.seats import PassDirection, seat_letter, seat_title, table_seats
from hearts.solver.words import counted, joined

from ..knowledge import Knowledge, record_knowledge
from ..moon import DEFAULT_TIME_MS, MoonOdds, MoonWatch, moon_odds, moon_watch, wilson_interval
from ..settings import Sampling
from .options import quiet_option
from .options import (SAMPLING, CommandError, at_option, check_view_table, deal_number_option,
                      given_options, json_option, load_record_position, open_position,
                      option_names, parse_hand, parse_seat_option, played_option,
                      position_option, rules_option, samples_option, scheduler_option,
                      seat_option, seed_option, threads_option, time_option)
from .render import cards_text, echo_json, emit, hand_text, progress

__all__ = ["moon_command"]


def moon_command(
    ctx: typer.Context,
    hand: Optional[str] = typer.Argument(
        None, metavar="HAND", show_default=False,
        help='13 cards: PBN "S.H.D.C" (AKQ.T98.AKQ.AKQJ) or a list ("AS KS QS ...").'),
    seat: Optional[str] = seat_option(
        "HAND: the seat holding it (default S; it only decides who leads). --record, "
        "--position: also estimate from this seat's view (sampled deals) whether the seat on "
        "track, or before any penalty card is taken this seat itself, can still shoot (4 "
        "players only; the open-hands watch works at every table)."),
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
    position_deal: Optional[str] = position_option(
        "Moon watch in an open position: a PBN deal (hands after the pass) with --played."),
    played: str = played_option("With --position: the cards played so far."),
    deal_number: int = deal_number_option("With --record: the N-th deal of the file."),
    at: Optional[int] = at_option("With --record: plays already made (default all)."),
    samples: int = samples_option(200, "Sampled deals."),
    seed: int = seed_option("Seed of the deal sampler."),
    time_ms: float = time_option(DEFAULT_TIME_MS, "Time limit of one moon search (ms); "
                                                  "searches that hit it are counted as "
                                                  "unfinished."),
    threads: Optional[int] = threads_option(),
    scheduler: Optional[str] = scheduler_option(),
    rules: Optional[str] = rules_option(
        "Rules (default standard; OpenSpiel lines: openspiel; records carry their own)."),
    as_json: bool = json_option("Print the result as JSON."),
    quiet: bool = quiet_option(),
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
            raise CommandError("give one of HAND, --record FILE or --position DEAL")
        if after_pass or passed or received:
            raise CommandError("--after-pass, --passed and --received go with HAND")
        view = None
        sampling = sorted(given_options(ctx) & {"samples", "seed", "threads", "scheduler"})
        if seat is None and sampling:
            # the watch itself is exact on open hands: only a seat's view is sampled
            raise CommandError(f"{', '.join('--' + o for o in sampling)} "
                               f"{'has' if len(sampling) == 1 else 'have'} no effect without "
                               f"--seat: a moon watch samples only from a seat's view")
        if record is not None:
            if played:
                raise CommandError("--played goes with --position; for a record use --at")
            deal, the_rules, position = load_record_position(record, deal_number, at, rules,
                                                             to_move=True)
            source = f"{record}, deal {deal_number}"
        else:
            if at is not None or deal_number != 1:
                raise CommandError("--deal and --at go with --record; with --position use "
                                   "--played")
            the_rules, position = open_position(position_deal, played, rules)
            source = "open position"
        if seat is not None:
            # The open-hands watch works at every table; only the view is for 4 players.
            check_view_table(position.players, "--seat",
                             "without --seat the moon watch checks the open hands")
            view_seat = parse_seat_option(seat)
            if record is not None:
                view = record_knowledge(deal, the_rules, len(position.history), view_seat)
            elif not position.is_over():
                view = Knowledge.from_position(position, view_seat)
        with (progress("moon watch", not as_json and view is not None) as update,
              option_names(**SAMPLING)):
            watch = moon_watch(position, view=view,
                               sampling=Sampling(samples, seed, threads, scheduler),
                               limit=Limit(time_ms=time_ms), progress=update)
        if as_json:
            data = watch.to_json()
            data["source"] = source
            echo_json(data)
            return
        _print_watch(Console(highlight=False), watch, source)
        return
    given_seat = parse_seat_option(seat) if seat is not None else None
    if hand is None:
        raise CommandError("missing HAND (13 cards), --record FILE or --position DEAL")
    if played:
        raise CommandError("--played goes with --position")
    if at is not None or deal_number != 1:
        raise CommandError("--deal and --at go with --record")
    if after_pass is None and (passed or received):
        raise CommandError("--passed and --received need --after-pass DIR")
    direction = None
    if after_pass is not None:
        direction = PassDirection.parse(after_pass)
    the_rules = Rules.parse(rules or "standard")
    if os.path.isfile(hand):
        # "hand 'game.hgn' has 2 suit groups" did not say what went wrong
        raise CommandError(f"HAND {hand} is a file: a game record goes with --record {hand}")
    cards = parse_hand(hand)
    with progress("moon odds", not as_json) as update, option_names(**SAMPLING):
        odds = moon_odds(cards, seat=Seat.S if given_seat is None else given_seat,
                         rules=the_rules, pass_direction=direction, passed=passed,
                         received=received, sampling=Sampling(samples, seed, threads, scheduler),
                         limit=Limit(time_ms=time_ms), progress=update)
    emit(odds, as_json, _print_odds)


def _print_odds(console: Console, odds: MoonOdds) -> None:
    who = odds.seat.name_title
    console.print(Text.assemble(("moon odds ", "dim"), (who, "bold"), "  ",
                                hand_text(odds.hand.mask)))
    if odds.pass_direction is None:
        console.print(Text("the hand at the start of play, nothing known about a pass: the "
                           "other 39 cards dealt uniformly", style="dim"))
    else:
        console.print(Text.assemble(
            ("after passing ", "dim"), str(odds.pass_direction), ": gave ",
            cards_text(list(odds.passed)), ", got ", cards_text(list(odds.received)),
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
        ("  time limit ", "dim"), f"{odds.limit.time_ms:g} ms/search",
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
