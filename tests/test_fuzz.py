"""Fuzz (issue 25 item 8): mutated records (HGN, JSON, JSON Lines, OpenSpiel lines, peer
records: ``tests/fuzz_cases.py``) into every reader, ``hearts convert``, ``replay`` and
``annotate``, and mutated deals and plays into ``hearts solve``. Each must end with a valid
result or a one-line error (exit code 2, one ``error:`` line without control characters, at
most 500 characters), never a traceback. A read that succeeds must write back: every game
read strictly reads back from its HGN and its JSON as it was.

Hypothesis with a fixed seed (``derandomize``), no deadline: about 600 examples, each a
mutated input. ``benchmarks/fuzz_inputs.py`` runs 10,000 and prints a table.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzz_cases as fz

FUZZ = settings(derandomize=True, deadline=None, database=None, print_blob=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
RNG = st.randoms(use_true_random=False)
KINDS = ("hgn", "json", "jsonl", "openspiel", "peer")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


def _file(folder, rng: random.Random, kind: str) -> str:
    path = folder / f"input.{kind}"
    path.write_bytes(fz.to_bytes(fz.mutated(kind, rng), rng))
    return str(path)


@pytest.mark.parametrize("kind", KINDS)
@settings(FUZZ, max_examples=80)
@given(rng=RNG, strict=st.booleans(), detect=st.booleans())
def test_readers(kind, rng, strict, detect):
    text = fz.mutated(kind, rng)
    outcome = fz.read_records(text, "auto" if detect else kind, strict)
    assert outcome.kind != "traceback", outcome.detail


@settings(FUZZ, max_examples=60)
@given(rng=RNG, kind=st.sampled_from(KINDS), to=st.sampled_from(("hgn", "json", "jsonl",
                                                                   "openspiel")))
def test_convert(folder, rng, kind, to):
    outcome = fz.run_command(["convert", _file(folder, rng, kind), "--to", to, "--quiet"])
    assert outcome.kind != "traceback", outcome.detail


@settings(FUZZ, max_examples=40)
@given(rng=RNG, kind=st.sampled_from(("openspiel",) * 4 + KINDS),
       jsonl=st.booleans())
def test_replay(folder, rng, kind, jsonl):
    args = ["replay", _file(folder, rng, kind), "--quiet"] + (["--jsonl"] if jsonl else [])
    outcome = fz.run_command(args)
    assert outcome.kind != "traceback", outcome.detail


@settings(FUZZ, max_examples=20)
@given(rng=RNG, kind=st.sampled_from(KINDS), lenient=st.booleans())
def test_annotate(folder, rng, kind, lenient):
    args = ["annotate", _file(folder, rng, kind), "--max-tricks", "1", "--jsonl", "--quiet"]
    outcome = fz.run_command(args + (["--lenient"] if lenient else []))
    assert outcome.kind != "traceback", outcome.detail


@settings(FUZZ, max_examples=60)
@given(rng=RNG, which=st.sampled_from(("deal", "played", "both")), as_json=st.booleans())
def test_solve(rng, which, as_json):
    deal, played = fz.EXAMPLE_DEAL, fz.EXAMPLE_PLAYED
    if which in ("deal", "both"):
        deal = fz.mutate_text(deal, rng)
    if which in ("played", "both"):
        played = fz.mutate_text(played, rng)
    args = ["solve", deal, "--played", played, "--nodes", "20000"]
    outcome = fz.run_command(args + (["--json"] if as_json else []))
    assert outcome.kind != "traceback", outcome.detail
