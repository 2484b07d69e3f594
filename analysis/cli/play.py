"""``hearts play``: play advice, every legal card's expected points over deals sampled from the
seat's view.

The logic lives in :mod:`hearts.analysis.advice`; this module reads the position (a game record
or an open deal, :mod:`.options`), shows a progress bar and prints a rich table or JSON.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts.solver import Rules, Seat
from hearts.solver.game import parse_scores
from hearts.solver.words import counted

from ..advice import (EVALUATORS, EXACT_HORIZON, MODELS, STOP_RULE, Advice, AdviceError,
                      advice_document, advise)
from ..engine import DEFAULT_ENGINE
from ..knowledge import Knowledge, record_knowledge
from ..settings import Sampling
from .options import quiet_option
from .options import (SAMPLING, SCORES_OPTION, TARGET_OPTION, CommandError, at_option,
                      check_game_on, check_record_path, check_view_table, deal_number_option,
                      game_model, json_option, load_record, model_option, open_position,
                      option_names, parse_seat_option, played_option, position_option,
                      rules_option, samples_option, scheduler_option, seat_option, seed_option,
                      threads_option)
from .render import card_text, cards_text, echo_json, hand_text, pct, progress

__all__ = ["play_command"]


def play_command(
    record: Optional[str] = typer.Argument(
        None, metavar="RECORD", show_default=False,
        help="A game record: HGN, JSON, or OpenSpiel action-id lines ('-' = stdin)."),
    deal_number: int = deal_number_option("The N-th deal of the file (counting across games)."),
    at: Optional[int] = at_option("Plays already made (default: every play recorded)."),
    position_deal: Optional[str] = position_option(
        "An open position instead of a record: a PBN deal `N:<N> <E> <S> <W>` (the hands after "
        "the pass). Only the seat's hand and --played are used: the other hands are hidden "
        "from the seat and sampled."),
    played: str = played_option('With --position: the cards played, "2C 3C AC 4C".'),
    seat: Optional[str] = seat_option(
        "The seat to advise (N E S W); it must be the seat to move (the default)."),
    samples: int = samples_option(DEFAULT_ENGINE.samples,
                                  "Sampled deals (at most; fewer when one card is clearly "
                                  "best)."),
    seed: int = seed_option("Seed of the deal sampler."),
    model: Optional[str] = model_option(
        f"{DEFAULT_ENGINE.model} (default: the engine's), "
        f"{' or '.join(m for m in ('maxn', 'paranoid', 'game') if m != DEFAULT_ENGINE.model)}"
        f" (game: the default with --scores)."),
    scores: Optional[str] = SCORES_OPTION,
    game_target: Optional[int] = TARGET_OPTION,
    evaluator: str = typer.Option("auto", "--evaluator", "-e", metavar="EVAL",
                                  help="auto, exact or rollout (see above)."),
    threads: Optional[int] = threads_option(),
    scheduler: Optional[str] = scheduler_option(),
    horizon: Optional[int] = typer.Option(
        None, "--horizon", metavar="K", min=1, max=13,
        help=f"Tricks left from which the solver takes over (rollout) and up to which auto "
             f"solves exactly (default {EXACT_HORIZON['paranoid']} paranoid, "
             f"{EXACT_HORIZON['maxn']} maxn, {EXACT_HORIZON['game']} game)."),
    no_moon: bool = typer.Option(False, "--no-moon", help="Skip the moon-risk searches."),
    no_stop: bool = typer.Option(False, "--no-early-stop",
                                 help="Use every sample even when one card is clearly best."),
    rules: Optional[str] = rules_option(
        "Rules for --position (default standard) or OpenSpiel lines (default openspiel); "
        "HGN/JSON records carry their own."),
    as_json: bool = json_option("Print the advice as JSON."),
    quiet: bool = quiet_option(),
) -> None:
    """Play advice: every legal card's expected points over deals sampled from the seat's view.

    The seat to move sees its own hand, its pass and the plays; the other hands are dealt
    uniformly among the deals consistent with that (voids shown, cards passed), weighted by
    how well they explain the other seats' plays (the engine's inference), and in each
    sampled deal every legal card is valued with all hands open (Perfect Information Monte
    Carlo). Values are the seat's **points for the deal** (lower is better): the mean over the
    samples ± its standard error. `moon risk`: the share of samples in which another seat can
    still shoot the moon after the card; `own moon`: in which the seat itself still can.

    **Default engine** (the same for `hearts pass`, `hearts annotate --mode fair` and the
    strength harness's advice bot: `hearts.analysis.DEFAULT_ENGINE`): max^n, up to 400
    samples with early stop and a budget of 30,000 search nodes a sample asked for (12 M, about
    0.4 s on one core, at 400; 20,000 from trick 7 on, where a live moon makes the heaviest
    decisions), rollouts (the other seats lead and follow as a model learned from IS-MCTS's
    play and discard as the rule bot; the seat itself plays each later card by a one-card
    look-ahead over play-outs against that model; 8 runs averaged; under rules the model was
    not fitted for, a random card at chance 0.5 instead of the model) to
    2 tricks left (5 while one seat alone has taken moon cards), then exact max^n; the
    sampled deals weighted by how well they explain the other seats' plays under that model
    (uniform under rules it was not fitted for). Why:
    against OpenSpiel's IS-MCTS, horizon 4 with 400 samples took 1.12 points a deal fewer
    (95% CI 0.26 to 1.98, 48 deals), the old default (paranoid in this command; max^n,
    horizon 5, 100 samples in the bots) 0.61; the noisy rollouts of the other seats took
    0.40 points a deal fewer than the rule bot's (95% CI 0.07 to 0.73, 300 forked deals),
    the learned model with the rule bot's discards 0.35 fewer than those (95% CI 0.12 to
    0.58, 620 forked deals of three seeds), and the deals weighted by that model 0.21 fewer
    again (95% CI 0.01 to 0.41, 680 forked deals of four seeds: 0.43 and 0.38 on two, level
    on the other two), the exact solve from 2 tricks left instead of 4 0.20 fewer again
    (95% CI 0.01 to 0.38, 480 forked deals of three seeds), and the seat's own look-ahead
    in the rollouts 0.33 fewer again (95% CI 0.003 to 0.65, 320 forked deals of two seeds;
    0.30, 95% CI 0.01 to 0.59, over three seeds and 420 deals), at 0.15 s a decision at
    trick 1 on two cores on average, 0.79 s at most (docs/analysis.md, "The engine").

    **Models** (`--model`): `maxn` (the default: every seat minimises its own points),
    `paranoid` (the other three together push points onto the seat); `game` (with
    `--scores`, the game totals before the deal): paranoid on the seat's standing in the
    game after the deal: per card the
    share of samples in which the seat wins the game (a total reaches `--target` and the seat
    is lowest), the game goes on, or the seat loses, and the mean margin to the lowest other
    total; cards are ranked by the mean result (win 0, on 1, lose 2), then the margin.

    **Evaluators** (`--evaluator`, the output says which one ran): `exact` solves each sample
    double dummy; `rollout` plays the card, lets every seat play a simple rule bot until 7
    (paranoid), 4 (max^n; 5 while a moon is live) or 6 (game) tricks are left, then solves
    exactly; `auto` (default) uses `exact` from that point on and `rollout` before it.

    **Early stop**: after 20 samples, and every 10 after, stop when one card beats every other
    by more than 3 standard errors of the per-sample difference.

    **Input**: a record file (`--deal N`, `--at PLAY` = plays already made), or an open
    position `--position DEAL --played "..."` (the other hands in DEAL are **not** used: they
    are hidden from the seat and sampled).

    **Examples**:

    ```
    hearts play tests/data/records/xinxin-train-1.hgn --at 33
    hearts play tests/data/openspiel_xinxin/xinxin_train.txt --deal 3 --at 21 --model paranoid
    hearts play --position "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97" --played "2C 3C 7C QC" --json
    hearts play tests/data/records/xinxin-train-1.hgn --at 33 --scores N=80,E=95,S=63,W=40
    ```
    """
    model = game_model(model, scores, game_target, default=DEFAULT_ENGINE.model)
    if model not in MODELS:
        raise AdviceError(f'unknown model "{model}" for advice: expected paranoid, maxn or '
                          f'game')
    if evaluator not in EVALUATORS:
        raise AdviceError(f'unknown evaluator "{evaluator}": expected one of '
                          f'{", ".join(EVALUATORS)}')
    record_totals = None
    if (record is None) == (position_deal is None):
        raise CommandError("give either RECORD or --position DEAL")
    if record is not None:
        if played:
            raise CommandError("--played goes with --position; for a record use --at")
        check_record_path(record)
        found = load_record(record, deal_number, at, rules, to_move=True)
        deal, the_rules, position = found.deal, found.rules, found.position
        record_totals = found.totals
    else:
        if at is not None or deal_number != 1:
            raise CommandError("--deal and --at go with RECORD; with --position use --played")
        the_rules, position = open_position(position_deal, played, rules)
        check_view_table(position.players, "play advice",
                         "hearts solve values the open position")
        if position.is_over():
            raise CommandError("the deal is over: all 52 cards are played")
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
        raise CommandError("--scores record takes the totals from RECORD: give a record file")
    elif record_totals is None:
        raise CommandError(f"--scores record: a deal before deal {deal_number} in its game is "
                           f"unfinished, so the totals before it are not known")
    else:
        totals = record_totals
    if game_target is not None:
        the_rules = replace(the_rules, target=game_target)
        knowledge = replace(knowledge, rules=the_rules)
    if totals is not None:
        check_game_on(totals, the_rules)
    with progress(f"{model} advice", not as_json) as update, option_names(**SAMPLING):
        advice = advise(knowledge, sampling=Sampling(samples, seed, threads, scheduler),
                        model=model, evaluator=evaluator, early_stop=not no_stop,
                        moon=not no_moon, horizon=horizon, progress=update, scores=totals)
    if as_json:
        echo_json(advice_document(advice, source, the_rules))
        return
    _print_advice(Console(highlight=False), advice, knowledge, source, the_rules)


def _print_advice(console: Console, advice: Advice, knowledge: Knowledge, source: str,
                  rules: Rules) -> None:
    seat = advice.seat
    console.print(Text.assemble(("play advice ", "dim"), source))
    line = Text.assemble(("▶ ", "bold"), (seat.name_title, "bold"), " to move  ",
                         hand_text(knowledge.hand.mask),
                         ("  trick ", "dim"), str(len(knowledge.history) // 4 + 1),
                         ("  tricks left ", "dim"), str(advice.tricks_left))
    if knowledge.trick:
        line.append("  on the table ", style="dim")
        leader = knowledge.leader
        assert leader is not None
        line.append(Text(" ").join(
            Text.assemble((f"{leader.offset(i).letter} ", "dim"), card_text(c))
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
        row: list[Any] = [card_text(ca.card), cards_text(ca.equals)]
        if game:
            row += [pct(ca.result_share(k)) for k in range(3)]
        row += [Text(f"{ca.mean:.2f}", style=style), f"{ca.se:.2f}",
                "" if ca is best else f"{ca.mean - best.mean:+.2f}"]
        if advice.moon:
            risk = pct(ca.moon_risk)
            if ca.moon_unknown:
                risk += f" ({ca.moon_unknown}?)"
            row += [Text(risk, style="red" if ca.moon_risk else ""),
                    Text(pct(ca.own_moon), style="green" if ca.own_moon else "")]
        table.add_row(*row)
    console.print(table)
    if advice.stopped_early:
        console.print(Text(f"stopped early after {counted(advice.samples, 'sample')}: {STOP_RULE}",
                           style="dim"))
    elif advice.budget_spent:
        budget = DEFAULT_ENGINE.node_budget(len(advice.knowledge.history)
                                            // advice.knowledge.rules.players)
        console.print(Text(f"stopped after {counted(advice.samples, 'sample')}: the decision's "
                           f"node budget was spent ({advice.nodes:,} search nodes; "
                           f"{budget:,} a sample asked for)", style="dim"))
    else:
        console.print(Text(f"no early stop ({STOP_RULE})", style="dim"))
    if advice.capped:
        they = "it was" if advice.capped == 1 else "they were"
        console.print(Text(f"{counted(advice.capped, 'solve')} reached the cap on each solve; "
                           f"{they} redone one rule-bot trick later", style="dim"))
    if advice.moon:
        console.print(Text("moon risk: share of samples where another seat can still shoot "
                           "after the card (moon model, best defence); own moon: the same for "
                           f"{who}" + ("; (k?) = k samples whose moon search hit its node limit"
                                       if any(c.moon_unknown for c in advice.cards) else ""),
                           style="dim"))
    console.print(Text.assemble(("consistent deals ", "dim"), f"{advice.deals:,}",
                                ("  time ", "dim"), f"{advice.ms / 1000:,.2f} s"))
