"""Fit the learned rollout policy (``analysis/mimic.py``) to IS-MCTS's plays.

The games table holds the baseline games of the strength harness (four IS-MCTS seats, OpenSpiel
as referee), one per line: ``seed deal`` and the game's OpenSpiel action ids (direction, the
deal, the passes, the 52 plays). Every play with a choice is one decision of the fit: a
multinomial logit over the legal cards (:func:`~hearts.analysis.mimic.fit`). It prints how well
the fit predicts the plays of the last seeds, left out (log-likelihood in nats a decision and
the share of plays it ranks first), next to the rule bot, the noisy rule bot of the engine's
rollouts (a uniformly random card at chance 0.5) and a uniform choice, then refits on all the
games and prints the weights.

Usage::

    # the table from the strength harness's results files (their baseline games)
    python benchmarks/fit_mimic.py --extract s*-0.jsonl s*-1.jsonl --games games.txt.gz
    # fit (the shipped weights: tests/data/ismcts-games/games.txt.gz, ridge 1)
    python benchmarks/fit_mimic.py --games tests/data/ismcts-games/games.txt.gz \\
        --out analysis/mimic.json

Rules: OpenSpiel's defaults (the games' own). ``--extract`` and ``--out`` refuse to overwrite
a file unless ``--force`` is given.
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.mimic import FEATURES, Decisions, decisions, fit, likelihood
from hearts.analysis.openspiel import parse_action_line
from hearts.analysis.policy import policy_spec, rule_play
from hearts.solver.errors import HeartsError
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import Seat
from hearts.solver.solve import Solver

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_common import add_fit_arguments, held_out_note, refuse_overwrite  # noqa: E402

#: The noisy rule bot's chance of a random card (the engine's rollouts, ``NOISY_OTHERS``).
NOISE = 0.5


class GamesError(HeartsError):
    """A games table or results file that cannot be read."""


def extract(files: list[Path]) -> list[str]:
    """The table's lines: every baseline game of the results ``files`` (``seed deal ids``),
    in the order of seed and deal, each game once."""
    games: dict[tuple[int, int], str] = {}
    for path in files:
        try:
            lines = path.read_text("utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise GamesError(f"{path}: cannot be read ({e})") from None
        for number, line in enumerate(lines, 1):
            try:
                game = json.loads(line)
                if game["seat"] is not None:
                    continue
                key = (int(game["settings"]["seed"]), int(game["deal"]))
                ids = " ".join(str(int(a)) for a in game["actions"])
                parse_action_line(ids)
            except (ValueError, KeyError, TypeError, HeartsError) as e:
                raise GamesError(f"{path}:{number}: not a strength-harness game ({e})") from None
            games[key] = f"{key[0]} {key[1]} {ids}"
    return [games[k] for k in sorted(games)]


def read_games(path: Path) -> list[tuple[int, object]]:
    """``(seed, game)`` for each line of a games table (gzipped if the name ends in .gz).

    Raises:
        GamesError: the file cannot be read, or a line is not ``seed deal ids``, naming it.
    """
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, EOFError, UnicodeDecodeError) as e:
        raise GamesError(f"{path}: cannot be read ({e})") from None
    out = []
    for number, line in enumerate(lines, 1):
        head = line.split(maxsplit=2)
        if len(head) < 3 or not head[0].isdigit() or not head[1].isdigit():
            raise GamesError(f"{path}:{number}: expected 'seed deal action-ids', got "
                             f"{line[:40]!r}")
        try:
            out.append((int(head[0]), parse_action_line(head[2], number)))
        except HeartsError as e:
            raise GamesError(f"{path}:{number}: {e}") from None
    if not out:
        raise GamesError(f"{path}: no games")
    return out


def table_decisions(games: list, rules: Rules) -> Decisions:
    """Every play with a choice of ``games`` (all four seats), in order."""
    policy, solver = policy_spec(rules), Solver()
    return Decisions.join(decisions(g, list(Seat), rules, policy, solver) for _, g in games)


def rule_bot_fit(games: list, rules: Rules) -> tuple[float, float, float]:
    """How the noisy rule bot (chance ``NOISE`` of a random card) predicts the plays with a
    choice of ``games``: (mean log-likelihood, the rule bot's card's share, uniform's mean
    log-likelihood)."""
    hit, count = [], []
    for _, game in games:
        position = Position(game.deal, rules)
        for card in game.plays:
            legal = position.legal_moves()
            if len(legal) > 1:
                hit.append(card == rule_play(position))
                count.append(len(legal))
            position.play(card)
    h, n = np.array(hit, float), np.array(count, float)
    return (float(np.mean(np.log((1 - NOISE) * h + NOISE / n))), float(h.mean()),
            float(np.mean(np.log(1 / n))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_fit_arguments(parser, "games", 1.0)
    args = parser.parse_args()
    console = Console()
    rules = Rules.openspiel()
    try:
        if args.extract:
            refuse_overwrite(args.games, args.force, GamesError)
            lines = extract(args.extract)
            opener = gzip.open if args.games.suffix == ".gz" else open
            with opener(args.games, "wt", encoding="utf-8") as f:
                f.write("".join(line + "\n" for line in lines))
            console.print(f"{len(lines)} games written to {args.games}")
        games = read_games(args.games)
        refuse_overwrite(args.out, args.force, GamesError)
        seeds = sorted({s for s, _ in games})
        note = held_out_note(len(seeds), args.test_seeds)
        if note is None:
            test_seeds = set(seeds[-args.test_seeds:])
            train = table_decisions([g for g in games if g[0] not in test_seeds], rules)
            held = [g for g in games if g[0] in test_seeds]
            test = table_decisions(held, rules)
            ll, top = likelihood(fit(train, args.ridge), test)
            rule_ll, rule_top, uniform = rule_bot_fit(held, rules)
            result = Table(title=f"held out: seeds {min(test_seeds)}-{max(test_seeds)}, "
                                 f"{test.count:,} IS-MCTS plays with a choice (fitted on "
                                 f"{train.count:,})")
            for column in ("model", "log-likelihood (nats a play)", "its first card played"):
                result.add_column(column, justify="right")
            result.add_row("the learned policy", f"{ll:.3f}", f"{top:.1%}")
            result.add_row(f"the rule bot, random card at chance {NOISE:g}", f"{rule_ll:.3f}",
                           f"{rule_top:.1%}")
            result.add_row("a uniform choice", f"{uniform:.3f}", "")
            console.print(result)
        else:
            console.print(note)
        data = table_decisions(games, rules)
        weights = fit(data, args.ridge)
    except (GamesError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    table = Table(title=f"learned policy, {data.count:,} plays with a choice of {len(games):,} "
                        f"games (ridge {args.ridge:g})")
    for column in ("feature", "weight", "mean over legal cards"):
        table.add_column(column, justify="right")
    for name, w, m in zip(FEATURES, weights, data.features.mean(0)):
        table.add_row(name, f"{w:+.3f}", f"{m:.3f}")
    console.print(table)
    if args.out:
        source = (f"{len(games)} baseline games against IS-MCTS (5,000 simulations, OpenSpiel "
                  f"rules), seeds {seeds[0]}-{seeds[-1]}, {data.count} plays with a choice; "
                  f"benchmarks/fit_mimic.py, ridge {args.ridge:g}")
        args.out.write_text(json.dumps({"source": source, "features": list(FEATURES),
                                        "weights": [round(float(w), 12) for w in weights]},
                                       indent=1) + "\n", "utf-8")
        console.print(f"weights written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
