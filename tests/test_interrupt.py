"""Ctrl-C stops a search: the core takes SIGINT from Python while it searches without the GIL
(`hd_catch_sigint` in solver/_search.pxi) and hands it back once the search has returned.

Each Ctrl-C is sent once the search has started (``sigint.py``: the core's handler is in place,
or a pool's jobs have begun), never after a delay that a faster core would outrun."""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hearts.solver import Limit, solve
from sigint import interrupt_when_searching

# a full deal: its paranoid solve takes 36 M nodes (seconds), so it is still running when the
# signal sent at its start arrives
FULL_DEAL = "N:AKQJ63.AQ3.A7.KJ .T8742.T9863.A64 85.KJ6.KQ2.T9872 T9742.95.J54.Q53"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.fixture(autouse=True)
def pythons_sigint_handler():
    """Python's own SIGINT handler, as an interactive start has it: a job a shell starts in the
    background (``nohup pytest ... &``) inherits SIGINT ignored, and Python then leaves it so."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_stops_a_full_deal_solve_and_reaches_pythons_handler_once():
    calls = []

    def on_sigint(signum, frame):
        calls.append(signum)

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        with interrupt_when_searching() as interrupt:
            result = solve(FULL_DEAL, pv=False)
        assert interrupt.fired
        for _ in range(10):             # the handler runs at the next bytecode boundary
            time.sleep(0.001)
        handler_after = signal.getsignal(signal.SIGINT)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert not result.complete          # the search stopped; it did not run to its end
    assert calls == [signal.SIGINT]
    assert handler_after is on_sigint   # the program's handler was put back
    # the next search runs to its end (the flag was cleared)
    result = solve("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
                   pv=False)
    assert result.complete
    # West's 2C wins every trick: every point card falls on them, a moon (0 points)
    assert [(str(cv.card), cv.value) for cv in result.cards] == [("2C", 0)]


def test_ctrl_c_with_pythons_default_handler_raises_keyboard_interrupt():
    with interrupt_when_searching() as interrupt:
        with pytest.raises(KeyboardInterrupt):
            solve(FULL_DEAL, pv=False)
            time.sleep(1.0)             # the pending interrupt is raised here at the latest
    assert interrupt.fired
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_an_ignored_sigint_leaves_the_search_alone():
    # SIG_IGN is the program's own choice (as for a job in the background of a script). The
    # core puts no handler in place then, so there is no start to wait for: SIGINT comes every
    # millisecond from before the solve until after it.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    stop, sent = threading.Event(), []

    def keep_interrupting():
        while not stop.wait(0.001):
            os.kill(os.getpid(), signal.SIGINT)
            sent.append(1)

    sender = threading.Thread(target=keep_interrupting)
    sender.start()
    try:
        result = solve(FULL_DEAL, pv=False, limit=Limit(nodes=3_000_000))
    finally:
        stop.set()
        sender.join()
        after = signal.getsignal(signal.SIGINT)
        signal.signal(signal.SIGINT, previous)
    assert after is signal.SIG_IGN
    assert sent
    assert result.nodes >= 3_000_000          # stopped by its node limit, not the signals
    assert not result.complete


def test_a_solve_on_another_thread_leaves_the_main_threads_handler_alone():
    seen = []

    def worker():
        seen.append(solve(FULL_DEAL, pv=False, limit=Limit(nodes=200_000)).nodes)
        seen.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen[0] >= 200_000
    assert seen[1] is signal.default_int_handler


# `python -m hearts.analysis.cli ARGS...` that writes a line to the file descriptor given first
# once its search has started (sigint.WhenSearching)
ANNOUNCING_CLI = f"""
import os, runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)    # as the autouse fixture
sys.path.insert(0, {str(Path(__file__).parent)!r})
from sigint import WhenSearching
fd = int(sys.argv.pop(1))
WhenSearching(lambda: os.write(fd, b"searching\\n"))
runpy.run_module("hearts.analysis.cli", run_name="__main__", alter_sys=True)
"""


def test_ctrl_c_ends_hearts_solve_with_exit_130():
    started, announce = os.pipe()
    proc = subprocess.Popen([sys.executable, "-c", ANNOUNCING_CLI, str(announce), "solve",
                             "--example", "opening", "--model", "maxn"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            pass_fds=(announce,))
    os.close(announce)
    try:
        # the import and the start of the search; a bound only for a hang
        ready, _, _ = select.select([started], [], [], 120)
        assert ready and os.read(started, 64) == b"searching\n", "the search never started"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        os.close(started)
        proc.kill()
    assert proc.returncode == 130, err
    # it was nothing at all (typer's silent exit 130); a search past a second has shown its
    # progress lines before (stderr is a pipe here)
    *progress, last = err.splitlines()
    assert last == "interrupted" and err.endswith("\n")
    assert all(line.startswith("solving (maxn): ") for line in progress), err
    assert out == ""                    # no table of an unfinished search


def _interrupt(*args, **kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("where, command", [
    ("hearts.analysis.cli.solve.Solver.solve_position", ["solve", "example", "--model", "maxn"]),
    ("hearts.analysis.cli.moon.moon_odds", ["moon", "A.AKQJT987.AK.AK"]),
    ("hearts.analysis.cli.play.advise",
     ["play", "--position", "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 "
                            "AKT654.8.KT.KJ97"]),
])
def test_ctrl_c_in_any_command_says_interrupted_and_exits_130(monkeypatch, where, command,
                                                               run_cli):
    # The group turns it into one line; typer alone exited 130 without a word.
    monkeypatch.setattr(where, _interrupt)
    result = run_cli(*command)
    assert (result.exit_code, result.stdout, result.stderr) == (130, "", "interrupted\n")


def test_ctrl_c_while_a_pool_works_stops_its_searches_and_drops_the_jobs_not_started():
    # The workers' searches see no signal: the pool's exit waited for every job queued (an
    # open-hands annotation on 2 threads ran on for a minute after Ctrl-C)
    from hearts.analysis.parallel import executor

    done = []
    started, submitted = threading.Semaphore(0), threading.Event()

    def job(_):
        started.release()
        done.append(solve(FULL_DEAL, pv=False).complete)

    def interrupt_once_both_started():
        # Once every job is queued: a Ctrl-C inside submit() can come while the pool starts a
        # thread, which its shutdown then does not wait for. The stop is kept until the
        # running jobs are done, so a search that begins just after the signal stops at its
        # first check all the same.
        if submitted.wait(120) and all(started.acquire(timeout=120) for _ in range(2)):
            os.kill(os.getpid(), signal.SIGINT)

    interrupter = threading.Thread(target=interrupt_once_both_started)
    interrupter.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            with executor(threads=2) as pool:
                futures = [pool.submit(job, k) for k in range(6)]
                submitted.set()
                for future in futures:
                    future.result()
    finally:
        interrupter.join()
    assert len(done) == 2 and done == [False, False]     # the two running, stopped
    # and the searches run again afterwards
    assert solve(FULL_DEAL, pv=False, limit=Limit(nodes=100_000)).nodes >= 100_000


def test_ctrl_c_stops_hearts_serve_and_the_computation_of_an_open_request():
    # uvicorn waited for the open request: a synchronous 30 s solve held Ctrl-C up until its
    # end, and its client got the whole result.
    import urllib.error
    import urllib.request

    proc = subprocess.Popen([sys.executable, "-m", "hearts.analysis.cli", "serve", "--port",
                             "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        url = proc.stdout.readline().split(" at ")[1].split()[0]
        for _ in range(600):                # the line comes before uvicorn listens
            try:
                urllib.request.urlopen(url + "api/limits", timeout=5).close()
                break
            except OSError:
                time.sleep(0.1)
        answers = []

        def request() -> None:
            body = json.dumps({"deal": "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 "
                                       "AKT654.8.KT.KJ97", "model": "maxn", "time_ms": 30000})
            post = urllib.request.Request(url + "api/solve", data=body.encode(),
                                          headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(post, timeout=60) as response:
                    answers.append(response.status)
            except urllib.error.HTTPError as err:
                answers.append(err.code)
            except OSError as err:          # the connection closed as the server went down
                answers.append(type(err).__name__)

        client = threading.Thread(target=request)
        client.start()
        time.sleep(2)                       # the request read and its solve running
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        took = time.monotonic() - sent
        client.join(60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert err.splitlines()[-1] == "interrupted"
    assert took < 10, f"the server went on for {took:.1f} s after Ctrl-C"
    assert answers and answers[0] != 200, answers
