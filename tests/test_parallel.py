"""Parallel and cluster execution (issue 3 item 6): a Dask LocalCluster gives the same
numbers as local threads for the same seed, and a bad scheduler is one clear error."""
from __future__ import annotations

import pickle

import pytest

from hearts.analysis.advice import _SampleWork, advise
from hearts.analysis.annotate import annotate_games
from hearts.analysis.knowledge import Knowledge
from hearts.analysis.moon import moon_odds
from hearts.analysis.parallel import ClusterError, connect, executor
from hearts.analysis.records.hgn import loads_all
from hearts.analysis.settings import Sampling
from hearts.solver import Deal, Position, Rules

distributed = pytest.importorskip("distributed")

# xinxin train game 1 after the pass (the README's example deal), 8 tricks played out.
DEAL = Deal("N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97")


def _position(plays: int) -> Position:
    position = Position(DEAL, Rules.standard())
    while len(position.history) < plays:
        position.play(position.legal_moves()[0])
    return position


@pytest.fixture(scope="module")
def cluster():
    # Worker processes, so that every job and result really crosses a pickle.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                  dashboard_address=None) as c:
        with distributed.Client(c) as client:
            yield client


def test_sample_work_pickles_without_its_solvers():
    position = _position(24)
    knowledge = Knowledge.from_position(position, position.to_move)
    work = _SampleWork(knowledge, [c for c in position.legal_moves()], "paranoid", "exact", 7,
                       False)
    work.solver()
    copy = pickle.loads(pickle.dumps(work))
    assert "_local" not in copy.__dict__
    assert copy.solver() is not work.solver()
    # The sampled deal travels with the job, not inside the work object.
    assert copy(tuple(DEAL.masks)) == work(tuple(DEAL.masks))


@pytest.mark.slow
def test_play_advice_on_a_cluster_equals_local(cluster):
    position = _position(28)      # 6 tricks left: exact with horizon 6 (the default is 4)
    local = advise(position, sampling=Sampling(12, seed=5, threads=2), early_stop=False,
                   horizon=6)
    remote = advise(position, sampling=Sampling(12, seed=5, scheduler=cluster), early_stop=False,
                    horizon=6)
    assert [(c.card, c.values) for c in remote.cards] == [(c.card, c.values) for c in local.cards]
    assert remote.evaluator == local.evaluator == "exact"


@pytest.mark.slow
def test_moon_odds_on_a_cluster_equals_local(cluster):
    hand = "AKQJ.AKQJT9.AK.A"
    local = moon_odds(hand, sampling=Sampling(6, seed=3, threads=1))
    remote = moon_odds(hand, sampling=Sampling(6, seed=3, scheduler=cluster))
    assert (remote.shoots, remote.cannot, remote.unfinished) == (
        local.shoots, local.cannot, local.unfinished)
    assert local.shoots + local.cannot + local.unfinished == 6


@pytest.mark.slow
def test_annotate_on_a_cluster_equals_local(cluster, data_dir):
    games = loads_all((data_dir / "records" / "xinxin-train-1-4.hgn").read_text())[:2]
    local = annotate_games(games, max_tricks=5, sampling=Sampling(100, threads=1), moon=False)
    remote = annotate_games(games, max_tricks=5, moon=False,
                            sampling=Sampling(100, scheduler=cluster))
    assert [p.to_json() for p in remote[0].plays] == [p.to_json() for p in local[0].plays]
    assert len(local[0].plays) > 0


def test_scheduler_address_must_be_tcp():
    with pytest.raises(ClusterError, match=r"expected tcp://HOST:PORT"):
        with executor(scheduler="localhost:8786"):
            pass


@pytest.mark.slow
def test_unreachable_scheduler_is_one_clear_error():
    with pytest.raises(ClusterError, match=r"cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        with executor(scheduler="tcp://127.0.0.1:9"):
            pass


@pytest.mark.slow
def test_fair_annotation_on_a_cluster_equals_local(cluster, data_dir):
    """Fair and open jobs cross a pickle; the marks are written into the annotated record in
    this process, so the record is the same too."""
    from hearts.analysis.records.hgn import dumps_all
    games = loads_all((data_dir / "records" / "xinxin-train-1-4.hgn").read_text())[:1]
    local = annotate_games(games, "both", from_trick=12, sampling=Sampling(10, threads=2),
                           moon=False)
    remote = annotate_games(games, "both", from_trick=12, sampling=Sampling(10, scheduler=cluster),
                            moon=False)
    assert [p.to_json() for p in remote[0].plays] == [p.to_json() for p in local[0].plays]
    assert all(p.fair is not None for p in local[0].plays) and local[0].plays
    assert dumps_all([r.game for r in remote]) == dumps_all([r.game for r in local])


@pytest.mark.slow
def test_annotate_cli_with_an_unreachable_scheduler_is_one_error(data_dir, run_cli):
    record = data_dir / "records" / "xinxin-train-1.hgn"
    result = run_cli("annotate", str(record), "--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_pass_rating_on_a_cluster_equals_local(cluster):
    from hearts.analysis.passing import rate_passes
    local = rate_passes("AKQ5.5432.432.32", "left", sampling=Sampling(4, seed=2, threads=2))
    remote = rate_passes("AKQ5.5432.432.32", "left",
                         sampling=Sampling(4, seed=2, scheduler=cluster))
    assert [(p.cards, p.values, p.moon) for p in remote.passes] == [
        (p.cards, p.values, p.moon) for p in local.passes]
    assert len(local.passes) == 286 and local.best.n == 4


@pytest.mark.slow
def test_one_connection_serves_every_batch(cluster, monkeypatch):
    # hearts annotate --rate-passes --scheduler ADDRESS runs a batch per rated pass after the
    # annotation: connect() opens one client for all of them (before, each batch connected).
    made = []

    class CountingClient(distributed.Client):
        def __init__(self, *args, **kwargs):
            made.append(args)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(distributed, "Client", CountingClient)
    with connect(cluster.scheduler.address) as client:
        for _ in range(3):
            with executor(None, client) as pool:
                assert pool.submit(sum, [1, 2]).result() == 3
    assert len(made) == 1
    with connect(None) as nothing:
        assert nothing is None
