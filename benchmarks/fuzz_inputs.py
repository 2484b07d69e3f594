"""The fuzz of ``tests/test_fuzz.py`` at length (issue 25 item 8): ``--examples`` mutated
inputs (default 10,000) spread over the targets, each ending ``ok`` (a valid result),
``error`` (one short inert ``error:`` line, exit code 2) or ``traceback`` (anything else: a
bug). Prints a table per target and the distinct tracebacks found (by their last line), with
the seed that reproduces each (``--seed S --examples 1 --target T`` runs that one again).

The targets: the library's reader in every format (strict and lenient, the format given or
detected; a game read must write back and, strictly read, read back from HGN and JSON as it
was), and the commands in-process (typer's CliRunner): ``convert``, ``replay``, ``annotate
--max-tricks 1 --jsonl`` on mutated files, ``solve`` on mutated deals and ``--played``.
Mutations and seeds: ``tests/fuzz_cases.py``.

Run: ``python benchmarks/fuzz_inputs.py [--examples 10000] [--seed 0] [--target NAME]``
(about 10 minutes on one core).
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzz_cases as fz  # noqa: E402

KINDS = ("hgn", "json", "jsonl", "openspiel", "peer")


def _reader(kind: str):  # type: ignore[no-untyped-def]
    def run(rng: random.Random, folder: Path) -> fz.Outcome:
        fmt = rng.choice(("auto", kind, rng.choice(fz.READ_FORMATS)))
        return fz.read_records(fz.mutated(kind, rng), fmt, rng.random() < 0.5)
    return run


def _file(rng: random.Random, folder: Path, kind: str) -> str:
    path = folder / f"input.{kind}"
    path.write_bytes(fz.to_bytes(fz.mutated(kind, rng), rng))
    return str(path)


def _convert(rng: random.Random, folder: Path) -> fz.Outcome:
    kind = rng.choice(KINDS)
    return fz.run_command(["convert", _file(rng, folder, kind), "--to",
                           rng.choice(("hgn", "json", "jsonl", "openspiel")), "--quiet"])


def _replay(rng: random.Random, folder: Path) -> fz.Outcome:
    kind = rng.choice(("openspiel",) * 4 + KINDS)
    return fz.run_command(["replay", _file(rng, folder, kind), "--quiet"]
                          + rng.choice(([], ["--json"], ["--jsonl"])))


def _annotate(rng: random.Random, folder: Path) -> fz.Outcome:
    kind = rng.choice(KINDS)
    return fz.run_command(["annotate", _file(rng, folder, kind), "--max-tricks", "1",
                           "--jsonl", "--quiet"] + (["--lenient"] if rng.random() < 0.5 else []))


def _solve(rng: random.Random, folder: Path) -> fz.Outcome:
    deal, played = fz.EXAMPLE_DEAL, fz.EXAMPLE_PLAYED
    which = rng.choice(("deal", "played", "both"))
    if which != "played":
        deal = fz.mutate_text(deal, rng)
    if which != "deal":
        played = fz.mutate_text(played, rng)
    return fz.run_command(["solve", deal, "--played", played, "--nodes", "20000"]
                          + (["--json"] if rng.random() < 0.5 else []))


#: Targets and their share of the examples.
TARGETS = {**{f"read {kind}": (_reader(kind), 12) for kind in KINDS},
           "convert": (_convert, 14), "replay": (_replay, 8), "annotate": (_annotate, 4),
           "solve": (_solve, 14)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--target", choices=sorted(TARGETS), help="Run this target only.")
    args = parser.parse_args()
    names = [args.target] if args.target else list(TARGETS)
    weights = [TARGETS[n][1] for n in names]
    plan = random.Random(args.seed).choices(names, weights, k=args.examples)
    counts: dict[str, Counter] = defaultdict(Counter)
    seconds: Counter = Counter()
    found: dict[str, tuple[str, int, str]] = {}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for i, name in enumerate(plan):
            seed = args.seed + i
            began = time.perf_counter()
            outcome = TARGETS[name][0](random.Random(seed), Path(folder))
            seconds[name] += time.perf_counter() - began
            counts[name][outcome.kind] += 1
            if outcome.kind == "traceback":
                key = outcome.detail.strip().splitlines()[-1][:160] if outcome.detail else "?"
                found.setdefault(key, (name, seed, outcome.detail))
    console = Console(highlight=False)
    table = Table(title=f"fuzz: {args.examples:,} mutated inputs, seed {args.seed}, "
                        f"{time.perf_counter() - start:.0f} s")
    for column in ("target", "examples", "ok", "error (exit 2)", "traceback", "ms each"):
        table.add_column(column, justify="left" if column == "target" else "right")
    for name in names:
        c = counts[name]
        total = sum(c.values())
        if total:
            table.add_row(name, f"{total:,}", f"{c['ok']:,}", f"{c['error']:,}",
                          f"{c['traceback']:,}", f"{1000 * seconds[name] / total:.0f}")
    console.print(table)
    for key, (name, seed, detail) in found.items():
        console.print(f"\n[bold red]{name}[/] (seed {seed}): {key}", soft_wrap=True)
        console.print(detail[-3000:], markup=False, soft_wrap=True)
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
