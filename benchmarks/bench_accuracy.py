"""The accuracy scale of ``hearts annotate``: mean loss per decision of three kinds of player on
the same deals, and the ``k`` of ``accuracy = 100 * exp(-k * mean loss per decision)``
(:data:`hearts.analysis.annotate.ACCURACY_K`, docs/annotate.md "Accuracy").

The deals: the 25 deals of OpenSpiel's xinxin data in ``tests/data/openspiel_xinxin``
(``xinxin_train.txt`` and ``xinxin_test.txt``, rules ``openspiel``), each played by

* ``xinxin``: Nathan Sturtevant's xinxin program, four copies (the recorded play);
* ``rule``: four copies of the rule bot (:class:`hearts.analysis.bots.RuleBot`: lead low, duck,
  dump Q♠ and high hearts on others' tricks; passes by the pass policy): the rules of thumb a
  beginner learns first, played without counting a card;
* ``random``: four copies of the random bot (a uniformly random legal card, a random pass).

Every record is annotated as ``hearts annotate`` does by default (open hands, exact paranoid,
tricks 6-13; ``--mode fair`` judges on each seat's knowledge instead, with ``--samples``).
Per kind of player: the decisions (judged plays whose legal cards did not all have the same
value), the mean loss per decision with its 95% interval (over seat-deals), the share of
decisions that lost points, and the mean accuracy of a seat-deal under ``ACCURACY_K`` and
under the ``k`` that gives a club player 50. The club player is placed halfway between the rule
bot and xinxin in points lost per decision (all decisions pooled), and ``k = ln 2 / that``.

Run: ``python benchmarks/bench_accuracy.py [--mode open|fair] [--samples N] [--deals N]
[--threads N] [--json]``. The numbers are deterministic (seeded bots, no time limits).
"""
from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from hearts.analysis import records
from hearts.analysis.annotate import ACCURACY_K, annotate_games, decision_loss, primary
from hearts.analysis.bots import RandomBot, RuleBot, play_deal
from hearts.analysis.records import GameRecord
from hearts.analysis.settings import Sampling
from hearts.analysis.stats import Z95, mean_se
from hearts.solver.seats import Seat

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "openspiel_xinxin"


def xinxin_games() -> list[GameRecord]:
    games = []
    for name in ("xinxin_train.txt", "xinxin_test.txt"):
        games += records.read_games((DATA / name).read_text(), rules="openspiel")
    return games


def bot_game(game: GameRecord, bot, index: int) -> GameRecord:
    """The first deal of ``game`` (its dealt hands and pass direction) played by four ``bot``."""
    deal = game.deals[0]
    played = play_deal(deal.dealt, deal.direction, [bot] * 4, game.rules, key=(index,))
    out = GameRecord(tags={"Rules": game.tags.get("Rules", "openspiel")})
    passes = None if not any(played.passes) else {
        s: [c for c in deal.dealt[s] if c.mask & played.passes[s]] for s in Seat}
    out.add_deal(deal.dealt, deal.direction, passes, list(played.plays))
    return out


def seat_deal_losses(games: list[GameRecord], mode: str, samples: int, threads: int,
                     from_trick: int | None = None) -> list[list[float]]:
    """Per seat-deal with at least one decision: the losses of its decisions (points)."""
    results = annotate_games(games, mode, sampling=Sampling(samples, threads=threads),
                             moon=False, from_trick=from_trick)
    which = primary(mode)
    out = []
    for result in results:
        for deal in result.deals:
            for seat in Seat:
                losses = [x for x in (decision_loss(p, which) for p in deal.plays
                                      if p.seat == seat) if x is not None]
                if losses:
                    out.append(losses)
    return out


def mean_accuracy(groups: list[list[float]], k: float) -> float:
    """The mean over seat-deals of ``100 * exp(-k * mean loss per decision)``."""
    return sum(100 * math.exp(-k * sum(g) / len(g)) for g in groups) / len(groups)


def k_for(loss: float, target: float = 50.0) -> float:
    """The k at which a player losing ``loss`` points per decision has accuracy ``target``."""
    return math.log(100.0 / target) / loss


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=("open", "fair"), default="open")
    ap.add_argument("--samples", type=int, default=30, help="fair mode: samples per play")
    ap.add_argument("--from-trick", type=int, default=None,
                    help="the first trick judged (default: annotate's, 6 open, 1 fair)")
    ap.add_argument("--deals", type=int, default=25)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    xinxin = xinxin_games()[:args.deals]
    kinds = {"xinxin": xinxin,
             "rule": [bot_game(g, RuleBot(), i) for i, g in enumerate(xinxin)],
             "random": [bot_game(g, RandomBot(), i) for i, g in enumerate(xinxin)]}
    table = {}
    for name, games in kinds.items():
        t0 = time.perf_counter()
        groups = seat_deal_losses(games, args.mode, args.samples, args.threads,
                                  args.from_trick)
        flat = [x for g in groups for x in g]
        per_seat_deal = [sum(g) / len(g) for g in groups]
        mean, se = mean_se(per_seat_deal)
        table[name] = {"groups": groups, "decisions": len(flat), "seat_deals": len(groups),
                       "pooled": sum(flat) / len(flat), "mean": mean, "half": Z95 * se,
                       "lost_share": sum(1 for x in flat if x > 0) / len(flat),
                       "s": time.perf_counter() - t0}
    # The club player: halfway between the rule bot and xinxin in points lost per decision.
    club = (table["rule"]["pooled"] + table["xinxin"]["pooled"]) / 2
    k50 = k_for(club)
    if args.json:
        print(json.dumps({name: {key: v for key, v in row.items() if key != "groups"}
                          | {"accuracy": mean_accuracy(row["groups"],
                                                      ACCURACY_K[primary(args.mode)]),
                             "accuracy_k50": mean_accuracy(row["groups"], k50)}
                          for name, row in table.items()} | {"club": club, "k50": k50},
                         indent=1))
        return
    print(f"mode {args.mode}{'' if args.mode == 'open' else f', {args.samples} samples'}; "
          f"{len(xinxin)} xinxin deals (tests/data/openspiel_xinxin), rules openspiel")
    k_now = ACCURACY_K[primary(args.mode)]
    print(f"{'player':8} {'decisions':>9} {'seat-deals':>10} {'loss/decision':>13} "
          f"{'per seat-deal, 95% CI':>22} {'lost>0':>7} {'acc k=' + format(k_now, 'g'):>9} "
          f"{'acc k=' + format(k50, '.3f'):>11} {'time':>6}")
    for name, row in table.items():
        ci = f"{row['mean']:.3f} ± {row['half']:.3f}"
        print(f"{name:8} {row['decisions']:9d} {row['seat_deals']:10d} {row['pooled']:13.3f} "
              f"{ci:>22} {row['lost_share']:7.1%} "
              f"{mean_accuracy(row['groups'], k_now):9.1f} "
              f"{mean_accuracy(row['groups'], k50):11.1f} {row['s']:5.0f}s")
    print(f"club player (halfway between the rule bot and xinxin): {club:.3f} points lost per "
          f"decision; k = ln 2 / that = {k50:.3f} gives it 50")


if __name__ == "__main__":
    main()
