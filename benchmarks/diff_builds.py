"""The paranoid values of two builds of the core on many random positions: any difference.

A change to the search's bounds must leave every value as it was. The fixed sets of
``bench_solver.py --nodes-only`` check that on a few hundred positions of the standard rules;
this script checks two builds against each other on thousands of smaller random positions
under many rules: 2 to 7 tricks left, 0 to 3 cards into the trick, every seat as the target
(or the seat to move), 3 to 5 seats, the point tables, moon, sun, no-trick bonus and club
rules. With ``--single-taker`` only positions where one seat has taken every moon card so
far, valued for that seat (its own moon still live: one unsound first version of the
ducking bound went wrong there, at 4 of 25,831 such positions from 150,000 seeds).
Each build is loaded as in ``ab_builds.py``::

    cp solver/_core.cpython-311-x86_64-linux-gnu.so /tmp/old.so     # before a change
    ...rebuild...
    python benchmarks/diff_builds.py /tmp/old.so solver/_core.cpython-311-x86_64-linux-gnu.so

Each difference is printed as one line (seed, rules, deal, cards played, target, both
builds' values); the exit code is 1 if there was any. 20,000 seeds take about a minute;
one unsound first version of the ducking bound differed at 32 of them.
"""
from __future__ import annotations

import argparse
import importlib
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from ab_builds import load_cores  # noqa: E402

from hearts.solver import Deal, Position, Rules  # noqa: E402

solve_module = importlib.import_module("hearts.solver.solve")

#: The rules the positions cycle through.
RULES = [Rules.standard(), Rules.omnibus(), Rules.pink_lady(), Rules.black_jack(),
         Rules.spot_hearts(), Rules.openspiel(), Rules.parse("standard,moon=new"),
         Rules.parse("standard,moon=none"), Rules.parse("standard,queen_at_first_chance=true"),
         Rules.parse("standard,sun=all_tricks"), Rules.parse("standard,no_trick_bonus=-5"),
         Rules.parse("standard,players=3"), Rules.parse("omnibus,players=3"),
         Rules.parse("standard,players=5"), Rules.parse("pink_lady,players=5,moon=new")]


def random_case(seed: int, single_taker: bool) -> tuple[Position, int | None] | None:
    """The position and target of ``seed``, or None where it gives none (a finished deal,
    or with ``single_taker`` no seat alone holding the moon cards taken)."""
    rng = random.Random(seed)
    rules = RULES[seed % len(RULES)]
    position = Position(Deal.random(rng, rules), rules)
    left = rng.randint(2, min(7, rules.hand_size() - 1))
    in_trick = rng.randint(0, min(3, rules.players - 1))
    while not position.is_over() and (rules.hand_size() - position.tricks_played > left
                                      or len(position.trick) < in_trick):
        position.play(rng.choice(position.legal_moves()))
    if position.is_over():
        return None
    if single_taker:
        moon = rules.moon_mask()
        takers = [seat for seat in range(rules.players) if position.taken[seat] & moon]
        return (position, takers[0]) if len(takers) == 1 else None
    return position, rng.choice([None, *range(rules.players)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("builds", nargs=2, help="two built _core .so files")
    parser.add_argument("--count", type=int, default=20_000, help="seeds tried (default 20000)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--single-taker", action="store_true",
                        help="only positions where one seat took every moon card so far")
    args = parser.parse_args()
    if args.count < 1:
        parser.error(f"--count must be positive, got {args.count}")
    checked = differ = 0
    with tempfile.TemporaryDirectory() as workdir:
        cores = load_cores(parser, args.builds, workdir)
        for seed in range(args.seed, args.seed + args.count):
            case = random_case(seed, args.single_taker)
            if case is None:
                continue
            position, target = case
            values = []
            for core in cores:
                solve_module.Core = core
                result = solve_module.Solver().solve_position(position, seat=target, pv=False)
                values.append(sorted((str(cv.card), cv.value) for cv in result.cards))
            checked += 1
            if values[0] != values[1]:
                differ += 1
                print(f"seed {seed}: {position.rules!r} {position.deal!r} played "
                      f"{' '.join(map(str, position.history))!r} target {target}: "
                      f"{values[0]} != {values[1]}")
    print(f"{checked:,} positions, {differ} with different values")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
