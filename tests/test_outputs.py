"""Output files are written whole or not at all (issue 25 item 4, ``hearts.analysis.outputs``):
to a temporary file in the target's folder, synced, then renamed over the target (``--force``)
or linked into place, which fails if the target exists. A full disk, SIGTERM or a second
writer never leaves a truncated, empty or interleaved file, nor loses the previous one; an
output that is also an input is refused; the outputs of one run appear only all together.
"""
from __future__ import annotations

import errno
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hearts.analysis import outputs
from hearts.analysis.files import OutputFileError
from hearts.analysis.outputs import TEMP_SUFFIX, AtomicFile, atomic_outputs, write_output

from conftest import DATA, error_line

XINXIN = DATA / "openspiel_xinxin" / "xinxin_train.txt"
GAME = DATA / "records" / "xinxin-train-1.hgn"
HEARTS = [sys.executable, "-m", "hearts.analysis.cli"]


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(TEMP_SUFFIX))


# -- the library ---------------------------------------------------------------------------

def test_a_file_is_written_and_an_existing_one_replaced_only_with_force(tmp_path):
    path = tmp_path / "out.txt"
    write_output(path, "one\n")
    assert path.read_text() == "one\n"
    with pytest.raises(OutputFileError, match=r"out.txt exists \(made while this run was "
                                              r"writing; it is not overwritten\)$"):
        write_output(path, "two\n")
    assert path.read_text() == "one\n"
    write_output(path, "three\n", force=True)
    assert path.read_text() == "three\n"
    assert _temporaries(tmp_path) == []


