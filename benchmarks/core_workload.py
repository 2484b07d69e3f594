"""A fixed workload for counting the search core's instructions with callgrind.

60 six-trick and 5 eight-trick paranoid solves, 10 five-trick max^n and 10 seven-trick
moon solves of the seeded endgames of ``bench_solver.py``, a fresh ``Solver`` each, no
lines of play. Instruction counts are repeatable where wall-clock times on a shared
machine are not::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect='__pyx_pw_*Core_9analyse' \\
        python benchmarks/core_workload.py          # Core.analyse only
    PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/core_workload.py [setup]

The second form counts the whole run; with ``setup`` it only builds the positions, so the
difference of the two is the cost of the solves with their Python setup. Per function:
``callgrind_annotate callgrind.out.<pid>``. The printed node total must not change when
only the cost of a node changes.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_solver import endgame  # noqa: E402

from hearts.solver import Rules  # noqa: E402
from hearts.solver.solve import Solver  # noqa: E402


def jobs() -> list:
    """The positions and models of the workload."""
    rules = Rules.standard()
    out = [(endgame(1000 + i, 6, rules), "paranoid") for i in range(60)]
    out += [(endgame(1000 + i, 8, rules), "paranoid") for i in range(5)]
    out += [(endgame(2000 + i, 5, rules), "maxn") for i in range(10)]
    out += [(endgame(3000 + i, 7, rules), "moon") for i in range(10)]
    return out


def main() -> None:
    work = jobs()
    if sys.argv[1:] == ["setup"]:
        return
    total = sum(Solver().solve_position(p, model=m, pv=False).nodes for p, m in work)
    print("nodes", total)


if __name__ == "__main__":
    main()
