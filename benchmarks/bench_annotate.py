"""Speed of ``hearts annotate`` on whole 13-trick deals (issue 4 item 5).

Targets, on 2 cores: a deal in **open** mode (default judging: tricks 6–13, exact paranoid
solves, moon alert) ≤ 3 s; in **fair** mode (every play of all 13 tricks judged on the seat's
own knowledge, 100 samples a play, evaluator ``auto``) ≤ 60 s. Also ``both`` (the two
together, as ``--mode both`` runs them).

Deals: the 25 xinxin deals and OpenSpiel's playthrough (tests/data/openspiel_xinxin) for open
mode; the first ``--fair-deals`` xinxin train deals (default 3) for fair and both. Each deal is
annotated alone (``annotate_games([game], ...)``) on ``--threads`` threads (default 2), so the
time is the wall time of ``hearts annotate`` on a one-deal record (without reading and
printing). Times depend on the machine and its load (say which when quoting them); the marks
are deterministic for a seed.

Run: ``python benchmarks/bench_annotate.py [--threads N] [--fair-deals N] [--samples N]
[--json]`` (about 2–4 minutes on 2 cores).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from hearts.analysis.annotate import annotate_games, mistake_count
from hearts.analysis.records import read_games
from hearts.analysis.settings import Sampling

XINXIN = Path(__file__).resolve().parent.parent / "tests" / "data" / "openspiel_xinxin"
TARGETS_S = {"open": 3.0, "fair": 60.0, "both": None}


def deals() -> list:
    games = []
    for name in ("xinxin_train.txt", "xinxin_test.txt", "playthrough_hearts.txt"):
        games += read_games((XINXIN / name).read_text(), name=name)
    return games


def time_mode(games: list, mode: str, threads: int, samples: int) -> dict:
    seconds, marks = [], []
    for game in games:
        t0 = time.perf_counter()
        (result,) = annotate_games([game], mode,
                                   sampling=Sampling(samples, seed=0, threads=threads))
        seconds.append(time.perf_counter() - t0)
        marks.append(mistake_count(result.plays))
    ordered = sorted(seconds)
    return {"mode": mode, "deals": len(games), "threads": threads,
            "samples": samples if mode != "open" else None,
            "median_s": statistics.median(seconds),
            "p90_s": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
            "max_s": ordered[-1], "marks": sum(marks), "target_s": TARGETS_S[mode],
            "ok": TARGETS_S[mode] is None or ordered[-1] <= TARGETS_S[mode]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--fair-deals", type=int, default=3)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    games = deals()
    rows = [time_mode(games, "open", args.threads, args.samples)]
    for mode in ("fair", "both") if args.fair_deals > 0 else ():
        rows.append(time_mode(games[:args.fair_deals], mode, args.threads, args.samples))
    load = os.getloadavg()
    if args.json:
        print(json.dumps({"rows": rows, "loadavg": load, "cpus": os.cpu_count()}, indent=2))
        return
    table = Table("mode", "deals", "samples/play", "median s", "p90 s", "max s", "target",
                  "marks", title=f"hearts annotate, one 13-trick deal at a time ({args.threads} "
                                 f"threads; load average {load[0]:.2f} on {os.cpu_count()} cpus)")
    for column in table.columns[1:]:
        column.justify = "right"
    for r in rows:
        target = "" if r["target_s"] is None else (
            f"≤ {r['target_s']:g} s {'ok' if r['ok'] else 'MISSED'}")
        table.add_row(r["mode"], str(r["deals"]), str(r["samples"] or "-"),
                      f"{r['median_s']:.2f}", f"{r['p90_s']:.2f}", f"{r['max_s']:.2f}",
                      target, str(r["marks"]))
    Console().print(table)


if __name__ == "__main__":
    main()
