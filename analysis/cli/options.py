"""The command line's shared options, one spelling each, and the reading of what they name.

- Option factories (``threads_option()`` ...): ``-j/--threads``, ``-n/--samples``, ``--seed``,
  ``--scheduler``, ``--time``, ``--nodes``, ``--json``, ``--jsonl``, ``-q/--quiet``,
  ``-r/--rules``, ``-s/--seat``, ``-m/--model``, ``-p/--played``, ``--scores``, ``--target``,
  ``-o/--output``, ``--force``, ``-d/--deal``, ``--at``, ``--position``. A factory takes what
  differs between commands (the help, a default); the spelling, metavar and bounds are the
  same everywhere.
- :func:`option_names`: the library's errors about an argument name the option instead.
- The checks of the options (a number, a seat, the game model of ``--model``, ``--scores``
  and ``--target``, an output path) and what they name: the table a deal is played at
  (:func:`deal_and_rules`), the position of a record (:func:`load_record`, ``RECORD --deal N
  --at K``) or of an open deal (:func:`open_position`, ``--position DEAL --played CARDS``), a
  hand (:func:`parse_hand`).

Bad input raises :class:`~hearts.solver.HeartsError` (:class:`CommandError` when it is no game
error), which the ``hearts`` group prints as one ``error:`` line with exit code 2.
"""
from __future__ import annotations

import copy
import errno
import math
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional, Sequence

import typer

from hearts.solver.cards import Card, CardError, parse_cards
from hearts.solver.errors import HeartsError, IllegalPlayError
from hearts.solver.hand import Hand
from hearts.solver.numbers import NumberError, parse_float, parse_int
from hearts.solver.position import Position
from hearts.solver.rules import Rules
from hearts.solver.seats import parse_seat, seat_letter
from hearts.solver.solve import game_spec
from hearts.solver.words import counted, quoted

from ..files import OutputFileError, os_reason, read_text
from ..outputs import input_conflict, stdout_conflict
from .render import progress, set_quiet
from ..parallel import MAX_THREADS
from ..positions import deal_and_rules
from ..records import DealRecord, read_games
from ..sampling import MAX_SAMPLES

__all__ = ["CommandError", "threads_option", "samples_option", "seed_option", "scheduler_option",
           "time_option", "nodes_option", "json_option", "jsonl_option", "quiet_option",
           "rules_option", "seat_option",
           "model_option", "played_option", "output_option", "force_option",
           "deal_number_option", "at_option", "position_option", "SCORES_OPTION",
           "TARGET_OPTION", "SAMPLING", "option_names", "given_options", "number_parser",
           "check_time_ms", "parse_seat_option", "deal_and_rules", "CommandError",
           "game_model", "check_game_on", "check_output", "check_stdout", "RecordPosition", "load_record",
           "load_record_position", "check_record_path", "open_position", "check_view_table",
           "parse_hand", "ascii_number_options", "read_input", "READ_PROGRESS_BYTES"]


class CommandError(HeartsError):
    """Bad command-line input that is no game error: a file, an example name, options that do
    not go together."""


# -- the options --------------------------------------------------------------------------------


def threads_option(help: str = "Worker threads (default: every core).", *,
                   min: Optional[int] = 1) -> Any:
    """``-j/--threads N``: local worker threads, at most :data:`MAX_THREADS` (``min=None``:
    the library checks the lower bound and :func:`option_names` names the option)."""
    return typer.Option(None, "--threads", "-j", metavar="N", min=min, max=MAX_THREADS,
                        help=help)


def samples_option(default: int, help: str, *, min: Optional[int] = 1) -> Any:
    """``-n/--samples N``: sampled deals, at most :data:`MAX_SAMPLES`."""
    return typer.Option(default, "--samples", "-n", metavar="N", min=min, max=MAX_SAMPLES,
                        help=help)


def seed_option(help: str, default: Optional[int] = 0) -> Any:
    """``--seed S``: a seed, 0 or more."""
    return typer.Option(default, "--seed", metavar="S", min=0, help=help)


