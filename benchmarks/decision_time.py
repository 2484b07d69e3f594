"""Seconds a decision of an advice bot on N cores, on the very decisions it met in a match.

The strength harness (``bench_strength.py``) times its bots on one thread, as its shards share
the machine's cores. Issue 24's speed targets are per decision *on 2 cores*: at most 2 s at
trick 1 and 0.5 s after trick 6. This script replays a results file's seat games of one bot
(the baseline games of its seat, not the forks of shadows): every decision of that seat at
trick 1 and after trick 6 is asked again, from the seat's own view with the same seed as in
the match (``key + (seat, plays made)``), on ``--threads`` threads, and timed (wall-clock and
CPU seconds, the view's sampling included, as in the harness). The card chosen must be the
card the match recorded — the advice does not depend on the threads — else the script stops
with the game named: a replay that disagrees measures something else.

Reported, per phase: decisions, wall-clock seconds mean / 90th percentile / max, how many
passed the target, and the same decisions' one-thread CPU seconds as the match recorded them.

Run: ``python benchmarks/decision_time.py FILE... [--bot NAME] [--threads 2] [--games N]
[--json]`` (``--bot`` defaults to the files' tested bot; ``--games``: the first N seat games,
in file order; about 1 s a seat game on 2 cores for the default engine). Times depend on the
machine and its load: run it alone. Measured figures: ``docs/experiments.md``, "Seconds a
decision on two cores".
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.bots import AdviceBot, timed_play
from hearts.analysis.openspiel import parse_action_line
from hearts.solver import Position, Rules, Seat
from hearts.solver.errors import HeartsError
from hearts.solver.cards import mask_of

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_strength import (CANDIDATES, LATE, UsageError, candidate_bot,  # noqa: E402
                            read_lines)
from strength_breakdown import default_bot  # noqa: E402

#: Issue 24's targets, seconds a decision on 2 cores: trick 1, and after trick ``LATE``.
TARGETS = {"trick 1": 2.0, f"after trick {LATE}": 0.5}


def _phase(trick: int) -> str | None:
    return "trick 1" if trick == 1 else f"after trick {LATE}" if trick > LATE else None


def retime(game: dict[str, Any], bot: AdviceBot) -> list[dict[str, Any]]:
    """The seat game's decisions at trick 1 and after trick ``LATE``, asked again of ``bot``.

    Args:
        game: a results line of a seat game (``seat``, ``actions``, ``cpu_seconds``).
        bot: the advice bot of the match's settings (its threads: the ones to time).

    Returns:
        Per decision: ``phase``, ``trick`` (1..13), ``wall`` and ``cpu`` (seconds, this
        replay), ``match_cpu`` (seconds, one thread, the match's).

    Raises:
        UsageError: the line is no complete seat game (its actions, seat or times), or the
            bot now plays another card.
    """
    settings = game["settings"] if isinstance(game["settings"], dict) else {}
    where = f"seed {settings.get('seed')} deal {game['deal']}, seat {game['seat']}"
    try:
        record = parse_action_line(" ".join(map(str, game["actions"])))
        seat = Seat[game["seat"]]
        rules = Rules.preset(settings.get("rules", "openspiel"))
        match_cpu = [float(x) for x in game["cpu_seconds"][seat]]
    except HeartsError as err:
        raise UsageError(f"{where}: its actions are no complete deal ({err})") from None
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise UsageError(f"{where}: not a seat game of this harness ({err!r})") from None
    if len(match_cpu) != 13:
        raise UsageError(f"{where}: {len(match_cpu)} decision times for the seat, not 13")
    passes = [mask_of(record.passes[s]) for s in Seat]     # empty lists on hold
    position = Position(record.deal, rules, pass_direction=record.direction)
    out = []
    made = 0
    for card in record.plays:
        if position.to_move == seat:
            trick = position.tricks_played + 1
            phase = _phase(trick)
            if phase is not None:
                chosen, wall, cpu = timed_play(bot, record.dealt, passes, record.direction,
                                               position.history, seat, rules,
                                               (game["deal"], int(seat), len(position.history)))
                if chosen != card:
                    raise UsageError(f"{where}, play {len(position.history) + 1}: the bot "
                                     f"now plays {chosen}, the match recorded {card} (other "
                                     f"settings or another build than the match's?)")
                out.append({"phase": phase, "trick": trick, "wall": wall,
                            "cpu": cpu, "match_cpu": match_cpu[made]})
            made += 1
        position.play(card)
    return out


def summary(decisions: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per phase: ``decisions``, ``wall`` and ``match_cpu`` (mean, p90, max seconds) and
    ``over`` (decisions whose wall-clock seconds passed the phase's target)."""
    out = {}
    for phase, target in TARGETS.items():
        rows = [d for d in decisions if d["phase"] == phase]
        if not rows:
            continue
        stats = {}
        for clock in ("wall", "cpu", "match_cpu"):
            xs = np.array([d[clock] for d in rows])
            stats[clock] = {"mean": float(xs.mean()), "p90": float(np.percentile(xs, 90)),
                            "max": float(xs.max())}
        out[phase] = {"decisions": len(rows), "target": target,
                      "over": sum(d["wall"] > target for d in rows), **stats}
    return out


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", metavar="FILE", help="bench_strength.py results")
    parser.add_argument("--bot", help="the bot (default: the files' tested bot)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--games", type=int, help="only the first N seat games")
    parser.add_argument("--json", action="store_true")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    console = Console()
    try:
        missing = [f for f in args.files if not Path(f).is_file()]
        if missing:
            raise UsageError(f"no such results file: {missing[0]}")
        games = [g for f in args.files for g in read_lines(Path(f))]
        name = args.bot or default_bot(games)
        if name not in CANDIDATES:
            raise UsageError(f"{name}: not an advice-bot variant of bench_strength.py "
                             f"(CANDIDATES)")
        if args.threads < 1:
            raise UsageError(f"--threads must be at least 1, got {args.threads}")
        if args.games is not None and args.games < 1:
            raise UsageError(f"--games must be at least 1, got {args.games}")
        mine = [g for g in games if g["bot"] == name and g["seat"] is not None
                and "fork" not in g][:args.games]
        if not mine:
            raise UsageError(f"the files hold no seat game of {name}")
        settings = mine[0]["settings"].get("bot", {}) if isinstance(mine[0]["settings"],
                                                                   dict) else {}
        bot = candidate_bot(name, settings.get("model", "maxn"), args.threads)
        decisions = []
        with console.status(f"replaying {len(mine)} seat games of {name}"):
            for game in mine:
                decisions.extend(retime(game, bot))
    except UsageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    result = {"bot": name, "threads": args.threads, "seat_games": len(mine),
              "phases": summary(decisions)}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    table = Table(title=f"{name}: seconds a decision on {args.threads} threads "
                        f"({len(mine)} seat games replayed)")
    for column in ("phase", "decisions", "wall mean", "wall p90", "wall max", "over target",
                   "match CPU mean (1 thread)", "match CPU max"):
        table.add_column(column, justify="left" if column == "phase" else "right")
    for phase, s in result["phases"].items():
        table.add_row(phase, str(s["decisions"]), f"{s['wall']['mean']:.3f}",
                      f"{s['wall']['p90']:.3f}", f"{s['wall']['max']:.3f}",
                      f"{s['over']} (> {s['target']} s)", f"{s['match_cpu']['mean']:.3f}",
                      f"{s['match_cpu']['max']:.3f}")
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
