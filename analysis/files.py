"""Reading input files (UTF-8, a size limit, JSON with errors that name the place) and writing
output files."""
from __future__ import annotations

import errno
import json
import os
import sys
from typing import IO, Any, Callable

from hearts.solver.errors import HeartsError, RecordSyntaxError

__all__ = ["InputFileError", "MAX_INPUT_BYTES", "OutputFileError", "decode_text",
           "error_line", "os_reason", "expect_json", "json_kind", "load_json", "printable",
           "quote_text",
           "read_file_text", "read_limited", "read_text", "same_file", "size_text", "stream_name",
           "strip_bom", "write_output"]


class InputFileError(HeartsError):
    """An input file that is no UTF-8 text or larger than :data:`MAX_INPUT_BYTES` (a missing
    or unreadable file stays an ``OSError``)."""


class OutputFileError(HeartsError):
    """An output file that cannot be written, or an output path refused before any work (the
    message names the path)."""


def strip_bom(text: str) -> str:
    """``text`` without a leading UTF-8 byte-order mark (``\\ufeff``, which Windows editors
    write), so that every reader and the format detection see the first real character."""
    return text[1:] if text.startswith("\ufeff") else text


def quote_text(text: str, limit: int = 40) -> str:
    """``text`` as error messages quote a piece of the user's file: Python's ``repr``
    (``'\\x00\\x1b[31m'``), cut to ``limit`` characters and ``…``.

    The terminal must never see the file's control characters (an escape sequence would
    recolour or rewrite it) and a message stays one short line however long the text.
    """
    # cut before quoting: a cut after it could split an escape ("\\x1" is no character)
    return repr(text if len(text) <= limit else text[:limit] + "…")


def printable(text: str) -> str:
    """``text`` with every character ``str.isprintable`` refuses (control characters, line
    breaks, bidi overrides) written as ``repr`` writes it (``\\x1b``, ``\\n``); the rest is
    kept as it is, quotes and backslashes too.

    For a message built elsewhere that may carry the user's text unquoted, e.g. a
    ``CardError`` ``unknown card "..."``, so that it reaches the terminal as one inert line.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def decode_text(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text, without a leading byte-order mark (:func:`strip_bom`).

    Raises:
        InputFileError: ``data`` is not UTF-8; the message names ``name`` and the line and
            byte of the first bad byte, both 1-based as GNU ``cmp`` counts them.
    """
    try:
        # utf-8, not utf-8-sig: the byte of a decoding error stays the file's own offset
        return strip_bom(data.decode("utf-8"))
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InputFileError(f"{name}: not a UTF-8 text file ({err.reason} at line {line}, "
                             f"byte {err.start + 1})") from None


#: The most an input file may hold, in bytes (characters for a text stream). The largest real
#: inputs are far below (the peer-games file: 1.2 MB); without a cap ``/dev/zero`` or
#: ``/dev/urandom`` was read until memory ran out.
MAX_INPUT_BYTES = 256 * 1024 * 1024
_CHUNK = 1024 * 1024


def size_text(size: int) -> str:
    """``256 MiB``, ``1 KiB`` or ``100 bytes``: a size as the input limit is stated."""
    for unit, factor in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} bytes"


