"""``hearts pass``: every pass of a hand ranked by expected points for the deal.

The logic lives in :mod:`hearts.analysis.passing`; this module reads the hand, shows a
progress bar, and prints a rich table or JSON.
"""
from __future__ import annotations

from typing import List, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from hearts.solver import HeartsError, PassDirection, Rules
from hearts.solver.cards import cards_from_mask
from hearts.solver.words import counted

from ..engine import DEFAULT_ENGINE
from ..passing import (CI_TARGET, DEFAULT_HORIZON, DEFAULT_SAMPLES, TOP, PassError,
                       PassRanking, Z95, pass_policy_text, rate_passes)
from ..records import rules_text
from ..settings import Sampling
from .options import quiet_option
from .options import (SAMPLING, json_option, model_option, number_parser, option_names,
                      parse_seat_option, rules_option, samples_option, scheduler_option,
                      seat_option, seed_option, threads_option)
from .render import cards_text, emit, hand_text, pct, progress

__all__ = ["pass_command"]

#: ``--ci POINTS``: a half-width of 0.01 to 26 points (26: every point of a deal; inf "stopped"
#: the racing at ±inf).
_ci_points = number_parser(lambda points: 0.01 <= points <= 26, "a number of points in 0.01..26")


def pass_command(
    hand: str = typer.Argument(
        ..., metavar="HAND", show_default=False,
        help='The 13 dealt cards: PBN "S.H.D.C" (AKQ.T98.AKQ.AKQJ) or a list ("AS KS ...").'),
    direction: str = typer.Option(..., "--direction", "-d", metavar="DIR",
                                  help="Pass direction: left, right or across."),
    seat: str = seat_option("The passing seat (it decides who receives and who leads).",
                            default="S"),
    samples: int = samples_option(DEFAULT_SAMPLES,
                                  "Most sampled deals for one pass (the racing stops earlier "
                                  "once the best pass's 95% interval is ±1)."),
    seed: int = seed_option("Seed of the sampled deals."),
    model: str = model_option("Model of the exact solve at the horizon: maxn or paranoid "
                              "(default: the engine's, as in hearts play).",
                              default=DEFAULT_ENGINE.model),
    horizon: Optional[int] = typer.Option(
        None, "--horizon", metavar="K", min=1, max=13,
        help=f"Tricks left at which the rollout hands over to the solver (default "
             f"{DEFAULT_HORIZON['maxn']} maxn, {DEFAULT_HORIZON['paranoid']} paranoid)."),
    ci: float = typer.Option(CI_TARGET, "--ci", metavar="POINTS", parser=_ci_points,
                             help="Stop when the best pass's 95% interval is this narrow "
                                  "(± points)."),
    no_moon: bool = typer.Option(False, "--no-moon", help="Skip the moon-chance searches."),
    give: Optional[List[str]] = typer.Option(
        None, "--give", metavar="CARDS",
        help='Rate only the passes with these cards ("QS": which two go with Q♠?); may be '
             'repeated.'),
    keep: Optional[List[str]] = typer.Option(
        None, "--keep", metavar="CARDS",
        help='Rate only the passes without these cards ("QS": which three if Q♠ stays?); '
             'may be repeated.'),
    threads: Optional[int] = threads_option(),
    scheduler: Optional[str] = scheduler_option(),
    rules: Optional[str] = rules_option("Rules (default standard)."),
    as_json: bool = json_option("Print every pass as JSON."),
    quiet: bool = quiet_option(),
) -> None:
    """Pass rating: every pass of a hand (286 of 3 cards; C(13, k) with `pass_count=k`)
    ranked by expected points for the deal (fewer under rules with `no_pass_cards`: a pass
    holding such a card is not rated).

    **How a pass is rated.** The 39 cards the seat cannot see are dealt to the other seats
    uniformly, `--samples` times at most (the 3 cards the seat will receive are unknown). The
    other seats pass by a stated simple rule from their own dealt hand: Q♠, A♠, K♠ unless
    guarded by 3+ lower spades; then A♥ K♥ Q♥ J♥; then empty the shorter of ♣/♦ if possible;
    then the highest cards. The rules' point table names the penalty cards: under
    `--rules black_jack` J♠ (then A♠ K♠ Q♠) takes Q♠'s place, and a bonus card (Omnibus
    10♦) is kept; the header states the rule in full. After all passes, each deal is valued
    by the **rollout evaluator**: every seat plays a simple rule bot (which reads the same
    point table; the other seats play a random card at chance 0.5, as opponents are no rule
    bots) until 6 tricks are left (`--horizon`), then the position is solved exactly
    with max^n (`--model`: every seat for itself; or paranoid): the engine `hearts play`,
    fair annotation and the strength harness use too (`hearts.analysis.DEFAULT_ENGINE`;
    why: docs/experiments.md, "Strength against IS-MCTS").
    Value: the seat's **points for the deal** (lower is better), the mean over the deals with
    a 95% interval (mean ± 1.96 SE). Not an exact double-dummy value per deal: its error is
    measured in `benchmarks/bench_pass.py` (docs/analysis.md). In play against OpenSpiel's
    IS-MCTS, passing by this rating scored level with passing by the simple rule above
    (−0.11 points a deal, 95% CI −0.62 to +0.41, 240 deals): the ranking is expected points
    under its assumptions, not a pass proven better in play.

    **Racing**: every pass is valued on the same deals (paired). First all passes on 16 deals,
    the best third goes on; then each round doubles the deals and keeps the better half, down
    to the top 10. Once 20 or fewer are left, the racing stops when the best pass's interval
    is within ±1 point (`--ci`), else when `--samples` deals are used.

    **Columns**: mean, 95% interval, the paired difference to the best pass, the **moon
    chance** (share of the first 100 deals in which the seat can shoot after the pass, all
    hands open, moon model) and **why**, what the pass does to the hand in a player's words:
    the voids it makes, the dangerous cards it sheds (an unguarded Q♠, fewer than 3 lower
    spades; A♠ K♠ it could fall on; high hearts) and to whom (your left, your right, the
    player across), how well a kept Q♠ is guarded, and the low hearts (2–6) kept for
    protection or given up; the rules' big penalty cards instead of Q♠ (J♠ in Black Jack).

    **Examples**:

    ```
    hearts pass "AKQ5.5432.432.32" --direction left
    hearts pass "QS KS AS 2H 3H 4H 5H 2D 3D 4D 2C 3C 5S" -d across --json
    hearts pass "AKQ5.5432.432.32" -d left --keep QS
    ```
    """
    the_rules = Rules.parse(rules or "standard")
    # At another table the rating's own error, that it is for 4 players, comes first: the
    # default seat S is no seat there.
    passer = parse_seat_option(seat) if the_rules.players == 4 else seat
    try:
        pass_direction = PassDirection.parse(direction)
    except HeartsError as err:
        # the option named, as --seat's error does
        raise HeartsError(f"--direction: {err}") from None
    with (progress("pass rating", not as_json, unit="evaluations") as update,
          option_names(**SAMPLING, give="--give", keep="--keep")):
        try:
            ranking = rate_passes(hand, pass_direction, seat=passer, rules=the_rules,
                                  sampling=Sampling(samples, seed, threads, scheduler),
                                  model=model, horizon=horizon, ci_target=ci,
                                  moon=not no_moon, progress=update,
                                  give=_joined(give), keep=_joined(keep))
        except PassError as err:
            if err.argument != "direction":
                raise
            raise PassError("no pass on a hold deal: give --direction left, right or "
                            "across") from None
    emit(ranking, as_json, _print_ranking)


