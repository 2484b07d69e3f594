"""Strength harness (issue 3 item 7): duplicate matches of the advice bot and the random bot
against the rule bot (``hearts.analysis.bots``).

Seeded random deals, pass direction by the standard rotation (left, right, across, hold by
deal number). Every deal is played once by four rule bots and, for the advice bot and the
random bot, four more times: the bot in each seat in turn, rule bots in the other three
(duplicate: every bot meets the same cards in the same seats against the same field). A
bot's result on a deal is its mean points over the four seats; reported per bot: points per
deal with a 95% interval over deals, and the paired difference to the rule bot (the rule
bot's own mean is the table's mean, 6.5 points a deal unless a moon is shot). Target: the
advice bot ≥ 1.5 points/deal better than the rule bot.

Run: ``python benchmarks/bench_strength.py [--deals N] [--seed S] [--pass-samples N]
[--play-samples N] [--model maxn|paranoid] [--no-random] [--no-advice] [--shard I/N]
[--out FILE]
[--json]``; ``--merge FILE...`` combines shard outputs. The cost is the advice bot's pass rating: about 1–2 minutes a passing deal (4 advice games)
on the loaded 2-core machine, a few seconds a hold deal; the rule and random bots cost
milliseconds. Run shards in parallel processes (the advice bot is mostly Python rollouts,
one core each); ``--out`` is rewritten after every deal, so a stopped run still counts.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.bots import AdviceBot, BotScore, RandomBot, RuleBot, duplicate_match
from hearts.solver import Deal, Rules
from hearts.solver.seats import PassDirection


def seeded_deals(n: int, seed: int) -> list[tuple[Deal, PassDirection]]:
    """``n`` uniformly random deals from ``seed``, with the standard pass rotation."""
    rng = np.random.default_rng(seed)
    return [(Deal.random(rng), PassDirection.for_deal(d)) for d in range(n)]


def run(args: argparse.Namespace) -> dict:
    deals = seeded_deals(args.deals, args.seed)
    index, count = (int(x) for x in args.shard.split("/"))
    chosen = [d for d in range(len(deals)) if d % count == index]
    advice = AdviceBot(pass_samples=args.pass_samples, play_samples=args.play_samples,
                       model=args.model, threads=args.threads)
    bots = ([] if args.no_advice else [advice]) + ([] if args.no_random else [RandomBot()])
    per_deal: dict[str, list[float]] = {}
    diffs: dict[str, list[float]] = {}
    t0 = time.perf_counter()
    done: list[int] = []
    out: dict = {"deals": done, "seed": args.seed, "pass_samples": args.pass_samples,
                 "play_samples": args.play_samples, "model": args.model, "per_deal": per_deal,
                 "diffs": diffs, "seconds": 0.0}
    for d in chosen:
        # One deal at a time, keyed by its index, so shards give the same games as one run.
        result = duplicate_match([deals[d]], bots, RuleBot(), Rules.standard(), key=(d,))
        for score in result.scores:
            per_deal.setdefault(score.name, []).extend(score.per_deal)
            diffs.setdefault(score.name, []).extend(score.diffs)
        done.append(d)
        print(f"deal {d} ({deals[d][1]}): " + ", ".join(
            f"{s.name} {s.per_deal[0]:.2f}" for s in result.scores)
            + f"  [{time.perf_counter() - t0:.0f} s]", file=sys.stderr, flush=True)
        out = {"deals": done, "seed": args.seed, "pass_samples": args.pass_samples,
               "play_samples": args.play_samples, "model": args.model,
               "per_deal": per_deal, "diffs": diffs, "seconds": time.perf_counter() - t0}
        if args.out:   # after every deal: a run stopped early still reports what it played
            Path(args.out).write_text(json.dumps(out))
    return out


def report(runs: list[dict], as_json: bool) -> None:
    per_deal: dict[str, list[float]] = {}
    diffs: dict[str, list[float]] = {}
    deals = 0
    seconds = 0.0
    for r in runs:
        deals += len(r["deals"])
        seconds += r["seconds"]
        for name, xs in r["per_deal"].items():
            per_deal.setdefault(name, []).extend(xs)
        for name, xs in r["diffs"].items():
            diffs.setdefault(name, []).extend(xs)
    scores = [BotScore.from_deals(name, per_deal[name], diffs[name]) for name in per_deal]
    advice = next((s for s in scores if s.name == "advice"), None)
    met = advice is not None and advice.vs_ci[1] <= -1.5
    data = {"deals": deals, "seconds": round(seconds, 1),
            "settings": {k: runs[0][k] for k in ("seed", "pass_samples", "play_samples",
                                                 "model")},
            "scores": [s.to_json() for s in scores],
            "target": "advice bot >= 1.5 points/deal better than the rule bot",
            "target_met": met,
            "target_point_estimate_met": advice is not None and advice.vs_baseline <= -1.5}
    if as_json:
        print(json.dumps(data, indent=2))
        return
    table = Table(title=f"duplicate match, {deals} deals × 4 seats, baseline field: rule bots "
                        f"(seed {runs[0]['seed']}, advice: pass {runs[0]['pass_samples']} / "
                        f"play {runs[0]['play_samples']} samples, {runs[0]['model']})")
    for col in ("bot", "points/deal", "95% CI", "vs rule bot", "95% CI"):
        table.add_column(col, justify="right" if col != "bot" else "left")
    for s in scores:
        table.add_row(s.name, f"{s.mean:.2f}", f"{s.ci[0]:.2f}–{s.ci[1]:.2f}",
                      f"{s.vs_baseline:+.2f}", f"{s.vs_ci[0]:+.2f} – {s.vs_ci[1]:+.2f}")
    console = Console()
    console.print(table)
    console.print(f"target (advice ≥ 1.5 points/deal better than rule): "
                  f"{'met' if met else 'not shown'} (whole 95% interval ≤ −1.5: {met}; point "
                  f"estimate: {data['target_point_estimate_met']}); {seconds:.0f} s of games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pass-samples", type=int, default=64)
    parser.add_argument("--play-samples", type=int, default=100)
    parser.add_argument("--model", default="maxn")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--no-random", action="store_true")
    parser.add_argument("--no-advice", action="store_true", help="rule and random bots only")
    parser.add_argument("--shard", default="0/1", help="I/N: the deals d with d %% N == I")
    parser.add_argument("--out", help="write this run's per-deal results (JSON) here")
    parser.add_argument("--merge", nargs="+", metavar="FILE", help="report merged shard files")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.merge:
        report([json.loads(Path(f).read_text()) for f in args.merge], args.json)
        return
    result = run(args)
    report([result], args.json)


if __name__ == "__main__":
    main()