def scheduler_option(help: str = "Run the samples on this Dask cluster (pip install "
                                 "'hearts-dd[cluster]'); same numbers as a local run with the "
                                 "same seed.") -> Any:
    """``--scheduler tcp://HOST:PORT``: run the work on a Dask cluster."""
    return typer.Option(None, "--scheduler", metavar="tcp://HOST:PORT", help=help)


def nodes_option(help: str) -> Any:
    """``--nodes N``: a node limit of the search."""
    return typer.Option(None, "--nodes", metavar="N", min=1, max=2**63 - 1, help=help)


def json_option(help: str) -> Any:
    """``--json``: print JSON instead of the view."""
    return typer.Option(False, "--json", help=help)


def jsonl_option(help: str) -> Any:
    """``--jsonl``: print JSON Lines (one object a line, as it goes) instead of the view."""
    return typer.Option(False, "--jsonl", help=help)


def rules_option(help: str, default: Optional[str] = None) -> Any:
    """``-r/--rules SPEC``: a rules preset and ``key=value`` options."""
    return typer.Option(default, "--rules", "-r", metavar="SPEC", help=help)


def seat_option(help: str, default: Optional[str] = None) -> Any:
    """``-s/--seat SEAT``: a seat (read by :func:`parse_seat_option`)."""
    return typer.Option(default, "--seat", "-s", metavar="SEAT", help=help)


def model_option(help: str, default: Optional[str] = None) -> Any:
    """``-m/--model MODEL``: the solution concept."""
    return typer.Option(default, "--model", "-m", metavar="MODEL",
                        show_default=default is not None, help=help)


def played_option(help: str) -> Any:
    """``-p/--played CARDS``: the cards played so far, in order."""
    return typer.Option("", "--played", "-p", metavar="CARDS", help=help)


def output_option(help: str, metavar: str = "PATH") -> Any:
    """``-o/--output PATH``: a file to write (checked by :func:`check_output`)."""
    return typer.Option(None, "--output", "-o", metavar=metavar, help=help)


def quiet_option() -> Any:
    """``-q/--quiet``: no progress on stderr (a bar on a terminal, a line every few seconds
    on a pipe: :func:`.render.progress`)."""
    return typer.Option(False, "--quiet", "-q", callback=set_quiet,
                        help="No progress on stderr (a bar on a terminal, a line every few "
                             "seconds on a pipe).")


def force_option(help: str) -> Any:
    """``--force``: overwrite an existing output file."""
    return typer.Option(False, "--force", help=help)


def deal_number_option(help: str) -> Any:
    """``-d/--deal N``: the N-th deal of a record file (:func:`load_record`)."""
    return typer.Option(1, "--deal", "-d", metavar="N", min=1, help=help)


def at_option(help: str) -> Any:
    """``--at PLAY``: the plays already made (:func:`load_record`)."""
    return typer.Option(None, "--at", metavar="PLAY", min=0, help=help)


def position_option(help: str) -> Any:
    """``--position DEAL``: an open position (:func:`open_position`)."""
    return typer.Option(None, "--position", metavar="DEAL", help=help)


#: ``--scores TOTALS``: every seat's game total before this deal.
SCORES_OPTION: Any = typer.Option(
    None, "--scores", metavar="TOTALS",
    help='The game totals before this deal, every seat: "N=80,E=95,S=63,W=40" or "80,95,63,40" '
         "(A=, B=, … at other tables; hearts play: \"record\", the record's running totals). "
         "Uses the game model: the seat's standing in the game, not its points for the deal.")
#: ``--target POINTS``: the game ends when a total reaches it (``Rules.target``).
TARGET_OPTION: Any = typer.Option(
    None, "--target", metavar="POINTS", min=1, max=400,
    help="With --scores: the game ends when a total reaches POINTS (default: the rules' "
         "target, 100).")

#: The sampling commands' options by the library's argument names (:func:`option_names`).
SAMPLING = {"samples": "--samples", "seed": "--seed", "threads": "--threads",
            "scheduler": "--scheduler"}