def read_limited(stream: "IO[bytes] | IO[str]", name: str, limit: "int | None" = None,
                 progress: "Callable[[int], None] | None" = None) -> "bytes | str":
    """All of ``stream`` (bytes or text, as it gives), read a chunk at a time so that an
    endless or huge input stops at ``limit`` (default :data:`MAX_INPUT_BYTES`) rather than
    filling memory. ``progress``, if given, is called with the bytes read so far after each
    chunk (1 MiB).

    Raises:
        InputFileError: ``{name}: larger than the 256 MiB limit for an input file``, or the
            input did not fit in memory before the limit.
        OSError: the stream cannot be read.
    """
    limit = MAX_INPUT_BYTES if limit is None else limit
    empty = stream.read(0)      # b"" or "": what the stream gives, for an empty input too
    chunks: list[Any] = []
    size = 0
    try:
        while True:
            chunk = stream.read(min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if progress is not None:
                progress(size)
            if size > limit:
                raise InputFileError(f"{name}: larger than the {size_text(limit)} limit for "
                                     f"an input file")
        return empty.join(chunks)
    except MemoryError:
        chunks.clear()      # free what was read, so that the message can be built
        raise InputFileError(f"{name}: out of memory after reading {size:,} bytes (an input "
                             f"file may hold up to {size_text(limit)})") from None


def stream_name(stream: object) -> str:
    """The name an error gives an open file: its ``name`` (a path), else ``the input``."""
    name = getattr(stream, "name", None)
    return name if isinstance(name, str) else "the input"


def read_file_text(path: "str | os.PathLike[str]", limit: "int | None" = None,
                   progress: "Callable[[int], None] | None" = None) -> str:
    """The text of the file ``path`` (``-`` is a file name here), at most ``limit`` bytes
    (default :data:`MAX_INPUT_BYTES`), without a leading byte-order mark.

    Raises:
        InputFileError: not UTF-8 text (:func:`decode_text`), or larger than the limit
            (:func:`read_limited`).
        OSError: the file is missing or unreadable.
    """
    name = os.fspath(path)
    with open(name, "rb") as f:
        return decode_text(read_limited(f, name, limit, progress), name)  # type: ignore[arg-type]


def read_text(path: str, limit: "int | None" = None,
              progress: "Callable[[int], None] | None" = None) -> str:
    """The whole text of ``path`` (``-`` reads standard input), without a leading byte-order
    mark (:func:`strip_bom`), at most ``limit`` bytes (default :data:`MAX_INPUT_BYTES`): the
    one place the commands read an input file. ``progress`` gets the bytes read so far
    (:func:`read_limited`; a file only).

    Raises:
        InputFileError: the file is not UTF-8 text; the message names it, the line and the
            byte (:func:`decode_text`); or it is larger than the limit (:func:`read_limited`).
        OSError: the file is missing or unreadable (the commands turn it into one line).
    """
    if path != "-":
        return read_file_text(path, limit, progress)
    raw = getattr(sys.stdin, "buffer", None)    # None where a caller put a text stream
    if raw is None:
        return strip_bom(read_limited(sys.stdin, "stdin", limit))  # type: ignore[arg-type]
    return decode_text(read_limited(raw, "stdin", limit), "stdin")  # type: ignore[arg-type]


def load_json(text: str) -> Any:
    """``json.loads(text)``, with JSON nested deeper than Python's recursion allows (a
    ``RecursionError`` from the decoder) reported as the ``json.JSONDecodeError``
    "nested too deeply" at the first bracket of the deepest nesting, so every reader's
    "bad JSON" message covers it.

    Raises:
        json.JSONDecodeError: not JSON, or nested too deeply (a ``ValueError``).
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, _deepest_bracket(text)) from None


def _deepest_bracket(text: str) -> int:
    """The offset of the first ``[`` or ``{`` at the deepest nesting, strings skipped."""
    depth = deepest = at = 0
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest, at = depth, i
        elif ch in "]}":
            depth -= 1
    return at


_JSON_KINDS = {type(None): "null", bool: "a boolean", int: "a number", float: "a number",
               str: "a string", list: "an array", dict: "an object"}


def json_kind(value: object) -> str:
    """What a parsed JSON value is, for messages: ``null``, ``a string``, ``an array``, ...
    (JSON's names, not Python's: the user wrote JSON)."""
    return _JSON_KINDS.get(type(value), type(value).__name__)


def expect_json(value: object, kind: "type | tuple[type, ...]", expected: str, where: str = "",
                error: type[Exception] = RecordSyntaxError) -> Any:
    """``value`` if it is of the JSON type ``kind`` (``true``/``false`` is no number here),
    for the readers of JSON records.

    Raises:
        ``error`` (default ``RecordSyntaxError``): ``{where}: expected {expected}, not {what}``
            with the value shown when it is a scalar, e.g. ``points N: expected a whole
            number, not a string "7"``.
    """
    if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
        return value
    shown = f" {json.dumps(value)}" if isinstance(value, (str, int, float)) else ""
    prefix = f"{where}: " if where else ""
    raise error(f"{prefix}expected {expected}, not {json_kind(value)}{shown}")


def same_file(a: str, b: str) -> bool:
    """Do the paths name one file (the same inode, or the same absolute path when either is
    missing)? The commands use it to refuse an output path that is one of their inputs."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def write_output(path: "str | os.PathLike[str]", text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8).

    Raises:
        OutputFileError: the file cannot be written; the message names the path and why.
    """
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as err:
        raise OutputFileError(f"cannot write {os.fspath(path)}: {os_reason(err)}") from None


def os_reason(err: "OSError | int") -> str:
    """Why a file could not be read or written, in one wording wherever it is said: the
    system's words in lower case as the other messages are (``no such file or directory``,
    ``permission denied``), and ``is a directory, not a file`` for a directory. ``err`` is an
    ``OSError`` or an ``errno`` number."""
    code = err if isinstance(err, int) else err.errno
    if code == errno.EISDIR:
        return "is a directory, not a file"
    text = os.strerror(code) if isinstance(err, int) else (err.strerror or str(err))
    return text[:1].lower() + text[1:]


def error_line(err: Exception) -> str:
    """The one line the commands print for an error: an ``OSError`` as ``path: reason``
    (``/tmp: is a directory, not a file``, not ``[Errno 21] ...``: :func:`os_reason`),
    anything else as its message."""
    if isinstance(err, OSError):
        if err.filename is None:
            where = ""
        elif err.filename == "":
            where = "'' (an empty file name): "   # else the line would not say which input
        else:
            where = f"{err.filename}: "
        return f"{where}{os_reason(err)}"
    return str(err)
