"""``hearts serve``: the analysis board in the browser, on a local web server.

The logic lives in :mod:`hearts.analysis.web` (the Starlette application, its API and the
page); this module reads the record files, starts the server and says where it listens.
"""
from __future__ import annotations

import errno
import os
from typing import List, Optional

import typer

from ..files import os_reason, read_text
from ..web import create_app, load_board_records, serve
from .options import CommandError, option_names, threads_option

__all__ = ["serve_command"]

#: The addresses that only this machine reaches.
_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve_command(
    files: Optional[List[str]] = typer.Argument(
        None, metavar="RECORDS", show_default=False,
        help="Records to list on the board: HGN, our JSON, OpenSpiel lines, peer JSONL, an "
             "OpenSpiel playthrough (the page also loads files and pasted text)."),
    host: str = typer.Option("127.0.0.1", "--host", metavar="HOST",
                             help="Address to listen on (default: this machine only)."),
    port: int = typer.Option(8000, "--port", metavar="PORT", min=0, max=65535,
                             help="Port to listen on (0: any free port)."),
    open_browser: bool = typer.Option(False, "--open", help="Open the board in the browser."),
    threads: Optional[int] = threads_option(
        "Computations run at once on the shared pool, one thread each (default: twice the "
        "cores, at least 4)."),
) -> None:
    """The analysis board in the browser: step through a deal, every card's value, what-ifs,
    the pass advice, the expected-points graph and each seat's accuracy; and the JSON HTTP API
    behind it (docs/api.md).

    Open hands, each legal card of the seat to move shows its exact double-dummy value
    (paranoid or max^n, where the search finishes in time); from one seat's view, the
    engine's expected points ± SE over deals sampled from what that seat knows. Click another
    card to play a what-if line; Undo returns. Arrow keys step through the passes and plays.

    The server listens on this machine only unless --host says otherwise (it has no login:
    anyone who reaches it can use it). Ctrl-C stops it.

    **Examples**:

    ```
    hearts serve tests/data/records/xinxin-train-1-4.hgn --open
    hearts serve game.hgn --port 8080
    ```
    """
    named = []
    for f in files or []:
        # the one wording of a missing file or a directory (files.os_reason)
        if os.path.isdir(f):
            raise CommandError(f"{f}: {os_reason(errno.EISDIR)}")
        if not os.path.exists(f):
            raise CommandError(f"{f}: {os_reason(errno.ENOENT)}")
        named.append((os.path.basename(f), read_text(f)))
    board_records = load_board_records(named)

    def announce(line: str) -> None:
        # Once the address is taken: before, the note came first even when --host was no
        # address at all ("note: listening on 999.1.1.1", then "error: --host ...").
        if host not in _LOOPBACK:
            typer.echo(f"note: listening on {host}: anyone who reaches this address can use "
                       f"the board and its API (no login)", err=True)
        typer.echo(line)

    with option_names(host="--host", port="--port"):
        serve(create_app(board_records, workers=threads), host, port,
              open_browser=open_browser, announce=announce)
