"""Speed of the pass rating (``hearts pass``) and the error of its bounded evaluator.

Two parts:

1. **Speed** (issue 3 item 8: all 286 passes in ≤ 60 s on 2 cores with the top choice's 95%
   interval ≤ ±1 point): :func:`hearts.analysis.passing.rate_passes` as ``hearts pass`` runs
   it (512 deals at most, ±1 point target, moon chance on, every core) on seeded random hands
   (a hand, a seat and the direction left/right/across by hand number) and the hand
   ``AKQ5.5432.432.32``. Reported per hand: wall time, evaluations (pass × deal), the racing
   rounds, the best pass, its 95% half-width and deals. A **reference** job is timed first
   and last (2,000 rollout evaluations on one thread) so that figures from a loaded machine
   can be scaled: the ratio time / reference is roughly load-independent.
2. **Evaluator error** on a seeded set of deals (random deals, South's pass chosen at random
   among the 286, the other seats by the pass policy, direction left): for each deal after
   the passes, South's points by

   * ``maxn6``: the default evaluator (rule bot to 6 tricks left, exact max^n),
   * ``maxn8``: the same with the solver taking over at 8 tricks left (deeper, slower),
   * ``para7``: rule bot to 7 left, exact paranoid,
   * ``para13``: the exact double-dummy paranoid value of the whole deal (the only exact
     whole-deal reference that is affordable: seconds a deal; exact max^n of a whole deal
     takes far longer). Deals whose exact solve exceeds the node cap are left out (counted).

   Reported: mean signed and absolute difference of ``para7`` to ``para13`` and of ``maxn6``
   to ``maxn8``, their correlation, and **pairwise order agreement**: over pairs of deals-with-
   passes of the same dealt hand (two passes each), how often the two evaluators order the
   passes the same way (ties count as agreeing with ties only).

Run: ``python benchmarks/bench_pass.py [--hands N] [--deals N] [--node-cap N] [--threads N]
[--start N] [--speed-only] [--error-only] [--json]``. Times depend on the machine and its load; the error numbers are
deterministic for the seeds.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.parallel import default_threads
from hearts.analysis.passing import (DEFAULT_SAMPLES, apply_passes, evaluate_pass, policy_pass,
                                     rate_passes)
from hearts.analysis.settings import Sampling
from hearts.solver import Deal, Limit, Position, Rules, Seat
from hearts.solver.cards import DECK_MASK, cards_from_mask
from hearts.solver.hand import Hand
from hearts.solver.seats import PassDirection
from hearts.solver.solve import Solver

CARDS = [c.mask for c in cards_from_mask(DECK_MASK)]
DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS)


def random_hands(rng: np.random.Generator) -> list[int]:
    """The four hand masks of a uniformly random deal (:meth:`Deal.random`)."""
    return list(Deal.random(rng).masks)


def reference_seconds() -> float:
    """2,000 default rollout evaluations on one thread (fixed deals): the machine's speed now."""
    rng = np.random.default_rng(12345)
    solver = Solver(16)
    positions = [Position(Deal.from_masks(random_hands(rng)), Rules.standard())
                 for _ in range(200)]
    t0 = time.perf_counter()
    for _ in range(10):
        for p in positions:
            evaluate_pass(p, Seat.S, "maxn", 6, solver)
    return time.perf_counter() - t0


def speed(hands: int, threads: int) -> dict:
    rng = np.random.default_rng(7)
    cases = [("AKQ5.5432.432.32", PassDirection.LEFT)]
    for k in range(hands):
        cases.append((str(Hand.from_mask(random_hands(rng)[2])), DIRECTIONS[k % 3]))
    ref0 = reference_seconds()
    rows = []
    for hand, direction in cases:
        t0 = time.perf_counter()
        r = rate_passes(hand, direction, sampling=Sampling(DEFAULT_SAMPLES, threads=threads))
        seconds = time.perf_counter() - t0
        low, high = r.best.interval
        rows.append({"hand": hand, "direction": str(direction), "seconds": round(seconds, 2),
                     "evaluations": r.evaluations, "rounds": [list(x) for x in r.rounds],
                     "best": r.best.text, "mean": round(r.best.mean, 2),
                     "half_width": round((high - low) / 2, 3), "deals": r.best.n,
                     "stopped": r.stopped})
    ref1 = reference_seconds()
    return {"threads": threads, "reference_s": [round(ref0, 2), round(ref1, 2)], "rows": rows}


