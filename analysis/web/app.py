"""The web board's server: the page (``static/``), and the JSON HTTP API behind it
(``docs/api.md``), as a Starlette application served by uvicorn (``hearts serve``).

Routes:

* ``GET /``: the board (``static/index.html``, with ``board.js`` and ``board.css`` under
  ``/static/``: plain HTML, CSS and JavaScript shipped in the package, no build step, no URL
  outside the server).
* ``POST /api/solve``, ``/api/advise``, ``/api/pass``, ``/api/annotate``: the analyses, taking
  the inputs of ``hearts solve``, ``play``, ``pass`` and ``annotate`` and answering with their
  ``--json`` documents, once the computation is done.
* ``POST /api/jobs`` (``{"kind": "advise", "params": {...}}``), ``GET /api/jobs/{id}``,
  ``DELETE /api/jobs/{id}``: the same analyses as jobs, with progress, and cancellable.
* ``POST /api/position``: a position as the board draws it; ``POST /api/record``: a record
  read (any format ``hearts annotate`` reads); ``GET /api/records`` and
  ``GET /api/records/{n}``: the records given to ``hearts serve``; ``POST /api/graph``: the
  expected-points graph (SVG) of a deal of an annotation; ``GET /api/limits``.

Bad input is ``400`` with ``{"error": "<the one-line message of the command line>", "field":
name or null}``. Every computation runs on one shared pool of threads (:mod:`.jobs`), never on
the event loop, so clients do not wait on one another beyond the pool's size.
"""
from __future__ import annotations

import asyncio
import json
import socket
import threading
import webbrowser
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, AsyncIterator, Sequence

from hearts.solver.errors import HeartsError

from .. import records
from ..parallel import default_threads
from ..points_graph import render_points_graph
from .inputs import (SOURCE_FIELDS, Fields, RequestError, position_json, read_source,
                     record_document)
from .jobs import BusyError, Job, JobRunner
from .tasks import KINDS, LIMITS, Task, read_task

if TYPE_CHECKING:  # pragma: no cover
    from starlette.applications import Starlette
    from starlette.requests import Request

__all__ = ["create_app", "serve", "ServerError", "BoardRecord", "load_board_records"]

#: Seconds between the checks of a synchronous request for its job's end and its client.
POLL_S = 0.2


class ServerError(HeartsError):
    """The server cannot start: the address cannot be used."""


class BodyTooLarge(RequestError):
    """A request body over :data:`LIMITS` ``body_bytes``."""


@dataclass(frozen=True)
class BoardRecord:
    """A record given to ``hearts serve``: its name and its document (:func:`record_document`)."""

    name: str
    document: dict


def load_board_records(files: Sequence[tuple[str, str]]) -> list[BoardRecord]:
    """The records of ``files`` (name, text), read as ``hearts annotate`` reads them.

    Raises:
        RecordSyntaxError, FormatError: a record does not read (named by its file).
    """
    loaded = []
    for name, text in files:
        games = records.read_games(text, name=name)
        loaded.append(BoardRecord(name, record_document(games, name,
                                                        records.detect_format(text))))
    return loaded


def _status_of(job: Job) -> int:
    """The HTTP status of a job that ended without a result."""
    if job.state == "cancelled":
        return 409
    message = job.error or ""
    if message.startswith("internal error"):
        return 500
    if message.startswith("stopped after"):
        return 504
    return 400


async def _body(request: "Request") -> Any:
    """The request's JSON body, at most ``LIMITS["body_bytes"]`` bytes.

    Raises:
        BodyTooLarge: a larger body. RequestError: no JSON, or nested too deeply.
    """
    limit = LIMITS["body_bytes"]
    too_large = BodyTooLarge(f"the request body is over the server's limit of "
                             f"{limit // 2 ** 20} MiB (docs/api.md)")
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks) or b"null")
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        line = str(err).splitlines()[0]
        raise RequestError(f"the request body is no JSON: {line}") from None
    except RecursionError:
        # Python's decoder recurses per bracket: [[[...]]] deeper than the interpreter's
        # limit is a client's bad input, not a bug of the server (it was a 500).
        raise RequestError("the request body is no JSON: nested too deeply") from None


