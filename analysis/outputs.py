"""Output files written whole or not at all, and standard output with errors that name it.

An output file is never written in place (issue 25: a full disk left a truncated file, a
SIGTERM during the write left 0 bytes, and with ``--force`` the user's previous file was lost
in both cases; two runs writing one path both "succeeded" and once interleaved):

1. the text goes to a temporary file in the target's folder (``.NAME.<8 hex>.hearts-tmp``,
   made with ``O_EXCL``, mode ``0o666`` less the umask, as a plain ``open`` makes it);
2. it is flushed and ``fsync``-ed, so that a write error (``ENOSPC``) or a crash comes
   before the target is touched;
3. it takes the target's place: over an existing file with ``os.replace`` (an atomic rename:
   readers see the old file or the new one, never a part; the old file's mode is kept), or,
   when overwriting is not allowed, with ``os.link``, which fails if the target exists --
   so of two runs racing for one path exactly one wins, however late the other checked;
4. the folder is ``fsync``-ed, so that the new name survives a crash.

Several outputs of one run (:func:`atomic_outputs`: ``hearts annotate -o X --html Y``) are
all written and synced before any takes its place, so a failure leaves none of them.

A temporary file is removed when the run fails, is interrupted (Ctrl-C) or is terminated
(``SIGTERM``: the command line turns it into an exception, :func:`remove_temporaries` is the
last resort); only ``SIGKILL`` or a power cut can leave one, under the recognisable name
above, next to the untouched target.

Plain ``tempfile``/``os.replace``/``os.link`` rather than a library: ``atomicwrites`` is
unmaintained (archived in 2022) and neither it nor its successors link exclusively; the
standard library does all of it in a few lines.
"""
from __future__ import annotations

import errno
import os
import secrets
import stat
import sys
from contextlib import contextmanager
from typing import IO, Iterator, Sequence

from .files import OutputFileError, os_reason, same_file

__all__ = ["TEMP_SUFFIX", "AtomicFile", "StandardOutput", "atomic_outputs", "write_output",
           "input_conflict", "stdout_conflict", "remove_temporaries"]

#: The end of every temporary file's name: ``.game.hgn.1a2b3c4d.hearts-tmp``.
TEMP_SUFFIX = ".hearts-tmp"

#: The temporary files not yet renamed or removed (for :func:`remove_temporaries`).
_LIVE: set[str] = set()


def _reason(err: OSError) -> str:
    return os_reason(err)


