"""Solver speed on seeded sets of positions: full deals and endgames.

For each set: the paranoid value of every legal card of the seat to move (no line of play),
one solver per position (a fresh transposition table), timed on one core. Prints median,
p90 and max milliseconds and nodes per solve, and the table's memory. Max^n is timed on
endgames of at most 6 tricks; the game model (``gameK``: the standing in a game with the
totals N 80, E 95, S 63, W 40, target 100) on endgames of K tricks.

Each set is timed after about 0.3 s of untimed solves (``warm_up``). Endgames come from
random deals played out by uniformly random legal cards to the start
of a trick with N tricks left (so the points are spread as in random play).

Wall-clock times vary with the machine's load; node counts do not. ``--rounds R`` solves the
set R times over and keeps each position's fastest solve, which filters out most of that load
(the goals in the README are read with ``--rounds 5``). ``--nodes-only`` solves
the fixed seeded sets (60 six-trick, 20 eight-trick and 12 nine-trick endgames, seed 1) and
prints each set's node total and a checksum of every card's value: a deterministic measure
of the search's size for comparing changes to the core (equal checksums: equal values).
Wall-clock times also vary with the host behind the virtual CPU (the same build has read
18 ms and 35 ms median at 9 tricks on different days), so the table's caption (``machine``
in ``--json``, beside ``sets``) names the CPU and the load average the times were read on.

Run: ``python benchmarks/bench_solver.py [--count N] [--rounds R] [--seed S] [--sets full,9,8,6,game8] [--json]``
or ``python benchmarks/bench_solver.py --nodes-only``.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import statistics
import time

from rich.console import Console
from rich.table import Table

from hearts.solver import Deal, Limit, Position, Rules
from hearts.solver.solve import Solver


def endgame(seed: int, tricks_left: int, rules: Rules) -> Position:
    """A random deal played at random to a trick start with ``tricks_left`` tricks to go."""
    rng = random.Random(seed)
    position = Position(Deal.random(rng), rules)
    while 13 - position.tricks_played > tricks_left or position.trick:
        position.play(rng.choice(position.legal_moves()))
    return position


def machine() -> str:
    """The CPU and load the times were read on, for the table's caption.

    The same build has read 18 ms and 35 ms median at 9 tricks on different days here: the
    host behind the virtual CPU changes (``model name`` is often a generic "Intel Xeon
    Processor", so the family/model/stepping numbers tell hosts apart). Linux's
    ``/proc/cpuinfo``; elsewhere ``platform.processor()``.
    """
    info: dict[str, str] = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                key, _, value = line.partition(":")
                if not line.strip():
                    break                       # the first CPU's block is enough
                info.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    name = info.get("model name") or platform.processor() or platform.machine()
    ids = "/".join(info[k] for k in ("cpu family", "model", "stepping") if k in info)
    mhz = f", {float(info['cpu MHz']):.0f} MHz" if "cpu MHz" in info else ""
    load = f", load {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    return f"{name}{f' ({ids})' if ids else ''}{mhz}, {os.cpu_count()} CPUs{load}"


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


#: The game totals of the ``gameK`` sets (the issue's example: E near the target).
GAME_SCORES = (80, 95, 63, 40)


def warm_up(rules: Rules, model: str, tt_bits: int | None, ms: float = 300.0) -> None:
    """Solve 6-trick endgames of another seed, untimed, for about ``ms`` milliseconds.

    A set timed first in a fresh process came out 15-30% slower than the same set timed
    after another (6 tricks: 0.17-0.21 ms median against 0.15-0.16 ms): the first solves
    pay for cold caches, lazily mapped table pages and the CPU leaving its idle state.
    Solving first measures every set in the same steady state."""
    t0 = time.perf_counter()
    i = 0
    while (time.perf_counter() - t0) * 1000 < ms:
        Solver(tt_bits).solve_position(endgame(987_000 + i, 6, rules), model=model, pv=False,
                                       scores=GAME_SCORES if model == "game" else None)
        i += 1


def run_set(name: str, tricks: int, count: int, seed: int, model: str, tt_bits: int | None,
            time_limit_ms: float | None, rounds: int = 1) -> dict:
    """Time one set: per position the fastest of ``rounds`` solves, in ms (wall-clock).

    Each round solves the whole set in order, so a position's solves never run back to back
    (a position solved twice in a row finds the branch predictors and caches warm and reads
    about 15% low at 6 tricks). The fastest of several solves filters out the other
    processes of a shared machine; the node counts must agree round to round.

    Raises:
        RuntimeError: a position's node count differs between rounds (the search is not
            deterministic, so the timings would not compare).
    """
    rules = Rules.standard()
    positions = [endgame(seed * 1000 + i, tricks, rules) for i in range(count)]
    ms = [float("inf")] * count
    nodes: list[int] = []
    unfinished = 0
    tt_bytes = 0
    warm_up(rules, model, tt_bits)
    for round_no in range(rounds):
        for i, position in enumerate(positions):
            solver = Solver(tt_bits)
            t0 = time.perf_counter()
            result = solver.solve_position(position, model=model, pv=False,
                                           limit=Limit(time_ms=time_limit_ms),
                                           scores=GAME_SCORES if model == "game" else None)
            ms[i] = min(ms[i], (time.perf_counter() - t0) * 1000)
            if round_no == 0:
                nodes.append(result.nodes)
                unfinished += not result.complete
            elif result.nodes != nodes[i] and result.complete and time_limit_ms is None:
                raise RuntimeError(f"{name}, position {i}: {result.nodes} nodes in round "
                                   f"{round_no + 1}, {nodes[i]} in round 1")
            tt_bytes = result.tt_bytes
    return {
        "set": name, "model": model, "tricks_left": tricks, "count": count, "rounds": rounds,
        "median_ms": statistics.median(ms), "p90_ms": quantile(ms, 0.9), "max_ms": max(ms),
        "median_nodes": statistics.median(nodes), "p90_nodes": quantile(nodes, 0.9),
        "max_nodes": max(nodes), "total_nodes": sum(nodes),
        "knodes_per_s": sum(nodes) / max(sum(ms), 1e-9),
        "tt_mib": tt_bytes / 2**20, "unfinished": unfinished,
    }


NODE_SETS = {"6": (6, 60), "8": (8, 20), "9": (9, 12)}


def node_totals(seed: int, sets: list[str]) -> dict:
    """Per fixed set: the total nodes to value every card of each position (fresh solvers,
    default tables), and a checksum of all the values."""
    rules = Rules.standard()
    digest = hashlib.sha1()
    totals = {}
    for name in sets:
        tricks, count = NODE_SETS[name]
        total = 0
        for i in range(count):
            result = Solver().solve_position(endgame(seed * 1000 + i, tricks, rules), pv=False)
            total += result.nodes
            digest.update(repr([(str(cv.card), cv.value) for cv in result.cards]).encode())
        totals[f"{name} tricks x{count}"] = total
    return {"nodes": totals, "checksum": digest.hexdigest()[:12]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30, help="positions per set")
    parser.add_argument("--full-count", type=int, default=10, help="full deals")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", default="6,8,9,full,maxn4,maxn6,game6,game8")
    parser.add_argument("--tt-bits", type=int, default=None,
                        help="table size (default: the solver's choice by position size)")
    parser.add_argument("--time-limit-ms", type=float, default=None,
                        help="stop a solve after this long (counted as unfinished)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="solves per position, rounds over the whole set; the fastest counts")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--nodes-only", action="store_true",
                        help="node totals on the fixed seeded sets (deterministic), no timing")
    args = parser.parse_args()
    for option in ("count", "full_count", "rounds"):
        if getattr(args, option) < 1:
            parser.error(f"--{option.replace('_', '-')} must be at least 1")
    if args.nodes_only:
        out = node_totals(args.seed, list(NODE_SETS))
        if args.json:
            print(json.dumps(out, indent=1))
        else:
            for name, total in out["nodes"].items():
                print(f"{name}: {total:,} nodes")
            print(f"values checksum {out['checksum']}")
        return
    rows = []
    for name in args.sets.split(","):
        if name == "full":
            rows.append(run_set("full deal", 13, args.full_count, args.seed, "paranoid",
                                args.tt_bits, args.time_limit_ms, args.rounds))
        elif name.startswith(("maxn", "game")):
            rows.append(run_set(f"{name[4:]} tricks", int(name[4:]), args.count, args.seed,
                                "maxn" if name.startswith("maxn") else "game",
                                args.tt_bits, args.time_limit_ms, args.rounds))
        else:
            rows.append(run_set(f"{name} tricks", int(name), args.count, args.seed, "paranoid",
                                args.tt_bits, args.time_limit_ms, args.rounds))
    if args.json:
        print(json.dumps({"machine": machine(), "sets": rows}, indent=1))
        return
    table = Table(title="hearts-dd solver: every legal card of the seat to move, one core",
                  caption=machine())
    for col in ("set", "model", "n", "median ms", "p90 ms", "max ms", "median nodes",
                "p90 nodes", "total nodes", "knodes/s", "TT MiB", "unfinished"):
        table.add_column(col, justify="right")
    for r in rows:
        table.add_row(r["set"], r["model"], str(r["count"]), f"{r['median_ms']:.2f}",
                      f"{r['p90_ms']:.2f}", f"{r['max_ms']:.2f}", f"{r['median_nodes']:.0f}",
                      f"{r['p90_nodes']:.0f}", f"{r['total_nodes']}", f"{r['knodes_per_s']:.0f}",
                      f"{r['tt_mib']:.2f}",
                      str(r["unfinished"]))
    Console().print(table)


if __name__ == "__main__":
    main()