@contextmanager
def option_names(**options: str) -> Iterator[None]:
    """Name the command's options in the library's errors about its arguments.

    A library error about one argument carries its name (:attr:`HeartsError.argument`) and
    starts with it (``threads must be at least 1, got 0``). Within this block such an error,
    for an argument given here as ``threads="--threads"``, is raised again, of the same class,
    with the option in the argument's place (``--threads must be at least 1, got 0``); other
    errors pass unchanged.
    """
    try:
        yield
    except HeartsError as err:
        option = options.get(err.argument or "")
        text = str(err)
        if option is None or not text.startswith(err.argument):
            raise
        renamed = copy.copy(err)
        renamed.args = (option + text[len(err.argument):],)
        renamed.argument = None         # named for the command line now
        raise renamed from None


def given_options(ctx: typer.Context) -> set[str]:
    """The parameter names the user passed (command line or environment), by their source,
    not their value: ``--samples 100`` typed in open mode is as ignored as ``--samples 5``."""
    given = set()
    for name in ctx.params:
        source = ctx.get_parameter_source(name)
        # By name: typer may vendor its own click, whose ParameterSource is another enum.
        if source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP"):
            given.add(name)
    return given


# -- checks -------------------------------------------------------------------------------------


def number_parser(fits: Callable[[float], bool], wanted: str) -> Callable[[Any], float]:
    """The ``parser`` of a number option: it reads the value as a number
    (:func:`~hearts.solver.numbers.parse_float`: ASCII digits, at most 40 characters) and
    refuses it unless ``fits`` it, with :class:`typer.BadParameter` in words that quote the
    text typed and say the range wanted, printed as ``Invalid value for '--ci': nan is not a
    number of points in 0.01..26``. (typer's own range check said "Input should be less than
    or equal to 26" of nan; ``float()`` read ``1_0`` as 10 and ``١٠٠`` as 100.) Text that is
    no number (``abc``, ``inf``) gets the same words."""
    def parse(text: Any) -> float:
        if isinstance(text, (int, float)) and not isinstance(text, bool):
            value = float(text)         # a default, not typed
        else:
            try:
                value = parse_float(str(text).strip(), "")
            except NumberError:
                value = math.nan    # refused below, in the same words as a number out of range
        if not fits(value):
            raise typer.BadParameter(f"{_shown(text)} is not {wanted}")
        return value
    return parse


def _shown(text: Any) -> str:
    """An option's value as a message shows it: as typed (escaped and cut, :func:`quoted`,
    when it holds more than a plain word), ``''`` for nothing."""
    text = str(text)
    if not text.strip():
        return repr(text)
    return text if text.isprintable() and len(text) <= 40 and " " not in text else quoted(text)


#: The most digits of a whole-number option: far past any bound (``--nodes`` takes up to 19),
#: so that a value of a few digits too many gets typer's range message, not a digit count.
_OPTION_DIGITS = 100


def ascii_number_options(command: Any) -> None:
    """Make every whole-number option of ``command`` and its subcommands read its value by
    :func:`~hearts.solver.numbers.parse_int` (ASCII digits, at most 100) before typer converts
    it: typer's ``int`` read ``١٠٠`` as 100 and ``1_000`` as 1000, and echoed a 5,000-digit
    value whole. The ranges (``min``/``max``) stay typer's checks. One call on the root group
    covers every command, including options added later.

    An option is a whole number when its annotation is ``int`` (typer >= 0.20 keeps a
    ``type_descriptor``) or its click type an ``IntParamType`` (older typer); options with a
    ``parser`` of their own are left to it.
    """
    for sub in getattr(command, "commands", {}).values():
        ascii_number_options(sub)
    for param in getattr(command, "params", []):
        if getattr(param, "_ascii_numbers", False) or not _whole_number_param(param):
            continue
        param._ascii_numbers = True
        param.process_value = _checked_process(param.process_value)


def _whole_number_param(param: Any) -> bool:
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is not None:
        info = getattr(descriptor, "parameter_info", None)
        return descriptor.annotation is int and getattr(info, "parser", None) is None
    return type(getattr(param, "type", None)).__name__ in ("IntParamType", "IntRange")