class AtomicFile:
    """One output file, written to a temporary file and put in place by :meth:`commit`
    (module docstring). ``write`` and the other methods raise :class:`OutputFileError`
    naming the path as given (``cannot write out.hgn: no space left on device``).

    Args:
        path: the target. A symbolic link is followed: the file it names is replaced (as a
            plain write would change it), not the link.
        force: replace an existing target; without it the target must not exist when the
            file takes its place (checked then, atomically, not only at the start).
    """

    def __init__(self, path: "str | os.PathLike[str]", *, force: bool = False) -> None:
        self.path = os.fspath(path)
        self.force = force
        self.target = os.path.realpath(self.path)
        self.temp: "str | None" = None
        self._stream: "IO[str] | None" = None
        self.committed = False

    # -- writing ------------------------------------------------------------------------------

    def open(self) -> "AtomicFile":
        """Create the temporary file next to the target.

        Raises:
            OutputFileError: the folder is missing or not writable.
        """
        folder, name = os.path.split(self.target)
        for _ in range(100):
            temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
            try:
                fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
            except FileExistsError:
                continue
            except OSError as err:
                raise OutputFileError(f"cannot write {self.path}: {_reason(err)}") from None
            break
        else:  # pragma: no cover - 100 clashes of 32 random bits
            raise OutputFileError(f"cannot write {self.path}: no free temporary name")
        self.temp = temp
        _LIVE.add(temp)
        self._stream = open(fd, "w", encoding="utf-8")
        return self

    def write(self, text: str) -> None:
        """Write ``text`` (UTF-8) to the temporary file."""
        if self._stream is None:
            raise OutputFileError(f"cannot write {self.path}: not open")
        try:
            self._stream.write(text)
        except OSError as err:
            raise OutputFileError(f"cannot write {self.path}: {_reason(err)}") from None

    def sync(self) -> None:
        """Flush and ``fsync`` the temporary file and close it: every write error comes
        here, before the target is touched."""
        if self._stream is None or self._stream.closed:
            return
        try:
            self._stream.flush()
            os.fsync(self._stream.fileno())
            self._stream.close()
        except OSError as err:
            raise OutputFileError(f"cannot write {self.path}: {_reason(err)}") from None

    # -- putting it in place ------------------------------------------------------------------

    def commit(self) -> None:
        """Sync the file and put it in the target's place (:meth:`publish`)."""
        self.sync()
        self.publish()

    def publish(self) -> None:
        """Put the synced temporary file in the target's place: ``os.replace`` with
        ``force``, else ``os.link``, which fails if the target exists.

        Raises:
            OutputFileError: the target exists (without ``force``: another program made it
                since the start), or it cannot be replaced.
        """
        assert self.temp is not None and self._stream is not None and self._stream.closed
        try:
            if self.force:
                self._keep_mode()
                os.replace(self.temp, self.target)
            else:
                self._link()
                os.unlink(self.temp)
        except FileExistsError:
            raise OutputFileError(f"{self.path} exists (made while this run was writing; "
                                  f"it is not overwritten)") from None
        except OSError as err:
            raise OutputFileError(f"cannot write {self.path}: {_reason(err)}") from None
        _LIVE.discard(self.temp)
        self.temp = None
        self.committed = True
        _sync_folder(os.path.dirname(self.target))

    def _keep_mode(self) -> None:
        """The replaced file's permissions for the new one (not the temporary file's)."""
        try:
            mode = stat.S_IMODE(os.stat(self.target).st_mode)
        except FileNotFoundError:
            return
        os.chmod(self.temp, mode)  # type: ignore[arg-type]

    def _link(self) -> None:
        try:
            os.link(self.temp, self.target)  # type: ignore[arg-type]
        except OSError as err:
            if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK,
                                 errno.ENOSYS):
                raise
            # A file system without hard links (FAT, some network mounts): claim the name
            # with O_EXCL, then rename over the claim.
            os.close(os.open(self.target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            os.replace(self.temp, self.target)  # type: ignore[arg-type]

    def unpublish(self) -> None:
        """Remove the target this run linked into place (a later output of the run failed);
        a replaced file cannot be restored, which is why exclusive outputs go first."""
        if self.committed and not self.force:
            try:
                os.unlink(self.target)
            except OSError:
                pass
            self.committed = False

    def discard(self) -> None:
        """Close and remove the temporary file (nothing once it took the target's place)."""
        if self._stream is not None and not self._stream.closed:
            try:
                self._stream.close()
            except OSError:
                pass
        if self.temp is not None:
            try:
                os.unlink(self.temp)
            except FileNotFoundError:
                pass
            _LIVE.discard(self.temp)
            self.temp = None

    def __enter__(self) -> "AtomicFile":
        return self.open()

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        try:
            if kind is None:
                self.commit()
        finally:
            self.discard()


def _sync_folder(folder: str) -> None:
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass        # some file systems cannot sync a folder; the rename is done either way
    finally:
        os.close(fd)


@contextmanager
def atomic_outputs(files: Sequence[AtomicFile]) -> Iterator[Sequence[AtomicFile]]:
    """Open every file of ``files``; after the block, sync them all, then put them in place
    (those without ``force`` first: their links are the steps that can fail, and can be
    undone); on any error, remove every temporary file and every target linked, so the
    outputs of one run appear only if all succeed.

    Raises:
        OutputFileError: as :class:`AtomicFile`.
    """
    try:
        for f in files:
            f.open()
        yield files
        for f in files:
            f.sync()
        done: list[AtomicFile] = []
        try:
            for f in sorted(files, key=lambda f: f.force):
                f.publish()
                done.append(f)
        except BaseException:
            for f in done:
                f.unpublish()
            raise
    finally:
        for f in files:
            f.discard()


def write_output(path: "str | os.PathLike[str]", text: str, *, force: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all (:class:`AtomicFile`).

    Raises:
        OutputFileError: the file cannot be written, or exists and not ``force``; the
            message names the path and why.
    """
    with AtomicFile(path, force=force) as f:
        f.write(text)


class StandardOutput:
    """Standard output as an output stream: ``write`` raises :class:`OutputFileError`
    ``cannot write standard output: no space left on device`` (``> /dev/full``) rather than
    an ``OSError`` without a name. A closed pipe (``| head``) stays a ``BrokenPipeError``,
    which the command line ends quietly."""

    path = "standard output"

    def __init__(self, stream: "IO[str] | None" = None) -> None:
        self._stream = stream

    @property
    def stream(self) -> IO[str]:
        return self._stream if self._stream is not None else sys.stdout

    def write(self, text: str) -> None:
        try:
            self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as err:
            raise OutputFileError(f"cannot write standard output: {_reason(err)}") from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise OutputFileError(f"cannot write standard output: {_reason(err)}") from None


def input_conflict(output: str, inputs: Sequence[str]) -> "str | None":
    """The input among ``inputs`` that ``output`` would overwrite, or ``None``: the same path,
    the same file by another name (a hard or symbolic link: :func:`.files.same_file`), or,
    for ``-``, the file standard input reads (``hearts convert - -o in.hgn < in.hgn``), which
    is named ``standard input``."""
    for name in inputs:
        if name == "-":
            if _is_stdin_file(output):
                return "standard input"
        elif same_file(name, output):
            return name
    return None


def stdout_conflict(inputs: Sequence[str]) -> "str | None":
    """The input among ``inputs`` that standard output writes to, or ``None``: the same file
    (``hearts convert games.txt >> games.txt``, which read its own output and grew without
    end; ``>`` has emptied it already), or, for ``-``, standard input's own file. A stream
    with no file descriptor (a test's) or a terminal or pipe conflicts with nothing."""
    try:
        out = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    if not stat.S_ISREG(out.st_mode):
        return None
    for name in inputs:
        try:
            given = os.fstat(sys.stdin.fileno()) if name == "-" else os.stat(name)
        except (OSError, ValueError, AttributeError):
            continue
        if os.path.samestat(given, out):
            return "standard input" if name == "-" else name
    return None


def _is_stdin_file(path: str) -> bool:
    try:
        given = os.fstat(sys.stdin.fileno())
        target = os.stat(path)
    except (OSError, ValueError, AttributeError):
        return False        # no file descriptor (a test's stream), or no such file
    return os.path.samestat(given, target)


def remove_temporaries() -> None:
    """Remove every temporary file not yet in place: the last resort of a terminated run."""
    for temp in list(_LIVE):
        try:
            os.unlink(temp)
        except OSError:
            pass
        _LIVE.discard(temp)
