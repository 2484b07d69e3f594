"""Sampling runs lazily (``hearts.analysis.parallel.lazy_map``): a bounded window of jobs in
flight and each sampled deal drawn only when its job is submitted, so memory stays flat however
many samples are asked for; the commands bound ``--samples`` at ``MAX_SAMPLES``.

QA: ``hearts moon "A.AKQJT987.AK.AK" -n 100000000`` grew to 738 MB in 8 s before any output
(every deal drawn and every job submitted up front).
"""
from __future__ import annotations

import itertools
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path

import pytest

from conftest import Counted, error_line
from hearts.analysis import sampling
from hearts.analysis.advice import advise
from hearts.analysis.engine import DEFAULT_ENGINE
from hearts.analysis.inference import BATCH, MIMIC, POOL
from hearts.analysis.moon import moon_odds
from hearts.analysis.parallel import in_flight, lazy_map
from hearts.analysis.sampling import MAX_SAMPLES
from hearts.analysis.settings import Sampling
from hearts.solver import Deal, Position, Rules

RECORD = Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"
SURE_MOON = "A.AKQJT987.AK.AK"


def _square_slowly(x: int) -> int:
    time.sleep(0.001 * (x % 3))       # finish out of order
    return x * x


# -- lazy_map ---------------------------------------------------------------------------------

@pytest.mark.parametrize("window", [1, 3, 64])
def test_lazy_map_gives_the_results_of_map_in_order(window):
    with ThreadPoolExecutor(4) as pool:
        expected = list(pool.map(_square_slowly, range(100)))
        assert list(lazy_map(pool, _square_slowly, range(100), window)) == expected
    assert expected == [x * x for x in range(100)]


def test_lazy_map_draws_an_item_only_when_it_submits_its_job():
    items = Counted(itertools.count())           # endless: pool.map would never return
    with ThreadPoolExecutor(2) as pool, closing(lazy_map(pool, _square_slowly, items, 4)) as it:
        first = [next(it) for _ in range(10)]
        # Result k is handed over after item k + window is submitted: 10 + 4 drawn.
        assert items.drawn == 14
    assert first == [x * x for x in range(10)]
    assert items.drawn == 14


def test_closing_lazy_map_cancels_the_jobs_not_started():
    calls = []
    gate = threading.Event()

    def job(x: int) -> int:
        if x:
            gate.wait(5)
        calls.append(x)
        return x

    with ThreadPoolExecutor(1) as pool:
        it = lazy_map(pool, job, range(1000), 8)
        assert next(it) == 0
        it.close()          # jobs 2-8 are cancelled (job 1 may be running, at the gate)
        gate.set()
    assert calls in ([0], [0, 1])      # job 1 cancelled too if the thread had not taken it


def test_lazy_map_raises_the_error_of_a_job():
    def job(x: int) -> int:
        if x == 5:
            raise ValueError("job 5")
        return x

    with ThreadPoolExecutor(2) as pool:
        with pytest.raises(ValueError, match="job 5"):
            list(lazy_map(pool, job, range(100), 3))


def test_lazy_map_window_must_be_positive():
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(ValueError, match="window must be at least 1, got 0"):
            next(lazy_map(pool, abs, range(3), 0))


def test_window_is_two_jobs_a_thread_or_a_cluster_sized_one():
    assert in_flight(3) == 6
    assert in_flight(3, "tcp://somewhere:8786") == 1024


# -- the samplers draw their deals as they go -------------------------------------------------

class _Enough(Exception):
    pass


@pytest.fixture
def drawn(monkeypatch):
    """Counts the deals the sampler draws; more than 5,000 means they are drawn up front."""
    count = [0]
    iter_masks = sampling.DealSampler.iter_masks

    def counting(self, rng):
        for masks in iter_masks(self, rng):
            count[0] += 1
            if count[0] > 5000:
                raise AssertionError("more than 5,000 deals drawn: drawn up front")
            yield masks

    monkeypatch.setattr(sampling.DealSampler, "iter_masks", counting)
    return count


