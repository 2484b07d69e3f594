"""Output on a terminal that cannot show suit symbols.

The views print ``Q♠``, ``♥ AKQ``, ``±`` and ``→``. On a stream whose encoding lacks them (a
Windows ``cp1252`` console, ``PYTHONIOENCODING=ascii``, ``LANG=C`` on an old Python) Python
raises ``UnicodeEncodeError`` in the middle of the output. :func:`ascii_fallback_streams`
gives stdout and stderr the ``hearts-ascii`` error handler instead: each character the
encoding lacks is written as one ASCII character, suits as their letters (``Q♠`` → ``QS``,
the notation every input accepts), arrows and dashes as ``>`` and ``-``, ``±`` as ``~``,
anything else as ``?``.
A UTF-8 stream never calls the handler, so its output is unchanged.
"""
from __future__ import annotations

import codecs
import sys

__all__ = ["ASCII_SPELLING", "ascii_fallback_streams"]

#: The ASCII spelling of the non-ASCII characters the views print: one character each, so
#: that rich's tables (which measure the text before it is encoded) stay aligned.
ASCII_SPELLING = {
    "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
    "→": ">", "←": "<", "↔": "-", "…": ".", "±": "~", "−": "-", "—": "-", "–": "-",
    "·": ".", "×": "x", "≥": ">", "≤": "<", "≠": "#", "²": "2", "³": "3", "√": "V",
    "▶": ">", "◀": "<", "★": "*", "☆": ".",
}

_HANDLER = "hearts-ascii"


def _spell(err: UnicodeError) -> tuple[str, int]:
    """Codec error handler: the ASCII spelling of the characters an encoding lacks."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    text = err.object[err.start:err.end]
    return "".join(ASCII_SPELLING.get(ch, "?") for ch in text), err.end


codecs.register_error(_HANDLER, _spell)


def ascii_fallback_streams() -> None:
    """Give ``sys.stdout`` and ``sys.stderr`` the ``hearts-ascii`` error handler where their
    encoding is not a Unicode one.

    Only text streams that can be reconfigured (``io.TextIOWrapper``) are changed; a UTF-8
    stream, or one replaced by a test runner, is left alone (stderr's default
    ``backslashreplace`` would print ``Q\\u2660``).
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        try:
            unicode = codecs.lookup(stream.encoding).name.startswith("utf")
        except (AttributeError, TypeError, LookupError):
            continue
        if reconfigure is not None and not unicode:
            reconfigure(errors=_HANDLER)
