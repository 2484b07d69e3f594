"""Speed of play advice (``hearts play``) and agreement of the rollout evaluator with exact solves.

Four parts:

1. **Speed**: :func:`hearts.analysis.advice.advise` as ``hearts play`` runs it (100 samples,
   seed 0, ``evaluator="auto"``, early stopping on, moon risk on, every core) for the seat to
   move in xinxin train games 1–5 (OpenSpiel data, the seat's own view with its pass):
   at trick 1 (after 1 play: the second seat of trick 1, rollout evaluator), at the lead to
   trick 2 (after 4 plays: many card classes, rollout) and after trick 6 (24 plays, 7 tricks
   left: exact evaluator). Targets from issue 3: trick 1 ≤ 5 s, after trick 6 ≤ 0.5 s.
2. **Agreement, per deal** (all hands open): seeded random deals (no pass) played by the rule
   bot to 8 or 9 tricks left (paranoid; max^n: 7 or 8, since an exact max^n solve with 9 left
   often takes over a minute), then 0–3 more cards so that any seat of a trick may be to move.
   For every legal card class of the seat to move: the rollout evaluator's value against the
   exact value (same model, same deal). Reported: mean absolute difference in points per card,
   how often the rollout's best card is an exact best card, and the mean loss (exact points)
   of the rollout's choice.
3. **Moon odds speed**: ``moon_odds`` (200 samples) on a sure, two strong-but-fallible and a
   hopeless hand, and three random hands.
4. **Agreement, advice**: on the first positions of part 2, ``advise`` with ``exact`` and with
   ``rollout`` on the same sampled deals (seed 0, no early stop): same best card, mean absolute
   difference of the card means, and the exact loss of the rollout's choice (in the exact run's
   means).

Run: ``python benchmarks/bench_advice.py [--positions N] [--advice-positions N]
[--advice-samples N] [--threads N] [--speed-only] [--json]`` (about 15 minutes on 2 cores,
mostly the exact max^n references; ``--speed-only``: seconds). Times depend on the machine and
its load; the agreement numbers are deterministic.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from hearts.analysis.advice import (EXACT_HORIZON, advise, card_classes, default_threads,
                                    evaluate_deal)
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.moon import moon_odds
from hearts.analysis.openspiel import parse_action_lines
from hearts.analysis.policy import play_out, rule_play
from hearts.analysis.settings import Sampling
from hearts.solver import Deal, Limit, Position, Rules, after_pass
from hearts.solver.solve import Solver

XINXIN = Path(__file__).resolve().parent.parent / "tests" / "data" / "openspiel_xinxin"


def xinxin_knowledge(games: int, plays: int) -> list[Knowledge]:
    """The view of the seat to move after ``plays`` plays in the first ``games`` train games."""
    out = []
    text = (XINXIN / "xinxin_train.txt").read_text()
    for game, _ in zip(parse_action_lines(text), range(games)):
        rules = Rules.openspiel()
        after = after_pass(game.dealt, game.passes, game.direction)
        seat = Position(after, rules, game.plays[:plays]).to_move
        out.append(Knowledge.from_deal(game.dealt, game.passes, game.direction,
                                       game.plays[:plays], seat, rules))
    return out


def speed(games: int, plays: int, threads: int) -> dict:
    times, used, evaluators, classes = [], [], set(), []
    for knowledge in xinxin_knowledge(games, plays):
        t0 = time.perf_counter()
        advice = advise(knowledge, sampling=Sampling(100, seed=0, threads=threads))
        times.append(time.perf_counter() - t0)
        used.append(advice.samples)
        evaluators.add(advice.evaluator)
        classes.append(len(advice.cards))
    return {"plays": plays, "positions": len(times), "evaluator": "/".join(sorted(evaluators)),
            "median_s": statistics.median(times), "max_s": max(times),
            "mean_samples": statistics.mean(used), "mean_classes": statistics.mean(classes),
            "times_s": [round(t, 3) for t in times]}


#: Tricks left in the agreement positions, per model: where an exact solve is affordable
#: (max^n with 9 tricks left often takes over a minute).
AGREEMENT_TRICKS = {"paranoid": (8, 9), "maxn": (7, 8)}
#: Time limit of one exact solve in the per-deal agreement; positions over it are skipped.
EXACT_LIMIT_MS = 20_000.0


#: Hands for the moon-odds speed rows: sure, strong-but-fallible, hopeless, and random hands.
MOON_HANDS = ("A.AKQJT987.AK.AK", "AKQ.AKQJ98.AK.A2", "AK.AKQJ7.AKQ.AK2", "432.432.432.5432")


def moon_speed(samples: int, threads: int) -> list[dict]:
    """``moon_odds`` on :data:`MOON_HANDS` and 3 seeded random hands (part 4)."""
    hands = list(MOON_HANDS) + [str(Deal.random(seed)[0]) for seed in range(3)]
    rows = []
    for hand in hands:
        odds = moon_odds(hand, sampling=Sampling(samples, seed=0, threads=threads))
        rows.append({"hand": hand, "samples": samples, "shoots": odds.shoots,
                     "cannot": odds.cannot, "unfinished": odds.unfinished,
                     "probability": odds.probability, "interval": odds.interval,
                     "s": odds.ms / 1000, "ms_per_search": odds.ms / samples * threads})
    return rows


def agreement_positions(n: int, seed: int, tricks: tuple[int, ...]) -> list[Position]:
    """Seeded positions with ``tricks`` tricks left, any seat of the trick to move."""
    out = []
    rng = random.Random(seed)
    while len(out) < n:
        position = Position(Deal.random(rng))
        play_out(position, rng.choice(tricks))
        for _ in range(rng.randrange(4)):
            position.play(rule_play(position), check=False)
        if len(position.legal_moves()) > 1:
            out.append(position)
    return out


def per_deal(positions: list[Position], model: str, horizon: int | None = None) -> dict:
    """Rollout vs exact on the open deals (part 2)."""
    horizon = EXACT_HORIZON[model] if horizon is None else horizon
    diffs, same, losses, ms_exact, ms_roll = [], 0, [], [], []
    solver = Solver(19)
    counted = skipped = 0
    for position in positions:
        mover = position.to_move
        knowledge = Knowledge.from_position(position, mover)
        reps = [group[0] for group in card_classes(knowledge)]
        if len(reps) < 2:
            continue
        t0 = time.perf_counter()
        result = solver.solve_position(position, mover, model, pv=False,
                                       limit=Limit(time_ms=EXACT_LIMIT_MS))
        if not result.complete:
            skipped += 1
            continue
        ms_exact.append((time.perf_counter() - t0) * 1000)
        exact = [result[card].value for card in reps]
        counted += 1
        t0 = time.perf_counter()
        roll = evaluate_deal(position, reps, model, "rollout", horizon, solver)
        ms_roll.append((time.perf_counter() - t0) * 1000)
        diffs += [abs(a - b) for a, b in zip(exact, roll)]
        pick = min(range(len(reps)), key=lambda i: (roll[i], i))
        best = min(exact)
        same += exact[pick] == best
        losses.append(exact[pick] - best)
    return {"model": model, "horizon": horizon,
            "tricks_left": AGREEMENT_TRICKS[model], "positions": counted, "skipped": skipped,
            "cards": len(diffs), "mad": statistics.mean(diffs),
            "same_best": same / counted, "mean_loss": statistics.mean(losses),
            "exact_ms_median": statistics.median(ms_exact),
            "rollout_ms_median": statistics.median(ms_roll)}


def per_advice(positions: list[Position], model: str, samples: int, threads: int) -> dict:
    """advise(exact) vs advise(rollout) on the same samples (part 3)."""
    same, diffs, losses, t_exact, t_roll, counted = 0, [], [], [], [], 0
    for position in positions:
        knowledge = Knowledge.from_position(position, position.to_move)
        if len(card_classes(knowledge)) < 2:
            continue
        counted += 1
        t0 = time.perf_counter()
        exact = advise(knowledge, sampling=Sampling(samples, seed=0, threads=threads), model=model,
                       evaluator="exact", early_stop=False, moon=False)
        t_exact.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        roll = advise(knowledge, sampling=Sampling(samples, seed=0, threads=threads), model=model,
                      evaluator="rollout", early_stop=False, moon=False)
        t_roll.append(time.perf_counter() - t0)
        means = {c.card: c.mean for c in exact.cards}
        diffs += [abs(c.mean - means[c.card]) for c in roll.cards]
        chosen = means[roll.best.card]
        same += chosen == exact.best.mean
        losses.append(chosen - exact.best.mean)
    return {"model": model, "positions": counted, "samples": samples,
            "mad": statistics.mean(diffs), "same_best": same / counted,
            "mean_loss": statistics.mean(losses),
            "exact_s_median": statistics.median(t_exact),
            "rollout_s_median": statistics.median(t_roll)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40,
                        help="positions for the per-deal agreement (default 40)")
    parser.add_argument("--advice-positions", type=int, default=8,
                        help="positions for the advice-level agreement (default 8)")
    parser.add_argument("--advice-samples", type=int, default=20,
                        help="samples per advice in the agreement (default 20)")
    parser.add_argument("--games", type=int, default=5, help="xinxin games for the speed part")
    parser.add_argument("--seed", type=int, default=1, help="seed of the agreement positions")
    parser.add_argument("--threads", type=int, default=None, help="default: every core")
    parser.add_argument("--moon-samples", type=int, default=200,
                        help="samples per hand for the moon-odds rows (default 200)")
    parser.add_argument("--speed-only", action="store_true",
                        help="only part 1 (seconds instead of about 15 minutes)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    threads = args.threads or default_threads()

    speeds = [speed(args.games, plays, threads) for plays in (1, 4, 24)]
    moons = moon_speed(args.moon_samples, threads)
    deal_rows, advice_rows = [], []
    for model in (() if args.speed_only else ("paranoid", "maxn")):
        positions = agreement_positions(args.positions, args.seed, AGREEMENT_TRICKS[model])
        deal_rows.append(per_deal(positions, model))
        if model == "maxn":   # the default horizon + 1: the price of closer agreement
            deal_rows.append(per_deal(positions, model, EXACT_HORIZON[model] + 1))
        advice_rows.append(per_advice(positions[:args.advice_positions], model,
                                      args.advice_samples, threads))
    if args.json:
        print(json.dumps({"threads": threads, "speed": speeds, "moon": moons,
                          "per_deal": deal_rows,
                          "per_advice": advice_rows}, indent=2))
        return
    console = Console(width=150)
    table = Table(title=f"hearts play speed (100 samples, seed 0, auto evaluator, early stop, "
                        f"moon risk, {threads} threads; xinxin train games 1-{args.games})")
    for col in ("position", "evaluator", "median s", "max s", "mean samples used",
                "mean card classes", "target"):
        table.add_column(col, justify="right" if col not in ("position", "evaluator") else "left")
    for row, label, target in zip(speeds, ("trick 1 (after 1 play)", "trick 2 lead (4 plays)",
                                           "after trick 6 (24 plays)"),
                                  ("≤ 5 s", "", "≤ 0.5 s")):
        table.add_row(label, row["evaluator"], f"{row['median_s']:.2f}", f"{row['max_s']:.2f}",
                      f"{row['mean_samples']:.0f}", f"{row['mean_classes']:.1f}", target)
    console.print(table)
    table = Table(title=f"hearts moon speed ({args.moon_samples} samples, seed 0, 2 s limit per "
                        f"search, {threads} threads)")
    for col in ("hand", "P(moon)", "95% Wilson", "shoots", "cannot", "unfinished", "s",
                "ms per search (thread time)"):
        table.add_column(col, justify="left" if col == "hand" else "right")
    for row in moons:
        low, high = row["interval"]
        p = row["probability"]
        table.add_row(row["hand"], "—" if p is None else f"{100 * p:.1f}%",
                      f"{100 * low:.1f}–{100 * high:.1f}%", str(row["shoots"]),
                      str(row["cannot"]), str(row["unfinished"]), f"{row['s']:.2f}",
                      f"{row['ms_per_search']:.2f}")
    console.print(table)
    if args.speed_only:
        return
    table = Table(title=f"rollout vs exact, per open deal ({args.positions} seeded positions "
                        f"per model, seed {args.seed}; exact solves over "
                        f"{EXACT_LIMIT_MS / 1000:g} s skipped)")
    for col in ("model", "tricks left", "rollout horizon", "positions ≥2 classes", "skipped",
                "cards",
                "mean |diff| pts/card", "same best card", "mean loss pts", "exact ms (median)",
                "rollout ms (median)"):
        table.add_column(col, justify="right" if col != "model" else "left")
    for row in deal_rows:
        table.add_row(row["model"], "-".join(map(str, row["tricks_left"])),
                      f"{row['horizon']} tricks", str(row["positions"]), str(row["skipped"]),
                      str(row["cards"]), f"{row['mad']:.2f}", f"{100 * row['same_best']:.0f}%",
                      f"{row['mean_loss']:.2f}", f"{row['exact_ms_median']:.1f}",
                      f"{row['rollout_ms_median']:.1f}")
    console.print(table)
    table = Table(title=f"rollout vs exact, advice ({args.advice_positions} positions, "
                        f"{args.advice_samples} shared samples each)")
    for col in ("model", "positions", "mean |diff| of card means", "same best card",
                "mean loss pts", "exact s (median)", "rollout s (median)"):
        table.add_column(col, justify="right" if col != "model" else "left")
    for row in advice_rows:
        table.add_row(row["model"], str(row["positions"]), f"{row['mad']:.2f}",
                      f"{100 * row['same_best']:.0f}%", f"{row['mean_loss']:.2f}",
                      f"{row['exact_s_median']:.2f}", f"{row['rollout_s_median']:.2f}")
    console.print(table)


if __name__ == "__main__":
    main()
