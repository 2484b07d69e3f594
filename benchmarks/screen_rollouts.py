"""Screening of rollout evaluators against exact values (max^n or paranoid), all hands open.

A quick measure of an evaluator's bias before a strength match: seeded random deals played to
``T`` tricks left (every card by the rule bot, or with chance 0.3 a random legal card, so that
the positions are not only the rule bot's), then 0-3 more cards so that any seat of a trick
may be to move; positions with one card class are skipped. Each is solved exactly under max^n
(or ``--model paranoid``, affordable two tricks deeper: the reference, cached in ``--refs``).
Then every evaluator variant values every card class of the seat to move in the same open
deal (``Solver.rollout``: the card, the rollout policy to ``h`` tricks left, an exact solve
there under the same model). Reported per variant: the mean absolute
difference to the exact value (points per card), how often its best card is an exact best
card, the mean loss of its choice (exact points above the best), and the cost (microseconds
per rollout, one thread).

Variants: ``rule`` (the rule bot), ``lookahead`` (each seat tries each legal card, the rule bot
plays the deal out after it, the best kept), ``eps`` (the rule bot with chance ``e`` of a
random legal card, ``k`` runs averaged), at horizons ``h``.

Run: ``python benchmarks/screen_rollouts.py [--positions N] [--tricks 7,8] [--refs FILE]
[--variants rule:5,lookahead:3,eps0.1x8:5] [--model maxn|paranoid] [--json]``. The references take minutes (max^n
at 8 tricks left: about a second each, some far longer; ``--limit-s``), the variants seconds.
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

from hearts.analysis.policy import policy_spec, rule_play
from hearts.solver import Deal, Position
from hearts.solver.cards import Card
from hearts.solver.limit import Limit
from hearts.solver.solve import Solver

DEFAULT_VARIANTS = ("rule:5,rule:4,rule:3,rule:2,lookahead:5,lookahead:4,lookahead:3,"
                    "lookahead:2,eps0.1x8:5,eps0.1x8:3,eps0.2x8:3")


def positions(n: int, tricks: tuple[int, ...], seed: int) -> list[Position]:
    """Seeded positions with ``tricks`` tricks left (module docstring)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        position = Position(Deal.random(rng))
        left = rng.choice(tricks)
        while 13 - position.tricks_played > left or position.trick:
            legal = position.legal_moves()
            position.play(rng.choice(legal) if rng.random() < 0.3 else rule_play(position),
                          check=False)
        for _ in range(rng.randrange(4)):
            position.play(rule_play(position), check=False)
        if len(position.legal_moves()) > 1:
            out.append(position)
    return out


def references(todo: list[Position], limit_s: float, model: str) -> list[dict | None]:
    """The exact value of every card class of each position (None: over the limit)."""
    solver = Solver(20)
    out = []
    for k, position in enumerate(todo):
        t0 = time.perf_counter()
        result = solver.solve_position(position, model=model, pv=False,
                                       limit=Limit(time_ms=limit_s * 1000))
        solver.clear()
        ms = (time.perf_counter() - t0) * 1000
        if not result.complete or len(result.cards) < 2:
            out.append(None)
        else:
            out.append({"cards": [str(cv.card) for cv in result.cards],
                        "values": [cv.value for cv in result.cards], "ms": ms})
        print(f"reference {k + 1}/{len(todo)}: {ms:.0f} ms", flush=True)
    return out


def parse_variant(text: str) -> dict:
    """``rule:5``, ``lookahead:3``, ``eps0.1x8:5`` -> the rollout settings."""
    name, horizon = text.split(":")
    if name.startswith("eps"):
        epsilon, runs = name[3:].split("x")
        return {"name": text, "policy": "rule", "horizon": int(horizon),
                "epsilon": float(epsilon), "runs": int(runs)}
    return {"name": text, "policy": name, "horizon": int(horizon), "epsilon": 0.0, "runs": 1}