def _checked_process(process: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def process_value(ctx: Any, value: Any) -> Any:
        values = value if isinstance(value, (tuple, list)) else (value,)
        for item in values:
            if isinstance(item, str):
                try:
                    parse_int(item.strip(), "", digits=_OPTION_DIGITS)
                except NumberError as err:
                    raise typer.BadParameter(str(err), ctx=ctx) from None
        return process(ctx, value)
    return process_value


#: The ``--time`` value in milliseconds, checked: a positive, finite number (``inf`` and ``nan``
#: parse as floats, but no search stops on them). Printed as ``Invalid value for '--time': inf
#: is not a positive, finite number of milliseconds``, the same for 0, negative values and text.
check_time_ms = number_parser(lambda ms: math.isfinite(ms) and ms > 0,
                              "a positive, finite number of milliseconds")


def time_option(default: Optional[float], help: str) -> Any:
    """The ``--time MS`` option of a command that searches (one check for every command:
    :data:`check_time_ms`; no option means no limit)."""
    return typer.Option(default, "--time", metavar="MS", parser=check_time_ms, help=help)


def parse_seat_option(text: str, players: int = 4, option: str = "--seat") -> int:
    """The seat given to ``option`` at a table of ``players`` (:func:`parse_seat`: a
    :class:`Seat` at 4), with the option named in its error as ``--played`` is in a card's:
    ``--seat: unknown seat 'X' (seats N, E, S, W)``.

    Raises:
        HeartsError: the text names no seat of the table.
    """
    try:
        return parse_seat(text, players)
    except HeartsError as err:
        raise HeartsError(f"{option}: {err}") from None


#: The models of the commands (each command checks its own).
_KNOWN_MODELS = ("paranoid", "maxn", "moon", "game")


def game_model(model: Optional[str], scores: Optional[str], target: Optional[int],
               default: str = "paranoid") -> str:
    """The model asked for: ``model``, or by default ``game`` with ``--scores`` and
    ``default`` without (``hearts solve``: paranoid; ``hearts play``: the engine's). (Whether
    the command knows the model is its own check.)

    Raises:
        CommandError: ``--model game`` without ``--scores``, ``--scores`` with another
            model, or ``--target`` without ``--scores``.
    """
    if model is None:
        model = "game" if scores is not None else default
    if model == "game" and scores is None:
        raise CommandError('--model game needs the game totals: --scores '
                           '"N=80,E=95,S=63,W=40"')
    if model != "game" and scores is not None and model in _KNOWN_MODELS:
        # (an unknown name, "GAME" say, is the command's "unknown model" error)
        raise CommandError(f"--scores is for the game model, not --model {model}")
    if target is not None and scores is None:
        raise CommandError("--target is the game's target: give the totals with --scores")
    return model


def check_game_on(totals: Sequence[int], rules: Rules) -> None:
    """Check the totals before any work starts (a progress bar, sampling): one whole number
    per seat in -400..400, and a game still on (:func:`hearts.solver.solve.game_spec`, which
    every game-model solve applies too).

    A total at or past the target is legal only under ``no_game_end_on_moon`` (the standard
    rules), and only after a moon or sun deal: the game goes on for one more deal. So such
    totals are accepted with a one-line ``note:`` on stderr that says so, in case they are a
    typing slip.

    Raises:
        SolverError: bad totals, or a game that is already over.
    """
    with option_names(scores="--scores"):
        game_spec(rules, totals)
    past = [seat for seat, total in enumerate(totals) if total >= rules.target]
    if past:
        seat = max(past, key=lambda x: totals[x])
        typer.echo(f"note: {seat_letter(seat, rules.players)}={totals[seat]} is at or past the "
                   f"target {rules.target}: the game goes on only after a moon or sun deal "
                   f"(no_game_end_on_moon)", err=True)


def check_stdout(inputs: "list[str]") -> None:
    """Refuse standard output redirected onto one of the ``inputs`` before any work
    (:func:`stdout_conflict`): ``>> games.txt`` made a streaming command read its own output
    without end, ``> games.txt`` has emptied the input already.

    Raises:
        OutputFileError: standard output is an input's file.
    """
    conflict = stdout_conflict(inputs)
    if conflict is not None:
        name = ("the file standard input reads" if conflict == "standard input"
                else f"the input file {conflict}")
        raise OutputFileError(f"standard output is {name}: the input is never overwritten "
                              f"(a redirection > or >> onto it empties it or feeds the output "
                              f"back in); write to another file")


def check_output(path: "str | os.PathLike[str] | None", inputs: "list[str]", force: bool,
                 what: str = "-o") -> None:
    """Refuse an output path before any work: one of the ``inputs`` (never overwritten: the
    same path, a link to it, or the file standard input reads when an input is ``-``), or an
    existing file unless ``force`` (``--force``). Nothing the user gave is lost. ``what`` names
    the option in the message (``-o``, ``--html``). (The output is created exclusively at the
    end too, :mod:`hearts.analysis.outputs`: this check only fails early.)

    Raises:
        OutputFileError: the path is empty, an input, exists (and not ``force``), is a
            directory or is in a folder that does not exist.
    """
    if path is None:
        return
    path = os.fspath(path)
    if not path:
        raise OutputFileError(f"{what}: an empty path")
    if path == "-":
        # "-" reads standard input, so it would be expected to write standard output; it
        # wrote a file named "-" instead
        raise OutputFileError(f"{what} -: standard output is the default, leave out {what} "
                              f"(for a file named -, give ./-)")
    conflict = input_conflict(path, inputs)
    if conflict is not None:
        name = ("the file standard input reads" if conflict == "standard input"
                else f"the input file {conflict}")
        raise OutputFileError(f"{what} {path} is {name}: the input is never overwritten")
    if os.path.isdir(path):
        raise OutputFileError(f"{what} {path} is a directory, not a file")
    if os.path.exists(path) and not force:
        raise OutputFileError(f"{what} {path} exists (use --force to overwrite it)")
    # A missing folder fails now, not after the work (and not after another output is written).
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        reason = errno.ENOTDIR if os.path.exists(folder) else errno.ENOENT
        raise OutputFileError(f"cannot write {path}: {os_reason(reason)}")


# -- the position a command works on ------------------------------------------------------------

def open_position(deal: str, played: str, rules: "str | None") -> "tuple[Rules, Position]":
    """The rules and the position of ``--position DEAL --played ... [--rules]``; the table
    size comes from the deal unless the rules set it, as in ``hearts solve``
    (:func:`deal_and_rules`).

    Raises:
        CardError: a bad card in ``--played`` (the message names the option).
        IllegalPlayError: an illegal play, named as ``hearts solve`` names one: ``card 3 of
            --played ("4S"): West must follow clubs``.
        InvalidDealError, RulesError: a bad deal or rules spec.
    """
    try:
        cards = parse_cards(played)
    except CardError as err:
        raise CardError(f"--played: {err}") from None
    the_deal, the_rules, _ = deal_and_rules(deal, rules or "standard")
    try:
        return the_rules, Position(the_deal, the_rules, cards)
    except IllegalPlayError as err:
        if err.index is None:
            raise
        raise IllegalPlayError(f'card {err.index} of --played ("{err.card}"): {err.reason}',
                               card=err.card, reason=err.reason, index=err.index) from None


def check_view_table(players: int, what: str, instead: str) -> None:
    """Refuse ``what`` at a table of other than 4: a seat's view (:class:`.Knowledge` and the
    deal sampler) is modelled for 4 players only. ``instead`` says what works at the table.

    Raises:
        CommandError: ``players`` is not 4.
    """
    if players != 4:
        raise CommandError(f"{what} at a table of {players}: a seat's view is sampled for 4 "
                           f"players only ({instead})")


@dataclass(frozen=True)
class RecordPosition:
    """A position of a record file (:func:`load_record`).

    Attributes:
        deal: the deal's record. rules: the rules it is played under. position: the position
        after the plays asked for. totals: the game's running totals before this deal (N, E,
        S, W; all 0 for a game's first deal), or None when an earlier deal of the game is
        unfinished.
    """

    deal: DealRecord
    rules: Rules
    position: Position
    totals: Optional[tuple[int, int, int, int]]


def load_record_position(path: str, deal_number: int = 1, at: Optional[int] = None,
                         rules: Optional[str] = None, *,
                         to_move: bool = False) -> tuple[DealRecord, Rules, Position]:
    """``(deal, rules, position)`` of :func:`load_record`."""
    found = load_record(path, deal_number, at, rules, to_move=to_move)
    return found.deal, found.rules, found.position


def check_record_path(path: str, instead: str = "--position DEAL") -> None:
    """Refuse a RECORD that names no file but reads as a deal (``N:<N> <E> <S> <W>``): the
    user meant an open position, which the command takes as ``instead``.

    Raises:
        CommandError: ``path`` is no file and starts as a PBN deal does.
    """
    if not os.path.lexists(path) and re.match(r"\s*[NESWA-G]\s*:\S*[ .]", path):
        raise CommandError(f"RECORD {quoted(path, 40)} is a deal, not a record file: give "
                           f"the deal as {instead} (with --played, the cards played)")


def load_record(path: str, deal_number: int = 1, at: Optional[int] = None,
                rules: Optional[str] = None, *, to_move: bool = False) -> RecordPosition:
    """The deal ``deal_number`` (1-based, counting every deal of every game in the file) of a
    record file (HGN, JSON, OpenSpiel action-id lines or peer JSON lines; the format is
    detected), the position after its first ``at`` plays (default: all of them), and the
    game's totals before the deal.

    Args:
        to_move: the position must have a seat to move (advice, moon watch): on a finished
            deal ``at`` is at most 51, and the default (all plays) is refused with that range.

    Raises:
        RecordSyntaxError: the record does not read (an illegal play names the file and its
            line).
        CommandError: no such deal; ``at`` outside the range that works, which the message
            gives (``--at 52: deal 1 is over after 52 plays (give 0..51)``).
    """
    with option_names(rules="--rules"):
        games = read_games(read_input(path), rules=rules, name=path)
    deals = [(game, index, deal) for game in games for index, deal in enumerate(game.deals)]
    if not 1 <= deal_number <= len(deals):
        raise CommandError(f"--deal {deal_number}: {path} holds {counted(len(deals), 'deal')}")
    game, index, deal = deals[deal_number - 1]
    totals = (0, 0, 0, 0) if index == 0 else game.scores()[index - 1]
    the_rules = Rules.parse(rules) if rules is not None else game.rules
    plays = deal.cards
    # A finished deal leaves nothing to advise on or watch after its last play.
    last = len(plays) - 1 if to_move and deal.is_finished() else len(plays)
    if at is None and len(plays) > last:
        raise CommandError(f"{path}: deal {deal_number} is over after "
                           f"{counted(len(plays), 'play')}: give --at 0..{last}, the plays "
                           f"already made")
    if at is None:
        at = len(plays)
    if at == len(plays) > last:
        raise CommandError(f"--at {at}: deal {deal_number} is over after "
                           f"{counted(len(plays), 'play')} (give 0..{last})")
    if not 0 <= at <= last:
        raise CommandError(f"--at {at}: deal {deal_number} records "
                           f"{counted(len(plays), 'play')} (give 0..{last})")
    position = Position(deal.deal, the_rules, plays[:at], first_leader=deal.first_leader,
                        pass_direction=deal.direction)
    return RecordPosition(deal, the_rules, position, totals)


#: An input file at least this large shows the progress of its reading (``read_input``).
READ_PROGRESS_BYTES = 4 * 1024 * 1024


def read_input(path: str) -> str:
    """The text of an input file (``-`` stdin) as :func:`~hearts.analysis.files.read_text`
    reads it, with progress in MiB on stderr for a file of :data:`READ_PROGRESS_BYTES` or more.

    Raises:
        InputFileError, OSError: as ``read_text``.
    """
    try:
        size = os.path.getsize(path) if path != "-" else 0
    except OSError:
        size = 0                # read_text says what is wrong with it
    if size < READ_PROGRESS_BYTES:
        return read_text(path)
    with progress(f"reading {path}", True, unit="MiB") as update:
        shown = None if update is None else (lambda done: update(done >> 20, size >> 20))
        return read_text(path, progress=shown)


def parse_hand(text: str) -> "Hand | list[Card]":
    """A hand as PBN ``S.H.D.C`` (``AKQ.T98.AKQ.AKQJ``) or a card list (``"AS KS QS ..."``).

    Raises:
        CardError, InvalidDealError: not a hand (the size is checked by the caller).
    """
    text = text.strip()
    if "." in text:
        return Hand(text)
    cards = parse_cards(text)
    return cards
