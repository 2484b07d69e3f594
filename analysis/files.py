"""Reading input files (UTF-8, a size limit, JSON with errors that name the place), the errors
of files, and the checks of JSON values; output files are written by :mod:`.outputs`."""
from __future__ import annotations

import difflib
import errno
import json
import os
import re
import stat
import sys
from contextlib import contextmanager
from typing import IO, Any, Callable, Iterator, Sequence

from hearts.solver.errors import HeartsError, NumberError, RecordSyntaxError
from hearts.solver.numbers import MAX_DIGITS, parse_float, parse_int
from hearts.solver.words import printable, quoted, short_repr

__all__ = ["InputFileError", "InputLines", "MAX_INPUT_BYTES", "OutputFileError", "check_keys",
           "decode_text", "error_line", "expect_json", "input_size", "json_kind", "load_json",
           "open_input", "os_reason", "printable", "quote_text", "read_file_text", "read_limited",
           "read_text", "same_file", "size_text", "stream_name", "stream_position", "strip_bom",
           "unknown_key"]


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
    recolour or rewrite it) and a message stays one short line however long the text
    (:func:`hearts.solver.words.quoted` says the same in double quotes, with the length).
    """
    return short_repr(text, limit)


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


@contextmanager
def open_input(path: str) -> Iterator["IO[bytes] | IO[str]"]:
    """The input ``path`` as a binary stream to read as it is needed (``-``: standard input,
    left open), for :class:`InputLines`.

    Raises:
        OSError: the file is missing or unreadable (the commands turn it into one line).
    """
    if path == "-":
        yield getattr(sys.stdin, "buffer", None) or sys.stdin
        return
    with open(path, "rb") as stream:
        yield stream


def input_size(stream: object) -> "int | None":
    """The size in bytes of a regular file's stream (for progress), ``None`` for a pipe."""
    try:
        info = os.fstat(stream.fileno())  # type: ignore[attr-defined]
    except (OSError, AttributeError, ValueError):
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) else None


def stream_position(stream: object) -> "int | None":
    """How far a stream has been read, in bytes (for progress); ``None`` for a pipe."""
    try:
        return stream.tell()  # type: ignore[attr-defined]
    except (OSError, AttributeError, ValueError):
        return None


class InputLines:
    """The lines of an input stream (bytes or text), read one at a time as they are needed,
    each at most ``limit`` bytes (default :data:`MAX_INPUT_BYTES`) and checked as UTF-8 with
    the line and byte of an error; a leading byte-order mark is dropped. For the line formats
    (OpenSpiel action ids, peer records, JSON Lines), which then read a file of any length in
    bounded memory; :meth:`rest` gives a whole-file format the whole text (the lines read so
    far and the rest), at most ``limit`` bytes as :func:`read_text` reads it.

    Attributes:
        number: the lines read so far (the number of the last one).
        offset: the bytes read so far (for progress).
    """

    def __init__(self, stream: "IO[bytes] | IO[str]", name: str,
                 limit: "int | None" = None) -> None:
        self.stream = stream
        self.name = name
        self.limit = MAX_INPUT_BYTES if limit is None else limit
        self.number = 0
        self.offset = 0
        self._ahead: list[tuple[int, str]] = []   # lines read by peek, not yet taken

    def _read(self) -> "str | None":
        """The next line with its line break, or ``None`` at the end."""
        raw = self.stream.readline(self.limit + 1)
        if not raw:
            return None
        number = self.number + 1
        if len(raw) > self.limit:
            raise InputFileError(f"{self.name}: line {number} is longer than the "
                                 f"{size_text(self.limit)} limit for an input file")
        if isinstance(raw, bytes):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                raise InputFileError(f"{self.name}: not a UTF-8 text file ({err.reason} at "
                                     f"line {number}, byte {self.offset + err.start + 1})"
                                     ) from None
        else:
            text = raw
        self.number = number
        self.offset += len(raw)
        return strip_bom(text) if number == 1 else text

    def peek(self) -> str:
        """The first line that is neither blank nor a ``#`` comment, stripped (``""`` at the
        end), without taking it: the line a format is detected by."""
        for _, line in self._ahead:
            if line.strip() and not line.lstrip().startswith("#"):
                return line.strip()
        while True:
            line = self._read()
            if line is None:
                return ""
            self._ahead.append((self.number, line))
            if line.strip() and not line.lstrip().startswith("#"):
                return line.strip()

    def __iter__(self) -> Iterator[tuple[int, str]]:
        """``(number, line)`` for every line left, without its line break."""
        while self._ahead:
            number, line = self._ahead.pop(0)
            yield number, line.rstrip("\r\n")
        while True:
            line = self._read()
            if line is None:
                return
            yield self.number, line.rstrip("\r\n")

    def rest(self) -> str:
        """The whole text left (the lines peeked and the rest of the stream), at most
        ``limit`` bytes in all.

        Raises:
            InputFileError: larger than the limit, or not UTF-8 (the line and byte named).
        """
        head = "".join(line for _, line in self._ahead)
        self._ahead.clear()
        data = read_limited(self.stream, self.name, self.limit)
        if self.offset + len(data) > self.limit:
            raise InputFileError(f"{self.name}: larger than the {size_text(self.limit)} limit "
                                 f"for an input file")
        if isinstance(data, bytes):
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as err:
                line = self.number + data.count(b"\n", 0, err.start) + 1
                raise InputFileError(f"{self.name}: not a UTF-8 text file ({err.reason} at "
                                     f"line {line}, byte {self.offset + err.start + 1})"
                                     ) from None
        else:
            text = data
        if self.number == 0:
            text = strip_bom(text)
        self.offset += len(data)
        return head + text