def create_app(board_records: Sequence[BoardRecord] = (), *, workers: int | None = None,
               max_jobs: int = 32, cache_size: int = 512) -> Starlette:
    """The board's application.

    Args:
        board_records: the records listed at ``/api/records`` (:func:`load_board_records`).
        workers: threads of the shared pool, at most this many computations at once (default:
            twice the cores, at least 4: a short solve then need not wait for a long
            annotation to end).
        max_jobs: the most computations queued or running; more are refused (503).
        cache_size: results kept for repeated requests (per position and settings).
    """
    # Starlette is imported here, as Jinja2 is where a page is rendered: every `hearts`
    # command imports the CLI, which registers `hearts serve`, and only that one serves.
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    def _error(status: int, message: str, field: str | None = None) -> Response:
        return JSONResponse({"error": message, "field": field}, status_code=status)

    runner = JobRunner(workers or max(4, 2 * default_threads()), max_jobs, cache_size)
    index = (resources.files("hearts.analysis.web") / "static" / "index.html").read_text("utf-8")
    listed = list(board_records)

    async def run_task(task: Task) -> tuple[Job, bool]:
        return runner.submit(task.kind, task.key, task.work, LIMITS["job_s"], task.cacheable,
                             join_key=task.join_key)

    async def read(kind: str, request: Request) -> Task:
        body = await _body(request)
        return await run_in_threadpool(read_task, kind, body)

    async def analysis(request: Request) -> Response:
        kind = request.path_params["kind"]
        task = await read(kind, request)
        job, created = await run_task(task)
        while job.state in ("queued", "running"):
            if job.future is not None:
                try:
                    await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(job.future)),
                                           POLL_S)
                except asyncio.TimeoutError:
                    pass
            else:
                await asyncio.sleep(POLL_S)
            if job.state in ("queued", "running") and await request.is_disconnected():
                if created:
                    runner.cancel(job.id)
                return Response(status_code=499)
        if job.state == "done":
            return JSONResponse(job.result)
        return _error(_status_of(job), job.error or "cancelled", job.error_field)

    async def new_job(request: Request) -> Response:
        body = await _body(request)
        if not isinstance(body, dict) or set(body) - {"kind", "params"}:
            raise RequestError('a job is {"kind": "solve" | "advise" | "pass" | "annotate", '
                               '"params": {...}}')
        kind = body.get("kind")
        if not isinstance(kind, str):
            raise RequestError("kind is missing", argument="kind")
        params = body.get("params", {})
        if not isinstance(params, dict):
            # [] or "" read as no fields: the error was then about a missing deal
            raise RequestError("params must be a JSON object of the analysis's fields",
                               argument="params")
        task = await run_in_threadpool(read_task, kind, params)
        job, _ = await run_task(task)
        return JSONResponse(job.to_json(), status_code=202 if job.state != "done" else 200)

    def job_or_404(request: Request) -> Job | Response:
        job = runner.get(request.path_params["job_id"])
        if job is None:
            return _error(404, f"no job {request.path_params['job_id']!r} (finished jobs are "
                               f"kept {runner.keep_s / 60:g} minutes)")
        return job

    async def get_job(request: Request) -> Response:
        job = job_or_404(request)
        return job if isinstance(job, Response) else JSONResponse(job.to_json())

    async def cancel_job(request: Request) -> Response:
        job = job_or_404(request)
        if isinstance(job, Response):
            return job
        runner.cancel(job.id)
        return JSONResponse(job.to_json())

    async def position(request: Request) -> Response:
        body = await _body(request)

        def build() -> dict:
            return position_json(read_source(Fields(body, SOURCE_FIELDS)))
        return JSONResponse(await run_in_threadpool(build))

    async def record(request: Request) -> Response:
        body = await _body(request)

        def build() -> dict:
            fields = Fields(body, ("text", "name", "format", "rules", "lenient"))
            text = fields.required_text("text")
            name = fields.text("name", "upload")
            fmt = fields.text("format", "auto")
            games = records.read_games(text, fmt, rules=fields.text("rules"), name=name,
                                       strict=not fields.flag("lenient", False))
            return record_document(games, name,
                                   records.detect_format(text) if fmt == "auto" else fmt)
        return JSONResponse(await run_in_threadpool(build))

    async def graph(request: Request) -> Response:
        body = await _body(request)
        fields = Fields(body, ("deal", "id"))
        svg = await run_in_threadpool(render_points_graph, fields.raw("deal"),
                                      fields.text("id"))
        return Response(str(svg), media_type="image/svg+xml")

    async def list_records(request: Request) -> Response:
        return JSONResponse({"records": [
            {"id": k, "name": r.name, "games": len(r.document["games"]),
             "deals": r.document["deals"]} for k, r in enumerate(listed)]})

    async def one_record(request: Request) -> Response:
        k = request.path_params["n"]
        if not 0 <= k < len(listed):
            return _error(404, f"no record {k}: the server lists {len(listed)}")
        return JSONResponse(listed[k].document)

    async def limits(request: Request) -> Response:
        return JSONResponse({**LIMITS, "workers": runner.workers, "max_jobs": runner.max_jobs,
                             "cache_size": runner.cache.size, "kinds": list(KINDS)})

    async def home(request: Request) -> Response:
        return HTMLResponse(index)

    async def on_hearts_error(request: Request, err: Exception) -> Response:
        status = 413 if isinstance(err, BodyTooLarge) else 503 if isinstance(
            err, BusyError) else 400
        return _error(status, str(err), getattr(err, "argument", None))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await run_in_threadpool(runner.shutdown)

    routes = [
        Route("/", home),
        Route("/api/limits", limits),
        Route("/api/records", list_records),
        Route("/api/records/{n:int}", one_record),
        Route("/api/record", record, methods=["POST"]),
        Route("/api/position", position, methods=["POST"]),
        Route("/api/graph", graph, methods=["POST"]),
        Route("/api/jobs", new_job, methods=["POST"]),
        Route("/api/jobs/{job_id}", get_job),
        Route("/api/jobs/{job_id}", cancel_job, methods=["DELETE"]),
        Route("/api/{kind:str}", analysis, methods=["POST"]),
        Mount("/static", StaticFiles(packages=[("hearts.analysis.web", "static")]),
              name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HeartsError: on_hearts_error},
                    lifespan=lifespan)
    app.state.runner = runner
    return app


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (so that a taken port is one clear error, before the
    server starts).

    Raises:
        ServerError: the address cannot be used.
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        raise ServerError(f"host {host!r}: {err.strerror}", argument="host") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as err:
        sock.close()
        raise ServerError(f"cannot listen on {host}:{port}: "
                          f"{err.strerror or err}", argument="port") from None
    sock.set_inheritable(True)
    return sock


