"""The ``hearts`` command: the typer app, its error handling and exit codes, and the commands.

Every command lives in a module of its own (``solve.py``, ``replay.py``, ``convert.py``,
``play.py``, ``moon.py``, ``passes.py``, ``annotate.py``, ``rules.py``, ``puzzle.py``,
``serve.py``), built
with typer + rich on the Python API; the options they share are in :mod:`.options`, what they
print in :mod:`.render`. Every command that values cards says which solution concept it uses;
values are points for the deal (lower is better).

Bad input never shows a traceback: every :class:`~hearts.solver.HeartsError` (bad card, deal,
rules, seat, model, illegal play), every file error and every usage error prints one line
``error: <message>`` on stderr and exits with code 2. Ctrl-C prints ``interrupted`` and exits
with code 130; SIGTERM prints ``terminated`` and exits with code 143, its output files left as
they were (:mod:`hearts.analysis.outputs`).
"""
from __future__ import annotations

import os
import re
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional

import typer

from hearts.solver import HeartsError
from hearts.solver.words import printable

from ..files import OutputFileError, error_line, os_reason
from ..outputs import remove_temporaries
from . import annotate, convert, moon, passes, play, puzzle, replay, rules, serve, solve
from .help import HeartsCommand, HeartsGroup, close_options
from .options import ascii_number_options
from .render import set_quiet
from .terminal import ascii_fallback_streams

__all__ = ["app", "main", "EXIT_BAD_INPUT", "EXIT_INTERRUPTED", "EXIT_TERMINATED"]

EXIT_BAD_INPUT = 2
#: Exit code after Ctrl-C: 128 + SIGINT, as a shell reports a program the signal ended.
EXIT_INTERRUPTED = 130
#: Exit code after SIGTERM: 128 + SIGTERM.
EXIT_TERMINATED = 143


