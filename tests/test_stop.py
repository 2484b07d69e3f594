"""A stop reaches only the searches that asked for it: each thread pool, solver or block of
code holds its own ``StopToken``; there is no switch that stops every search of the process
(before, an error or Ctrl-C in one pool stopped the searches of every pool)."""
from __future__ import annotations

import threading

import pytest

from hearts.analysis.parallel import executor
from hearts.solver import Deal, Limit, Position, Solver, StopToken, solve, stopping
from hearts.solver.stopping import current_stop

# A whole deal: its paranoid solve takes seconds. The node limit only bounds a failing test:
# a search that ends incomplete before it is the one its stop reached (how many nodes it ran
# before the stop depends on the load of the machine, not on the code).
FULL_DEAL = "N:AKQJ63.AQ3.A7.KJ .T8742.T9863.A64 85.KJ6.KQ2.T9872 T9742.95.J54.Q53"
GUARD = Limit(nodes=5_000_000)


def _endgames() -> list[Position]:
    """Four positions with 7 tricks left: a few milliseconds each."""
    positions = []
    for seed in range(4):
        position = Position(Deal.random(seed))
        while len(position.history) < 24:
            position.play(position.legal_moves()[0])
        positions.append(position)
    return positions


def _values(position: Position) -> tuple:
    result = Solver().solve_position(position, pv=False)
    return result.complete, tuple((cv.card, cv.equals, cv.value) for cv in result.cards)


def _stopped(result) -> bool:
    return not result.complete and result.nodes < GUARD.nodes


def test_stopping_one_pool_leaves_the_other_pools_searches_complete():
    positions = _endgames()
    alone = [_values(p) for p in positions]
    assert all(complete for complete, _ in alone)
    token = StopToken()
    started = threading.Event()

    def long_solve():
        started.set()
        return solve(FULL_DEAL, pv=False, limit=GUARD)

    with executor(1, stop=token) as first, executor(2) as second:
        stopped = first.submit(long_solve)
        started.wait()
        token.stop()
        # the second pool searches while the first one's token is stopped
        values = [f.result() for f in [second.submit(_values, p) for p in positions]]
        assert _stopped(stopped.result())
    assert values == alone


def test_an_error_in_one_pool_stops_its_searches_only():
    positions = _endgames()
    alone = [_values(p) for p in positions]
    started = threading.Event()

    def long_solve():
        started.set()
        return solve(FULL_DEAL, pv=False, limit=GUARD)

    with executor(2) as other:
        futures = [other.submit(_values, p) for p in positions]
        with pytest.raises(RuntimeError, match="the caller failed"):
            with executor(1) as failing:
                failed = failing.submit(long_solve)
                started.wait()
                raise RuntimeError("the caller failed")
        assert _stopped(failed.result())
        assert [f.result() for f in futures] == alone
    # the next searches of this thread run to their end
    assert solve(FULL_DEAL, pv=False, limit=Limit(nodes=200_000)).nodes >= 200_000


def test_a_pool_inside_a_job_stops_with_the_pool_of_the_job():
    outer = StopToken()

    def job():
        with executor(1) as inner:      # its token is made from the worker's, `outer`
            return inner.submit(solve, FULL_DEAL, pv=False, limit=GUARD).result()

    with executor(1, stop=outer) as pool:
        future = pool.submit(job)
        outer.stop()
        assert _stopped(future.result())


def test_a_solvers_own_token_and_a_block_token():
    token = StopToken()
    token.stop()
    assert _stopped(Solver(stop=token).solve_position(Position(FULL_DEAL), pv=False,
                                                      limit=GUARD))
    with stopping(token):
        assert current_stop() is token
        assert _stopped(solve(FULL_DEAL, pv=False, limit=GUARD))
        # a solver's own token comes first
        assert Solver(stop=StopToken()).solve_position(
            Position(FULL_DEAL), pv=False, limit=Limit(nodes=50_000)).nodes >= 50_000
    assert current_stop() is None
    assert solve(FULL_DEAL, pv=False, limit=Limit(nodes=50_000)).nodes >= 50_000


def test_a_token_made_from_a_stopped_one_is_stopped():
    parent = StopToken()
    child = StopToken(parent)
    assert not child.stopped and child.parent is parent
    parent.stop()
    assert child.stopped and parent.stopped and not StopToken().stopped
    child_of_child = StopToken(child)
    assert child_of_child.stopped
