"""Reading the user's input files for the ``hearts`` commands."""
from __future__ import annotations

import os
import sys

from hearts.solver.errors import HeartsError

__all__ = ["InputFileError", "read_text", "same_file"]


class InputFileError(HeartsError):
    """An input file that is no UTF-8 text (a missing or unreadable file stays an ``OSError``)."""


def read_text(path: str) -> str:
    """The whole text of ``path`` (``-`` reads standard input).

    Raises:
        InputFileError: the file is not UTF-8 text; the message names it and the byte.
        OSError: the file is missing or unreadable (the commands turn it into one line).
    """
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except UnicodeDecodeError as err:
        raise InputFileError(f"{path}: not a UTF-8 text file ({err.reason} at byte {err.start})") \
            from None


def same_file(a: str, b: str) -> bool:
    """Do the paths name one file (the same inode, or the same absolute path when either is
    missing)? The commands use it to refuse an output path that is one of their inputs."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)
