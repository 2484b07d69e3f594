"""The command classes of the ``hearts`` command: help text as a reader expects it.

typer (0.29) marks every flag with its Python type (``--json <bool>``, as if it took a
value: ``--json true`` is then an error) and a required argument with braces
(``Usage: hearts pass [OPTIONS] {HAND}``); click suggests any option a little alike
(``--colour``: "Possible options: --scores"). :class:`HeartsCommand` and
:class:`HeartsGroup` show flags bare and arguments as click writes them (``HAND``,
``[DEAL]``); :func:`close_options` keeps a suggestion only when it is close.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, Sequence

from typer.core import TyperCommand, TyperGroup

__all__ = ["HeartsCommand", "HeartsGroup", "close_options", "SUGGEST_CUTOFF"]

#: How alike a mistyped option and a suggestion must be (difflib's ratio): ``--colour`` and
#: ``--color`` 0.93, ``--seeds`` and ``--seed`` 0.92, ``--colour`` and ``--scores`` 0.62
#: (click's own cutoff is difflib's 0.6).
SUGGEST_CUTOFF = 0.75

_BRACED = re.compile(r"^\{(.*)\}(\.\.\.)?$")


class _PlainHelp:
    """A flag (an option that takes no value) shows no type; a required argument's name
    in the usage line has no braces."""

    params: list[Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            _bare_flag(param)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            _bare_flag(option)
        return option

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        return [_BRACED.sub(r"\1\2", piece) for piece in pieces]


def _bare_flag(param: Any) -> None:
    # typer's help prints an option's metavar in place of its type when there is one
    if getattr(param, "is_flag", False) and param.metavar is None:
        param.metavar = ""


class HeartsCommand(_PlainHelp, TyperCommand):
    """A ``hearts`` command (``app.command(..., cls=HeartsCommand)``)."""


class HeartsGroup(_PlainHelp, TyperGroup):
    """A ``hearts`` group (``typer.Typer(cls=HeartsGroup)``)."""


def close_options(mistyped: str, options: Sequence[str]) -> list[str]:
    """The ``options`` close enough to ``mistyped`` to be suggested (:data:`SUGGEST_CUTOFF`),
    closest first."""
    return difflib.get_close_matches(mistyped, list(options), n=3, cutoff=SUGGEST_CUTOFF)
