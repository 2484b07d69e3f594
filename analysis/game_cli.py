"""Options shared by the commands: the game-model options of ``hearts solve`` and ``hearts
play``, ``--scores`` (the game totals before the deal) and ``--target`` (where the game ends),
and the rule that picks the model from them (``docs/variants.md``, "Game-level advice"); the
``--time`` limit of the commands that search (:func:`time_option`), the checked reading of a
number option (:func:`number_parser`) and of a ``--seat`` (:func:`parse_seat_option`); the
table a deal is played at (:func:`deal_and_rules`)."""
from __future__ import annotations

import copy
import math
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional, Sequence

import typer

from hearts.solver.deal import Deal
from hearts.solver.errors import HeartsError
from hearts.solver.rules import Rules
from hearts.solver.seats import parse_seat, seat_letter
from hearts.solver.solve import game_spec

__all__ = ["SCORES_OPTION", "TARGET_OPTION", "GameOptionError", "check_game_on", "game_model",
           "check_time_ms", "time_option", "number_parser", "parse_seat_option", "deal_and_rules",
           "option_names"]

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


def number_parser(fits: Callable[[float], bool], wanted: str) -> Callable[[Any], float]:
    """The ``parser`` of a number option: it reads the value as a float and refuses it unless
    ``fits`` it, with :class:`typer.BadParameter` in words that quote the text typed and say
    the range wanted, printed as ``Invalid value for '--ci': nan is not a number of points in
    0.01..26``. (typer's own range check said "Input should be less than or equal to 26" of
    nan; and ``1e400`` is inf as a float, so "inf is not ..." left the reader to guess why.)
    Text that is no number (``abc``) gets the same words."""
    def parse(text: Any) -> float:
        try:
            value = float(text)
        except (TypeError, ValueError):
            value = math.nan    # refused below, in the same words as a number out of range
        if not fits(value):
            shown = text if str(text).strip() else repr(text)    # '' rather than nothing
            raise typer.BadParameter(f"{shown} is not {wanted}")
        return value
    return parse


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


def deal_and_rules(deal_text: str, spec: str) -> tuple[Deal, Rules, str]:
    """The deal of ``deal_text`` and the rules of ``spec`` at its table: a deal of n hands
    (clockwise from A) says how many play, so a spec that does not set ``players`` gets
    ``players=n`` added (``A:<3 hands>`` under ``standard`` is ``standard,players=3``). Returns
    the deal, the rules and the spec they were read from (for the headers that show it).

    A spec that sets ``players`` is kept as it is: a deal of another table is then the
    :class:`~hearts.solver.Position`'s error ("the deal has 3 hands, the rules are for 5
    players").

    Raises:
        RulesError: a bad spec. InvalidDealError: a bad deal.
    """
    rules = Rules.parse(spec)
    deal = Deal(deal_text)
    if deal.players != rules.players and "players" not in spec:
        spec = f"{spec},players={deal.players}"
        rules = Rules.parse(spec)
    return deal, rules, spec


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


#: The models of the commands (each command checks its own).
_KNOWN_MODELS = ("paranoid", "maxn", "moon", "game")


class GameOptionError(HeartsError):
    """``--model``, ``--scores`` and ``--target`` that do not go together."""


def game_model(model: Optional[str], scores: Optional[str], target: Optional[int]) -> str:
    """The model asked for: ``model``, or by default ``game`` with ``--scores`` and
    ``paranoid`` without. (Whether the command knows the model is its own check.)

    Raises:
        GameOptionError: ``--model game`` without ``--scores``, ``--scores`` with another
            model, or ``--target`` without ``--scores``.
    """
    if model is None:
        model = "game" if scores is not None else "paranoid"
    if model == "game" and scores is None:
        raise GameOptionError('--model game needs the game totals: --scores '
                              '"N=80,E=95,S=63,W=40"')
    if model != "game" and scores is not None and model in _KNOWN_MODELS:
        # (an unknown name, "GAME" say, is the command's "unknown model" error)
        raise GameOptionError(f"--scores is for the game model, not --model {model}")
    if target is not None and scores is None:
        raise GameOptionError("--target is the game's target: give the totals with --scores")
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
