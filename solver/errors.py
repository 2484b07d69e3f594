"""Errors raised by the game model.

Every error is a :class:`ValueError` subclass (as in python-chess), so callers that only
care about "bad input" can catch ``ValueError``. Every message is one line that names the
problem and where it is, e.g. ``duplicate card QS: North and West`` or
``card 7 of played list ("5H"): East must follow clubs``.
"""
from __future__ import annotations

__all__ = [
    "HeartsError",
    "CardError",
    "InvalidDealError",
    "IllegalPlayError",
    "RulesError",
    "RecordSyntaxError",
    "SolverError",
]


class HeartsError(ValueError):
    """Base class of every error raised by hearts-dd for bad input or a misuse.

    Attributes:
        argument: the name of the function argument the error is about (``"threads"``), or
            ``None``. A caller with names of its own for the arguments can put them in: the
            ``hearts`` command shows ``threads must be at least 1, got 0`` as ``--threads
            must be at least 1, got 0`` (the messages about one argument start with its name,
            except where the command words them itself).
    """

    def __init__(self, *args: object, argument: str | None = None) -> None:
        super().__init__(*args)
        self.argument = argument


class CardError(HeartsError):
    """A card, suit or rank could not be parsed, e.g. ``unknown card "1X"``."""


class InvalidDealError(HeartsError):
    """A hand, deal or pass breaks the deck rules (duplicate, missing or miscounted cards)."""


class IllegalPlayError(HeartsError):
    """A card was played against the rules of play.

    Attributes:
        card: the card (or the text) that was played.
        reason: the broken rule, e.g. ``East must follow clubs``.
        index: 1-based position in a played list, or ``None`` for a single ``play()``.
    """

    def __init__(self, message: str, *, card: object = None, reason: str | None = None,
                 index: int | None = None) -> None:
        super().__init__(message)
        self.card = card
        self.reason = reason
        self.index = index


class RulesError(HeartsError):
    """A rules option is unknown or has a bad value, e.g. ``unknown rules option "mon"``."""


class SolverError(HeartsError):
    """A request the solver cannot answer (unknown model, a bad limit, a finished deal)."""


class RecordSyntaxError(HeartsError):
    """A game record (OpenSpiel action line, peer record, ...) could not be read.

    Attributes:
        line: 1-based line number in the record, or ``None`` when not known.
        column: 1-based column (characters), or ``None``.
        file: the file's name, or ``None`` (:meth:`in_file`).

    The message starts with ``line N`` (and ``column C`` when known), led by ``FILE:`` when
    the file is known, as compilers write it: ``game.hgn: line 2, column 1: ...``.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 file: str | None = None) -> None:
        self.line = line
        self.column = column
        self.file = file
        self.detail = message
        where = [] if file is None else [f"{file}:"]
        if line is not None:
            where.append(f"line {line}" + ("," if column is not None else ":"))
        if column is not None:
            where.append(f"column {column}:")
        super().__init__(" ".join([*where, message]))

    def in_file(self, name: str) -> "RecordSyntaxError":
        """This error with the file's name before its place (``-`` is ``stdin``); the same
        class (subclasses keep this constructor), line, column and detail."""
        return type(self)(self.detail, self.line, self.column, "stdin" if name == "-" else name)
