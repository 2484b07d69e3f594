"""Fit the learned pass value (``analysis/handvalue.py``) to seat games against IS-MCTS.

Each row of the games table is one seat game of a passing deal: the seat's dealt hand, the
cards it passed and received, the direction, who played it (``ismcts``: a seat of a baseline
game, four IS-MCTS seats; else the tested bot's name) and its points for the deal. The fit is
a ridge regression of the points on the features of the hand after the pass
(:func:`~hearts.analysis.handvalue.hand_features`); it prints the held-out error (rows of the
last seeds left out, then refit on all) and the weights.

Usage::

    # the table from the strength harness's results files (baseline seats and the bot's
    # unforked seat games)
    python benchmarks/fit_pass_value.py --extract s*-0.jsonl s*-1.jsonl \\
        --bot k4m5o8p5s400b --table games.csv.gz
    # fit (the shipped weights: tests/data/pass-games/pass_games.csv.gz, ridge 100)
    python benchmarks/fit_pass_value.py --table tests/data/pass-games/pass_games.csv.gz \\
        --out analysis/pass_value.json

Rules: OpenSpiel's defaults (the games' own). ``--out`` refuses to overwrite a file unless
``--force`` is given.
"""
from __future__ import annotations

import argparse
import csv
import gzip
import json
import sys
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.handvalue import FEATURES, fit, hand_features
from hearts.analysis.openspiel import parse_action_line
from hearts.solver.errors import HeartsError
from hearts.solver.hand import Hand
from hearts.solver.seats import PassDirection, Seat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_common import add_fit_arguments, held_out_note, refuse_overwrite  # noqa: E402

COLUMNS = ("seed", "deal", "seat", "player", "direction", "dealt", "passed", "received",
           "points")


class TableError(HeartsError):
    """A games table or results file that cannot be read."""


def extract(files: list[Path], bot: str) -> list[dict]:
    """The rows of every passing deal's baseline seats and ``bot``'s unforked seat games."""
    rows = []
    for path in files:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            where = f"{path}:{number}"
            try:
                game = json.loads(line)
                seat_played = game["seat"]
                if seat_played is not None and (game["bot"] != bot
                                                or (game.get("fork") or {}).get("at")
                                                is not None):
                    continue
                played = parse_action_line(" ".join(map(str, game["actions"])),
                                           require_complete=False)
                seed = game["settings"]["seed"]
            except (ValueError, KeyError, TypeError) as e:
                raise TableError(f"{where}: not a strength-harness game ({e})") from None
            direction = PassDirection(played.direction)
            if direction == PassDirection.HOLD:
                continue
            for seat in Seat:
                if seat_played is not None and seat.name != seat_played:
                    continue
                giver = direction.passer(seat)
                passed = sum(c.mask for c in played.passes[seat])
                received = sum(c.mask for c in played.passes[giver])
                rows.append({"seed": seed, "deal": game["deal"], "seat": seat.name,
                             "player": "ismcts" if seat_played is None else bot,
                             "direction": direction.name.lower(),
                             "dealt": str(Hand.from_mask(played.dealt.masks[seat])),
                             "passed": str(Hand.from_mask(passed)),
                             "received": str(Hand.from_mask(received)),
                             "points": game["points"][seat]})
    return rows


def read_table(path: Path) -> list[dict]:
    """The rows of a games table (CSV, gzipped if the name ends in ``.gz``)."""
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
    except (OSError, EOFError, UnicodeDecodeError, csv.Error) as e:
        raise TableError(f"{path}: cannot be read ({e})") from None
    if not rows or tuple(rows[0]) != COLUMNS:
        raise TableError(f"{path}: not a games table (columns {', '.join(COLUMNS)})")
    return rows