def _stop_after(n: int):
    def progress(done: int, total: int) -> None:
        assert total == 10**12
        if done == n:
            raise _Enough
    return progress


def test_moon_odds_of_a_trillion_samples_draws_as_it_goes(drawn):
    with pytest.raises(_Enough):
        moon_odds(SURE_MOON, sampling=Sampling(10**12, seed=0, threads=2),
                  progress=_stop_after(30))
    assert 30 <= drawn[0] <= 30 + in_flight(2)


def _after_nine_tricks() -> Position:
    """A position with 4 tricks left, the other seats' plays seen (evidence for inference)."""
    position = Position(Deal("N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 "
                             "AKT654.8.KT.KJ97"), Rules.standard())
    while len(position.history) < 36:
        position.play(position.legal_moves()[0])
    return position


@pytest.mark.parametrize("early_stop", [True, False])
def test_advice_of_a_trillion_samples_draws_as_it_goes(drawn, early_stop):
    position = _after_nine_tricks()
    with pytest.raises(_Enough):
        advise(position, sampling=Sampling(10**12, seed=0, threads=2), moon=False,
               early_stop=early_stop, progress=_stop_after(15),
               engine=DEFAULT_ENGINE.but(inference=None))
    # One more deal: card_classes() draws one for the public position.
    assert 16 <= drawn[0] <= 16 + in_flight(2)


def test_advice_with_inference_of_a_trillion_samples_draws_a_batch_at_a_time(monkeypatch):
    # the default engine weights its deals by the other seats' plays: candidates are drawn
    # and weighted a batch at a time, never the 4 × 10^12 the samples would ask for up front
    asked = []
    masks = sampling.DealSampler.masks

    def counting(self, n, rng):
        asked.append(n)
        return masks(self, n, rng)

    monkeypatch.setattr(sampling.DealSampler, "masks", counting)
    position = _after_nine_tricks()
    assert DEFAULT_ENGINE.inference == MIMIC
    with pytest.raises(_Enough):
        advise(position, sampling=Sampling(10**12, seed=0, threads=2), moon=False,
               progress=_stop_after(15))
    # the first batch only (iter_masks draws its own batches of BATCH deals through masks)
    assert POOL * BATCH in asked and max(asked) == POOL * BATCH
    assert sum(asked) <= POOL * BATCH + 2 * sampling.BATCH


def test_lazy_sampling_keeps_the_seeded_numbers():
    # The deals are drawn in the same order as before, so a seed gives the same verdicts
    # whatever the number of threads (and the window with them).
    one = moon_odds("AKQJ.AKQJT9.AK.A", sampling=Sampling(24, seed=3, threads=1))
    four = moon_odds("AKQJ.AKQJT9.AK.A", sampling=Sampling(24, seed=3, threads=4))
    assert (one.shoots, one.cannot, one.unfinished) == (four.shoots, four.cannot,
                                                        four.unfinished)
    assert one.shoots + one.cannot + one.unfinished == 24


# -- --samples is bounded ---------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ["moon", SURE_MOON, "--samples"],
    ["moon", SURE_MOON, "-n"],
    ["play", str(RECORD), "--at", "33", "--samples"],
    # A record that does not exist: the bound is checked before anything is read.
    ["annotate", "missing.hgn", "--mode", "fair", "--samples"],
    ["annotate", "missing.hgn", "--rate-passes", "--pass-samples"],
    ["pass", SURE_MOON, "--samples"],
])
def test_more_samples_than_the_most_is_one_line_and_exit_2(command, run_cli):
    line = error_line(run_cli(*command, str(MAX_SAMPLES + 1)))
    assert f"Input should be less than or equal to {MAX_SAMPLES}" in line
    assert MAX_SAMPLES == 100_000


def test_the_bound_is_in_the_help(run_cli):
    assert f"1<=x<={MAX_SAMPLES}" in run_cli("moon", "--help").stdout
