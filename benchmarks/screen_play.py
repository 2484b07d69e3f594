"""Screening of play evaluators in duplicate matches against rule bots.

The strength harness (``bench_strength.py``) rates whole bots, passes included; this script
rates only the card play of advice-bot variants, cheaply: every seat passes by
``policy_pass``, the tested bot plays by ``advise`` (max^n unless stated, early stop on, no
moon risk, one thread) with its evaluator settings, the other three seats are rule bots.
Duplicate (``hearts.analysis.bots.duplicate_match``): seeded random deals, the standard pass
rotation, each deal played by four rule bots and then with the tested bot in each seat.
Reported per variant: points per deal against the rule bots' table (95% interval over deals),
and the paired difference of each variant to the first one (same deals, same seats), with
seconds per decision.

Variant syntax: ``NAME=key:value,...`` with keys ``samples`` (default 100), ``horizon``
(default the model's), ``model`` (maxn), ``policy`` (rule, lookahead), ``runs``,
``epsilon``; e.g. ``base=samples:100 look=policy:lookahead h4=horizon:4,samples:400``.

Run: ``python benchmarks/screen_play.py --deals N [--seed S] [--shard I/N] [--out FILE]
VARIANT...``; ``--merge FILE...`` reports shard files together.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.advice import advise
from hearts.analysis.bots import RuleBot, _seed, duplicate_match
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.passing import policy_pass
from hearts.analysis.policy import RolloutPolicy
from hearts.analysis.settings import Sampling
from hearts.analysis.stats import Z95, mean_se
from hearts.solver import Deal, Rules
from hearts.solver.cards import Card, cards_from_mask
from hearts.solver.position import Position
from hearts.solver.seats import PassDirection, Seat


@dataclass
class PlayBot:
    """Passes by ``policy_pass``, plays by ``advise`` with the given evaluator settings."""

    name: str
    samples: int = 100
    model: str = "maxn"
    horizon: int | None = None
    rollout: RolloutPolicy = field(default_factory=RolloutPolicy)
    decisions: int = 0
    seconds: float = 0.0

    def choose_pass(self, seat: Seat, hand: int, direction: PassDirection, rules: Rules,
                    key: tuple[int, ...]) -> int:
        return policy_pass(hand, rules.pass_count, rules.no_pass_mask(), rules)

    def choose_play(self, position: Position, knowledge: Callable[[], Knowledge],
                    key: tuple[int, ...]) -> Card:
        legal = cards_from_mask(position.legal_mask())
        if len(legal) == 1:
            return legal[0]
        t0 = time.perf_counter()
        advice = advise(knowledge(), sampling=Sampling(self.samples, _seed(key), 1),
                        model=self.model, moon=False, horizon=self.horizon,
                        rollout=self.rollout)
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        return advice.best.card


def parse_variant(text: str) -> PlayBot:
    name, _, spec = text.partition("=")
    opts = dict(item.split(":") for item in spec.split(",") if item)
    rollout = RolloutPolicy(opts.get("policy", "rule"), int(opts.get("runs", 1)),
                            float(opts.get("epsilon", 0.0)))
    return PlayBot(name, int(opts.get("samples", 100)), opts.get("model", "maxn"),
                   int(opts["horizon"]) if "horizon" in opts else None, rollout)


def run(args: argparse.Namespace) -> dict:
    rng = np.random.default_rng(args.seed)
    deals = [(Deal.random(rng), PassDirection.for_deal(d)) for d in range(args.deals)]
    index, count = (int(x) for x in args.shard.split("/"))
    bots = [parse_variant(v) for v in args.variants]
    out: dict = {"seed": args.seed, "variants": args.variants, "deals": [], "diffs": {},
                 "seconds": {}, "decisions": {}}
    t0 = time.perf_counter()
    for d in range(len(deals)):
        if d % count != index:
            continue
        result = duplicate_match([deals[d]], bots, RuleBot(), Rules.standard(), key=(d,))
        out["deals"].append(d)
        for score in result.scores[1:]:
            out["diffs"].setdefault(score.name, []).extend(score.diffs)
        for bot in bots:
            out["seconds"][bot.name] = bot.seconds
            out["decisions"][bot.name] = bot.decisions
        print(f"deal {d}: " + ", ".join(f"{s.name} {s.diffs[0]:+.2f}"
                                        for s in result.scores[1:])
              + f"  [{time.perf_counter() - t0:.0f} s]", file=sys.stderr, flush=True)
        if args.out:
            Path(args.out).write_text(json.dumps(out))
    return out


def report(runs: list[dict]) -> None:
    diffs: dict[str, list[float]] = {}
    seconds: dict[str, float] = {}
    decisions: dict[str, int] = {}
    for r in runs:
        for name, xs in r["diffs"].items():
            diffs.setdefault(name, []).extend(xs)
        for name, s in r["seconds"].items():
            seconds[name] = seconds.get(name, 0.0) + s
            decisions[name] = decisions.get(name, 0) + r["decisions"][name]
    names = list(diffs)
    first = names[0]
    n = len(diffs[first])
    table = Table(title=f"play screening: duplicate vs rule bots, {n} deals × 4 seats, "
                        f"passes by policy_pass (seed {runs[0]['seed']})")
    for col in ("variant", "vs rule bot pts/deal (95% CI)", f"vs {first} (paired, 95% CI)",
                "s/decision"):
        table.add_column(col, justify="left" if col == "variant" else "right")
    for name in names:
        mean, se = mean_se(diffs[name])
        paired = [a - b for a, b in zip(diffs[name], diffs[first])]
        pm, pse = mean_se(paired)
        table.add_row(name, f"{mean:+.2f} ({mean - Z95 * se:+.2f} … {mean + Z95 * se:+.2f})",
                      f"{pm:+.2f} ({pm - Z95 * pse:+.2f} … {pm + Z95 * pse:+.2f})",
                      f"{seconds[name] / max(decisions[name], 1):.3f}")
    Console(width=150).print(table)
    print(json.dumps({name: {"deals": len(diffs[name]),
                             "mean": statistics.mean(diffs[name]),
                             "s_per_decision": seconds[name] / max(decisions[name], 1)}
                      for name in names}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shard", default="0/1", help="I/N: the deals d with d %% N == I")
    parser.add_argument("--out", help="write the per-deal results here (JSON)")
    parser.add_argument("--merge", nargs="+", metavar="FILE")
    args = parser.parse_args()
    if args.merge:
        report([json.loads(Path(f).read_text()) for f in args.merge])
        return
    report([run(args)])


if __name__ == "__main__":
    main()