def agreement(deals: int, node_cap: int, start: int = 0) -> dict:
    rng = np.random.default_rng(2024)
    pick = random.Random(2024)
    solver = Solver()
    small = Solver(16)
    records = []
    skipped = 0
    for d in range(deals):
        hands = random_hands(rng)
        choices = [pick.sample([c for c in CARDS if c & hands[Seat.S]], 3) for _ in range(2)]
        if d < start:   # the same deals and passes as a run from 0, without the work
            continue
        per_hand = []
        for choice in choices:   # two of South's passes on the same dealt hands: an order
            passes = [policy_pass(h) for h in hands]
            passes[Seat.S] = sum(choice)
            after = apply_passes(hands, passes, PassDirection.LEFT)
            position = Position(Deal.from_masks(after), Rules.standard(),
                                pass_direction=PassDirection.LEFT)
            t0 = time.perf_counter()
            exact = solver.solve_position(position, Seat.S, "paranoid", pv=False,
                                          limit=Limit(nodes=node_cap))
            exact_s = time.perf_counter() - t0
            solver.clear()
            if not exact.complete:
                skipped += 1
                per_hand.append(None)
                continue
            row = {"deal": d, "para13": exact.cards[0].value, "exact_s": round(exact_s, 2),
                   "para7": evaluate_pass(position, Seat.S, "paranoid", 7, small),
                   "maxn6": evaluate_pass(position, Seat.S, "maxn", 6, small),
                   "maxn8": evaluate_pass(position, Seat.S, "maxn", 8, solver,
                                          limit=Limit())}
            solver.clear()
            per_hand.append(row)
            records.append(row)
        if all(per_hand):
            records[-1]["pair"] = records[-2]["pair"] = d
    return {"records": records, "skipped": skipped, "node_cap": node_cap,
            "summary": {"para7 vs para13 (exact)": _compare(records, "para7", "para13"),
                        "maxn6 vs maxn8": _compare(records, "maxn6", "maxn8"),
                        "maxn6 vs para13 (exact)": _compare(records, "maxn6", "para13")}}


def _compare(records: list[dict], a: str, b: str) -> dict:
    xs = [r[a] for r in records]
    ys = [r[b] for r in records]
    diffs = [x - y for x, y in zip(xs, ys)]
    pairs = {}
    for r in records:
        if "pair" in r:
            pairs.setdefault(r["pair"], []).append(r)
    agree = sum(1 for p in pairs.values()
                if np.sign(p[0][a] - p[1][a]) == np.sign(p[0][b] - p[1][b]))
    corr = float(np.corrcoef(xs, ys)[0, 1]) if len(xs) > 2 and np.std(xs) and np.std(ys) else None
    return {"n": len(xs), "mean_diff": round(statistics.fmean(diffs), 3),
            "mean_abs_diff": round(statistics.fmean(abs(x) for x in diffs), 3),
            "corr": None if corr is None else round(corr, 3),
            "pairs": len(pairs), "order_agreement": round(agree / len(pairs), 3) if pairs else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4, help="random hands for the speed part")
    parser.add_argument("--deals", type=int, default=16, help="dealt hands for the error part")
    parser.add_argument("--start", type=int, default=0, help="skip the first dealt hands")
    parser.add_argument("--node-cap", type=int, default=150_000_000)
    parser.add_argument("--threads", type=int, default=default_threads())
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--error-only", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out: dict = {}
    if not args.error_only:
        out["speed"] = speed(args.hands, args.threads)
    if not args.speed_only:
        out["agreement"] = agreement(args.deals, args.node_cap, args.start)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    console = Console()
    if "speed" in out:
        s = out["speed"]
        t = Table(title=f"hearts pass: 286 passes, {s['threads']} threads (reference job "
                        f"{s['reference_s'][0]} s before, {s['reference_s'][1]} s after)")
        for col in ("hand", "dir", "time s", "evals", "best", "mean", "±95%", "deals",
                    "stopped"):
            t.add_column(col)
        for r in s["rows"]:
            t.add_row(r["hand"], r["direction"], f"{r['seconds']:.1f}", str(r["evaluations"]),
                      r["best"], f"{r['mean']:.2f}", f"{r['half_width']:.2f}", str(r["deals"]),
                      r["stopped"])
        console.print(t)
    if "agreement" in out:
        a = out["agreement"]
        t = Table(title=f"evaluator error, {len(a['records'])} deals after the passes "
                        f"({a['skipped']} left out: exact solve over {a['node_cap']:,} nodes)")
        for col in ("comparison", "n", "mean diff", "mean |diff|", "corr", "pairs",
                    "same order"):
            t.add_column(col)
        for name, c in a["summary"].items():
            t.add_row(name, str(c["n"]), f"{c['mean_diff']:+.2f}", f"{c['mean_abs_diff']:.2f}",
                      str(c["corr"]), str(c["pairs"]), str(c["order_agreement"]))
        console.print(t)


if __name__ == "__main__":
    main()