def arrays(rows: list[dict], path: Path) -> dict[str, np.ndarray]:
    """The table as arrays: kept (after the pass), passed, direction, points, seed."""
    out: dict[str, list] = {k: [] for k in ("kept", "passed", "direction", "points", "seed")}
    for number, row in enumerate(rows, 2):
        try:
            dealt, passed, received = (Hand(row[k]).mask for k in ("dealt", "passed",
                                                                   "received"))
            out["kept"].append((dealt & ~passed) | received)
            out["passed"].append(passed)
            out["direction"].append(int(PassDirection.parse(row["direction"])))
            for column in ("points", "seed"):
                text = row[column]
                if not text.lstrip("-").isdigit():
                    raise ValueError(f"{column} {text!r} is not a whole number")
                out[column].append(int(text))
        except (ValueError, KeyError) as e:
            raise TableError(f"{path}:{number}: {e}") from None
    return {k: np.array(v, dtype=np.int64) for k, v in out.items()}


def held_out(data: dict[str, np.ndarray], ridge: float, test_seeds: int) -> tuple[float, ...]:
    """Mean squared error on the last ``test_seeds`` seeds' rows, fitted on the others:
    (fitted, the training mean alone, rows left out)."""
    seeds = np.unique(data["seed"])
    test = np.isin(data["seed"], seeds[-test_seeds:])
    value = fit(data["kept"][~test], data["passed"][~test], data["direction"][~test],
                data["points"][~test], ridge, "")
    guess = value.points(data["kept"][test], data["passed"][test], data["direction"][test])
    truth = data["points"][test]
    return (float(((truth - guess) ** 2).mean()),
            float(((truth - data["points"][~test].mean()) ** 2).mean()), int(test.sum()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_fit_arguments(parser, "table", 100.0)
    parser.add_argument("--bot", default="k4m5o8p5s400b",
                        help="the tested bot whose unforked seat games join the baseline's")
    args = parser.parse_args()
    console = Console()
    try:
        if args.extract:
            refuse_overwrite(args.table, args.force, TableError)
            rows = extract(args.extract, args.bot)
            opener = gzip.open if args.table.suffix == ".gz" else open
            with opener(args.table, "wt", encoding="utf-8", newline="") as f:
                writer = csv.DictWriter(f, COLUMNS)
                writer.writeheader()
                writer.writerows(rows)
            console.print(f"{len(rows)} seat games written to {args.table}")
        rows = read_table(args.table)
        data = arrays(rows, args.table)
        refuse_overwrite(args.out, args.force, TableError)
    except (TableError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    seeds = np.unique(data["seed"])
    players = sorted({r["player"] for r in rows})
    source = (f"{len(rows)} seat games of passing deals against IS-MCTS (5,000 simulations, "
              f"OpenSpiel rules; players {', '.join(players)}; seeds {seeds.min()}-"
              f"{seeds.max()}; benchmarks/fit_pass_value.py, ridge {args.ridge:g})")
    note = held_out_note(len(seeds), args.test_seeds)
    if note is None:
        mse, base, n = held_out(data, args.ridge, args.test_seeds)
        console.print(f"held out (the last {args.test_seeds} seeds, {n} rows): mean squared "
                      f"error {mse:.2f} points², the mean alone {base:.2f} (R² "
                      f"{1 - mse / base:.3f})")
    else:
        console.print(note)
    value = fit(data["kept"], data["passed"], data["direction"], data["points"], args.ridge,
                source)
    x = hand_features(data["kept"], data["passed"], data["direction"])
    table = Table(title=f"learned pass value, {value.games} seat games (intercept "
                        f"{value.intercept:+.2f})")
    for column in ("feature", "points per unit", "mean"):
        table.add_column(column, justify="right")
    for name, w, m in zip(FEATURES, value.weights, x.mean(0)):
        table.add_row(name, f"{w:+.3f}", f"{m:.3f}")
    console.print(table)
    if args.out:
        args.out.write_text(json.dumps(value.to_json(), indent=1) + "\n", "utf-8")
        console.print(f"weights written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