def _joined(values: Optional[List[str]]) -> Optional[str]:
    """A repeated card option as one card list (``--give QS --give KS``: both)."""
    return None if not values else " ".join(values)


def _print_ranking(console: Console, ranking: PassRanking) -> None:
    who = ranking.seat.name_title
    console.print(Text.assemble(("pass rating ", "dim"), (who, "bold"), "  ",
                                hand_text(ranking.hand.mask), ("  passing ", "dim"),
                                (str(ranking.direction), "bold"), " to ",
                                ranking.receiver.name_title, ("  receives from ", "dim"),
                                ranking.passer.name_title,
                                (f" ({counted(ranking.rules.pass_count, 'unknown card')})", "dim")))
    # The count of passes rated is C(k, pass_count) for the k cards the seat may pass.
    forbidden = cards_from_mask(ranking.rules.no_pass_mask())
    console.print(Text.assemble(
        # a spec the user can pass back to --rules ("custom" said nothing)
        ("rules ", "dim"), ranking.rules.preset_text() or rules_text(ranking.rules),
        ("  passes rated ", "dim"),
        str(len(ranking.passes)),
        (Text.assemble((" (no seat may pass ", "dim"), cards_text(forbidden),
                       (": rules no_pass_cards)", "dim"))
         if forbidden else ""),
        (Text.assemble((" with ", "dim"), cards_text(list(ranking.give)))
         if ranking.give else ""),
        (Text.assemble((" keeping ", "dim"), cards_text(list(ranking.keep)))
         if ranking.keep else ""),
        ("  model ", "dim"),
        (ranking.model, "bold"), ("  evaluator ", "dim"), (ranking.evaluator, "bold"),
        ("  seed ", "dim"), str(ranking.seed), ("  threads ", "dim"), str(ranking.threads)))
    console.print(Text(f"evaluator = {ranking.evaluator_text()}", style="italic"))
    console.print(Text(f"value = {who}'s final points for the deal, mean over deals of the 39 "
                       f"unseen cards (lower is better); {pass_policy_text(ranking.rules)}",
                       style="italic"))
    table = Table(header_style="bold")
    # The values never wrap and the cards may: 13 cards (pass_count=13) in one line squeezed
    # the points to "…" at 80 columns.
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("pass")
    table.add_column(f"{ranking.seat.letter} pts", justify="right", no_wrap=True, min_width=5)
    table.add_column("95% CI", justify="right", no_wrap=True)
    table.add_column("vs best", justify="right", no_wrap=True)
    table.add_column("moon", justify="right", no_wrap=True)
    table.add_column("why")
    for k, p in enumerate(ranking.passes[:TOP], start=1):
        low, high = p.interval
        vs = "" if k == 1 else f"+{p.diff:.2f}±{Z95 * p.diff_se:.2f}"
        moon = pct(p.moon) + (f" ({p.moon_unknown}?)" if p.moon_unknown else "")
        if p.plans:
            # the moon plan's mean, or with it chosen the plain plan's, on the moon deals
            other = "plain" if p.plan == "moon" else "moon"
            moon += f"\n{'shoots' if p.plan == 'moon' else 'if shot'} {p.plans['moon']:.2f}"
            if p.plan == "moon":
                moon += f"\n({other} {p.plans[other]:.2f})"
        table.add_row(str(k), cards_text(list(p.cards)),
                      Text(f"{p.mean:.2f}", style="bold" if k == 1 else ""),
                      # "-0.9–2.8" read as a range from -0.9 to -2.8
                      f"{low:.1f} to {high:.1f}" if low < 0 else f"{low:.1f}–{high:.1f}", vs,
                      Text(moon, style="green" if p.moon else ""), p.why.text)
    console.print(table)
    rounds = ", ".join(f"{arms}×{n}" for arms, n in ranking.rounds)
    moon_deals = next((p.n for p in ranking.top if p.plan == "moon"), 0)
    end = (f"the best pass's 95% interval is within ±{ranking.ci_target:g}"
           if ranking.stopped == "ci" else
           f"the sample budget ({counted(ranking.samples, 'deal')}) is used")
    console.print(Text(f"racing (passes × deals per pass): {rounds}; stopped: {end}; the "
                       f"top {min(TOP, len(ranking.top))} have "
                       f"{counted(ranking.rounds[-1][1], 'deal')} each"
                       # a moon plan's values are over the moon deals only
                       + (f" (a moon plan's {counted(moon_deals, 'deal')})" if moon_deals
                          else "") + ". "
                       f"Round 0 values all {len(ranking.passes)} passes on "
                       # it said 16 when --samples allowed fewer
                       f"{counted(ranking.rounds[0][1], 'deal')} and keeps a third; each later "
                       f"round doubles the deals and keeps half, down to {TOP}.", style="dim"))
    console.print(Text("moon: share of the first deals in which the seat can shoot after the "
                       "pass (moon model, best defence, all hands open)"
                       + ("; (k?) = searches that hit the node limit"
                          if any(p.moon_unknown for p in ranking.passes) else "")
                       + ("; if shot / shoots: the mean on those deals when the seat goes for "
                          "the moon (0 where it can shoot, else a failed attempt's rollout); "
                          "a pass is rated by the better plan"
                          if any(p.plans for p in ranking.passes) else ""),
                       style="dim"))
    console.print(Text.assemble(("evaluations ", "dim"), f"{ranking.evaluations:,}",
                                ("  time ", "dim"), f"{ranking.ms / 1000:,.2f} s"))