class _BadNumber(Exception):
    """Internal: a JSON number :func:`load_json` refuses (``token`` as written)."""

    def __init__(self, token: str, message: str) -> None:
        super().__init__(message)
        self.token = token


def _json_int(text: str) -> int:
    try:
        return parse_int(text, "JSON number", digits=MAX_DIGITS)
    except NumberError as err:
        raise _BadNumber(text, str(err)) from None


def _json_float(text: str) -> float:
    try:
        return parse_float(text, "JSON number")
    except NumberError as err:
        raise _BadNumber(text, str(err)) from None


def _json_constant(name: str) -> Any:
    raise _BadNumber(name, f"{name} is no JSON value")


def load_json(text: str) -> Any:
    """``json.loads(text)``, with its numbers read by :mod:`hearts.solver.numbers` and the
    errors of deep nesting and bad numbers as ``json.JSONDecodeError`` at their place, so
    every reader's "bad JSON" message covers them with the line and column:

    - JSON nested deeper than Python's recursion allows (a ``RecursionError`` from the
      decoder): "nested too deeply" at the first bracket of the deepest nesting;
    - a whole number of more than :data:`~hearts.solver.numbers.MAX_DIGITS` digits (Python's
      ``int()`` raises past 4,300, and no field of a record needs more than a few), a number
      with a fraction or exponent longer than 40 characters or beyond a float, and
      ``NaN``/``Infinity``, which Python's decoder takes but JSON has not.

    Raises:
        json.JSONDecodeError: not JSON, nested too deeply or a bad number (a ``ValueError``).
    """
    try:
        return json.loads(text, parse_int=_json_int, parse_float=_json_float,
                          parse_constant=_json_constant)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, _deepest_bracket(text)) from None
    except _BadNumber as bad:
        raise json.JSONDecodeError(str(bad), text, _token_offset(text, bad.token)) from None


def _token_offset(text: str, token: str) -> int:
    """The offset of the first number or constant ``token`` outside the strings of the JSON
    ``text`` (0 if none: the caller's message still names the problem)."""
    pattern = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![\w.+-])' + re.escape(token) + r"(?![\w.])")
    for match in pattern.finditer(text):
        if not match.group(0).startswith('"'):
            return match.start()
    return 0


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


def unknown_key(key: object, known: "Sequence[str]", where: str) -> str:
    """The message for a key of a JSON object that the reader does not know, naming the key
    (quoted safely) and its place, and the known key it is closest to:
    ``deal 1: play 3: unknown key "comemnt" (did you mean "comment"?)``; without a close one
    the known keys are listed. (An unknown key was ignored, so ``"comemnt"`` dropped a
    comment and ``"nagz"`` a mark, silently.)"""
    text = str(key)
    close = difflib.get_close_matches(text, list(known), n=1, cutoff=0.6)
    hint = (f"did you mean {quoted(close[0])}?" if close
            else f"known keys: {', '.join(known)}")
    prefix = f"{where}: " if where else ""
    return f"{prefix}unknown key {quoted(text)} ({hint})"


def check_keys(value: "Any", known: "Sequence[str]", where: str,
               notes: "list[str] | None" = None) -> None:
    """Refuse a key of the JSON object ``value`` that is not in ``known``
    (:func:`unknown_key`); with ``notes`` (a lenient reader's list) note it, ``...: ignored``,
    instead.

    Raises:
        RecordSyntaxError: the first unknown key, without ``notes``.
    """
    for key in value:
        if key not in known:
            message = unknown_key(key, known, where)
            if notes is None:
                raise RecordSyntaxError(message)
            notes.append(f"{message}: ignored")


def same_file(a: str, b: str) -> bool:
    """Do the paths name one file (the same inode, or the same absolute path when either is
    missing)? The commands use it to refuse an output path that is one of their inputs."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


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
