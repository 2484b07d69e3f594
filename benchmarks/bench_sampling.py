"""Speed of the constrained deal sampler on a few knowledge states.

For each state (a seat's view of a xinxin game at some point, or a random game's late
position with several voids): the exact number of consistent deals, the card groups and
splits, the time to build the sampler, samples per second as card masks (NumPy only) and as
:class:`Deal` objects, and the acceptance rate plain rejection sampling would have (consistent
deals / deals of the unseen cards to the hand sizes ignoring the facts), computed exactly.

Run: ``python benchmarks/bench_sampling.py [--samples N] [--seed S] [--json]``.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from math import factorial
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.knowledge import Knowledge
from hearts.analysis.openspiel import parse_action_lines
from hearts.analysis.sampling import DealSampler
from hearts.solver import Deal, PassDirection, Position, Rules, Seat, after_pass

XINXIN = Path(__file__).resolve().parent.parent / "tests" / "data" / "openspiel_xinxin"


def xinxin_states() -> list[tuple[str, Knowledge]]:
    """South's view of xinxin train game 1 (pass across) at several points."""
    game = next(parse_action_lines((XINXIN / "xinxin_train.txt").read_text()))
    states = []
    for cut, label in ((0, "start of play, pass known"), (16, "trick 5"), (32, "trick 9"),
                       (41, "trick 11, 1 card played")):
        knowledge = Knowledge.from_deal(game.dealt, game.passes, game.direction,
                                        game.plays[:cut], Seat.S, Rules.openspiel())
        states.append((f"xinxin 1, {label}", knowledge))
    return states


def no_pass_state() -> tuple[str, Knowledge]:
    return "start of play, no pass", Knowledge.from_position(Position(Deal.random(1)), Seat.S)


def void_state(seed: int, cards: int) -> tuple[str, Knowledge]:
    """The late position of a random game (random passes left, random play) with the most
    voids shown, over a few seeds."""
    best = None
    for s in range(seed, seed + 40):
        rng = random.Random(s)
        dealt = Deal.random(rng)
        passes = {seat: rng.sample(list(dealt[seat]), 3) for seat in Seat}
        position = Position(after_pass(dealt, passes, PassDirection.LEFT))
        while len(position.history) < cards:
            position.play(rng.choice(position.legal_moves()))
        seat = position.to_move
        knowledge = Knowledge.from_deal(dealt, passes, "left", position.history, seat)
        voids = sum(len(knowledge.voids[j]) for j in knowledge.others)
        if best is None or voids > best[0]:
            best = (voids, knowledge)
    assert best is not None
    return f"random game, {cards} cards played, {best[0]} voids", best[1]


def unconstrained(knowledge: Knowledge) -> int:
    """Deals of the unseen cards to the other seats' hand sizes, ignoring every fact."""
    ways = factorial(len(knowledge.unseen))
    for seat in knowledge.others:
        ways //= factorial(knowledge.hand_sizes[seat])
    return ways


def measure(label: str, knowledge: Knowledge, samples: int, seed: int) -> dict:
    t0 = time.perf_counter()
    sampler = DealSampler(knowledge)
    build_ms = (time.perf_counter() - t0) * 1000
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    sampler.masks(samples, rng)
    masks_s = samples / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    sampler.deals(samples, seed)
    deals_s = samples / (time.perf_counter() - t0)
    return {
        "state": label, "unseen": len(knowledge.unseen), "groups": len(sampler.groups),
        "splits": sampler.splits, "count": sampler.count,
        "rejection_acceptance": sampler.count / unconstrained(knowledge),
        "build_ms": build_ms, "masks_per_s": masks_s, "deals_per_s": deals_s,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=20_000, help="samples per state")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    states = [no_pass_state(), *xinxin_states(), void_state(args.seed, 28),
              void_state(args.seed, 40)]
    rows = [measure(label, k, args.samples, args.seed) for label, k in states]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(title=f"deal sampler, {args.samples:,} samples per state (one core)")
    for name in ("state", "unseen", "groups", "splits", "consistent deals",
                 "rejection accepts", "build ms", "masks/s", "Deals/s"):
        table.add_column(name, justify="left" if name == "state" else "right")
    for r in rows:
        table.add_row(r["state"], str(r["unseen"]), str(r["groups"]), str(r["splits"]),
                      f"{r['count']:.3g}" if r["count"] >= 1e6 else f"{r['count']:,}",
                      f"{r['rejection_acceptance']:.2g}", f"{r['build_ms']:.2f}",
                      f"{r['masks_per_s']:,.0f}", f"{r['deals_per_s']:,.0f}")
    Console().print(table)


if __name__ == "__main__":
    main()
