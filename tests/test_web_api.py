"""The web board's JSON API (``hearts serve``, docs/api.md) through Starlette's test client:
the command line's ``--json`` documents for good input, its one-line messages with HTTP 400 for
bad input, the server's limits, jobs with progress and cancel, the cache, and several clients
at once on the shared pool."""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("httpx2" if __import__("sys").version_info >= (3, 11) else "httpx")
from starlette.testclient import TestClient  # noqa: E402

from hearts.analysis.web import create_app, load_board_records  # noqa: E402
from hearts.analysis.web.tasks import LIMITS  # noqa: E402
from hearts.solver import solve  # noqa: E402

DATA = Path(__file__).parent / "data"
ONE = DATA / "records" / "xinxin-train-1.hgn"
FOUR = DATA / "records" / "xinxin-train-1-4.hgn"
#: The opening of xinxin train game 1 (the built-in example ``opening``).
OPENING = "N:.AQJT6543.9873.Q 87.K72.AQ52.T842 QJ932.9.J64.A653 AKT654.8.KT.KJ97"
#: A job that runs until cancelled: exact max^n after trick 1 of the opening does not finish
#: in 8 s on one core (its time cap is far beyond any test's wait).
LONG_SOLVE = {"deal": OPENING, "played": "2C 3C 7C QC", "model": "maxn", "time_ms": 60000}


@pytest.fixture(scope="module")
def client():
    app = create_app(load_board_records([("one.hgn", ONE.read_text()),
                                         ("four.hgn", FOUR.read_text())]), workers=4)
    with TestClient(app) as c:
        yield c


def _cli_json(run_cli, *args: str) -> dict:
    result = run_cli(*args)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def _cli_error(run_cli, *args: str) -> str:
    result = run_cli(*args)
    assert result.exit_code == 2, result.stdout
    return result.stderr.strip().removeprefix("error: ")


def _wait(client, job_id: str, timeout_s: float = 30.0) -> dict:
    end = time.monotonic() + timeout_s
    while True:
        job = client.get(f"/api/jobs/{job_id}").json()
        if job["state"] not in ("queued", "running") or time.monotonic() > end:
            return job
        time.sleep(0.05)


# -- the documents of the command line -------------------------------------------------------

def test_solve_returns_the_cli_json(run_cli, client):
    cli = _cli_json(run_cli, "solve", OPENING, "--played", "2C 3C 7C QC", "--json", "--no-pv")
    api = client.post("/api/solve", json={"deal": OPENING, "played": "2C 3C 7C QC", "pv": False})
    assert api.status_code == 200
    data = api.json()
    for volatile in ("ms", "nodes", "tt_bytes"):
        cli.pop(volatile)
        data.pop(volatile)
    assert data == cli


def test_solve_of_a_recorded_position_is_the_examples(client, run_cli):
    # xinxin train game 1 after 32 plays is the built-in example `endgame` (README)
    data = client.post("/api/solve", json={"record": ONE.read_text(), "at": 32}).json()
    assert data["seat"] == "S" and data["complete"]
    values = {c: cv["value"] for cv in data["cards"] for c in [cv["card"], *cv["equals"]]}
    # the default model, auto: exact max^n with 5 tricks left (paranoid: 7 7 7 8 8)
    assert data["model"] == "maxn" and data["exact"] is True
    assert values == {"3C": 6, "5C": 6, "9S": 6, "6D": 7, "2S": 8}
    example = _cli_json(run_cli, "solve", "example", "--json")
    assert data["cards"] == example["cards"]


def test_advise_returns_the_cli_json(run_cli, client):
    record = str(ONE)
    cli = _cli_json(run_cli, "play", record, "--at", "33", "--samples", "20", "--json")
    data = client.post("/api/advise", json={"record": ONE.read_text(), "at": 33,
                                            "samples": 20}).json()
    for volatile in ("ms", "threads"):
        cli.pop(volatile)
        data.pop(volatile)
    assert data.pop("source") == "record, deal 1, after 33 plays"
    cli.pop("source")
    assert data == cli
    # the engine's defaults, as hearts play: max^n, 5 tricks left is beyond its horizon 4
    assert (data["seat"], data["model"], data["evaluator"]) == ("W", "maxn", "rollout")


