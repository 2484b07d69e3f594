"""Peak memory and time of ``hearts replay``, ``convert`` and ``annotate`` on a batch of deals
(issue 25 item 5: they read and write a game at a time, so the peak must not grow with the
batch).

The batch: ``--deals`` random legal deals as OpenSpiel action-id lines
(``gen_openspiel_lines.py``, seed ``--seed``), or ``--lines FILE``. Each case runs the
``hearts`` command given by ``--hearts`` (default: the one on PATH; give another install's to
compare builds) as a child process, output to a file, and reports its wall time and peak
resident memory (``ru_maxrss`` from ``wait4``), and its CPU time (user + system: steadier
than the wall time on a loaded machine). Cases whose options the command lacks (an
older build without ``--jsonl``) are reported as such. ``annotate`` runs with
``--max-tricks 1 -j 1`` (one exact solve a play of the last trick): the reading, writing and
bookkeeping of the batch, not the solver, are measured.

Run: ``python benchmarks/bench_streaming.py [--deals 10000] [--hearts PATH] [--only NAME]``
(about 10 minutes for 10,000 deals on one core).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).parent))

from gen_openspiel_lines import random_line  # noqa: E402

from hearts.solver import Rules  # noqa: E402

#: (name, arguments after ``hearts``; LINES and OUT are replaced by the paths).
CASES = [
    ("replay --json", ["replay", "LINES", "--json"]),
    ("replay --jsonl", ["replay", "LINES", "--jsonl", "--quiet"]),
    ("convert -o x.hgn", ["convert", "LINES", "-o", "OUT"]),
    ("convert --to json", ["convert", "LINES", "--to", "json", "-o", "OUT"]),
    ("convert --jsonl", ["convert", "LINES", "--jsonl", "-o", "OUT", "--quiet"]),
    ("annotate --json", ["annotate", "LINES", "--max-tricks", "1", "-j", "1", "--json"]),
    ("annotate --jsonl", ["annotate", "LINES", "--max-tricks", "1", "-j", "1", "--jsonl",
                          "--quiet"]),
]


def run(command: list[str], stdout_path: Path) -> tuple[int, float, float, int, str]:
    """Exit code, wall and CPU seconds, peak RSS in KiB and the last line of stderr of a
    child."""
    with open(stdout_path, "wb") as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        lines = err.read().decode(errors="replace").strip().splitlines()
    return (child.returncode, seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss,
            lines[-1] if lines else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", help="Use this file of action-id lines instead.")
    parser.add_argument("--hearts", default=shutil.which("hearts") or "hearts",
                        help="The hearts command to measure.")
    parser.add_argument("--only", action="append", help="Run the cases whose name starts so.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        lines = Path(args.lines) if args.lines else Path(folder) / "lines.txt"
        if not args.lines:
            rng, rules = random.Random(args.seed), Rules.openspiel()
            with open(lines, "w") as f:
                for number in range(args.deals):
                    f.write(random_line(rng, number, rules) + "\n")
        deals = sum(1 for line in open(lines) if line.strip())
        table = Table(title=f"{args.hearts}: {deals:,} deals ({lines.stat().st_size / 2**20:.1f} "
                            f"MiB of action ids)")
        for column in ("case", "exit", "wall s", "CPU s", "peak RSS MiB", "note"):
            table.add_column(column, justify="left" if column in ("case", "note") else "right")
        for name, case in CASES:
            if args.only and not any(name.startswith(o) for o in args.only):
                continue
            out = Path(folder) / "out"
            out.unlink(missing_ok=True)
            command = [args.hearts] + [str(lines) if a == "LINES" else str(out) if a == "OUT"
                                       else a for a in case]
            code, seconds, cpu, rss, last = run(command, Path(folder) / "stdout")
            note = "" if code == 0 else last[:60]
            table.add_row(name, str(code), f"{seconds:.1f}", f"{cpu:.1f}", f"{rss / 1024:.0f}",
                          note)
            Console(highlight=False).print(f"{name}: exit {code}, {seconds:.1f} s wall, "
                                           f"{cpu:.1f} s CPU, {rss / 1024:.0f} MiB",
                                           soft_wrap=True)
    Console(highlight=False).print(table)


if __name__ == "__main__":
    main()
