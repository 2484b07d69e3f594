"""CPU time of several builds of the core side by side, in one process.

Each argument is a built extension (``solver/_core.cpython-*.so``, copied aside after each
build). Every copy is loaded under the module's own name (a separate file is a separate
library, with its own statics) and the solver's ``Core`` is switched between them, so the
builds solve each position in turn under the same machine load: on the shared 2-core
development machine two runs of one build in separate processes differed by up to 5%, two
copies of one build in one process by about 1%. Per position the best of ``--rounds``
solves (the order of the builds alternates each round); the sum and the median over the
positions, in ms::

    cp solver/_core.cpython-311-x86_64-linux-gnu.so /tmp/old.so     # before a change
    ...rebuild...
    python benchmarks/ab_builds.py /tmp/old.so solver/_core.cpython-311-x86_64-linux-gnu.so

The positions are the seeded endgames of ``bench_solver.py`` (seed 1, ``--count`` of them,
``--tricks`` tricks left), a fresh ``Solver`` each, as ``Solver.solve_position`` runs them.
Code placement alone moves the time of a build by a few percent (the same source built in
another checkout: 1% to 6% apart, run to run), so differences that small need repeating.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_solver import endgame, machine  # noqa: E402

from hearts.solver import Rules  # noqa: E402

solve_module = importlib.import_module("hearts.solver.solve")


def copy_path(workdir: str, index: int) -> str:
    """Where build number `index` is copied before it is loaded."""
    return os.path.join(workdir, f"core{index}.so")


def load(path: str, workdir: str, index: int):
    """The extension at `path`, loaded from a private copy as ``hearts.solver._core``."""
    copy = copy_path(workdir, index)
    shutil.copy(path, copy)
    loader = importlib.machinery.ExtensionFileLoader("hearts.solver._core", copy)
    spec = importlib.util.spec_from_file_location("hearts.solver._core", copy, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def load_cores(parser: argparse.ArgumentParser, paths: list[str], workdir: str) -> list:
    """The ``Core`` class of each build in `paths`; a missing file or one that is not a built
    core extension (ImportError, or OSError such as an invalid ELF header) ends the run through
    ``parser.error``: one line, exit code 2."""
    cores = []
    for i, path in enumerate(paths):
        if not os.path.isfile(path):
            what = "a folder, not a build" if os.path.isdir(path) else "no such build"
            parser.error(f"{what}: {path}")
        try:
            cores.append(load(path, workdir, i).Core)
        except (ImportError, OSError, AttributeError) as exc:
            # The loader names the private copy: name the user's file.
            reason = str(exc).replace(copy_path(workdir, i), path)
            parser.error(f"not a built hearts core extension: {path} ({reason})")
    return cores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("builds", nargs="+", help="built _core .so files")
    parser.add_argument("--tricks", type=int, default=9, help="tricks left (default 9)")
    parser.add_argument("--count", type=int, default=40, help="positions (default 40)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="solves per position and build; the best counts (default 3)")
    args = parser.parse_args()
    if not 1 <= args.tricks <= 13:
        parser.error(f"--tricks must be 1 to 13, got {args.tricks}")
    if args.count < 1 or args.rounds < 1:
        parser.error(f"--count and --rounds must be positive, got {args.count} and {args.rounds}")
    rules = Rules.standard()
    positions = [endgame(1000 + i, args.tricks, rules) for i in range(args.count)]
    with tempfile.TemporaryDirectory() as workdir:
        cores = load_cores(parser, args.builds, workdir)
        best = [[float("inf")] * len(positions) for _ in cores]
        nodes = [0] * len(cores)
        for r in range(args.rounds):
            order = list(range(len(cores)))
            if r % 2:
                order.reverse()
            for i, position in enumerate(positions):
                for b in order:
                    solve_module.Core = cores[b]
                    solver = solve_module.Solver()
                    t = time.process_time()
                    result = solver.solve_position(position, pv=False)
                    best[b][i] = min(best[b][i], time.process_time() - t)
                    if r == 0:
                        nodes[b] += result.nodes
    print(machine())
    for b, path in enumerate(args.builds):
        print(f"{path}: total {sum(best[b]) * 1e3:.1f} ms, median "
              f"{statistics.median(best[b]) * 1e3:.3f} ms, {nodes[b]:,} nodes")


if __name__ == "__main__":
    main()
