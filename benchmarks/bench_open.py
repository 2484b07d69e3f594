"""Open-hands values by trick: what ``hearts solve`` costs and says at tricks 1, 5 and 9
(issue 24 item 5; ``docs/experiments.md`` "Open hands early").

For ``--deals`` random deals (``Deal.random(seed)``), the rule bot plays every seat up to the
trick; then the position is valued by paranoid (the old default), by exact max^n, and by
``auto`` (the default: exact max^n from 8 tricks left, the depth-bounded max^n estimate before),
each within ``--limit-ms``. Printed per trick: median and largest time, searches unfinished in
the limit, and for paranoid the positions with two or more card classes in which every card is
worth the same (all 26, or all one value: the card choice says nothing). ``--quality`` also
compares the bounded estimate with exact max^n at 8 tricks left (the mover's exact points after
the estimate's best card minus after the exact best: its regret).

    python benchmarks/bench_open.py --deals 12 --limit-ms 10000
    python benchmarks/bench_open.py --deals 24 --quality
"""
from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.table import Table

from hearts.analysis.openhands import bounded_maxn, open_values
from hearts.analysis.policy import rule_play
from hearts.solver import Deal, Limit, Position, Rules, Solver


def position_at(seed: int, trick: int) -> Position:
    """Deal ``seed``, the rule bot playing every seat to the start of ``trick``."""
    position = Position(Deal.random(seed), Rules.standard())
    while position.tricks_played < trick - 1:
        position.play(rule_play(position), check=False)
    return position


def timed(run) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = run()
    return time.perf_counter() - t0, out


def by_trick(deals: int, tricks: list[int], limit_ms: float,
             models: tuple[str, ...] = ("paranoid", "maxn", "auto")) -> Table:
    table = Table(title=f"open-hands values, {deals} deals, limit {limit_ms:g} ms a search")
    for name in ("trick", "model", "median s", "max s", "unfinished", "every card equal"):
        table.add_column(name, justify="right")
    limit = Limit(time_ms=limit_ms)
    for trick in tricks:
        rows: dict[str, list] = {model: [] for model in models}
        for seed in range(deals):
            position = position_at(seed, trick)
            for model in rows:
                seconds, out = timed(lambda: open_values(
                    position, None if model == "auto" else model, limit=limit, pv=False,
                    solver=Solver()))
                result = out.result
                flat = (result.complete and len(result.cards) > 1
                        and len({cv.value for cv in result.cards}) == 1)
                rows[model].append((seconds, result.complete, flat))
        for model, runs in rows.items():
            times = [s for s, _, _ in runs]
            table.add_row(str(trick), model, f"{statistics.median(times):.3f}",
                          f"{max(times):.3f}", str(sum(not c for _, c, _ in runs)),
                          str(sum(f for _, _, f in runs)) if model == "paranoid" else "")
    return table


def quality(deals: int) -> Table:
    table = Table(title=f"bounded max^n against exact max^n at 8 tricks left, {deals} deals")
    for name in ("depth", "horizon", "mean regret (points)", "best card exact-best",
                 "mean abs error", "median s"):
        table.add_column(name, justify="right")
    settings = [(1, 4), (2, 4), (1, 3), (2, 3)]
    rows: dict[tuple[int, int], list] = {s: [] for s in settings}
    for seed in range(deals):
        position = position_at(seed, 6)
        exact = Solver().solve_position(position, None, "maxn", pv=False,
                                        limit=Limit(time_ms=60_000))
        if not exact.complete:
            continue
        best = exact.cards[0].value
        for depth, horizon in settings:
            seconds, out = timed(lambda: bounded_maxn(position, depth=depth, horizon=horizon,
                                                      pv=False))
            cards = out.result.cards
            regret = exact[cards[0].card].value - best
            error = statistics.mean(abs(cv.value - exact[cv.card].value) for cv in cards)
            rows[(depth, horizon)].append((regret, error, seconds))
    for (depth, horizon), runs in rows.items():
        table.add_row(str(depth), str(horizon), f"{statistics.mean(r for r, _, _ in runs):.2f}",
                      f"{sum(r == 0 for r, _, _ in runs)} of {len(runs)}",
                      f"{statistics.mean(e for _, e, _ in runs):.2f}",
                      f"{statistics.median(s for _, _, s in runs):.3f}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--tricks", default="1,5,9", help="tricks to value, e.g. 1,5,9")
    parser.add_argument("--limit-ms", type=float, default=10_000.0)
    parser.add_argument("--models", default="paranoid,maxn,auto",
                        help="models to time, e.g. paranoid,auto")
    parser.add_argument("--quality", action="store_true",
                        help="compare the bounded estimate with exact max^n at 8 tricks left")
    args = parser.parse_args()
    console = Console()
    if args.quality:
        console.print(quality(args.deals))
    else:
        console.print(by_trick(args.deals, [int(t) for t in args.tricks.split(",")],
                               args.limit_ms, tuple(args.models.split(","))))


if __name__ == "__main__":
    main()