def test_the_mode_of_a_new_file_follows_the_umask_and_a_replaced_file_keeps_its_own(tmp_path):
    old = os.umask(0o027)
    try:
        write_output(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
    kept = tmp_path / "kept.txt"
    kept.write_text("x")
    kept.chmod(0o604)
    write_output(kept, "y", force=True)
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604 and kept.read_text() == "y"


def test_a_symbolic_link_is_followed_not_replaced(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_output(link, "new", force=True)
    assert link.is_symlink() and real.read_text() == "new"


class _FullDisk:
    """A text stream that takes ``room`` characters, then fails as a full disk does."""

    def __init__(self, stream, room: int) -> None:
        self.stream, self.room = stream, room
        self.closed = False

    def write(self, text: str) -> int:
        if len(text) > self.room:
            self.stream.write(text[:self.room])
            self.room = 0
            raise OSError(errno.ENOSPC, "no space left on device")
        self.room -= len(text)
        return self.stream.write(text)

    def __getattr__(self, name):
        return getattr(self.stream, name)

    def close(self) -> None:
        self.closed = True
        self.stream.close()


@pytest.fixture
def full_disk(monkeypatch):
    """Every output file takes 1,000 characters, then the disk is full."""
    real_open = AtomicFile.open

    def open_small(self):
        real_open(self)
        self._stream = _FullDisk(self._stream, 1000)
        return self
    monkeypatch.setattr(AtomicFile, "open", open_small)


def test_a_full_disk_leaves_the_previous_file_whole(tmp_path, full_disk, run_cli):
    path = tmp_path / "out.hgn"
    path.write_text("the user's file\n")
    line = error_line(run_cli("convert", str(XINXIN), "-o", str(path), "--force"))
    assert line == f"error: cannot write {path}: no space left on device"
    assert path.read_text() == "the user's file\n"
    assert _temporaries(tmp_path) == []


def test_a_full_disk_leaves_no_new_file(tmp_path, full_disk, run_cli):
    path = tmp_path / "out.hgn"
    assert error_line(run_cli("convert", str(XINXIN), "-o", str(path))).endswith(
        "no space left on device")
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def small_tmpfs(tmp_path):
    """A real 64 KiB tmpfs (root only, where mounting is allowed; skipped elsewhere)."""
    folder = tmp_path / "small"
    folder.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {mounted.stderr.decode().strip()}")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


def test_a_full_tmpfs_leaves_the_previous_file_whole(tmp_path, small_tmpfs, run_cli):
    big = tmp_path / "big.txt"
    big.write_text(XINXIN.read_text() * 10)            # 200 games: about 110 KB of HGN
    path = small_tmpfs / "out.hgn"
    path.write_text("the user's file\n")
    line = error_line(run_cli("convert", str(big), "-o", str(path), "--force"))
    assert line == f"error: cannot write {path}: no space left on device"
    assert path.read_text() == "the user's file\n"
    assert os.listdir(small_tmpfs) == ["out.hgn"]


def test_standard_output_errors_name_it(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        result = subprocess.run([*HEARTS, "convert", str(XINXIN)], stdout=full,
                                stderr=subprocess.PIPE, text=True)
    assert result.returncode == 2
    assert result.stderr == "error: cannot write standard output: no space left on device\n"


def test_sigterm_during_the_write_leaves_the_previous_file_and_no_temporary(tmp_path):
    big = tmp_path / "big.txt"
    big.write_text(XINXIN.read_text() * 50)             # 1,000 games: seconds of work
    path = tmp_path / "out.hgn"
    path.write_text("the user's file\n")
    process = subprocess.Popen([*HEARTS, "convert", str(big), "-o", str(path), "--force",
                                "--quiet"], stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(600):            # the temporary file appears as the writing starts
            if _temporaries(tmp_path) or process.poll() is not None:
                break
            time.sleep(0.05)
        assert process.poll() is None and _temporaries(tmp_path), "the run ended too soon"
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 143 and stderr == "terminated\n"
    assert path.read_text() == "the user's file\n"
    assert _temporaries(tmp_path) == []


def test_two_writers_of_one_path_exactly_one_wins(tmp_path):
    path = tmp_path / "out.txt"
    first, second = AtomicFile(path), AtomicFile(path)
    first.open()
    second.open()
    first.write("first\n" * 1000)
    second.write("second\n" * 1000)
    first.commit()
    with pytest.raises(OutputFileError, match="exists"):
        second.commit()
    second.discard()
    assert path.read_text() == "first\n" * 1000
    assert _temporaries(tmp_path) == []


def test_two_commands_writing_one_path_exactly_one_succeeds(tmp_path, run_cli):
    big = tmp_path / "big.txt"
    big.write_text(XINXIN.read_text() * 10)
    path = tmp_path / "out.hgn"
    runs = [subprocess.Popen([*HEARTS, "convert", str(big), "-o", str(path), "--quiet"],
                             stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [(run.wait(timeout=300), run.stderr.read()) for run in runs]
    for run in runs:
        run.stderr.close()
    assert sorted(code for code, _ in results) == [0, 2]
    message = next(err for code, err in results if code == 2)
    assert message.count("\n") == 1 and "out.hgn exists" in message
    expected = run_cli("convert", str(big)).stdout
    assert path.read_text() == expected
    assert _temporaries(tmp_path) == []


def test_several_outputs_appear_only_together(tmp_path):
    taken = tmp_path / "b.txt"
    a, b = AtomicFile(tmp_path / "a.txt"), AtomicFile(taken)
    with pytest.raises(OutputFileError, match="exists"):
        with atomic_outputs([a, b]):
            a.write("a")
            b.write("b")
            taken.write_text("another program's")      # made while the run was writing
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt"]
    assert taken.read_text() == "another program's"


def test_annotate_writes_neither_output_when_the_report_fails(tmp_path, monkeypatch, run_cli):
    from hearts.analysis.cli import annotate as annotate_cli

    def broken(*args, **kwargs):
        raise OSError(errno.EIO, "Input/output error")
    monkeypatch.setattr(annotate_cli, "render_report", broken)
    record, report = tmp_path / "a.hgn", tmp_path / "a.html"
    result = run_cli("annotate", str(GAME), "--max-tricks", "1", "-o", str(record),
                        "--html", str(report))
    assert result.exit_code == 2
    assert list(tmp_path.iterdir()) == []


# -- an output that is an input --------------------------------------------------------------

def test_an_input_is_never_an_output(tmp_path, run_cli):
    source = tmp_path / "in.hgn"
    source.write_text(GAME.read_text())
    hard = tmp_path / "hard.hgn"
    os.link(source, hard)
    soft = tmp_path / "soft.hgn"
    soft.symlink_to(source)
    for output in (source, hard, soft):
        line = error_line(run_cli("convert", str(source), "-o", str(output), "--force"))
        assert line == (f"error: -o {output} is the input file {source}: the input is never "
                        f"overwritten")
    assert source.read_text() == GAME.read_text()


def test_standard_inputs_file_is_never_an_output(tmp_path):
    source = tmp_path / "in.hgn"
    source.write_text(GAME.read_text())
    with open(source, "rb") as stdin:
        result = subprocess.run([*HEARTS, "convert", "-", "-o", str(source), "--force"],
                                stdin=stdin, capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr == (f"error: -o {source} is the file standard input reads: the input "
                             f"is never overwritten\n")
    assert source.read_text() == GAME.read_text()


def test_temporary_files_left_by_a_kill_have_a_recognisable_name(tmp_path):
    f = AtomicFile(tmp_path / "game.hgn").open()
    try:
        (name,) = _temporaries(tmp_path)
        assert name.startswith(".game.hgn.") and name.endswith(".hearts-tmp")
    finally:
        outputs.remove_temporaries()
    assert _temporaries(tmp_path) == [] and f.temp is not None


@pytest.mark.parametrize("command, data", [
    (["convert", "--to", "openspiel"], "openspiel_xinxin/xinxin_train.txt"),
    (["replay", "--jsonl"], "openspiel_xinxin/xinxin_train.txt"),
    (["annotate", "--max-tricks", "1"], "records/xinxin-train-1.hgn"),
], ids=["convert", "replay", "annotate"])
@pytest.mark.parametrize("stdin", [False, True], ids=["file", "stdin"])
def test_standard_output_appended_to_the_input_is_refused(command, data, stdin, tmp_path):
    # `hearts convert games.txt --to openspiel >> games.txt` read its own output and grew the
    # input without end (1.5 MB in 20 s); replay appended JSON lines, then failed on them.
    source = Path(__file__).parent / "data" / data
    path = tmp_path / source.name
    shutil.copyfile(source, path)
    args = [sys.executable, "-m", "hearts.analysis.cli", *command, "-q"]
    with open(path, "ab") as out, open(path, "rb") as inp:
        proc = subprocess.run(args + ["-" if stdin else str(path)], stdin=inp, stdout=out,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    name = "the file standard input reads" if stdin else f"the input file {path}"
    assert proc.returncode == 2
    assert proc.stderr == (f"error: standard output is {name}: the input is never overwritten "
                           f"(a redirection > or >> onto it empties it or feeds the output "
                           f"back in); write to another file\n")
    assert path.read_bytes() == source.read_bytes()


def test_standard_output_to_another_file_is_fine(tmp_path):
    source = Path(__file__).parent / "data" / "records" / "xinxin-train-1.hgn"
    with open(tmp_path / "out.hgn", "wb") as out:
        proc = subprocess.run([sys.executable, "-m", "hearts.analysis.cli", "convert",
                               str(source), "-q"], stdout=out, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out.hgn").read_text() == source.read_text()
