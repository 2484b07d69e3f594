"""Fit the play model of the inference (``analysis/inference.py``) to a player's games.

For every play with a choice, the kind of play (``play_kind``: lead, over, duck, last,
discard), whether the card is the rule bot's (``rule_play``) and 1/legal, the chance of a
uniformly random legal card. A noisy rule bot that plays the rule bot's card with chance
1 - noise and a random legal card otherwise matches the rule bot with chance
1 - noise + noise * mean(1/legal), so the fitted noise is (1 - match) / (1 - random); 1 or
more means the kind is no closer to the rule bot than random cards are.

Usage::

    python benchmarks/fit_play_noise.py tests/data/openspiel_xinxin/xinxin_train.txt
    python benchmarks/fit_play_noise.py --baseline run-0.jsonl run-1.jsonl   # IS-MCTS
    python benchmarks/fit_play_noise.py --baseline run-*.jsonl --reading 0.6,0.4

``--reading NOISE,...`` also checks how well the weighted deals read the cards: for the
seat to move after 16, 28 and 36 plays of each game, 1,000 deals sampled from its view, the
mean over the hidden cards of the probability that a deal puts the card with its true
holder, uniform and weighted (ducks, follows last and discards at each noise given; leads
and follows above the winner at 1; or ``mimic``: every play by the learned model of IS-MCTS),
with the 95% interval of the paired difference.

Files are OpenSpiel action-id lines (``hearts convert``'s input), or with ``--baseline`` the
results files of ``bench_strength.py``, of which the baseline games (the field alone) are
read. Rules: OpenSpiel's defaults (the games' own).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from hearts.analysis.inference import KINDS, MIMIC, play_kind, play_log_weights
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.openspiel import OpenSpielGame, parse_action_line, parse_action_lines
from hearts.analysis.policy import rule_play
from hearts.analysis.sampling import DealSampler
from hearts.analysis.stats import Z95
from hearts.solver import Position, Rules
from hearts.solver.errors import HeartsError

from bench_strength import UsageError, read_lines


def games(paths: list[Path], baseline: bool) -> list[OpenSpielGame]:
    """The games of ``paths`` (action-id lines, or the baseline games of results files).

    Raises:
        UsageError: a file that cannot be read, is no results file (``--baseline``), holds a
            line that is not a game, or holds no game; the file is named.
    """
    out: list[OpenSpielGame] = []
    for path in paths:
        before = len(out)
        try:
            if not baseline:
                out.extend(parse_action_lines(path.read_text()))
            else:
                if not path.exists():
                    raise UsageError(f"{path}: no such file")
                for game in read_lines(path):
                    if game["seat"] is None:
                        if "actions" not in game:
                            raise UsageError(f"{path}: deal {game['deal']}'s baseline game has "
                                             f"no actions")
                        out.append(parse_action_line(" ".join(map(str, game["actions"]))))
        except OSError as err:
            raise UsageError(f"{path}: cannot read it ({err.strerror})") from None
        except UnicodeDecodeError:
            raise UsageError(f"{path}: not a text file") from None
        except HeartsError as err:
            raise UsageError(f"{path}: {err}") from None
        if len(out) == before:
            raise UsageError(f"{path}: no game in it" + (" (no baseline game: is it a "
                             "bench_strength.py results file?)" if baseline else ""))
    return out


def noise_levels(text: str) -> list[float | str]:
    """``--reading``'s list: noise levels in 0..1 or ``mimic`` (the learned model of IS-MCTS,
    ``hearts.analysis.mimic``), comma-separated."""
    try:
        levels = [x if x == MIMIC else float(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of numbers or mimic (e.g. "
                                         f"0.6,0.4,mimic)") from None
    bad = [x for x in levels if x != MIMIC and not 0.0 <= x <= 1.0]
    if bad:
        raise argparse.ArgumentTypeError(f"noise {bad[0]:g} is not in 0..1")
    return levels


def fit(played: list[OpenSpielGame]) -> list[tuple[int, float, float]]:
    """Per kind: (plays with a choice, share of the rule bot's card, mean 1/legal)."""
    rules = Rules.openspiel()
    counts = [[0, 0, 0.0] for _ in KINDS]
    for game in played:
        position = Position(game.deal, rules)
        for card in game.plays:
            legal = position.legal_moves()
            if len(legal) > 1:
                row = counts[play_kind(position)]
                row[0] += 1
                row[1] += rule_play(position) == card
                row[2] += 1 / len(legal)
            position.play(card, check=False)
    return [(n, m / n if n else 0.0, r / n if n else 0.0) for n, m, r in counts]


def reading(played: list[OpenSpielGame], noise: float | str, at: int,
            n: int = 1000) -> tuple[float, float, float, float]:
    """(uniform, weighted, mean difference, 95% half-width) of the true-holder probability
    after ``at`` plays (module docstring)."""
    rules = Rules.openspiel()
    model = noise if noise == MIMIC else (1.0, 1.0, noise, noise, noise)
    pairs = []
    for number, game in enumerate(played):
        position = Position(game.deal, rules, game.plays[:at])
        seat = position.to_move
        knowledge = Knowledge.from_deal(game.dealt, game.passes, game.direction,
                                        game.plays[:at], seat, rules)
        masks = DealSampler(knowledge).masks(n, np.random.default_rng(number))
        w = np.exp(play_log_weights(knowledge, masks.tolist(), model))
        w /= w.sum()
        uniform, weighted = [], []
        for other in range(4):
            if other == int(seat):
                continue
            hidden = position.hands[other]
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                hit = (masks[:, other] & bit) != 0
                uniform.append(hit.mean())
                weighted.append((w * hit).sum())
        if uniform:
            pairs.append((np.mean(uniform), np.mean(weighted)))
    a = np.array(pairs)
    d = a[:, 1] - a[:, 0]
    return a[:, 0].mean(), a[:, 1].mean(), d.mean(), Z95 * d.std(ddof=1) / np.sqrt(len(d))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--baseline", action="store_true",
                        help="the files are bench_strength.py results: read the field's games")
    parser.add_argument("--reading", metavar="NOISE,...", type=noise_levels,
                        help="also check the weighted deals' reading at these noise levels")
    args = parser.parse_args()
    try:
        played = games(args.files, args.baseline)
    except UsageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    table = Table(title=f"the rule bot as a model of {len(played)} games' plays")
    for name in ("kind", "plays", "rule bot's card", "random card", "fitted noise"):
        table.add_column(name, justify="left" if name == "kind" else "right")
    for kind, (n, match, random) in zip(KINDS, fit(played)):
        noise = (1 - match) / (1 - random) if n else float("nan")
        table.add_row(kind, f"{n:,}", f"{match:.3f}", f"{random:.3f}", f"{noise:.2f}")
    console = Console()
    console.print(table)
    if args.reading:
        table = Table(title="P(a hidden card is with its true holder), mean over the hidden "
                            "cards")
        for name in ("noise", "after plays", "uniform", "weighted", "difference (95% CI)"):
            table.add_column(name, justify="right")
        for noise in args.reading:
            for at in (16, 28, 36):
                u, w, d, h = reading(played, noise, at)
                table.add_row(str(noise), str(at), f"{u:.3f}", f"{w:.3f}",
                              f"{d:+.3f} (±{h:.3f})")
        console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