def test_pass_returns_the_cli_json(run_cli, client):
    args = {"hand": "AKQ5.5432.432.32", "direction": "left", "samples": 1, "horizon": 2,
            "moon": False}
    cli = _cli_json(run_cli, "pass", "AKQ5.5432.432.32", "--direction", "left", "--samples", "1",
                    "--horizon", "2", "--no-moon", "--json", "--threads", "1")
    data = client.post("/api/pass", json=args).json()
    for volatile in ("ms",):
        cli.pop(volatile)
        data.pop(volatile)
    assert data == cli
    assert data["count"] == 286


def test_pass_with_give_and_keep_is_the_cli_json(run_cli, client):
    # the cards as a text or a list, as hearts pass --give/--keep: only those passes ranked
    args = {"hand": "AKQ5.5432.432.32", "direction": "left", "samples": 1, "horizon": 2,
            "moon": False, "give": ["QS"], "keep": "AS KS"}
    cli = _cli_json(run_cli, "pass", "AKQ5.5432.432.32", "--direction", "left", "--samples", "1",
                    "--horizon", "2", "--no-moon", "--json", "--threads", "1", "--give", "QS",
                    "--keep", "AS", "--keep", "KS")
    data = client.post("/api/pass", json=args).json()
    for volatile in ("ms",):
        cli.pop(volatile)
        data.pop(volatile)
    assert data == cli
    assert data["count"] == 45  # two of the ten cards besides Q♠, A♠ and K♠
    assert all("QS" in p["cards"] and "AS" not in p["cards"] for p in data["passes"])


def test_annotate_returns_the_cli_json_with_accuracy(client, run_cli):
    # the server caps every open-hands position (10 s by default): the CLI with the same cap
    cli = _cli_json(run_cli, "annotate", str(ONE), "--max-tricks", "4", "--time", "10000", "--json")
    data = client.post("/api/annotate", json={"record": ONE.read_text(), "max_tricks": 4,
                                              "name": str(ONE)}).json()
    assert data == cli
    assert data["deals"][0]["summaries"]["open"]["S"]["decisions"] == 2
    assert data["mistake_count"] == 2


def test_graph_is_the_svg_of_the_annotation(client):
    data = client.post("/api/annotate", json={"record": ONE.read_text(), "max_tricks": 4}).json()
    svg = client.post("/api/graph", json={"deal": data["deals"][0]})
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    # one dot per judged play (tricks 10-13: 16 plays), the final points of the four seats
    assert svg.text.count('class="graph-dot"') == 16
    assert svg.text.count('class="graph-final"') == 4


