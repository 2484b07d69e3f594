"""CPU seconds a decision of advice-bot variants on seeded early positions, for before/after.

``decision_time.py`` replays a match's own decisions and needs its results file; this script
needs nothing but the package: ``--positions`` seeded random deals (no pass), each played
1-5 random legal cards into trick 1 or 2, and the seat to move asked for its card from its
own view (:func:`hearts.analysis.bots.timed_play`, the view's sampling included), on one
thread, as the strength harness times its bots. Reported per bot: the cards chosen (equal
cards across two builds show that a speed change left the play as it was) and CPU seconds a
decision, mean and max.

Run with each build's Python to compare builds: ``python benchmarks/bench_decision.py
[--bots NAME,...] [--positions 20] [--seed 7] [--json]`` (``--bots`` defaults to the default
engine's variant; about 0.3 s a decision for it). Measured figures: ``docs/experiments.md``,
"Figures from the code".
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.bots import timed_play
from hearts.solver import Deal, PassDirection, Position, Rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_strength import CANDIDATES, UsageError, candidate_bot  # noqa: E402

#: The variant of ``bench_strength.py`` that is ``DEFAULT_ENGINE`` (``tests/test_bench``
#: checks it).
DEFAULT_VARIANT = "k2m5o8p5s400blXdIL"


def positions(n: int, seed: int, rules: Rules) -> list[tuple[Deal, Position]]:
    """``n`` seeded deals, each with 1-5 random legal cards played (trick 1 or 2)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        deal = Deal.random(rng)
        position = Position(deal, rules, pass_direction=PassDirection.HOLD)
        for _ in range(int(rng.integers(1, 6))):
            legal = list(position.legal_moves())
            position.play(legal[int(rng.integers(len(legal)))])
        out.append((deal, position))
    return out


def time_bot(name: str, cases: list[tuple[Deal, Position]], rules: Rules) -> dict:
    """``name``'s card and CPU seconds at each of ``cases``, one thread."""
    bot = candidate_bot(name, "maxn", 1)
    cards, cpu = [], []
    for i, (deal, position) in enumerate(cases):
        card, _, seconds = timed_play(bot, deal, [0] * 4, PassDirection.HOLD,
                                      position.history, position.to_move, rules,
                                      (i, int(position.to_move), len(position.history)))
        cards.append(str(card))
        cpu.append(seconds)
    return {"bot": name, "cards": cards, "cpu_mean": float(np.mean(cpu)),
            "cpu_max": float(np.max(cpu))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default=DEFAULT_VARIANT,
                        help="variants of bench_strength.py, comma-separated")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    try:
        unknown = [n for n in names if n not in CANDIDATES]
        if unknown:
            raise UsageError(f"{unknown[0]}: not an advice-bot variant of bench_strength.py")
        if args.positions < 1:
            raise UsageError(f"--positions must be at least 1, got {args.positions}")
    except UsageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    rules = Rules.preset("openspiel")
    cases = positions(args.positions, args.seed, rules)
    rows = [time_bot(name, cases, rules) for name in names]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    table = Table(title=f"CPU seconds a decision, one thread ({args.positions} positions of "
                        f"tricks 1-2, seed {args.seed})")
    for column in ("bot", "mean", "max", "cards"):
        table.add_column(column, justify="left" if column in ("bot", "cards") else "right")
    for row in rows:
        table.add_row(row["bot"], f"{row['cpu_mean']:.3f}", f"{row['cpu_max']:.3f}",
                      " ".join(row["cards"]))
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
