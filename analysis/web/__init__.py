"""The web board (``hearts serve``): an analysis board in the browser on a local server, and the
JSON HTTP API behind it (``docs/api.md``).

* :mod:`.app`: the Starlette application (routes, errors, limits) and :func:`serve` (uvicorn);
* :mod:`.tasks`: the API's analyses (solve, advise, pass, annotate) read from requests;
* :mod:`.inputs`: the requests' fields, the position they name, the board's JSON of a position;
* :mod:`.jobs`: the shared pool of threads the analyses run on, with progress, cancel and cache;
* ``static/``: the page (``index.html``, ``board.js``, ``board.css``; no build step).
"""
from __future__ import annotations

from .app import BoardRecord, ServerError, create_app, load_board_records, serve
from .jobs import JobRunner
from .tasks import LIMITS

__all__ = ["create_app", "serve", "load_board_records", "BoardRecord", "ServerError",
           "JobRunner", "LIMITS"]
