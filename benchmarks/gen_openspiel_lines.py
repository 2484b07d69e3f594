"""Generate OpenSpiel action-id lines of random legal deals, for the streaming benchmarks
(issue 25 item 5: ``hearts replay``, ``convert`` and ``annotate`` on 10,000 deals).

Each deal: a random deal (``Deal.random``), the pass direction of the deal's place in the
standard rotation (left, right, across, hold), three random cards passed by each seat, then
random legal cards under ``--rules`` (default ``openspiel``) until all 52 are played. The same
seed gives the same lines.

Run: ``python benchmarks/gen_openspiel_lines.py [--deals 10000] [--seed 1] > lines.txt``
(about 10 s for 10,000 deals).
"""
from __future__ import annotations

import argparse
import random
import sys

from hearts.solver import Deal, PassDirection, Position, Rules, Seat, after_pass

ROTATION = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)


def random_line(rng: random.Random, number: int, rules: Rules) -> str:
    """One deal's action ids (format: ``hearts.analysis.openspiel``)."""
    dealt = Deal.random(rng)
    direction = ROTATION[number % 4]
    ids = [int(direction), *dealt.to_openspiel_ids()]
    passes = None
    if direction is not PassDirection.HOLD:
        passes = {seat: rng.sample(sorted(dealt[seat].cards()), 3) for seat in Seat}
        for seat in Seat:
            ids.extend(card.openspiel_id for card in passes[seat])
    position = Position(after_pass(dealt, passes, direction), rules)
    while not position.is_over():
        card = rng.choice(position.legal_moves())
        ids.append(card.openspiel_id)
        position.play(card, check=False)
    return " ".join(map(str, ids))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="openspiel")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rules = Rules.parse(args.rules)
    out = sys.stdout
    for number in range(args.deals):
        out.write(random_line(rng, number, rules) + "\n")


if __name__ == "__main__":
    main()
