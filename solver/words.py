"""Words in messages: counts (``1 card``, ``2 cards``) and the user's text quoted safely (the
solver's errors, the analysis and the commands' output share them)."""
from __future__ import annotations

__all__ = ["QUOTE_LIMIT", "counted", "joined", "printable", "quoted", "short_repr",
           "tricks_left_text"]

#: The most characters of the user's text a message quotes (:func:`quoted`): a message is one
#: short line however long the text (a 100 KB token made a 200 KB "one-line" error).
QUOTE_LIMIT = 80


def counted(n: int, noun: str) -> str:
    """``"1 deal"``, ``"0 deals"``, ``"2 deals"``: ``n`` and ``noun``, plural unless ``n`` is 1
    (a regular plural: add ``s``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def tricks_left_text(n: int) -> str:
    """``"1 trick is left"``, ``"6 tricks are left"``."""
    return f"{counted(n, 'trick')} {'is' if n == 1 else 'are'} left"


def joined(words: "list[str] | tuple[str, ...]", conjunction: str = "and") -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (``conjunction`` ``"or"``: ``"A, B or C"``)."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def printable(text: str) -> str:
    """``text`` with every character ``str.isprintable`` refuses (control characters, line
    breaks, bidi overrides) written as ``repr`` writes it (``\\x1b``, ``\\n``); the rest is
    kept as it is, quotes and backslashes too.

    For a message that may carry the user's text unquoted, so that it reaches the terminal as
    one inert line: an escape sequence in a file or an option (``ESC ]0;...BEL`` retitles the
    terminal, ``ESC [2J`` clears it) must never reach it.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a message quotes the user's input: in double quotes, control characters
    escaped (:func:`printable`, so ``"3C \\x1b]0;x\\x07"``), and cut to ``limit``
    characters with ``…`` and the whole length (``"AAAA…" (100,000 characters)``).

    The cut comes before the escaping, so an escape is never split (``\\x1`` is no
    character); the caller says where the text is (item 2, token 5, line 3, column 7).
    """
    if len(text) <= limit:
        return f'"{printable(text)}"'
    return f'"{printable(text[:limit])}…" ({len(text):,} characters)'


def short_repr(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message (``'X'``, control characters escaped), a text cut to
    ``limit`` characters and ``…`` first, so that a long value leaves the message short."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit] + "…")
    return repr(value)