def screen(todo: list[Position], refs: list[dict | None], variant: dict, model: str) -> dict:
    """One variant against the references."""
    solver = Solver(16)
    diffs, same, losses, rollouts, spent = [], 0, [], 0, 0.0
    counted = 0
    for index, (position, ref) in enumerate(zip(todo, refs)):
        if ref is None:
            continue
        counted += 1
        cards = [Card(c) for c in ref["cards"]]
        mover = position.to_move
        t0 = time.perf_counter()
        out = solver.rollout(position, cards, mover, model, variant["horizon"],
                             policy_spec(position.rules), rollout_policy=variant["policy"],
                             runs=variant["runs"], epsilon=variant["epsilon"], seed=index)
        spent += time.perf_counter() - t0
        rollouts += len(cards) * variant["runs"]
        if model == "maxn":
            out = [[v[mover] for v in card] if variant["runs"] > 1 else card[mover]
                   for card in out]
        values = [statistics.mean(card) if variant["runs"] > 1 else card for card in out]
        diffs += [abs(a - b) for a, b in zip(values, ref["values"])]
        pick = min(range(len(cards)), key=lambda i: (values[i], i))
        best = min(ref["values"])
        same += ref["values"][pick] == best
        losses.append(ref["values"][pick] - best)
    return {"variant": variant["name"], "positions": counted, "cards": len(diffs),
            "losses": losses,
            "mad": statistics.mean(diffs), "same_best": same / counted,
            "mean_loss": statistics.mean(losses),
            "loss_se": statistics.stdev(losses) / len(losses) ** 0.5,
            "us_per_rollout": 1e6 * spent / rollouts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--tricks", default="7,8", help="tricks left in the positions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit-s", type=float, default=60.0,
                        help="time limit of one reference solve (over it: skipped)")
    parser.add_argument("--refs", help="cache file of the references (JSON)")
    parser.add_argument("--variants", default=DEFAULT_VARIANTS)
    parser.add_argument("--model", default="maxn", choices=("maxn", "paranoid"),
                        help="the model of the references and of the solve at the horizon")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tricks = tuple(int(t) for t in args.tricks.split(","))
    todo = positions(args.positions, tricks, args.seed)
    key = f"{args.positions}/{args.tricks}/{args.seed}/{args.model}"
    cache = Path(args.refs) if args.refs else None
    if cache and cache.exists() and json.loads(cache.read_text()).get("key") == key:
        refs = json.loads(cache.read_text())["refs"]
    else:
        refs = references(todo, args.limit_s, args.model)
        if cache:
            cache.write_text(json.dumps({"key": key, "refs": refs}))
    rows = [screen(todo, refs, parse_variant(v), args.model) for v in args.variants.split(",")]
    if args.json:
        print(json.dumps([{k: v for k, v in r.items() if k != "losses"} for r in rows],
                         indent=1))
        return
    solved = [r for r in refs if r is not None]
    table = Table(title=f"rollout evaluators vs exact {args.model}, open hands ({len(solved)} of "
                        f"{len(refs)} positions solved, {args.tricks} tricks left, seed "
                        f"{args.seed}; exact median {statistics.median(r['ms'] for r in solved):.0f} ms)")
    for col in ("variant", "cards", "mean |diff| pts/card", "same best card",
                "mean loss pts (± SE)", f"loss vs {rows[0]['variant']} (paired, 95% CI)",
                "µs/rollout"):
        table.add_column(col, justify="left" if col == "variant" else "right")
    for r in rows:
        paired = [a - b for a, b in zip(r["losses"], rows[0]["losses"])]
        half = 1.96 * statistics.stdev(paired) / len(paired) ** 0.5 if any(paired) else 0.0
        mean = statistics.mean(paired)
        table.add_row(r["variant"], str(r["cards"]), f"{r['mad']:.2f}",
                      f"{100 * r['same_best']:.0f}%",
                      f"{r['mean_loss']:.2f} ± {r['loss_se']:.2f}",
                      f"{mean:+.2f} ({mean - half:+.2f} … {mean + half:+.2f})",
                      f"{r['us_per_rollout']:.0f}")
    Console(width=150).print(table)


if __name__ == "__main__":
    main()
