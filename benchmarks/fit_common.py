"""What the fit scripts of ``benchmarks/`` (``fit_pass_value.py``, ``fit_mimic.py``) share:
their options and the rules that guard the user's files and the held-out figures."""
from __future__ import annotations

import argparse
from pathlib import Path


def add_fit_arguments(parser: argparse.ArgumentParser, table: str, ridge: float) -> None:
    """The options every fit script takes: ``--extract RESULTS...``, the table option
    ``--<table>`` (written with ``--extract``, else read), ``--ridge``, ``--test-seeds``,
    ``--out`` and ``--force``."""
    parser.add_argument("--extract", nargs="+", type=Path, metavar="RESULTS",
                        help=f"strength-harness results files to build --{table} from")
    parser.add_argument(f"--{table}", type=Path, required=True,
                        help="the games table (written with --extract, else read)")
    parser.add_argument("--ridge", type=float, default=ridge,
                        help=f"the ridge penalty (default {ridge:g})")
    parser.add_argument("--test-seeds", type=int, default=2,
                        help="seeds left out for the held-out figures")
    parser.add_argument("--out", type=Path, help="write the weights here (JSON)")
    parser.add_argument("--force", action="store_true",
                        help=f"overwrite --{table} (with --extract) or --out")


def refuse_overwrite(path: Path | None, force: bool, error: type[Exception]) -> None:
    """Raise ``error`` (one line) when ``path`` exists and ``force`` is not given: nothing the
    user has is overwritten unasked."""
    if path is not None and path.exists() and not force:
        raise error(f"{path} exists (give --force to overwrite it)")


def held_out_note(seeds: int, test_seeds: int) -> str | None:
    """Why the held-out figures cannot be measured on a table of ``seeds`` seeds with
    ``test_seeds`` left out, or ``None`` when they can."""
    if seeds > test_seeds >= 1:
        return None
    return (f"held out: not measured (the table has {seeds} seed(s), --test-seeds "
            f"{test_seeds} leaves none to fit on)")