@pytest.mark.parametrize("where, value, error", [
    ("value", 1e308, "graph: value must be a number within ±10,000"),
    ("value", 10 ** 400, "graph: value must be a number within ±10,000"),
    ("high", 10 ** 12, "graph: high must be a number within ±10,000"),
    ("value", "1", "graph: value must be a number, got '1'"),
], ids=["float near the limit", "int past a float", "a billion axis ticks", "a text"])
def test_graph_of_posted_numbers_out_of_range_is_400(client, where, value, error):
    # 1e308 everywhere divided by zero (1e308 + 1 == 1e308): a 500; a huge "high" asked for
    # billions of axis ticks.
    deal = {"graph": {"low": 0, "high": 26, "plays": 52, "series": {
        "N": [{"index": 22, "card": "QH", "value": 6, "se": None, "mark": ""}]}}}
    if where == "value":
        deal["graph"]["series"]["N"][0]["value"] = value
    else:
        deal["graph"][where] = value
    response = client.post("/api/graph", content=json.dumps({"deal": deal}),
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json() == {"error": error, "field": None}


def test_position_is_what_the_board_draws(client):
    data = client.post("/api/position", json={"record": ONE.read_text(), "at": 33}).json()
    assert data["to_move"] == "W" and data["trick"] == [{"seat": "S", "card": "5C"}]
    assert data["hands"]["W"] == ["KS", "5S", "4S", "JC", "9C"]
    assert data["legal"] == ["9C", "JC"]
    assert data["taken"] == {"N": 0, "E": 1, "S": 5, "W": 14}
    assert data["last_trick"]["winner"] == "S"
    over = client.post("/api/position", json={"record": ONE.read_text()}).json()
    assert over["over"] and over["score"] == {"N": 0, "E": 1, "S": 7, "W": 18}


def test_a_what_if_line_in_a_record(client):
    plays = client.get("/api/records/0").json()["games"][0]["deals"][0]["plays"]
    line = [p["card"] for p in plays[:33]] + ["9C"]
    data = client.post("/api/position", json={"record": ONE.read_text(), "played": line}).json()
    assert data["played"][-1] == "9C" and data["to_move"] == "N"


def test_records_given_to_the_server(client):
    listed = client.get("/api/records").json()["records"]
    assert [(r["name"], r["deals"]) for r in listed] == [("one.hgn", 1), ("four.hgn", 4)]
    doc = client.get("/api/records/1").json()
    assert len(doc["games"][0]["deals"]) == 4 and doc["format"] == "hgn"
    assert client.get("/api/records/7").status_code == 404


def test_a_record_read_from_text(client):
    text = (DATA / "openspiel_xinxin" / "xinxin_test.txt").read_text()
    doc = client.post("/api/record", json={"text": text, "name": "xinxin_test.txt"}).json()
    assert doc["format"] == "openspiel" and doc["deals"] == 5


def test_the_page_and_its_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and '<script src="/static/board.js">' in page.text
    for name in ("board.js", "board.css"):
        assert client.get(f"/static/{name}").status_code == 200


# -- bad input: the command line's one-line message, HTTP 400 -------------------------------

@pytest.mark.parametrize("cli, body", [
    (("solve", OPENING, "--played", "2C 3C 7C QC 5H"),
     {"deal": OPENING, "played": "2C 3C 7C QC 5H"}),
    (("solve", "N:AKQ.T98.AKQ.AKQJ 2.2.2.2 3.3.3.3 4.4.4.4"),
     {"deal": "N:AKQ.T98.AKQ.AKQJ 2.2.2.2 3.3.3.3 4.4.4.4"}),
    (("solve", OPENING, "--rules", "standard,mon=old"),
     {"deal": OPENING, "rules": "standard,mon=old"}),
], ids=["illegal play", "bad deal", "bad rules"])
def test_bad_input_is_400_with_the_cli_message(client, cli, body, run_cli):
    message = _cli_error(run_cli, *cli)
    response = client.post("/api/solve", json=body)
    assert response.status_code == 400
    # the command line names its option (--played), the API its field (played)
    assert response.json()["error"] == message.replace("--played", "played")


@pytest.mark.parametrize("body, field", [
    ({"deal": OPENING, "played": "2C 3C 7C QC 5H"}, "played"),
    ({"deal": OPENING, "played": ["2C", "2C"]}, "played"),
    ({"deal": "N:AKQ.T98.AKQ.AKQJ 2.2.2.2 3.3.3.3 4.4.4.4"}, "deal"),
    ({"deal": "garbage"}, "deal"),
    ({"deal": OPENING, "rules": "standard,mon=old"}, "rules"),
    ({"record": ONE.read_text(), "played": "2C AC KC 2H"}, "played"),
], ids=["illegal play", "card played twice", "bad deal", "no deal", "bad rules",
        "illegal what-if"])
def test_a_bad_position_names_its_field(client, body, field):
    # These errors came with "field": null, though docs/api.md's example is of played.
    response = client.post("/api/solve", json=body)
    assert response.status_code == 400
    assert response.json()["field"] == field


@pytest.mark.parametrize("params", [[], "deal", None, 5])
def test_a_job_with_params_that_are_no_object_is_400(client, params):
    response = client.post("/api/jobs", json={"kind": "solve", "params": params})
    assert response.status_code == 400
    assert response.json() == {"error": "params must be a JSON object of the analysis's fields",
                               "field": "params"}


@pytest.mark.parametrize("value, shown", [(1e300, "1e+300"), (2 ** 70, str(2 ** 70))])
def test_a_whole_number_past_2_62_is_refused_with_its_field(client, value, shown):
    # target=1e300 came back as "rules option target=1000000000000000052504760255204420248...
    # (301 digits): expected 1..400 points", with no field.
    response = client.post("/api/solve", json={"deal": OPENING, "scores": [1, 2, 3, 4],
                                               "target": value, "nodes": 1000})
    assert response.status_code == 400
    assert response.json() == {"error": f"target must be a whole number, got {shown}",
                               "field": "target"}


def test_a_library_error_names_the_field(client):
    response = client.post("/api/advise", json={"record": ONE.read_text(), "at": 33,
                                                "samples": 0})
    assert response.status_code == 400
    assert response.json() == {"error": "samples must be at least 1, got 0", "field": "samples"}



@pytest.mark.parametrize("route, field, value, error", [
    ("advise", "horizon", 14, "horizon must be 1..13 tricks, got 14"),
    ("advise", "evaluator", "guess", "unknown evaluator 'guess': expected one of auto, exact, "
                                     "rollout"),
    ("pass", "horizon", 0, "horizon must be 1..13 tricks, got 0"),
    ("pass", "give", "QH", "give: QH not in South's hand AKQ5.5432.432.32"),
    ("pass", "keep", 5, "keep must be a text or a list of card texts, got 5"),
])
def test_an_engine_setting_error_names_its_field(client, route, field, value, error):
    body = ({"record": ONE.read_text(), "at": 33} if route == "advise"
            else {"hand": "AKQ5.5432.432.32", "direction": "left"})
    response = client.post(f"/api/{route}", json={**body, "samples": 1, field: value})
    assert response.status_code == 400
    assert response.json() == {"error": error, "field": field}


@pytest.mark.parametrize("body, error", [
    ([1, 2], "the request body must be a JSON object of fields (docs/api.md)"),
    ({"deal": OPENING, "sampels": 3}, "unknown field 'sampels'"),
    ({"deal": OPENING, "time_ms": "soon"}, 'time_ms must be a number, got "soon"'),
    ({"deal": OPENING, "time_ms": 120000}, "time_ms 120000 is over the server's limit of "
                                           "60,000 (docs/api.md)"),
    ({}, "give either deal (the hands after the pass, PBN) or record"),
    ({"record": "garbage that is no record"}, "record:"),
    ({"record": ONE.read_text(), "deal_number": 2}, "deal_number 2: the record holds 1 deal"),
    ({"record": ONE.read_text(), "at": 60}, "at 60: deal 1 records 52 plays (give 0..52)"),
], ids=["not an object", "unknown field", "wrong type", "over the limit", "no position",
        "no record", "no such deal", "no such play"])
def test_bad_requests(client, body, error):
    response = client.post("/api/solve", json=body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(error)


def test_a_body_over_the_limit_is_413(client):
    big = "x" * (LIMITS["body_bytes"] + 1)
    response = client.post("/api/record", content=json.dumps({"text": big}),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert "over the server's limit of 4 MiB" in response.json()["error"]


def test_samples_over_the_limit(client):
    response = client.post("/api/advise", json={"record": ONE.read_text(), "at": 33,
                                                "samples": LIMITS["advise_samples"] + 1})
    assert response.status_code == 400
    assert response.json()["field"] == "samples"


def test_no_json_is_400(client):
    response = client.post("/api/solve", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"].startswith("the request body is no JSON")


@pytest.mark.parametrize("body", ["[" * 100_000 + "]" * 100_000,
                                  '{"deal": ' + "[" * 100_000 + "]" * 100_000 + "}"])
def test_json_nested_too_deeply_is_400_not_500(client, body):
    # Python's decoder raised RecursionError: the server answered 500 "Internal Server Error".
    response = client.post("/api/solve", content=body.encode(),
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json() == {"error": "the request body is no JSON: nested too deeply",
                               "field": None}


# -- jobs, cancel, cache, several clients ------------------------------------------------------

def test_a_job_reports_progress_and_its_result(client):
    job = client.post("/api/jobs", json={"kind": "advise", "params": {
        "record": ONE.read_text(), "at": 33, "samples": 30, "seed": 5}}).json()
    done = _wait(client, job["id"])
    assert done["state"] == "done" and done["unit"] in ("samples", "cached")
    assert done["result"]["seat"] == "W"


def test_a_cancelled_solve_stops(client):
    # the opening, exact max^n: unfinished after 8 s (paranoid solves it in 0.3 s, a race
    # with the sleep below); cancelled, its search stops at its next check
    job = client.post("/api/jobs", json={"kind": "solve", "params": LONG_SOLVE}).json()
    time.sleep(0.3)
    cancelled = client.delete(f"/api/jobs/{job['id']}").json()
    assert cancelled["id"] == job["id"]
    t0 = time.monotonic()
    end = _wait(client, job["id"], 10)
    assert end["state"] == "cancelled" and time.monotonic() - t0 < 2


def test_results_are_cached_per_position(client):
    body = {"record": FOUR.read_text(), "deal_number": 2, "at": 40}
    first = client.post("/api/jobs", json={"kind": "solve", "params": body}).json()
    assert _wait(client, first["id"])["state"] == "done"
    again = client.post("/api/jobs", json={"kind": "solve", "params": body}).json()
    assert again["state"] == "done" and again["unit"] == "cached"
    # another position is another entry
    other = client.post("/api/jobs", json={"kind": "solve", "params": {**body, "at": 41}})
    assert other.json()["unit"] != "cached"


def test_several_clients_at_once(client):
    """Four clients ask at once while a long solve runs: each gets its own right answer,
    and none waits for the long one."""
    long = client.post("/api/jobs", json={"kind": "solve", "params": LONG_SOLVE}).json()
    answers: dict[int, dict] = {}
    times: dict[int, float] = {}

    def ask(at: int) -> None:
        t0 = time.monotonic()
        answers[at] = client.post("/api/solve", json={"record": ONE.read_text(), "at": at,
                                                      "pv": False}).json()
        times[at] = time.monotonic() - t0

    threads = [threading.Thread(target=ask, args=(at,)) for at in (36, 37, 40, 44)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    client.delete(f"/api/jobs/{long['id']}")
    assert client.get(f"/api/jobs/{long['id']}").json()["state"] in ("running", "cancelled")
    for at, data in answers.items():
        position = client.post("/api/position", json={"record": ONE.read_text(),
                                                      "at": at}).json()
        # the default model, auto: exact max^n from 8 tricks left
        expected = solve(position["deal"], position["played"], model="maxn", pv=False)
        assert {c["card"]: c["value"] for c in data["cards"]} == {
            str(cv.card): cv.value for cv in expected.cards}
        assert times[at] < 5.0
    _wait(client, long["id"], 10)


def test_a_busy_server_refuses_more_jobs():
    app = create_app(workers=1, max_jobs=1)
    with TestClient(app) as c:
        first = c.post("/api/jobs", json={"kind": "solve", "params": LONG_SOLVE}).json()
        second = c.post("/api/jobs", json={"kind": "solve", "params": {
            "deal": OPENING, "played": "2C 3C 7C QC 7D", "model": "paranoid",
            "time_ms": 5000}})
        assert second.status_code == 503 and "busy" in second.json()["error"]
        c.delete(f"/api/jobs/{first['id']}")
        _wait(c, first["id"], 10)


def test_a_cancel_stops_that_job_only(client, run_cli):
    """Two searches at once; cancelling one stops its searches (its own stop token) and the
    other ends with the right values."""
    # exact max^n from the opening (auto's estimate would end in a second)
    long = client.post("/api/jobs", json={"kind": "solve", "params": LONG_SOLVE}).json()
    other = client.post("/api/jobs", json={"kind": "advise", "params": {
        "record": FOUR.read_text(), "deal_number": 3, "at": 36, "samples": 40}}).json()
    time.sleep(0.2)
    t0 = time.monotonic()
    client.delete(f"/api/jobs/{long['id']}")
    assert _wait(client, long["id"], 10)["state"] == "cancelled"
    assert time.monotonic() - t0 < 2.0
    done = _wait(client, other["id"], 60)
    assert done["state"] == "done"
    alone = client.post("/api/advise", json={"record": FOUR.read_text(), "deal_number": 3,
                                             "at": 36, "samples": 40, "seed": 1}).json()
    direct = _cli_json(run_cli, "play", str(FOUR), "--deal", "3", "--at", "36", "--samples", "40",
                       "--seed", "1", "--json")
    assert [c["mean"] for c in alone["cards"]] == [c["mean"] for c in direct["cards"]]
    assert done["result"]["samples"] >= 20 and done["result"]["cards"]


def test_an_unknown_job_is_404(client):
    assert client.get("/api/jobs/j999999").status_code == 404


# -- hearts serve ---------------------------------------------------------------------------------

def test_serve_refuses_a_missing_record(run_cli):
    assert _cli_error(run_cli, "serve", "no-such-file.hgn") == "no-such-file.hgn: no such file or directory"


def test_serve_refuses_a_taken_port(run_cli):
    import socket
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        message = _cli_error(run_cli, "serve", "--port", str(port))
        assert message.startswith(f"cannot listen on 127.0.0.1:{port}:")
    finally:
        taken.close()