#: The most characters of an error line: the messages quote the user's text cut short
#: (:func:`hearts.solver.words.quoted`); this is the net under a message that did not.
MESSAGE_LIMIT = 600


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print ``error: <message>`` as one line on stderr and exit: whitespace runs made one
    space, control characters escaped (an escape sequence in the input must not reach the
    terminal) and cut at :data:`MESSAGE_LIMIT` characters."""
    text = " ".join(str(message).split())
    if len(text) > MESSAGE_LIMIT:
        text = f"{text[:MESSAGE_LIMIT]}… ({len(text):,} characters)"
    text = printable(text)
    sys.stderr.write(f"error: {text}\n")
    sys.stderr.flush()
    sys.exit(code)


# typer >= 0.2x vendors its own click: take the exception classes from typer's, whichever it is.
_CLICK_EXCEPTION = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class _Interrupted(Exception):
    """Ctrl-C during a command (typer would turn the KeyboardInterrupt into a silent exit 130)."""


class _Terminated(BaseException):
    """SIGTERM during a command, raised by its handler: the command unwinds as from Ctrl-C, so
    that its temporary output files are removed and the previous outputs stay whole (a
    ``BaseException``, past the commands' ``except Exception``)."""


class _NamedStdout:
    """``sys.stdout`` while a command runs: a write error names standard output
    (``cannot write standard output: no space left on device``, as ``> /dev/full`` gives),
    where it was a bare ``no space left on device``. A closed pipe stays a
    ``BrokenPipeError``."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as err:
            raise OutputFileError(f"cannot write standard output: {os_reason(err)}") \
                from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise OutputFileError(f"cannot write standard output: {os_reason(err)}") \
                from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def _named_stdout() -> Iterator[None]:
    """:class:`_NamedStdout` in ``sys.stdout`` for the command, flushed at its end (so that a
    buffered write fails here, named, not at the interpreter's exit)."""
    stream = sys.stdout
    sys.stdout = _NamedStdout(stream)  # type: ignore[assignment]
    try:
        yield
        sys.stdout.flush()
    finally:
        sys.stdout = stream


@contextmanager
def _sigterm_unwinds() -> Iterator[None]:
    """While a command runs, SIGTERM raises :class:`_Terminated` in the main thread (Python's
    default is to die at once, leaving the temporary file of an output behind)."""
    def handler(signum: int, frame: Any) -> None:
        raise _Terminated()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _pipe_closed() -> None:
    """Exit 0 after the reader of stdout went away (``hearts rules | head -1``): the output
    it wanted was written. What is left unflushed goes to the null device, so that Python's
    own flush at exit finds no closed pipe either (Python docs, "Note on SIGPIPE")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)


class _HeartsGroup(HeartsGroup):
    """The top-level group: turns bad input of every kind into one ``error:`` line, exit 2,
    Ctrl-C into one ``interrupted`` line, exit 130, and a closed pipe on stdout into a quiet
    exit 0."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            # Not a KeyboardInterrupt past here: typer's main catches that and exits 130 with
            # no word, which read like a crash to a user who pressed Ctrl-C by mistake.
            raise _Interrupted() from None

    def main(self, args: Any = None, prog_name: Optional[str] = None,
             complete_var: Optional[str] = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        ascii_fallback_streams()       # Q♠ on a console without ♠ is QS, not a traceback
        ascii_number_options(self)     # every whole-number option read by hearts.solver.numbers
        try:
            with _sigterm_unwinds(), _named_stdout():
                # _named_stdout flushes at the end: a closed pipe shows here, not in
                # Python's flush at exit
                rv = super().main(args, prog_name, complete_var, standalone_mode=False,
                                  **extra)
        except _Terminated:
            remove_temporaries()        # the last resort: the outputs removed their own
            sys.stderr.write("terminated\n")
            sys.stderr.flush()
            sys.exit(EXIT_TERMINATED)
        except BrokenPipeError:
            _pipe_closed()
        except SystemExit as err:
            # rich's Console (Console.on_broken_pipe) and typer's main meet a closed pipe with
            # SystemExit(1), raised while they handle the BrokenPipeError
            if isinstance(err.__context__, BrokenPipeError):
                _pipe_closed()
            raise
        except _CLICK_EXCEPTION as err:
            if type(err).__name__ == "NoArgsIsHelpError":  # click >= 8.2: ``hearts`` alone
                typer.echo(err.ctx.get_help() if err.ctx else err.format_message())
                sys.exit(0)
            if type(err).__name__ == "NoSuchOption":
                # click suggests any option a little alike (--colour: --scores)
                err.possibilities = close_options(err.option_name, err.possibilities or ())
            message = err.format_message()
            # click joins the extra arguments with spaces, so empty ones read "()"
            empty = re.search(r"extra argument\S* \((\s*)\)", message)
            if empty:
                blanks = " ".join(["''"] * (len(empty.group(1)) + 1))
                message = message[:empty.start(1)] + blanks + message[empty.end(1):]
            ctx = getattr(err, "ctx", None)
            if isinstance(err, _USAGE_ERROR) and ctx is not None:
                message += f" (see '{ctx.command_path} --help')"
            _fail(message)
        except typer.Abort:
            _fail("aborted", 130)
        except _Interrupted:
            sys.stderr.write("interrupted\n")
            sys.stderr.flush()
            sys.exit(EXIT_INTERRUPTED)
        except HeartsError as err:
            _fail(str(err))
        except UnicodeDecodeError as err:
            _fail(f"not a UTF-8 text file ({err.reason} at byte {err.start + 1})")
        except OSError as err:
            _fail(error_line(err))
        if not standalone_mode:
            return rv
        sys.exit(rv if isinstance(rv, int) else 0)



# -- the app ----------------------------------------------------------------------------

app = typer.Typer(
    cls=_HeartsGroup,
    name="hearts",
    help="hearts-dd: exact double-dummy solver and analysis for the card game Hearts.\n\n"
         "Values are penalty points for the deal (1 per heart, 13 for Q♠ under standard "
         "rules; lower is better). Bad input prints one `error:` line and exits with code 2."
         "\n\nStart with `hearts solve example`.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            v = version("hearts-dd")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            v = "unknown (not installed)"
        typer.echo(f"hearts-dd {v}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """hearts-dd: exact double-dummy solver and analysis for the card game Hearts."""
    set_quiet(False)        # each command's own --quiet sets it (in-process runs: tests)


app.command("solve", help=solve.solve_help(), cls=HeartsCommand)(solve.solve_command)
app.command("replay", cls=HeartsCommand)(replay.replay_command)
app.command("convert", cls=HeartsCommand)(convert.convert_command)
app.command("play", cls=HeartsCommand)(play.play_command)
app.command("moon", cls=HeartsCommand)(moon.moon_command)
app.command("pass", cls=HeartsCommand)(passes.pass_command)
app.command("annotate", cls=HeartsCommand)(annotate.annotate_command)
app.command("serve", cls=HeartsCommand)(serve.serve_command)
app.add_typer(rules.rules_app, name="rules")
app.add_typer(puzzle.puzzle_app, name="puzzle")


def main() -> None:
    """Console-script entry point (``hearts``)."""
    app()
