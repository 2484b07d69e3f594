"""The ``hearts`` command: the typer app, its error handling and exit codes, and the commands.

Every command lives in a module of its own (``solve.py``, ``replay.py``, ``convert.py``,
``play.py``, ``moon.py``, ``passes.py``, ``annotate.py``, ``rules.py``, ``puzzle.py``), built
with typer + rich on the Python API; the options they share are in :mod:`.options`, what they
print in :mod:`.render`. Every command that values cards says which solution concept it uses;
values are points for the deal (lower is better).

Bad input never shows a traceback: every :class:`~hearts.solver.HeartsError` (bad card, deal,
rules, seat, model, illegal play), every file error and every usage error prints one line
``error: <message>`` on stderr and exits with code 2. Ctrl-C prints ``interrupted`` and exits
with code 130.
"""
from __future__ import annotations

import os
import re
import sys
from typing import Any, Optional

import typer

from hearts.solver import HeartsError

from ..files import error_line
from . import annotate, convert, moon, passes, play, puzzle, replay, rules, solve
from .help import HeartsCommand, HeartsGroup, close_options
from .render import set_quiet
from .terminal import ascii_fallback_streams

__all__ = ["app", "main", "EXIT_BAD_INPUT", "EXIT_INTERRUPTED"]

EXIT_BAD_INPUT = 2
#: Exit code after Ctrl-C: 128 + SIGINT, as a shell reports a program the signal ended.
EXIT_INTERRUPTED = 130


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    """Print ``error: <message>`` as one line on stderr and exit."""
    text = " ".join(str(message).split())
    sys.stderr.write(f"error: {text}\n")
    sys.stderr.flush()
    sys.exit(code)


# typer >= 0.2x vendors its own click: take the exception classes from typer's, whichever it is.
_CLICK_EXCEPTION = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
_USAGE_ERROR = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class _Interrupted(Exception):
    """Ctrl-C during a command (typer would turn the KeyboardInterrupt into a silent exit 130)."""


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
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()      # a closed pipe shows here, not in Python's flush at exit
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
app.add_typer(rules.rules_app, name="rules")
app.add_typer(puzzle.puzzle_app, name="puzzle")


def main() -> None:
    """Console-script entry point (``hearts``)."""
    app()