def _stop_jobs_on_exit(server: Any, runner: JobRunner) -> None:
    """Make ``server`` (a ``uvicorn.Server``) stop every job as soon as it is told to exit.

    uvicorn lets the open requests end before the lifespan's shutdown stops the jobs, so a
    synchronous solve held Ctrl-C up for its whole time limit (up to a minute) and its client
    got the full result. Stopped at once, such a request ends as cancelled (409). The jobs are
    stopped from a thread of their own: the exit handler runs as a signal handler on the main
    thread, which may hold the runner's lock at that moment.
    """
    handle_exit = server.handle_exit

    def stop_then_exit(sig: int, frame: Any) -> None:
        threading.Thread(target=runner.stop_all, name="hearts-serve-stop", daemon=True).start()
        handle_exit(sig, frame)

    server.handle_exit = stop_then_exit


def serve(app: Starlette, host: str = "127.0.0.1", port: int = 8000, *,
          open_browser: bool = False, announce: Any = print) -> None:
    """Serve ``app`` on ``host:port`` with uvicorn until Ctrl-C.

    Args:
        open_browser: open the board in the default browser once the server listens.
        announce: called with the one line that says where the board is.

    Raises:
        ServerError: the address cannot be used (a taken port, an unknown host).
    """
    import uvicorn  # here, as Starlette in create_app

    sock = _listen(host, port)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{sock.getsockname()[1]}/"
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    runner = getattr(app.state, "runner", None)
    if runner is not None:
        _stop_jobs_on_exit(server, runner)
    announce(f"hearts-dd board at {url} (Ctrl-C stops the server)")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
